% Benchmark: dynamic database churn: assertz/asserta/retract/retractall, indexed lookups, counters.
:- dynamic kv/2, counter/1, queue/1.

fill(N) :- forall(between(1, N, I), (K is I mod 97, assertz(kv(K, I)))).
lookups(N, S) :- aggregate_all(sum(V), (between(0, N, K0), K is K0 mod 97, kv(K, V), V mod 7 =:= 0), S).
bump(0) :- !.
bump(N) :- retract(counter(C)), C1 is C + 1, assertz(counter(C1)), N1 is N - 1, bump(N1).
queue_ops(N, Sum) :-
    retractall(queue(_)),
    forall(between(1, N, I), ( I mod 2 =:= 0 -> assertz(queue(I)) ; asserta(queue(I)) )),
    drain(0, Sum).
drain(S0, S) :- ( retract(queue(X)) -> S1 is S0 + X, drain(S1, S) ; S = S0 ).

round(N, R) :-
    retractall(kv(_, _)), retractall(counter(_)),
    assertz(counter(0)),
    fill(N),
    lookups(200, S1),
    bump(N), counter(C),
    queue_ops(N, S2),
    retract(kv(0, _)), aggregate_all(count, kv(_, _), Left),
    R = r(S1, C, S2, Left).

loop(0, R, R) :- !.
loop(K, _, R) :- round(2000, R1), K1 is K - 1, loop(K1, R1, R).

bench(N) :- loop(N, none, R), format("assert_retract x~d: ~w~n", [N, R]).
bench :- bench(60).
