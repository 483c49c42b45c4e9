% Conformance: between/3, succ/2, plus/3, aggregate_all/3 (count, sum, max, min, bag, set, max(X,W), min(X,W))
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

p(a, 3). p(b, 1). p(c, 4). p(d, 1). p(e, 5).
main :-
    t(findall(X, between(1, 5, X), L)), t(between(1, 3, 3)), t(between(1, 3, 4)), t(findall(X, between(3, 1, X), L)),
    t(findall(X, between(1, 1, X), L)), t(between(1, inf, 1000000)), t(findall(X, (between(1, infinite, X), (X >= 3 -> ! ; true)), L)),
    t(between(a, 3, X)), t(between(1, X, 2)), t(between(1.0, 3, X)), t(between(0, 1180591620717411303424, 590295810358705651712)),
    t(succ(3, X)), t(succ(X, 4)), t(succ(X, 1)), t(succ(X, 0)), t(succ(0, X)), t(succ(X, Y)), t(succ(18446744073709551616, X)),
    t(plus(1, 2, X)), t(plus(1, X, 5)), t(plus(X, 2, 5)), t(plus(X, Y, 5)), t(plus(1.5, 1, X)),
    t(aggregate_all(count, p(_, _), C)), t(aggregate_all(count, fail, C)), t(aggregate_all(sum(N), p(_, N), S)),
    t(aggregate_all(sum(N), fail, S)), t(aggregate_all(max(N), p(_, N), M)), t(aggregate_all(max(N), fail, M)),
    t(aggregate_all(min(N), p(_, N), M)), t(aggregate_all(bag(K), p(K, _), B)), t(aggregate_all(set(N), p(_, N), B)),
    t(aggregate_all(max(N, K), p(K, N), M)), t(aggregate_all(min(N, K), p(K, N), M)), t(aggregate_all(bag(K-N), p(K, N), B)),
    t(aggregate_all(sum(N * 2), p(_, N), S)), t(aggregate_all(max(N), member(N, [1, 2.5, 2]), M)),
    t(aggregate_all(count, member(_, [a, b, a]), C)), t(aggregate_all(set(X), member(X, [c, a, b, a]), S)),
    t(aggregate_all(sum(X), member(X, [1, 2.0]), S)), t(aggregate_all(max(X), member(X, [a, b]), S)),
    t(aggregate_all(foo, true, S)), t(aggregate_all(count, (member(X, [1, 2, 3]), X > 1), C)),
    t(aggregate_all(min(X-Y), member(X-Y, [2-a, 1-b, 1-a]), M)).
