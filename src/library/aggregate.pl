/*  aggregate.pl -- library(aggregate): aggregation operators over the
    solutions of a goal, compatible with SWI-Prolog 9's library of the
    same name.

    Part of puzzlog's Prolog library.

    aggregate/3 and aggregate/4 are built on bagof/3 and setof/3: they
    handle Var^Goal and give one answer per binding of the remaining
    free variables.  aggregate_all/3 and aggregate_all/4 take all
    solutions (findall/3; aggregate_all/4 removes duplicate
    Discriminator-solution pairs with sort/2).  A template is one of

        count           the number of solutions
        sum(Expr)       the sum of Expr
        max(Expr)       the largest Expr (fails if there are no solutions)
        min(Expr)       the smallest Expr (idem)
        max(Expr, W)    max(Max, Witness): the first largest and its W
        min(Expr, W)    min(Min, Witness)
        bag(T)          the list of all T
        set(T)          the ordered set of all T

    or a compound term whose arguments are such templates, giving the
    same compound of results: r(count, max(X)).  As in SWI, a variable
    where a template is expected means sum(_).

    aggregate_all/3 computes count, sum, max and min in constant space
    (the running value is kept in a term updated with nb_setarg/3).
*/

:- module(aggregate,
          [ aggregate/3,
            aggregate/4,
            aggregate_all/3,
            aggregate_all/4,
            foreach/2,
            free_variables/4
          ]).

:- meta_predicate
    aggregate(?, ^, -),
    aggregate(?, ?, ^, -),
    aggregate_all(?, 0, -),
    aggregate_all(?, ?, 0, -),
    foreach(0, 0).

%!  aggregate(+Template, :Goal, -Result) is nondet.
%
%   Aggregate the solutions of Goal (bagof/3 semantics: one answer per
%   binding of the free variables of Goal, Var^Goal quantifies Var).
aggregate(Template, Goal0, Result) :-
    aggregate_pattern_(Template, Pattern, Post, Aggr),
    aggregate_goal_(Goal0, Template, Post, Goal),
    bagof(Pattern, Goal, List),
    aggregate_list_(Aggr, List, Result).

%!  aggregate(+Template, +Discriminator, :Goal, -Result) is nondet.
%
%   As aggregate/3, counting solutions with the same Discriminator and
%   Template instance once (setof/3 semantics).
aggregate(Template, Discriminator, Goal0, Result) :-
    aggregate_pattern_(Template, Pattern, Post, Aggr),
    aggregate_goal_(Goal0, Template, Post, Goal),
    setof(Discriminator-Pattern, Goal, Pairs),
    aggregate_pair_values_(Pairs, List),
    aggregate_list_(Aggr, List, Result).

%!  aggregate_all(+Template, :Goal, -Result) is semidet.
%
%   Aggregate all solutions of Goal (findall/3 semantics).  count, sum
%   and bag/set of no solutions give 0 and []; max and min fail.
aggregate_all(Template, _, _) :-
    var(Template),
    !,
    throw(error(instantiation_error, _)).
aggregate_all(count, Goal, Count) :-
    !,
    aggregate_all_count_(Goal, Count).
aggregate_all(sum(X), Goal, Sum) :-
    !,
    aggregate_all_sum_(X, Goal, Sum).
aggregate_all(max(X), Goal, Max) :-
    !,
    aggregate_all_max_(X, Goal, Max).
aggregate_all(min(X), Goal, Min) :-
    !,
    aggregate_all_min_(X, Goal, Min).
aggregate_all(max(X, W), Goal, Result) :-
    !,
    aggregate_all_max_witness_(X, W, Goal, Result).
aggregate_all(min(X, W), Goal, Result) :-
    !,
    aggregate_all_min_witness_(X, W, Goal, Result).
aggregate_all(bag(X), Goal, Bag) :-
    !,
    findall(X, Goal, Bag).
aggregate_all(set(X), Goal, Set) :-
    !,
    findall(X, Goal, Bag),
    sort(Bag, Set).
aggregate_all(Template, Goal, Result) :-
    aggregate_pattern_(Template, Pattern, Post, Aggr),
    findall(Pattern, (Goal, Post), List),
    aggregate_list_(Aggr, List, Result).

%!  aggregate_all(+Template, +Discriminator, :Goal, -Result) is semidet.
%
%   As aggregate_all/3, counting solutions with the same Discriminator
%   and Template instance once.
aggregate_all(Template, Discriminator, Goal, Result) :-
    aggregate_pattern_(Template, Pattern, Post, Aggr),
    findall(Discriminator-Pattern, (Goal, Post), Pairs0),
    sort(Pairs0, Pairs),
    aggregate_pair_values_(Pairs, List),
    aggregate_list_(Aggr, List, Result).

% Constant-space aggregate_all/3.

aggregate_all_count_(Goal, Count) :-
    State = count(0),
    (   call(Goal),
        arg(1, State, C0),
        C is C0+1,
        nb_setarg(1, State, C),
        fail
    ;   arg(1, State, Count)
    ).

aggregate_all_sum_(X, Goal, Sum) :-
    State = sum(0),
    (   call(Goal),
        arg(1, State, S0),
        S is S0+X,
        nb_setarg(1, State, S),
        fail
    ;   arg(1, State, Sum)
    ).

aggregate_all_max_(X, Goal, Max) :-
    State = max(none),
    (   call(Goal),
        arg(1, State, M0),
        (   M0 == none
        ->  M is X
        ;   M is max(M0, X)
        ),
        nb_setarg(1, State, M),
        fail
    ;   arg(1, State, Max0),
        Max0 \== none,
        Max = Max0
    ).

aggregate_all_min_(X, Goal, Min) :-
    State = min(none),
    (   call(Goal),
        arg(1, State, M0),
        (   M0 == none
        ->  M is X
        ;   M is min(M0, X)
        ),
        nb_setarg(1, State, M),
        fail
    ;   arg(1, State, Min0),
        Min0 \== none,
        Min = Min0
    ).

% The witness versions compare the values unevaluated (>/2, </2) and
% want the first one to be a number, as SWI.
aggregate_all_max_witness_(X, W, Goal, Result) :-
    State = state(false, _, _),
    (   call(Goal),
        (   arg(1, State, true)
        ->  arg(2, State, M0),
            X > M0,
            nb_setarg(2, State, X),
            nb_setarg(3, State, W)
        ;   number(X)
        ->  nb_setarg(1, State, true),
            nb_setarg(2, State, X),
            nb_setarg(3, State, W)
        ;   throw(error(type_error(number, X), _))
        ),
        fail
    ;   arg(1, State, true),
        arg(2, State, Max),
        arg(3, State, Witness),
        Result = max(Max, Witness)
    ).

aggregate_all_min_witness_(X, W, Goal, Result) :-
    State = state(false, _, _),
    (   call(Goal),
        (   arg(1, State, true)
        ->  arg(2, State, M0),
            X < M0,
            nb_setarg(2, State, X),
            nb_setarg(3, State, W)
        ;   number(X)
        ->  nb_setarg(1, State, true),
            nb_setarg(2, State, X),
            nb_setarg(3, State, W)
        ;   throw(error(type_error(number, X), _))
        ),
        fail
    ;   arg(1, State, true),
        arg(2, State, Min),
        arg(3, State, Witness),
        Result = min(Min, Witness)
    ).

% aggregate_goal_(+Goal0, +Template, +Post, -Goal): the bagof/setof goal:
% Goal0 without its Var^ prefix, followed by Post, with the variables of
% Template and the stripped Vars existentially quantified.
aggregate_goal_(Goal0, Template, Post, ex(Template, Vars)^Goal) :-
    aggregate_strip_(Goal0, Vars, Goal1),
    aggregate_conj_(Goal1, Post, Goal).

aggregate_strip_(Goal, [], Goal) :-
    var(Goal),
    !.
aggregate_strip_(M:Goal0, Vars, M:Goal) :-
    !,
    aggregate_strip_(Goal0, Vars, Goal).
aggregate_strip_(V^Goal0, [V|Vars], Goal) :-
    !,
    aggregate_strip_(Goal0, Vars, Goal).
aggregate_strip_(Goal, [], Goal).

aggregate_conj_(Goal, Post, Goal) :-
    Post == true,
    !.
aggregate_conj_(Goal, Post, (Goal, Post)).

aggregate_pair_values_([], []).
aggregate_pair_values_([_-V|Ps], [V|Vs]) :-
    aggregate_pair_values_(Ps, Vs).

% aggregate_pattern_(+Template, -Pattern, -Post, -Aggr): Pattern is what
% to collect of each solution, after Post computed it; Aggr says how to
% aggregate the collected list.  A compound that is not one of the
% templates is a compound of templates.
aggregate_pattern_(Template, Pattern, Post, Aggr) :-
    (   aggregate_simple_(Template, Pattern, Post, Aggr)
    ->  true
    ;   compound(Template)
    ->  Template =.. [F|Args],
        aggregate_patterns_(Args, Patterns, Post, Aggrs),
        Pattern =.. [F|Patterns],
        Aggr = term(F, Aggrs)
    ;   aggregate_template_error_(Template)
    ).

aggregate_patterns_([], [], true, []).
aggregate_patterns_([T|Ts], [P|Ps], Post, [A|As]) :-
    (   aggregate_simple_(T, P, Post1, A)
    ->  true
    ;   aggregate_template_error_(T)
    ),
    aggregate_patterns_(Ts, Ps, Post2, As),
    aggregate_conj_(Post1, Post2, Post).

aggregate_template_error_(T) :-
    (   atom(T)
    ->  throw(error(domain_error(aggregate_template, T), _))
    ;   compound(T)
    ->  throw(error(domain_error(aggregate_template, T), _))
    ;   throw(error(type_error(aggregate_template, T), _))
    ).

% aggregate_simple_(?Template, -Pattern, -Post, -Aggr)
aggregate_simple_(T, X, true, sum) :-
    var(T),
    !,
    T = sum(X).
aggregate_simple_(count, 1, true, count).
aggregate_simple_(sum(X), P, Post, sum) :-
    (   var(X)
    ->  P = X,
        Post = true
    ;   Post = (P is X)
    ).
aggregate_simple_(max(X), P, P is X, max).
aggregate_simple_(min(X), P, Post, min) :-      % SWI: min(Var) is not
    (   var(X)                                  % evaluated per solution
    ->  P = X,
        Post = true
    ;   Post = (P is X)
    ).
aggregate_simple_(max(X, W), P-W, P is X, max_witness).
aggregate_simple_(min(X, W), P-W, P is X, min_witness).
aggregate_simple_(bag(X), X, true, bag).
aggregate_simple_(set(X), X, true, set).

% aggregate_list_(+Aggr, +List, -Result)
aggregate_list_(count, List, Count) :-
    length(List, Count).
aggregate_list_(sum, List, Sum) :-
    aggregate_sum_list_(List, 0, Sum).
aggregate_list_(max, [X|Xs], Max) :-
    aggregate_max_list_(Xs, X, Max).
aggregate_list_(min, [X|Xs], Min) :-
    aggregate_min_list_(Xs, X, Min).
aggregate_list_(max_witness, [X-W|Xs], max(Max, Witness)) :-
    aggregate_max_witness_(Xs, X, W, Max, Witness).
aggregate_list_(min_witness, [X-W|Xs], min(Min, Witness)) :-
    aggregate_min_witness_(Xs, X, W, Min, Witness).
aggregate_list_(bag, List, List).
aggregate_list_(set, List, Set) :-
    sort(List, Set).
aggregate_list_(term(F, Aggrs), List, Result) :-
    aggregate_columns_(Aggrs, 1, List, Results),
    Result =.. [F|Results].

aggregate_columns_([], _, _, []).
aggregate_columns_([A|As], I, List, [R|Rs]) :-
    aggregate_column_(List, I, Column),
    aggregate_list_(A, Column, R),
    I1 is I+1,
    aggregate_columns_(As, I1, List, Rs).

aggregate_column_([], _, []).
aggregate_column_([T|Ts], I, [X|Xs]) :-
    arg(I, T, X),
    aggregate_column_(Ts, I, Xs).

aggregate_sum_list_([], Sum, Sum).
aggregate_sum_list_([X|Xs], S0, Sum) :-
    S is S0+X,
    aggregate_sum_list_(Xs, S, Sum).

aggregate_max_list_([], Max, Max).
aggregate_max_list_([X|Xs], M0, Max) :-
    M is max(M0, X),
    aggregate_max_list_(Xs, M, Max).

aggregate_min_list_([], Min, Min).
aggregate_min_list_([X|Xs], M0, Min) :-
    M is min(M0, X),
    aggregate_min_list_(Xs, M, Min).

aggregate_max_witness_([], M, W, M, W).
aggregate_max_witness_([X-W1|Xs], M0, W0, M, W) :-
    (   X > M0
    ->  aggregate_max_witness_(Xs, X, W1, M, W)
    ;   aggregate_max_witness_(Xs, M0, W0, M, W)
    ).

aggregate_min_witness_([], M, W, M, W).
aggregate_min_witness_([X-W1|Xs], M0, W0, M, W) :-
    (   X < M0
    ->  aggregate_min_witness_(Xs, X, W1, M, W)
    ;   aggregate_min_witness_(Xs, M0, W0, M, W)
    ).

%!  foreach(:Generator, :Goal) is nondet.
%
%   The conjunction of the instances of Goal for all solutions of
%   Generator holds.  Variables of Goal that do not occur in Generator
%   are shared by all instances (they are not renamed per solution).
foreach(Generator, Goal) :-
    term_variables(Generator, GenVars0),
    sort(GenVars0, GenVars),
    term_variables(Goal, GoalVars0),
    sort(GoalVars0, GoalVars),
    aggregate_ord_split_(GoalVars, GenVars, Shared, Own),
    Templ =.. [v|Shared],
    OwnTempl =.. [v|Own],
    findall(Templ, Generator, Instances),
    aggregate_prove_(Instances, Templ, OwnTempl, Goal).

% aggregate_ord_split_(+GoalVars, +GenVars, -InBoth, -GoalOnly)
aggregate_ord_split_([], _, [], []).
aggregate_ord_split_([V|Vs], GenVars, Both, Only) :-
    (   aggregate_ord_memberchk_(V, GenVars)
    ->  Both = [V|Both1],
        aggregate_ord_split_(Vs, GenVars, Both1, Only)
    ;   Only = [V|Only1],
        aggregate_ord_split_(Vs, GenVars, Both, Only1)
    ).

aggregate_ord_memberchk_(X, [H|T]) :-
    compare(O, X, H),
    (   O == (=)
    ->  true
    ;   O == (>)
    ->  aggregate_ord_memberchk_(X, T)
    ).

aggregate_prove_([], _, _, _).
aggregate_prove_([I|Is], Templ, OwnTempl, Goal) :-
    copy_term(Templ/OwnTempl/Goal, I/OwnTempl/Copy),
    call(Copy),
    aggregate_prove_(Is, Templ, OwnTempl, Goal).

%!  free_variables(:Generator, +Template, +VarList0, -VarList) is det.
%
%   VarList is VarList0 with the variables of Generator that are free
%   (not in Template, not bound by V^G, \+G, setof/3 or bagof/3) added
%   in front, as the classic bagof/setof implementation.
free_variables(Term, Bound, VarList, [Term|VarList]) :-
    var(Term),
    aggregate_free_of_(Bound, Term),
    aggregate_list_free_of_(VarList, Term),
    !.
free_variables(Term, _, VarList, VarList) :-
    var(Term),
    !.
free_variables(Term, Bound, OldList, NewList) :-
    aggregate_explicit_binding_(Term, Bound, NewTerm, NewBound),
    !,
    free_variables(NewTerm, NewBound, OldList, NewList).
free_variables(Term, Bound, OldList, NewList) :-
    functor(Term, _, N),
    aggregate_free_args_(N, Term, Bound, OldList, NewList).

aggregate_free_args_(0, _, _, VarList, VarList) :-
    !.
aggregate_free_args_(N, Term, Bound, OldList, NewList) :-
    arg(N, Term, Arg),
    free_variables(Arg, Bound, OldList, MidList),
    M is N-1,
    aggregate_free_args_(M, Term, Bound, MidList, NewList).

aggregate_explicit_binding_(\+ _, Bound, fail, Bound).
aggregate_explicit_binding_(not(_), Bound, fail, Bound).
aggregate_explicit_binding_(Var^Goal, Bound, Goal, Bound+Var).
aggregate_explicit_binding_(setof(Var, Goal, Set), Bound, Goal-Set, Bound+Var).
aggregate_explicit_binding_(bagof(Var, Goal, Bag), Bound, Goal-Bag, Bound+Var).

% aggregate_free_of_(+Term, +Var): Var does not occur in Term.
aggregate_free_of_(Term, Var) :-
    \+ ( term_variables(Term, Vs),
         aggregate_var_memberchk_(Vs, Var)
       ).

aggregate_var_memberchk_([V|Vs], Var) :-
    (   V == Var
    ->  true
    ;   aggregate_var_memberchk_(Vs, Var)
    ).

% aggregate_list_free_of_(+List, +Var): no element of List is Var.
aggregate_list_free_of_([], _).
aggregate_list_free_of_([H|T], Var) :-
    H \== Var,
    aggregate_list_free_of_(T, Var).
