% Residual goals of attributed variables as the toplevel prints them
% (freeze/2, dif/2, when/2, put_attr/3, copy_term/3), as SWI-Prolog does.
?- freeze(X, true).
?- freeze(X, writeln(a)), freeze(X, writeln(b)).
?- freeze(X, true), Y = X.
?- freeze(X, true), Y = 1.
?- freeze(X, member(X, [A, B])).
?- freeze(_X, true).
?- freeze(X, writeln(hi)), X = 1.
?- freeze(X, lists:append([], [], X)).
?- dif(X, a).
?- dif(X, Y).
?- dif(f(X, Y), f(1, 2)).
?- dif(f(X, Y), f(1, 2)), X = 1.
?- dif(X, f(_)).
?- dif(X, a), dif(X, b).
?- dif(X, a), X = a.
?- dif(X, 1), freeze(X, true).
?- freeze(X, true), dif(X, 1).
?- when(nonvar(X), writeln(x)).
?- when((nonvar(X) ; ground(Y)), writeln(x)).
?- when(ground(f(X, Y)), writeln(g)), X = 1.
?- when(?=(X, Y), writeln(x)), X = f(A), Y = f(B).
?- put_attr(X, m, 1).
?- put_attr(X, m, 1), Y = f(X).
?- put_attr(Y, m, X), put_attr(X, m, Y).
?- put_attr(X, m, 1), put_attr(X, n, g(Y)).
?- L = [A, B], freeze(A, true).
?- X = f(Y), freeze(Y, true).
?- copy_term(X, Y, G).
?- freeze(X, true), copy_term(X, Y, G).
?- frozen(X, G).
?- G = (a, b).
?- G = (a :- b).
