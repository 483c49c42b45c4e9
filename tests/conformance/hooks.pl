% Hooks and SWI-7 additions of library and loader (recorded from swipl):
% term_expansion/2 and goal_expansion/2 while loading, expand_term/2,
% prolog:message//1, user:message_hook/3, print_message/2 kinds,
% print_message_lines/3, apply/2, atomics_to_string/2, scanl/4,
% predicate_property line_count, `name()` syntax.

t(G) :- catch((call(G) -> format("yes ~q~n", [G]) ; format("no ~q~n", [G])), E, format("ex ~q~n", [E])).

term_expansion(gen(N), [num(N), num(M)]) :- M is N*10.
term_expansion(twice(X), (twice(X, Y) :- Y is 2*X)).
gen(1).
gen(2).
twice(7).
goal_expansion(sq(X, Y), Y is X*X).
goal_expansion(dbl(X, Y), sq(X, Z), Y = Z).
usesq(Y) :- sq(3, Y).
usedbl(Y) :- ( dbl(2, Y) -> true ; Y = none ).
inmeta(L) :- findall(Y, (member(X, [1, 2]), sq(X, Y)), L).

greet(Dcg) --> [hello], name(Dcg).
name(world) --> [world].

:- multifile prolog:message//1.
prolog:message(my_msg(X)) --> ['My message: ~w'-[X], nl, 'second ~a'-[line]].
prolog:message(plain) --> ['plain atom', ' and ~w'-[more]].

:- print_message(error, my_msg(load)).
:- print_message(warning, plain).
:- print_message(informational, plain).

:- dynamic caught/2.
user:message_hook(hooked(X), Kind, _) :- assertz(caught(Kind, X)).

zero() :- writeln(zero_called).

:- multifile user:portray/1.
user:portray(secret(_)) :- write('<hidden>').
user:portray(1.5) :- write(one_and_half).

portrayal :-
    print(f(_, [a, secret(1)|_], 1+secret(2), "str", 'A b', -(1), {x})), nl,
    print(user_output, [secret(0)]), nl,
    format("~p and ~w, ~a ~*c ~p~n", [secret(3), secret(4), x, 2, 0'y, secret(5)]),
    writeq(secret(6)), nl,
    write_term(secret(7), [portray(true)]), nl,
    write_term(f(1.5), [portray(true), quoted(true)]), nl,
    print(-(secret(8))), nl,
    print(1-secret(9)), nl.

main :-
    t(findall(N, num(N), _)),
    t(twice(7, _)),
    t(usesq(_)),
    t(usedbl(_)),
    t(inmeta(_)),
    t(phrase(greet(_), [hello, world])),
    t(expand_term(gen(5), _)),
    t(expand_goal(sq(2, _), _)),
    print_message(error, my_msg(4)),
    print_message(warning, plain),
    print_message(informational, plain),
    print_message(help, my_msg(5)),
    print_message(information, plain),
    print_message(silent, plain),
    print_message(error, format("fmt ~w", [x])),
    print_message(error, foo_unknown),
    print_message(error, hooked(1)),
    print_message(warning, hooked(2)),
    t(findall(K-X, caught(K, X), _)),
    print_message_lines(user_error, 'PFX ', ['a ~w'-[1], nl, b]),
    print_message_lines(user_error, kind(warning), ['a ~w'-[1], nl, b]),
    t(apply(format, ["~w~n", [x]])),
    t(apply(succ(1), [_])),
    t(atomics_to_string([a, 1, "s", 2.5], _)),
    t(scanl([X1, Y1, Z1]>>(Z1 is X1+Y1), [1, 2, 3], 0, _)),
    t(scanl([X2, Y2, A2, B2]>>(B2 is A2+X2*Y2), [1, 2], [3, 4], 0, _)),
    t(predicate_property(usesq(_), line_count(_))),
    t(predicate_property(zero, line_count(_))),
    zero(),
    portrayal.
