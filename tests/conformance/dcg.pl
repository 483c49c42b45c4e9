% Conformance: DCG translation and phrase/2,3: terminals, strings, pushback, call//N, {}//, !, \+, nonterminals with args
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

greeting --> [hello], name.
name --> [world].
name --> [prolog].
digits([D|T]) --> digit(D), digits(T).
digits([D]) --> digit(D).
digit(D) --> [D], { code_type(D, digit) }.
number(N) --> digits(Ds), { number_codes(N, Ds) }.
expr(V) --> term(T), expr_rest(T, V).
expr_rest(Acc, V) --> "+", !, term(T), { A1 is Acc + T }, expr_rest(A1, V).
expr_rest(Acc, V) --> "-", !, term(T), { A1 is Acc - T }, expr_rest(A1, V).
expr_rest(V, V) --> [].
term(V) --> number(V).
ab --> "ab".
abs([]) --> [].
abs([X|Xs]) --> [X], { memberchk(X, [a, b]) }, abs(Xs).
peek(X), [X] --> [X].
notx --> \+ [x], [_].
anything([]) --> [].
anything([H|T]) --> [H], anything(T).
twice(G) --> call(G), call(G).
lit(X) --> [X].
cut_test(a) --> [a], !.
cut_test(other) --> [_].
alt --> ( [a] ; [b] ), [c].
ite --> ( [a] -> [b] ; [c] ).
str_body --> "xy", [0'z].
empty_str --> "".
list_lit --> [a, b], [].
pb, [a] --> [b].
call_n(X) --> call(lit, X).
nt_var(G) --> G.
sp --> [C], { code_type(C, space) }, !, sp.
sp --> [].

main :-
    t(phrase(greeting, [hello, world])), t(phrase(greeting, [hello, there])), t(findall(X, phrase(greeting, [hello, X]), L)),
    t(phrase(number(N), `123`)), t(phrase(expr(V), `12+30-2`)), t(phrase(expr(V), `1+`)),
    t(phrase(ab, `ab`)), t(phrase(ab, "ab")), t(phrase(ab, [a, b])), t(phrase(abs(L), [a, b, a])), t(phrase(abs(L), [a, c])),
    t(phrase(peek(X), [q], R)), t(phrase(notx, [y])), t(phrase(notx, [x])),
    t(findall(A-B, phrase((anything(A), anything(B)), [1, 2]), L)),
    t(phrase(twice(lit(a)), [a, a])), t(phrase(twice(lit(a)), [a, b])), t(phrase(cut_test(X), [a])), t(findall(X, phrase(cut_test(X), [a]), L)),
    t(phrase(alt, [b, c])), t(phrase(ite, [a, b])), t(phrase(ite, [c])), t(phrase(ite, [a, c])),
    t(phrase(str_body, `xyz`)), t(phrase(empty_str, [])), t(phrase(list_lit, [a, b])), t(phrase(pb, [b], R)),
    t(phrase(call_n(X), [k])), t(phrase(nt_var([x]), [x])), t(phrase(([a], [b]), [a, b])),
    t(phrase(greeting, [hello, world, extra], R)), t(phrase(greeting, L)),
    t((phrase(sp, `   x`, R), atom_codes(At, R))),
    t(phrase(ab, a)),
    t(formal(phrase(foo_undefined_nt, []), E)), t(formal(phrase(_, []), E)).
formal(G, F) :- catch(G, error(F, _), true).
