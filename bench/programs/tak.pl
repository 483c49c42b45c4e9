% Benchmark: Takeuchi function, deep recursion with integer arithmetic.
tak(X, Y, Z, A) :- X =< Y, !, Z = A.
tak(X, Y, Z, A) :-
    X1 is X - 1, Y1 is Y - 1, Z1 is Z - 1,
    tak(X1, Y, Z, A1), tak(Y1, Z, X, A2), tak(Z1, X, Y, A3),
    tak(A1, A2, A3, A).

bench(N) :-
    X is 3 * N, Y is 2 * N, Z is N,
    tak(X, Y, Z, A),
    format("tak(~d,~d,~d) = ~d~n", [X, Y, Z, A]).
bench :- bench(9).
