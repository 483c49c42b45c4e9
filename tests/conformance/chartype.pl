% Conformance: char_type/2 and code_type/2 (ASCII only)
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

types([alnum, alpha, csym, csymf, digit(_), space, white, upper(_), lower(_), punct, graph, print, end_of_line, to_lower(_), to_upper(_), period, quote, paren(_)]).
ct(C) :- types(Ts), findall(T, (member(T, Ts), char_type(C, T)), L), out(C-L).
cot(C) :- types(Ts), findall(T, (member(T, Ts), code_type(C, T)), L), out(C-L).

main :-
    forall(member(C, [a, 'Z', '5', '_', ' ', '\t', '\n', '.', '(', '''', '"', '!', '~', '-']), ct(C)),
    forall(member(C, [0'a, 0'Z, 0'0, 0'9, 0' , 0'., 0'_]), cot(C)),
    t(char_type(X, digit(5))), t(findall(C, char_type(C, digit(7)), L)), t(char_type('A', upper(L))),
    t(char_type(a, to_lower(X))), t(char_type(X, to_lower(a))), t(char_type('A', to_lower(X))), t(char_type(a, to_upper(X))),
    t(upcase_atom(a, X)), t(code_type(0'a, to_upper(X))), t(code_type(X, to_lower(0'b))),
    t(code_type(0'f, xdigit(W))), t(char_type('F', xdigit(W))), t(char_type(g, xdigit(W))),
    t((atom_codes(A, [0'a, 0'b]), char_type(b, alpha))), t(char_type(X, upper(a))), t(char_type(hello, alpha)).
