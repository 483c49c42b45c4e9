% Libraries scripts load: pio (phrase_from_file/2,3), varnumbers, main
% (argv_options/3), and tabling, apply_macros and listing, whose
% predicates are built in (SWI warns that library(tabling) is deprecated).
:- use_module(library(pio)).
:- use_module(library(varnumbers)).
:- use_module(library(main)).
:- use_module(library(tabling)).
:- use_module(library(apply_macros)).
:- use_module(library(listing)).
:- use_module(library(dcg/basics)).

lines([L|Ls]) --> string_without("\n", L), "\n", !, lines(Ls).
lines([]) --> [].

numbers([N|Ns]) --> blanks, integer(N), !, numbers(Ns).
numbers([]) --> blanks.

:- table path/2.
edge(a, b). edge(b, c). edge(c, a).
path(X, Y) :- edge(X, Y).
path(X, Y) :- path(X, Z), edge(Z, Y).

main :-
    tmp_file(pio, F),
    setup_call_cleanup(open(F, write, Out),
                       format(Out, "first line~nsecond~n 12 7~n", []),
                       close(Out)),
    phrase_from_file(lines(Ls), F),
    forall(member(L, Ls), (atom_codes(A, L), print(A), nl)),
    (   phrase_from_file((string_without("\n", _), "\n", string(_), "12", remainder(_)), F)
    ->  print(found), nl
    ;   print(not_found), nl
    ),
    (   phrase_from_file(lines([_]), F, [encoding(utf8)]) -> print(one) ; print(not_one) ), nl,
    delete_file(F),
    T = f(X, Y, X, g(_)), numbervars(T), print(T), nl,
    varnumbers(T, C), C = f(P, Q, R, g(S)),
    (P == R, P \== Q, Q \== S, var(S) -> print(fresh) ; print(wrong)), nl,
    max_var_number(T, 0, M), print(M), nl,
    max_var_number(a, 7, M7), print(M7), nl,
    varnumbers(h('$VAR'(1), '$VAR'(5), '$VAR'(5)), 3, C2),
    C2 = h(V1, V5, W5), print(V1), nl,
    (var(V5), V5 == W5 -> print(fresh) ; print(wrong)), nl,
    argv_options([a, '--foo=3', '--bar', '-v', b, '--no-baz', '--n=x', '--f=1.5',
                  '--e=', '--', '--after'], Pos, Opts),
    print(Pos-Opts), nl,
    findall(Z, path(a, Z), Zs), msort(Zs, Sorted), print(Sorted), nl,
    maplist([I, J]>>(J is I * 2), [1, 2, 3], Doubles), print(Doubles), nl,
    portray_clause(foo(Y, Y)).
