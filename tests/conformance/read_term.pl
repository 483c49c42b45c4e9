% Conformance: reading terms from text: term_to_atom, read_term_from_atom, term_string, atom_to_term with variable_names, syntax details
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

syn(A, R) :- catch((term_to_atom(T, A), R = ok(T)), error(syntax_error(_), _), R = syntax_error).
main :-
    t(term_to_atom(T, 'foo(X, Y, _Z, X)')), t(atom_to_term('foo(X, Y, _Z, X)', T, B)), t(atom_to_term('f(_, _)', T, B)),
    t(read_term_from_atom('p(A, B)', T, [])), t(term_string(T, "[1, 2 | T]")), t(term_string(T, "'hello world'")),
    t(syn('0x1F', R)), t(syn('0o17', R)), t(syn('0b101', R)), t(syn('0\'a', R)), t(syn('0\'\\n', R)), t(syn('0\'\'\'', R)),
    t(syn('0\' ', R)), t(syn('1.5e3', R)), t(syn('1.0Inf', R)), t(syn('1e10', R)), t(syn('12_345', R)),
    t(syn('"a\\tb"', R)), t(syn('\'\\x41\\\'', R)), t(syn('\'a\\\nb\'', R)), t(syn('`abc`', R)), t(syn('0\'\\\\', R)),
    t(syn('[a|[b, c]]', R)), t(syn('{a, b}', R)), t(syn('f( a )', R)), t(syn('f (a)', R)), t(syn('- (1)', R)), t(syn('-(1)', R)),
    t(syn('a- -1', R)), t(syn('a - 1', R)), t(syn('a-1', R)), t(syn('[a, b|c]', R)), t(syn('f(,)', R)), t(syn('f(a b)', R)),
    t(syn('\'unterminated', R)), t(syn('f(a', R)), t(syn('a :- b :- c', R)), t(syn('- - 1', R)), t(syn('\\+a', R)),
    t(syn('f(a) .', R)), t(syn('[]', R)), t(syn('\'[]\'', R)), t(syn('{}', R)), t(syn('f(:-)', R)), t(syn('(a, b)', R)),
    t(syn('"str"', R)), t(syn('a /* comment */ + b', R)), t(syn('a % line comment', R)), t(syn('X + Y * Z', R)),
    t(syn('(a :- b, c ; d -> e)', R)), t(syn('p :- \\+ q, !', R)), t(syn('[H|T]', R)), t(syn('f(A, _, A)', R)),
    t(syn('1 + 2 + 3', R)), t(syn('2 ** 3', R)), t(syn('2 ^ 3 ^ 4', R)), t(syn('a = b = c', R)), t(syn('- a', R)),
    t(syn('-(-(1))', R)), t(syn('1.0e-5', R)), t(syn('123456789012345678901234567890', R)), t(syn('-0.0', R)),
    t(syn('f(a;b)', R)), t(syn('a:b:c', R)), t(syn('[a,b,]', R)), t(syn('f(a,)', R)),
    t(syn('"a""b"', R)), t(syn('\'it\'\'s\'', R)), t(syn('a@b', R)), t(syn('f(x) :- g(y)', R)), t(syn('?- x', R)),
    t(syn('\'\\u00e9\'', R)), t(syn('"\\x41\\"', R)), t(syn('0\'\\t', R)),
    t(term_to_atom(f(X, Y), 'f(1, 2)')), t(term_to_atom(T, '')), t(term_to_atom(T, ' ')).
