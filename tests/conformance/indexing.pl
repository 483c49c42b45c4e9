% Clause indexing (first and other arguments) and the logical update view
% of assert/retract on predicates large enough to be indexed.

:- dynamic t/2, q/1, r/1, s/2, cnt/1, big/1, w/1.

fill_t :-
    retractall(t(_, _)),
    forall(between(1, 40, I), (atom_number(A, I), assertz(t(I, A)))).

% Mixed first arguments, with variable-first-argument clauses interleaved.
m(1, int).
m(a, atom).
m(X, var1(X)).
m(f(1), compound).
m(1.5, float).
m(_, var2).
m(100000000000000000000000, bigint).
m("str", string).
m([1], list).
m(g(_, _), compound2).
m(2, int2).
m(b, atom2).
m(Z, var3(Z)).
m(1, int_again).
m(f(2), compound_again).
m(f(a, b), f2).

% A static table indexed on its second argument.
e(1, one).
e(2, two).
e(3, three).
e(4, four).
e(5, five).
e(6, six).
e(7, seven).
e(8, eight).
e(9, nine).
e(10, ten).
e(X, any(X)).
e(11, one).

show(G) :-
    findall(G, G, L),
    print(L), nl.

main :-
    fill_t,
    show(t(7, _)), show(t(_, '12')), show(t(41, _)), show(t(_, nope)),
    ( t(40, _) -> write(det_ok) ; write(fail) ), nl,
    forall(member(K, [1, a, f(1), f(2), 1.5, 100000000000000000000000, "str", [1], [2], g(1, 2), b, 2, zzz, f(a, b)]),
           ( findall(W, m(K, W), L), print(K-L), nl )),
    findall(K-W, m(K, W), All), length(All, NAll), print(all(NAll)), nl,
    show(e(_, one)), show(e(_, six)), show(e(12, _)), show(e(_, nothing)),
    % assertz/asserta during iteration: a running call does not see the new clauses
    retractall(q(_)),
    forall(between(1, 20, I), assertz(q(I))),
    findall(X, (q(X), X =< 3, Y is X + 100, assertz(q(Y)), asserta(q(-X))), L1),
    print(L1), nl,
    findall(X, q(X), L2), print(L2), nl,
    % retract during iteration: the running call still sees the retracted clauses
    findall(X, (q(X), X > 0, X < 6, retract(q(X))), L3), print(L3), nl,
    findall(X, q(X), L4), print(L4), nl,
    findall(X, (q(X), retract(q(_))), L5), length(L5, N5), print(n5(N5)), nl,
    findall(X, q(X), L6), print(L6), nl,
    % retract with bound and unbound first arguments, indexed
    retractall(r(_)),
    forall(between(1, 30, I), assertz(r(I))),
    forall(between(1, 30, I), (0 =:= I mod 3 -> retract(r(I)) ; true)),
    findall(X, r(X), L7), print(L7), nl,
    ( retract(r(3)) -> write(yes) ; write(no) ), nl,
    retract(r(X8)), print(first(X8)), nl,
    findall(X, retract(r(X)), L9), print(L9), nl,
    findall(X, r(X), L10), print(L10), nl,
    % retract of the clause being executed
    retractall(cnt(_)),
    assertz((cnt(N) :- retract((cnt(_) :- _)), N = gone)),
    cnt(R1), print(R1), nl,
    ( catch(cnt(_), E, (print(E), nl)) -> true ; write(no_cnt), nl ),
    % asserta and assertz order on an indexed predicate
    retractall(s(_, _)),
    forall(between(1, 12, I), (0 =:= I mod 2 -> assertz(s(k, I)) ; asserta(s(k, I)))),
    forall(between(1, 12, I), assertz(s(I, x))),
    asserta(s(k, first)), assertz(s(k, last)), asserta(s(_, var_front)),
    show(s(k, _)), show(s(5, _)), show(s(_, x)),
    % big table: many asserts, retracts and lookups
    retractall(big(_)),
    forall(between(1, 5000, I), assertz(big(I))),
    forall(between(1, 5000, I), (0 =\= I mod 7 -> retract(big(I)) ; true)),
    aggregate_all(count, big(_), C), print(count(C)), nl,
    aggregate_all(sum(X), big(X), S), print(sum(S)), nl,
    ( big(700) -> write(found) ; write(missing) ), nl,
    ( big(701) -> write(found) ; write(missing) ), nl,
    % retract while a call holds the predicate, then assert more
    retractall(w(_)),
    forall(between(1, 50, I), assertz(w(I))),
    findall(X, (w(X), X =< 50, retract(w(X)), Y is X + 1000, assertz(w(Y))), L11),
    length(L11, N11), print(n11(N11)), nl,
    findall(X, w(X), L12), sum_list(L12, S12), length(L12, N12), print(w(N12, S12)), nl,
    % clause/2 with bound first argument on an indexed predicate
    findall(B, clause(e(3, B0), B), L13), print(L13-B0), nl,
    findall(A-B, clause(t(A, '5'), B), L14), print(L14), nl.
