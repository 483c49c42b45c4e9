/*  clpfd.pl -- CLP(FD): constraint logic programming over finite domains,
    with SWI-Prolog's library(clpfd) interface.

    Part of puzzlog's Prolog library.  The constraints are posted to the
    native engine (src/clpfd/, bridge src/builtins/clpfd.rs): each
    constrained variable carries the attribute `clpfd` naming its engine
    variable.  Posting a constraint decomposes it as SWI-Prolog does
    (auxiliary variables for non-linear subterms, the same propagators for
    the same shapes), runs propagation to a fixpoint and binds the
    variables left with one value.  Unifying a constrained variable wakes
    the engine through attr_unify_hook/2.  Labeling is written here, over
    the engine's choice of variable and values.
*/

:- module(clpfd,
          [ op(760, yfx, #<==>),
            op(750, xfy, #==>),
            op(750, yfx, #<==),
            op(740, yfx, #\/),
            op(730, yfx, #\),
            op(720, yfx, #/\),
            op(710,  fy, #\),
            op(700, xfx, #>),
            op(700, xfx, #<),
            op(700, xfx, #>=),
            op(700, xfx, #=<),
            op(700, xfx, #=),
            op(700, xfx, #\=),
            op(700, xfx, in),
            op(700, xfx, ins),
            op(700, xfx, in_set),
            op(450, xfx, ..),
            op(150, fx, #),
            (#=)/2,
            (#\=)/2,
            (#<)/2,
            (#>)/2,
            (#=<)/2,
            (#>=)/2,
            (#<==>)/2,
            (#==>)/2,
            (#<==)/2,
            (#\/)/2,
            (#/\)/2,
            (#\)/2,
            (#\)/1,
            (in)/2,
            (ins)/2,
            all_different/1,
            all_distinct/1,
            element/3,
            sum/3,
            scalar_product/4,
            global_cardinality/2,
            global_cardinality/3,
            circuit/1,
            tuples_in/2,
            cumulative/1,
            cumulative/2,
            disjoint2/1,
            automaton/3,
            automaton/8,
            lex_chain/1,
            chain/2,
            serialized/2,
            zcompare/3,
            label/1,
            labeling/2,
            indomain/1,
            fd_var/1,
            fd_inf/2,
            fd_sup/2,
            fd_size/2,
            fd_dom/2,
            fd_degree/2,
            transpose/2,
            (in_set)/2,
            fd_set/2,
            is_fdset/1,
            empty_fdset/1,
            fdset_singleton/2,
            fdset_interval/3,
            list_to_fdset/2,
            fdset_to_list/2,
            range_to_fdset/2,
            fdset_to_range/2,
            fdset_size/2,
            fdset_min/2,
            fdset_max/2,
            fdset_member/2,
            fdset_eq/2,
            fdset_subset/2,
            fdset_disjoint/2,
            fdset_intersect/2,
            fdset_union/2,
            fdset_union/3,
            fdset_intersection/3,
            fdset_subtract/3,
            fdset_complement/2,
            fdset_add_element/3,
            fdset_del_element/3,
            fdset_parts/4
          ]).

:- use_module(library(lists), [append/3, member/2, last/2]).
:- use_module(library(error), [must_be/2]).

%!  X #= Y, X #\= Y, X #< Y, X #> Y, X #=< Y, X #>= Y
%
%   Arithmetic constraints over integer expressions.
X #= Y :- '$fd_post'(#=, X, Y).
X #\= Y :- '$fd_post'(#\=, X, Y).
X #< Y :- '$fd_post'(#<, X, Y).
X #> Y :- '$fd_post'(#>, X, Y).
X #=< Y :- '$fd_post'(#=<, X, Y).
X #>= Y :- '$fd_post'(#>=, X, Y).

%!  L #<==> R, L #==> R, L #<== R, L #\/ R, L #/\ R, L #\ R, #\ C
%
%   Reified constraints and Boolean connectives: each side is a
%   constraint, a 0/1 variable or a connective of those.
L #<==> R :- '$fd_reified'(#<==>, L, R).
L #==> R :- '$fd_reified'(#==>, L, R).
L #<== R :- '$fd_reified'(#<==, L, R).
L #\/ R :- '$fd_reified'(#\/, L, R).
L #/\ R :- '$fd_reified'(#/\, L, R).
L #\ R :- '$fd_reified'(#\, L, R).
#\ C :- '$fd_reified'(not, C, _).

%!  X in +Domain
%
%   X is an element of Domain (`L..H`, `D1 \/ D2`, an integer; `inf`
%   and `sup` for unbounded ends).
X in Dom :- '$fd_in'(X, Dom).

%!  Xs ins +Domain
%
%   Every element of the list Xs is in Domain.
Xs ins Dom :-
    must_be(list, Xs),
    '$fd_ins'(Xs, Dom).

'$fd_ins'([], _).
'$fd_ins'([X|Xs], Dom) :-
    '$fd_in'(X, Dom),
    '$fd_ins'(Xs, Dom).

%!  all_different(+Vars)
%
%   The elements of Vars are pairwise different (a fixed value leaves
%   the others' domains).
all_different(Xs) :-
    must_be(list, Xs),
    '$fd_all_different'(Xs).

%!  all_distinct(+Vars)
%
%   Like all_different/1, with stronger propagation: values that no
%   assignment of different values can use are removed.
all_distinct(Xs) :-
    must_be(list, Xs),
    '$fd_all_distinct'(Xs).

%!  element(?I, +List, ?V)
%
%   V is the I-th element of List (counting from 1).
element(I, List, V) :-
    must_be(list, List),
    length(List, N),
    I in 1..N,
    '$fd_element_'(List, 1, I, V),
    '$fd_element'(I, List, V).

%   SWI's decomposition: an element different from V rules its position
%   out (besides the element propagator, posted last).
'$fd_element_'([], _, _, _).
'$fd_element_'([X|Xs], K, I, V) :-
    X #\= V #==> I #\= K,
    K1 is K + 1,
    '$fd_element_'(Xs, K1, I, V).

%!  sum(+Vars, +Op, ?Value)
%
%   The sum of Vars stands in relation Op to Value.
sum(Vs, Op, Value) :-
    must_be(list, Vs),
    '$fd_ones'(Vs, Cs),
    scalar_product(Cs, Vs, Op, Value).

'$fd_ones'([], []).
'$fd_ones'([_|Vs], [1|Cs]) :-
    '$fd_ones'(Vs, Cs).

%!  scalar_product(+Cs, +Vs, +Op, ?Value)
%
%   The sum of Cs[i]*Vs[i] stands in relation Op to Value.
scalar_product(Cs, Vs, Op, Value) :-
    must_be(list, Cs),
    must_be(list, Vs),
    '$fd_scalar_product'(Cs, Vs, Op, Value).

attr_unify_hook(Id, Other) :-
    '$fd_unified'(Id, Other).

attribute_goals(X) -->
    { '$fd_goals'(X, Goals) },
    '$fd_list'(Goals).

'$fd_list'([]) --> [].
'$fd_list'([G|Gs]) --> [G], '$fd_list'(Gs).

%!  fd_var(@X)
%
%   X is a variable with a finite-domain constraint.
fd_var(X) :- '$fd_var'(X).

%!  fd_dom(?X, -Dom)
%
%   Dom is the domain of X, as in/2 takes it.
fd_dom(X, Dom) :- '$fd_dom'(X, Dom).

%!  fd_size(?X, -Size)
%
%   Size is the number of elements of X's domain (`sup` when unbounded).
fd_size(X, Size) :- '$fd_size'(X, Size).

%!  fd_inf(?X, -Inf)
%
%   Inf is the least element of X's domain (`inf` when unbounded).
fd_inf(X, Inf) :- '$fd_inf'(X, Inf).

%!  fd_sup(?X, -Sup)
%
%   Sup is the greatest element of X's domain (`sup` when unbounded).
fd_sup(X, Sup) :- '$fd_sup'(X, Sup).

%!  fd_degree(?X, -Degree)
%
%   Degree is the number of constraints X takes part in.
fd_degree(X, Degree) :- '$fd_degree'(X, Degree).

%!  label(+Vars)
%
%   Assign a value to each variable of Vars, in order (labeling([], Vars)).
label(Vs) :- labeling([], Vs).

%!  indomain(?X)
%
%   Bind X to each value of its domain, in increasing order.
indomain(X) :- label([X]).

%!  labeling(+Options, +Vars)
%
%   Assign a value to each variable of Vars, as Options say: variable
%   selection `leftmost`, `ff`, `ffc`, `min`, `max`; value order `up`,
%   `down`; branching `step`, `enum`, `bisect`; and `min(Expr)`,
%   `max(Expr)` to get the solutions in order of Expr.
labeling(Options, Vars) :-
    must_be(list, Options),
    must_be(list, Vars),
    '$fd_label_vars'(Vars),
    '$fd_label_options'(Options, Options, [], [], [], [], Sel, Ord, Choice, Optim),
    (   Optim == []
    ->  '$fd_label'(Vars, Sel, Ord, Choice)
    ;   '$fd_optimise'(Vars, Sel, Ord, Choice, Optim)
    ).

'$fd_label_vars'([]).
'$fd_label_vars'([V|Vs]) :-
    (   integer(V)
    ->  true
    ;   var(V)
    ->  (   fd_inf(V, I), integer(I), fd_sup(V, S), integer(S)
        ->  true
        ;   throw(error(instantiation_error, _))
        )
    ;   throw(error(type_error(integer, V), _))
    ),
    '$fd_label_vars'(Vs).

'$fd_label_options'([], All, Sel0, Ord0, Choice0, Optim, Sel, Ord, Choice, Optim) :-
    '$fd_label_default'(Sel0, leftmost, All, Sel),
    '$fd_label_default'(Ord0, up, All, Ord),
    '$fd_label_default'(Choice0, step, All, Choice).
'$fd_label_options'([O|Os], All, Sel0, Ord0, Choice0, Optim0, Sel, Ord, Choice, Optim) :-
    (   var(O)
    ->  throw(error(instantiation_error, _))
    ;   '$fd_label_option'(O, Kind)
    ->  (   Kind == selection
        ->  '$fd_label_once'(Sel0, O, All, Sel1),
            '$fd_label_options'(Os, All, Sel1, Ord0, Choice0, Optim0, Sel, Ord, Choice, Optim)
        ;   Kind == order
        ->  '$fd_label_once'(Ord0, O, All, Ord1),
            '$fd_label_options'(Os, All, Sel0, Ord1, Choice0, Optim0, Sel, Ord, Choice, Optim)
        ;   Kind == choice
        ->  '$fd_label_once'(Choice0, O, All, Choice1),
            '$fd_label_options'(Os, All, Sel0, Ord0, Choice1, Optim0, Sel, Ord, Choice, Optim)
        ;   append(Optim0, [O], Optim1),
            '$fd_label_options'(Os, All, Sel0, Ord0, Choice0, Optim1, Sel, Ord, Choice, Optim)
        )
    ;   throw(error(domain_error(labeling_option, O), _))
    ).

'$fd_label_option'(leftmost, selection).
'$fd_label_option'(ff, selection).
'$fd_label_option'(ffc, selection).
'$fd_label_option'(min, selection).
'$fd_label_option'(max, selection).
'$fd_label_option'(up, order).
'$fd_label_option'(down, order).
'$fd_label_option'(step, choice).
'$fd_label_option'(enum, choice).
'$fd_label_option'(bisect, choice).
'$fd_label_option'(min(_), optimisation).
'$fd_label_option'(max(_), optimisation).

'$fd_label_once'([], O, _, [O]) :- !.
'$fd_label_once'(_, _, All, _) :-
    throw(error(domain_error(consistent_labeling_options, All), _)).

'$fd_label_default'([], Default, _, Default) :- !.
'$fd_label_default'([O], _, _, O).

%   '$fd_label'(+Vars, +Selection, +Order, +Choice): the search.
'$fd_label'(Vars, Sel, Ord, Choice) :-
    (   '$fd_select'(Vars, Sel, Var, Rest)
    ->  '$fd_choice'(Choice, Ord, Var, Rest, Vars, Sel)
    ;   true
    ).

'$fd_choice'(step, Ord, Var, Rest, Vars, Sel) :-
    '$fd_first_value'(Var, Ord, V),
    (   Var = V,
        '$fd_label'(Rest, Sel, Ord, step)
    ;   '$fd_remove_value'(Var, V),
        '$fd_label'(Vars, Sel, Ord, step)
    ).
'$fd_choice'(enum, Ord, Var, Rest, _, Sel) :-
    '$fd_values'(Var, Ord, Values),
    member(Var, Values),
    '$fd_label'(Rest, Sel, Ord, enum).
'$fd_choice'(bisect, Ord, Var, _, Vars, Sel) :-
    fd_inf(Var, I),
    fd_sup(Var, S),
    Mid0 is (I + S) // 2,
    (   Mid0 =:= S
    ->  Mid is Mid0 - 1
    ;   Mid = Mid0
    ),
    (   Ord == up
    ->  ( Var #=< Mid ; Var #> Mid )
    ;   ( Var #> Mid ; Var #=< Mid )
    ),
    '$fd_label'(Vars, Sel, Ord, bisect).

%   Labeling with min(Expr)/max(Expr): the best value of the first goal
%   by branch and bound, then every solution with that value, then the
%   next best value, and so on.
'$fd_optimise'(Vars, Sel, Ord, Choice, [What|Whats]) :-
    Best = best(none),
    (   '$fd_find_best'(Vars, Sel, Ord, Choice, What, Best)
    ;   arg(1, Best, found(Value)),
        arg(1, What, Expr),
        (   Expr #= Value,
            (   Whats == []
            ->  '$fd_label'(Vars, Sel, Ord, Choice)
            ;   '$fd_optimise'(Vars, Sel, Ord, Choice, Whats)
            )
        ;   Expr #\= Value,
            '$fd_optimise'(Vars, Sel, Ord, Choice, [What|Whats])
        )
    ).

%   Always fails, leaving the best value found in Best.
'$fd_find_best'(Vars, Sel, Ord, Choice, What, Best) :-
    arg(1, What, Expr),
    functor(What, Direction, _),
    catch(( '$fd_label'(Vars, Sel, Ord, Choice),
            Value is Expr,
            throw('$fd_value'(Value))
          ),
          '$fd_value'(V0),
          true),
    '$fd_improve'(Vars, Sel, Ord, Choice, Direction, Expr, V0, Best).

'$fd_improve'(Vars, Sel, Ord, Choice, Direction, Expr, V0, Best) :-
    nb_setarg(1, Best, found(V0)),
    catch(( (   Direction == min
            ->  Expr #< V0
            ;   Expr #> V0
            ),
            '$fd_label'(Vars, Sel, Ord, Choice),
            Value is Expr,
            throw('$fd_value'(Value))
          ),
          '$fd_value'(V1),
          true),
    '$fd_improve'(Vars, Sel, Ord, Choice, Direction, Expr, V1, Best).

%!  transpose(?Matrix, ?Transposed)
%
%   Transposed is the list of the columns of the list of rows Matrix.
transpose(Ls, Rs) :-
    must_be(list(list), Ls),
    '$fd_lists_transpose'(Ls, Rs).

'$fd_lists_transpose'([], []).
'$fd_lists_transpose'([L|Ls], Rs) :-
    '$fd_same_length_all'(Ls, L),
    '$fd_transpose_'(L, [L|Ls], Rs).

'$fd_same_length_all'([], _).
'$fd_same_length_all'([L|Ls], L0) :-
    '$fd_same_length'(L, L0),
    '$fd_same_length_all'(Ls, L0).

'$fd_same_length'([], []).
'$fd_same_length'([_|As], [_|Bs]) :-
    '$fd_same_length'(As, Bs).

'$fd_transpose_'([], _, []).
'$fd_transpose_'([_|Rs0], Ls0, [Firsts|Rs]) :-
    '$fd_firsts_rests'(Ls0, Firsts, Ls),
    '$fd_transpose_'(Rs0, Ls, Rs).

'$fd_firsts_rests'([], [], []).
'$fd_firsts_rests'([[F|Os]|Rest], [F|Fs], [Os|Oss]) :-
    '$fd_firsts_rests'(Rest, Fs, Oss).

/*  Global constraints: the arguments are checked here, with SWI's
    errors; the propagators are native (src/clpfd/globals.rs, bridge
    src/builtins/clpfd_globals.rs) or, where SWI decomposes a constraint,
    the same decomposition.
*/

'$fd_global_var'(V) :-
    (   var(V)
    ->  true
    ;   integer(V)
    ->  true
    ;   throw(error(type_error(integer, V), _))
    ).

%!  global_cardinality(+Vs, +Pairs)
%!  global_cardinality(+Vs, +Pairs, +Options)
%
%   Each Key-Num of Pairs: Num of the Vs equal Key, and every element of
%   Vs is a key. Options: consistency(value) (weaker propagation),
%   cost(Cost, Matrix) (Cost is the sum of Matrix[i][j] for Vs[i] equal
%   to the j-th key).
global_cardinality(Xs, Pairs) :-
    global_cardinality(Xs, Pairs, []).

global_cardinality(Xs, Pairs, Options) :-
    must_be(list(list), [Xs,Pairs,Options]),
    '$fd_maplist'(Xs, '$fd_global_var'),
    '$fd_maplist'(Pairs, '$fd_gcc_pair'),
    '$fd_keys_nums'(Pairs, Keys, Nums),
    (   msort(Keys, Sorted), sort(Keys, Sorted)
    ->  true
    ;   throw(error(domain_error(gcc_unique_key_pairs, Pairs), _))
    ),
    length(Xs, L),
    Nums ins 0..L,
    '$fd_values_domain'(Keys, Dom),
    Xs ins Dom,
    (   memberchk(consistency(value), Options)
    ->  Flow = false
    ;   Flow = true
    ),
    '$fd_gcc'(Xs, Keys, Nums, Flow),
    (   member(Cost, Options), nonvar(Cost), Cost = cost(C, Matrix)
    ->  must_be(list(list(integer)), Matrix),
        '$fd_gcc_costs'(Xs, Matrix, Keys, Cs),
        sum(Cs, #=, C)
    ;   true
    ).

'$fd_maplist'([], _).
'$fd_maplist'([X|Xs], G) :-
    call(G, X),
    '$fd_maplist'(Xs, G).

'$fd_gcc_pair'(P) :-
    (   var(P)
    ->  throw(error(instantiation_error, _))
    ;   P = Key-Num
    ->  must_be(integer, Key),
        '$fd_global_var'(Num)
    ;   throw(error(domain_error(gcc_pair, P), _))
    ).

'$fd_keys_nums'([], [], []).
'$fd_keys_nums'([K-N|Ps], [K|Ks], [N|Ns]) :-
    '$fd_keys_nums'(Ps, Ks, Ns).

'$fd_values_domain'([], 1..0).
'$fd_values_domain'([V|Vs], D) :-
    '$fd_values_domain_'(Vs, V, D).

'$fd_values_domain_'([], V, V).
'$fd_values_domain_'([V|Vs], D0, D) :-
    '$fd_values_domain_'(Vs, D0 \/ V, D).

'$fd_gcc_costs'([], [], _, []).
'$fd_gcc_costs'([X|Xs], [Row|Rows], Keys, [C|Cs]) :-
    element(I, Keys, X),
    element(I, Row, C),
    '$fd_gcc_costs'(Xs, Rows, Keys, Cs).

%!  circuit(+Vs)
%
%   Vs[i] is the successor of node i in a Hamiltonian circuit of the
%   nodes 1..N.
circuit(Vs) :-
    must_be(list, Vs),
    '$fd_maplist'(Vs, '$fd_global_var'),
    '$fd_circuit'(Vs).

%!  tuples_in(+Tuples, +Relation)
%
%   Each tuple of Tuples is a row of Relation (a list of lists of
%   integers).
tuples_in(Tuples, Relation) :-
    must_be(list(list), Tuples),
    '$fd_maplist'(Tuples, '$fd_tuple_vars'),
    must_be(list(list(integer)), Relation),
    '$fd_tuples_in'(Tuples, Relation).

'$fd_tuple_vars'(T) :-
    '$fd_maplist'(T, '$fd_global_var').

%!  serialized(+Starts, +Durations)
%
%   The tasks Starts[i]..Starts[i]+Durations[i] do not overlap.
serialized(Starts, Durations) :-
    must_be(list(integer), Durations),
    '$fd_maplist'(Durations, '$fd_nonneg'),
    must_be(list, Starts),
    '$fd_maplist'(Starts, '$fd_global_var'),
    length(Starts, N),
    length(Durations, N),
    '$fd_serialized'(Starts, Durations).

'$fd_nonneg'(D) :- D >= 0.

%!  lex_chain(+Lists)
%
%   The lists are in lexicographic non-decreasing order.
lex_chain(Lss) :-
    must_be(list(list), Lss),
    '$fd_maplist'(Lss, '$fd_tuple_vars'),
    (   Lss = [First|Rest]
    ->  '$fd_lex_chain'(Lss),
        '$fd_lex_chain_'(Rest, First)
    ;   true
    ).

'$fd_lex_chain_'([], _).
'$fd_lex_chain_'([Ls|Lss], Prev) :-
    lex_le(Prev, Ls),
    '$fd_lex_chain_'(Lss, Ls).

lex_le([], []).
lex_le([V1|V1s], [V2|V2s]) :-
    V1 #=< V2,
    (   integer(V1)
    ->  (   integer(V2)
        ->  (   V1 =:= V2
            ->  lex_le(V1s, V2s)
            ;   true
            )
        ;   freeze(V2, lex_le([V1|V1s], [V2|V2s]))
        )
    ;   freeze(V1, lex_le([V1|V1s], [V2|V2s]))
    ).

%!  chain(+Zs, +Relation)
%
%   Each pair of neighbours of Zs is in Relation: #=, #<, #=<, #>, #>=.
chain(Zs, Relation) :-
    must_be(list, Zs),
    '$fd_maplist'(Zs, '$fd_global_var'),
    must_be(ground, Relation),
    (   '$fd_chain_relation'(Relation)
    ->  true
    ;   throw(error(domain_error(chain_relation, Relation), _))
    ),
    (   Zs = [Z|Rest]
    ->  '$fd_chain'(Rest, Z, Relation)
    ;   true
    ).

'$fd_chain_relation'(#=).
'$fd_chain_relation'(#<).
'$fd_chain_relation'(#=<).
'$fd_chain_relation'(#>).
'$fd_chain_relation'(#>=).

'$fd_chain'([], _, _).
'$fd_chain'([Z|Zs], Prev, Relation) :-
    call(Relation, Prev, Z),
    '$fd_chain'(Zs, Z, Relation).

%!  zcompare(?Order, ?A, ?B)
%
%   Order is the order (<, = or >) of the integers A and B.
zcompare(Order, A, B) :-
    (   nonvar(Order)
    ->  '$fd_global_var'(A),
        '$fd_global_var'(B),
        zcompare_(Order, A, B)
    ;   integer(A), integer(B)
    ->  compare(Order, A, B)
    ;   '$fd_global_var'(A),
        '$fd_global_var'(B),
        (   A == B
        ->  Order = (=),
            _ #= A
        ;   freeze(Order, zcompare_(Order, A, B)),
            freeze(Aux, '$fd_order'(Aux, Order)),
            '$fd_zcompare'(Order, A, B, Aux)
        )
    ).

zcompare_(=, A, B) :- A #= B.
zcompare_(<, A, B) :- A #< B.
zcompare_(>, A, B) :- A #> B.

'$fd_order'(-1, <).
'$fd_order'(0, =).
'$fd_order'(1, >).

%!  cumulative(+Tasks)
%!  cumulative(+Tasks, +Options)
%
%   The tasks task(Start, Duration, End, Demand, Id) use at most the
%   resource limit (Options: limit(L), default 1) at any time.
cumulative(Tasks) :-
    cumulative(Tasks, [limit(1)]).

cumulative(Tasks, Options) :-
    must_be(list(list), [Tasks,Options]),
    (   Options == []
    ->  L = 1
    ;   Options = [limit(L)]
    ->  must_be(integer, L)
    ;   throw(error(domain_error(cumulative_options_empty_or_limit, Options), _))
    ),
    (   Tasks == []
    ->  true
    ;   '$fd_maplist'(Tasks, '$fd_task'),
        '$fd_cumulative'(Tasks, L, cumulative(Tasks, [limit(L)]))
    ).

'$fd_task'(T) :-
    (   T = task(S, D, E, C, _)
    ->  '$fd_global_var'(S),
        must_be(integer, D),
        '$fd_global_var'(E),
        must_be(integer, C),
        D > 0,
        C >= 0,
        S + D #= E
    ;   fail
    ).

%!  disjoint2(+Rectangles)
%
%   The rectangles F(X, W, Y, H) (origin X, Y, width W, height H) do not
%   overlap.
disjoint2(Rs) :-
    must_be(list, Rs),
    (   Rs = [_,_|_]
    ->  '$fd_maplist'(Rs, '$fd_rectangle'),
        '$fd_disjoint2'(Rs, disjoint2(Rs))
    ;   true
    ).

'$fd_rectangle'(R) :-
    (   compound(R), functor(R, _, 4)
    ->  R =.. [_|Args],
        '$fd_maplist'(Args, '$fd_global_var')
    ;   fail
    ).

%!  automaton(+Vs, +Nodes, +Arcs)
%!  automaton(?Seqs, ?Template, +Sigs, +Nodes, +Arcs, +Counters, +Initials, ?Finals)
%
%   The automaton of Nodes (source(S), sink(S)) and Arcs (arc(S0, L, S)
%   or arc(S0, L, S, Exprs) updating Counters) accepts the signatures
%   Sigs; Counters start at Initials and end at Finals. Decomposed, as
%   SWI does, into tuples_in/2 over the states and element/3 over the
%   counters.
automaton(Sigs, Ns, As) :-
    automaton(_, _, Sigs, Ns, As, [], [], _).

automaton(Seqs, _Template, Sigs, Ns, As, Cs, Is, Fs) :-
    must_be(list(list), [Sigs,Ns,As,Cs,Is]),
    (   var(Seqs)
    ->  Seqs = Sigs
    ;   must_be(list, Seqs)
    ),
    '$fd_maplist'(Sigs, '$fd_global_var'),
    '$fd_arcs'(As, Cs, Arcs),
    '$fd_states'(Arcs, [], States0),
    '$fd_node_states'(Ns, States0, States, Sources, Sinks),
    '$fd_arc_exprs'(Arcs, [], Exprs),
    '$fd_relation'(Arcs, States, Exprs, Cs, Relation),
    '$fd_transitions'(Sigs, Start, End, Exprs, Cs, Is, Fs, Tuples, Elements),
    '$fd_post_elements'(Elements),
    '$fd_state_nums'(Sources, States, SourceNums),
    '$fd_state_nums'(Sinks, States, SinkNums),
    '$fd_values_domain'(SourceNums, SourceDom),
    Start in SourceDom,
    '$fd_values_domain'(SinkNums, SinkDom),
    End in SinkDom,
    tuples_in(Tuples, Relation).

%   Arcs as arc(From, Label, To, Exprs): Exprs the counters' next values
%   (the counters themselves for an arc without them).
'$fd_arcs'([], _, []).
'$fd_arcs'([A|As], Cs, [arc(F, L, T, Es)|Arcs]) :-
    (   A = arc(F, L, T)
    ->  Es = Cs
    ;   A = arc(F, L, T, Es)
    ->  true
    ),
    '$fd_arcs'(As, Cs, Arcs).

%   The states in order of appearance in the arcs.
'$fd_states'([], Ss, Ss).
'$fd_states'([arc(F, _, T, _)|As], Ss0, Ss) :-
    '$fd_add_state'(F, Ss0, Ss1),
    '$fd_add_state'(T, Ss1, Ss2),
    '$fd_states'(As, Ss2, Ss).

'$fd_add_state'(S, Ss0, Ss) :-
    (   memberchk(S, Ss0)
    ->  Ss = Ss0
    ;   append(Ss0, [S], Ss)
    ).

'$fd_node_states'([], Ss, Ss, [], []).
'$fd_node_states'([N|Ns], Ss0, Ss, Sources, Sinks) :-
    (   N = source(S)
    ->  Sources = [S|Sources1], Sinks = Sinks1
    ;   N = sink(S)
    ->  Sinks = [S|Sinks1], Sources = Sources1
    ),
    '$fd_add_state'(S, Ss0, Ss1),
    '$fd_node_states'(Ns, Ss1, Ss, Sources1, Sinks1).

'$fd_state_nums'([], _, []).
'$fd_state_nums'([S|Ss], States, [N|Ns]) :-
    '$fd_nth0'(States, S, 0, N),
    '$fd_state_nums'(Ss, States, Ns).

'$fd_nth0'([X|Xs], S, I, N) :-
    (   X == S
    ->  N = I
    ;   I1 is I + 1,
        '$fd_nth0'(Xs, S, I1, N)
    ).

%   The distinct counter updates, in order of appearance.
'$fd_arc_exprs'([], Es, Es).
'$fd_arc_exprs'([arc(_, _, _, E)|As], Es0, Es) :-
    (   '$fd_memberchk_eq'(E, Es0)
    ->  Es1 = Es0
    ;   append(Es0, [E], Es1)
    ),
    '$fd_arc_exprs'(As, Es1, Es).

'$fd_memberchk_eq'(X, [Y|Ys]) :-
    (   X == Y
    ->  true
    ;   '$fd_memberchk_eq'(X, Ys)
    ).

'$fd_relation'([], _, _, _, []).
'$fd_relation'([arc(F, L, T, E)|As], States, Exprs, Cs, [Row|Rows]) :-
    '$fd_nth0'(States, F, 0, NF),
    '$fd_nth0'(States, T, 0, NT),
    (   Cs == []
    ->  Row = [NF, L, NT]
    ;   '$fd_nth0'(Exprs, E, 1, NE),
        Row = [NF, L, NT, NE]
    ),
    '$fd_relation'(As, States, Exprs, Cs, Rows).

%   The tuples [State0, Sig, State1 (, Update)] and, with counters, the
%   element/3 goals choosing each counter's next value.
'$fd_transitions'([], S, S, _, _, Vs, Vs, [], []).
'$fd_transitions'([Sig|Sigs], S0, S, Exprs, Cs, Vs0, Vs, [T|Ts], Els) :-
    (   Cs == []
    ->  T = [S0, Sig, S1],
        Els = Els1,
        Vs1 = Vs0
    ;   T = [S0, Sig, S1, I],
        '$fd_counter_values'(Exprs, Cs, Vs0, Values),
        '$fd_counter_elements'(Values, I, Vs1, Els, Els1)
    ),
    '$fd_transitions'(Sigs, S1, S, Exprs, Cs, Vs1, Vs, Ts, Els1).

%   Values: for each counter, its next value under each update.
'$fd_counter_values'(Exprs, Cs, Vs, Values) :-
    '$fd_updates'(Exprs, Cs, Vs, Updates),
    (   Updates = [U|_]
    ->  '$fd_columns'(U, Updates, Values)
    ;   Values = []
    ).

'$fd_updates'([], _, _, []).
'$fd_updates'([E|Es], Cs, Vs, [U|Us]) :-
    copy_term(Cs-E, Vs-E1),
    '$fd_maplist2'(E1, U),
    '$fd_updates'(Es, Cs, Vs, Us).

'$fd_maplist2'([], []).
'$fd_maplist2'([E|Es], [V|Vs]) :-
    (   integer(E)
    ->  V = E
    ;   var(E)
    ->  V = E
    ;   ground(E)
    ->  V is E
    ;   V #= E
    ),
    '$fd_maplist2'(Es, Vs).

'$fd_columns'([], _, []).
'$fd_columns'([_|Rest], Rows, [Col|Cols]) :-
    '$fd_firsts_rests'(Rows, Col, Rows1),
    '$fd_columns'(Rest, Rows1, Cols).

'$fd_counter_elements'([], _, [], Els, Els).
'$fd_counter_elements'([Col|Cols], I, [Next|Nexts], [element(I, Col, Next)|Els0], Els) :-
    '$fd_counter_elements'(Cols, I, Nexts, Els0, Els).

'$fd_post_elements'([]).
'$fd_post_elements'([G|Gs]) :-
    call(G),
    '$fd_post_elements'(Gs).


/*  FD sets: SWI's `fdset` terms, a balanced tree of intervals
    (`empty`, `from_to(n(L), n(H))` with `inf`/`sup` for unbounded ends,
    `split(Hole, Left, Right)` whose Hole lies between the two parts).
    Operations go through interval lists `[L-H, ...]` (sorted, disjoint,
    not adjacent) and, to normalise, through a domain term and the engine.
*/

%!  X in_set +Set: X is in the FD set Set.
X in_set Set :- fdset_to_range(Set, Range), X in Range.

%!  fd_set(?X, -Set): the domain of X as an FD set.
fd_set(X, Set) :- fd_dom(X, Dom), range_to_fdset(Dom, Set).

is_fdset(Set) :- ground(Set), fdset_within(Set, none, none).
empty_fdset(empty).
fdset_singleton(Set, E) :- fdset_interval(Set, E, E).
fdset_interval(Set, L, H) :-
    (   var(Set) -> intervals_fdset([L-H], Set)
    ;   fdset_intervals(Set, [L-H])
    ).

list_to_fdset(List, Set) :-
    must_be(list(integer), List),
    msort(List, Sorted),
    values_intervals(Sorted, Is),
    intervals_fdset(Is, Set).

fdset_to_list(Set, List) :-
    fdset_intervals(Set, Is),
    findall(V, (member(L-H, Is), between(L, H, V)), List).

range_to_fdset(Range, Set) :-
    range_intervals(Range, Is),
    intervals_fdset(Is, Set).

fdset_to_range(Set, Range) :-
    fdset_intervals(Set, Is),
    intervals_range(Is, Range).

fdset_size(Set, Size) :-
    fdset_intervals(Set, Is),
    (   member(L-H, Is), (L == inf ; H == sup) -> Size = sup
    ;   intervals_size(Is, 0, Size)
    ).

intervals_size([], S, S).
intervals_size([L-H|Is], S0, S) :- S1 is S0+H-L+1, intervals_size(Is, S1, S).

fdset_min(Set, Min) :- fdset_intervals(Set, [Min-_|_]).
fdset_max(Set, Max) :- fdset_intervals(Set, Is), last(Is, _-Max).

fdset_member(E, Set) :-
    fdset_intervals(Set, Is),
    (   integer(E) -> member(L-H, Is), le(L, E), le(E, H), !
    ;   member(L-H, Is), between(L, H, E)
    ).

fdset_eq(S1, S2) :- fdset_intervals(S1, Is), fdset_intervals(S2, Is).
fdset_subset(S1, S2) :- fdset_subtract(S1, S2, empty).
fdset_disjoint(S1, S2) :- fdset_intersection(S1, S2, empty).
fdset_intersect(S1, S2) :- \+ fdset_disjoint(S1, S2).

fdset_union(Sets, Set) :- fdsets_union(Sets, empty, Set).

fdsets_union([], Set, Set).
fdsets_union([S|Ss], Set0, Set) :- fdset_union(Set0, S, Set1), fdsets_union(Ss, Set1, Set).
fdset_union(S1, S2, Set) :-
    fdset_to_range(S1, R1), fdset_to_range(S2, R2),
    range_to_fdset(R1 \/ R2, Set).
fdset_intersection(S1, S2, Set) :-
    fdset_intervals(S1, I1), fdset_intervals(S2, I2),
    intervals_intersection(I1, I2, Is),
    intervals_fdset(Is, Set).
fdset_subtract(S1, S2, Set) :-
    fdset_complement(S2, C),
    fdset_intersection(S1, C, Set).
fdset_complement(Set, Complement) :-
    fdset_intervals(Set, Is),
    intervals_complement(Is, inf, Cs),
    gaps_fdset(Cs, Complement).

% The complement's gaps as SWI shapes them: a chain leaning right, each
% split at the first value of the set that ends its gap.
gaps_fdset([], empty).
gaps_fdset([G], Set) :- !, intervals_fdset([G], Set).
gaps_fdset([L-H|Gs], split(Next, Left, Right)) :-
    Next is H + 1,
    intervals_fdset([L-H], Left),
    gaps_fdset(Gs, Right).
fdset_add_element(Set0, E, Set) :- fdset_singleton(S, E), fdset_union(Set0, S, Set).
fdset_del_element(Set0, E, Set) :- fdset_singleton(S, E), fdset_subtract(Set0, S, Set).

%!  fdset_parts(?Set, ?Min, ?Max, ?Rest): Set is Min..Max and the
%   intervals of Rest above it.
fdset_parts(Set, Min, Max, Rest) :-
    (   var(Set)
    ->  fdset_intervals(Rest, Is), intervals_fdset([Min-Max|Is], Set)
    ;   fdset_intervals(Set, [Min-Max|Is]), intervals_fdset(Is, Rest)
    ).

% The intervals of an FD set, left to right.
fdset_intervals(Set, Is) :- fdset_intervals(Set, Is, []).
fdset_intervals(empty, Is, Is).
fdset_intervals(from_to(L0, H0), [L-H|Is], Is) :- fdset_bound(L0, L), fdset_bound(H0, H).
fdset_intervals(split(_, Left, Right), Is0, Is) :-
    fdset_intervals(Left, Is0, Is1),
    fdset_intervals(Right, Is1, Is).

fdset_bound(n(N), N) :- integer(N), !.
fdset_bound(inf, inf).
fdset_bound(sup, sup).

% The balanced tree SWI builds: the first half of the intervals on the
% left, the hole just below the right part's least value.
intervals_fdset([], empty).
intervals_fdset([L-H], from_to(L1, H1)) :- !, fdset_bound(L1, L), fdset_bound(H1, H).
intervals_fdset(Is, split(Hole, Left, Right)) :-
    length(Is, N), K is N // 2,
    length(Ls, K), append(Ls, Rs, Is),
    Rs = [R-_|_], Hole is R - 1,
    intervals_fdset(Ls, Left),
    intervals_fdset(Rs, Right).

% A domain term's intervals, normalised by the engine.
range_intervals(Range, Is) :-
    (   V in Range -> fd_dom(V, Dom), dom_intervals(Dom, Is, [])
    ;   Is = []
    ).

dom_intervals(D1 \/ D2, Is0, Is) :- !, dom_intervals(D1, Is0, Is1), dom_intervals(D2, Is1, Is).
dom_intervals(L..H, [L-H|Is], Is) :- !.
dom_intervals(N, [N-N|Is], Is).

intervals_range([], 1..0).
intervals_range([L-H|Is], Range) :- intervals_range(Is, L..H, Range).

intervals_range([], Range, Range).
intervals_range([L-H|Is], R0, Range) :- intervals_range(Is, R0 \/ L..H, Range).

values_intervals([], []).
values_intervals([V|Vs], Is) :- values_intervals(Vs, V, V, Is).
values_intervals([], L, H, [L-H]).
values_intervals([V|Vs], L, H, Is) :-
    (   V =< H + 1
    ->  H1 is max(H, V), values_intervals(Vs, L, H1, Is)
    ;   Is = [L-H|Is1], values_intervals(Vs, V, V, Is1)
    ).

intervals_intersection([], _, []) :- !.
intervals_intersection(_, [], []) :- !.
intervals_intersection([A-B|Is], [C-D|Js], Ks) :-
    max_bound(A, C, L), min_bound(B, D, H),
    (   le(L, H) -> Ks = [L-H|Ks1] ; Ks = Ks1 ),
    (   le(B, D) -> intervals_intersection(Is, [C-D|Js], Ks1)
    ;   intervals_intersection([A-B|Is], Js, Ks1)
    ).

intervals_complement([], sup, []) :- !.
intervals_complement([], Next, [Next-sup]).
intervals_complement([L-H|Is], Next, Cs) :-
    (   L == inf -> Cs = Cs1
    ;   Below is L - 1, Cs = [Next-Below|Cs1]
    ),
    (   H == sup -> Cs1 = []
    ;   Above is H + 1, intervals_complement(Is, Above, Cs1)
    ).

% fdset_within(+Set, +Lo, +Hi): Set is a well-formed FD set whose values
% lie strictly between Lo and Hi (`none`: no bound), as is_fdset/1 checks.
fdset_within(empty, _, _).
fdset_within(from_to(L0, H0), Lo, Hi) :-
    fdset_bound(L0, L), fdset_bound(H0, H),
    L \== sup, H \== inf, le(L, H),
    strictly_between(L, Lo, Hi), strictly_between(H, Lo, Hi).
fdset_within(split(S, Left, Right), Lo, Hi) :-
    integer(S),
    strictly_between(S, Lo, Hi),
    fdset_within(Left, Lo, S),
    fdset_within(Right, S, Hi).

strictly_between(X, Lo, Hi) :-
    (   Lo == none -> true ; X \== Lo, le(Lo, X) ),
    (   Hi == none -> true ; X \== Hi, le(X, Hi) ).

% Order on bounds with inf and sup.
le(inf, _) :- !.
le(_, sup) :- !.
le(sup, _) :- !, fail.
le(_, inf) :- !, fail.
le(A, B) :- A =< B.
max_bound(A, B, M) :- ( le(A, B) -> M = B ; M = A ).
min_bound(A, B, M) :- ( le(A, B) -> M = A ; M = B ).
