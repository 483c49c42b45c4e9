/*  apply.pl -- meta-predicates over lists and goals, compatible with
    SWI-Prolog's library(apply), the control predicates once/1,
    ignore/1 and forall/2, and aggregate_all/3 from library(aggregate).

    Part of puzzlog's Prolog library.  The list walkers take the list as
    their first argument so that first-argument indexing keeps them
    deterministic on proper lists.

    Depends on error.pl (must_be/2) and lists.pl (max/min helpers).
*/

%!  once(:Goal) is semidet.
%
%   Call Goal, keeping only its first solution.
once(Goal) :-
    call(Goal),
    !.

%!  ignore(:Goal) is det.
%
%   Call Goal once; succeed even if it fails.
ignore(Goal) :-
    (   call(Goal)
    ->  true
    ;   true
    ).

%!  forall(:Cond, :Action) is semidet.
%
%   For all solutions of Cond, Action succeeds.  Binds nothing.
forall(Cond, Action) :-
    \+ ( call(Cond), \+ call(Action) ).

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

/* ------------------------------------------------------------------
   aggregate_all/3
   ------------------------------------------------------------------ */

%!  aggregate_all(+Template, :Goal, -Result) is semidet.
%
%   Aggregate over all solutions of Goal.  Template is one of
%     count       number of solutions (0 if none)
%     sum(Expr)   sum of Expr (0 if none)
%     max(Expr)   largest value of Expr (fails if none)
%     min(Expr)   smallest value of Expr (fails if none)
%     max(Expr, Witness)  max(MaxValue, Witness) of the first maximum
%     min(Expr, Witness)  min(MinValue, Witness) of the first minimum
%     bag(T)      list of all T (findall/3)
%     set(T)      sorted list of all T without duplicates
aggregate_all(Template, Goal, Result) :-
    (   var(Template)
    ->  throw(error(instantiation_error, _))
    ;   aggregate_all_(Template, Goal, Result0)
    ->  Result = Result0
    ;   aggregate_template_(Template)
    ->  fail
    ;   throw(error(domain_error(aggregate_template, Template), _))
    ).

% aggregate_template_(+Template): Template is a known template.
aggregate_template_(count).
aggregate_template_(sum(_)).
aggregate_template_(max(_)).
aggregate_template_(min(_)).
aggregate_template_(max(_, _)).
aggregate_template_(min(_, _)).
aggregate_template_(bag(_)).
aggregate_template_(set(_)).

% aggregate_all_(+Template, :Goal, -Result): fails for an unknown
% template or when there is no result (max/min of no solutions).
aggregate_all_(count, Goal, Count) :-
    State = count(0),
    (   call(Goal),
        arg(1, State, C0),
        C1 is C0 + 1,
        nb_setarg(1, State, C1),
        fail
    ;   arg(1, State, Count)
    ).
aggregate_all_(sum(Expr), Goal, Sum) :-
    State = sum(0),
    (   call(Goal),
        arg(1, State, S0),
        S1 is S0 + Expr,
        nb_setarg(1, State, S1),
        fail
    ;   arg(1, State, Sum)
    ).
aggregate_all_(max(Expr), Goal, Max) :-
    findall(Expr, Goal, [E|Es]),
    Max0 is E,
    max_list_(Es, Max0, Max).
aggregate_all_(min(Expr), Goal, Min) :-
    findall(Expr, Goal, [E|Es]),
    Min0 is E,
    min_list_(Es, Min0, Min).
aggregate_all_(max(Expr, Witness), Goal, max(Max, Win)) :-
    findall(Expr-Witness, Goal, [E-W|Pairs]),
    aggregate_number_(E),
    max_witness_(Pairs, E, W, Max, Win).
aggregate_all_(min(Expr, Witness), Goal, min(Min, Win)) :-
    findall(Expr-Witness, Goal, [E-W|Pairs]),
    aggregate_number_(E),
    min_witness_(Pairs, E, W, Min, Win).
aggregate_all_(bag(T), Goal, Bag) :-
    findall(T, Goal, Bag).
aggregate_all_(set(T), Goal, Set) :-
    findall(T, Goal, Bag),
    sort(Bag, Set).

aggregate_number_(X) :-
    (   number(X)
    ->  true
    ;   throw(error(type_error(number, X), _))
    ).

% max_witness_(Pairs, Max0, W0, Max, W): keep the first strict maximum.
max_witness_([], Max, W, Max, W).
max_witness_([E-W|Pairs], Max0, W0, Max, Win) :-
    (   E > Max0
    ->  max_witness_(Pairs, E, W, Max, Win)
    ;   max_witness_(Pairs, Max0, W0, Max, Win)
    ).

min_witness_([], Min, W, Min, W).
min_witness_([E-W|Pairs], Min0, W0, Min, Win) :-
    (   E < Min0
    ->  min_witness_(Pairs, E, W, Min, Win)
    ;   min_witness_(Pairs, Min0, W0, Min, Win)
    ).
