% Benchmark: quicksort with difference lists over pseudo-random integer lists (LCG generated).
lcg(S0, S) :- S is (S0 * 1103515245 + 12345) mod 2147483648.
randlist(0, _, []) :- !.
randlist(N, S0, [X|T]) :- lcg(S0, S), X is S mod 100000, N1 is N - 1, randlist(N1, S, T).

qsort(L, S) :- qsort(L, S, []).
qsort([], S, S).
qsort([P|T], S, S0) :- partition(T, P, Lo, Hi), qsort(Lo, S, [P|S1]), qsort(Hi, S1, S0).
partition([], _, [], []).
partition([X|T], P, [X|Lo], Hi) :- X =< P, !, partition(T, P, Lo, Hi).
partition([X|T], P, Lo, [X|Hi]) :- partition(T, P, Lo, Hi).

checksum([], _, C, C).
checksum([X|T], I, C0, C) :- C1 is (C0 + X * I) mod 1000000007, I1 is I + 1, checksum(T, I1, C1, C).

loop(0, _, S, S) :- !.
loop(K, L, _, S) :- qsort(L, S1), K1 is K - 1, loop(K1, L, S1, S).

bench(N) :-
    randlist(2000, 42, L),
    loop(N, L, [], S),
    msort(L, M), ( S == M -> Ok = ok ; Ok = mismatch ),
    checksum(S, 1, 0, C),
    S = [Min|_], last(S, Max),
    format("qsort x~d: ~w min=~d max=~d checksum=~d~n", [N, Ok, Min, Max, C]).
bench :- bench(250).
