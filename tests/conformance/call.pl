% Conformance: call/N, meta-calls with extra arguments, closures
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

add(X, Y, Z) :- Z is X + Y.
twice(G, X, Z) :- call(G, X, Y), call(G, Y, Z).
p(a). p(b).
nd(X, Y) :- member(Y, [X, X-X]).

main :-
    t(call(add(1), 2, X)),
    t(call(add, 1, 2, X)),
    t(call(add(1, 2), X)),
    t(call(add(1, 2, X))),
    t(twice(add(10), 1, R)),
    t(call(p, X)),
    t(findall(X, call(p, X), L)),
    t(findall(Y, call(nd(1), Y), L)),
    t(call(=, A, f(A0))),
    t(call(call, call, true)),
    t(call(call(call(atom_length)), abc, N)),
    t(call(format, "~w~n", [hello])),
    t(call(foo_undefined, 1)),
    t(call(1, a)),
    t(call(_, a)),
    t(call(p(a, b), c)),
    t(call((p(X), X == b))),
    t(call(',', p(X), X == b)),
    t(call(;, fail, X = 3)),
    t(call(->, true, X = 4)),
    t(call(\+, fail)),
    t((G = atom_length(abc), call(G, N))),
    t(call(succ, 3, N)),
    t(call(atom_concat(a), b, C)),
    t(call(plus(1), 2, S)),
    t(findall(X, call(member, X, [1,2,3]), L)),
    t(call(findall(X), member(X, [c,d]), L)),
    t(call(length, L, 2)),
    t(call(call, length, L, 2)),
    t(call(call(call(call(=, X))), 7)),
    t(call(true)),
    t(call(fail)),
    t(call((!, fail ; true))),
    t(call(not, fail)),
    t(call(!)),
    t(call(('=' , 1, 1))),
    t(call(=(X), Y)),
    t(call([X]>>(X = 1), Z)),
    t(ignore(call(fail))),
    t(once(call(member, X, [q,r]))),
    t(call(catch, throw(x), Ex, true)),
    t(call(maplist(succ), [1,2], L)),
    t(call(nd, 2, Y)),
    t(findall(Y, call(nd, 2, Y), L)).
