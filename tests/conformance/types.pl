% Conformance: type tests
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

ty(X, L) :- findall(T, (member(T, [var, nonvar, atom, number, integer, float, atomic, compound, callable, is_list, string, ground]), call(T, X)), L).

main :-
    ty(_, L1), out(L1),
    ty(a, L2), out(L2),
    ty([], L3), out(L3),
    ty('[]', L4), out(L4),
    ty(1, L5), out(L5),
    ty(1.5, L6), out(L6),
    ty(2 ** 100, L7), out(L7),
    X8 is 2 ** 100, ty(X8, L8), out(L8),
    ty("str", L9), out(L9),
    ty(f(x), L10), out(L10),
    ty(f(_), L11), out(L11),
    ty([a, b], L12), out(L12),
    ty([a|_], L13), out(L13),
    ty([a|b], L14), out(L14),
    ty({x}, L15), out(L15),
    ty(-1, L16), out(L16),
    ty(- 1, L17), out(L17),
    ty(-(1), L18), out(L18),
    ty('', L19), out(L19),
    ty("", L20), out(L20),
    ty(1.0Inf, L21), out(L21),
    X22 is -(2 ** 100), ty(X22, L22), out(L22),
    ty(f(), L23), out(L23),
    t(is_list([a|_])), t(is_list([])), t(callable(foo)), t(callable("foo")), t(callable(3)),
    t(atom(true)), t(atom([])), t(atomic("x")), t(compound(- 1)), t(compound(-1)), t(number(0'a)),
    t(integer(0x1F)), t(integer(0b101)), t(integer(0o17)), t(integer(1_000_000)), t(float(1.0e-3)),
    t(ground(f(a, [b, c]))), t(ground(f(a, [b, _]))), t(var(_)), t(nonvar(_)),
    t(is_assoc_free), t(atom(a:b)), t(compound(a:b)), t(number(1.0Inf)), t(float(nan)),
    t((X = Y, var(X), Y = 1, integer(X))), t((X = f(Y), Y = 1, ground(X))),
    t(callable((a, b))), t(callable((a :- b))), t(is_list("abc")), t(atom('hello world')),
    t(number('1')), t(atom(1)), t(integer(1.0)), t(float(1)).
is_assoc_free.
