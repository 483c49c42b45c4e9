% Conformance: library(heaps): every exported predicate, the printed
% form of heaps (pairing heaps: melding and pairing as SWI does them),
% the order in which equal priorities come out, malformed heaps, and
% random sequences of operations.
:- use_module(library(heaps)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; E = error(F, _) -> R = ex(F) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
det(G) :- \+ \+ ( call_cleanup(G, Det = true), ( Det == true -> R = det(G) ; R = nondet(G) ), out(R) ).

lcg(S0, S, X, M) :- S is (S0*1103515245+12345) mod 2147483648, X is (S >> 8) mod M.

% Random operations; prints each one with the resulting heap.
run(0, _, H) :- !, heap_to_list(H, L), print(final(L)), nl.
run(N, S0, H0) :-
    lcg(S0, S1, Op, 12), lcg(S1, S2, P, 5), lcg(S2, S3, K, 4),
    (   Op < 5 -> add_to_heap(H0, P, k(K), H), D = add(P, K)
    ;   Op < 8 -> ( get_from_heap(H0, P1, K1, H) -> D = get(P1, K1) ; H = H0, D = noget )
    ;   Op < 9 -> ( delete_from_heap(H0, P1, k(K), H) -> D = del(P1, K) ; H = H0, D = nodel(K) )
    ;   Op < 10 -> ( min_of_heap(H0, P1, K1, P2, K2) -> D = min2(P1, K1, P2, K2) ; D = nomin2 ), H = H0
    ;   Op < 11 -> list_to_heap([P-a, K-b, P-c], LH), merge_heaps(H0, LH, H), D = merge
    ;   list_to_heap([P-a, K-b], LH), merge_heaps(LH, H0, H), D = merge2
    ),
    print(D-H), nl,
    ( is_heap(H) -> true ; print(not_a_heap), nl ),
    N1 is N-1,
    run(N1, S3, H).

% Many operations; prints the sizes and the list at the end.
bulk(N, Seed) :-
    bulk_(N, Seed, heap(nil, 0), H),
    heap_size(H, Size), heap_to_list(H, L), length(L, Len),
    print(bulk(N, Size, Len)), nl, print(L), nl.
bulk_(0, _, H, H) :- !.
bulk_(N, S0, H0, H) :-
    lcg(S0, S1, Op, 3), lcg(S1, S2, P, 50),
    (   Op < 2 -> add_to_heap(H0, P, N, H1)
    ;   get_from_heap(H0, _, _, H1) -> true
    ;   H1 = H0
    ),
    N1 is N-1,
    bulk_(N1, S2, H1, H).

h5(H) :- list_to_heap([3-c, 1-a, 2-b, 1-a2, 3-c2], H).

main :-
    % empty_heap/1, singleton_heap/3
    t(empty_heap(H)), t(empty_heap(heap(nil, 0))), t(empty_heap(heap(t(a, 1, []), 1))), t(empty_heap(foo)), t(empty_heap(heap(_, 0))),
    t(singleton_heap(H, 1, a)), t(singleton_heap(heap(t(a, 1, []), 1), P, K)), t(singleton_heap(foo, P, K)),
    t(singleton_heap(heap(t(a, 1, []), 2), P, K)), t(singleton_heap(heap(t(a, 1, [x]), 1), P, K)),
    % add_to_heap/4
    t(add_to_heap(heap(nil, 0), 5, e, H)), t((add_to_heap(heap(nil, 0), 5, e, H1), add_to_heap(H1, 3, c, H2), add_to_heap(H2, 7, g, H3),
        add_to_heap(H3, 3, c2, H4), add_to_heap(H4, 1, a, H))),
    t(add_to_heap(foo, 1, a, H)), t(add_to_heap(_, 1, a, H)), t(add_to_heap(heap(nil, 0), P, a, H)), t(add_to_heap(heap(nil, 0), a, k, H)),
    t(add_to_heap(heap(foo, 3), 0, b, H)), t(add_to_heap(heap(nil, foo), 1, a, H)), t(add_to_heap(heap(foo, foo), 1, a, H)),
    t(add_to_heap(heap(t(a, 1, []), 1), 0, b, H)), t(add_to_heap(heap(t(a, 1, []), 1), 1, b, H)), t(add_to_heap(heap(t(a, 1, []), 1), 2, b, H)),
    % list_to_heap/2, heap_to_list/2, heap_size/2
    t(h5(H)), t((h5(H), heap_to_list(H, L))), t((h5(H), heap_size(H, S))),
    t((list_to_heap([1-a, 1.0-b, b-c, a-d, f(x)-e, "s"-f], H), heap_to_list(H, L))),
    t(list_to_heap(foo, H)), t(list_to_heap([a], H)), t(list_to_heap(_, H)), t(list_to_heap([1-a|_], H)), t(list_to_heap([], H)),
    t(list_to_heap([1-a|foo], H)), t(list_to_heap(L, heap(t(a, 1, []), 1))), t(list_to_heap([1-a, 2-b], heap(t(a, 1, [t(b, 2, [])]), 2))),
    t((list_to_heap([2-a, 1-b], H), heap_to_list(H, [1-b|T]))),
    t(heap_to_list(foo, L)), t(heap_to_list(_, L)), t(heap_to_list(heap(nil, 0), L)), t(heap_to_list(heap(foo, 3), L)),
    t(heap_to_list(heap(t(a, 1, []), 1), L)), t(heap_to_list(heap(t(a, 1, [t(b, 0, [])]), 1), L)), t(heap_to_list(heap(t(a, 1, []), 7), L)),
    t(heap_size(foo, S)), t(heap_size(_, S)), t(heap_size(heap(foo, 3), S)), t(heap_size(heap(nil, 0), S)),
    t((numlist(1, 12, Ns), findall(1-N, member(N, Ns), Ps), list_to_heap(Ps, H), heap_to_list(H, L))),
    t((numlist(1, 12, Ns), findall(P-N, (member(N, Ns), P is N mod 3), Ps), list_to_heap(Ps, H), heap_to_list(H, L))),
    t((numlist(1, 12, Ns), findall(P-N, (member(N, Ns), P is -N), Ps), list_to_heap(Ps, H))),
    % get_from_heap/4
    t((h5(H0), get_from_heap(H0, P, K, H))), t(get_from_heap(heap(nil, 0), P, K, H)), t(get_from_heap(foo, P, K, H)),
    t(get_from_heap(_, P, K, H)), t((h5(H0), get_from_heap(H0, 1, a2, H))), t((h5(H0), get_from_heap(H0, 1, a, H))),
    t((h5(H0), get_from_heap(H0, 2, K, H))), t(get_from_heap(heap(foo, 3), P, K, H)), t(get_from_heap(heap(t(a, 1, foo), 3), P, K, H)),
    t(get_from_heap(heap(t(a, 1, []), foo), P, K, H)), t(get_from_heap(heap(t(a, 1, []), 1), P, K, H)),
    t((h5(H0), get_from_heap(H0, _, _, H1), get_from_heap(H1, _, _, H2), get_from_heap(H2, P, K, H))),
    % min_of_heap/3,5
    t((h5(H), min_of_heap(H, P, K))), t(min_of_heap(heap(nil, 0), P, K)), t(min_of_heap(foo, P, K)), t(min_of_heap(_, P, K)),
    t((h5(H), min_of_heap(H, 1, a))), t((h5(H), min_of_heap(H, P1, K1, P2, K2))), t(min_of_heap(heap(t(a, 1, []), 1), P1, K1, P2, K2)),
    t(min_of_heap(heap(t(a, 1, [t(b, 1, []), t(c, 1, [])]), 3), P1, K1, P2, K2)),
    t(min_of_heap(heap(t(a, 1, [t(b, 1, []), t(c, 1, []), t(d, 1, [])]), 4), P1, K1, P2, K2)),
    t(min_of_heap(heap(t(a, 1, [t(b, 2, []), t(c, 1, [])]), 3), P1, K1, P2, K2)), t(min_of_heap(heap(t(a, 1, foo), 3), P1, K1, P2, K2)),
    t(min_of_heap(heap(t(a, 1, []), 3), P1, K1, P2, K2)),
    % merge_heaps/3
    t((h5(H1), list_to_heap([2-x, 1-y], H2), merge_heaps(H1, H2, H), heap_to_list(H, L))),
    t((h5(H1), list_to_heap([2-x, 1-y], H2), merge_heaps(H2, H1, H), heap_to_list(H, L))),
    t(merge_heaps(heap(nil, 0), heap(nil, 0), H)), t(merge_heaps(foo, heap(nil, 0), H)), t(merge_heaps(heap(nil, 0), foo, H)),
    t(merge_heaps(_, heap(nil, 0), H)), t(merge_heaps(heap(t(a, 1, []), 1), heap(t(b, 0, []), 1), H)),
    t(merge_heaps(heap(t(a, 1, []), 1), heap(t(b, 1, []), 1), H)), t(merge_heaps(heap(t(a, 1, []), 1), heap(nil, 0), H)),
    t(merge_heaps(heap(nil, 0), heap(t(a, 1, []), 1), H)), t(merge_heaps(heap(t(a, 1, []), 1), heap(t(b, 2, []), x), H)),
    t(merge_heaps(heap(foo, 1), heap(nil, 0), H)), t(merge_heaps(heap(nil, 0), heap(foo, 1), H)),
    % delete_from_heap/4
    t(delete_from_heap(heap(nil, 0), P, a, H)), t((list_to_heap([1-a, 2-b], H0), delete_from_heap(H0, P, K, H))),
    t((list_to_heap([1-a, 2-b], H0), delete_from_heap(H0, P, b, H))), t((list_to_heap([1-a, 2-b], H0), delete_from_heap(H0, P, c, H))),
    t((list_to_heap([1-f(a), 2-f(b)], H0), findall(P-X, delete_from_heap(H0, P, f(X), _), L))),
    t((list_to_heap([1-a, 2-b, 3-a], H0), delete_from_heap(H0, 3, a, H))), t((list_to_heap([1-a, 2-b, 3-a], H0), delete_from_heap(H0, P, a, H))),
    t(delete_from_heap(foo, P, a, H)), t(delete_from_heap(_, P, a, H)),
    t((h5(H1), list_to_heap([2-x, 1-y, 3-c], H2), merge_heaps(H1, H2, H0), delete_from_heap(H0, P, c, H), heap_to_list(H, L))),
    % is_heap/1
    t(is_heap(heap(nil, 0))), t(is_heap(foo)), t(is_heap(_)), t(is_heap(heap(t(a, 1, []), 1))), t(is_heap(heap(t(a, 1, []), 2))),
    t(is_heap(heap(t(a, 2, [t(b, 1, [])]), 2))), t(is_heap(heap(t(a, 1, [t(b, 2, [])]), 2))), t(is_heap(heap(t(a, 1, [t(b, 1, [])]), 2))),
    t(is_heap(heap(nil, 1))), t(is_heap(heap(t(a, _, []), 1))), t(is_heap(heap(_, 0))), t(is_heap(heap(t(a, 1, []), 0))),
    t(is_heap(heap(t(a, 1, []), foo))), t(is_heap(heap(t(a, 1, []), -1))), t(is_heap(heap(t(a, 1, foo), 1))), t(is_heap(heap(t(a, 1, [nil]), 1))),
    t(is_heap(heap(t(a, 1, [t(b, 2, []), t(c, 0, [])]), 3))), t(is_heap(heap(t(a, 1, [t(b, 2, [t(c, 1, [])])]), 3))),
    t(is_heap(heap(t(a, 1, [_]), 1))), t(is_heap(heap(t(a, 1, _), 1))), t(is_heap(heap(t(a, 1, [t(b, _, [])]), 1))),
    t(is_heap(heap(t(a, _, [t(b, 1, [])]), 1))), t(is_heap(heap(t(a, 1, [t(b, 2, [])|_]), 1))), t(is_heap(heap(nil, _))),
    t(is_heap(heap(t(a, 1, []), _))), t(is_heap(heap(t(a, 1, []), 1.0))), t(is_heap(heap(nil, 0.0))), t((h5(H), is_heap(H))),
    % determinism
    det(add_to_heap(heap(nil, 0), 1, a, _)), det((h5(H), get_from_heap(H, _, _, _))), det((h5(H), heap_to_list(H, _))),
    det(list_to_heap([1-a, 2-b], _)), det((h5(H), min_of_heap(H, _, _))), det((h5(H), min_of_heap(H, _, _, _, _))),
    det((h5(H), merge_heaps(H, H, _))), det((h5(H), delete_from_heap(H, _, b, _))), det((h5(H), is_heap(H))), det(heap_size(heap(nil, 0), _)),
    det(empty_heap(_)), det(singleton_heap(_, 1, a)),
    % random sequences of operations
    forall(between(1, 4, I), ( S is I * 1234567, run(60, S, heap(nil, 0)) )),
    bulk(3000, 11).
