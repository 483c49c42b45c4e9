% Conformance: compare/3, standard order of terms, sort/2, sort/4, msort/2, predsort/3, keysort/2
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

by_len(O, A, B) :- atom_length(A, LA), atom_length(B, LB), compare(O, LA-A, LB-B).
rev(O, A, B) :- compare(O, B, A).
nodup(O, A, B) :- compare(O0, A, B), ( O0 == (=) -> O = (<) ; O = O0 ).

main :-
    t(compare(O, 1, 2)), t(compare(O, 2, 1)), t(compare(O, a, a)),
    t(compare(O, 1, 1.0)), t(compare(O, 1.0, 1)), t(compare(O, 1, 2.0)), t(compare(O, 2, 1.5)),
    t(compare(O, 1.5, 1)), t(compare(O, 0, -0.0)), t(compare(O, -0.0, 0.0)),
    t(compare(O, a, 1)), t(compare(O, "abc", abc)), t(compare(O, "abc", f(a))), t(compare(O, abc, "abc")),
    t(compare(O, f(a), g(a))), t(compare(O, f(a, b), g(a))), t(compare(O, f(b), f(a, a))),
    t(compare(O, f(a, b), f(a, c))), t(compare(O, [], a)), t(compare(O, [], '[]')), t(compare(O, [1], f(a))),
    t(compare(O, [1], f(a, b))), t(compare(O, [1], '[|]'(1, 0))), t(compare(O, 2 ** 70, 1.0e30)),
    t(compare(O, X, X)), t(compare(O, X, 1)), t(compare(O, 1.0Inf, 2 ** 1000)),
    t(compare(O, abc, abd)), t(compare(O, ab, abc)), t(compare(O, 'B', a)), t(compare(O, "b", "ab")),
    t(1 @< a), t(a @< "a"), t(1.0 @< 1), t(f(z) @< g(a)), t(f(a, a) @> g(z)), t(a @=< a), t(a @>= b), t(X @< 1),
    t(a == a), t(a \== b), t(X == X), t(X == Y), t(f(X) \== f(Y)), t(1 == 1.0),
    t(msort([c, 1, b, 2.0, "s", f(x), a, [], g(a, b), 1.0, 1, "a"], L)),
    t(sort([c, a, b, a, c], L)), t(sort([3, 1, 2, 1.0, 3], L)), t(sort([], L)),
    t(sort(0, @>=, [3, 1, 2, 3, 1], L)), t(sort(0, @=<, [3, 1, 2, 3, 1], L)),
    t(sort(0, @<, [3, 1, 2, 3, 1], L)), t(sort(0, @>, [3, 1, 2, 3, 1], L)),
    t(sort(1, @<, [f(2, a), f(1, b), f(2, c), f(1, d)], L)),
    t(sort(1, @=<, [f(2, a), f(1, b), f(2, c), f(1, d)], L)),
    t(sort(1, @>, [f(2, a), f(1, b), f(2, c), f(1, d)], L)),
    t(sort(1, @>=, [f(2, a), f(1, b), f(2, c), f(1, d)], L)),
    t(sort(2, @<, [f(2, a), f(1, b), f(2, a), f(1, d)], L)),
    t(sort(0, @<, [], L)), t(sort(1, @<, [f(a)|_], L)), t(sort(3, @<, [f(a, b)], L)), t(sort(1, foo, [f(a)], L)),
    t(keysort([b-1, a-2, b-0, a-1, c-9, a-0], L)), t(keysort([2-x, 1-y, 2-a, 1-b], L)),
    t(keysort([a-1, b], L)), t(keysort(x, L)), t(keysort([], L)),
    t(predsort(by_len, [ccc, a, bb, dd, a], L)), t(predsort(rev, [1, 3, 2, 3], L)),
    t(predsort(nodup, [1, 3, 2, 3], L)),
    t(sort([b, a|_], L)), t(sort(a, L)),
    t(length(L, 3)), t(sort([x, y], [x, y])), t(sort([y, x], [y, x])),
    t(sort(0, @>=, [1, 1.0, 2, 2.0], L)), t(msort([1.0, 1, 0.5, 2], L)),
    t(sort([[b], [a, b], [a], []], L)), t(sort(["b", "a", 'a', b], L)).
