% element/3: assignment of N workers to N tasks (all_different over the
% chosen tasks), the cost of each choice through element/3, total cost
% minimised with labeling([ff, min(Cost)]).
:- use_module(library(clpfd)).

bench :- bench([6,7,8,9,10,11]).

bench(Ns) :-
    forall(member(N, Ns),
           ( once(assign(N, Ts, Cost)),
             format("assign(~w): cost ~w, tasks ~w~n", [N, Cost, Ts]) )).

assign(N, Ts, Cost) :-
    matrix(N, Rows),
    length(Ts, N),
    Ts ins 1..N,
    all_different(Ts),
    maplist(cost, Rows, Ts, Cs),
    sum(Cs, #=, Cost),
    labeling([ff, min(Cost)], Ts).

cost(Row, T, C) :- element(T, Row, C).

matrix(N, Rows) :-
    numlist(1, N, Is),
    maplist(row(N), Is, Rows).

row(N, I, Row) :-
    numlist(1, N, Js),
    maplist(entry(I), Js, Row).

entry(I, J, C) :- C is 10 + ((I * 37 + J * 91 + I * J * 13) mod 83).
