% Benchmark: JIT clause indexing. A dynamic table of N facts f(I, N-I) is
% looked up N times by its first argument and N times by its second
% argument (SWI-Prolog builds a hash index on each on first use), Rounds times.
:- dynamic f/2.

fill(N) :- forall(between(1, N, I), (J is N - I, assertz(f(I, J)))).
by_first(N, S) :- aggregate_all(sum(V), (between(1, N, K), f(K, V)), S).
by_second(N, S) :- aggregate_all(sum(V), (between(1, N, K0), K is K0 - 1, f(V, K)), S).

rounds(0, _, R, R) :- !.
rounds(K, N, _, R) :-
    by_first(N, S1), by_second(N, S2),
    K1 is K - 1, rounds(K1, N, S1-S2, R).

bench(N, Rounds) :-
    retractall(f(_, _)), fill(N),
    rounds(Rounds, N, none, R),
    format("fact_table ~d x~d: ~w~n", [N, Rounds, R]).
bench(N) :- bench(N, 1).
bench :- bench(20000, 20).
