% Benchmark: big-integer arithmetic: Lucas-Lehmer tests of 2^p-1 for prime p =< Limit,
% plus trial-division primes below 10*Limit and a big factorial digit sum.
prime(2).
prime(N) :- N > 2, N mod 2 =\= 0, \+ has_factor(N, 3).
has_factor(N, F) :- F * F =< N, ( N mod F =:= 0 -> true ; F2 is F + 2, has_factor(N, F2) ).

lucas_lehmer(2) :- !.
lucas_lehmer(P) :- M is (1 << P) - 1, K is P - 2, ll(K, 4, M, S), S =:= 0.
ll(0, S, _, S) :- !.
ll(K, S0, M, S) :- S1 is (S0 * S0 - 2) mod M, K1 is K - 1, ll(K1, S1, M, S).

fact(0, 1) :- !.
fact(N, F) :- N1 is N - 1, fact(N1, F1), F is N * F1.

digit_sum(0, S, S) :- !.
digit_sum(N, S0, S) :- D is N mod 10, N1 is N // 10, S1 is S0 + D, digit_sum(N1, S1, S).

bench(Limit) :-
    findall(P, (between(2, Limit, P), prime(P), lucas_lehmer(P)), Ms),
    L10 is 10 * Limit,
    aggregate_all(count, (between(2, L10, Q), prime(Q)), NPrimes),
    aggregate_all(sum(Q), (between(2, L10, Q), prime(Q)), SumPrimes),
    last(Ms, Biggest), MP is (1 << Biggest) - 1, atom_length(MP, Digits),
    fact(Limit, F), digit_sum(F, 0, FS),
    format("primes ~d: mersenne exponents ~w; largest has ~d digits; ~d primes below ~d summing to ~d; digit sum of ~d! = ~d~n",
           [Limit, Ms, Digits, NPrimes, L10, SumPrimes, Limit, FS]).
bench :- bench(2300).
