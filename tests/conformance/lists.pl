% Conformance: list library: append, member, memberchk, reverse, nth0, nth1, last, length, permutation, flatten, sum/max/min, numlist, list_to_set, delete, subtract, intersection, union, select, selectchk, exclude, include, partition, nextto, pairs, ordsets
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

even(X) :- 0 is X mod 2.
% Enumerating lengths costs O(1) per answer: 200,000 answers at once.
long_length(N) :- length(L, N), N >= 200000, !, length(L, N).
main :-
    t(append([1, 2], [3], L)), t(findall(X+Y, append(X, Y, [1, 2]), L)), t(append(X, [3], [1, 2, 3])),
    t(append([[1], [2, 3], [], [4]], L)), t(append([a|T], [b], [a, c, b])), t(findall(X, append(X, _, [a, b]), L)),
    t(append([a], b, L)), t(append(X, Y, Z)),
    t(findall(X, member(X, [a, b, c]), L)), t(member(b, [a, b, c])), t(member(x, [a, b])), t(findall(X, member(f(X), [f(1), g(2), f(3)]), L)),
    t(memberchk(X, [a, b])), t(memberchk(f(Y), [g(1), f(2), f(3)])), t(memberchk(z, [a])),
    t(reverse([1, 2, 3], L)), t(reverse([], L)),
    t(nth0(1, [a, b, c], X)), t(nth1(1, [a, b, c], X)), t(findall(I-X, nth0(I, [a, b], X), L)), t(findall(I-X, nth1(I, [a, b], X), L)),
    t(nth0(5, [a], X)), t(nth0(I, [a, b, c], c)), t(nth0(1, [a, b, c], X, R)), t(nth1(2, L, x, [a, b])),
    t(last([1, 2, 3], X)), t(last([], X)),
    t(length([a, b], N)), t(length(L, 2)), t(findall(N, (length(L, N), (N >= 3 -> ! ; true)), Ns)), t(length([a|_], 3)),
    t(findall(N-L, (length([a|L], N), (N >= 3 -> ! ; true)), Ls)), t(long_length(N)),
    t(findall(P, permutation([1, 2, 3], P), L)), t(permutation(L, [a, b])),
    t(flatten([1, [2, [3, 4]], [], [[5]]], L)), t(flatten(a, L)), t(flatten([a, [b|T]], L)),
    t(sum_list([1, 2, 3.5], S)), t(sum_list([], S)), t(sumlist([1, 2], S)), t(max_list([3, 1, 4], M)), t(min_list([3, 1, 4], M)),
    t(max_list([], M)), t(max_member(M, [3, a, f(x), "s"])), t(min_member(M, [3, a, f(x), "s"])), t(max_member(M, [])),
    t(numlist(1, 5, L)), t(numlist(5, 1, L)), t(numlist(3, 3, L)),
    t(list_to_set([a, b, a, c, b, 1, 1.0], L)), t(delete([a, b, a, c], a, L)), t(delete([f(1), f(2), g(1)], f(_), L)),
    t(subtract([1, 2, 3, 4], [2, 4], L)), t(intersection([1, 2, 3], [3, 1, 5], L)), t(union([1, 2], [2, 3], L)),
    t(findall(X-R, select(X, [a, b, c], R), L)), t(select(b, [a, b, c, b], R)), t(findall(L, select(x, L, [1, 2]), Ls)),
    t(findall(R, select(b, [a, b, c, b], z, R), L)), t(selectchk(b, [a, b, c, b], R)), t(selectchk(z, [a], R)),
    t(exclude(even, [1, 2, 3, 4], L)), t(include(even, [1, 2, 3, 4], L)), t(partition(even, [1, 2, 3, 4], I, E)),
    t(partition([X, C]>>compare(C, X, 3), [1, 5, 3, 2, 4], Ls, Es, Gs)),
    t(findall(X-Y, nextto(X, Y, [1, 2, 3]), L)), t(nextto(X, 3, [1, 2, 3])),
    t(pairs_keys_values(P, [a, b], [1, 2])), t(pairs_keys_values([a-1, b-2], K, V)), t(pairs_keys([a-1, b-2], K)), t(pairs_values([a-1, b-2], V)),
    t(list_to_ord_set([c, a, b, a], S)), t(ord_union([a, c], [b, d], S)), t(ord_union([[c], [a], [a, b]], S)), t(ord_subtract([a, b, c, d], [b, d], S)),
    t(ord_memberchk(b, [a, b, c])), t(ord_memberchk(x, [a, b, c])), t(ord_del_element([a, b, c], b, S)),
    t(ord_intersection([a, b, c], [b, c, d], S)), t(ord_subset([a, c], [a, b, c])), t(ord_empty(E)),
    t(sumlist([], S)), t(exclude([X]>>(X > 2), [1, 2, 3, 4], L)), t(last([a], X)),
    t(msort([b, a, c, a], L)), t(predsort([O, A, B]>>compare(O, A, B), [c, a, b], L)),
    t(max_list([1, 2.0, 2], M)), t(min_list([2, 1.0, 1], M)), t(list_to_set([X, Y, X], L)),
    t(sort(0, @>=, [1, 2, 3], L)), t(subtract([a, b], [], L)), t(memberchk(a, L)),
    t(proper_length([a, b], N)), t(proper_length([a|_], N)), t(sort([c-1, a-2, b-3], S)),
    t(last(L, x)), t(exclude([_-V]>>(V > 1), [a-1, b-2, c-0], L)), t(max_member(M, [1, 1.0])),
    t(nth1(I, [a, b, a], a)), t(findall(I, nth1(I, [a, b, a], a), L)),
    t(sum_list([a], S)), t(numlist(a, 3, L)), t(length(L, L)).
