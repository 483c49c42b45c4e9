% Conformance: limit/2, offset/2 and call_nth/2 (library(solution_sequences)), with their errors.
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
    t(findall(X, (limit(2, member(X, [a, b, c])), X \== a), L)).
