% Conformance: limit/2, offset/2, call_nth/2, distinct/1,2 and order_by/2 (library(solution_sequences)),
% with their errors; term_hash/2 (its values differ from SWI's: only its properties are checked).
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

main :-
    t(findall(X, limit(2, member(X, [a, b, c])), L)), t(findall(X, limit(5, member(X, [a, b])), L)),
    t(limit(0, true)), t(limit(-1, true)), t(findall(X, limit(inf, member(X, [a, b])), L)),
    t(findall(X, limit(infinite, member(X, [a, b])), L)), t(limit(a, true)), t(limit(_, true)),
    t(findall(X-Y, limit(3, (member(X, [1, 2]), member(Y, [x, y]))), L)),
    t(findall(X, offset(1, member(X, [a, b, c])), L)), t(findall(X, offset(0, member(X, [a, b])), L)),
    t(findall(X, offset(5, member(X, [a, b])), L)), t(offset(-1, true)), t(offset(a, true)),
    t(findall(X, limit(2, offset(1, member(X, [a, b, c, d]))), L)),
    t(findall(X-N, call_nth(member(X, [a, b, c]), N), L)), t(call_nth(member(X, [a, b, c]), 2)),
    t(call_nth(member(X, [a, b, c]), 4)), t(call_nth(true, 0)), t(call_nth(true, -1)), t(call_nth(true, a)),
    t(call_nth(true, foo(1))), t(findall(N, call_nth(fail, N), L)),
    t(findall(X, (limit(2, member(X, [a, b, c])), X \== a), L)),
    distinct_and_order_by,
    t(\+ \+ (term_hash(foo(bar, 1, "s", 2.5, [x]), H), integer(H), H >= 0, H < 16777216)),
    t((term_hash(f(_), H), var(H))), t(\+ \+ (term_hash(f(a, 1), H1), term_hash(f(a, 1), H2), H1 == H2)),
    t(\+ \+ (term_hash(123456789012345678901234567890, H), integer(H))).

p(1, a). p(2, b). p(1, c). p(3, a). p(2, a).

distinct_and_order_by :-
    t(findall(X, distinct(member(X, [a, b, a, c, b])), L)),
    t(findall(X, distinct(X, member(X, [a, b, a, c, b])), L)),
    t(findall(X-Y, distinct(X, p(X, Y)), L)),
    t(findall(X, distinct(member(X, [f(_), f(_), f(A), g(A, A), g(B, _), g(B, B)])), L)),
    t(findall(X, distinct(X, member(X, [f(Y1), f(Y2), f(Y1), g(Y2)])), L)),
    t(findall(X-Y, distinct(X, member(X-Y, [f(_)-1, f(_)-2, f(a)-3])), L)),
    t(findall(X, distinct(_, member(X, [a, b])), L)),
    t(findall(X, distinct(member(X, [1, 1.0, 1, "s", "s", s])), L)),
    t(distinct(_)), t(distinct(x, 1)),
    t(findall(X, limit(2, distinct(member(X, [a, a, b, c]))), L)),
    t((numlist(1, 300, Ns), findall(X, distinct(X, (member(N, Ns), X is N mod 97)), L))),
    t(findall(X-Y, order_by([asc(X)], p(X, Y)), L)),
    t(findall(X-Y, order_by([desc(X)], p(X, Y)), L)),
    t(findall(X-Y, order_by([asc(X), desc(Y)], p(X, Y)), L)),
    t(findall(X-Y, order_by([desc(Y), asc(X)], p(X, Y)), L)),
    t(findall(X, order_by([desc(X)], member(X, [b, a, c, a])), L)),
    t(order_by([], true)), t(order_by(foo, true)), t(order_by([up(X)], member(X, [1]))),
    t(order_by(_, true)), t(order_by([asc(X)|_], member(X, [1]))), t(order_by([_], true)),
    t(findall(X-Y, order_by([asc(X)], member(X-Y, [2-_, 1-z, 2-y])), L)),
    t(findall(X, order_by([asc(X)], fail), L)),
    t(findall(K, order_by([asc(K)], member(K, [f(B1), f(a), B1])), L)),
    t(findall(X, order_by([asc(X)], distinct(member(X, [c, a, c, b]))), L)).
