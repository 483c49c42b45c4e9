% Conformance: with_output_to/2, numbervars/3, tab/1, nl/put_char, copy_term with attributed-free vars, print of numbervar'd terms
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

main :-
    t(with_output_to(atom(A), write(hello))), t(with_output_to(string(S), (write(a), nl, write(b)))),
    t(with_output_to(codes(C), write(ab))), t(with_output_to(chars(C), write(ab))), t(with_output_to(codes(C, T), write(x))),
    t(with_output_to(atom(A), fail)), t(catch(with_output_to(atom(A), throw(x)), x, A = caught)),
    t(with_output_to(atom(A), (member(X, [a, b]), write(X), X == b))),
    t(with_output_to(atom(A), (with_output_to(atom(B), write(inner)), write(outer(B))))),
    t(with_output_to(string(S), (tab(3), write(x), tab(0), write(y)))), t(with_output_to(string(S), tab(1 + 1))),
    t(with_output_to(string(S), (put_char(a), put_char('\n'), put_char(b)))),
    t(with_output_to(string(S), forall(member(X, [1, 2, 3]), (write(X), write(' '))))),
    t(with_output_to(string(S), print_message_lines_free)),
    t((T = f(X, Y, X), numbervars(T, 0, End))), t((T = f(X, Y, X), numbervars(T, 23, End))),
    t((T = f(X, Y), numbervars(T, 0, End), with_output_to(atom(A), print(T)))),
    t((T = f(X, Y), numbervars(T, 0, End), with_output_to(atom(A), write_canonical(T)))),
    t((T = f(X, Y), numbervars(T, 0, End), with_output_to(atom(A), writeq(T)))),
    t((T = f(X, Y), numbervars(T, 0, End), with_output_to(atom(A), write(T)))),
    t((T = f(X, Y), numbervars(T, 0, End), with_output_to(atom(A), write_term(T, [quoted(true)])))),
    t(numbervars(f(a), 0, End)), t(numbervars(X, 5, End)),
    t((copy_term(f(X, Y, X), C), numbervars(C, 0, _), with_output_to(atom(A), print(C)))),
    t(with_output_to(atom(A), (write(a), tab(2), write(b)))),
    t(with_output_to(atom(A), print([1, "s", 'A']))),
    t(with_output_to(atom(A), writeq(f('$VAR'(1), '$VAR'(26), '$VAR'(52))))),
    t(with_output_to(atom(A), print(f('$VAR'(1), '$VAR'(26), '$VAR'(52))))),
    t(with_output_to(atom(A), write_canonical('$VAR'(1)))),
    t(with_output_to(atom(A), write_term('$VAR'(1), [numbervars(true)]))),
    t(with_output_to(atom(A), write_term('$VAR'(1), []))),
    t(with_output_to(atom(A), (write(x), nl))), t(atom_length('\n', L)).
print_message_lines_free :- write(ok).
