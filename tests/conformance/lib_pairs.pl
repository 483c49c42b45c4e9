% Conformance: library(pairs): every exported predicate in each mode,
% partial and malformed lists, solution order, determinism.
:- use_module(library(pairs)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; E = error(F, _) -> R = ex(F) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
% det(G): G succeeds, and leaves no choicepoint
det(G) :- \+ \+ ( call_cleanup(G, Det = true), ( Det == true -> R = det(G) ; R = nondet(G) ), out(R) ).

twice(X, Y) :- Y is 2*X.
main :-
    % pairs_keys_values/3
    t(pairs_keys_values(P, [a, b], [1, 2])), t(pairs_keys_values([a-1, b-2], K, V)), t(pairs_keys_values(P, K, [1, 2])),
    t(pairs_keys_values(P, [a, b], V)), t(pairs_keys_values(P, [a, b], [1])), t(pairs_keys_values(P, [a], [1, 2])),
    t(pairs_keys_values([a-1|T], K, V)), t(pairs_keys_values(foo, K, V)), t(pairs_keys_values([a], K, V)),
    t(pairs_keys_values(P, K, V)), t(findall(P-K-V, limit_(3, pairs_keys_values(P, K, V)), L)),
    t(pairs_keys_values([a-1, b-2], [a, b], [1, 2])), t(pairs_keys_values([a-1, b-2], [a, c], V)),
    t(findall(P-V, pairs_keys_values(P, [a|T], [1, 2]), L)), t(pairs_keys_values([], K, V)),
    t(findall(T-K, pairs_keys_values([a-1|T], K, [1, 2]), L)),
    t(pairs_keys_values([X-Y, Y-X], [1, 2], V)),
    % pairs_keys/2, pairs_values/2
    t(pairs_keys([a-1, b-2], K)), t(pairs_keys(P, [a, b])), t(pairs_keys([a], K)), t(pairs_keys(foo, K)),
    t(pairs_keys([a-1, b], K)), t(pairs_keys([a-1|foo], K)), t(pairs_keys([], K)), t(pairs_keys(P, [])),
    t(findall(P-K, limit_(3, pairs_keys(P, K)), L)), t(findall(T, pairs_keys([a-1|T], [a, b]), L)),
    t(pairs_values([a-1, b-2], V)), t(pairs_values(P, [a, b])), t(pairs_values([a], V)), t(pairs_values(foo, V)),
    t(pairs_values([], V)), t(findall(P-V, limit_(3, pairs_values(P, V)), L)), t(pairs_values([a-1, b-2], [1, 3])),
    % transpose_pairs/2
    t(transpose_pairs([a-1, b-2, c-1], T)), t(transpose_pairs([], T)), t(transpose_pairs([a-b, a-b, c-d], T)),
    t(transpose_pairs(foo, T)), t(transpose_pairs(_, T)), t(transpose_pairs([a], T)), t(transpose_pairs([a-1|_], T)),
    t(transpose_pairs([b-2, a-2, c-1], T)), t(transpose_pairs([x-f(b), y-f(A), z-1.0, w-1], T)),
    t(transpose_pairs([a-1, b-2], [1-a, 2-b])), t(transpose_pairs([a-1, b-2], [2-b, 1-a])),
    % group_pairs_by_key/2
    t(group_pairs_by_key([a-1, a-2, b-3, a-4], G)), t(group_pairs_by_key([], G)), t(group_pairs_by_key(foo, G)),
    t(group_pairs_by_key(_, G)), t(group_pairs_by_key([a-1|_], G)), t(group_pairs_by_key([a], G)),
    t(group_pairs_by_key([a-1, b], G)), t(group_pairs_by_key([a-1, a], G)),
    t(group_pairs_by_key([X-1, Y-2, X-3], G)), t(group_pairs_by_key([X-1, X-2], G)), t(group_pairs_by_key([1-a, 1.0-b, 1-c], G)),
    t(group_pairs_by_key([a-1, a-2], [a-[1, 2]])), t(group_pairs_by_key(L, [a-[1, 2], b-[3]])),
    t(group_pairs_by_key([a-1, a-2, b-3], [a-X|_R])), t(group_pairs_by_key([a-1, a-2, b-3], [_A, _B, _C])),
    t(group_pairs_by_key([f(X)-1, f(Y)-2, f(X)-3, f(X)-4], G)), t(group_pairs_by_key([k-_V1, k-_V2], G)),
    % map_list_to_pairs/3
    t(map_list_to_pairs(atom_length, [abc, de, f], P)), t(map_list_to_pairs(atom_length, [], P)),
    t(map_list_to_pairs(atom_length, foo, P)), t(map_list_to_pairs(atom_length, _, P)),
    t(map_list_to_pairs(atom_length, [a|_], P)), t(map_list_to_pairs(atom_length, [1, a], P)),
    t(map_list_to_pairs(twice, [1, 2, 3], P)), t(map_list_to_pairs(twice, [1, x], P)),
    t(map_list_to_pairs([X, Y]>>(Y = X ; Y = f(X)), [a, b], P)),
    t(findall(P, map_list_to_pairs([X, Y]>>(Y = X ; Y = f(X)), [a, b], P), L)),
    t(map_list_to_pairs(atom_length, L, [1-a])), t(map_list_to_pairs(atom_length, [ab], [2-ab])),
    t(map_list_to_pairs(atom_length, [ab], [3-ab])), t(map_list_to_pairs(succ, [1, 2], P)),
    t(map_list_to_pairs(no_such_pred, [1], P)),
    % determinism
    det(pairs_keys_values(_, [a, b], [1, 2])), det(pairs_keys_values([a-1], _, _)), det(pairs_keys_values(_, _, [1])),
    det(pairs_keys_values([], _, _)), det(pairs_keys_values(_, [], _)), det(pairs_keys_values(_, _, [])),
    det(pairs_keys([a-1], _)), det(pairs_values([a-1], _)), det(pairs_keys(_, [a])), det(pairs_values(_, [a])),
    det(group_pairs_by_key([a-1, b-2, b-3], _)), det(group_pairs_by_key([], _)),
    det(transpose_pairs([a-1], _)), det(map_list_to_pairs(atom_length, [a], _)), det(map_list_to_pairs(atom_length, [], _)).

limit_(N, G) :- State = s(0), call(G), arg(1, State, C0), C is C0+1, nb_setarg(1, State, C), ( C >= N -> ! ; true ).
