/*  apply.pl -- library(apply): meta-predicates over lists, compatible
    with SWI-Prolog's.

    Part of puzzlog's Prolog library.  The list walkers take the list as
    their first argument so that first-argument indexing keeps them
    deterministic on proper lists.
*/
:- module(apply,
          [ maplist/2, maplist/3, maplist/4, maplist/5, maplist/6, maplist/7,
            foldl/4, foldl/5, foldl/6, foldl/7, include/3, exclude/3,
            partition/4, partition/5, convlist/3,
            scanl/4, scanl/5, scanl/6, scanl/7
          ]).
:- meta_predicate
    maplist(1, ?), maplist(2, ?, ?), maplist(3, ?, ?, ?), maplist(4, ?, ?, ?, ?),
    maplist(5, ?, ?, ?, ?, ?), maplist(6, ?, ?, ?, ?, ?, ?),
    foldl(3, +, +, -), foldl(4, +, +, +, -), foldl(5, +, +, +, +, -),
    foldl(6, +, +, +, +, +, -), include(1, +, -), exclude(1, +, -),
    partition(1, +, -, -), partition(2, +, -, -, -), convlist(2, +, -),
    scanl(3, +, +, -), scanl(4, +, +, +, -), scanl(5, +, +, +, +, -),
    scanl(6, +, +, +, +, +, -).

%!  maplist(:Goal, ?L1) is nondet.
%!  maplist(:Goal, ?L1, ?L2) is nondet.
%!  maplist(:Goal, ?L1, ?L2, ?L3) is nondet.
%!  maplist(:Goal, ?L1, ?L2, ?L3, ?L4) is nondet.
%!  maplist(:Goal, ?L1, ?L2, ?L3, ?L4, ?L5) is nondet.
%!  maplist(:Goal, ?L1, ?L2, ?L3, ?L4, ?L5, ?L6) is nondet.
%
%   Goal succeeds on the elements of the lists taken position by position.
maplist(Goal, L1) :-
    maplist_(L1, Goal).

maplist_([], _).
maplist_([X1|Xs1], Goal) :-
    call(Goal, X1),
    maplist_(Xs1, Goal).

maplist(Goal, L1, L2) :-
    maplist_(L1, L2, Goal).

maplist_([], [], _).
maplist_([X1|Xs1], [X2|Xs2], Goal) :-
    call(Goal, X1, X2),
    maplist_(Xs1, Xs2, Goal).

maplist(Goal, L1, L2, L3) :-
    maplist_(L1, L2, L3, Goal).

maplist_([], [], [], _).
maplist_([X1|Xs1], [X2|Xs2], [X3|Xs3], Goal) :-
    call(Goal, X1, X2, X3),
    maplist_(Xs1, Xs2, Xs3, Goal).

maplist(Goal, L1, L2, L3, L4) :-
    maplist_(L1, L2, L3, L4, Goal).

maplist_([], [], [], [], _).
maplist_([X1|Xs1], [X2|Xs2], [X3|Xs3], [X4|Xs4], Goal) :-
    call(Goal, X1, X2, X3, X4),
    maplist_(Xs1, Xs2, Xs3, Xs4, Goal).

maplist(Goal, L1, L2, L3, L4, L5) :-
    maplist_(L1, L2, L3, L4, L5, Goal).

maplist_([], [], [], [], [], _).
maplist_([X1|Xs1], [X2|Xs2], [X3|Xs3], [X4|Xs4], [X5|Xs5], Goal) :-
    call(Goal, X1, X2, X3, X4, X5),
    maplist_(Xs1, Xs2, Xs3, Xs4, Xs5, Goal).

maplist(Goal, L1, L2, L3, L4, L5, L6) :-
    maplist_(L1, L2, L3, L4, L5, L6, Goal).

maplist_([], [], [], [], [], [], _).
maplist_([X1|Xs1], [X2|Xs2], [X3|Xs3], [X4|Xs4], [X5|Xs5], [X6|Xs6], Goal) :-
    call(Goal, X1, X2, X3, X4, X5, X6),
    maplist_(Xs1, Xs2, Xs3, Xs4, Xs5, Xs6, Goal).

%!  foldl(:Goal, ?L1, +V0, -V) is nondet.
%!  foldl(:Goal, ?L1, ?L2, +V0, -V) is nondet.
%!  foldl(:Goal, ?L1, ?L2, ?L3, +V0, -V) is nondet.
%!  foldl(:Goal, ?L1, ?L2, ?L3, ?L4, +V0, -V) is nondet.
%
%   Fold the lists left to right: call(Goal, X1, ..., Acc0, Acc).
foldl(Goal, L1, V0, V) :-
    foldl_(L1, Goal, V0, V).

foldl_([], _, V, V).
foldl_([X1|Xs1], Goal, V0, V) :-
    call(Goal, X1, V0, V1),
    foldl_(Xs1, Goal, V1, V).

foldl(Goal, L1, L2, V0, V) :-
    foldl_(L1, L2, Goal, V0, V).

foldl_([], [], _, V, V).
foldl_([X1|Xs1], [X2|Xs2], Goal, V0, V) :-
    call(Goal, X1, X2, V0, V1),
    foldl_(Xs1, Xs2, Goal, V1, V).

foldl(Goal, L1, L2, L3, V0, V) :-
    foldl_(L1, L2, L3, Goal, V0, V).

foldl_([], [], [], _, V, V).
foldl_([X1|Xs1], [X2|Xs2], [X3|Xs3], Goal, V0, V) :-
    call(Goal, X1, X2, X3, V0, V1),
    foldl_(Xs1, Xs2, Xs3, Goal, V1, V).

foldl(Goal, L1, L2, L3, L4, V0, V) :-
    foldl_(L1, L2, L3, L4, Goal, V0, V).

foldl_([], [], [], [], _, V, V).
foldl_([X1|Xs1], [X2|Xs2], [X3|Xs3], [X4|Xs4], Goal, V0, V) :-
    call(Goal, X1, X2, X3, X4, V0, V1),
    foldl_(Xs1, Xs2, Xs3, Xs4, Goal, V1, V).

%!  include(:Pred, +List, -Included) is det.
%
%   Included holds the elements X of List for which call(Pred, X) succeeds.
include(Pred, List, Included) :-
    include_(List, Pred, Included).

include_([], _, []).
include_([X|Xs], Pred, Included) :-
    (   call(Pred, X)
    ->  Included = [X|Included1]
    ;   Included = Included1
    ),
    include_(Xs, Pred, Included1).

%!  exclude(:Pred, +List, -Excluded) is det.
%
%   Excluded holds the elements X of List for which call(Pred, X) fails.
exclude(Pred, List, Excluded) :-
    exclude_(List, Pred, Excluded).

exclude_([], _, []).
exclude_([X|Xs], Pred, Excluded) :-
    (   call(Pred, X)
    ->  Excluded = Excluded1
    ;   Excluded = [X|Excluded1]
    ),
    exclude_(Xs, Pred, Excluded1).

%!  partition(:Pred, +List, -Included, -Excluded) is det.
%
%   Split List by whether call(Pred, X) succeeds.
partition(Pred, List, Included, Excluded) :-
    partition_(List, Pred, Included, Excluded).

partition_([], _, [], []).
partition_([X|Xs], Pred, Incl, Excl) :-
    (   call(Pred, X)
    ->  Incl = [X|Incl1],
        Excl = Excl1
    ;   Incl = Incl1,
        Excl = [X|Excl1]
    ),
    partition_(Xs, Pred, Incl1, Excl1).

%!  partition(:Pred, +List, -Less, -Equal, -Greater) is semidet.
%
%   Split List by call(Pred, X, Diff), where Diff is one of <, = or >.
partition(Pred, List, Less, Equal, Greater) :-
    partition_(List, Pred, Less, Equal, Greater).

partition_([], _, [], [], []).
partition_([X|Xs], Pred, L, E, G) :-
    call(Pred, X, Diff),
    partition_(Diff, X, Pred, Xs, L, E, G).

partition_(Diff, X, Pred, Xs, L, E, G) :-
    (   Diff == (<)
    ->  L = [X|L1],
        partition_(Xs, Pred, L1, E, G)
    ;   Diff == (=)
    ->  E = [X|E1],
        partition_(Xs, Pred, L, E1, G)
    ;   Diff == (>)
    ->  G = [X|G1],
        partition_(Xs, Pred, L, E, G1)
    ;   must_be(oneof([<,=,>]), Diff)
    ).

%!  convlist(:Goal, +List, -Converted) is det.
%
%   Converted holds Y for each X of List where call(Goal, X, Y) succeeds
%   (first solution only); elements for which it fails are dropped.
convlist(Goal, List, Converted) :-
    convlist_(List, Goal, Converted).

convlist_([], _, []).
convlist_([X|Xs], Goal, Converted) :-
    (   call(Goal, X, Y)
    ->  Converted = [Y|Converted1]
    ;   Converted = Converted1
    ),
    convlist_(Xs, Goal, Converted1).

%!  scanl(:Goal, +L1, +V0, -Vs) is det.
%!  scanl(:Goal, +L1, +L2, +V0, -Vs) is det.
%!  scanl(:Goal, +L1, +L2, +L3, +V0, -Vs) is det.
%!  scanl(:Goal, +L1, +L2, +L3, +L4, +V0, -Vs) is det.
%
%   As foldl, keeping every accumulator: Vs = [V0, V1, ...] where
%   call(Goal, X1, ..., V0, V1) and so on.
scanl(Goal, L1, V0, [V0|Vs]) :-
    scanl_(L1, Goal, V0, Vs).

scanl_([], _, _, []).
scanl_([X1|Xs1], Goal, V0, [V|Vs]) :-
    call(Goal, X1, V0, V),
    scanl_(Xs1, Goal, V, Vs).

scanl(Goal, L1, L2, V0, [V0|Vs]) :-
    scanl_(L1, L2, Goal, V0, Vs).

scanl_([], [], _, _, []).
scanl_([X1|Xs1], [X2|Xs2], Goal, V0, [V|Vs]) :-
    call(Goal, X1, X2, V0, V),
    scanl_(Xs1, Xs2, Goal, V, Vs).

scanl(Goal, L1, L2, L3, V0, [V0|Vs]) :-
    scanl_(L1, L2, L3, Goal, V0, Vs).

scanl_([], [], [], _, _, []).
scanl_([X1|Xs1], [X2|Xs2], [X3|Xs3], Goal, V0, [V|Vs]) :-
    call(Goal, X1, X2, X3, V0, V),
    scanl_(Xs1, Xs2, Xs3, Goal, V, Vs).

scanl(Goal, L1, L2, L3, L4, V0, [V0|Vs]) :-
    scanl_(L1, L2, L3, L4, Goal, V0, Vs).

scanl_([], [], [], [], _, _, []).
scanl_([X1|Xs1], [X2|Xs2], [X3|Xs3], [X4|Xs4], Goal, V0, [V|Vs]) :-
    call(Goal, X1, X2, X3, X4, V0, V),
    scanl_(Xs1, Xs2, Xs3, Xs4, Goal, V, Vs).
