% Conformance: the double_quotes flag set to codes/chars/atom by directives in the file
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

:- set_prolog_flag(double_quotes, codes).
c1("abc").
c2(X) :- X = "hi".
:- set_prolog_flag(double_quotes, chars).
ch1("abc").
:- set_prolog_flag(double_quotes, atom).
a1("abc").
:- set_prolog_flag(double_quotes, codes).
digits --> "0", digits.
digits --> [].

main :-
    t(c1(X)), t(c2(X)), t(ch1(X)), t(a1(X)), t((c1(X), is_list(X))), t((a1(X), atom(X))),
    t(current_prolog_flag(double_quotes, F)), t(atom_codes(A, "xyz")), t(phrase(digits, "000")),
    t(X = ""), t(append("ab", "cd", X)), t(format("~s~n", ["codes"])), t(atom_length("abc", N)),
    t(term_to_atom(T, '"q"')), t(X = `back`), t((X = "a", X = [_])),
    t(writeq("abc")), nl, t(print("abc")), nl, t(write("abc")), nl.
