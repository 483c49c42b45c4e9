% Trace output (standard error) of the box model: Call, Exit, Redo, Fail and
% Exception ports through user predicates, arithmetic, cut, if-then-else,
% negation, findall/3, catch/3, maplist/3 and library predicates.  Unleashed
% (leash(-all)) except the exception port, where the recorded input creeps on.
app([], L, L).
app([H|T], L, [H|R]) :- app(T, L, R).
len([], 0).
len([_|T], N) :- len(T, M), N is M+1.
p(1). p(2).
q(X) :- p(X), X > 1.
c(X) :- p(X), !.
ite(X) :- ( X > 0 -> Y = pos ; Y = neg ), atom(Y).
neg(X) :- \+ p(X).
fa(L) :- findall(X, p(X), L).
th :- throw(oops).
ca(R) :- catch(th, E, R = E).
r(X) :- X = 1, fail.
r(2).
m(X) :- member(X, [a,b]).
a2(X) :- append(X, _, [1,2]).
ok(_).
t2 :- forall(p(X), ok(X)).
t6 :- once(p(_)).
nn :- \+ neg(1).
dbl(X, Y) :- Y is 2*X.

main :-
    leash(-all),
    trace,
    app([1], [2], _), len([a], _), q(_), c(_), ite(1), ite(-1),
    neg(3), nn, fa(_), ca(_), r(_),
    findall(X, m(X), _), t2, t6, maplist(dbl, [1,2], _),
    ok([1,2,3,4,5,6,7,8,9,10,11,12]), ok(f(g(h(i(j(k(l(m(n(o(p(q)))))))))))),
    ok("str"), ok('A b'), ok(- 1), ok(1-(-1)), ok([a|_]),
    notrace.
