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
    visible.

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
