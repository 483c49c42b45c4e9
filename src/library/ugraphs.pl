/*  ugraphs.pl -- library(ugraphs): unweighted graphs, compatible with
    SWI-Prolog 9's library of the same name.

    A ugraph is a list of Vertex-Neighbours pairs, sorted by Vertex,
    where Neighbours is the ordered set (sorted, no duplicates) of the
    vertices Vertex has an edge to.  Every vertex that appears as a
    neighbour normally also appears as a key.

    Part of puzzlog's Prolog library.  The predicates give SWI-Prolog's
    answers in SWI-Prolog's order, also for the input SWI accepts but
    the representation does not allow (unsorted keys or neighbour lists,
    duplicate keys, edges to vertices that are not keys, variables as
    vertices): top_sort/2, reachable/3 and transitive_closure/2 have a
    fast path for well-formed graphs (index arrays, Tarjan's strongly
    connected components and bit sets for the closure) and fall back to
    the straightforward algorithms, whose answers SWI's match on the
    malformed ones.
*/

:- module(ugraphs,
          [ vertices_edges_to_ugraph/3,
            vertices/2,
            edges/2,
            add_vertices/3,
            del_vertices/3,
            add_edges/3,
            del_edges/3,
            neighbours/3,
            neighbors/3,
            ugraph_union/3,
            transitive_closure/2,
            transpose_ugraph/2,
            compose/3,
            top_sort/2,
            top_sort/3,
            reachable/3,
            complement/2,
            connect_ugraph/3
          ]).

:- use_module(library(lists)).

                 /*******************************
                 *          CONSTRUCTION        *
                 *******************************/

%!  vertices_edges_to_ugraph(+Vertices, +Edges, -UGraph) is det.
%
%   UGraph has the vertices Vertices, the endpoints of Edges (a list of
%   From-To pairs) and the edges Edges.
vertices_edges_to_ugraph(Vertices, Edges, Graph) :-
    sort(Vertices, Vs),
    sort(Edges, Es),
    ugraph_edge_ends_(Es, Ends0),
    sort(Ends0, Ends),
    ugraph_ord_union_(Vs, Ends, All),
    ugraph_group_edges_(All, Es, Graph).

% ugraph_edge_ends_(+Edges, -Ends): both endpoints of every edge.
ugraph_edge_ends_([], []).
ugraph_edge_ends_([F-T|Es], [F,T|Ends]) :-
    ugraph_edge_ends_(Es, Ends).

% ugraph_group_edges_(+Vertices, +SortedEdges, -Graph)
ugraph_group_edges_([], _, []).
ugraph_group_edges_([V|Vs], Es0, [V-Ns|G]) :-
    ugraph_take_edges_(Es0, V, Ns, Es),
    ugraph_group_edges_(Vs, Es, G).

ugraph_take_edges_([F-T|Es0], V, Ns, Es) :-
    F == V,
    !,
    Ns = [T|Ns1],
    ugraph_take_edges_(Es0, V, Ns1, Es).
ugraph_take_edges_(Es, _, [], Es).

%!  vertices(+UGraph, -Vertices) is det.
%
%   Vertices are the vertices (keys) of UGraph.
vertices([], []) :-
    !.
vertices([V-_|G], [V|Vs]) :-
    vertices(G, Vs).

%!  edges(+UGraph, -Edges) is det.
%
%   Edges are the From-To edges of UGraph, in order.
edges(Graph, Edges) :-
    ugraph_edges_(Graph, Edges).

ugraph_edges_([], []).
ugraph_edges_([V-Ns|G], Es) :-
    ugraph_vertex_edges_(Ns, V, Es, Es1),
    ugraph_edges_(G, Es1).

ugraph_vertex_edges_([], _, Es, Es).
ugraph_vertex_edges_([N|Ns], V, [V-N|Es0], Es) :-
    ugraph_vertex_edges_(Ns, V, Es0, Es).

%!  add_vertices(+UGraph, +Vertices, -NewUGraph) is det.
%
%   Add Vertices (sorted with msort/2, so duplicates that are not yet
%   in UGraph are added twice, as in SWI) without edges.
add_vertices(Graph, Vertices, NewGraph) :-
    msort(Vertices, Vs),
    ugraph_add_vertices_(Graph, Vs, NewGraph).

ugraph_add_vertices_([], Vs, G) :-
    ugraph_empty_rows_(Vs, G).
ugraph_add_vertices_([V-Ns|G0], Vs, G) :-
    ugraph_add_vertices_(Vs, V, Ns, G0, G).

ugraph_add_vertices_([], V, Ns, G0, [V-Ns|G0]).
ugraph_add_vertices_([W|Ws], V, Ns, G0, G) :-
    compare(O, V, W),
    ugraph_add_vertices_(O, V, Ns, G0, W, Ws, G).

ugraph_add_vertices_(=, V, Ns, G0, _, Ws, [V-Ns|G]) :-
    ugraph_add_vertices_(G0, Ws, G).
ugraph_add_vertices_(<, V, Ns, G0, W, Ws, [V-Ns|G]) :-
    ugraph_add_vertices_(G0, [W|Ws], G).
ugraph_add_vertices_(>, V, Ns, G0, W, Ws, [W-[]|G]) :-
    ugraph_add_vertices_(Ws, V, Ns, G0, G).

ugraph_empty_rows_([], []).
ugraph_empty_rows_([V|Vs], [V-[]|G]) :-
    ugraph_empty_rows_(Vs, G).

%!  del_vertices(+UGraph, +Vertices, -NewUGraph) is det.
%
%   Delete Vertices and all edges from and to them.
del_vertices(Graph, Vertices, NewGraph) :-
    sort(Vertices, Vs),
    ugraph_del_vertices_(Graph, Vs, NewGraph).

ugraph_del_vertices_([], _, []).
ugraph_del_vertices_([V-Ns|G0], Vs, G) :-
    (   ugraph_ord_memberchk_(V, Vs)
    ->  G = G1
    ;   ugraph_ord_subtract_(Ns, Vs, Ns1),
        G = [V-Ns1|G1]
    ),
    ugraph_del_vertices_(G0, Vs, G1).

%!  add_edges(+UGraph, +Edges, -NewUGraph) is det.
%
%   Add the From-To Edges and their endpoints.
add_edges(Graph, Edges, NewGraph) :-
    vertices_edges_to_ugraph([], Edges, Extra),
    ugraph_union(Graph, Extra, NewGraph).

%!  ugraph_union(+UGraph1, +UGraph2, -NewUGraph) is det.
%
%   The union of the vertices and edges of two graphs.
ugraph_union([], G2, G2).
ugraph_union([V1-N1|G1], G2, G) :-
    ugraph_union_(G2, V1, N1, G1, G).

ugraph_union_([], V1, N1, G1, [V1-N1|G1]).
ugraph_union_([V2-N2|G2], V1, N1, G1, G) :-
    compare(O, V1, V2),
    ugraph_union_(O, V1, N1, G1, V2, N2, G2, G).

ugraph_union_(=, V, N1, G1, _, N2, G2, [V-N|G]) :-
    ugraph_ord_union_(N1, N2, N),
    ugraph_union(G1, G2, G).
ugraph_union_(<, V1, N1, G1, V2, N2, G2, [V1-N1|G]) :-
    ugraph_union_(G1, V2, N2, G2, G).
ugraph_union_(>, V1, N1, G1, V2, N2, G2, [V2-N2|G]) :-
    ugraph_union_(G2, V1, N1, G1, G).

%!  del_edges(+UGraph, +Edges, -NewUGraph) is det.
%
%   Delete the From-To Edges; the vertices stay.
del_edges(Graph, Edges, NewGraph) :-
    vertices_edges_to_ugraph([], Edges, Del),
    ugraph_del_edges_(Graph, Del, NewGraph).

ugraph_del_edges_([], _, []).
ugraph_del_edges_([V-Ns|G0], Del0, [V-Ns1|G]) :-
    ugraph_del_skip_(Del0, V, Del),
    (   Del = [W-DNs|_],
        W == V
    ->  ugraph_ord_subtract_(Ns, DNs, Ns1)
    ;   Ns1 = Ns
    ),
    ugraph_del_edges_(G0, Del, G).

% ugraph_del_skip_(+Del0, +V, -Del): drop the rows of Del0 before V.
ugraph_del_skip_([W-_|Del0], V, Del) :-
    W @< V,
    !,
    ugraph_del_skip_(Del0, V, Del).
ugraph_del_skip_(Del, _, Del).

                 /*******************************
                 *            QUERIES           *
                 *******************************/

%!  neighbours(+Vertex, +UGraph, -Neighbours) is semidet.
%!  neighbors(+Vertex, +UGraph, -Neighbours) is semidet.
%
%   Neighbours are the vertices Vertex has an edge to.  Fails if Vertex
%   is not a vertex (==) of UGraph.
neighbours(V, Graph, Neighbours) :-
    ugraph_lookup_(Graph, V, Neighbours).

neighbors(V, Graph, Neighbours) :-
    ugraph_lookup_(Graph, V, Neighbours).

% ugraph_lookup_(+Graph, +V, -Ns): the row of the first key == V.
ugraph_lookup_(G, _, _) :-
    var(G),
    !,
    fail.
ugraph_lookup_([W-Ns0|G], V, Ns) :-
    (   W == V
    ->  Ns = Ns0
    ;   ugraph_lookup_(G, V, Ns)
    ).

%!  reachable(+Vertex, +UGraph, -Vertices) is semidet.
%
%   Vertices is the ordered set of vertices reachable from Vertex,
%   including Vertex.  Fails if a vertex reached is not a vertex of
%   UGraph.
reachable(V, Graph, Reach) :-
    (   ugraph_keys_array_(Graph, Keys, Rows, N)
    ->  ugraph_fast_reachable_(V, Keys, Rows, N, Reach)
    ;   ugraph_slow_reachable_(V, Graph, Reach)
    ).

% ugraph_keys_array_(+Graph, -Keys, -Rows, -N): Graph is a proper list
% whose keys are strictly increasing; Keys and Rows are k/N and r/N
% terms of its keys and rows.
ugraph_keys_array_(Graph, Keys, Rows, N) :-
    Graph = [V0-_|_],
    ugraph_sorted_keys_(Graph, V0, Ks, Rs, 0, N),
    Keys =.. [k|Ks],
    Rows =.. [r|Rs].

ugraph_sorted_keys_(G, _, _, _, _, _) :-
    var(G),
    !,
    fail.
ugraph_sorted_keys_([], _, [], [], N, N).
ugraph_sorted_keys_([V-Ns|G], P, [V|Ks], [Ns|Rs], N0, N) :-
    (   N0 =:= 0
    ->  true
    ;   P @< V
    ),
    N1 is N0+1,
    ugraph_sorted_keys_(G, V, Ks, Rs, N1, N).

% ugraph_bsearch_(+Keys, +V, +Lo, +Hi, -I): Keys' argument I is == V.
ugraph_bsearch_(Keys, V, Lo, Hi, I) :-
    Lo =< Hi,
    Mid is (Lo+Hi) >> 1,
    arg(Mid, Keys, K),
    compare(O, V, K),
    (   O == (=)
    ->  I = Mid
    ;   O == (<)
    ->  Hi1 is Mid-1,
        ugraph_bsearch_(Keys, V, Lo, Hi1, I)
    ;   Lo1 is Mid+1,
        ugraph_bsearch_(Keys, V, Lo1, Hi, I)
    ).

% Depth-first search over the index.  The answer is the ordered set of
% the vertices reached if every row visited is an ordered set; an
% unsorted row makes the answer depend on SWI's algorithm: start again
% with that one.
ugraph_fast_reachable_(V, Keys, Rows, N, Reach) :-
    ugraph_bsearch_(Keys, V, 1, N, I),
    functor(Seen, seen, N),
    nb_setarg(I, Seen, true),
    (   ugraph_dfs_([I], Keys, Rows, N, Seen, [I], Is)
    ->  sort(Is, Sorted),
        ugraph_index_names_(Sorted, Keys, Reach)
    ;   ugraph_sorted_rows_(Rows, N)
    ->  fail
    ;   ugraph_slow_reachable_(V, Rows, Keys, Reach)
    ).

ugraph_dfs_([], _, _, _, _, Is, Is).
ugraph_dfs_([I|Stack], Keys, Rows, N, Seen, Is0, Is) :-
    arg(I, Rows, Ns),
    ugraph_strict_(Ns),
    ugraph_dfs_push_(Ns, Keys, N, Seen, Stack, Stack1, Is0, Is1),
    ugraph_dfs_(Stack1, Keys, Rows, N, Seen, Is1, Is).

ugraph_dfs_push_([], _, _, _, S, S, Is, Is).
ugraph_dfs_push_([W|Ws], Keys, N, Seen, S0, S, Is0, Is) :-
    ugraph_bsearch_(Keys, W, 1, N, J),
    arg(J, Seen, Mark),
    (   Mark == true
    ->  ugraph_dfs_push_(Ws, Keys, N, Seen, S0, S, Is0, Is)
    ;   nb_setarg(J, Seen, true),
        ugraph_dfs_push_(Ws, Keys, N, Seen, [J|S0], S, [J|Is0], Is)
    ).

% ugraph_sorted_rows_(+Rows, +N): all rows are ordered sets.
ugraph_sorted_rows_(Rows, N) :-
    forall(between(1, N, I), ( arg(I, Rows, Ns), ugraph_strict_(Ns) )).

ugraph_index_names_([], _, []).
ugraph_index_names_([I|Is], Keys, [V|Vs]) :-
    arg(I, Keys, V),
    ugraph_index_names_(Is, Keys, Vs).

ugraph_slow_reachable_(V, Rows, Keys, Reach) :-
    Keys =.. [_|Ks],
    Rows =.. [_|Rs],
    ugraph_pairs_(Ks, Rs, Graph),
    ugraph_slow_reachable_(V, Graph, Reach).

ugraph_pairs_([], [], []).
ugraph_pairs_([K|Ks], [R|Rs], [K-R|G]) :-
    ugraph_pairs_(Ks, Rs, G).

% Breadth-first, merging rows into the answer with ord_union/4.
ugraph_slow_reachable_(V, Graph, Reach) :-
    ugraph_reach_([V], Graph, [V], Reach).

ugraph_reach_([], _, Reach, Reach).
ugraph_reach_([V|Queue], Graph, Reach0, Reach) :-
    ugraph_lookup_(Graph, V, Ns),
    ugraph_ord_union_(Reach0, Ns, Reach1, New),
    ugraph_append_(Queue, New, Queue1),
    ugraph_reach_(Queue1, Graph, Reach1, Reach).

                 /*******************************
                 *        TRANSFORMATIONS       *
                 *******************************/

%!  transpose_ugraph(+UGraph, -Transposed) is det.
%
%   Transposed has an edge To-From for every edge From-To of UGraph.
transpose_ugraph(Graph, Transposed) :-
    vertices(Graph, Vs),
    ugraph_flipped_edges_(Graph, Es),
    vertices_edges_to_ugraph(Vs, Es, Transposed).

ugraph_flipped_edges_([], []).
ugraph_flipped_edges_([V-Ns|G], Es) :-
    ugraph_flipped_(Ns, V, Es, Es1),
    ugraph_flipped_edges_(G, Es1).

ugraph_flipped_([], _, Es, Es).
ugraph_flipped_([N|Ns], V, [N-V|Es0], Es) :-
    ugraph_flipped_(Ns, V, Es0, Es).

%!  compose(+G1, +G2, -Composition) is det.
%
%   Composition has the vertices of G1 and G2 and an edge V-W when G1
%   has an edge V-X and G2 an edge X-W.
compose(G1, G2, Composition) :-
    vertices(G1, V1),
    vertices(G2, V2),
    ugraph_ord_union_(V1, V2, Vs),
    ugraph_row_slots_(G1, Slots, Pairs0),
    keysort(Pairs0, Pairs),
    ugraph_bind_rows_(Pairs, G2),
    ugraph_compose_(Vs, Slots, Composition).

% ugraph_row_slots_(+G1, -Slots, -Pairs): Slots is V-RowSlots for every
% row of G1, with a fresh variable per neighbour X, and Pairs holds
% X-Slot pairs to be bound to X's row in G2.
ugraph_row_slots_([], [], []).
ugraph_row_slots_([V-Ns|G], [V-Ss|Slots], Pairs) :-
    ugraph_slot_pairs_(Ns, Ss, Pairs, Pairs1),
    ugraph_row_slots_(G, Slots, Pairs1).

ugraph_slot_pairs_([], [], Ps, Ps).
ugraph_slot_pairs_([N|Ns], [S|Ss], [N-S|Ps0], Ps) :-
    ugraph_slot_pairs_(Ns, Ss, Ps0, Ps).

ugraph_bind_rows_([], _).
ugraph_bind_rows_([X-S|Ps], G) :-
    ugraph_row_after_(G, X, G1, Row),
    S = Row,
    ugraph_bind_rows_(Ps, G1).

% ugraph_row_after_(+G, +X, -G1, -Row): Row is X's row in the sorted G
% ([] if none); G1 is what remains of G to look up keys >= X.
ugraph_row_after_([], _, [], []).
ugraph_row_after_([V-Ns|G], X, G1, Row) :-
    compare(O, X, V),
    (   O == (>)
    ->  ugraph_row_after_(G, X, G1, Row)
    ;   O == (=)
    ->  G1 = [V-Ns|G],
        Row = Ns
    ;   G1 = [V-Ns|G],
        Row = []
    ).

ugraph_compose_([], _, []).
ugraph_compose_([V|Vs], Slots0, [V-Ns|G]) :-
    (   Slots0 = [W-Rows|Slots],
        W == V
    ->  ugraph_union_rows_(Rows, [], Ns)
    ;   Slots = Slots0,
        Ns = []
    ),
    ugraph_compose_(Vs, Slots, G).

ugraph_union_rows_([], Ns, Ns).
ugraph_union_rows_([R|Rs], Ns0, Ns) :-
    ugraph_ord_union_(Ns0, R, Ns1),
    ugraph_union_rows_(Rs, Ns1, Ns).

%!  complement(+UGraph, -Complement) is det.
%
%   Complement has the vertices of UGraph and an edge V-W for every
%   pair of distinct vertices that UGraph has no edge V-W for.
complement(Graph, Complement) :-
    vertices(Graph, Vs),
    ugraph_complement_(Graph, Vs, Complement).

ugraph_complement_([], _, []).
ugraph_complement_([V-Ns|G], Vs, [V-Cs|C]) :-
    ugraph_ord_subtract_(Vs, Ns, Cs0),
    ugraph_ord_del_(Cs0, V, Cs),
    ugraph_complement_(G, Vs, C).

%!  connect_ugraph(+UGraph, -Start, -NewUGraph) is det.
%
%   NewUGraph is UGraph with a new vertex Start, before all others in
%   the standard order (one less than the first vertex if that is a
%   number, else 0), that has an edge to every vertex.  An empty graph
%   stays empty (Start = 0).
connect_ugraph([], Start, []) :-
    !,
    Start = 0.
connect_ugraph(Graph, Start, [Start-Vs|Graph]) :-
    Graph = [First-_|_],
    (   var(First)
    ->  throw(error(instantiation_error, _))
    ;   number(First)
    ->  Start0 is First-1
    ;   Start0 = 0
    ),
    Start = Start0,
    vertices(Graph, Vs).

                 /*******************************
                 *      TRANSITIVE CLOSURE      *
                 *******************************/

%!  transitive_closure(+UGraph, -Closure) is det.
%
%   Closure has an edge V-W for every path of one or more edges from V
%   to W in UGraph.
transitive_closure(Graph, Closure) :-
    (   ground(Graph),
        ugraph_well_formed_(Graph)
    ->  ugraph_fast_closure_(Graph, Closure)
    ;   ugraph_warshall_(Graph, Closure)
    ).

% ugraph_well_formed_(+Graph): a proper list of V-Ns pairs, keys
% strictly increasing, each Ns a strictly increasing proper list.
ugraph_well_formed_(G) :-
    var(G),
    !,
    fail.
ugraph_well_formed_([]).
ugraph_well_formed_([V-Ns|G]) :-
    ugraph_strict_(Ns),
    ugraph_well_formed_(G, V).

ugraph_well_formed_(G, _) :-
    var(G),
    !,
    fail.
ugraph_well_formed_([], _).
ugraph_well_formed_([V-Ns|G], P) :-
    P @< V,
    ugraph_strict_(Ns),
    ugraph_well_formed_(G, V).

% ugraph_strict_(+List): a strictly increasing proper list.
ugraph_strict_(L) :-
    var(L),
    !,
    fail.
ugraph_strict_([]).
ugraph_strict_([X|Xs]) :-
    ugraph_strict_(Xs, X).

ugraph_strict_(L, _) :-
    var(L),
    !,
    fail.
ugraph_strict_([], _).
ugraph_strict_([X|Xs], P) :-
    P @< X,
    ugraph_strict_(Xs, X).

% Node terms of the fast closure:
%   n(Vertex, Id, Succs, Index, Low, OnStack, Comp, Reach, Row)
% Id numbers all vertices (keys and neighbours that are no keys) in
% standard order from 0; Reach is the bit set of the Ids reachable in
% one or more steps; Row the corresponding ordered set.
ugraph_fast_closure_(Graph, Closure) :-
    ugraph_tc_nodes_(Graph, Nodes, Pairs0),
    keysort(Pairs0, Pairs),
    ugraph_tc_merge_(Nodes, Pairs, 0, All),
    ugraph_node_names_(All, Names0),
    Names =.. [names|Names0],
    ugraph_tarjan_(Nodes, st(0, []), Names),
    ugraph_tc_rows_(Nodes, Closure).

ugraph_tc_nodes_([], [], []).
ugraph_tc_nodes_([V-Ns|G], [N|Nodes], Pairs) :-
    N = n(V, _, Succs, 0, 0, 0, -1, 0, []),
    ugraph_slot_pairs_(Ns, Succs, Pairs, Pairs1),
    ugraph_tc_nodes_(G, Nodes, Pairs1).

% ugraph_tc_merge_(+KeyNodes, +Pairs, +Id, -AllNodes): bind each
% neighbour slot to its node, making sink nodes for neighbours that
% are not keys, and number all nodes in standard order.
ugraph_tc_merge_([], Ps, Id, All) :-
    ugraph_tc_sinks_(Ps, Id, All).
ugraph_tc_merge_([N|Ns], Ps, Id, All) :-
    ugraph_tc_merge_1_(Ps, N, Ns, Id, All).

ugraph_tc_merge_1_([], N, Ns, Id, [N|All]) :-
    arg(2, N, Id),
    Id1 is Id+1,
    ugraph_tc_merge_(Ns, [], Id1, All).
ugraph_tc_merge_1_([T-S|Ps], N, Ns, Id, All) :-
    arg(1, N, V),
    compare(O, T, V),
    ugraph_tc_merge_(O, N, Ns, T, S, Ps, Id, All).

ugraph_tc_sinks_([], _, []).
ugraph_tc_sinks_([T-S|Ps], Id, [Sink|All]) :-
    Sink = n(T, Id, [], 0, 0, 0, -1, 0, []),
    S = Sink,
    ugraph_tc_group_(Ps, T, Sink, Ps1),
    Id1 is Id+1,
    ugraph_tc_sinks_(Ps1, Id1, All).

ugraph_tc_merge_(<, N, Ns, T, S, Ps, Id, [Sink|All]) :-
    Sink = n(T, Id, [], 0, 0, 0, -1, 0, []),
    S = Sink,
    ugraph_tc_group_(Ps, T, Sink, Ps1),
    Id1 is Id+1,
    ugraph_tc_merge_([N|Ns], Ps1, Id1, All).
ugraph_tc_merge_(=, N, Ns, T, S, Ps, Id, [N|All]) :-
    arg(2, N, Id),
    S = N,
    ugraph_tc_group_(Ps, T, N, Ps1),
    Id1 is Id+1,
    ugraph_tc_merge_(Ns, Ps1, Id1, All).
ugraph_tc_merge_(>, N, Ns, T, S, Ps, Id, [N|All]) :-
    arg(2, N, Id),
    Id1 is Id+1,
    ugraph_tc_merge_(Ns, [T-S|Ps], Id1, All).

ugraph_tc_group_([T-S|Ps], V, N, Rest) :-
    T == V,
    !,
    S = N,
    ugraph_tc_group_(Ps, V, N, Rest).
ugraph_tc_group_(Ps, _, _, Ps).

ugraph_node_names_([], []).
ugraph_node_names_([N|Ns], [V|Vs]) :-
    arg(1, N, V),
    ugraph_node_names_(Ns, Vs).

% Tarjan's algorithm.  Components are completed in reverse topological
% order, so the bit sets of the components a component has edges to are
% known when it completes.
ugraph_tarjan_([], _, _).
ugraph_tarjan_([N|Ns], St, Names) :-
    (   arg(4, N, 0)
    ->  ugraph_strongconnect_(N, St, Names)
    ;   true
    ),
    ugraph_tarjan_(Ns, St, Names).

ugraph_strongconnect_(N, St, Names) :-
    arg(1, St, I0),
    I is I0+1,
    setarg(1, St, I),
    setarg(4, N, I),
    setarg(5, N, I),
    arg(2, St, Stack0),
    setarg(2, St, [N|Stack0]),
    setarg(6, N, 1),
    arg(3, N, Succs),
    ugraph_sc_succs_(Succs, N, St, Names),
    arg(5, N, Low),
    (   Low =:= I
    ->  arg(2, St, Stack1),
        ugraph_pop_component_(Stack1, N, I, Members, Stack),
        setarg(2, St, Stack),
        ugraph_component_reach_(Members, I, 0, Reach),
        ugraph_bits_names_(Reach, 0, Names, Row, []),
        ugraph_set_component_(Members, Reach, Row)
    ;   true
    ).

ugraph_sc_succs_([], _, _, _).
ugraph_sc_succs_([W|Ws], N, St, Names) :-
    arg(4, W, WI),
    (   WI =:= 0
    ->  ugraph_strongconnect_(W, St, Names),
        arg(5, W, WL),
        arg(5, N, NL),
        (   WL < NL
        ->  setarg(5, N, WL)
        ;   true
        )
    ;   arg(6, W, 1)
    ->  arg(5, N, NL),
        (   WI < NL
        ->  setarg(5, N, WI)
        ;   true
        )
    ;   true
    ),
    ugraph_sc_succs_(Ws, N, St, Names).

ugraph_pop_component_([M|Stack0], N, I, [M|Ms], Stack) :-
    setarg(6, M, 0),
    setarg(7, M, I),
    (   M == N
    ->  Ms = [],
        Stack = Stack0
    ;   ugraph_pop_component_(Stack0, N, I, Ms, Stack)
    ).

ugraph_component_reach_([], _, R, R).
ugraph_component_reach_([M|Ms], C, R0, R) :-
    arg(3, M, Succs),
    ugraph_succs_reach_(Succs, C, R0, R1),
    ugraph_component_reach_(Ms, C, R1, R).

ugraph_succs_reach_([], _, R, R).
ugraph_succs_reach_([W|Ws], C, R0, R) :-
    arg(2, W, Id),
    (   arg(7, W, C)
    ->  R1 is R0 \/ (1 << Id)
    ;   arg(8, W, WR),
        R1 is R0 \/ (1 << Id) \/ WR
    ),
    ugraph_succs_reach_(Ws, C, R1, R).

ugraph_set_component_([], _, _).
ugraph_set_component_([M|Ms], Reach, Row) :-
    setarg(8, M, Reach),
    setarg(9, M, Row),
    ugraph_set_component_(Ms, Reach, Row).

% ugraph_bits_names_(+Bits, +Base, +Names, -List, ?Tail): the names of
% the Ids in the bit set, ascending, 60 bits at a time.
ugraph_bits_names_(0, _, _, L, L) :-
    !.
ugraph_bits_names_(B, Base, Names, L0, L) :-
    C is B /\ 0xfffffffffffffff,
    ugraph_chunk_names_(C, Base, Names, L0, L1),
    B1 is B >> 60,
    Base1 is Base+60,
    ugraph_bits_names_(B1, Base1, Names, L1, L).

ugraph_chunk_names_(0, _, _, L, L) :-
    !.
ugraph_chunk_names_(C, Base, Names, [V|L0], L) :-
    K is Base + lsb(C) + 1,
    arg(K, Names, V),
    C1 is C /\ (C-1),
    ugraph_chunk_names_(C1, Base, Names, L0, L).

ugraph_tc_rows_([], []).
ugraph_tc_rows_([N|Ns], [V-Row|C]) :-
    arg(1, N, V),
    arg(9, N, Row),
    ugraph_tc_rows_(Ns, C).

% Warshall's algorithm on the rows as given: for each vertex V in turn,
% every row that has V gets V's (current) row added.
ugraph_warshall_(Graph, Closure) :-
    ugraph_warshall_(Graph, Graph, Closure).

ugraph_warshall_([], Closure, Closure).
ugraph_warshall_([V-_|G], E0, Closure) :-
    memberchk(V-Y, E0),
    ugraph_warshall_rows_(E0, V, Y, E),
    ugraph_warshall_(G, E, Closure).

ugraph_warshall_rows_([], _, _, []).
ugraph_warshall_rows_([X-Ns|G], V, Y, [X-Ns1|G1]) :-
    (   memberchk(V, Ns)
    ->  ugraph_ord_union_(Ns, Y, Ns1)
    ;   Ns1 = Ns
    ),
    ugraph_warshall_rows_(G, V, Y, G1).

                 /*******************************
                 *       TOPOLOGICAL SORT       *
                 *******************************/

%!  top_sort(+UGraph, -Sorted) is semidet.
%
%   Sorted holds the vertices of the acyclic UGraph such that every
%   edge goes from an earlier to a later vertex.  Fails if UGraph has a
%   cycle.  The order is SWI's: vertices without incoming edges in
%   graph order, each vertex's neighbours that become free taking
%   precedence (last freed first).
top_sort(Graph, Sorted) :-
    top_sort(Graph, [], Sorted).

%!  top_sort(+UGraph, ?Tail, -Sorted) is semidet.
%
%   As top_sort/2, with Sorted ending in Tail (SWI's argument order).
top_sort(Graph, Tail, Sorted) :-
    (   ugraph_well_formed_(Graph)
    ->  ugraph_ts_fast_nodes_(Graph, Nodes)
    ;   ugraph_ts_slow_nodes_(Graph, Nodes)
    ),
    ugraph_ts_zeros_(Nodes, Zeros),
    length(Nodes, Len),
    ugraph_ts_(Zeros, 0, Count, Sorted, Tail),
    Count =:= Len.

% Nodes: t(Vertex, Succs, InDegree).
ugraph_ts_fast_nodes_(Graph, Nodes) :-
    ugraph_ts_nodes_(Graph, Nodes, Pairs0),
    keysort(Pairs0, Pairs),
    ugraph_ts_bind_(Nodes, Pairs).

ugraph_ts_nodes_([], [], []).
ugraph_ts_nodes_([V-Ns|G], [t(V, Succs, _)|Nodes], Pairs) :-
    ugraph_slot_pairs_(Ns, Succs, Pairs, Pairs1),
    ugraph_ts_nodes_(G, Nodes, Pairs1).

% Bind each neighbour slot to its node and count the in-degrees; fail
% if a neighbour is no vertex.
ugraph_ts_bind_([], []).
ugraph_ts_bind_([N|Ns], Ps0) :-
    arg(1, N, V),
    ugraph_ts_take_(Ps0, V, N, 0, C, Ps),
    arg(3, N, C),
    ugraph_ts_bind_(Ns, Ps).

ugraph_ts_take_([], _, _, C, C, []).
ugraph_ts_take_([T-S|Ps], V, N, C0, C, Rest) :-
    compare(O, T, V),
    (   O == (=)
    ->  S = N,
        C1 is C0+1,
        ugraph_ts_take_(Ps, V, N, C1, C, Rest)
    ;   O == (>),
        C = C0,
        Rest = [T-S|Ps]
    ).

% The general case, as SWI: each row is matched against the vertices
% in graph order (==), a neighbour after the previous one; a vertex
% that occurs twice is expanded with the row of its first occurrence.
ugraph_ts_slow_nodes_(Graph, Nodes) :-
    ugraph_close_list_(Graph),
    ugraph_ts_slow_list_(Graph, Nodes),
    ugraph_ts_slow_count_(Graph, Nodes, Nodes),
    ugraph_ts_slow_first_(Nodes, Nodes).

ugraph_close_list_(L) :-
    var(L),
    !,
    L = [].
ugraph_close_list_([]).
ugraph_close_list_([_|L]) :-
    ugraph_close_list_(L).

% Nodes: t(Vertex, Succs, InDegree, OwnSuccs)
ugraph_ts_slow_list_([], []).
ugraph_ts_slow_list_([V-_|G], [t(V, _, 0, _)|Nodes]) :-
    ugraph_ts_slow_list_(G, Nodes).

ugraph_ts_slow_count_([], [], _).
ugraph_ts_slow_count_([_-Ns|G], [N|Nodes], All) :-
    ugraph_ts_walk_(Ns, All, Succs),
    arg(4, N, Succs),
    ugraph_ts_slow_count_(G, Nodes, All).

ugraph_ts_walk_([], _, []).
ugraph_ts_walk_([X|Xs], Nodes0, [N|Succs]) :-
    ugraph_ts_find_(Nodes0, X, N, Nodes),
    arg(3, N, C0),
    C is C0+1,
    setarg(3, N, C),
    ugraph_ts_walk_(Xs, Nodes, Succs).

ugraph_ts_find_([M|Ms], X, N, Rest) :-
    arg(1, M, V),
    (   V == X
    ->  N = M,
        Rest = Ms
    ;   ugraph_ts_find_(Ms, X, N, Rest)
    ).

ugraph_ts_slow_first_([], _).
ugraph_ts_slow_first_([N|Ns], All) :-
    arg(1, N, V),
    ugraph_ts_find_(All, V, First, _),
    arg(4, First, Succs),
    arg(2, N, Succs),
    ugraph_ts_slow_first_(Ns, All).

ugraph_ts_zeros_([], []).
ugraph_ts_zeros_([N|Ns], Zs) :-
    (   arg(3, N, 0)
    ->  Zs = [N|Zs1]
    ;   Zs = Zs1
    ),
    ugraph_ts_zeros_(Ns, Zs1).

ugraph_ts_([], C, C, Tail, Tail).
ugraph_ts_([N|Stack0], C0, C, [V|Sorted], Tail) :-
    arg(1, N, V),
    arg(2, N, Succs),
    ugraph_ts_free_(Succs, Stack0, Stack),
    C1 is C0+1,
    ugraph_ts_(Stack, C1, C, Sorted, Tail).

ugraph_ts_free_([], Stack, Stack).
ugraph_ts_free_([W|Ws], Stack0, Stack) :-
    arg(3, W, D0),
    D0 > 0,
    D is D0-1,
    setarg(3, W, D),
    (   D =:= 0
    ->  ugraph_ts_free_(Ws, [W|Stack0], Stack)
    ;   ugraph_ts_free_(Ws, Stack0, Stack)
    ).

                 /*******************************
                 *        ORDERED SETS          *
                 *******************************/

% ugraph_ord_union_(+Set1, +Set2, -Union)
ugraph_ord_union_([], Set2, Set2).
ugraph_ord_union_([H1|T1], Set2, Union) :-
    ugraph_ord_union_1_(Set2, H1, T1, Union).

% ugraph_ord_union_1_(+Set2, +H1, +T1, -Union): Set1 is [H1|T1].
ugraph_ord_union_1_([], H1, T1, [H1|T1]).
ugraph_ord_union_1_([H2|T2], H1, T1, Union) :-
    compare(O, H1, H2),
    ugraph_ord_union_2_(O, H1, T1, H2, T2, Union).

ugraph_ord_union_2_(<, H1, T1, H2, T2, [H1|Union]) :-
    ugraph_ord_union_3_(T1, H2, T2, Union).
ugraph_ord_union_2_(=, H1, T1, _, T2, [H1|Union]) :-
    ugraph_ord_union_(T1, T2, Union).
ugraph_ord_union_2_(>, H1, T1, H2, T2, [H2|Union]) :-
    ugraph_ord_union_1_(T2, H1, T1, Union).

% ugraph_ord_union_3_(+Set1, +H2, +T2, -Union): Set2 is [H2|T2].
ugraph_ord_union_3_([], H2, T2, [H2|T2]).
ugraph_ord_union_3_([H1|T1], H2, T2, Union) :-
    compare(O, H1, H2),
    ugraph_ord_union_2_(O, H1, T1, H2, T2, Union).

% ugraph_ord_union_(+Set1, +Set2, -Union, -New): New are the elements
% of Set2 that are not in Set1.
ugraph_ord_union_([], Set2, Set2, Set2).
ugraph_ord_union_([H1|T1], Set2, Union, New) :-
    ugraph_ord_union_4_(Set2, H1, T1, Union, New).

% ugraph_ord_union_4_(+Set2, +H1, +T1, -Union, -New): Set1 is [H1|T1].
ugraph_ord_union_4_([], H1, T1, [H1|T1], []).
ugraph_ord_union_4_([H2|T2], H1, T1, Union, New) :-
    compare(O, H1, H2),
    ugraph_ord_union_5_(O, H1, T1, H2, T2, Union, New).

ugraph_ord_union_5_(<, H1, T1, H2, T2, [H1|Union], New) :-
    ugraph_ord_union_6_(T1, H2, T2, Union, New).
ugraph_ord_union_5_(=, H1, T1, _, T2, [H1|Union], New) :-
    ugraph_ord_union_(T1, T2, Union, New).
ugraph_ord_union_5_(>, H1, T1, H2, T2, [H2|Union], [H2|New]) :-
    ugraph_ord_union_4_(T2, H1, T1, Union, New).

% ugraph_ord_union_6_(+Set1, +H2, +T2, -Union, -New): Set2 is [H2|T2].
ugraph_ord_union_6_([], H2, T2, [H2|T2], [H2|T2]).
ugraph_ord_union_6_([H1|T1], H2, T2, Union, New) :-
    compare(O, H1, H2),
    ugraph_ord_union_5_(O, H1, T1, H2, T2, Union, New).

% ugraph_ord_subtract_(+Set1, +Set2, -Diff)
ugraph_ord_subtract_([], _, []).
ugraph_ord_subtract_([H1|T1], Set2, Diff) :-
    ugraph_ord_subtract_1_(Set2, H1, T1, Diff).

ugraph_ord_subtract_1_([], H1, T1, [H1|T1]).
ugraph_ord_subtract_1_([H2|T2], H1, T1, Diff) :-
    compare(O, H1, H2),
    ugraph_ord_subtract_2_(O, H1, T1, H2, T2, Diff).

ugraph_ord_subtract_2_(<, H1, T1, H2, T2, [H1|Diff]) :-
    ugraph_ord_subtract_3_(T1, H2, T2, Diff).
ugraph_ord_subtract_2_(=, _, T1, _, T2, Diff) :-
    ugraph_ord_subtract_(T1, T2, Diff).
ugraph_ord_subtract_2_(>, H1, T1, _, T2, Diff) :-
    ugraph_ord_subtract_1_(T2, H1, T1, Diff).

ugraph_ord_subtract_3_([], _, _, []).
ugraph_ord_subtract_3_([H1|T1], H2, T2, Diff) :-
    compare(O, H1, H2),
    ugraph_ord_subtract_2_(O, H1, T1, H2, T2, Diff).

% ugraph_ord_memberchk_(+X, +Set)
ugraph_ord_memberchk_(X, [H|T]) :-
    compare(O, X, H),
    (   O == (=)
    ->  true
    ;   O == (>)
    ->  ugraph_ord_memberchk_(X, T)
    ).

% ugraph_ord_del_(+Set, +X, -Set1)
ugraph_ord_del_([], _, []).
ugraph_ord_del_([H|T], X, Set) :-
    compare(O, H, X),
    (   O == (<)
    ->  Set = [H|Set1],
        ugraph_ord_del_(T, X, Set1)
    ;   O == (=)
    ->  Set = T
    ;   Set = [H|T]
    ).

ugraph_append_([], L, L).
ugraph_append_([H|T], L, [H|R]) :-
    ugraph_append_(T, L, R).
