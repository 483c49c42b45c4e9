% Conformance: string builtins: string_concat, string_chars, string_codes, string_to_atom, string_length, sub_string, split_string, number_string, string_code, sub_atom on strings, string comparison
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

main :-
    t(string_concat("ab", "cd", S)), t(string_concat(ab, cd, S)), t(string_concat(X, "cd", "abcd")),
    t(findall(X-Y, string_concat(X, Y, "ab"), L)), t(string_concat(1, 2, S)),
    t(string_chars(S, [h, i])), t(string_chars("hi", L)), t(string_codes(S, [104, 105])), t(string_codes("hi", L)),
    t(string_to_atom(S, abc)), t(string_to_atom("xyz", A)), t(string_to_atom(S, 12)),
    t(string_length("hello", N)), t(string_length(hello, N)), t(string_length("", N)), t(string_length(12, N)),
    t(sub_string("hello world", 6, 5, _, S)), t(sub_string("hello", B, 2, 0, S)),
    t(findall(S, sub_string("abc", _, 2, _, S), L)), t(findall(B, sub_string("abab", B, _, _, "ab"), L)),
    t(split_string("a,b,,c", ",", "", L)), t(split_string("  hello  ", "", " ", L)), t(split_string("/home//jan///nice/path", "/", "", L)),
    t(split_string("SWI-Prolog, 7.0", ",", " ", L)), t(split_string("a b  c", " ", " ", L)), t(split_string("", "", "", L)),
    t(split_string("abc", "", "", L)), t(split_string(".a.b.", ".", ".", L)),
    t(number_string(N, "42")), t(number_string(N, " 42 ")), t(number_string(N, "4.2e1")), t(number_string(42, S)),
    t(number_string(N, "abc")),
    t(string_code(1, "abc", C)), t(string_code(3, "abc", C)), t(string_code(4, "abc", C)), t(string_code(0, "abc", C)),
    t(string("abc")), t(string(abc)),
    t(string_lower("HeLLo", S)), t(string_upper("HeLLo", S)),
    t(term_string(T, "foo(bar, 1)")), t(term_string(f(x, "s", 'A b'), S)),
    t(atom_string(A, "abc")), t(atomic_list_concat([a, "b", 1], S)),
    t(sub_atom("abc", 0, 1, _, S)), t(atom_length("abc", N)), t(atom_concat("ab", "c", A)),
    t(compare(O, "abc", "abd")), t("abc" == "abc"), t("abc" = "abc"), t("abc" \== abc),
    t(string_chars(S, [])), t(string_codes(S, "")), t(split_string("a.b", ".", "", [_, X])),
    t(read_term_from_atom('"s"', T, [])), t(format("~w ~q ~a~n", ["str", "str", "str"])),
    t(writeq(["a", 'b', "c d", "it's", "q\"uote", "nl\n"])), nl,
    t(write(["a", 'b', "c d"])), nl,
    t(print("x")), nl,
    t(string_concat(S1, S2, "")), t(string_length(S, 2)),
    t(sub_string("hello", 1, L, 1, S)), t(string_number_test).
string_number_test :- number_string(N, "0x10"), N =:= 16.
