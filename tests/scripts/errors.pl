% Errors as the toplevel reports them (compare with SWI-Prolog's first ERROR line).
?- X is 1/0.
?- X is foo+1.
?- atom_length(1, a).
?- atom_length(X, Y).
?- assertz(atom_length(1, 2)).
?- succ(X, 0).
?- arg(x, f(a), _).
?- throw(my_ball).
?- catch(throw(my_ball), B, true).
?- catch(atom_length(X, Y), error(E, _), true).
?- atom_codes(A, [0'a|T]).
?- functor(F, foo, -1).
?- X = f(X0), X0 = 1, call(X).
