/*  clpb.pl -- CLP(B): constraint logic programming over Boolean variables.

    Part of puzzlog's Prolog library, written for puzzlog after the API and
    the answers of SWI-Prolog's library(clpb); the solver is puzzlog's own.

    BDDs.  A Boolean function is a reduced ordered binary decision diagram
    (BDD), named by an integer: 0 and 1 are the terminals, every other
    number a node node(Id, Var, Low, High) (Var the index of a variable,
    Low the function where it is 0, High where it is 1).  Variables are
    ordered by their index, given when a variable first enters the solver
    (first appearance).  Nodes are hash-consed: unique(Key, Var, Id), Key
    made of Low and High, so two equal functions have the same number.
    Nodes and the results of the operations on them (memo/3: and, or, xor,
    not, restriction, ...) are pure functions of their arguments, so both
    tables are kept across backtracking; the results are a cache, emptied
    when it passes a million entries.

    Components.  A constrained variable carries the attribute
    v(Index, Seq, H): Index its place in the BDDs (the order in which the
    expressions that bring variables in are parsed), Seq the order in which
    term_variables/2 met it (the order of its sat(V=:=V) goal), H a
    handle, a variable whose own `clpb` attribute is either fwd(H1) (the
    component was merged into H1's) or comp(Bdd, Vars, Entries):
    Bdd the conjunction of everything posted on the component, Vars the
    Index-Var pairs of its variables, Entries the posted constraints as
    they are shown (e(Key, Bdd), one per posted conjunct, Key the indices
    of the variables it is written with; a conjunct written with the same
    variables as an earlier one is conjoined with it).  All of it is in
    attributes, so it is undone on backtracking.  Unifying two constrained
    variables, or one with 0 or 1, wakes attr_unify_hook/2, which merges
    the components and substitutes or restricts.

    Propagation.  After each change the literals that Bdd implies are bound
    at once, and variables that Bdd makes equal are unified (aliasing).
    Both come from one bottom-up pass over the BDD (forced_table/3): for
    each node, the variables its function forces to 0 and to 1.

    Residual goals.  Each entry is split where two of its variables
    separate it (decompose/2) and each part shown as sat(Expr), Expr the
    algebraic normal form (exclusive or of conjunctions) of its BDD written
    as SWI-Prolog writes it (V =:= ..., V =\= ..., or a chain of #), the
    goals sorted; then sat(V=:=V) for each variable of the component that
    the conjunction no longer depends on.  The goals of a component are
    given once, for the first of its variables asked.

    Projection.  Before the toplevel collects an answer's goals it calls
    project_attributes/2 with the query's variables (the toplevel undoes
    it afterwards; copy_term/3 does not project): the variables a
    component's BDD depends on that the query does not reach are
    quantified existentially, and the projected BDD becomes the
    component's one entry.
*/

:- module(clpb, [ sat/1, taut/2, labeling/1, sat_count/2,
                  weighted_maximum/3, random_labeling/2,
                  op(300, fy, ~), op(500, yfx, #) ]).

:- use_module(library(lists), [append/3, member/2, reverse/2]).
:- use_module(library(ordsets), [ord_intersection/3, ord_union/3,
                                 ord_subtract/3, ord_memberchk/2]).
:- use_module(library(assoc), [empty_assoc/1, get_assoc/3, put_assoc/4,
                               list_to_assoc/2, assoc_to_keys/2]).
:- use_module(library(error), [must_be/2]).

:- dynamic(node/4).
:- dynamic(unique/3).
:- dynamic(memo/3).

:- nb_setval('$clpb_next_node', 2).
:- nb_setval('$clpb_next_var', 0).
:- nb_setval('$clpb_next_seq', 0).
:- nb_setval('$clpb_dumped', []).

%   ---------------------------------------------------------------------
%   The public predicates

%!  sat(+Expr)
%
%   Post the Boolean expression Expr: true iff it is satisfiable together
%   with the constraints already posted.
sat(Expr) :-
    trim_memo,
    conjuncts_check(Expr),
    conjuncts(Expr, Cs, []),
    expr_vars(Expr, Vs, []),
    term_variables(Expr, TVs),
    attach_all(Vs, TVs),
    (   Vs == []
    ->  parse(Expr, [], F),
        F =:= 1
    ;   conjunct_groups(Cs, [], Groups),
        post_groups(Groups),
        roots(Vs, [], Roots),
        maplist(settle, Roots)
    ).

%   conjunct_groups(+Conjuncts, +Groups0, -Groups): the conjuncts grouped
%   by their variables, as g(Vars, Conjuncts): two conjuncts that share a
%   variable (or are linked by a chain of such) are in the same group, so
%   that sat(A*B) merges the components of A and B only if they share
%   variables, as SWI-Prolog's does (the order of the residual goals
%   shows it).
conjunct_groups([], Gs0, Gs) :-
    reverse(Gs0, Gs).
conjunct_groups([C|Cs], Gs0, Gs) :-
    term_variables(C, CVs),
    touching(Gs0, CVs, CVs, Vs, [C], Group, Rest),
    conjunct_groups(Cs, [g(Vs, Group)|Rest], Gs).

%   touching(+Groups, +CVs, +Vs0, -Vs, +Cs0, -Cs, -Rest): the groups that
%   share a variable with CVs joined (their variables and conjuncts added
%   to Vs0 and Cs0), and the others.
touching([], _, Vs, Vs, Cs, Cs, []).
touching([g(GVs, GCs)|Gs], CVs, Vs0, Vs, Cs0, Cs, Rest) :-
    (   CVs \== [],
        member(V, CVs),
        memberchk_eq(V, GVs)
    ->  append(GVs, Vs0, Vs1),
        append(GCs, Cs0, Cs1),
        touching(Gs, CVs, Vs1, Vs, Cs1, Cs, Rest)
    ;   Rest = [g(GVs, GCs)|Rest1],
        touching(Gs, CVs, Vs0, Vs, Cs0, Cs, Rest1)
    ).

%   post_groups(+Groups): each group posted on the component of its
%   variables (a ground conjunct must be true).
post_groups([]).
post_groups([g(Vs, Cs)|Gs]) :-
    (   Vs == []
    ->  post_ground(Cs)
    ;   component(Vs, H),
        post_all(Cs, H)
    ),
    post_groups(Gs).

post_ground([]).
post_ground([C|Cs]) :-
    parse(C, [], F),
    F =:= 1,
    post_ground(Cs).

%!  taut(+Expr, -T)
%
%   T = 1 if Expr always holds under the posted constraints, T = 0 if it
%   can never hold; fails otherwise.  Posts nothing (its variables become
%   constrained ones, as in SWI-Prolog).
taut(Expr, T) :-
    expr_check(Expr),
    expr_vars(Expr, Vs, []),
    term_variables(Expr, TVs),
    attach_all(Vs, TVs),
    vars_bdd(Vs, B),
    (   parse(Expr, [], F)
    ->  true
    ;   F = 0
    ),
    (   and(B, F, 0)
    ->  T = 0
    ;   not(F, NF),
        and(B, NF, 0)
    ->  T = 1
    ).

%!  labeling(+Vs)
%
%   Assign 0 and 1 (in this order, on backtracking) to the variables Vs so
%   that the posted constraints hold, the variables taken in the order of
%   the solver (first appearance), as SWI-Prolog does.
labeling(Vs) :-
    must_be(list, Vs),
    maplist(label_check, Vs),
    include_vars(Vs, Free),
    maplist(index_key, Free, Keyed),
    keysort(Keyed, Sorted),
    label_sorted(Sorted).

%   index_key(+V, -Key): a constrained variable by its index, a new one as
%   index 0 (SWI-Prolog's order: new variables in the order of the list,
%   with the first constrained variable, before the others).
index_key(V, I-V) :-
    (   get_attr(V, clpb, v(I0, _, _))
    ->  I = I0
    ;   I = 0
    ).

label_sorted([]).
label_sorted([_-V|Vs]) :-
    (   var(V)
    ->  indomain(V)
    ;   true
    ),
    label_sorted(Vs).

label_check(V) :-
    (   var(V)
    ->  true
    ;   ( V == 0 ; V == 1 )
    ->  true
    ;   throw(error(domain_error(clpb_variable, V), _))
    ).

indomain(V) :-
    (   V = 0
    ;   V = 1
    ).

%!  sat_count(+Expr, -Count)
%
%   Count the assignments of the variables of Expr that make Expr and the
%   posted constraints true (the other variables of the constraints may
%   take any value that keeps them satisfiable).
sat_count(Expr, Count) :-
    expr_check(Expr),
    expr_vars(Expr, Vs0, []),
    distinct_vars(Vs0, Vs),
    temp_map(Vs, Map, Roots),
    conj_roots(Roots, B),
    (   parse(Expr, Map, F)
    ->  and(B, F, BF)
    ;   BF = 0
    ),
    maplist(var_index(Map), Vs, Is0),
    sort(Is0, Is),
    support(BF, Sup),
    ord_subtract(Sup, Is, Others),
    exists_all(Others, BF, P),
    count(P, Is, Count).

%!  weighted_maximum(+Weights, +Vs, -Maximum)
%
%   Maximum is the largest sum of Weight*V over the assignments of Vs that
%   the constraints admit; on backtracking, each assignment that reaches
%   it (values tried 0 first).
weighted_maximum(Ws, Vs, Max) :-
    must_be(list, Ws),
    must_be(list, Vs),
    maplist(must_be(integer), Ws),
    maplist(must_be(var), Vs),
    pairs_wv(Ws, Vs, WVs),
    include_vars(Vs, Free),
    attach_all(Free),
    (   Free == []
    ->  objective(WVs, [], 1, Max)
    ;   vars_bdd(Free, B),
        objective(WVs, Free, B, Max),
        maximize(WVs, Max)
    ).

%!  random_labeling(+Seed, +Vs)
%
%   Assign to Vs one admissible assignment, each equally likely, drawn
%   with the random generator seeded with Seed.
random_labeling(Seed, Vs) :-
    must_be(list, Vs),
    set_random(seed(Seed)),
    include_vars(Vs, Free),
    attach_all(Free),
    maplist(random_value, Free).

random_value(V) :-
    (   var(V)
    ->  get_attr(V, clpb, v(I, _, H0)),
        root(H0, H),
        comp_state(H, comp(B, _, _)),
        support(B, Sup0),
        ord_union(Sup0, [I], Sup),
        count(B, Sup, All),
        restrict(B, I, 1, B1),
        count(B1, Sup, Ones),
        (   random_float * All < Ones
        ->  V = 1
        ;   V = 0
        )
    ;   true
    ).

%   ---------------------------------------------------------------------
%   Expressions: checking, their variables, their conjuncts

%   expr_check(+Expr): Expr is a Boolean expression; otherwise the error
%   names, as SWI-Prolog's, the expression around a wrong compound leaf,
%   or the one two levels up from a wrong integer or a quantification
%   over a non-variable.
expr_check(E) :-
    expr_check(E, E, E).

expr_check(E, Parent, Grand) :-
    (   var(E)
    ->  true
    ;   integer(E)
    ->  (   ( E =:= 0 ; E =:= 1 )
        ->  true
        ;   throw(error(domain_error(clpb_expr, Grand), _))
        )
    ;   atom(E), E \== []
    ->  true
    ;   E = ~A
    ->  expr_check(A, E, Parent)
    ;   binop(E, A, B)
    ->  expr_check(A, E, Parent),
        expr_check(B, E, Parent)
    ;   ( E = +(L) ; E = *(L) )
    ->  must_be(list, L),
        list_check(L, E, Parent)
    ;   E = card(Is, Es)
    ->  must_be(list, Is),
        must_be(list, Es),
        maplist(card_bound_check, Is),
        list_check(Es, E, Parent)
    ;   E = X^A
    ->  (   var(X)
        ->  expr_check(A, E, Parent)
        ;   throw(error(domain_error(clpb_expr, Grand), _))
        )
    ;   throw(error(domain_error(clpb_expr, Parent), _))
    ).

%   conjuncts_check(+Expr): each conjunct of Expr (A*B, *(List)) is
%   checked on its own.
conjuncts_check(E) :-
    (   nonvar(E), E = A*B
    ->  conjuncts_check(A),
        conjuncts_check(B)
    ;   nonvar(E), E = *(L), is_list(L)
    ->  maplist(conjuncts_check, L)
    ;   expr_check(E)
    ).

list_check([], _, _).
list_check([E|Es], Parent, Grand) :-
    expr_check(E, Parent, Grand),
    list_check(Es, Parent, Grand).

%   card_bound_check(+I): the bounds of a range L-H are integers.
card_bound_check(I) :-
    (   nonvar(I),
        I = L-H
    ->  must_be(integer, L),
        must_be(integer, H)
    ;   true
    ).

binop(A+B, A, B).
binop(A*B, A, B).
binop(A#B, A, B).
binop(A=:=B, A, B).
binop(A=\=B, A, B).
binop(A=<B, A, B).
binop(A>=B, A, B).
binop(A<B, A, B).
binop(A>B, A, B).

%   expr_vars(+Expr)//: the variables of Expr in the order the solver
%   meets them (X >= Y and X > Y are read as Y =< X and Y < X).
expr_vars(E, Vs0, Vs) :-
    (   var(E)
    ->  Vs0 = [E|Vs]
    ;   E = ~A
    ->  expr_vars(A, Vs0, Vs)
    ;   ( E = (A >= B) ; E = (A > B) )
    ->  expr_vars(B, Vs0, Vs1),
        expr_vars(A, Vs1, Vs)
    ;   binop(E, A, B)
    ->  expr_vars(A, Vs0, Vs1),
        expr_vars(B, Vs1, Vs)
    ;   ( E = +(L) ; E = *(L) )
    ->  list_vars(L, Vs0, Vs)
    ;   E = card(_, Es)
    ->  list_vars(Es, Vs0, Vs)
    ;   E = X^A
    ->  Vs0 = [X|Vs1],
        expr_vars(A, Vs1, Vs)
    ;   Vs0 = Vs
    ).

list_vars([], Vs, Vs).
list_vars([E|Es], Vs0, Vs) :-
    expr_vars(E, Vs0, Vs1),
    list_vars(Es, Vs1, Vs).

%   conjuncts(+Expr)//: the top-level conjuncts of Expr, each posted (and
%   shown) on its own.
conjuncts(E, Cs0, Cs) :-
    (   nonvar(E), E = A*B
    ->  conjuncts(A, Cs0, Cs1),
        conjuncts(B, Cs1, Cs)
    ;   nonvar(E), E = *(L)
    ->  list_conjuncts(L, Cs0, Cs)
    ;   nonvar(E), E = ~N, nonvar(N), N = A+B
    ->  conjuncts(~A, Cs0, Cs1),
        conjuncts(~B, Cs1, Cs)
    ;   nonvar(E), E = ~N, nonvar(N), N = ~A
    ->  conjuncts(A, Cs0, Cs)
    ;   Cs0 = [E|Cs]
    ).

list_conjuncts([], Cs, Cs).
list_conjuncts([E|Es], Cs0, Cs) :-
    conjuncts(E, Cs0, Cs1),
    list_conjuncts(Es, Cs1, Cs).

distinct_vars(Vs0, Vs) :-
    distinct_vars_(Vs0, [], Vs).

distinct_vars_([], _, []).
distinct_vars_([V|Vs0], Seen, Vs) :-
    (   memberchk_eq(V, Seen)
    ->  Vs = Vs1
    ;   Vs = [V|Vs1]
    ),
    distinct_vars_(Vs0, [V|Seen], Vs1).

memberchk_eq(X, [Y|Ys]) :-
    (   X == Y
    ->  true
    ;   memberchk_eq(X, Ys)
    ).

%   ---------------------------------------------------------------------
%   Expressions to BDDs

%   parse(+Expr, +Map, -Bdd): Map gives the indices of variables that are
%   not (yet) constrained (I-V pairs); fails on an atom, which no
%   assignment makes true or false.
parse(E, Map, F) :-
    (   var(E)
    ->  var_index(Map, E, I),
        mk(I, 0, 1, F)
    ;   integer(E)
    ->  F = E
    ;   atom(E)
    ->  fail
    ;   E = ~A
    ->  parse(A, Map, FA),
        not(FA, F)
    ;   E = X^A
    ->  parse(A, Map, FA),
        var_index(Map, X, I),
        exists(FA, I, F)
    ;   E = +(L)
    ->  parse_list(L, Map, FL),
        foldl_bdd(FL, or, 0, F)
    ;   E = *(L)
    ->  parse_list(L, Map, FL),
        foldl_bdd(FL, and, 1, F)
    ;   E = card(Is, Es)
    ->  must_be(list, Is),
        card(Is, Es, Map, F)
    ;   binop(E, A, B),
        parse(A, Map, FA),
        parse(B, Map, FB),
        connective(E, FA, FB, F)
    ).

connective(_+_, A, B, F) :- or(A, B, F).
connective(_*_, A, B, F) :- and(A, B, F).
connective(_#_, A, B, F) :- xor(A, B, F).
connective(_=\=_, A, B, F) :- xor(A, B, F).
connective(_=:=_, A, B, F) :- xor(A, B, X), not(X, F).
connective(_=<_, A, B, F) :- not(A, NA), or(NA, B, F).
connective(_>=_, A, B, F) :- not(B, NB), or(A, NB, F).
connective(_<_, A, B, F) :- not(A, NA), and(NA, B, F).
connective(_>_, A, B, F) :- not(B, NB), and(A, NB, F).

parse_list([], _, []).
parse_list([E|Es], Map, [F|Fs]) :-
    parse(E, Map, F),
    parse_list(Es, Map, Fs).

foldl_bdd([], _, F, F).
foldl_bdd([G|Gs], Op, F0, F) :-
    call(Op, F0, G, F1),
    foldl_bdd(Gs, Op, F1, F).

var_index(Map, V, I) :-
    (   get_attr(V, clpb, v(I0, _, _))
    ->  I = I0
    ;   map_index(Map, V, I)
    ).

map_index([I0-V0|Map], V, I) :-
    (   V == V0
    ->  I = I0
    ;   map_index(Map, V, I)
    ).

%   card(+Is, +Exprs, +Map, -Bdd): the number of true Exprs is in Is.  Over
%   distinct variables the BDD is built level by level; otherwise by
%   counting with if-then-else over the expressions' BDDs.
card(Is, Es, Map, F) :-
    card_split(Es, Map, 0, Ones, [], Vars, Others),
    (   Others == [],
        sort(Vars, Sorted),
        length(Sorted, N),
        length(Vars, N)
    ->  card_levels(Sorted, Is, Ones, F)
    ;   parse_list(Es, Map, Fs),
        length(Fs, N),
        numlist0(N, Cs),
        maplist(card_leaf(Is), Cs, Leaves),
        card_ite(Fs, Leaves, F)
    ).

card_split([], _, K, K, Vs, Vs, []).
card_split([E|Es], Map, K0, K, Vs0, Vs, Others) :-
    (   E == 1
    ->  K1 is K0 + 1,
        card_split(Es, Map, K1, K, Vs0, Vs, Others)
    ;   E == 0
    ->  card_split(Es, Map, K0, K, Vs0, Vs, Others)
    ;   var(E)
    ->  var_index(Map, E, I),
        card_split(Es, Map, K0, K, [I|Vs0], Vs, Others)
    ;   Others = [E|Others1],
        card_split(Es, Map, K0, K, Vs0, Vs, Others1)
    ).

%   The level of variable J (indices ascending) holds the BDDs T(c) for
%   c true among the variables before it; the leaves say whether c + Ones
%   is admissible.
card_levels(Sorted, Is, Ones, F) :-
    length(Sorted, N),
    numlist0(N, Cs),
    maplist(card_leaf_offset(Is, Ones), Cs, Leaves),
    reverse(Sorted, Rev),
    card_up(Rev, Leaves, [F]).

card_leaf_offset(Is, Ones, C, L) :-
    C1 is C + Ones,
    card_leaf(Is, C1, L).

card_leaf(Is, C, L) :-
    (   card_member(Is, C)
    ->  L = 1
    ;   L = 0
    ).

card_member([I|Is], C) :-
    (   integer(I), I =:= C
    ->  true
    ;   nonvar(I), I = L-H, integer(L), integer(H), L =< C, C =< H
    ->  true
    ;   card_member(Is, C)
    ).

card_up([], Level, Level).
card_up([V|Vs], Level0, Level) :-
    card_level(Level0, V, Level1),
    card_up(Vs, Level1, Level).

card_level([_], _, []) :- !.
card_level([Lo, Hi|Ts], V, [N|Ns]) :-
    mk(V, Lo, Hi, N),
    card_level([Hi|Ts], V, Ns).

card_ite([], [F], F).
card_ite([E|Es], Level0, F) :-
    card_ite_level(Level0, E, Level1),
    card_ite(Es, Level1, F).

card_ite_level([_], _, []) :- !.
card_ite_level([Lo, Hi|Ts], E, [N|Ns]) :-
    ite(E, Hi, Lo, N),
    card_ite_level([Hi|Ts], E, Ns).

numlist0(N, Cs) :-
    numlist0(0, N, Cs).

numlist0(I, N, Cs) :-
    (   I > N
    ->  Cs = []
    ;   Cs = [I|Cs1],
        I1 is I + 1,
        numlist0(I1, N, Cs1)
    ).

%   ---------------------------------------------------------------------
%   BDD operations

%   mk(+Var, +Low, +High, -Node): the unique node of these parts.
mk(V, Lo, Hi, N) :-
    (   Lo =:= Hi
    ->  N = Lo
    ;   Key is Lo << 32 \/ Hi,
        (   unique(Key, V, N0)
        ->  N = N0
        ;   nb_getval('$clpb_next_node', N),
            N1 is N + 1,
            nb_setval('$clpb_next_node', N1),
            assertz(unique(Key, V, N)),
            assertz(node(N, V, Lo, Hi))
        )
    ).

%   and/3, or/3, xor/3, not/2: the connectives, memoized.
and(A, B, F) :-
    (   A =:= 0
    ->  F = 0
    ;   B =:= 0
    ->  F = 0
    ;   A =:= 1
    ->  F = B
    ;   B =:= 1
    ->  F = A
    ;   A =:= B
    ->  F = A
    ;   apply2(and, A, B, F)
    ).

or(A, B, F) :-
    (   A =:= 1
    ->  F = 1
    ;   B =:= 1
    ->  F = 1
    ;   A =:= 0
    ->  F = B
    ;   B =:= 0
    ->  F = A
    ;   A =:= B
    ->  F = A
    ;   apply2(or, A, B, F)
    ).

xor(A, B, F) :-
    (   A =:= 0
    ->  F = B
    ;   B =:= 0
    ->  F = A
    ;   A =:= B
    ->  F = 0
    ;   A =:= 1
    ->  not(B, F)
    ;   B =:= 1
    ->  not(A, F)
    ;   apply2(xor, A, B, F)
    ).

not(A, F) :-
    (   A < 2
    ->  F is 1 - A
    ;   memo(A, not, F0)
    ->  F = F0
    ;   node(A, V, Lo, Hi),
        not(Lo, NLo),
        not(Hi, NHi),
        mk(V, NLo, NHi, F),
        assertz(memo(A, not, F))
    ).

apply2(Op, A0, B0, F) :-
    (   A0 < B0
    ->  A = A0, B = B0
    ;   A = B0, B = A0
    ),
    Key is A << 32 \/ B,
    (   memo(Key, Op, F0)
    ->  F = F0
    ;   node(A, VA, LA, HA),
        node(B, VB, LB, HB),
        (   VA =:= VB
        ->  V = VA,
            call(Op, LA, LB, Lo),
            call(Op, HA, HB, Hi)
        ;   VA < VB
        ->  V = VA,
            call(Op, LA, B, Lo),
            call(Op, HA, B, Hi)
        ;   V = VB,
            call(Op, A, LB, Lo),
            call(Op, A, HB, Hi)
        ),
        mk(V, Lo, Hi, F),
        assertz(memo(Key, Op, F))
    ).

%   trim_memo: the results of the operations are a cache; past a million
%   of them it is emptied, so that long searches keep a bounded table.
trim_memo :-
    (   predicate_property(memo(_, _, _), number_of_clauses(N)),
        N > 1000000
    ->  retractall(memo(_, _, _))
    ;   true
    ).

%   ite(+If, +Then, +Else, -F)
ite(C, T, E, F) :-
    and(C, T, CT),
    not(C, NC),
    and(NC, E, NCE),
    or(CT, NCE, F).

%   restrict(+F, +Var, +Value, -G): F with variable Var set to Value.
restrict(F, V, Val, G) :-
    (   F < 2
    ->  G = F
    ;   node(F, FV, Lo, Hi),
        (   FV > V
        ->  G = F
        ;   FV =:= V
        ->  (   Val =:= 0
            ->  G = Lo
            ;   G = Hi
            )
        ;   Key is F << 32 \/ (V << 1 \/ Val),
            (   memo(Key, restrict, G0)
            ->  G = G0
            ;   restrict(Lo, V, Val, Lo1),
                restrict(Hi, V, Val, Hi1),
                mk(FV, Lo1, Hi1, G),
                assertz(memo(Key, restrict, G))
            )
        )
    ).

%   exists(+F, +Var, -G): F with Var quantified existentially.
exists(F, V, G) :-
    restrict(F, V, 0, F0),
    restrict(F, V, 1, F1),
    or(F0, F1, G).

exists_all([], F, F).
exists_all([V|Vs], F0, F) :-
    exists(F0, V, F1),
    exists_all(Vs, F1, F).

%   substitute(+F, +J, +I, -G): F with variable J replaced by variable I.
substitute(F, J, I, G) :-
    (   I < J
    ->  mk(J, 1, 0, NJ), mk(J, 0, 1, PJ), mk(I, NJ, PJ, Eq)
    ;   mk(I, 1, 0, NI), mk(I, 0, 1, PI), mk(J, NI, PI, Eq)
    ),
    and(F, Eq, FE),
    exists(FE, J, G).

%   support(+F, -Vars): the ordered set of variables F depends on.
support(F, Vars) :-
    reachable(F, Nodes),
    findall(V, (member(N, Nodes), node(N, V, _, _)), Vs),
    sort(Vs, Vars).

%   reachable(+F, -Nodes): the inner nodes of F.
reachable(F, Nodes) :-
    empty_assoc(A0),
    reach([F], A0, A),
    assoc_to_keys(A, Nodes).

reach([], A, A).
reach([N|Ns], A0, A) :-
    (   N < 2
    ->  reach(Ns, A0, A)
    ;   get_assoc(N, A0, _)
    ->  reach(Ns, A0, A)
    ;   put_assoc(N, A0, t, A1),
        node(N, _, Lo, Hi),
        reach([Lo, Hi|Ns], A1, A)
    ).

%   count(+F, +Vars, -N): the models of F over the ordered set Vars (a
%   superset of F's support).
count(F, Vars, N) :-
    length(Vars, Len),
    numbered(Vars, 0, Ps),
    list_to_assoc(Ps, Pos),
    empty_assoc(M0),
    count_(F, Pos, Len, M0, _, C),
    level(F, Pos, Len, L),
    N is C << L.

numbered([], _, []).
numbered([V|Vs], I, [V-I|Ps]) :-
    I1 is I + 1,
    numbered(Vs, I1, Ps).

level(F, Pos, Len, L) :-
    (   F < 2
    ->  L = Len
    ;   node(F, V, _, _),
        get_assoc(V, Pos, L)
    ).

count_(F, Pos, Len, M0, M, C) :-
    (   F < 2
    ->  C = F,
        M = M0
    ;   get_assoc(F, M0, C0)
    ->  C = C0,
        M = M0
    ;   node(F, V, Lo, Hi),
        get_assoc(V, Pos, P),
        count_(Lo, Pos, Len, M0, M1, CL),
        count_(Hi, Pos, Len, M1, M2, CH),
        level(Lo, Pos, Len, PL),
        level(Hi, Pos, Len, PH),
        C is (CL << (PL - P - 1)) + (CH << (PH - P - 1)),
        put_assoc(F, M2, C, M)
    ).

%   forced_table(+F, -Nodes, -Table): the inner nodes of F (not 0) and,
%   for each, Zeros-Ones: the ordered sets of the variables its function
%   forces to 0 and to 1.  One bottom-up pass; the sets share their tails.
forced_table(F, Nodes, Table) :-
    empty_assoc(T0),
    forced_(F, T0, Table, _),
    assoc_to_keys(Table, Nodes).

forced_(F, T0, T, Forced) :-
    (   F =:= 1
    ->  Forced = []-[],
        T = T0
    ;   get_assoc(F, T0, Forced0)
    ->  Forced = Forced0,
        T = T0
    ;   node(F, V, Lo, Hi),
        (   Lo =:= 0
        ->  forced_(Hi, T0, T1, Z-O),
            Forced = Z-[V|O]
        ;   Hi =:= 0
        ->  forced_(Lo, T0, T1, Z-O),
            Forced = [V|Z]-O
        ;   forced_(Lo, T0, T2, Z0-O0),
            forced_(Hi, T2, T1, Z1-O1),
            ord_intersection(Z0, Z1, Z),
            ord_intersection(O0, O1, O),
            Forced = Z-O
        ),
        put_assoc(F, T1, Forced, T)
    ).

forced_of(Table, F, Forced) :-
    (   F =:= 1
    ->  Forced = []-[]
    ;   get_assoc(F, Table, Forced)
    ).

%   aliases(+Nodes, +Table, -Pairs): J-I for each variable J that the BDD
%   of these Nodes (with their forced_table/3) makes equal to an
%   earlier variable I (the earliest such).  I is equal to a later J iff
%   no path to 1 skips I, and below every node of I the low branch forces
%   J to 0 and the high branch forces J to 1.
aliases(Nodes, Table, Pairs) :-
    findall(V-N, (member(N, Nodes), node(N, V, _, _)), VNs0),
    keysort(VNs0, VNs),
    group_pairs(VNs, Groups),
    findall(A-B, ( member(N, Nodes),
                   node(N, A, Lo, Hi),
                   member(C, [Lo, Hi]), C =\= 0,
                   child_var(C, B) ), Skips0),
    msort(Skips0, Skips),
    essential(Groups, Skips, -1, Essential),
    alias_pairs(Essential, Table, Pairs0),
    keysort(Pairs0, Pairs1),
    first_alias(Pairs1, Pairs).

child_var(C, V) :-
    (   C < 2
    ->  V = inf
    ;   node(C, V, _, _)
    ).

group_pairs([], []).
group_pairs([K-V|KVs], [K-[V|Vs]|Groups]) :-
    same_key(K, KVs, Vs, Rest),
    group_pairs(Rest, Groups).

same_key(K, [K1-V|KVs], [V|Vs], Rest) :-
    K1 == K,
    !,
    same_key(K, KVs, Vs, Rest).
same_key(_, Rest, [], Rest).

%   essential(+Groups, +Skips, +MaxEnd, -Essential): the groups of
%   variables no edge skips (Skips sorted by start; MaxEnd the furthest
%   end of the edges starting before the current variable).
essential([], _, _, []).
essential([V-Ns|Gs], Skips0, End0, Es) :-
    skips_before(Skips0, V, End0, End, Skips),
    (   ( End == inf ; End > V )
    ->  Es = Es1
    ;   Es = [V-Ns|Es1]
    ),
    essential(Gs, Skips, End, Es1).

skips_before([], _, End, End, []).
skips_before([A-B|Skips0], V, End0, End, Skips) :-
    (   A < V
    ->  max_end(End0, B, End1),
        skips_before(Skips0, V, End1, End, Skips)
    ;   End = End0,
        Skips = [A-B|Skips0]
    ).

max_end(A, B, M) :-
    (   ( A == inf ; B == inf )
    ->  M = inf
    ;   M is max(A, B)
    ).

alias_pairs(Essential, Table, Pairs) :-
    findall(J-I, ( member(I-Ns, Essential),
                   alias_candidates(Ns, Table, all, Js),
                   Js \== all,
                   member(J, Js) ), Pairs).

alias_candidates([], _, Js, Js).
alias_candidates([N|Ns], Table, Js0, Js) :-
    node(N, _, Lo, Hi),
    branch_forced(Lo, zeros, Table, Js0, Js1),
    Js1 \== [],
    branch_forced(Hi, ones, Table, Js1, Js2),
    Js2 \== [],
    alias_candidates(Ns, Table, Js2, Js).

branch_forced(C, Which, Table, Js0, Js) :-
    (   C =:= 0
    ->  Js = Js0
    ;   forced_of(Table, C, Zeros-Ones),
        (   Which == zeros
        ->  Js1 = Zeros
        ;   Js1 = Ones
        ),
        (   Js0 == all
        ->  Js = Js1
        ;   ord_intersection(Js0, Js1, Js)
        )
    ).

first_alias([], []).
first_alias([J-I|Ps], [J-I|Rest]) :-
    skip_key(Ps, J, Ps1),
    first_alias(Ps1, Rest).

skip_key([J1-_|Ps], J, Rest) :-
    J1 == J,
    !,
    skip_key(Ps, J, Rest).
skip_key(Ps, _, Ps).

%   ---------------------------------------------------------------------
%   Variables and components

%   attach_all(+Vars): make Vars constrained variables, numbered in this
%   order.
attach_all(Vs) :-
    attach_all(Vs, Vs).

%   attach_all(+ParseOrder, +TermOrder): the new variables are attached
%   and take their index (their place in the BDDs) in the order the
%   expression is parsed, and their sequence number (the order of their
%   sat(V=:=V) goals) in the order term_variables/2 gives, as in
%   SWI-Prolog.
attach_all(ParseOrder, TermOrder) :-
    new_numbers(TermOrder, '$clpb_next_seq', [], Seqs),
    attach_parsed(ParseOrder, Seqs).

new_numbers([], _, Pairs, Pairs).
new_numbers([V|Vs], Key, Pairs0, Pairs) :-
    (   (   get_attr(V, clpb, _)
        ;   map_index(Pairs0, V, _)
        )
    ->  new_numbers(Vs, Key, Pairs0, Pairs)
    ;   next_number(Key, N),
        new_numbers(Vs, Key, [N-V|Pairs0], Pairs)
    ).

attach_parsed([], _).
attach_parsed([V|Vs], Seqs) :-
    (   get_attr(V, clpb, _)
    ->  true
    ;   next_number('$clpb_next_var', I),
        (   map_index(Seqs, V, S)
        ->  true
        ;   next_number('$clpb_next_seq', S)
        ),
        put_attr(H, clpb, comp(1, [I-V], [])),
        put_attr(V, clpb, v(I, S, H))
    ),
    attach_parsed(Vs, Seqs).

%   next_number(+Key, -N): the next number of a backtrackable counter
%   (variable indices start again from where they were on backtracking,
%   as SWI-Prolog's; the BDD tables, keyed by numbers only, stay valid).
next_number(Key, N) :-
    b_getval(Key, N),
    N1 is N + 1,
    b_setval(Key, N1).

root(H0, H) :-
    (   get_attr(H0, clpb, fwd(H1))
    ->  root(H1, H)
    ;   H = H0
    ).

comp_state(H, S) :-
    get_attr(H, clpb, S).

%   component(+Vars, -H): the component of all Vars, merged into one.
component(Vs, H) :-
    roots(Vs, [], Roots),
    Roots = [H|Others],
    merge(Others, H).

roots([], Rs, Rs1) :-
    reverse(Rs, Rs1).
roots([V|Vs], Rs0, Rs) :-
    get_attr(V, clpb, v(_, _, H0)),
    root(H0, H),
    (   memberchk_eq(H, Rs0)
    ->  roots(Vs, Rs0, Rs)
    ;   roots(Vs, [H|Rs0], Rs)
    ).

%   vars_bdd(+Vars, -B): the conjunction of the components of the
%   constrained Vars (left apart).
vars_bdd(Vs, B) :-
    roots(Vs, [], Roots),
    conj_roots(Roots, B).

merge([], _).
merge([H1|Hs], H) :-
    comp_state(H, comp(B0, Vars0, Es0)),
    comp_state(H1, comp(B1, Vars1, Es1)),
    and(B0, B1, B),
    append(Vars0, Vars1, Vars),
    append(Es0, Es1, Es),
    put_attr(H1, clpb, fwd(H)),
    put_attr(H, clpb, comp(B, Vars, Es)),
    merge(Hs, H).

%   temp_map(+Vars, -Map, -Roots): indices for the unconstrained Vars
%   (not attached) and the components of the others.
temp_map([], [], []).
temp_map([V|Vs], Map, Roots) :-
    temp_map(Vs, Map1, Roots1),
    (   get_attr(V, clpb, v(_, _, H0))
    ->  root(H0, H),
        Map = Map1,
        (   memberchk_eq(H, Roots1)
        ->  Roots = Roots1
        ;   Roots = [H|Roots1]
        )
    ;   next_number('$clpb_next_var', I),
        Map = [I-V|Map1],
        Roots = Roots1
    ).

conj_roots([], 1).
conj_roots([H|Hs], B) :-
    comp_state(H, comp(B0, _, _)),
    conj_roots(Hs, B1),
    and(B0, B1, B).

include_vars([], []).
include_vars([V|Vs], Fs) :-
    (   var(V)
    ->  Fs = [V|Fs1]
    ;   Fs = Fs1
    ),
    include_vars(Vs, Fs1).

%   ---------------------------------------------------------------------
%   Posting and propagation

post_all([], _).
post_all([C|Cs], H) :-
    parse(C, [], F),
    F =\= 0,
    comp_state(H, comp(B0, Vars, Es0)),
    and(B0, F, B),
    B =\= 0,
    term_variables(C, CVs),
    maplist(var_index([]), CVs, Is),
    sort(Is, Key),
    add_entry(F, Key, Es0, Es),
    put_attr(H, clpb, comp(B, Vars, Es)),
    post_all(Cs, H).

%   add_entry(+F, +Key, +Entries0, -Entries): a constraint written over
%   the same variables (Key, their ordered indices) as an entry is
%   conjoined with it.
add_entry(F, Key, Es0, Es) :-
    (   F =:= 1
    ->  Es = Es0
    ;   add_entry_(Es0, Key, F, Es)
    ).

add_entry_([], S, F, [e(S, F)]).
add_entry_([e(S0, F0)|Es0], S, F, Es) :-
    (   S0 == S
    ->  and(F0, F, F1),
        Es = [e(S, F1)|Es0]
    ;   Es = [e(S0, F0)|Es1],
        add_entry_(Es0, S, F, Es1)
    ).

%   settle(+H): bind the variables the component's BDD forces, unify those
%   it makes equal.
settle(H) :-
    comp_state(H, comp(B, Vars, Es)),
    forced_table(B, Nodes, Table),
    forced_of(Table, B, Zeros-Ones),
    (   ( Zeros \== [] ; Ones \== [] )
    ->  literals(Zeros, 0, Lits0),
        literals(Ones, 1, Lits1),
        append(Lits0, Lits1, Lits),
        restrict_lits(Lits, B, B1),
        restrict_entries(Es, Lits, Es0),
        merge_entries(Es0, [], Es1),
        bind_lits(Lits, Vars, Vars1),
        put_attr(H, clpb, comp(B1, Vars1, Es1)),
        settle(H)
    ;   aliases(Nodes, Table, Pairs),
        Pairs \== []
    ->  alias_all(Pairs, B, Vars, Es, H)
    ;   true
    ).

literals([], _, []).
literals([V|Vs], Val, [V-Val|Ls]) :-
    literals(Vs, Val, Ls).

restrict_lits([], B, B).
restrict_lits([V-Val|Ls], B0, B) :-
    restrict(B0, V, Val, B1),
    restrict_lits(Ls, B1, B).

restrict_entries([], _, []).
restrict_entries([e(S0, F0)|Es0], Lits, Es) :-
    restrict_lits(Lits, F0, F),
    (   F =:= 1
    ->  Es = Es1
    ;   lits_vars(Lits, Bound0),
        sort(Bound0, Bound),
        ord_subtract(S0, Bound, S),
        Es = [e(S, F)|Es1]
    ),
    restrict_entries(Es0, Lits, Es1).

lits_vars([], []).
lits_vars([V-_|Ls], [V|Vs]) :-
    lits_vars(Ls, Vs).

bind_lits(Lits, Vars0, Vars) :-
    bind_vars(Vars0, Lits, Vars, Binds),
    maplist(bind_var, Binds).

bind_vars([], _, [], []).
bind_vars([I-V|Vs0], Lits, Vs, Binds) :-
    (   member(J-Val, Lits), J =:= I
    ->  Binds = [V-Val|Binds1],
        Vs = Vs1
    ;   Vs = [I-V|Vs1],
        Binds = Binds1
    ),
    bind_vars(Vs0, Lits, Vs1, Binds1).

bind_var(V-Val) :-
    del_attr(V, clpb),
    V = Val.

alias_all(Pairs, B0, Vars0, Es0, H) :-
    foldl_pairs(Pairs, B0, B, Es0, Es1),
    merge_entries(Es1, [], Es),
    alias_vars(Pairs, Vars0, Vars, Unify),
    put_attr(H, clpb, comp(B, Vars, Es)),
    maplist(unify_alias, Unify),
    settle(H).

foldl_pairs([], B, B, Es, Es).
foldl_pairs([J-I|Ps], B0, B, Es0, Es) :-
    exists(B0, J, B1),
    subst_entries(Es0, J, I, Es1),
    foldl_pairs(Ps, B1, B, Es1, Es).

subst_entries([], _, _, []).
subst_entries([e(S0, F0)|Es0], J, I, Es) :-
    (   ord_memberchk(J, S0)
    ->  substitute(F0, J, I, F),
        (   F =:= 1
        ->  Es = Es1
        ;   ord_subtract(S0, [J], S1),
            ord_union(S1, [I], S),
            Es = [e(S, F)|Es1]
        )
    ;   Es = [e(S0, F0)|Es1]
    ),
    subst_entries(Es0, J, I, Es1).

merge_entries([], Es, Es1) :-
    reverse(Es, Es1).
merge_entries([e(S, F)|Es0], Acc, Es) :-
    add_entry_rev(Acc, S, F, Acc1),
    merge_entries(Es0, Acc1, Es).

add_entry_rev(Acc, S, F, Acc1) :-
    (   select_entry(Acc, S, F0, Rest)
    ->  and(F0, F, F1),
        Acc1 = [e(S, F1)|Rest]
    ;   Acc1 = [e(S, F)|Acc]
    ).

select_entry([e(S0, F0)|Es], S, F, Rest) :-
    (   S0 == S
    ->  F = F0,
        Rest = Es
    ;   Rest = [e(S0, F0)|Rest1],
        select_entry(Es, S, F, Rest1)
    ).

alias_vars(Pairs, Vars0, Vars, Unify) :-
    alias_vars_(Vars0, Pairs, Vars0, Vars, Unify).

alias_vars_([], _, _, [], []).
alias_vars_([J-V|Vs0], Pairs, All, Vs, Unify) :-
    (   member(J1-I, Pairs), J1 =:= J
    ->  member(I1-W, All), I1 =:= I,
        !,
        Unify = [V-W|Unify1],
        Vs = Vs1
    ;   Vs = [J-V|Vs1],
        Unify = Unify1
    ),
    alias_vars_(Vs0, Pairs, All, Vs1, Unify1).

unify_alias(V-W) :-
    del_attr(V, clpb),
    V = W.

%   ---------------------------------------------------------------------
%   Unification

%   attr_unify_hook(+Attr, +Other): a constrained variable was bound to
%   Other: another constrained variable (the components merge and the
%   variable is replaced by the other in every BDD), a plain variable
%   (which takes its place), 0 or 1 (the BDDs are restricted); anything
%   else is no Boolean expression.  Handles (comp/3, fwd/1) are never
%   bound.
attr_unify_hook(v(I, S, H0), Other) :-
    trim_memo,
    root(H0, H),
    comp_state(H, comp(B, Vars0, Es)),
    drop_var(Vars0, I, Vars),
    (   var(Other)
    ->  (   get_attr(Other, clpb, v(J, _, H1))
        ->  root(H1, H2),
            put_attr(H, clpb, comp(B, Vars, Es)),
            (   H2 == H
            ->  true
            ;   merge([H2], H)
            ),
            comp_state(H, comp(B1, Vars1, Es1)),
            substitute(B1, I, J, B2),
            B2 =\= 0,
            subst_entries(Es1, I, J, Es2),
            merge_entries(Es2, [], Es3),
            put_attr(H, clpb, comp(B2, Vars1, Es3)),
            settle(H)
        ;   put_attr(Other, clpb, v(I, S, H)),
            put_attr(H, clpb, comp(B, [I-Other|Vars], Es))
        )
    ;   integer(Other)
    ->  (   ( Other =:= 0 ; Other =:= 1 )
        ->  restrict(B, I, Other, B1),
            B1 =\= 0,
            restrict_entries(Es, [I-Other], Es0),
            merge_entries(Es0, [], Es1),
            put_attr(H, clpb, comp(B1, Vars, Es1)),
            settle(H)
        ;   throw(error(domain_error(clpb_expr, Other), _))
        )
    ;   compound(Other)
    ->  throw(error(domain_error(clpb_expr, Other), _))
    ).
attr_unify_hook(comp(_, _, _), _).
attr_unify_hook(fwd(_), _).

drop_var([], _, []).
drop_var([J-V|Vs0], I, Vs) :-
    (   J =:= I
    ->  Vs = Vs0
    ;   Vs = [J-V|Vs1],
        drop_var(Vs0, I, Vs1)
    ).

%   ---------------------------------------------------------------------
%   Weighted maximum

pairs_wv([], [], []).
pairs_wv([W|Ws], [V|Vs], [W-V|WVs]) :-
    pairs_wv(Ws, Vs, WVs).

%   objective(+WVs, +Free, +B, -Max): the largest weighted sum over the
%   models of B.
objective(WVs, Free, B, Max) :-
    fixed_sum(WVs, 0, Fixed),
    free_gains(WVs, Gains0),
    sort(Gains0, Gains1),
    sum_gains(Gains1, Gains),
    (   Free == []
    ->  Best = 0
    ;   empty_assoc(M0),
        best(B, Gains, M0, _, Best0),
        Best0 \== none,
        level_gain(B, Gains, G0),
        Best is Best0 + G0
    ),
    Max is Fixed + Best.

fixed_sum([], S, S).
fixed_sum([W-V|WVs], S0, S) :-
    (   integer(V)
    ->  S1 is S0 + W * V
    ;   S1 = S0
    ),
    fixed_sum(WVs, S1, S).

free_gains([], []).
free_gains([W-V|WVs], Gs) :-
    (   var(V)
    ->  get_attr(V, clpb, v(I, _, _)),
        Gs = [I-W|Gs1]
    ;   Gs = Gs1
    ),
    free_gains(WVs, Gs1).

%   sum_gains(+IWs, -Gains): per variable index its total weight.
sum_gains([], []).
sum_gains([I-W|IWs], Gs) :-
    sum_same(IWs, I, W, Tot, Rest),
    Gs = [I-Tot|Gs1],
    sum_gains(Rest, Gs1).

sum_same([J-W|IWs], I, Acc0, Tot, Rest) :-
    J =:= I,
    !,
    Acc is Acc0 + W,
    sum_same(IWs, I, Acc, Tot, Rest).
sum_same(Rest, _, Tot, Tot, Rest).

%   gain_between(+Gains, +A, +B, -G): the best the weighted variables
%   strictly between levels A and B (B may be inf) can add when free.
gain_between([], _, _, 0).
gain_between([I-W|Gs], A, B, G) :-
    gain_between(Gs, A, B, G1),
    (   I > A, ( B == inf ; I < B )
    ->  G is G1 + max(0, W)
    ;   G = G1
    ).

level_gain(B, Gains, G) :-
    child_var(B, V),
    gain_between(Gains, -1, V, G).

best(F, Gains, M0, M, Best) :-
    (   F =:= 0
    ->  Best = none,
        M = M0
    ;   F =:= 1
    ->  Best = 0,
        M = M0
    ;   get_assoc(F, M0, Best0)
    ->  Best = Best0,
        M = M0
    ;   node(F, V, Lo, Hi),
        best(Lo, Gains, M0, M1, BL),
        best(Hi, Gains, M1, M2, BH),
        weight_of(Gains, V, W),
        branch_best(BL, Gains, V, Lo, 0, SL),
        branch_best(BH, Gains, V, Hi, W, SH),
        best_of(SL, SH, Best),
        put_assoc(F, M2, Best, M)
    ).

branch_best(none, _, _, _, _, none) :- !.
branch_best(B, Gains, V, C, W, S) :-
    child_var(C, CV),
    gain_between(Gains, V, CV, G),
    S is B + G + W.

best_of(none, S, S) :- !.
best_of(S, none, S) :- !.
best_of(A, B, S) :-
    S is max(A, B).

weight_of(Gains, V, W) :-
    (   member(I-W0, Gains), I =:= V
    ->  W = W0
    ;   W = 0
    ).

%   maximize(+WVs, +Max): label the variables, 0 first, keeping only the
%   choices from which Max is still reachable.
maximize(WVs, Max) :-
    maplist(arg(2), WVs, Vs0),
    maximize_(Vs0, WVs, Max).

maximize_([], WVs, Max) :-
    fixed_sum(WVs, 0, Max).
maximize_([V|Vs], WVs, Max) :-
    (   var(V)
    ->  findall(Val, ( member(Val, [0, 1]),
                       \+ \+ ( V = Val, reachable_max(WVs, Max) ) ), Vals),
        member(V, Vals)
    ;   true
    ),
    maximize_(Vs, WVs, Max).

reachable_max(WVs, Max) :-
    include_vars_wv(WVs, Free),
    (   Free == []
    ->  fixed_sum(WVs, 0, Max)
    ;   vars_bdd(Free, B),
        objective(WVs, Free, B, Max)
    ).

include_vars_wv([], []).
include_vars_wv([_-V|WVs], Fs) :-
    (   var(V)
    ->  Fs = [V|Fs1]
    ;   Fs = Fs1
    ),
    include_vars_wv(WVs, Fs1).

%   ---------------------------------------------------------------------
%   Residual goals

%   attribute_goals(+V)//: the sat/1 goals of V's component, given once
%   per answer (the components already given are in '$clpb_dumped').
attribute_goals(V) -->
    {   get_attr(V, clpb, v(_, _, H0)),
        root(H0, H),
        b_getval('$clpb_dumped', Done),
        \+ memberchk_eq(H, Done),
        b_setval('$clpb_dumped', [H|Done]),
        comp_state(H, comp(B, Vars, Es)),
        list_to_assoc(Vars, Names),
        entries_goals(Es, Names, Gs0),
        sort(Gs0, Gs1),
        support(B, Sup),
        free_goals(Vars, Sup, Fs),
        append(Gs1, Fs, Gs)
    },
    !,
    goals(Gs).
attribute_goals(_) -->
    [].

%!  project_attributes(+QueryVars, +ResidueVars)
%
%   The toplevel's hook before it collects the residual goals of an
%   answer: each component of a constrained variable among QueryVars and
%   ResidueVars is projected onto those variables.  The variables its BDD
%   depends on that are not among them are quantified existentially and
%   leave the component (no V=:=V goal for them); if there are any, the
%   component's entries become the one projected BDD, as SWI-Prolog shows
%   a projected component.
project_attributes(QueryVars, ResidueVars) :-
    append(QueryVars, ResidueVars, Vs0),
    include_constrained(Vs0, Vs),
    roots(Vs, [], Roots),
    maplist(project_component(Vs), Roots).

include_constrained([], []).
include_constrained([V|Vs0], Vs) :-
    (   var(V),
        get_attr(V, clpb, v(_, _, _))
    ->  Vs = [V|Vs1]
    ;   Vs = Vs1
    ),
    include_constrained(Vs0, Vs1).

%   project_component(+Shown, +H): the component H projected onto the
%   variables Shown.
project_component(Shown, H) :-
    comp_state(H, comp(B0, Vars0, _)),
    support(B0, Sup),
    hidden(Vars0, Shown, Sup, Hidden0, Vars),
    sort(Hidden0, Hidden),
    (   Hidden == []
    ->  true
    ;   exists_all(Hidden, B0, B),
        support(B, Key),
        add_entry(B, Key, [], Es),
        put_attr(H, clpb, comp(B, Vars, Es))
    ).

%   hidden(+Vars, +Shown, +Support, -Hidden, -Rest): the indices of the
%   variables of Vars that are in Support but not among Shown, and the
%   other variables.
hidden([], _, _, [], []).
hidden([I-V|Ps], Shown, Sup, Hidden, Rest) :-
    (   ord_memberchk(I, Sup),
        \+ memberchk_eq(V, Shown)
    ->  Hidden = [I|Hidden1],
        Rest = Rest1
    ;   Hidden = Hidden1,
        Rest = [I-V|Rest1]
    ),
    hidden(Ps, Shown, Sup, Hidden1, Rest1).

goals([]) -->
    [].
goals([G|Gs]) -->
    [clpb:sat(G)],
    goals(Gs).

%   free_goals(+Vars, +Support, -Goals): V=:=V for the variables the
%   component's BDD does not depend on, in the order they were attached.
free_goals(Vars, Sup, Fs) :-
    free_goals_(Vars, Sup, Keyed),
    keysort(Keyed, Sorted),
    pairs_values_(Sorted, Fs).

free_goals_([], _, []).
free_goals_([I-V|Vars], Sup, Fs) :-
    (   ord_memberchk(I, Sup)
    ->  Fs = Fs1
    ;   get_attr(V, clpb, v(_, S, _)),
        Fs = [S-(V=:=V)|Fs1]
    ),
    free_goals_(Vars, Sup, Fs1).

pairs_values_([], []).
pairs_values_([_-V|Ps], [V|Vs]) :-
    pairs_values_(Ps, Vs).

entries_goals([], _, []).
entries_goals([e(_, F)|Es], Names, Gs) :-
    decompose(F, Parts),
    maplist(part_goal(Names), Parts, Gs0),
    append(Gs0, Gs1, Gs),
    entries_goals(Es, Names, Gs1).

%   decompose(+F, -Parts): the BDDs whose conjunction is F, as SWI-Prolog
%   shows an entry.  Two variables U and V separate F when F is the
%   conjunction of its projections without U and without V; then the parts
%   are those of both projections, for every such pair; F is a part of its
%   own when no pair separates it (or it has fewer than three variables).
decompose(F, Parts) :-
    empty_assoc(M0),
    decompose_(F, M0, _, Parts).

decompose_(F, M0, M, Parts) :-
    (   F =:= 1
    ->  Parts = [],
        M = M0
    ;   get_assoc(F, M0, Parts0)
    ->  Parts = Parts0,
        M = M0
    ;   support(F, Sup),
        (   Sup = [_, _, _|_],
            findall(A-B, separating_pair(Sup, F, A, B), ABs),
            ABs \== []
        ->  decompose_pairs(ABs, M0, M1, Parts1),
            sort(Parts1, Parts)
        ;   Parts = [F],
            M1 = M0
        ),
        put_assoc(F, M1, Parts, M)
    ).

%   separating_pair(+Sup, +F, -A, -B): the projections A and B of F
%   without two of its variables, whose conjunction is F.
separating_pair(Sup, F, A, B) :-
    append(_, [U|Vs], Sup),
    member(V, Vs),
    exists(F, U, A),
    exists(F, V, B),
    and(A, B, C),
    C =:= F.

decompose_pairs([], M, M, []).
decompose_pairs([A-B|ABs], M0, M, Parts) :-
    decompose_(A, M0, M1, PA),
    decompose_(B, M1, M2, PB),
    decompose_pairs(ABs, M2, M, Parts0),
    append(PA, PB, P),
    append(P, Parts0, Parts).

%   part_goal(+Names, +F, -Expr): the expression SWI-Prolog shows for the
%   BDD F, from its algebraic normal form.
part_goal(Names, F, Expr) :-
    anf(F, Monos0),
    maplist(mono_vars(Names), Monos0, Monos1),
    msort(Monos1, Monos),
    anf_expr(Monos, Expr).

mono_vars(Names, Is, Vs) :-
    maplist(index_name(Names), Is, Vs).

index_name(Names, I, V) :-
    get_assoc(I, Names, V).

anf_expr(Monos, Expr) :-
    (   Monos = [[]|Rest]
    ->  (   Rest = [[V]|Rest1], Rest1 \== []
        ->  xor_chain(Rest1, R),
            Expr = (V =:= R)
        ;   xor_chain(Monos, Expr)
        )
    ;   Monos = [[V]|Rest], Rest \== []
    ->  xor_chain(Rest, R),
        Expr = (V =\= R)
    ;   xor_chain(Monos, Expr)
    ).

xor_chain([M|Ms], E) :-
    mono_term(M, T),
    xor_chain_(Ms, T, E).

xor_chain_([], E, E).
xor_chain_([M|Ms], E0, E) :-
    mono_term(M, T),
    xor_chain_(Ms, E0#T, E).

mono_term([], 1).
mono_term([V|Vs], T) :-
    mono_term_(Vs, V, T).

mono_term_([], T, T).
mono_term_([V|Vs], T0, T) :-
    mono_term_(Vs, T0*V, T).

%   anf(+F, -Monos): the monomials (ordered sets of variable indices) whose
%   exclusive or is F: F = Low # V*(Low # High).
anf(F, Monos) :-
    empty_assoc(M0),
    anf_(F, M0, _, Monos).

anf_(F, M0, M, Monos) :-
    (   F =:= 0
    ->  Monos = [],
        M = M0
    ;   F =:= 1
    ->  Monos = [[]],
        M = M0
    ;   get_assoc(F, M0, Monos0)
    ->  Monos = Monos0,
        M = M0
    ;   node(F, V, Lo, Hi),
        xor(Lo, Hi, D),
        anf_(Lo, M0, M1, ML),
        anf_(D, M1, M2, MD),
        maplist(prefix_mono(V), MD, MV),
        ord_union(ML, MV, U),
        ord_intersection(ML, MV, I),
        ord_subtract(U, I, Monos),
        put_assoc(F, M2, Monos, M)
    ).

prefix_mono(V, Ms, [V|Ms]).
