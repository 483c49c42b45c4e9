% Conformance: single sided unification (`Head => Body`, `Head, Guard =>
% Body`) and determinism (`$/0`, `$/1`) of SWI-Prolog 9.
t(G) :- \+ \+ t_(G).
t_(G) :-
    (   catch(G, E, true)
    ->  ( var(E) -> R = yes(G) ; R = ex(E), print_message(error, E) )
    ;   R = no
    ),
    out(R).
out(R) :- nonvar(R), R = ex(error(F, _)), !, out(ex(F)).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

% Matching: constants, lists, structures, repeated variables.
m(1, R) => R = one.
m([H|T], R) => R = list(H, T).
m(f(X, X), R) => R = same(X).
m(f(_, _), R) => R = pair.
m(s(a), R) => R = sa.
m(2.5, R) => R = float.
m("str", R) => R = string.
m(big(123456789012345678901234567890), R) => R = big.

% Guards: tests, calls, a guard that binds.
g(X, R), integer(X), X > 10 => R = big.
g(X, R), integer(X) => R = small.
g(X, R), atom_length(X, 3) => R = three.
g(X, R), member(X-R, [a-first, b-second]) => true.
g(_, R) => R = other.

b(X, Y), X = Y => true.

% Output unification belongs in the body.
out1(X) => X = 1.
out2(1) => true.

% No rule matches.
only_a(a) => true.
% The first argument index still applies: no candidate at all.
idx(1) => true.
idx(2) => true.

% Recursion with accumulators (the shape of SWI's det.pl).
sum([], S0, S) => S = S0.
sum([H|T], S0, S) => S1 is S0 + H, sum(T, S1, S).

% A guard after which the body fails: no other clause is tried.
commit(X), X > 0 => fail.
commit(_) => true.

% $/0 and $/1.
p(1). p(2).
q(1).
r :- fail.
d1(X) :- $, q(X).
d2(X) :- $, p(X).
d3 :- $, r.
d4(X) :- p(X), $, true.
d5(X) :- $p(X).
d6(X) :- $q(X).
d7 :- $r.
d8(X) :- $, (p(X) ; true).
d9(X) :- $, p(X), !.
d10 :- $, fail, r.
d11 :- $, q(_), r.
d12 :- $, p(_), q(_).
d13 :- $, q(_), $, q(_).
d14(X) :- $, p(X), !, fail.
rdet(0) => true.
rdet(N) => $q(_), $, N1 is N - 1, rdet(N1).

:- dynamic dyn/1.

main :-
    t(m(1, _)), t(m([a, b], _)), t(m(f(a, a), _)), t(m(f(a, b), _)),
    t(m(f(_, _), _)), t(m(f(Y, Y), _)), t(m(s(a), _)), t(m(s(_), _)),
    t(m(2.5, _)), t(m("str", _)), t(m(big(123456789012345678901234567890), _)),
    t(m(_, _)), t(m(3, _)), t(m([_|_], _)),
    t(g(20, _)), t(g(5, _)), t(g(abc, _)), t(g(b, _)), t(g(xy, _)), t(g(_, _)),
    t(b(_, _)), t(b(1, 1)), t(b(1, 2)),
    t(out1(_)), t(out1(2)), t(out2(_)), t(out2(1)),
    t(only_a(b)), t(only_a(_)), t(idx(3)), t(idx(_)), t(m:nothing(1)),
    t(sum([1, 2, 3], 0, _)),
    t(commit(1)), t(commit(0)),
    t(d1(_)), t(d2(_)), t(d3), t(d4(_)), t(d5(_)), t(d6(_)), t(d7), t(d8(_)),
    t(d9(_)), t(d10), t(d11), t(d12), t(d13), t(d14(_)), t(rdet(1000)),
    t($(true)), t($(member(_, [a]))), t(findall(X, d4(X), _)),
    t(assertz((dyn(X1) => X1 = 1))), t(dyn(_)), t(dyn(2)),
    t(assertz((dyn(_) :- true))), t(assertz(dyn(3))),
    t(clause(dyn(A), B1)), t(clause(g(_, _), _)),
    listing(dyn/1),
    t(A = A), t(B1 = B1).

m:nothing(0) => true.

% Mixing `:-` and `=>` clauses is refused, either way round.
mixed(1) :- true.
mixed(2) => true.
mixed2(1) => true.
mixed2(2).
