% Conformance: library(ugraphs): construction, queries, transformations, top_sort order, closure, malformed graphs
:- use_module(library(ugraphs)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
% e(G): print only the formal part of an error.
e(G) :- catch((G -> R = yes(G) ; R = no), error(F, _), R = ex(F)), out(R).

% Deterministic pseudo-random graphs.
lcg(S0, S) :- S is (S0 * 1103515245 + 12345) mod 2147483648.
rnd_edges(0, _, _, []) :- !.
rnd_edges(K, N, S0, [X-Y|Es]) :-
    lcg(S0, S1), lcg(S1, S2), X is (S1 >> 12) mod N, Y is (S2 >> 12) mod N,
    K1 is K-1, rnd_edges(K1, N, S2, Es).
dag_edges(0, _, _, []) :- !.
dag_edges(K, N, S0, [A-B|Es]) :-
    lcg(S0, S1), lcg(S1, S2), X is (S1 >> 12) mod N, Y is (S2 >> 12) mod N,
    ( X < Y -> A = X, B = Y ; X > Y -> A = Y, B = X ; A = X, B is X+1 ),
    K1 is K-1, dag_edges(K1, N, S2, Es).
rnd(N, E, Seed, G) :- N1 is N-1, numlist(0, N1, Vs), rnd_edges(E, N, Seed, Es), vertices_edges_to_ugraph(Vs, Es, G).
dag(N, E, Seed, G) :- numlist(0, N, Vs), dag_edges(E, N, Seed, Es), vertices_edges_to_ugraph(Vs, Es, G).
% checksum of a list of numbers or of a graph
sum_list_pos(L, S) :- foldl([X, I0-S0, I-S1]>>(I is I0+1, S1 is (S0*31 + X*I) mod 1000000007), L, 0-0, _-S).
% s(Goal, Out): run Goal, print only Out (the graphs are too large to print).
s(G, Out) :- \+ \+ ( catch(G, E, true) -> ( var(E) -> out(Out) ; out(ex(E)) ) ; out(no) ).
graph_sum(G, S) :- edges(G, Es), foldl([A-B, S0, S1]>>(S1 is (S0*7 + A*1009 + B) mod 1000000007), Es, 0, S0), length(Es, N), S = N/S0.

main :-
    % construction
    t(vertices_edges_to_ugraph([], [1-3, 2-4, 4-5, 1-5], G)),
    t(vertices_edges_to_ugraph([a, b, c], [], G)),
    t(vertices_edges_to_ugraph([c, a, a], [b-a, b-a, b-b], G)),
    t(vertices_edges_to_ugraph([2, 1.0, 1], [1-1.0], G)),
    t(vertices_edges_to_ugraph([a], [b-c, f(x)-1, 1-f(x)], G)),
    t(vertices_edges_to_ugraph([], [], G)),
    t(vertices([a-[b], b-[]], V)), t(vertices([], V)), t(vertices(G, [a, b])),
    t(findall(G-L, vertices(G, L), R)),
    t(edges([a-[b, c], b-[a], c-[]], E)), t(edges([], E)),
    t(add_vertices([1-[3, 5], 2-[]], [0, 1, 2, 9, 9], G)),
    t(add_vertices([1-[3, 5], 2-[]], [9, 0], G)),
    t(add_vertices([1-[3, 5], 2-[]], [1, 1, 2], G)),
    t(add_vertices([1-[3, 5], 2-[]], [], G)),
    t(add_vertices([], [b, a, b], G)),
    t(del_vertices([1-[3, 5], 2-[1], 3-[], 5-[1]], [5, 2], G)),
    t(del_vertices([1-[3, 5], 2-[1], 3-[], 5-[1]], [2, 5, 7], G)),
    t(del_vertices([1-[3, 5], 2-[1], 3-[], 5-[1]], [5, 5, 2, 2], G)),
    t(del_vertices([1-[3, 5], 2-[1], 3-[], 5-[1]], [], G)),
    t(del_vertices([a-[b, c], b-[a], c-[]], [b, a], G)),
    t(del_vertices([a-[c, b], b-[a], c-[]], [b], G)),
    t(add_edges([1-[3, 5], 2-[]], [1-2, 9-1, 9-1, 2-2], G)),
    t(add_edges([], [b-a, a-b, b-a], G)),
    t(add_edges([a-[]], [], G)),
    t(del_edges([1-[3, 5], 2-[1], 3-[], 5-[1]], [1-5, 2-1, 7-8, 3-9], G)),
    t(del_edges([a-[b]], [], G)),
    t(del_edges([a-[b], b-[]], [a-b, a-b], G)),
    t(del_edges([a-[b, c], b-[a, c], c-[a]], [c-a, a-c, b-c, z-a], G)),
    t(ugraph_union([1-[2], 2-[3]], [2-[4], 3-[1, 2, 4]], G)),
    t(ugraph_union([1-[2], 5-[3]], [2-[4], 3-[1, 2, 4]], G)),
    t(ugraph_union([], [a-[]], G)), t(ugraph_union([a-[b]], [], G)), t(ugraph_union([a-[b]], [a-[a]], G)),
    t(ugraph_union([a-[b], a-[c]], [a-[d]], G)), t(ugraph_union([b-[], a-[]], [a-[d]], G)),
    % queries
    t(neighbours(1, [1-[3, 5], 2-[]], N)), t(neighbors(2, [1-[3, 5], 2-[]], N)),
    t(neighbors(7, [1-[3, 5], 2-[]], N)), t(neighbors(_, [1-[3, 5], 2-[]], N)),
    t(neighbours(a, [a-[1], a-[2]], N)), t(findall(N, neighbours(a, [a-[1], a-[2]], N), L)),
    t(neighbours(a, [b-[], a-[x]], N)), t(neighbours(1.0, [1-[], 1.0-[x]], N)), t(neighbours(1, [1.0-[y], 1-[x]], N)),
    t(neighbours(X, [X-[1]], N)), t(neighbours(a, [], N)),
    t(reachable(1, [1-[3, 5], 2-[4], 3-[], 4-[5], 5-[]], R)),
    t(reachable(7, [1-[3, 5], 2-[4], 3-[], 4-[5], 5-[]], R)),
    t(reachable(2, [1-[3, 5], 2-[4], 3-[], 4-[5], 5-[1]], R)),
    t(reachable(a, [a-[b], b-[c]], R)), t(reachable(a, [a-[z]], R)), t(reachable(_, [a-[b], b-[]], R)),
    t(reachable(a, [b-[a], a-[b]], R)), t(reachable(b, [b-[a], a-[b]], R)),
    t(reachable(a, [a-[c, b], b-[], c-[]], R)), t(reachable(a, [a-[a]], R)),
    t(reachable(a, [a-[b], b-[a], c-[a]], R)), t(reachable(X, [X-[Y], Y-[Z], Z-[]], R)),
    t(reachable(a, [a-[c, b], b-[e, d], c-[], d-[], e-[]], R)),
    t(reachable(a, [a-[b], b-[c], c-[d], d-[]], R)), t(reachable(a, [], R)),
    t(reachable(c, [a-[b], b-[c], c-[d], d-[], e-[a]], R)),
    t(findall(R, reachable(a, [a-[b], b-[]], R), L)),
    % transformations
    t(transpose_ugraph([1-[3, 5], 2-[1], 3-[], 5-[1]], T)),
    t(transpose_ugraph([1-[3, 5], 2-[1, 2], 3-[], 5-[1]], T)),
    t(transpose_ugraph([], T)), t(transpose_ugraph([a-[z]], T)),
    t(compose([1-[2], 2-[3]], [2-[4], 3-[1, 2, 4]], C)),
    t(compose([1-[2, 3], 2-[3]], [2-[4], 3-[1, 2, 4]], C)),
    t(compose([a-[b]], [c-[d]], C)), t(compose([], [a-[b]], C)), t(compose([a-[b]], [], C)),
    t(compose([a-[b, c]], [b-[x], c-[y, x]], C)),
    t(compose([a-[b, c], d-[a]], [a-[d], b-[e], c-[f]], C)),
    t(complement([1-[3, 5], 2-[4], 3-[], 4-[1, 2, 7, 5], 5-[]], C)),
    t(complement([1-[1]], C)), t(complement([], C)), t(complement([a-[], b-[]], C)),
    t(connect_ugraph([a-[b], b-[], c-[]], S, G)),
    t(connect_ugraph([a-[b], b-[], c-[]], s, G)),
    t(connect_ugraph([], S, G)), t(connect_ugraph([1-[2], 2-[]], S, G)),
    t(connect_ugraph([0-[]], S, G)), t(connect_ugraph([-5-[]], S, G)), t(connect_ugraph([1.5-[]], S, G)),
    t(connect_ugraph([-1.0-[]], S, G)), t(connect_ugraph(["s"-[]], S, G)), t(connect_ugraph([f(x)-[]], S, G)),
    e(connect_ugraph([_-[]], _, _)), t(connect_ugraph([a-[]], 0, G)), t(connect_ugraph([3-[]], 2, G)),
    t(connect_ugraph([3-[]], foo, G)), t(connect_ugraph([3-[]], 1, G)), t(connect_ugraph([a-[], 1-[]], S, G)),
    t(connect_ugraph([10000000000000000000000-[]], S, G)),
    t((connect_ugraph([b-[c], c-[], d-[]], S, G), top_sort(G, L))),
    % transitive closure
    t(transitive_closure([1-[2, 3], 2-[4, 5], 4-[6]], C)),
    t(transitive_closure([1-[2], 2-[1]], C)), t(transitive_closure([1-[1]], C)),
    t(transitive_closure([a-[b], b-[c], c-[a], d-[]], C)),
    t(transitive_closure([], C)), t(transitive_closure([a-[z]], C)), t(transitive_closure([a-[b], b-[c]], C)),
    t(transitive_closure([a-[c, b], b-[d], c-[], d-[]], C)),
    t(transitive_closure([b-[a], a-[b]], C)), t(transitive_closure([b-[a], a-[]], C)),
    t(transitive_closure([a-[b], a-[c], b-[d], c-[], d-[]], C)),
    t(transitive_closure([a-[b], b-[a], a-[c], c-[]], C)),
    t(transitive_closure([X-[Y], Y-[Z], Z-[]], C)),
    t(transitive_closure([a-[b, c], b-[d], c-[d], d-[e], e-[c], f-[f, g], g-[]], C)),
    t(transitive_closure([1-[2], 2-[3], 3-[4], 4-[2, 5], 5-[], 6-[1, 7], 7-[7]], C)),
    t(transitive_closure([a-[b, z], b-[y], c-[a]], C)),
    % top_sort
    t(top_sort([1-[2], 2-[3], 3-[]], L)),
    t(top_sort([a-[], b-[], c-[]], L)),
    t(top_sort([a-[b, c], b-[], c-[]], L)),
    t(top_sort([a-[c], b-[c], c-[]], L)),
    t(top_sort([a-[d], b-[c], c-[], d-[]], L)),
    t(top_sort([1-[3], 2-[3], 3-[4, 5], 4-[], 5-[], 6-[5]], L)),
    t(top_sort([a-[b], b-[a]], L)), t(top_sort([a-[a]], L)), t(top_sort([], L)),
    t(top_sort([1-[2, 3], 2-[4], 3-[4], 4-[]], L)),
    t(top_sort([a-[b], b-[c], c-[]], [x, y], L)),
    t(top_sort([a-[b], b-[c], c-[], d-[]], T, L)),
    t(top_sort([a-[z]], L)), t(top_sort([a-[b], b-[z]], L)), t(top_sort([b-[a], a-[]], L)),
    t(top_sort([a-[b, b], b-[]], L)), t(top_sort([a-[b], c-[d]], L)),
    t(top_sort([a-[c, b], b-[], c-[]], L)), t(top_sort([a-[b, c, b], b-[], c-[]], L)),
    t(top_sort([c-[a], b-[a], a-[]], L)), t(top_sort([a-[b], a-[c], b-[], c-[]], L)),
    t(top_sort([a-[b], b-[], b-[]], L)), t(top_sort([a-[], a-[]], L)), t(top_sort([b-[], a-[b]], L)),
    t(top_sort([a-[c], b-[a], c-[]], L)), t(top_sort([3-[1], 2-[3], 1-[]], L)),
    t(top_sort([1-[2.0], 2.0-[], 2-[]], L)), t(top_sort([a-[_]], L)), t(top_sort([_-[]], L)),
    t(top_sort([X-[Y], Y-[]], L)), t(top_sort(_, L)), t(top_sort([a-[b]|_], L)), t(top_sort([a-[]|T], L)),
    t(top_sort([a-[b], a-[], b-[]], L)), t(top_sort([a-[], a-[b], b-[]], L)), t(top_sort([a-[b], a-[b], b-[]], L)),
    t(findall(L, top_sort([a-[b], b-[]], L), _Ls)),
    t(top_sort([k-[a, m], a-[z], m-[z], z-[], b-[k]], L)),
    % larger graphs: top_sort order and closure against SWI
    s((dag(300, 700, 11, G), top_sort(G, L), sum_list_pos(L, S)), S),
    s((dag(60, 90, 5, G), top_sort(G, L)), L),
    s((dag(200, 150, 3, G), top_sort(G, L), sum_list_pos(L, S)), S),
    s((rnd(100, 150, 7, G), (top_sort(G, L) -> true ; L = cyclic)), L),
    s((dag(200, 500, 13, G), transitive_closure(G, C), graph_sum(C, S)), S),
    s((rnd(150, 200, 17, G), transitive_closure(G, C), graph_sum(C, S)), S),
    s((rnd(120, 300, 19, G), transitive_closure(G, C), graph_sum(C, S)), S),
    s((rnd(40, 45, 23, G), transitive_closure(G, C)), C),
    s((rnd(200, 260, 29, G), reachable(0, G, R), sum_list_pos(R, S)), S),
    s((rnd(200, 400, 29, G), reachable(3, G, R), sum_list_pos(R, S)), S),
    s((rnd(200, 300, 61, G), findall(N, (between(0, 199, V), reachable(V, G, R), length(R, N)), Ns), sum_list_pos(Ns, S)), S),
    s((rnd(200, 400, 31, G), transpose_ugraph(G, T), graph_sum(T, S)), S),
    s((rnd(100, 150, 37, G), complement(G, C), graph_sum(C, S)), S),
    s((rnd(100, 150, 41, G), compose(G, G, C), graph_sum(C, S)), S),
    s((rnd(100, 150, 43, G), rnd(100, 150, 47, G2), ugraph_union(G, G2, U), graph_sum(U, S)), S),
    s((rnd(100, 300, 53, G), edges(G, Es), del_edges(G, Es, D), graph_sum(D, S)), S),
    s((rnd(100, 300, 59, G), numlist(0, 99, Vs), include([V]>>(V mod 3 =:= 0), Vs, Del), del_vertices(G, Del, D), graph_sum(D, S)), S).
