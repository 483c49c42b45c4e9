% Flags the program makes: create_prolog_flag/3 with its options, and
% set_prolog_flag/2 on a flag nobody made.
show(G) :- catch((G -> true ; writeln(failed)), E, (print(E), nl)).

main :-
    show(set_prolog_flag(my_date, 'July 1999')),
    show((current_prolog_flag(my_date, D), print(D), nl)),
    show(create_prolog_flag(my_float, 1.5, [])), show(set_prolog_flag(my_float, 2)),
    show((current_prolog_flag(my_float, F), print(F), nl)),
    show(create_prolog_flag(my_bool, true, [])), show(set_prolog_flag(my_bool, 3)),
    show(set_prolog_flag(my_bool, false)), show((current_prolog_flag(my_bool, B), print(B), nl)),
    show(create_prolog_flag(my_term, f(x), [])), show(set_prolog_flag(my_term, g(_))),
    show((current_prolog_flag(my_term, T), print(T), nl)),
    show(create_prolog_flag(my_atom, foo, [])), show(set_prolog_flag(my_atom, 3)),
    show(create_prolog_flag(_, 1, [])), show(create_prolog_flag(my_q, 1, [type(atom)])),
    show(create_prolog_flag(my_int, 1, [type(integer)])), show(set_prolog_flag(my_int, 2.5)),
    show(create_prolog_flag(my_ro, 1, [access(read_only)])), show(set_prolog_flag(my_ro, 2)),
    show(create_prolog_flag(my_ro, 5, [])), show(create_prolog_flag(my_ro, 5, [keep(true)])),
    show((current_prolog_flag(my_ro, R), print(R), nl)),
    show(create_prolog_flag(my_kept, 1, [])), show(create_prolog_flag(my_kept, 2, [keep(true)])),
    show((current_prolog_flag(my_kept, K), print(K), nl)),
    findall(N, (current_prolog_flag(N, _), sub_atom(N, 0, _, _, my_)), Ns0), msort(Ns0, Ns),
    print(Ns), nl.
