% Values live across a choicepoint inside a clause body (disjunction,
% if-then-else, negation) must survive the calls made before backtracking
% into the alternative: the clause's own later goals, its caller's
% continuation, and calls inside a condition.

d(X0, X) :- ( X1 = X0 ; X1 = g(X0) ), b(X1, X).
b(X, X).

s([], X, X).
s([V|Vs], X0, X) :- ( X1 = X0 ; X1 is X0 + V ), s(Vs, X1, X).

t(X0, X) :- ( clobber(X0, Y) -> X = Y ; X = g(X0) ).
clobber(X, Y) :- atom_length(abcdef, _), Y = f(X), fail.

u(X0, X) :- ( clobber(X0, Y) ; true ), X = h(X0, Y).

v(A, B, C, R) :- \+ clobber(A, _), ( member(Z, [A, B]) ; Z = C ), R = r(A, B, C, Z).

w(X0, X) :- ( X0 > 1, clobber(X0, _) -> X = yes ; X0 > 1 -> X = big(X0) ; X = small(X0) ).

nested(A, R) :- ( ( A = 1 ; A = 2 ), b(A, B) ; B = none ), R = A-B.

main :-
    forall(d(1, X), ( write(X), nl )),
    findall(S, s([1, 2, 3], 0, S), L), print(L), nl,
    t(5, T), print(T), nl,
    u(7, U), print(U), nl,
    findall(R, v(a, b, c, R), Rs), print(Rs), nl,
    findall(W, ( member(N, [0, 3]), w(N, W) ), Ws), print(Ws), nl,
    findall(Q, nested(_, Q), Qs), print(Qs), nl.
