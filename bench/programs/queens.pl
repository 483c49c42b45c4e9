% Benchmark: N-queens, counting all solutions with a generate-and-test permutation search.
queens(N, Qs) :- numlist(1, N, Ns), place(Ns, [], Qs).
place([], Qs, Qs).
place(Unplaced, Safe, Qs) :-
    sel(Q, Unplaced, Rest),
    \+ attacks(Q, Safe, 1),
    place(Rest, [Q|Safe], Qs).
sel(X, [X|T], T).
sel(X, [H|T], [H|R]) :- sel(X, T, R).
attacks(Q, [Q1|_], D) :- Q =:= Q1 + D.
attacks(Q, [Q1|_], D) :- Q =:= Q1 - D.
attacks(Q, [_|Qs], D) :- D1 is D + 1, attacks(Q, Qs, D1).

bench(N) :-
    findall(Q, queens(N, Q), All),
    length(All, Count),
    All = [First|_],
    format("queens ~d: ~d solutions, first ~w~n", [N, Count, First]).
bench :- bench(11).
