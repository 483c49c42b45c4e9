% Conformance: library(assoc): every exported predicate, the printed
% shape of the AVL trees (insertion and deletion rebalancing, trees built
% from lists), enumeration order, and the errors on malformed input.
:- use_module(library(assoc)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; E = error(F, _) -> R = ex(F) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

% A deterministic pseudo-random sequence, the same in every Prolog.
lcg(S0, S, X, M) :- S is (S0*1103515245+12345) mod 2147483648, X is (S >> 8) mod M.

% Random puts and deletes; prints each operation and the resulting tree.
ops(0, _, A, _, A) :- !, print(final(A)), nl.
ops(N, S0, A0, R, A) :-
    lcg(S0, S1, Op, 10), lcg(S1, S2, K, R),
    (   Op < 5 -> put_assoc(K, A0, N, A1), Did = put(K)
    ;   Op < 8 -> ( del_assoc(K, A0, V, A1) -> Did = del(K, V) ; A1 = A0, Did = nodel(K) )
    ;   Op < 9 -> ( del_min_assoc(A0, K1, V, A1) -> Did = dmin(K1, V) ; A1 = A0, Did = nodmin )
    ;   ( del_max_assoc(A0, K1, V, A1) -> Did = dmax(K1, V) ; A1 = A0, Did = nodmax )
    ),
    print(Did-A1), nl,
    ( is_assoc(A1) -> true ; print(not_an_assoc), nl ),
    N1 is N-1,
    ops(N1, S2, A1, R, A).

% Many operations; prints a summary only.
bulk(N, Seed, R) :-
    bulk_(N, Seed, t, R, A),
    assoc_to_list(A, L), length(L, Len),
    ( is_assoc(A) -> Ok = ok ; Ok = bad ),
    print(bulk(N, R, Len, Ok)), nl,
    print(A), nl.
bulk_(0, _, A, _, A) :- !.
bulk_(N, S0, A0, R, A) :-
    lcg(S0, S1, Op, 3), lcg(S1, S2, K, R),
    (   Op < 2 -> put_assoc(K, A0, N, A1)
    ;   del_assoc(K, A0, _, A1) -> true
    ;   A1 = A0
    ),
    N1 is N-1,
    bulk_(N1, S2, A1, R, A).

upto(N, L) :- findall(I-v, between(1, N, I), L).
ins_up(N, A) :- upto(N, L), foldl([K-V, A0, A1]>>put_assoc(K, A0, V, A1), L, t, A).
ins_down(N, A) :- upto(N, L0), reverse(L0, L), foldl([K-V, A0, A1]>>put_assoc(K, A0, V, A1), L, t, A).

a5(A) :- list_to_assoc([a-1, b-2, c-3, d-4, e-5], A).

main :-
    % empty_assoc/1
    t(empty_assoc(A)), t(empty_assoc(t)), t(empty_assoc(t(a, 1, -, t, t))),
    % trees built from lists: the shapes for 0..20 pairs
    forall(between(0, 20, N), ( upto(N, L), list_to_assoc(L, A), ord_list_to_assoc(L, A2), print(N-A), nl, ( A == A2 -> true ; print(differ), nl ) )),
    % trees built by insertion, ascending and descending
    forall(between(0, 16, N), ( ins_up(N, A), print(up(N)-A), nl )),
    forall(between(0, 16, N), ( ins_down(N, A), print(down(N)-A), nl )),
    % list_to_assoc/2
    t(list_to_assoc([c-1, b-2, a-3, d-4], A)), t(list_to_assoc([], A)), t(list_to_assoc([k-v], A)),
    t(list_to_assoc([a-1, a-2], A)), t(list_to_assoc([a-1, b-2, a-3], A)), t(list_to_assoc([b-1, a-2, a-2], A)),
    t(list_to_assoc([b-1, a], A)), t(list_to_assoc(foo, A)), t(list_to_assoc(_, A)), t(list_to_assoc([a-1|_], A)),
    t(list_to_assoc([a-1|foo], A)), t(list_to_assoc([1-a, 1.0-b], A)),
    t(list_to_assoc([b-1, a-2], t(b, 1, <, t(a, 2, -, t, t), t))),
    t(list_to_assoc([b-1, a-2], t)),
    % ord_list_to_assoc/2
    t(ord_list_to_assoc([a-1, b-2, c-3, d-4], A)), t(ord_list_to_assoc([], A)), t(ord_list_to_assoc([b-1, a-2], A)),
    t(ord_list_to_assoc([a-1, a-2], A)), t(ord_list_to_assoc([a-1, b], A)), t(ord_list_to_assoc(foo, A)),
    t(ord_list_to_assoc(L, A)), t(ord_list_to_assoc([a-1|L], A)), t(findall(L-A, ord_list_to_assoc([a-1, b-2|L], A), Ls)),
    t(ord_list_to_assoc([b-1, a-2|_], A)), t(ord_list_to_assoc([a-1, _], A)), t(ord_list_to_assoc([a-1, b-2|foo], A)),
    t(ord_list_to_assoc([a-1|foo], A)), t(ord_list_to_assoc([1-a, 1.0-b], A)), t(ord_list_to_assoc([1.0-a, 1-b], A)),
    t(ord_list_to_assoc([X-1, X-2], A)), t(ord_list_to_assoc([a], A)),
    % get_assoc/3
    a5(A5),
    t(get_assoc(c, A5, V)), t(get_assoc(c, A5, 3)), t(get_assoc(c, A5, 4)), t(get_assoc(z, A5, V)), t(get_assoc(a, A5, V)),
    t(get_assoc(e, A5, V)), t(get_assoc(0, A5, V)), t(get_assoc(K, A5, V)), t(get_assoc(a, t, V)),
    t(get_assoc(a, foo, V)), t(get_assoc(a, _, V)), t(get_assoc(a, 1, V)), t(get_assoc(a, [], V)), t(get_assoc(a, "t", V)),
    t(get_assoc(a, t(a), V)), t(get_assoc(a, [a-1], V)), t(get_assoc(a, f(a, 1, <, t, t), V)),
    t(get_assoc(a, t(b, 1, <, t(a, 2, <, t, t), t, x), V)), t(get_assoc(a, t(b, 1, -, foo, t), V)),
    t(get_assoc(c, t(b, 1, -, t, t(c, 2, -, t, t)), V)), t(get_assoc(1.0, t(1, a, -, t, t), V)),
    t(get_assoc(f(X), t(f(a), 1, -, t, t), V)), t(get_assoc(f(a), t(f(a), 1, -, t, t), V)),
    % get_assoc/5
    t(get_assoc(c, A5, Old, New, _)), t(get_assoc(a, A5, Old, New, x)), t(get_assoc(e, A5, 5, New, x)),
    t(get_assoc(e, A5, 6, New, x)), t(get_assoc(z, A5, Old, New, x)), t(get_assoc(c, t, Old, New, x)),
    t(get_assoc(c, foo, Old, New, x)), t(get_assoc(c, foo, 3, New, x)), t(get_assoc(c, _, Old, New, x)), t(get_assoc(a, t(b, 1, -, foo, t), Old, New, x)),
    t(get_assoc(K, A5, Old, New, x)), t(get_assoc(a, t(b, 1, -, _, t), Old, New, x)), t(put_assoc(a, t(b, 1, -, _, t), 1, A)), t(put_assoc(c, t(b, 1, -, t, _), 1, A)),
    % put_assoc/4
    t(put_assoc(c, A5, new, A)), t(put_assoc(f, A5, 6, A)), t(put_assoc(k, t, v, A)), t(put_assoc(K, t, v, A)),
    t(put_assoc(a, foo, 1, A)), t(put_assoc(a, _, 1, A)), t(put_assoc(a, t(b, 1, -, foo, t), 1, A)),
    t(put_assoc(1.0, t(1, a, -, t, t), b, A)), t(put_assoc(a, t, 1, t(a, 2, -, t, t))),
    t(findall(X, (member(X, [1, 2, 3]), put_assoc(x, t, X, _)), L)),
    % assoc_to_list/2, assoc_to_keys/2, assoc_to_values/2
    t(assoc_to_list(A5, L)), t(assoc_to_keys(A5, L)), t(assoc_to_values(A5, L)),
    t(assoc_to_list(t, L)), t(assoc_to_keys(t, L)), t(assoc_to_values(t, L)),
    t(assoc_to_list(foo, L)), t(assoc_to_keys(foo, L)), t(assoc_to_values(foo, L)),
    t(assoc_to_list(t(b, 1, -, foo, t), L)), t(assoc_to_keys(A5, [a])), t(assoc_to_list(t(a, 1, <, t, t), L)),
    % is_assoc/1
    t(is_assoc(t)), t(is_assoc(_)), t(is_assoc(foo)), t(is_assoc(A5)), t(is_assoc(t(a, 1, <, t, t))),
    t(is_assoc(t(a, 1, =, t, t))), t(is_assoc(t(a, 1, -, t, t))), t(is_assoc(t(_, 1, -, t, t))),
    t(is_assoc(t(b, 1, -, t(a, 1, -, t, t), t(c, 1, -, t, t)))), t(is_assoc(t(b, 1, -, t(c, 1, -, t, t), t(a, 1, -, t, t)))),
    t(is_assoc(t(b, 1, -, t(b, 1, -, t, t), t(c, 1, -, t, t)))), t(is_assoc(t(b, 1, <, t(a, 1, -, t, t), t))),
    t(is_assoc(t(b, 1, >, t(a, 1, -, t, t), t))), t(is_assoc(t(b, 1, -, t(a, 1, -, t, t), t))),
    t(is_assoc(t(b, 1, >, t, t(c, 1, -, t, t)))), t(is_assoc(t(b, 1, <, t(a, 1, <, t(0, 1, -, t, t), t), t))),
    t(is_assoc(t(b, 1, -, _, t))), t(is_assoc(t(b, 1, _, t, t))), t(is_assoc(t(b, 1, x, t, t))),
    t(is_assoc(t(f(_), 1, -, t, t))), t(is_assoc(t(b, 1, -, t(a, 1, -, t, t), t(c, 1, -, t, t), x))),
    t(findall(B-L, is_assoc(t(b, 1, B, L, t)), Ls)), t(findall(T, is_assoc(t(b, 1, <, T, t)), Ls)),
    t(is_assoc(t(b, 1, -, t(a, 1, -, t, t), t(c, _, _, _, _)))), t(is_assoc(t(_, 1, -, t(a, 1, -, t, t), t(c, 1, -, t, t)))),
    t(is_assoc(t(1, a, <, t(1.0, b, -, t, t), t))),
    % gen_assoc/3
    t(findall(K-V, gen_assoc(K, A5, V), L)), t(gen_assoc(c, A5, V)), t(gen_assoc(z, A5, V)), t(findall(K, gen_assoc(K, A5, 3), L)),
    t(findall(K-V, gen_assoc(K, t, V), L)), t(gen_assoc(K, foo, V)), t(gen_assoc(K, _, V)), t(gen_assoc(c, foo, V)),
    t(gen_assoc(c, _, V)), t(gen_assoc(f(X), t(f(a), 1, -, t, t), V)),
    t(findall(K-V, gen_assoc(K, t(b, 1, -, t(a, 2, -, t, t), t(c, 3, -, t, t)), V), L)),
    t(findall(K-V, catch(gen_assoc(K, t(b, 1, -, t(a, 0, -, t, t), foo), V), error(E, _), (K-V = E)), L)),
    % max_assoc/3, min_assoc/3
    t(max_assoc(A5, K, V)), t(min_assoc(A5, K, V)), t(max_assoc(t, K, V)), t(min_assoc(t, K, V)),
    t(max_assoc(foo, K, V)), t(min_assoc(foo, K, V)), t(max_assoc(_, K, V)), t(min_assoc(_, K, V)),
    t(max_assoc(A5, a, V)), t(max_assoc(t(b, 1, -, t, foo), K, V)), t(max_assoc(t(b, 1, -, foo, t), K, V)),
    t(min_assoc(t(b, 1, -, foo, t), K, V)), t(min_assoc(t(b, 1, -, t, foo), K, V)),
    % map_assoc/2,3
    t(map_assoc(integer, A5)), t(map_assoc(atom, A5)), t(map_assoc(atom, t)), t(map_assoc(succ, A5, A)),
    t(map_assoc(succ, t, A)), t(map_assoc([X, Y]>>(Y = f(X)), A5, A)),
    t(map_assoc(atom, foo)), t(map_assoc(atom, _)), t(map_assoc(succ, foo, A)), t(map_assoc(succ, _, A)),
    t(map_assoc(atom, t(b, 1, -, foo, t))), t(map_assoc(atom, t(b, x, -, t(a, y, -, t, t), foo))),
    t(map_assoc(succ, t(b, 1, -, foo, t), A)),
    t(map_assoc(succ, A5, t(c, 4, -, t(b, 3, <, t(a, 2, -, t, t), t), t(e, 6, <, t(d, 5, -, t, t), t)))),
    t(map_assoc(succ, A5, t(c, 4, -, t(b, 3, <, t(a, 2, -, t, t), t), t(e, 6, <, t(d, 5, -, t, t), x)))),
    t(findall(V, map_assoc([X]>>(V = X ; V = x(X)), t(b, 1, -, t(a, 2, -, t, t), t(c, 3, -, t, t))), L)),
    t((map_assoc([X]>>(print(X), nl), t(b, 1, -, t(a, 2, -, t, t), t(c, 3, -, t, t))))),
    t((map_assoc([X, Y]>>(print(X), nl, Y = X), t(b, 1, -, t(a, 2, -, t, t), t(c, 3, -, t, t)), _))),
    % del_assoc/4
    t(del_assoc(c, A5, V, A)), t(del_assoc(a, A5, V, A)), t(del_assoc(e, A5, V, A)), t(del_assoc(z, A5, V, A)),
    t(del_assoc(c, A5, 4, A)), t(del_assoc(c, A5, 3, A)),
    t(del_assoc(c, foo, V, A)), t(del_assoc(c, foo, 3, A)), t(put_assoc(a, t(b, 1, -, t, t(c, 2, -, t, bar)), 1, A)), t(put_assoc(d, t(b, 1, -, t, t(c, 2, -, t, bar)), 1, A)), t(del_assoc(c, _, V, A)), t(del_assoc(K, A5, V, A)), t(del_assoc(a, t, V, A)),
    t(del_assoc(a, t(b, 1, -, foo, t), V, A)), t(del_assoc(a, t(b, 1, -, _, t), V, A)),
    t(del_assoc(b, t(b, 1, >, t, t(c, 1, -, t, t)), V, A)), t(del_assoc(b, t(b, 1, <, t(a, 1, -, t, t), t), V, A)),
    t(del_assoc(b, t(b, 1, -, t(a, 1, -, t, t), t(c, 1, -, t, t)), V, A)),
    t(del_assoc(2, t(2, v, >, t(1, v, -, t, t), t(4, v, -, t(3, v, -, t, t), t(5, v, -, t, t))), V, A)),
    t(del_assoc(4, t(4, v, <, t(2, v, -, t(1, v, -, t, t), t(3, v, -, t, t)), t(5, v, -, t, t)), V, A)),
    % del_min_assoc/4, del_max_assoc/4
    t(del_min_assoc(A5, K, V, A)), t(del_max_assoc(A5, K, V, A)), t(del_min_assoc(t, K, V, A)), t(del_max_assoc(t, K, V, A)),
    t(del_min_assoc(foo, K, V, A)), t(del_max_assoc(foo, K, V, A)), t(del_min_assoc(_, K, V, A)), t(del_max_assoc(_, K, V, A)),
    t(del_min_assoc(A5, b, V, A)), t(del_max_assoc(A5, e, 5, A)),
    t(del_min_assoc(t(b, 1, -, foo, t), K, V, A)), t(del_max_assoc(t(b, 1, -, t, foo), K, V, A)),
    t(del_max_assoc(t(b, 1, <, t(a, 1, -, t, t), t), K, V, A)), t(del_min_assoc(t(b, 1, <, t(a, 1, -, t, t), t), K, V, A)),
    t(del_min_assoc(t(b, 1, >, t, t(c, 1, -, t, t)), K, V, A)),
    t(findall(K, (ins_up(12, A0), del_min_assoc(A0, K, _, _)), L)),
    % deleting every key of trees of 1..15 keys, in turn
    forall(between(1, 15, N), ( ins_up(N, A0), findall(K-A, (between(1, N, K), del_assoc(K, A0, _, A)), KAs), print(N-KAs), nl )),
    forall(between(1, 10, N), ( upto(N, L), list_to_assoc(L, A0), findall(A, (between(1, N, K), del_assoc(K, A0, _, A)), As), print(N-As), nl )),
    % repeated del_min / del_max
    forall(between(1, 12, N), ( ins_down(N, A0), drain_min(A0, Ks), print(N-Ks), nl )),
    forall(between(1, 12, N), ( ins_up(N, A0), drain_max(A0, Ks), print(N-Ks), nl )),
    % random sequences of operations
    ops(150, 1, t, 8, _), ops(150, 2, t, 30, _), ops(200, 3, t, 100, _),
    bulk(4000, 7, 200), bulk(3000, 9, 50).

drain_min(A0, [K-A|Ks]) :- del_min_assoc(A0, K, _, A), !, drain_min(A, Ks).
drain_min(_, []).
drain_max(A0, [K-A|Ks]) :- del_max_assoc(A0, K, _, A), !, drain_max(A, Ks).
drain_max(_, []).
