% Conformance: maplist/2..5, foldl/4..6, yall lambdas (>>, /, free variables, copy semantics)
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

add(X, Y, Z) :- Z is X + Y.
sum3(X, Y, A0, A) :- A is A0 + X * Y.
sum4(X, Y, Z, A0, A) :- A is A0 + X + Y + Z.
main :-
    t(maplist(atom, [a, b])), t(maplist(atom, [a, 1])), t(maplist(succ, [1, 2, 3], L)), t(maplist(succ, L, [1, 2, 3])),
    t(maplist(add, [1, 2], [10, 20], L)), t(maplist([X, Y, Z, W]>>(W is X + Y + Z), [1, 2], [3, 4], [5, 6], L)),
    t(maplist(=(x), L)), t((length(L, 3), maplist(=(x), L))), t(maplist(succ, [1, 2], [2, 4])), t(maplist(atom, [])),
    t(findall([P, Q], maplist([X]>>member(X, [a, b]), [P, Q]), Ls)), t(maplist(succ, [a], L)),
    t(foldl(add, [1, 2, 3], 0, S)), t(foldl([X, A0, A]>>(A is A0 * X), [1, 2, 3, 4], 1, S)),
    t(foldl(sum3, [1, 2, 3], [4, 5, 6], 0, S)), t(foldl(sum4, [1, 2], [3, 4], [5, 6], 0, S)),
    t(foldl([X, A0, A]>>(A = [X|A0]), [a, b, c], [], R)), t(foldl(add, [], 5, S)),
    t(call([X]>>(X > 2), 3)), t(call([X, Y]>>(Y is X * 2), 4, R)), t(call([X]>>true, _)),
    t((N = 5, call([X]>>(X =:= N), 5))), t((N = 5, maplist([X, Y]>>(Y is X + N), [1, 2], L))),
    t((F = [X]>>(X = bound), call(F, A), call(F, B))), t((F = [X]>>(Y = X), call(F, 1), var(Y))),
    t((G = [X]>>(X = Z), call(G, 7), Z == 7)),
    t(maplist([X-Y, Y-X]>>true, [1-a, 2-b], L)), t(maplist([X, Y]>>atom_length(X, Y), [ab, c], L)),
    t(maplist([X]>>(Y = X), [1, 2])), t(maplist([X, Y]>>(Y = f(X, _)), [1, 2], L)),
    t(call([X, Y, Z]>>(Z is X - Y), 10, 3, R)), t(call([X]>>([Y]>>(Z is X + Y)), 1, 2)),
    t(call([]>>true)),
    t(foldl([X, Y, A0, A]>>(A is A0 + X * Y), [1, 2], [3, 4], 0, S)), t(maplist(plus(1), [1, 2], L)),
    t(include([X]>>(X = a(_)), [a(1), b, a(2)], L)), t(maplist([K-_, K]>>true, [a-1, b-2], Ks)),
    t(maplist(succ, [1, 2 | T], L)), t(maplist(length, [[a], [b, c]], Ns)).
