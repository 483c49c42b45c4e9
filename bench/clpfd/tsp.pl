% Travelling salesman with circuit/1 on successor variables, element/3 for
% the cost of each leg, sum/3 for the tour length, labeling([min(Len)]).
% Distances come from points of a small linear congruential generator.
:- use_module(library(clpfd)).

bench :- bench([6,7,8,9,10]).

bench(Ns) :-
    forall(member(N, Ns),
           ( once(tsp(N, Succ, Len)),
             format("tsp(~w): length ~w, successors ~w~n", [N, Len, Succ]) )).

tsp(N, Succ, Len) :-
    points(N, 12345, Ps),
    length(Succ, N),
    Succ ins 1..N,
    circuit(Succ),
    maplist(leg(Ps), Ps, Succ, Costs),
    sum(Costs, #=, Len),
    labeling([ff, min(Len)], Succ).

leg(Ps, P, S, C) :-
    maplist(dist(P), Ps, Row),
    element(S, Row, C).

dist(X1-Y1, X2-Y2, D) :- D is abs(X1 - X2) + abs(Y1 - Y2).

points(0, _, []) :- !.
points(N, S0, [X-Y|Ps]) :-
    S1 is (S0 * 1103515245 + 12345) mod 2147483648,
    S2 is (S1 * 1103515245 + 12345) mod 2147483648,
    X is (S1 >> 16) mod 100,
    Y is (S2 >> 16) mod 100,
    N1 is N - 1,
    points(N1, S2, Ps).
