/*  sort.pl -- library(sort): predsort/3, compatible with SWI-Prolog's.
    Part of puzzlog's Prolog library.
*/
:- module(sort, [predsort/3]).
:- meta_predicate predsort(3, +, -).

%!  predsort(:Pred, +List, -Sorted) is semidet.
%
%   Sorts List with the order call(Pred, Order, A, B), where Order is one
%   of <, = or >.  Elements that compare = are dropped (the first is
%   kept).  Fails if Pred fails.
predsort(Pred, List, Sorted) :-
    length(List, N),
    predsort(N, Pred, List, _, Sorted1),
    !,
    Sorted = Sorted1.

% predsort(N, Pred, List, Rest, Sorted): sort the first N elements of
% List; Rest is what follows them.
predsort(N, Pred, List, Rest, Sorted) :-
    (   N > 2
    ->  N1 is N // 2,
        N2 is N - N1,
        predsort(N1, Pred, List, Mid, Sorted1),
        predsort(N2, Pred, Mid, Rest, Sorted2),
        predmerge(Sorted1, Sorted2, Pred, Sorted)
    ;   N =:= 2
    ->  List = [X1,X2|Rest],
        call(Pred, Order, X1, X2),
        predsort2_(Order, X1, X2, Sorted)
    ;   N =:= 1
    ->  List = [X|Rest],
        Sorted = [X]
    ;   Rest = List,
        Sorted = []
    ).

predsort2_(<, X1, X2, [X1,X2]).
predsort2_(=, X1, _, [X1]).
predsort2_(>, X1, X2, [X2,X1]).

predmerge([], L, _, L) :- !.
predmerge(L, [], _, L) :- !.
predmerge([H1|T1], [H2|T2], Pred, Merged) :-
    call(Pred, Order, H1, H2),
    predmerge(Order, H1, T1, H2, T2, Pred, Merged).

predmerge(<, H1, T1, H2, T2, Pred, [H1|M]) :-
    predmerge(T1, [H2|T2], Pred, M).
predmerge(=, H1, T1, _, T2, Pred, [H1|M]) :-
    predmerge(T1, T2, Pred, M).
predmerge(>, H1, T1, H2, T2, Pred, [H2|M]) :-
    predmerge([H1|T1], T2, Pred, M).

/* ------------------------------------------------------------------
   Ordered sets: sorted lists without duplicates (standard order).
   ------------------------------------------------------------------ */
