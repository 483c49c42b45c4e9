% Conformance: meta-called control constructs (call/1 of conjunctions,
% disjunctions, if-then-else, negation, cut), which puzzlog runs as compiled
% clauses cached by the goal's shape: the same shape called again with other
% arguments, leaves in other modules, call/N inside them, cut, errors and
% their contexts, depth limits, and when attribute hooks run after `=`.
% Recorded from swipl.

:- module(meta_call_test, [main/0]).

:- use_module(library(lists)).

loc(1).
loc(2).
loc(3).
p(X) :- loc(X).

w(X) :- print(X), nl.
e(G) :- catch(G, E, (print(caught(E)), nl)).
all(T, G) :- findall(T, G, L), w(L).

other:q(a).
other:q(b).
other:r(X) :- other:q(X).

shapes :-
    % one shape, many argument values
    forall(member(N, [1, 2, 3]), all(X, (loc(X), X >= N))),
    all(X-Y, (loc(X), loc(Y), X < Y)),
    all(X, (loc(X) ; X = 9)),
    all(X, (loc(X), (X =:= 2 -> true ; X =:= 3))),
    all(X-S, (loc(X), (X > 1 -> S = big ; S = small))),
    all(X-S, (loc(X), (X > 1 *-> S = big ; S = small))),
    all(X, (loc(X), \+ X = 2)),
    all(X, (loc(X), \+ \+ p(X))),
    all(X, (member(X, [a, b]), true, \+ fail)),
    all(X, (member(X, [1, 2]) , false ; X = none)).

cuts :-
    all(X, (loc(X), !)),
    all(X, (loc(X), !, X > 1)),
    all(X, ((loc(X), !) ; X = 9)),
    all(X-Y, (loc(X), call((loc(Y), !)))),
    all(X, (loc(X), (X > 1, ! ; true))),
    all(X, (loc(X), \+ (!, fail))),
    all(X, (loc(X), (! -> true ; true))),
    all(X, (loc(X), once((loc(Y), Y > X)))).

modules :-
    all(X, other:(q(X), \+ X = b)),
    all(X, (other:q(X) ; X = c)),
    all(X, other:(r(X), !)),
    all(X-Y, (loc(X), X < 3, other:q(Y))),
    all(X, (call(p, X), X > 1)),
    all(X, (true, call(call, p, X))),
    all(X, (true, call(other:q, X))),
    all(X, (true, other:call(r, X))),
    all(X, (true, findall(Z, (p(Z), Z > 1), X))),
    all(X, (true, forall(p(Z), Z > 0), X = ok)),
    all(X, (true, aggregate_all(count, p(_), X))),
    all(X, (true, catch(p(X), _, true))),
    all(X, (true, G = p(X), G)),
    all(X, (true, maplist(p, [X]))),
    all(X, (M = other, M:q(X), true)).

errors :-
    e(call((true, nope0))),
    e(call((nope1, true))),
    e(call((write(x), nl, nope2(_)))),
    e(call((true, call(nope3, 1)))),
    e(call((fail ; call(1)))),
    e(call((fail ; call(_)))),
    e(call((true ; _))),
    e(call((true, 1))),
    e(call((true, X is foo + 1, w(X)))),
    e(call((M:q(_), true))),
    e(call((true, nomod:nope4))),
    w(M).

depth :-
    call_with_depth_limit((loc(X), X > 2), 10, D1), w(X-D1),
    call_with_depth_limit((p(Y), Y > 2), 10, D2), w(Y-D2),
    call_with_depth_limit(call((p(Z), (Z > 2 -> true ; fail))), 10, D3), w(Z-D3),
    ( call_with_depth_limit((p(_), fail), 1, D4) -> w(D4) ; w(no) ).

wakeup :-
    all(o, (freeze(X, w(a)), freeze(Y, w(b)), X = Y, X = 1)),
    all(o, (freeze(X, w(a)), freeze(Y, w(b)), Y = X, Y = 1)),
    all(R, (freeze(X, fail), (X = 1, ! , R = bound ; R = not_bound))),
    bindings(1, 2),
    ( unify_then_cut(_) -> w(yes) ; w(no) ).

bindings(A, B) :-
    freeze(X, w(x(A))), freeze(Y, w(y(B))), X = Y, w(between), X = A.

unify_then_cut(X) :- freeze(X, fail), X = 1, !, w(first).
unify_then_cut(_) :- w(second).

dif_shapes :-
    all(X, (member(X, [a, b, c]), dif(X, b))),
    all(X-Y, (dif(X, Y), member(X-Y, [1-1, 1-2]))).

main :-
    shapes, cuts, modules, errors, depth, wakeup, dif_shapes.
