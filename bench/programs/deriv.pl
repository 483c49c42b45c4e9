% Benchmark: symbolic differentiation and simplification of growing expressions.
d(U + V, X, DU + DV) :- !, d(U, X, DU), d(V, X, DV).
d(U - V, X, DU - DV) :- !, d(U, X, DU), d(V, X, DV).
d(U * V, X, DU * V + U * DV) :- !, d(U, X, DU), d(V, X, DV).
d(U / V, X, (DU * V - U * DV) / V ^ 2) :- !, d(U, X, DU), d(V, X, DV).
d(U ^ N, X, N * U ^ N1 * DU) :- integer(N), !, N1 is N - 1, d(U, X, DU).
d(- U, X, - DU) :- !, d(U, X, DU).
d(exp(U), X, exp(U) * DU) :- !, d(U, X, DU).
d(log(U), X, DU / U) :- !, d(U, X, DU).
d(X, X, 1) :- !.
d(_, _, 0).

s(E, E) :- atomic(E), !.
s(E, S) :- E =.. [Op, A, B], !, s(A, SA), s(B, SB), s2(Op, SA, SB, S).
s(E, S) :- E =.. [Op, A], s(A, SA), S0 =.. [Op, SA], ( S0 = -(0) -> S = 0 ; S = S0 ).
s2(+, 0, B, B) :- !.
s2(+, A, 0, A) :- !.
s2(+, A, B, C) :- number(A), number(B), !, C is A + B.
s2(-, A, 0, A) :- !.
s2(-, A, B, C) :- number(A), number(B), !, C is A - B.
s2(*, 0, _, 0) :- !.
s2(*, _, 0, 0) :- !.
s2(*, 1, B, B) :- !.
s2(*, A, 1, A) :- !.
s2(*, A, B, C) :- number(A), number(B), !, C is A * B.
s2(Op, A, B, C) :- C =.. [Op, A, B].

size(E, 1) :- atomic(E), !.
size(E, N) :- E =.. [_|As], foldl([A, N0, N1]>>(size(A, NA), N1 is N0 + NA), As, 1, N).

expr(0, x) :- !.
expr(N, E) :- N1 is N - 1, expr(N1, E1), M is N mod 4,
    ( M =:= 0 -> E = E1 * x + log(x)
    ; M =:= 1 -> E = exp(E1) / (x ^ 2 + 1)
    ; M =:= 2 -> E = E1 * E1 - x
    ; E = - E1 + x ^ 3 ).

loop(0, _, S, S) :- !.
loop(K, E, _, S) :- d(E, x, D), s(D, SD), size(SD, S1), K1 is K - 1, loop(K1, E, S1, S).

bench(N) :-
    expr(6, E), size(E, SE),
    loop(N, E, 0, S),
    d(x * x * x, x, D3), s(D3, S3),
    format("deriv x~d: expr size ~d, simplified derivative size ~d, d(x^3)=~w~n", [N, SE, S, S3]).
bench :- bench(1000).
