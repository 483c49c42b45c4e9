% trace/1,2 (ports printed without stopping), leashed ports answered from
% spy.in (skip, creep, help, leap), errors of leash/1 and spy/1.
foo(X) :- bar(X), X > 0.
bar(X) :- baz(X).
baz(1).
baz(2).
qux(X) :- X > 0.

e(G) :- catch(G, error(E, _), (print(user_error, E), nl(user_error))).

main :-
    leash(-all),
    trace(qux/1),
    qux(1), \+ qux(0),
    trace(qux/1, -all),
    trace(qux/1, +fail),
    \+ qux(0), qux(2),
    nodebug,
    leash(+call),
    trace,
    foo(_),
    foo(_),
    notrace,
    e(leash(bad)), e(leash(_)), e(spy(nonesuch/3)), e(spy(1)).
