% How the toplevel shows answers (compare with SWI-Prolog's toplevel).
p(1). p(2). p(3).
?- p(X).
?- X = f(Y, Y, _Z, _), A = 1, B = 1.
?- length(L, 2).
?- copy_term(f(A, A, B), C).
?- X = "str", Y = [a|b], Z = 'A b'.
?- fail.
?- X = Y.
?- numlist(1, 20, L).
?- atom_length(X, Y).
?- X is 2 ** 100.
?- X = 'hello world', atom_length(X, N).
?- member(X-Y, [1-a, 2-b]).
?- throw(my_ball).
?- X = [1.0, -0.0, 1.0e10, 0.1, 1.5NaN].
?- between(1, 3, X), X > 1.
