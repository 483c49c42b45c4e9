% N-queens, all solutions counted: one variable per column, pairwise #\=
% constraints (rows, and abs/1 for both diagonals); leftmost labeling for
% N = 4..10, then N = 10 again with labeling([ff]).
:- use_module(library(clpfd)).

bench :- bench(4, 10), count(10, [ff]).

bench(Lo, Hi) :-
    forall(between(Lo, Hi, N), count(N, [])).

count(N, Opts) :-
    aggregate_all(count, queens(N, Opts, _), C),
    format("queens(~w) ~w: ~w solutions~n", [N, Opts, C]).

queens(N, Opts, Qs) :-
    length(Qs, N),
    Qs ins 1..N,
    safe(Qs),
    labeling(Opts, Qs).

safe([]).
safe([Q|Qs]) :- no_attack(Qs, Q, 1), safe(Qs).

no_attack([], _, _).
no_attack([Q|Qs], Q0, D) :-
    Q0 #\= Q,
    abs(Q0 - Q) #\= D,
    D1 is D + 1,
    no_attack(Qs, Q0, D1).
