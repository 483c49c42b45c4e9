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
            label/1,
            labeling/2,
            indomain/1,
            fd_var/1,
            fd_inf/2,
            fd_sup/2,
            fd_size/2,
            fd_dom/2,
            fd_degree/2,
            transpose/2
          ]).

:- use_module(library(lists), [append/3, member/2]).
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
