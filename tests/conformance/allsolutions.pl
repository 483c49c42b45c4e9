% Conformance: findall/3,4, bagof/3, setof/3 with ^ and free-variable grouping; forall/once/ignore
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

age(peter, 7). age(ann, 11). age(pat, 8). age(tom, 5). age(mike, 11).
cls(a, x, 1). cls(b, y, 2). cls(a, y, 3). cls(b, x, 4). cls(c, x, 5). cls(a, x, 6).
p(1). p(2). p(3).
formal(G, F) :- catch(G, error(F, _), true).

main :-
    t(findall(X, age(X, _), L)),
    t(findall(X-A, age(X, A), L)),
    t(findall(X, fail, L)),
    t(findall(X, member(X, [c,b,a,b]), L)),
    t(findall(X, p(X), L, [end])),
    t(findall(X, p(X), [1,2,3])),
    t(findall(X, p(X), [1,2])),
    t(findall(f(X, Y), member(X, [Y, Z, Z]), L)),
    t(bagof(X, age(X, A), L)),
    t(findall(A-L, bagof(X, age(X, A), L), R)),
    t(findall(L, bagof(X, A^age(X, A), L), R)),
    t(bagof(X, fail, L)),
    t(setof(X, A^age(X, A), L)),
    t(setof(A, X^age(X, A), L)),
    t(setof(A-X, age(X, A), L)),
    t(findall(A-L, setof(X, age(X, A), L), R)),
    t(findall(K-L, setof(V, C^cls(K, C, V), L), R)),
    t(findall(K-C-L, setof(V, cls(K, C, V), L), R)),
    t(findall(C-L, setof(K-V, cls(K, C, V), L), R)),
    t(findall(L, setof(K, C^V^cls(K, C, V), L), R)),
    t(setof(X, member(X, [c, b, a, b, c]), L)),
    t(bagof(X, member(X, [Y, Z]), L)),
    t(findall(Y-L, bagof(X, member(X-Y, [1-a, 2-b, 3-a]), L), R)),
    t(findall(Y-L, bagof(X, member(X-Y, [1-A, 2-b, 3-A]), L), R)),
    t(setof(X-Y, member(X-Y, [2-a, 1-b, 1-a]), L)),
    t(formal(bagof(_, _, _), F)),
    t(formal(setof(X, foo_nonexistent(X), _), F)),
    t(formal(findall(X, 3, _), F)),
    t(formal(findall(X, p(X), [a|b]), F)),
    t(aggregate_all(count, p(_), N)),
    t(setof(X, (p(X), X > 1), L)),
    t(setof(X, Y^(member(Y, [1,2,3]), X is Y * Y), L)),
    t(bagof(X, Y^Z^member(X-Y-Z, [a-1-2, b-3-4]), L)),
    t(findall(X-L, bagof(Y, member(X-Y, [b-1, a-2, b-3, a-4]), L), R)),
    t(forall(p(X), X > 0)),
    t(forall(p(X), X > 1)),
    t(forall(fail, fail)),
    t(once(p(X))),
    t(once((p(X), X > 1))),
    t(once(fail)),
    t(ignore(fail)),
    t(ignore(p(X))),
    t(ignore((p(X), X > 2))),
    t(findall(X, once(member(X, [a, b])), L)),
    t(findall(X, ignore(member(X, [a, b])), L)),
    t(\+ forall(member(X, [1, 2]), X =:= 1)),
    t(findall(X-Y, (member(X, [1, 2]), findall(Z, (member(Z, [a, b, c]), Z \== b), Y)), L)),
    t(findall(S, (member(X, [3, 1, 2]), setof(Y, member(Y, [X, 0]), S)), L)),
    t(setof(N-X, member(X-N, [a-2, b-1, c-2]), [First|_])),
    t(bagof(X-Y, member(X, [1, 2]), L)),
    t(setof(X, member(X, [1.0, 1, a, "s", f(x), [], Z]), L)).
