% Conformance: answer subsumption (mode-directed tabling), compared on
% sorted answer sets: min/max/sum/first/last/lattice/po modes, several
% moded arguments (each aggregated on its own), shortest paths on a cyclic
% graph, a module-local lattice predicate, a bound moded argument.
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
all(T, G, S) :- findall(T, G, L), msort(L, S).

e(a, b, 3). e(b, c, 1). e(a, c, 5). e(c, d, 2). e(d, a, 1). e(d, e, 7). e(b, e, 9).

:- table dist(_, _, min).
dist(X, Y, D) :- e(X, Y, D).
dist(X, Y, D) :- dist(X, Z, D0), e(Z, Y, D1), D is D0 + D1.

:- table far(_, _, max).
far(X, Y, D) :- e(X, Y, D).
far(X, Y, D) :- far(X, Z, D0), e(Z, Y, D1), D is D0 + D1, D < 30.

:- table route(_, _, lattice(shorter/3)).
shorter(P1, P2, P) :- length(P1, L1), length(P2, L2), ( L1 =< L2 -> P = P1 ; P = P2 ).
route(X, Y, [X, Y]) :- e(X, Y, _).
route(X, Y, P) :- route(X, Z, P0), e(Z, Y, _), append(P0, [Y], P).

:- table hops(_, _, -, min).
hops(X, Y, [X, Y], 1) :- e(X, Y, _).
hops(X, Y, P, N) :- hops(X, Z, P0, N0), e(Z, Y, _), append(P0, [Y], P), N is N0 + 1.

:- table total(_, sum).
total(K, V) :- member(K-V, [a-1, b-2, a-3, c-4, a-5, b-6]).

:- table first_last(_, first, last).
first_last(K, F, L) :- member(K-F-L, [a-1-x, b-2-y, a-3-z, a-4-w]).

:- table mm(_, max, min).
mm(k, A, B) :- member(A-B, [1-5, 2-6, 3-4, 0-1]).

:- table best(_, po('>'/2)).
best(K, V) :- member(K-V, [x-5, x-3, y-2, x-9, y-8, x-4]).

:- table low(_, po('<'/2)).
low(K, V) :- member(K-V, [x-5, x-3, y-2, x-9, y-8, x-4]).

:- table cover(_, po(bigger/2)).
bigger(A, B) :- subset(B, A), A \== B.
cover(x, S) :- member(S, [[a], [b], [a, b], [c]]).

:- table one(min).
one(X) :- member(X, [4, 2, 7, 2]).

main :-
    t(all(Y-D, dist(a, Y, D), _)), t(all(X-Y-D, dist(X, Y, D), _)),
    t(dist(a, e, _)), t(dist(x, _, _)),
    t(all(Y-D, far(a, Y, D), _)),
    t(all(Y-P, route(a, Y, P), _)), t(route(b, a, _)),
    t(all(Y-N, hops(a, Y, _, N), _)),
    t(all(K-V, total(K, V), _)), t(total(a, _)),
    t(all(K-F-L, first_last(K, F, L), _)),
    t(all(A-B, mm(k, A, B), _)),
    t(all(K-V, best(K, V), _)), t(all(K-V, low(K, V), _)),
    t(all(S, cover(x, S), _)),
    t(one(_)),
    t(dist(a, e, 9)), t(total(a, 9)),
    t((abolish_all_tables, dist(a, d, _))),
    t(predicate_property(dist(_, _, _), tabled)).
