/*  clpr.pl -- CLP(R): linear constraints over floating-point numbers.

    Part of puzzlog's Prolog library, written for puzzlog after the API and
    the answers of SWI-Prolog's library(clpr); the solver is puzzlog's own.

    The store.  One backtrackable global ('$clpr_store') holds the live
    constraints as a list of items, newest first, each with a time stamp:
      eq(T, V, Lin)        V = Lin: V is a dependent variable, Lin a linear
                           form over independent variables only;
      bnd(T, V, Lo, Hi)    bounds of V (none or b(Strict, Value));
      neq(T, Lin)          Lin =\= 0;
      nl(T, Rel)           a non-linear relation, posted again (and solved
                           if it became linear) whenever variables are bound.
    A linear form is l(Const, Terms), Terms a list of t(Seq, Var, Coeff)
    ordered by the sequence number each variable gets when it first enters
    the solver (its attribute `clpr`).

    Equations are solved by Gaussian elimination: one variable of the
    equation becomes dependent and is replaced everywhere; a dependent
    variable whose form becomes constant is bound.  An inequality over one
    variable becomes a bound; over several, a slack variable S >= 0 (or
    > 0) and the equation Lin = S.  Whenever a dependent variable carries a
    bound, a simplex (lp_max/4) checks the bounds: for each bound, the
    largest slack it can have; none means the store is infeasible, zero
    means the bound holds with equality (an implied equation, solved like
    the others) or, for a strict bound, that the store is inconsistent.

    Binding a variable from outside (unification) wakes attr_unify_hook/2,
    which posts the whole store again.  The residual goals of a variable
    are one {}/1 goal with the constraints connected to it, newest first.
*/

:- module(clpr, [ {}/1, entailed/1, inf/2, sup/2, inf/4, sup/4,
                  minimize/1, maximize/1, bb_inf/3, bb_inf/4, bb_inf/5,
                  dump/3 ]).

:- nb_setval('$clpr_store', []).
:- nb_setval('$clpr_seq', 0).
:- nb_setval('$clpr_dumped', []).

eps(1.0e-10).

%   ---------------------------------------------------------------------
%   Posting

{Cs} :-
    var(Cs),
    !,
    throw(error(instantiation_error, _)).
{Cs} :-
    post_conj(Cs),
    settle.

post_conj(Cs) :-
    var(Cs),
    !,
    throw(error(instantiation_error, _)).
post_conj((A, B)) :-
    !,
    post_conj(A),
    post_conj(B).
post_conj(C) :-
    post(C).

post(C) :-
    (   rel(C, Op, A, B)
    ->  post_rel(Op, A, B, C)
    ;   throw(error(type_error(clpr_constraint, C), _))
    ).

rel(A = B, =, A, B).
rel(A =:= B, =, A, B).
rel(A >= B, >=, A, B).
rel(A > B, >, A, B).
rel(A =< B, >=, B, A).
rel(A < B, >, B, A).
rel(A =\= B, =\=, A, B).

post_rel(Op, A, B, C) :-
    nf(A - B, L),
    (   L == nonlin
    ->  add_nl(C)
    ;   post_lin(Op, L)
    ).

%   post_lin(+Op, +Lin): Lin Op 0, Lin normalised.
post_lin(=, l(C, Ts)) :-
    (   Ts == []
    ->  zero(C)
    ;   solve_eq(l(C, Ts))
    ).
post_lin(>=, L) :-
    post_ineq(nonstrict, L).
post_lin(>, L) :-
    post_ineq(strict, L).
post_lin(=\=, l(C, Ts)) :-
    (   Ts == []
    ->  \+ zero(C)
    ;   new_time(T),
        add_item(neq(T, l(C, Ts)))
    ).

post_ineq(S, l(C, Ts)) :-
    (   Ts == []
    ->  eps(E),
        (   S == strict
        ->  C > E
        ;   C >= -E
        )
    ;   Ts = [t(_, V, K)]
    ->  snapv(-C/K, Bound),
        (   K > 0
        ->  add_bound(V, b(S, Bound), none)
        ;   add_bound(V, none, b(S, Bound))
        )
    ;   new_time(T),
        put_attr(Slack, clpr, slack(T)),
        add_bound(Slack, b(S, 0.0), none),
        slack_var(Slack, SlackT),
        lin_add(l(C, Ts), l(0.0, [SlackT]), -1.0, L),
        choose_var(Ts, V),
        solve_for(V, L)
    ).

slack_var(V, t(Seq, V, 1.0)) :-
    var_seq(V, Seq).

var_seq(V, Seq) :-
    get_attr(V, clpr, A),
    (   A = slack(Seq)
    ->  true
    ;   Seq = A
    ).

%   The variable an equation is solved for: among those without bounds,
%   the last with a unit coefficient, else the last; the slack (the last
%   term) if every variable has bounds.
choose_var(Ts, V) :-
    items(Items),
    exclude(has_bound(Items), Ts, Free),
    (   Free == []
    ->  fail
    ;   include(unit_coeff, Free, Units),
        (   Units \== []
        ->  last(Units, t(_, V, _))
        ;   last(Free, t(_, V, _))
        )
    ),
    !.
choose_var(_, none).

has_bound(Items, t(_, V, _)) :-
    member(bnd(_, W, _, _), Items),
    W == V,
    !.

unit_coeff(t(_, _, K)) :-
    abs(K) =:= 1.

solve_eq(l(C, Ts)) :-
    choose_var(Ts, V0),
    (   V0 == none
    ->  last(Ts, t(_, V, _))
    ;   V = V0
    ),
    solve_for(V, l(C, Ts)).

%   solve_for(+V, +Lin): Lin = 0, solved for V (or, if V is none, for the
%   last variable).
solve_for(V0, l(C, Ts)) :-
    (   V0 == none
    ->  last(Ts, t(_, V, _))
    ;   V = V0
    ),
    select(t(_, W, K), Ts, Rest),
    W == V,
    !,
    M is -1.0/K,
    lin_scale(l(C, Rest), M, Def),
    make_dependent(V, Def).

make_dependent(V, Def) :-
    items(Items0),
    maplist(subst_item(V, Def), Items0, Items1),
    new_time(T),
    put_items([eq(T, V, Def)|Items1]).

subst_item(V, Def, eq(T, W, L0), eq(T, W, L)) :-
    !,
    lin_subst(L0, V, Def, L).
subst_item(_, _, I, I).

%   ---------------------------------------------------------------------
%   Settling: bind determined variables, check bounds, find implied
%   equations, wake non-linear relations.

settle :-
    bind_determined,
    check_bounds,
    wake_nl,
    check_neqs.

bind_determined :-
    items(Items),
    (   member(eq(_, V, l(C, [])), Items)
    ->  remove_eq(V),
        del_attr(V, clpr),
        V = C,
        bind_determined
    ;   true
    ).

remove_eq(V) :-
    items(Items0),
    exclude(eq_of(V), Items0, Items),
    put_items(Items).

eq_of(V, eq(_, W, _)) :-
    W == V.

%   Bounds of bound variables are checked and dropped; if some bounded
%   variable is dependent, the simplex looks at all of them.
check_bounds :-
    items(Items0),
    partition(bound_of_number, Items0, Ground, Items),
    maplist(ground_bound_ok, Ground),
    put_items(Items),
    (   member(bnd(_, V, _, _), Items),
        is_dependent(V, Items)
    ->  lp_bounds
    ;   true
    ).

bound_of_number(bnd(_, V, _, _)) :-
    number(V).

ground_bound_ok(bnd(_, V, Lo, Hi)) :-
    lo_ok(Lo, V),
    hi_ok(Hi, V).

lo_ok(none, _).
lo_ok(b(S, B), V) :-
    D is V - B,
    diff_ok(S, D).
hi_ok(none, _).
hi_ok(b(S, B), V) :-
    D is B - V,
    diff_ok(S, D).

diff_ok(strict, D) :-
    eps(E),
    D > E.
diff_ok(nonstrict, D) :-
    eps(E),
    D >= -E.

is_dependent(V, Items) :-
    member(eq(_, W, _), Items),
    W == V,
    !.

%   Every bound as a row Lin >= 0 (strict or not) over the independent
%   variables; each row's supremum decides.
lp_bounds :-
    items(Items),
    bound_rows(Items, Rows),
    check_rows(Rows, Rows).

check_rows([], _).
check_rows([row(S, L, Src)|Rs], All) :-
    rows_max(All, L, Res),
    eps(E),
    (   Res == infeasible
    ->  fail
    ;   Res = opt(Max, _),
        Max =< E
    ->  S == nonstrict,
        implied_eq(Src, L),
        settle
    ;   check_rows(Rs, All)
    ).

%   The bound Src holds with equality: it leaves the store as an equation.
implied_eq(src(V, Side), L) :-
    items(Items0),
    select(bnd(T, W, Lo, Hi), Items0, Items1),
    W == V,
    !,
    (   Side == lo
    ->  Item = bnd(T, W, none, Hi)
    ;   Item = bnd(T, W, Lo, none)
    ),
    (   Item = bnd(_, _, none, none)
    ->  put_items(Items1)
    ;   put_items([Item|Items1])
    ),
    lin_norm(L, L1),
    post_lin(=, L1).

bound_rows(Items, Rows) :-
    foldl(bound_rows_, Items, Rows, []).

bound_rows_(bnd(_, V, Lo, Hi), Rows0, Rows) :-
    !,
    var_lin(V, LV),
    (   Lo = b(S, B)
    ->  lin_add(LV, l(B, []), -1.0, L1),
        Rows0 = [row(S, L1, src(V, lo))|Rows1]
    ;   Rows0 = Rows1
    ),
    (   Hi = b(S2, B2)
    ->  lin_scale(LV, -1.0, NLV),
        lin_add(NLV, l(B2, []), 1.0, L2),
        Rows1 = [row(S2, L2, src(V, hi))|Rows]
    ;   Rows1 = Rows
    ).
bound_rows_(_, Rows, Rows).

%   The form of a variable over the independent variables.
var_lin(V, L) :-
    nf(V, L).

wake_nl :-
    items(Items0),
    (   select(nl(_, Rel), Items0, Items),
        rel(Rel, Op, A, B),
        nf(A - B, L),
        L \== nonlin
    ->  put_items(Items),
        post_lin(Op, L),
        settle
    ;   true
    ).

check_neqs :-
    items(Items),
    forall(member(neq(_, L0), Items),
           ( lin_norm(L0, L),
             ( L = l(C, []) -> \+ zero(C) ; true ) )).

add_nl(Rel) :-
    term_variables(Rel, Vs),
    maplist(ensure_var, Vs),
    new_time(T),
    add_item(nl(T, Rel)).

%   add_bound(+V, +Lo, +Hi): V gets the tighter of its bounds and these.
add_bound(V, Lo, Hi) :-
    items(Items0),
    (   select(bnd(T, W, Lo0, Hi0), Items0, Items1),
        W == V
    ->  true
    ;   new_time(T),
        Lo0 = none,
        Hi0 = none,
        Items1 = Items0
    ),
    tighter_lo(Lo0, Lo, Lo1),
    tighter_hi(Hi0, Hi, Hi1),
    (   Lo1 = b(S1, B1),
        Hi1 = b(S2, B2)
    ->  eps(E),
        D is B2 - B1,
        (   D < -E
        ->  fail
        ;   D =< E
        ->  S1 == nonstrict,
            S2 == nonstrict,
            put_items(Items1),
            var_lin(V, LV),
            lin_add(LV, l(B1, []), -1.0, L),
            post_lin(=, L)
        ;   put_items([bnd(T, V, Lo1, Hi1)|Items1])
        )
    ;   put_items([bnd(T, V, Lo1, Hi1)|Items1])
    ).

tighter_lo(none, B, B) :- !.
tighter_lo(B, none, B) :- !.
tighter_lo(b(S1, V1), b(S2, V2), B) :-
    (   V1 > V2
    ->  B = b(S1, V1)
    ;   V2 > V1
    ->  B = b(S2, V2)
    ;   S1 == strict
    ->  B = b(S1, V1)
    ;   B = b(S2, V2)
    ).

tighter_hi(none, B, B) :- !.
tighter_hi(B, none, B) :- !.
tighter_hi(b(S1, V1), b(S2, V2), B) :-
    (   V1 < V2
    ->  B = b(S1, V1)
    ;   V2 < V1
    ->  B = b(S2, V2)
    ;   S1 == strict
    ->  B = b(S1, V1)
    ;   B = b(S2, V2)
    ).

%   ---------------------------------------------------------------------
%   The store

items(Items) :-
    b_getval('$clpr_store', Items).

put_items(Items) :-
    b_setval('$clpr_store', Items).

add_item(I) :-
    items(Items),
    put_items([I|Items]).

new_time(T) :-
    b_getval('$clpr_seq', T0),
    T is T0 + 1,
    b_setval('$clpr_seq', T).

new_var(V) :-
    new_time(T),
    put_attr(V, clpr, T).

ensure_var(V) :-
    (   get_attr(V, clpr, _)
    ->  true
    ;   new_var(V)
    ).

zero(C) :-
    eps(E),
    abs(C) =< E.

%   ---------------------------------------------------------------------
%   Normal forms

%   nf(+Expr, -Lin): the linear form of Expr over independent variables,
%   or the atom nonlin.
nf(E, L) :-
    var(E),
    !,
    (   var_seq(E, Seq)
    ->  (   items(Items),
            member(eq(_, W, Def), Items),
            W == E
        ->  L = Def
        ;   L = l(0.0, [t(Seq, E, 1.0)])
        )
    ;   new_var(E),
        var_seq(E, Seq),
        L = l(0.0, [t(Seq, E, 1.0)])
    ).
nf(E, l(F, [])) :-
    number(E),
    !,
    F is float(E).
nf(A + B, L) :-
    !,
    nf(A, LA),
    nf(B, LB),
    nf_add(LA, LB, 1.0, L).
nf(A - B, L) :-
    !,
    nf(A, LA),
    nf(B, LB),
    nf_add(LA, LB, -1.0, L).
nf(-A, L) :-
    !,
    nf(A, LA),
    (   LA == nonlin
    ->  L = nonlin
    ;   lin_scale(LA, -1.0, L)
    ).
nf(+A, L) :-
    !,
    nf(A, L).
nf(A * B, L) :-
    !,
    nf(A, LA),
    nf(B, LB),
    (   LB = l(K, [])
    ->  lin_scale(LA, K, L)
    ;   LA = l(K, [])
    ->  lin_scale(LB, K, L)
    ;   L = nonlin
    ).
nf(A / B, L) :-
    !,
    nf(A, LA),
    nf(B, LB),
    (   LB = l(K, [])
    ->  K =\= 0,
        R is 1.0 / K,
        lin_scale(LA, R, L)
    ;   L = nonlin
    ).
nf(E, L) :-
    compound(E),
    functor(E, F, N),
    nf_fun(F, N),
    !,
    E =.. [F|Args],
    maplist(nf, Args, Ls),
    (   maplist(const_lin, Ls, Ks)
    ->  E1 =.. [F|Ks],
        eval_fun(E1, V),
        L = l(V, [])
    ;   L = nonlin
    ).
nf(E, _) :-
    throw(error(type_error(clpr_expression, E), _)).

nf_fun(abs, 1).
nf_fun(sin, 1).
nf_fun(cos, 1).
nf_fun(tan, 1).
nf_fun(min, 2).
nf_fun(max, 2).
nf_fun(pow, 2).
nf_fun(^, 2).

const_lin(l(K, []), K).

eval_fun(pow(A, B), V) :-
    !,
    V is float(A ** B).
eval_fun(A ^ B, V) :-
    !,
    V is float(A ** B).
eval_fun(E, V) :-
    V is float(E).

nf_add(LA, LB, K, L) :-
    (   ( LA == nonlin ; LB == nonlin )
    ->  L = nonlin
    ;   lin_add(LA, LB, K, L)
    ).

%   lin_add(+L1, +L2, +K, -L): L1 + K*L2.
lin_add(l(C1, T1), l(C2, T2), K, l(C, T)) :-
    (   K =:= 1
    ->  C0 is C1 + C2
    ;   K =:= -1
    ->  C0 is C1 - C2
    ;   C0 is C1 + K*C2
    ),
    snapv(C0, C),
    merge_terms(T1, T2, K, T).

merge_terms([], T2, K, T) :-
    !,
    scale_terms(T2, K, T).
merge_terms(T1, [], _, T1) :-
    !.
merge_terms([t(S1, V1, K1)|T1], [t(S2, V2, K2)|T2], K, T) :-
    (   S1 < S2
    ->  T = [t(S1, V1, K1)|T0],
        merge_terms(T1, [t(S2, V2, K2)|T2], K, T0)
    ;   S1 > S2
    ->  K3 is K*K2,
        T = [t(S2, V2, K3)|T0],
        merge_terms([t(S1, V1, K1)|T1], T2, K, T0)
    ;   (   K =:= 1
        ->  K0 is K1 + K2
        ;   K =:= -1
        ->  K0 is K1 - K2
        ;   K0 is K1 + K*K2
        ),
        (   zero(K0)
        ->  T = T0
        ;   T = [t(S1, V1, K0)|T0]
        ),
        merge_terms(T1, T2, K, T0)
    ).

scale_terms([], _, []).
scale_terms([t(S, V, K0)|Ts0], K, Ts) :-
    K1 is K0*K,
    (   zero(K1)
    ->  Ts = Ts1
    ;   Ts = [t(S, V, K1)|Ts1]
    ),
    scale_terms(Ts0, K, Ts1).

lin_scale(l(C0, Ts0), K, l(C, Ts)) :-
    snapv(C0*K, C),
    scale_terms(Ts0, K, Ts).

snap(X, Y) :-
    (   zero(X)
    ->  Y = 0.0
    ;   Y = X
    ).

snapv(E, Y) :-
    X is E,
    snap(X, Y).

%   lin_subst(+L0, +V, +Def, -L): L0 with V replaced by Def.
lin_subst(l(C, Ts0), V, Def, L) :-
    (   select(t(_, W, K), Ts0, Ts),
        W == V
    ->  lin_add(l(C, Ts), Def, K, L)
    ;   L = l(C, Ts0)
    ).

%   lin_norm(+L0, -L): L0 over the independent variables now.
lin_norm(l(C, Ts), L) :-
    foldl(norm_term, Ts, l(C, []), L).

norm_term(t(_, V, K), L0, L) :-
    nf(V, LV),
    lin_add(L0, LV, K, L).

%   ---------------------------------------------------------------------
%   Unification

attr_unify_hook(_, Other) :-
    (   var(Other)
    ->  true
    ;   number(Other)
    ->  true
    ;   throw(error(type_error(real, Other), _))
    ),
    repost.

%   Posts the whole store again (after a binding from outside).
repost :-
    items(Items),
    put_items([]),
    reverse(Items, Old),
    maplist(repost_item, Old),
    settle.

repost_item(eq(_, V, L)) :-
    lin_norm(L, L1),
    nf(V, LV),
    lin_add(LV, L1, -1.0, D),
    post_lin(=, D).
repost_item(bnd(_, V, Lo, Hi)) :-
    (   number(V)
    ->  ground_bound_ok(bnd(_, V, Lo, Hi))
    ;   add_bound(V, Lo, Hi)
    ).
repost_item(neq(_, L)) :-
    lin_norm(L, L1),
    post_lin(=\=, L1).
repost_item(nl(_, Rel)) :-
    post(Rel).

%   ---------------------------------------------------------------------
%   Entailment and optimisation

entailed(C) :-
    rel(C, Op, A, B),
    nf(A - B, L),
    L \== nonlin,
    entailed_lin(Op, L).

entailed_lin(=, L) :-
    (   L = l(C, [])
    ->  zero(C)
    ;   lin_inf(L, Inf),
        lin_sup(L, Sup),
        zero(Inf),
        zero(Sup)
    ).
entailed_lin(>=, L) :-
    (   L = l(C, [])
    ->  eps(E),
        C >= -E
    ;   lin_inf(L, Inf),
        eps(E),
        Inf >= -E
    ).
entailed_lin(>, L) :-
    (   L = l(C, [])
    ->  eps(E),
        C > E
    ;   lin_inf(L, Inf),
        eps(E),
        Inf > E
    ).
entailed_lin(=\=, L) :-
    (   L = l(C, [])
    ->  \+ zero(C)
    ;   eps(E),
        (   lin_inf(L, Inf),
            Inf > E
        ->  true
        ;   lin_sup(L, Sup),
            Sup < -E
        )
    ).

store_rows(Rows) :-
    items(Items),
    bound_rows(Items, Rows).

lin_sup(L, Sup) :-
    store_rows(Rows),
    rows_max(Rows, L, opt(Sup, _)).

lin_inf(L, Inf) :-
    lin_scale(L, -1.0, NL),
    lin_sup(NL, S),
    Inf is -S.

sup(E, Sup) :-
    sup(E, Sup, [], []).
inf(E, Inf) :-
    inf(E, Inf, [], []).

sup(E, Sup, Vs, Vals) :-
    opt(E, 1.0, Sup0, Point),
    Sup = Sup0,
    vals(Vs, Point, Vals).

inf(E, Inf, Vs, Vals) :-
    opt(E, -1.0, Inf0, Point),
    Inf = Inf0,
    vals(Vs, Point, Vals).

opt(E, Sign, Opt, Point) :-
    nf(E, L0),
    L0 \== nonlin,
    lin_scale(L0, Sign, L),
    store_rows(Rows),
    rows_max(Rows, L, opt(M, Point)),
    snapv(Sign*M, Opt).

vals(Vs, Point, Vals) :-
    maplist(val_at(Point), Vs, Vals).

val_at(Point, V, X) :-
    nf(V, L),
    lin_value(L, Point, X).

lin_value(l(C, Ts), Point, X) :-
    foldl(term_value(Point), Ts, C, X0),
    snap(X0, X).

term_value(Point, t(_, V, K), X0, X) :-
    (   member(W-Y, Point),
        W == V
    ->  X is X0 + K*Y
    ;   X = X0
    ).

maximize(E) :-
    sup(E, S),
    {E =:= S}.
minimize(E) :-
    inf(E, I),
    {E =:= I}.

%   bb_inf(+Ints, +E, -Inf[, -Vertex[, +Eps]]): the infimum of E with the
%   variables Ints integral, by branch and bound.
bb_inf(Ints, E, Inf) :-
    bb_inf(Ints, E, Inf, _, 0.001).
bb_inf(Ints, E, Inf, Vertex) :-
    bb_inf(Ints, E, Inf, Vertex, 0.001).
bb_inf(Ints, E, Inf, Vertex, Eps0) :-
    Eps is max(Eps0, 1.0e-9),           % rounding noise is no fraction
    nf(E, L0),
    L0 \== nonlin,
    lin_scale(L0, -1.0, L),
    maplist(var_lin, Ints, ILs),
    store_rows(Rows),
    bb(Rows, L, ILs, Eps, none, Best),
    Best = best(M, Vertex),
    snapv(-M, Inf).

bb(Rows, L, ILs, Eps, Best0, Best) :-
    (   rows_max(Rows, L, opt(M, Point)),
        (   Best0 = best(M0, _)
        ->  M > M0 + 1.0e-10
        ;   true
        )
    ->  maplist(lin_at(Point), ILs, Xs),
        (   nth0(I, Xs, X),
            R is round(X),
            abs(X - R) > Eps
        ->  nth0(I, ILs, IL),
            Fl is float(floor(X)),
            Ce is float(ceiling(X)),
            lin_scale(IL, -1.0, NIL),
            lin_add(NIL, l(Fl, []), 1.0, Down),
            lin_add(IL, l(Ce, []), -1.0, Up),
            bb([row(nonstrict, Down, none)|Rows], L, ILs, Eps, Best0, Best1),
            bb([row(nonstrict, Up, none)|Rows], L, ILs, Eps, Best1, Best)
        ;   maplist([X1, R1]>>(R1 is round(X1)), Xs, Vertex),
            Best = best(M, Vertex)
        )
    ;   Best = Best0
    ).

lin_at(Point, L, X) :-
    lin_value(L, Point, X).

%   ---------------------------------------------------------------------
%   The simplex: rows_max(+Rows, +Obj, -Result) maximises the linear form
%   Obj subject to Rows (row(_, Lin, _): Lin >= 0) over the free
%   variables in them.  Result is infeasible, unbounded or
%   opt(Max, Point), Point a list Var-Value.

rows_max(Rows, l(OC, OTs), Res) :-
    rows_vars(Rows, OTs, Vars),
    length(Vars, N),
    maplist(row_vector(Vars), Rows, Ms),
    terms_vector(OTs, Vars, Obj),
    lp_max(Ms, N, Obj, Res0),
    (   Res0 = opt(M, Xs)
    ->  Max is M + OC,
        pairs_keys_values(Point, Vars, Xs),
        Res = opt(Max, Point)
    ;   Res = Res0
    ).

rows_vars(Rows, OTs, Vars) :-
    foldl([row(_, l(_, Ts), _), P0, P]>>append(Ts, P0, P), Rows, OTs, Ps0),
    maplist([t(S, V, _), S-V]>>true, Ps0, Ps),
    sort(1, @<, Ps, Sorted),
    pairs_values(Sorted, Vars).

row_vector(Vars, row(_, l(C, Ts), _), r(A, C)) :-
    terms_vector(Ts, Vars, A).

terms_vector(Ts, Vars, A) :-
    maplist(coeff_of(Ts), Vars, A).

coeff_of(Ts, V, K) :-
    (   member(t(_, W, K0), Ts),
        W == V
    ->  K = K0
    ;   K = 0.0
    ).

%   lp_max(+Rows, +N, +Obj, -Res): maximise Obj.x subject to A.x + C >= 0
%   for each r(A, C), x free in R^N.  Two-phase tableau simplex with
%   Bland's rule; x = P - Q with P, Q >= 0.
%   The tableau: a list of t(Basic, Coeffs, Rhs) over the columns
%   P (N), Q (N), slacks (M), artificials (M).
lp_max(Rows, N, Obj, Res) :-
    length(Rows, M),
    numlist_(0, M, Is),
    maplist(initial_row(N, M), Is, Rows, Tab0),
    Cols is 2*N + 2*M,
    % phase 1: maximise -(sum of artificials)
    ArtStart is 2*N + M,
    numlist_(0, Cols, AllCols),
    maplist(phase1_cost(ArtStart), AllCols, Cost1),
    simplex(Tab0, Cost1, Cols, Tab1, R1),
    (   R1 == unbounded
    ->  Res = infeasible                    % cannot happen
    ;   objective(Tab1, Cost1, V1),
        (   V1 < -1.0e-9
        ->  Res = infeasible
        ;   drive_out(Tab1, ArtStart, Tab2),
            negate_all(Obj, NObj),
            append(Obj, NObj, PQ),
            SM is M + M,
            length(Zs, SM),
            maplist(=(0.0), Zs),
            append(PQ, Zs, Cost2),
            simplex2(Tab2, Cost2, Cols, ArtStart, Tab3, R2),
            (   R2 == unbounded
            ->  Res = unbounded
            ;   objective(Tab3, Cost2, V2),
                solution(Tab3, N, Xs),
                Res = opt(V2, Xs)
            )
        )
    ).

numlist_(From, To, L) :-
    (   From >= To
    ->  L = []
    ;   L = [From|L1],
        F1 is From + 1,
        numlist_(F1, To, L1)
    ).

negate_all(L, NL) :-
    maplist([X, Y]>>(Y is -X), L, NL).

%   Row i: -A.P + A.Q + s_i = C  (from A.x + C >= 0); if C < 0, negated,
%   with artificial a_i basic.
initial_row(N, M, I, r(A, C), t(B, Coeffs, Rhs)) :-
    negate_all(A, NA),
    append(NA, A, PQ),
    unit(M, I, E),
    zeros(M, Z),
    (   C >= 0
    ->  append([PQ, E, Z], Coeffs),
        B is 2*N + I,
        Rhs = C
    ;   negate_all(PQ, NPQ),
        negate_all(E, NE),
        append([NPQ, NE, E], Coeffs),
        B is 2*N + M + I,
        Rhs is -C
    ).

unit(M, I, E) :-
    numlist_(0, M, Is),
    maplist([J, X]>>(J =:= I -> X = 1.0 ; X = 0.0), Is, E).

zeros(M, Z) :-
    length(Z, M),
    maplist(=(0.0), Z).

phase1_cost(ArtStart, J, C) :-
    (   J >= ArtStart
    ->  C = -1.0
    ;   C = 0.0
    ).

objective(Tab, Cost, V) :-
    foldl([t(B, _, R), V0, V1]>>(nth0(B, Cost, CB), V1 is V0 + CB*R), Tab, 0.0, V).

simplex(Tab0, Cost, Cols, Tab, R) :-
    simplex2(Tab0, Cost, Cols, Cols, Tab, R).

%   simplex2(+Tab0, +Cost, +Cols, +Limit, -Tab, -R): columns from Limit
%   on never enter.
simplex2(Tab0, Cost, Cols, Limit, Tab, R) :-
    (   entering(Tab0, Cost, Cols, Limit, Q)
    ->  (   leaving(Tab0, Q, P)
        ->  pivot(Tab0, P, Q, Tab1),
            simplex2(Tab1, Cost, Cols, Limit, Tab, R)
        ;   Tab = Tab0,
            R = unbounded
        )
    ;   Tab = Tab0,
        R = optimal
    ).

%   Bland's rule: the first column with a positive reduced cost.
entering(Tab, Cost, Cols, Limit, Q) :-
    Max is min(Cols, Limit),
    between(1, Max, Q1),
    Q is Q1 - 1,
    \+ basic_col(Tab, Q),
    nth0(Q, Cost, CQ),
    foldl([t(B, Cs, _), D0, D1]>>(nth0(B, Cost, CB), nth0(Q, Cs, X), D1 is D0 - CB*X), Tab, CQ, D),
    D > 1.0e-9,
    !.

basic_col(Tab, Q) :-
    memberchk(t(Q, _, _), Tab).

%   The ratio test, ties to the smallest basic column.
leaving(Tab, Q, P) :-
    findall(Ratio-B-I, ( nth0(I, Tab, t(B, Cs, R)), nth0(Q, Cs, X), X > 1.0e-9,
                         Ratio is R / X ), Cands),
    Cands \== [],
    msort(Cands, Sorted),
    Sorted = [Best-_-_|_],
    include([Rt-_-_]>>(Rt =< Best + 1.0e-12), Sorted, Ties),
    maplist([_-B-I, B-I]>>true, Ties, BIs),
    msort(BIs, [_-P|_]).

pivot(Tab0, P, Q, Tab) :-
    nth0(P, Tab0, t(_, Cs0, R0)),
    nth0(Q, Cs0, X),
    maplist([A, B]>>(B is A / X), Cs0, Cs),
    Rp is R0 / X,
    length(Tab0, Len),
    numlist_(0, Len, Is),
    maplist(pivot_row(P, Q, Cs, Rp), Tab0, Is, Tab).

pivot_row(P, Q, PCs, PR, t(B, Cs0, R0), I, Row) :-
    (   I =:= P
    ->  Row = t(Q, PCs, PR)
    ;   nth0(Q, Cs0, F),
        (   F =:= 0
        ->  Row = t(B, Cs0, R0)
        ;   maplist([A, PA, C]>>(C is A - F*PA), Cs0, PCs, Cs),
            R is R0 - F*PR,
            Row = t(B, Cs, R)
        )
    ).

%   Artificials still basic (at zero) leave the basis, or their row goes.
drive_out(Tab0, ArtStart, Tab) :-
    (   nth0(P, Tab0, t(B, Cs, _)),
        B >= ArtStart
    ->  (   nth0(Q, Cs, X),
            Q < ArtStart,
            abs(X) > 1.0e-9
        ->  pivot(Tab0, P, Q, Tab1)
        ;   nth0(P, Tab0, Row, Tab1),
            Row = t(_, _, _)
        ),
        drive_out(Tab1, ArtStart, Tab)
    ;   Tab = Tab0
    ).

solution(Tab, N, Xs) :-
    numlist_(0, N, Is),
    maplist(x_value(Tab, N), Is, Xs).

x_value(Tab, N, I, X) :-
    col_value(Tab, I, P),
    J is N + I,
    col_value(Tab, J, Q),
    X is P - Q.

col_value(Tab, C, V) :-
    (   memberchk(t(C, _, R), Tab)
    ->  V = R
    ;   V = 0.0
    ).

%   ---------------------------------------------------------------------
%   Residual goals

attribute_goals(V) -->
    {   b_getval('$clpr_dumped', Done),
        items(Items),
        component(V, Items, Comp),
        exclude(done(Done), Comp, Todo),
        Todo \== [],
        maplist(arg(1), Todo, Times),
        append(Times, Done, Done1),
        b_setval('$clpr_dumped', Done1),
        items_goals(Todo, Gs),
        Gs \== [],
        list_to_conj(Gs, Conj)
    },
    !,
    [{Conj}].
attribute_goals(_) -->
    [].

done(Done, Item) :-
    arg(1, Item, T),
    memberchk(T, Done).

%   The items connected to V through shared variables, newest first.
component(V, Items, Comp) :-
    component_([V], Items, [], Comp0),
    sort(1, @>=, Comp0, Comp).

component_([], _, Acc, Acc).
component_([V|Vs], Items, Acc, Comp) :-
    include(touches(Acc, V), Items, New),
    append(Acc, New, Acc1),
    foldl([I, Q0, Q]>>(term_variables(I, IVs), append(Q0, IVs, Q)), New, Vs, Vs1),
    component_(Vs1, Items, Acc1, Comp).

touches(Acc, V, I) :-
    \+ done_item(Acc, I),
    term_variables(I, IVs),
    member(W, IVs),
    W == V,
    !.

done_item(Acc, I) :-
    arg(1, I, T),
    member(J, Acc),
    arg(1, J, T),
    !.

list_to_conj([G], G) :-
    !.
list_to_conj([G|Gs], (G, C)) :-
    list_to_conj(Gs, C).

items_goals(Items, Gs) :-
    foldl(item_goals, Items, Gs, []).

item_goals(eq(_, V, L), Gs0, Gs) :-
    (   get_attr(V, clpr, slack(_))
    ->  Gs0 = Gs                        % shown with its bound
    ;   Gs0 = [V = T|Gs],
        lin_term(L, T)
    ).
item_goals(bnd(_, V, Lo, Hi), Gs0, Gs) :-
    (   get_attr(V, clpr, slack(_)),
        items(Items),
        member(eq(_, W, L), Items),
        W == V
    ->  % the slack V = L >= B: shown as _ = -L and -L =< -B
        lin_scale(L, -1.0, NL),
        NL = l(C, Ts),
        lin_term(NL, T1),
        lin_term(l(0.0, Ts), LT),
        Gs0 = [V = T1|Gs1],
        (   Lo = b(S, B)
        ->  B1 is 0.0 - B - C,
            hi_goal(S, LT, B1, G),
            Gs1 = [G|Gs]
        ;   Gs1 = Gs
        )
    ;   bound_goals(V, Lo, Hi, Gs0, Gs)
    ).
item_goals(neq(_, L0), [_ = T, LT =\= B|Gs], Gs) :-
    lin_norm(L0, L),
    lin_term(L, T),
    L = l(C, Ts),
    lin_term(l(0.0, Ts), LT),
    B is -C.
item_goals(nl(_, Rel), [G|Gs], Gs) :-
    rel(Rel, Op, A, B),
    nl_goal(Op, A - B, G).

nl_goal(=, E, E = 0.0).
nl_goal(>=, E, E >= 0.0).
nl_goal(>, E, E > 0.0).
nl_goal(=\=, E, E =\= 0.0).

bound_goals(X, Lo, Hi, Gs0, Gs) :-
    (   Lo = b(S, B)
    ->  lo_goal(S, X, B, G),
        Gs0 = [G|Gs1]
    ;   Gs0 = Gs1
    ),
    (   Hi = b(S2, B2)
    ->  hi_goal(S2, X, B2, G2),
        Gs1 = [G2|Gs]
    ;   Gs1 = Gs
    ).

lo_goal(strict, X, B, X > B).
lo_goal(nonstrict, X, B, X >= B).
hi_goal(strict, X, B, X < B).
hi_goal(nonstrict, X, B, X =< B).

%   The term for a linear form: constant first, then K*X in order.
lin_term(l(C, Ts), T) :-
    (   zero(C)
    ->  (   Ts = [t(_, V, K)|Rest]
        ->  first_term(K, V, T0),
            foldl(add_term, Rest, T0, T)
        ;   T = 0.0
        )
    ;   foldl(add_term, Ts, C, T)
    ).

first_term(K, V, T) :-
    (   K =:= 1
    ->  T = V
    ;   K =:= -1
    ->  T = -V
    ;   T = K*V
    ).

add_term(t(_, V, K), T0, T) :-
    (   K =:= 1
    ->  T = T0 + V
    ;   K =:= -1
    ->  T = T0 - V
    ;   K < 0
    ->  K1 is -K,
        T = T0 - K1*V
    ;   T = T0 + K*V
    ).

%!  dump(+Vars, +Names, -Constraints)
%
%   Constraints are the constraints on Vars, with Names for the variables.
dump(Vars, Names, Constraints) :-
    copy_term(Vars, Copy, Gs),
    Copy = Names,
    foldl(dump_goal, Gs, Constraints, []).

dump_goal(clpr:{C}, L0, L) :-
    !,
    conj_list(C, L0, L).
dump_goal({C}, L0, L) :-
    !,
    conj_list(C, L0, L).
dump_goal(_, L, L).

conj_list((A, B), L0, L) :-
    !,
    conj_list(A, L0, L1),
    conj_list(B, L1, L).
conj_list(A, [A|L], L).
