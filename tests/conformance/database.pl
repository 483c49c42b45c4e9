% Conformance: assert/asserta/assertz/retract/retractall/abolish/clause, logical update view
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

:- dynamic counter/1, fact/1, item/2, rule/1, luv/1, luv2/1, empty/0.
fact(1). fact(2). fact(3).
rule(X) :- fact(X), X > 1.
rule(x) :- true.
item(a, 1). item(b, 2).
luv(1). luv(2). luv(3).
luv2(1). luv2(2).

dump(P) :- findall(X, call(P, X), L), out(P = L).

main :-
    dump(fact),
    t(assertz(fact(4))), dump(fact),
    t(asserta(fact(0))), dump(fact),
    t(assert(fact(5))), dump(fact),
    t(retract(fact(0))), dump(fact),
    t(retract(fact(99))),
    t(findall(X, retract(fact(X)), L)), dump(fact),
    t(clause(rule(X), B)), t(findall(H-B, clause(rule(H), B), L)),
    t(clause(item(K, V), true)), t(clause(fact(_), _)),
    t(clause(atom_length(_, _), B)), t(clause(_, true)), t(clause(4, true)),
    t(retract((rule(X) :- fact(X), X > 1))), t(findall(H-B, clause(rule(H), B), L)),
    t(retractall(item(a, _))), t(findall(K-V, item(K, V), L)),
    t(retractall(item(_, _))), t(findall(K-V, item(K, V), L)), t(item(_, _)),
    t(retractall(newpred(_))), t(newpred(1)),
    t(assertz((newrule(X) :- X > 0, !, true))), t(newrule(5)), t(newrule(-1)),
    t(clause(newrule(A), Body)),
    t(abolish(newrule/1)), t(catch(newrule(1), error(E, _), true)),
    t(assertz(counter(0))),
    t((retract(counter(C0)), C1 is C0 + 1, assertz(counter(C1)))), t(counter(C)),
    t(findall(X, (luv(X), assertz(luv(10))), L)), dump(luv),
    t(findall(X, (luv2(X), (X == 1 -> retract(luv2(2)) ; true)), L)), dump(luv2),
    t(findall(X, (retract(luv(X)), X < 3), L)), dump(luv),
    t((assertz(fact(f(Y, Y))), fact(f(1, Z)))),
    t(assertz(foo)), t(foo), t(retract(foo)), t(foo), t(empty),
    t(assertz("str")), t(assertz((x :- "str"))), t(asserta(_)), t(retract(_)),
    t(assertz((fact(8) :- fail ; true))), t(fact(8)),
    t((abolish(fact, 1), catch(fact(_), error(E, _), true))),
    t(predicate_property(luv(_), dynamic)), t(predicate_property(luv(_), number_of_clauses(N))),
    t((assertz(ord(3)), asserta(ord(1)), assertz(ord(4)), findall(X, ord(X), L))),
    t(findall(X, (member(X, [a, b, c]), assertz(seen(X))), _)), t(findall(X, seen(X), L)),
    t(retract((seen(X) :- true))), t(findall(X, seen(X), L)),
    t((assertz(cnt(0)), forall(between(1, 100, _), (retract(cnt(N0)), N1 is N0 + 1, assertz(cnt(N1)))), cnt(N))),
    t((assertz(g(X1, X1)), g(a, B1), g(1, 1), \+ g(1, 2))),
    % retract/clause choicepoints over a long predicate (narrowed to the candidates) keep the
    % logical update view: clauses asserted or retracted meanwhile do not change what they see
    t((forall(between(1, 300, I), (K is I mod 3, assertz(big(K, I)))),
       findall(X, (retract(big(0, X)), X >= 290), L))),
    t((findall(X, big(0, X), L))),
    t(findall(X-Y, (clause(big(1, X), true), X > 280, assertz(big(1, 1000)), retract(big(1, 4)), Y = ok), L)),
    t(aggregate_all(count, big(_, _), N)),
    t((retract(big(2, X)), assertz(big(2, new)), X == 2, findall(Y, retract(big(2, Y)), L))).
