% Benchmark: naive reverse. bench(N) reverses a 30-element list N times.
app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).
nrev([], []).
nrev([H|T], R) :- nrev(T, RT), app(RT, [H], R).

range(N, N, [N]) :- !.
range(I, N, [I|T]) :- I < N, I1 is I + 1, range(I1, N, T).

loop(0, _, R, R) :- !.
loop(N, L, _, R) :- nrev(L, R1), N1 is N - 1, loop(N1, L, R1, R).

bench(N) :-
    range(1, 30, L),
    loop(N, L, [], R),
    sum_list(R, S), R = [First|_],
    format("nrev ~d iterations: first=~d sum=~d~n", [N, First, S]).
bench :- bench(100000).
