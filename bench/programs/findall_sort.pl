% Benchmark: all-solutions predicates and sorting: findall, bagof/setof with ^, msort, sort/4, keysort, predsort.
edge(X, Y) :- between(1, 60, X), Y is (X * 7 + 3) mod 61, Y > 0.
edge(X, Y) :- between(1, 60, X), Y is (X * X) mod 61, Y > 0.
pair(K, V) :- between(1, 400, I), K is I mod 37, V is (I * 7919) mod 1009.
cmp_len(O, A, B) :- length(A, LA), length(B, LB), compare(O, LA-A, LB-B).

round(R) :-
    findall(K-V, pair(K, V), Ps), length(Ps, NP),
    msort(Ps, M), last(M, LastM),
    keysort(Ps, KS), KS = [FirstK|_],
    sort(2, @>=, Ps, ByV), ByV = [TopV|_],
    findall(K-Vs, bagof(V, pair(K, V), Vs), Groups), length(Groups, NG),
    setof(V, K^pair(K, V), AllV), length(AllV, NV),
    findall(X-Ys, setof(Y, edge(X, Y), Ys), Adj0), pairs_values(Adj0, Adj),
    predsort(cmp_len, Adj, SortedAdj), length(SortedAdj, NA),
    aggregate_all(count, edge(_, _), NE),
    R = r(NP, LastM, FirstK, TopV, NG, NV, NA, NE).

loop(0, R, R) :- !.
loop(N, _, R) :- round(R1), N1 is N - 1, loop(N1, R1, R).

bench(N) :- loop(N, none, R), format("findall_sort x~d: ~w~n", [N, R]).
bench :- bench(900).
