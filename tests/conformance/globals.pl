% Conformance: global variables: nb_setval/nb_getval, b_setval/b_getval (backtrackable)
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

main :-
    t((nb_setval(k, 1), nb_getval(k, V))),
    t((nb_setval(k, f(a, [1, 2])), nb_getval(k, V))),
    t((nb_setval(k, 1), (nb_setval(k, 2), fail ; true), nb_getval(k, V))),
    t((b_setval(k2, 1), (b_setval(k2, 2), fail ; true), b_getval(k2, V))),
    t((b_setval(k3, 1), b_setval(k3, 2), b_getval(k3, V))),
    t((nb_setval(cnt, 0), forall(between(1, 10, I), (nb_getval(cnt, C0), C is C0 + I, nb_setval(cnt, C))), nb_getval(cnt, V))),
    t(nb_getval(no_such_key_xyz, V)),
    t((nb_setval(k4, "str"), nb_getval(k4, V))),
    t((X = f(Y), nb_setval(k5, X), Y = 1, nb_getval(k5, V), V = f(Z), var(Z))),
    t((nb_setval(k6, 2 ** 3), nb_getval(k6, V))),
    t((nb_setval(acc, []), forall(member(X, [a, b, c]), (nb_getval(acc, L0), nb_setval(acc, [X|L0]))), nb_getval(acc, V))),
    t((b_setval(v, 1), b_getval(v, X), b_setval(v, 2), b_getval(v, Y))),
    t((nb_setval(k7, 1), nb_setval(k7, 2), nb_getval(k7, V))),
    t(nb_getval(k, V)),
    % backtrackable globals survive garbage collection with what they hold
    t((b_setval(g1, 0), b_setval(g2, []), gc_loop(300), b_getval(g1, V), b_getval(g2, W), length(W, _))).

gc_loop(0) :- !.
gc_loop(N) :-
    b_getval(g1, V), V1 is V + 1, b_setval(g1, V1),
    b_getval(g2, L), length(L, Len),
    ( Len > 5 -> L2 = [f(N)] ; L2 = [f(N)|L] ),
    b_setval(g2, L2),
    garbage_collect,
    N1 is N - 1,
    gc_loop(N1).
