% Conformance: library(statistics): time/1 keeps the solutions, bindings, determinism, failure and exceptions of its goal (what it prints goes to standard error and is checked by tests/stderr/lib_statistics.pl); statistics/0 succeeds.
:- use_module(library(statistics)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
d(G) :- \+ \+ ( ( call_cleanup(G, Det = true), ( Det == true -> R = det(G) ; R = nondet(G) ) -> true ; R = no(G) ), out(R) ).

sort_1000 :- numlist(1, 1000, L), time(msort(L, S)), length(S, 1000).

main :-
    t(time(true)), t(time(fail)), t(time(X = 1)), t(time(member(X, [a, b]))),
    t(findall(X, time(member(X, [a, b, c])), L)), t(findall(X, time(member(X, [a, b, c, d])), L)),
    t(time(throw(oops))), t(time(_)), t(time(1)), t(time((member(X, [1, 2, 3]), X > 1))),
    t((time(member(X, [a, b, c])), X == b)), t(time(\+ fail)), t(time((X = 1 ; X = 2))),
    t(forall(time(member(X, [1, 2])), integer(X))), t(time(time(true))),
    t(time(length(L, 2))), t(time(atom_length(abc, N))), t(sort_1000),
    d(time(true)), d(time(member(_, [a, b]))), d(time(member(_, [a]))), d(time((true ; true))),
    t(catch(time(throw(x)), x, true)),
    t(statistics).
