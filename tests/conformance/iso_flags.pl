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
    e((current_prolog_flag(integer_rounding_function, F), print(F), nl)),
    visible,
    booleans.

% A Boolean flag reads and takes on/off (and 1/0) for true/false, as
% SWI-Prolog's do; an atom-valued flag's bad value is a domain error named
% after the flag.
t(G) :- ( catch(G, E, true) -> ( var(E) -> print(yes(G)) ; print(E) ) ; print(no) ), nl.
booleans :-
    t(current_prolog_flag(debug, off)),
    t(current_prolog_flag(debug, on)),
    t(current_prolog_flag(debug, 0)),
    t(current_prolog_flag(last_call_optimisation, on)),
    t(current_prolog_flag(bounded, off)),
    t((set_prolog_flag(debug, on), current_prolog_flag(debug, _X1))),
    t((set_prolog_flag(debug, 0), current_prolog_flag(debug, _X2))),
    t(set_prolog_flag(debug, no)),
    t(set_prolog_flag(debug, 2)),
    t(set_prolog_flag(last_call_optimisation, foo)),
    t(set_prolog_flag(unknown, foo)),
    t(set_prolog_flag(unknown, 1)),
    t(set_prolog_flag(double_quotes, foo)),
    t(set_prolog_flag(autoload, foo)),
    t((create_prolog_flag(my_bool, true, []), set_prolog_flag(my_bool, off),
       current_prolog_flag(my_bool, _X3))),
    t(current_prolog_flag(my_bool, off)),
    t(set_prolog_flag(my_bool, 1)),
    t(current_prolog_flag(my_bool, _X4)),
    t(set_prolog_flag(my_bool, yes)),
    t((create_prolog_flag(my_typed, on, [type(boolean)]), current_prolog_flag(my_typed, _X5))),
    t((set_prolog_flag(my_new, on), current_prolog_flag(my_new, _X6))),
    t(current_prolog_flag(my_new, true)).

% current_predicate/1 with a name given finds what a call reaches: system
% predicates and control constructs too (SWI-Prolog, not ISO), without
% autoloading.
visible :-
    forall(member(PI, [current_predicate/1, length/2, atom_length/2, call/1,
                       (',')/2, (;)/2, (->)/2, (*->)/2, (\+)/1, !/0,
                       ('|')/2, main/0, visible/0, no_such/3, append/3,
                       user:atom_length/2, system:atom_length/2,
                       no_such_module:atom_length/2, e/1]),
           ( current_predicate(PI) -> writeln(yes(PI)) ; writeln(no(PI)) )),
    findall(A, current_predicate(format/A), As), print(As), nl,
    findall(A, current_predicate(e/A), Es), print(Es), nl,
    findall(A, current_predicate(length/A), Ls), print(Ls), nl.
