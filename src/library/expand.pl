/*  expand.pl -- term and goal expansion, as SWI-Prolog does it when it
    loads a file: expand_term/2, expand_goal/2, and the hooks
    term_expansion/2 and goal_expansion/2 (defined in `user` or in the
    module being loaded) that the loader calls through
    '$expand_term'/3 and '$expand_goals'/3, only when such hooks exist.

    Part of puzzlog's Prolog library, loaded into the system module.
*/

%!  expand_term(+Term, -Expanded) is det.
%
%   Term after the term_expansion/2 hooks of `user`, then DCG
%   translation.
expand_term(Term, Expanded) :-
    '$hook_modules'(user, term_expansion, Ms),
    '$expand_term'(Ms, Term, Expanded).

%!  expand_goal(+Goal, -Expanded) is det.
%
%   Goal after the goal_expansion/2 hooks of `user`, applied to every
%   sub-goal until none applies.
expand_goal(Goal, Expanded) :-
    '$hook_modules'(user, goal_expansion, Ms),
    '$expand_body'(Goal, Ms, 0, Expanded).

%   '$expand_term'(+Modules, +Term, -Expanded): the term_expansion/2
%   hooks of Modules in order, each given what the previous one made,
%   then DCG translation of the rules among the results (a list if a
%   hook made a list).
'$expand_term'(Ms, Term, Expanded) :-
    '$term_expansion'(Ms, Term, Term1),
    (   is_list(Term1)
    ->  '$dcg_expand_list'(Term1, Expanded)
    ;   '$dcg_expand'(Term1, Expanded)
    ).

'$term_expansion'([], Term, Term).
'$term_expansion'([M|Ms], Term0, Term) :-
    (   var(Term0)
    ->  Term1 = Term0
    ;   M:term_expansion(Term0, Term1)
    ->  true
    ;   Term1 = Term0
    ),
    '$term_expansion'(Ms, Term1, Term).

'$dcg_expand_list'([], []).
'$dcg_expand_list'([T0|Ts0], [T|Ts]) :-
    '$dcg_expand'(T0, T),
    '$dcg_expand_list'(Ts0, Ts).

'$dcg_expand'(T0, T) :-
    (   nonvar(T0),
        T0 = (_-->_)
    ->  dcg_translate_rule(T0, T)
    ;   T = T0
    ).

%   '$expand_goals'(+Modules, +Clause0, -Clause): the goal_expansion/2
%   hooks of Modules applied to the body of a clause or directive.
'$expand_goals'(Ms, Clause0, Clause) :-
    (   var(Clause0)
    ->  Clause = Clause0
    ;   Clause0 = (Head :- Body0)
    ->  '$expand_body'(Body0, Ms, 0, Body),
        Clause = (Head :- Body)
    ;   Clause0 = (:- Body0)
    ->  '$expand_body'(Body0, Ms, 0, Body),
        Clause = (:- Body)
    ;   Clause = Clause0
    ).

%   '$expand_body'(+Goal0, +Modules, +Depth, -Goal): control constructs
%   are opened, meta-arguments (0..9, ^) of meta-predicates expanded, and
%   each goal rewritten by the first hook that applies, again and again
%   (up to a depth that stops hooks that never finish).
'$expand_body'(G, _, _, G) :-
    var(G),
    !.
'$expand_body'(M:G0, Ms, D, M:G) :-
    !,
    '$expand_body'(G0, Ms, D, G).
'$expand_body'(G0, Ms, D, G) :-
    '$control_args'(G0, G, Pairs),
    !,
    '$expand_pairs'(Pairs, Ms, D).
'$expand_body'(G0, Ms, D, G) :-
    D < 100,
    '$goal_expansion'(Ms, G0, G1),
    G1 \=@= G0,
    !,
    D1 is D+1,
    '$expand_body'(G1, Ms, D1, G).
'$expand_body'(G0, Ms, D, G) :-
    callable(G0),
    predicate_property(G0, meta_predicate(Spec)),
    !,
    G0 =.. [F|Args0],
    Spec =.. [_|Specs],
    '$expand_meta_args'(Args0, Specs, Ms, D, Args),
    G =.. [F|Args].
'$expand_body'(G, _, _, G).

'$goal_expansion'([M|Ms], G0, G) :-
    (   M:goal_expansion(G0, G)
    ->  true
    ;   '$goal_expansion'(Ms, G0, G)
    ).

%   '$control_args'(+G0, -G, -Pairs): G0 is a control construct; G is
%   the same construct over fresh goals, and Pairs the Sub0-Sub goals to
%   expand.
'$control_args'((A0,B0), (A,B), [A0-A, B0-B]).
'$control_args'((A0;B0), (A;B), [A0-A, B0-B]).
'$control_args'((A0->B0), (A->B), [A0-A, B0-B]).
'$control_args'((A0*->B0), (A*->B), [A0-A, B0-B]).
'$control_args'(\+ A0, \+ A, [A0-A]).

'$expand_pairs'([], _, _).
'$expand_pairs'([G0-G|Ps], Ms, D) :-
    '$expand_body'(G0, Ms, D, G),
    '$expand_pairs'(Ps, Ms, D).

'$expand_meta_args'([], _, _, _, []).
'$expand_meta_args'([A0|As0], [S|Ss], Ms, D, [A|As]) :-
    (   S == 0
    ->  '$expand_body'(A0, Ms, D, A)
    ;   S == ^,
        nonvar(A0),
        A0 = V^G0
    ->  '$expand_body'(G0, Ms, D, G),
        A = V^G
    ;   A = A0
    ),
    '$expand_meta_args'(As0, Ss, Ms, D, As).
