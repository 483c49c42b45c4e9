% Conformance: write/print/writeq/write_canonical/write_term options/portray_clause/listing
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

:- dynamic stored/2, rules/1.
:- dynamic empty_dyn/0.
stored(a, "str").
stored('B c', [1, 2]).
stored(f(x), 1.5).

w(T) :- write(T), nl, print(T), nl, writeq(T), nl, write_canonical(T), nl.

main :-
    forall(member(T, [a, 'A', 'hello world', [], '[]', {}, '{}', 'don''t', 'a\nb', '\\', '', ' ', 'é', f(x, 'Y'), "str", "it's \"q\"",
                      [a, 'B'|c], 1.0, -1, - 1, -(-(1)), 1 - -1, -(1.0), - a, -(-(a)), \+ a, \+ (\+ a), 1 + 2 * 3, (1 + 2) * 3, 2 ** (3 ** 4), (2 ** 3) ** 4,
                      2 ^ 3 ^ 4, (2 ^ 3) ^ 4, a - (b - c), (a - b) - c, a = b, (a :- b, c ; d -> e), (a , b), f((a, b)), f((a :- b)), f(;), f(:-),
                      [(a :- b)], [a = b, (c, d)], - (1), -(a), f(-), f(- 1), f(-1), a:b:c, (a:b):c, {a, b}, '$VAR'(1), '$VAR'(27), '$VAR'('Foo'),
                      '$VAR'(x), f(a;b), (a ; b), (a -> b ; c), [a|[]], '[|]', '[|]'(1, 2), f(','), ',', '|', (a '|' b), 'hello'(world),
                      {}(x), 'ABC'(x), "", 1.0e10, 1.0e-10, 0.1, 100.0, 1.5e300, -0.0, 123456789012345.0, 1234567890123456.0,
                      0.000123, 1.0Inf, -1.0Inf, 1.5NaN, 2 ** 100, -(2 ** 100), f(a- (-1)), 1 - (-1), - (- (1)), [-], [- 1], [-(1)], (-)-(-), \ (-), -(3) - 2,
                      @(a), dynamic(a), (:- a), (?- a), f(?-), a* (b:-c), (a=b)=c, a=(b=c), (p :- q), (a,b)*c, - (1) + 2, - (1 + 2), -(-1), -(- 1), 'x'-'Y']),
           w(T)),
    write_term(f(X, 'A', "s", [1, 2]), [quoted(true)]), nl,
    write_term([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], [max_depth(5)]), nl,
    write_term(f(g(h(i(j(k))))), [max_depth(3)]), nl,
    write_term('$VAR'(3), [numbervars(true)]), nl,
    write_term('$VAR'(3), [numbervars(false), quoted(true)]), nl,
    write_term(1 + 2, [ignore_ops(true)]), nl,
    write_term([1, 2], [ignore_ops(true)]), nl,
    write_term({a}, [brace_terms(false)]), nl,
    write_term("abc", [quoted(true)]), nl,
    write_term('a b', [quoted(false)]), nl,
    write_term(f(A, B, A), [variable_names(['A' = A, 'B' = B])]), nl,
    write_term(- (1), [quoted(true)]), nl,
    write_term(a + b, [spacing(next_argument)]), nl,
    write_term(f(a, b), [spacing(next_argument)]), nl,
    write_term([a, b], [spacing(next_argument)]), nl,
    write_canonical(f(X, Y, X, "s", 'q w')), nl,
    print([1, 2]), nl,
    portray_clause(foo(X, Y, "s", 'A b', [1, 2])),
    portray_clause((head(X) :- body1(X, Y), \+ body2(Y), (a -> b ; c), findall(Z, member(Z, [1]), _))),
    portray_clause((a :- b ; c)),
    portray_clause([x, 'Y']),
    portray_clause((h :- (a, b -> c ; d))),
    portray_clause(f(_, _, _)),
    listing(stored/2),
    listing(empty_dyn/0),
    assertz((rules(X) :- stored(X, _), \+ X = a, ( X == b -> true ; fail ))),
    assertz((rules([H|T]) :- !, rules(H), rules(T))),
    assertz(rules(f("s", 'A', [], '[]', {}, 'hello world', 0'a, -1, - 1, 1.0e10, (a:-b), (a,b), [x|_]))),
    listing(rules/1),
    write(f(x)), write(' '), writeq('it''s'), nl,
    print(-(1)), nl, print(- 1), nl, print(1 - 1), nl, writeq(-(-(1))), nl, writeq(- - a), nl,
    writeq(f(',', '|', '[]', [], '{}', {})), nl, writeq([a|b]), nl, writeq('\t'), nl, writeq('\x1\'), nl,
    writeq(- (1.0)), nl, writeq(-(1.0Inf)), nl, writeq(1.0e15), nl, writeq(1.0e16), nl, writeq(0.1e-3), nl, writeq(12345.678), nl.
