% current_predicate/1 and the flag builtins: ISO error terms and SWI's flags.
e(G) :- catch((G -> R = yes ; R = no), error(E, _), R = E), print(R), nl.
main :-
    e(current_predicate(0/dog)),
    e(current_predicate(a/b)),
    e(current_predicate(foo)),
    e(current_predicate(a/(-1))),
    e(current_predicate(_/1)),
    e(current_prolog_flag(5, _)),
    e(current_prolog_flag(nonexistent_flag_xyz, _)),
    e((current_prolog_flag(debug, D), print(D), nl)),
    e((current_prolog_flag(max_arity, A), print(A), nl)),
    e(set_prolog_flag(max_arity, 40)),
    e(set_prolog_flag(bounded, true)),
    e(set_prolog_flag(version, 1)),
    e(set_prolog_flag(5, true)),
    e(set_prolog_flag(debug, maybe)),
    e((current_prolog_flag(integer_rounding_function, F), print(F), nl)).
