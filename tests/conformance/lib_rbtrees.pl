% Conformance: library(rbtrees): every exported predicate, the printed
% form of the trees (shared leaf, colours and shape after insertions and
% deletions, trees built from lists), enumeration and call orders,
% determinism, and the errors for arguments that are not trees.
:- use_module(library(rbtrees)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; E = error(F, _) -> R = ex(F) ; R = ex(E) ) ; R = no ), out(R).
% c(G): as t(G), with trees printed compactly: n for the leaf, b/3 and r/3 nodes with Key-Value
c(G) :- \+ \+ c_(G).
c_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; E = error(F, _) -> R = ex(F) ; R = ex(E) ) ; R = no ), cmp(R, C), out(C).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
det(G) :- \+ \+ ( call_cleanup(G, Det = true), ( Det == true -> R = det(G) ; R = nondet(G) ), cmp(R, C), out(C) ).

cmp(X, X) :- var(X), !.
cmp(black('', _, _, ''), n) :- !.
cmp(black(L, K, V, R), b(L1, K1-V1, R1)) :- !, cmp(L, L1), cmp(K, K1), cmp(V, V1), cmp(R, R1).
cmp(red(L, K, V, R), r(L1, K1-V1, R1)) :- !, cmp(L, L1), cmp(K, K1), cmp(V, V1), cmp(R, R1).
cmp(t(N, T), rb(T1)) :- nonvar(N), N = black('', _, _, ''), !, cmp(T, T1).
cmp(X, Y) :- compound(X), !, X =.. [F|As], maplist(cmp, As, Bs), Y =.. [F|Bs].
cmp(X, X).

lcg(S0, S, X, M) :- S is (S0*1103515245+12345) mod 2147483648, X is (S >> 8) mod M.

% Random insertions and deletions; prints each operation and the tree.
run(0, _, T, _) :- !, rb_visit(T, L), print(final(L)), nl.
run(N, S0, T0, R) :-
    lcg(S0, S1, Op, 10), lcg(S1, S2, K, R),
    (   Op < 5 -> rb_insert(T0, K, N, T), D = ins(K)
    ;   Op < 7 -> ( rb_delete(T0, K, V, T) -> D = del(K, V) ; T = T0, D = nodel(K) )
    ;   Op < 8 -> ( rb_insert_new(T0, K, N, T) -> D = insnew(K) ; T = T0, D = noinsnew(K) )
    ;   Op < 9 -> ( rb_del_min(T0, K1, V, T) -> D = dmin(K1, V) ; T = T0, D = nodmin )
    ;   ( rb_del_max(T0, K1, V, T) -> D = dmax(K1, V) ; T = T0, D = nodmax )
    ),
    cmp(T, C), print(D-C), nl,
    ( is_rbtree(T) -> true ; print(not_an_rbtree), nl ),
    N1 is N-1,
    run(N1, S2, T, R).

% Many operations; prints a summary only.
bulk(N, Seed, R) :-
    rb_new(T0), bulk_(N, Seed, T0, R, T),
    rb_size(T, Size), rb_keys(T, Keys), ( is_rbtree(T) -> Ok = ok ; Ok = bad ),
    print(bulk(N, R, Size, Ok)), nl, print(Keys), nl.
bulk_(0, _, T, _, T) :- !.
bulk_(N, S0, T0, R, T) :-
    lcg(S0, S1, Op, 3), lcg(S1, S2, K, R),
    (   Op < 2 -> rb_insert(T0, K, N, T1)
    ;   rb_delete(T0, K, T1) -> true
    ;   T1 = T0
    ),
    N1 is N-1,
    bulk_(N1, S2, T1, R, T).

o(T) :- ord_list_to_rbtree([a-1, b-2, c-3, d-4], T).
d(T) :- list_to_rbtree([b-1, b-3, a-0, c-5], T).
ten(T) :- numlist(1, 10, L), findall(K-K, member(K, L), Ps), ord_list_to_rbtree(Ps, T).

main :-
    % the printed form
    t(rb_new(T)), t((rb_new(T0), rb_insert(T0, 5, e, T1), rb_insert(T1, 3, c, T2), rb_insert(T2, 7, g, T3), rb_insert(T3, 1, a, T))),
    t(o(T)), t((o(T0), rb_delete(T0, b, T))), t((o(T0), rb_clone(T0, T, Ps))),
    % trees built from lists: the shapes for 0..20 pairs
    forall(between(0, 20, N), ( findall(I-v, between(1, N, I), L), ord_list_to_rbtree(L, T), list_to_rbtree(L, T2), cmp(T, C), print(N-C), nl,
                                ( T2 =@= T -> true ; print(differ), nl ), ( is_rbtree(T) -> true ; print(not_an_rbtree), nl ) )),
    % trees built by insertion, ascending and descending
    forall(between(1, 12, N), ( numlist(1, N, L), rb_new(E), foldl([K, A0, A1]>>rb_insert(A0, K, x, A1), L, E, T), cmp(T, C), print(up(N)-C), nl )),
    forall(between(1, 12, N), ( numlist(1, N, L0), reverse(L0, L), rb_new(E), foldl([K, A0, A1]>>rb_insert(A0, K, x, A1), L, E, T), cmp(T, C), print(down(N)-C), nl )),
    % deleting every key of trees of 1..12 keys, in turn
    forall(between(1, 12, N), ( numlist(1, N, L), findall(K-K, member(K, L), Ps), list_to_rbtree(Ps, T0),
                                findall(K-C, (member(K, L), rb_delete(T0, K, T), cmp(T, C)), KCs), print(N-KCs), nl )),
    % list_to_rbtree/2, ord_list_to_rbtree/2
    c(list_to_rbtree([b-1, a-2, b-3], T)), c(list_to_rbtree([b-3, b-1], T)), c(list_to_rbtree([a-1, a-1], T)), c(list_to_rbtree([b-1, a], T)),
    c(list_to_rbtree(foo, T)), c(list_to_rbtree(_, T)), c(list_to_rbtree([c-3, a-1, b-2], T)), c(list_to_rbtree([a-1|foo], T)),
    c(list_to_rbtree([], T)), c(list_to_rbtree([b-1, a-2], foo)),
    c(ord_list_to_rbtree([b-1, a-2], T)), c(ord_list_to_rbtree([a-1, a-2], T)), c(ord_list_to_rbtree([a-1, b], T)), c(ord_list_to_rbtree(foo, T)),
    c(ord_list_to_rbtree(_, T)), c(ord_list_to_rbtree([a-1|_], T)), c(ord_list_to_rbtree([], T)), c(ord_list_to_rbtree([a-1], foo)),
    c(ord_list_to_rbtree([a-1|foo], T)), c(ord_list_to_rbtree([a-1, b-2|foo], T)),
    % rb_new/1, rb_empty/1
    c(rb_new(foo)), c(rb_new(t(x, y))), c(rb_new(t(black('', _, _, ''), black('', _, _, '')))),
    c(rb_empty(foo)), c(rb_empty(_)), c((o(T0), rb_empty(T0))), c((rb_new(T0), rb_empty(T0))), c(rb_empty(t(x, x))),
    c(rb_empty(t(black('', a, b, ''), black('', c, d, '')))),
    % rb_insert/4, rb_insert_new/4
    c((o(T0), rb_insert(T0, b, 99, T))), c((o(T0), rb_insert(T0, e, 99, T))), c((o(T0), rb_insert_new(T0, b, 99, T))),
    c((o(T0), rb_insert_new(T0, e, 99, T))), c(rb_insert(foo, a, 1, T)), c(rb_insert(_, a, 1, T)), c(rb_insert_new(foo, a, 1, T)),
    c(rb_insert_new(_, a, 1, T)), c((rb_new(T0), rb_insert(T0, K, 1, T))), c((o(T0), rb_insert(T0, K, 1, T))),
    c((o(T0), rb_insert(T0, e, 5, foo))), c((o(T0), rb_insert_new(T0, e, 5, foo))), c(rb_insert(t(x, x), a, 1, T)),
    c(rb_insert(t(x, y), a, 1, T)), c(rb_insert_new(t(x, y), a, 1, T)), c(rb_insert(t(x, black('', _, _, '')), a, 1, T)),
    c((o(T0), rb_insert(T0, 1, x, T1), rb_insert(T1, 1.0, y, T))),
    % rb_lookup/3, rb_in/3
    c((o(T0), rb_lookup(b, V, T0))), c((o(T0), rb_lookup(z, V, T0))), c((o(T0), rb_lookup(K, V, T0))), c((o(T0), rb_lookup(b, 5, T0))),
    c(rb_lookup(a, V, foo)), c(rb_lookup(a, V, _)), c((rb_new(T0), rb_lookup(a, V, T0))), c((o(T0), rb_lookup(1.0, V, T0))),
    c((d(T0), rb_lookup(b, V, T0))), c((rb_new(T0), rb_insert(T0, f(_), 1, T1), rb_lookup(f(a), V, T1))),
    c((o(T0), findall(K-V, rb_in(K, V, T0), L))), c((o(T0), rb_in(b, V, T0))), c((o(T0), rb_in(z, V, T0))), c(rb_in(K, V, foo)),
    c(rb_in(K, V, _)), c(rb_in(b, V, foo)), c((o(T0), findall(K, rb_in(K, 3, T0), L))), c((rb_new(T0), findall(K-V, rb_in(K, V, T0), L))),
    c((d(T0), findall(V, rb_in(b, V, T0), L))), c((list_to_rbtree([f(a)-1, f(b)-2, g-3], T0), findall(X-V, rb_in(f(X), V, T0), L))),
    % rb_update/4,5, rb_apply/4
    c((o(T0), rb_update(T0, b, 20, T))), c((o(T0), rb_update(T0, b, O, 21, T))), c((o(T0), rb_update(T0, z, 1, T))),
    c((o(T0), rb_update(T0, b, 5, 1, T))), c(rb_update(foo, b, 1, T)), c(rb_update(_, b, 1, T)), c(rb_update(foo, b, O, 1, T)),
    c((d(T0), rb_update(T0, b, O, x, T))),
    c((o(T0), rb_apply(T0, b, succ, T))), c((o(T0), rb_apply(T0, z, succ, T))), c((o(T0), rb_apply(T0, b, atom, T))),
    c((o(T0), rb_apply(T0, b, no_such_pred, T))), c(rb_apply(foo, b, succ, T)),
    c((o(T0), findall(T, rb_apply(T0, b, [X, Y]>>(Y = X ; Y = f(X)), T), L))),
    % rb_delete/3,4, rb_del_min/4, rb_del_max/4
    c((o(T0), rb_delete(T0, b, T))), c((o(T0), rb_delete(T0, b, V, T))), c((o(T0), rb_delete(T0, z, T))), c((o(T0), rb_delete(T0, z, V, T))),
    c(rb_delete(foo, a, T)), c(rb_delete(_, a, T)), c(rb_delete(foo, a, V, T)), c((rb_new(T0), rb_delete(T0, a, T))),
    c((o(T0), rb_delete(T0, K, T))), c((o(T0), rb_delete(T0, b, 3, T))), c((d(T0), rb_delete(T0, b, V, T))), c(rb_delete(t(x, y), b, T)),
    c((o(T0), rb_del_min(T0, K, V, T))), c((o(T0), rb_del_max(T0, K, V, T))), c((rb_new(T0), rb_del_min(T0, K, V, T))),
    c((rb_new(T0), rb_del_max(T0, K, V, T))), c(rb_del_min(foo, K, V, T)), c(rb_del_max(_, K, V, T)), c((o(T0), rb_del_min(T0, b, V, T))),
    % rb_visit/2, rb_keys/2, rb_size/2, rb_clone/3
    c((o(T0), rb_visit(T0, L))), c(rb_visit(foo, L)), c(rb_visit(_, L)), c((rb_new(T0), rb_visit(T0, L))), c((o(T0), rb_visit(T0, foo))),
    c((o(T0), rb_visit(T0, [a-X|_]))), c((d(T0), rb_visit(T0, L))),
    c((o(T0), rb_keys(T0, L))), c(rb_keys(foo, L)), c((rb_new(T0), rb_keys(T0, L))), c((o(T0), rb_keys(T0, foo))),
    c((o(T0), rb_size(T0, S))), c(rb_size(foo, S)), c(rb_size(_, S)), c((rb_new(T0), rb_size(T0, S))), c((o(T0), rb_size(T0, 7))),
    c((o(T0), rb_clone(T0, T, P))), c(rb_clone(foo, T, P)), c((rb_new(T0), rb_clone(T0, T, P))), c((o(T0), rb_clone(T0, foo, _))),
    % rb_min/3, rb_max/3, rb_next/4, rb_previous/4
    c((o(T0), rb_min(T0, K, V))), c((o(T0), rb_max(T0, K, V))), c((rb_new(T0), rb_min(T0, K, V))), c((rb_new(T0), rb_max(T0, K, V))),
    c(rb_min(foo, K, V)), c(rb_max(_, K, V)), c((o(T0), rb_min(T0, b, V))),
    c((o(T0), rb_next(T0, a, K, V))), c((o(T0), rb_next(T0, c, K, V))), c((o(T0), rb_next(T0, d, K, V))), c((o(T0), rb_next(T0, z, K, V))),
    c((o(T0), rb_next(T0, bb, K, V))), c((o(T0), rb_next(T0, X, K, V))), c((o(T0), rb_next(T0, b, d, V))), c(rb_next(foo, a, K, V)),
    c((o(T0), rb_previous(T0, a, K, V))), c((o(T0), rb_previous(T0, c, K, V))), c((o(T0), rb_previous(T0, bb, K, V))),
    c((d(T0), rb_next(T0, b, K, V))), c((d(T0), rb_previous(T0, b, K, V))), c((d(T0), rb_previous(T0, c, K, V))),
    c((ten(T0), findall(K-N, rb_next(T0, K, N, _), L))), c((ten(T0), findall(K-P, (between(1, 11, K), rb_previous(T0, K, P, _)), L))),
    % rb_map/2,3, rb_partial_map/4, rb_fold/4 (and their call orders)
    c((o(T0), rb_map(T0, integer))), c((o(T0), rb_map(T0, atom))), c((o(T0), rb_map(T0, succ, T))), c(rb_map(foo, integer)),
    c(rb_map(_, integer)), c((rb_new(T0), rb_map(T0, atom))), c((rb_new(T0), rb_map(T0, succ, T))), c(rb_map(foo, succ, T)),
    c((o(T0), rb_map(T0, succ, foo))), c((o(T0), findall(T, rb_map(T0, [X, Y]>>(Y = X ; Y = f(X)), T), L))),
    c((o(T0), findall(x, rb_map(T0, [X]>>(X > 0 ; X > 1)), L))),
    c((ten(T0), rb_map(T0, [X]>>(write(X), write(' '))), nl)), c((ten(T0), rb_map(T0, [X, Y]>>(write(X), write(' '), Y = X), _), nl)),
    c((o(T0), rb_fold([K-V, S0, S1]>>(S1 = [K-V|S0]), T0, [], S))), c((rb_new(T0), rb_fold([_, _, S1]>>(S1 = x), T0, [], S))),
    c(rb_fold([_, S0, S1]>>(S1 = S0), foo, [], S)), c((o(T0), findall(S, rb_fold([_, S0, S1]>>(S1 is S0+1 ; S1 is S0+10), T0, 0, S), L))),
    c((ten(T0), rb_fold([K-_, S0, S1]>>(write(K), write(' '), S1 = S0), T0, 0, _), nl)),
    c((o(T0), rb_partial_map(T0, [a, c], succ, T))), c((o(T0), rb_partial_map(T0, [a, z], succ, T))), c((o(T0), rb_partial_map(T0, [c, a], succ, T))),
    c((o(T0), rb_partial_map(T0, [], succ, T))), c((o(T0), rb_partial_map(T0, [b, b], succ, T))), c((o(T0), rb_partial_map(T0, [a, b|_], succ, T))),
    c((o(T0), rb_partial_map(T0, foo, succ, T))), c((o(T0), rb_partial_map(T0, _, succ, T))), c(rb_partial_map(foo, [a], succ, T)),
    c((o(T0), rb_partial_map(T0, [d, e], succ, T))), c((o(T0), rb_partial_map(T0, [0, a], succ, T))),
    c((o(T0), findall(T, rb_partial_map(T0, [b], [X, Y]>>(Y = X ; Y = f(X)), T), L))),
    c((ten(T0), rb_partial_map(T0, [2, 5, 7], [X, Y]>>(write(X), write(' '), Y = X), _), nl)),
    % is_rbtree/1
    c((o(T0), is_rbtree(T0))), c(is_rbtree(foo)), c(is_rbtree(_)), c((rb_new(T0), is_rbtree(T0))), c(is_rbtree(t(_, _))),
    c(is_rbtree(t(A, A))), c(is_rbtree(t(N1, black(N1, a, 1, N1)))), c((ord_list_to_rbtree([b-3, b-1], T0), is_rbtree(T0))),
    c((ord_list_to_rbtree([b-3, a-1], T0), is_rbtree(T0))), c(is_rbtree(t(black('', _, _, ''), black(black('', _, _, ''), a, 1, black('', _, _, ''))))),
    c((N2 = black('', _, _, ''), is_rbtree(t(N2, red(N2, a, 1, N2))))), c((N2 = black('', _, _, ''), is_rbtree(t(N2, black(red(N2, b, 1, N2), a, 1, N2))))),
    c((N2 = black('', _, _, ''), is_rbtree(t(N2, black(black(N2, a, 1, N2), b, 1, N2))))),
    c((N2 = black('', _, _, ''), is_rbtree(t(N2, black(red(N2, a, 1, N2), b, 1, red(N2, c, 1, N2)))))),
    c((N2 = black('', _, _, ''), is_rbtree(t(N2, black(red(red(N2, a, 1, N2), b, 1, N2), c, 1, N2))))),
    c((N2 = black('', _, _, ''), is_rbtree(t(N2, black(N2, a, 1, red(N2, a, 1, N2)))))),
    c((N2 = black('', _, _, ''), is_rbtree(t(N2, black(N2, _, 1, N2))))), c((N2 = black('', _, _, ''), is_rbtree(t(N2, black(N2, a, 1, foo))))),
    c((N2 = black('', _, _, ''), is_rbtree(t(N2, black(N2, a, 1, _))))), c(is_rbtree(t(black('', _, _, x), black('', _, _, x)))),
    c(is_rbtree(t(black('', a, b, ''), black('', a, b, '')))),
    % determinism
    det((o(T0), rb_lookup(b, _, T0))), det((o(T0), rb_insert(T0, e, 1, _))), det((o(T0), rb_insert_new(T0, e, 1, _))),
    det((o(T0), rb_delete(T0, b, _))), det((o(T0), rb_delete(T0, b, _, _))), det((o(T0), rb_visit(T0, _))), det((o(T0), rb_map(T0, succ, _))),
    det((o(T0), rb_map(T0, integer))), det((o(T0), rb_fold([_, S0, S1]>>(S1 = S0), T0, a, _))), det((o(T0), rb_next(T0, b, _, _))),
    det((o(T0), rb_previous(T0, b, _, _))), det((o(T0), rb_del_min(T0, _, _, _))), det((o(T0), rb_del_max(T0, _, _, _))),
    det((o(T0), rb_min(T0, _, _))), det((o(T0), rb_max(T0, _, _))), det((o(T0), rb_size(T0, _))), det((o(T0), rb_keys(T0, _))),
    det((o(T0), rb_clone(T0, _, _))), det((o(T0), is_rbtree(T0))), det(list_to_rbtree([a-1, b-2], _)), det(ord_list_to_rbtree([a-1, b-2], _)),
    det((o(T0), rb_partial_map(T0, [b], succ, _))), det((o(T0), rb_update(T0, b, 5, _))), det((o(T0), rb_update(T0, b, _, 5, _))),
    det((o(T0), rb_apply(T0, b, succ, _))), det(rb_empty(_)), det(rb_new(_)),
    % random sequences of operations
    forall(member(R-Seed, [5-1, 20-2, 60-3]), ( rb_new(T0), run(80, Seed, T0, R) )),
    bulk(4000, 7, 300), bulk(3000, 9, 60).
