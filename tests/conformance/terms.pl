% Conformance: term construction and inspection: functor, arg, =.., copy_term, term_variables, setarg, nb_setarg, unify_with_occurs_check
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

big_functor(X) :- functor(T, f, 100000), arg(100000, T, last), arg(100000, T, X), functor(T, _, N), N =:= 100000.

main :-
    t(functor(f(a, b), N, A)), t(functor(T, f, 3)), t(functor(T, f, 0)), t(functor(T, 1.5, 0)),
    t(functor("s", N, A)), t(functor([a], N, A)), t(functor(T, '[|]', 2)), t(functor(a, N, A)),
    t(functor(T, foo(a), 1)), t(functor(T, foo, a)), t(functor(T, _, 1)), t(functor(3, N, A)),
    t(arg(1, f(a, b), X)), t(arg(2, f(a, b), X)), t(arg(3, f(a, b), X)), t(arg(0, f(a, b), X)),
    t(findall(N-X, arg(N, f(a, b, c), X), L)), t(arg(1, [h|t], X)), t(arg(1, atom, X)), t(arg(a, f(a), X)),
    t(arg(2, [h|t], X)), t(arg(3, [h|t], X)), t(arg(-1, f(a), X)), t(arg(1, f(a), b)), t(arg(1, f(A), b)),
    t(arg(1, T, X)), t(arg(1, 3, X)), t((X = g(Y), arg(1, f(X), g(Z)), Y == Z)),
    t(functor(T, f, 64)), t(functor(T, f, 65)), t(functor(T, foo, -1)), t(functor(T, [], 2)),
    t((functor(f(a), f, N), N == 1)), t(functor(f(a), g, N)), t(functor([a], '[|]', 3)),
    t(f(a, b) =.. L), t(T =.. [g, 1, 2]), t(T =.. [a]), t(T =.. [1]), t(a =.. L), t(1 =.. L), t("s" =.. L),
    t([1, 2] =.. L), t(T =.. [f]), t(T =.. [1, 2]), t(T =.. []), t(T =.. [f|_]),
    t((copy_term(f(X, Y, X), C), C = f(1, 2, Z), Z == 1)), t((copy_term(f(X, Y), C), C == f(X, Y))),
    t((copy_term(a, C))), t((X = g(_), copy_term(X-X, C), C = (A1-A2), A1 == A2)),
    t((term_variables(f(X, g(Y, X), Z), Vs), length(Vs, N), Vs = [P, Q, R], P == X, Q == Y, R == Z)),
    t(term_variables(f(a, b), Vs)), t((term_variables([X, Y, X], Vs), Vs == [X, Y])),
    t((T = f(a, b), setarg(1, T, z))),
    t((T = f(a, b), (setarg(1, T, z), fail ; true))),
    t((T = f(a, b), (nb_setarg(1, T, z), fail ; true))),
    t((T = f(a), setarg(2, T, z))), t((setarg(1, atom, z))),
    t((T = f(0), forall(between(1, 5, I), (arg(1, T, V0), V is V0 + I, nb_setarg(1, T, V))))),
    t(unify_with_occurs_check(X, f(X))), t(unify_with_occurs_check(X, f(Y))),
    t(unify_with_occurs_check(f(X, Y), f(Y, g(X)))), t(unify_with_occurs_check([A|B], [1, 2])),
    t(f(X, b) = f(a, Y)), t(f(X, b) = g(a, Y)), t(f(a) \= f(b)), t(f(X) \= f(a)),
    t(X = Y), t((X = Y, X = 1)), t([a, b|T] = [A, B, c]), t('[|]'(1, []) = [1]), t([1, 2] = '[|]'(1, '[|]'(2, []))),
    t(f(_, _) = f(1, 2)), t(term_to_atom(f(x, 'A', "s", [1], 'b c', -1, - 1, 1-2, a=b), At)),
    t((copy_term([X-Y, Y-Z], C), C = [1-2, B2-3])),
    t(compound_name_arity(f(a), N, A)), t(compound_name_arguments(T, h, [1, 2])),
    t(compound_name_arguments(f(x, y), N, As)),
    t(big_functor(Ls)),
    t((length(L, 5), maplist(=(x), L), T =.. [f|L], functor(T, N, A))).
