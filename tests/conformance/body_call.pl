% A variable body goal is stored as call(Goal), as SWI-Prolog's compiler
% stores it: clause/2, retract/1 and listing/1 show it so; a goal with a
% module qualifier keeps it.  clause/2 with a body that is no callable
% term (5) just fails, as in SWI-Prolog.
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

:- dynamic c/2, d/1, f/1.
c(1, X) :- X.
c(2, X) :- X, true.
c(3, X) :- ( X ; true ).
c(4, X) :- ( X -> X ; X ).
c(5, X) :- \+ X.
c(6, X) :- findall(Y, X, Y).
c(7, X) :- call(X).
c(8, X) :- ( X *-> true ; X ).
c(9, M:X) :- M:X.
c(10, X) :- user:X.
c(11, X-Y) :- user:(X, Y).
c(12, X-Y) :- lists:(X ; Y).
c(13, M) :- M:foo.
c(14, X) :- user:user:X.
c(15, X) :- \+ \+ X.

s(1).

:- dynamic k/2.
k(1, X) :- X.
k(2, X) :- ( X -> true ; \+ X ).
k(3, M:X) :- M:X.
k(4, X) :- user:X.

main :-
    forall(clause(c(N, X), B), out((c(N, X) :- B))),
    t(( assertz((d(X) :- X)), clause(d(_), B) )),
    t(( asserta((bar(X) :- X)), clause(bar(X), B) )),
    t(retract((d(_) :- call(_)))),
    t(( assertz((f(X) :- X)), retract((f(_) :- _)) )),
    t(c(1, true)), t(c(1, fail)), t(c(7, (member(Q, [a, b]), Q == b))),
    t(clause(s(_), 5)), t(clause(c(_, _), 5)), t(clause(nonexistent(_), 5)),
    t(clause(atom(_), 5)), t(clause(_, 5)), t(clause(4, 5)),
    listing(k/2).
