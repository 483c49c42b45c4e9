% N-queens, first solution with labeling([ff]) for N = 30, 40, ..., 100.
% Prints each solution's first ten queens and a checksum of the whole board.
:- use_module(library(clpfd)).

bench :- bench([30,40,50,60,70,80,90,100]).

bench(Ns) :-
    forall(member(N, Ns),
           ( once(queens(N, Qs)),
             checksum(Qs, 1, 0, S),
             length(Pre, 10), append(Pre, _, Qs),
             format("queens(~w): ~w... checksum ~w~n", [N, Pre, S]) )).

queens(N, Qs) :-
    length(Qs, N),
    Qs ins 1..N,
    safe(Qs),
    labeling([ff], Qs).

safe([]).
safe([Q|Qs]) :- no_attack(Qs, Q, 1), safe(Qs).

no_attack([], _, _).
no_attack([Q|Qs], Q0, D) :-
    Q0 #\= Q,
    Q0 #\= Q + D,
    Q0 #\= Q - D,
    D1 is D + 1,
    no_attack(Qs, Q0, D1).

checksum([], _, S, S).
checksum([Q|Qs], I, S0, S) :-
    S1 is S0 + I * Q * Q,
    I1 is I + 1,
    checksum(Qs, I1, S1, S).
