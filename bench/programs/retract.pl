% Benchmark: assertz N facts and retract them one by one with a bound first
% argument (retract(g(I))), then assertz N more and retract them with an
% unbound one (retract(h(X)), the queue pattern). Linear in N in SWI-Prolog.
:- dynamic g/1, h/1.

drain(S0, S) :- ( retract(h(X)) -> S1 is S0 + X, drain(S1, S) ; S = S0 ).

bench(N) :-
    forall(between(1, N, I), assertz(g(I))),
    forall(between(1, N, I), retract(g(I))),
    forall(between(1, N, I), assertz(h(I))),
    drain(0, S),
    aggregate_all(count, g(_), C1), aggregate_all(count, h(_), C2),
    format("retract ~d: ~w ~w ~w~n", [N, S, C1, C2]).
bench :- bench(1000000).
