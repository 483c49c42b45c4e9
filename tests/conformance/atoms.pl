% Conformance: atom builtins: atom_codes, atom_chars, char_code, atom_length, atom_concat, sub_atom, atom_number, number_codes, upcase_atom, term_to_atom, atomic_list_concat
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

main :-
    t(atom_codes(abc, L)), t(atom_codes(A, [0'h, 0'i])), t(atom_codes(A, "hi")), t(atom_codes(123, L)), t(atom_codes(A, [])),
    t(atom_codes(abc, [0'a|T])), t(atom_chars(abc, L)), t(atom_chars(A, [x, y])), t(atom_chars(1.5, L)), t(atom_chars(A, [a|_])),
    t(char_code(C, 0'z)), t(char_code(a, X)), t(char_code(ab, X)), t(char_code(C, -1)),
    t(atom_length(hello, N)), t(atom_length('', N)), t(atom_length(123, N)), t(atom_length('héllo', N)), t(atom_length("str", N)),
    t(atom_concat(ab, cd, A)), t(atom_concat(X, cd, abcd)), t(atom_concat(ab, X, abcd)), t(atom_concat(ab, X, xbcd)),
    t(findall(X+Y, atom_concat(X, Y, abc), L)), t(atom_concat(a, 1, A)), t(atom_concat(1, 2, A)), t(atom_concat(X, Y, Z)),
    t(findall(B-L-A, sub_atom(abc, B, L, A, Sub), R)),
    t(findall(S, sub_atom(abc, _, _, _, S), R)),
    t(findall(B, sub_atom(abcabc, B, _, _, bc), R)),
    t(sub_atom(hello, 1, 3, A, S)), t(sub_atom(hello, B, 2, 0, S)), t(findall(S, sub_atom(ab, _, 1, _, S), R)),
    t(sub_atom(hello, B, L, A, xyz)), t(sub_atom(abc, 4, _, _, _)), t(sub_atom(hello, 0, 1, _, h)),
    t(atom_number('12', N)), t(atom_number('12.5e3', N)), t(atom_number(' 12', N)), t(atom_number('0x1A', N)),
    t(atom_number(abc, N)), t(atom_number(A, 5)), t(atom_number('-7', N)), t(atom_number('- 7', N)),
    t(number_codes(N, "42")), t(number_codes(N, " 42")), t(number_codes(N, "0'a")), t(number_codes(12.0, L)),
    t(number_codes(N, "1e10")), t(number_codes(N, "1.0e10")), t(number_chars(N, ['4', '2'])), t(number_chars(N, [a])),
    t(atom_string(abc, S)), t(atom_string(A, "xyz")), t(atom_string(42, S)),
    t(upcase_atom('hello World', U)), t(downcase_atom('Hello WORLD', D)),
    t(term_to_atom(f(X, Y, X), A)), t(term_to_atom(T, 'foo(X, bar, Y, X)')), t(term_to_atom(T, '[1,2|Z]')),
    t(term_to_atom(1 + 2 * 3, A)), t(term_to_atom((a :- b, c ; d), A)), t(term_to_atom('hello world', A)),
    t(term_to_atom(T, '"str"')), t(term_to_atom(T, '0\'a')), t(term_to_atom(- (1), A)), t(term_to_atom(-(-(1)), A)),
    t(term_to_atom(1 - -1, A)), t(term_to_atom(a- (-1), A)), t(term_to_atom(2 ** -1, A)), t(term_to_atom([a|b], A)),
    t(atomic_list_concat([a, b, c], A)), t(atomic_list_concat([a, 1, "s", 2.5], A)), t(atomic_list_concat([a, b, c], '-', A)),
    t(atomic_list_concat(L, ',', 'a,b,,c')), t(atomic_list_concat(L, ab, ab)), t(atomic_list_concat([a, B], '-', 'a-b')),
    t(atomic_list_concat(L, '', abc)), t(atomic_list_concat([], A)), t(atomic_list_concat([], '-', A)), t(atomic_list_concat([a, _], A)),
    t(atomic_list_concat(L, '-', '')), t(atomic_list_concat([x], '-', A)),
    t(atom_to_term('p(X, Y, X)', T, Bs)), t(atom_to_term('foo', T, Bs)),
    t(read_term_from_atom('g(A, _B, A)', T, [])),
    t(name(N, "42")), t(name(A, "abc")), t(name(foo, L)), t(name(12, L)),
    t(atom(abc)), t(sub_atom(abc, B, 1, 0, C)), t(last_char(hello, C)),
    t(atom_chars(X, ['1', '2'])), t(atom_length(X, 3)), t(atom_codes(f(x), L)),
    nil_text.

% `[]` is no atom to SWI-Prolog 7 and later: the builtins that want an
% atom's text raise a type error for it, those that take any text read it
% as none; atom_codes/2, name/2 and atomic_list_concat/2 take no list at all.
nil_text :-
    forall(member(T, [[], [0'a], [a]]),
           ( t(atom_chars(T, _)), t(atom_codes(T, _)), t(atom_length(T, _)),
             t(sub_atom(T, 0, 1, _, _)), t(atom_concat(T, a, _)), t(atom_concat(a, T, _)),
             t(upcase_atom(T, _)), t(downcase_atom(T, _)), t(string_lower(T, _)),
             t(atom_number(T, _)), t(name(T, _)), t(string_concat(T, a, _)),
             t(atomic_list_concat([T, a], _)), t(atomic_list_concat([T, a], -, _)),
             t(atom_string(T, _)), t(string_chars(T, _)), t(string_length(T, _)),
             t(sub_string(T, 0, 1, _, _)), t(atom_to_term(T, _, _)),
             t(format(atom(_), "~a", [T])), t(split_string(T, "", "", _)),
             t(text_to_string(T, _)), t(string_to_atom(T, _)), t(string_to_atom(_, T)) )),
    t(sub_atom(abc, _, _, _, [])), t(atom_concat(_, _, [])),
    t(atomic_list_concat(_, ',', [])), t(name(f(x), _)).
last_char(A, C) :- sub_atom(A, _, 1, 0, C).
