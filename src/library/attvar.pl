/*  attvar.pl -- attributed variables: waking their hooks, freeze/2 and
    frozen/2, copy_term/3 and the residual goals of answers.

    Part of puzzlog's Prolog library (module system).  The engine lists
    every attributed variable that a unification binds and, before the next
    goal, calls '$wakeup'/1 on them in the order they were bound, each as
    Attributes-Value: the chain att(Module, AttValue, More) the variable
    had and what it is bound to now.  Each module's attr_unify_hook/2 runs
    in the order of the chain, as in SWI-Prolog.

    The residual goals of an answer are collected after each attribute
    module's project_attributes/2 hook has run ('$project_attributes'/1).

    freeze/2 keeps its goals under the attribute `freeze`, several goals as
    '$and'(G1, G2) (SWI-Prolog's representation, which get_attrs/2 shows).
*/

:- meta_predicate freeze(?, 0).

'$wakeup'([]).
'$wakeup'([Atts-Value|Wakes]) :-
    '$attr_unify_hooks'(Atts, Value),
    '$wakeup'(Wakes).

'$attr_unify_hooks'([], _).
'$attr_unify_hooks'(att(Module, AttValue, More), Value) :-
    '$attvar':uhook(Module, AttValue, Value),
    '$attr_unify_hooks'(More, Value).

%   The call of one hook (SWI-Prolog's name for it, which errors show).
'$attvar':uhook(Module, AttValue, Value) :-
    Module:attr_unify_hook(AttValue, Value).

%!  freeze(@Var, :Goal)
%
%   Call Goal when Var is bound (now, if it is not a variable).
freeze(Var, Goal) :-
    (   var(Var)
    ->  strip_module(Goal, M, G),
        '$add_frozen'(Var, M:G)
    ;   call(Goal)
    ).

'$add_frozen'(Var, Goal) :-
    (   get_attr(Var, freeze, Goal0)
    ->  put_attr(Var, freeze, '$and'(Goal0, Goal))
    ;   put_attr(Var, freeze, Goal)
    ).

freeze:attr_unify_hook(Goal, Other) :-
    (   attvar(Other)
    ->  '$add_frozen'(Other, Goal)
    ;   '$call_frozen'(Goal)
    ).

'$call_frozen'('$and'(A, B)) :-
    !,
    '$call_frozen'(A),
    '$call_frozen'(B).
'$call_frozen'(Goal) :-
    call(Goal).

freeze:attribute_goals(Var, Goals, Tail) :-
    get_attr(Var, freeze, Goal),
    '$frozen_goals'(Goal, Var, Goals, Tail).

'$frozen_goals'('$and'(A, B), Var, Goals, Tail) :-
    !,
    '$frozen_goals'(A, Var, Goals, Goals1),
    '$frozen_goals'(B, Var, Goals1, Tail).
'$frozen_goals'(Goal, Var, [freeze(Var, Goal)|Tail], Tail).

%   '$attvar_portray'(+Var, -Text): what the attr_portray_hook/2 of each
%   module of Var prints (`Module = ...` without a hook), for write_term/2
%   option attributes(portray).
'$attvar_portray'(Var, Text) :-
    get_attrs(Var, Atts),
    with_output_to(string(Text), '$attrs_portray'(Atts, Var)).

'$attrs_portray'([], _).
'$attrs_portray'(att(Module, Value, More), Var) :-
    (   current_predicate(Module:attr_portray_hook/2),
        Module:attr_portray_hook(Value, Var)
    ->  true
    ;   format("~w = ...", [Module])
    ),
    (   More == []
    ->  true
    ;   write(', '),
        '$attrs_portray'(More, Var)
    ).

%!  frozen(@Term, -Goal)
%
%   Goal is the conjunction of the goals delayed on the attributed
%   variables of Term (freeze/2 and every other kind), in standard order;
%   `true` when there are none.
frozen(Term, Goal) :-
    term_attvars(Term, Vars),
    '$attvars_residuals'(Vars, Goals0, []),
    sort(Goals0, Goals),
    '$list_to_conj'(Goals, Goal).

'$list_to_conj'([], true).
'$list_to_conj'([G], G) :-
    !.
'$list_to_conj'([G|Gs], (G, C)) :-
    '$list_to_conj'(Gs, C).

%!  copy_term(+Term, -Copy, -Goals)
%
%   Copy is a copy of Term without attributes; Goals are the goals that
%   give the copy's variables the constraints of Term's.
copy_term(Term, Copy, Goals) :-
    term_attvars(Term, Vars0),
    sort(Vars0, Vars),
    (   Vars == []
    ->  Goals = [],
        copy_term(Term, Copy)
    ;   findall(Term-Goals0,
                ( '$attvars_residuals'(Vars, Goals0, []),
                  '$del_all_attrs'(Vars),
                  term_attvars(Goals0, GoalVars),
                  '$del_all_attrs'(GoalVars)
                ),
                [Copy-Goals])
    ).

'$del_all_attrs'([]).
'$del_all_attrs'([V|Vs]) :-
    del_attrs(V),
    '$del_all_attrs'(Vs).

%   '$attvars_residuals'(+Vars, -Goals, ?Tail): the goals that stand for
%   the attributes of Vars: each module's attribute_goals//1, or
%   put_attr/3 for a module without one.
'$attvars_residuals'([], Goals, Goals).
'$attvars_residuals'([V|Vs], Goals, Tail) :-
    (   get_attrs(V, Atts)
    ->  '$attr_residuals'(Atts, V, Goals, Goals1)
    ;   Goals1 = Goals
    ),
    '$attvars_residuals'(Vs, Goals1, Tail).

'$attr_residuals'([], _, Goals, Goals).
'$attr_residuals'(att(Module, Value, More), V, Goals, Tail) :-
    (   current_predicate(Module:attribute_goals/3)
    ->  (   call(Module:attribute_goals(V), Goals, Goals1)
        ->  true
        ;   Goals1 = Goals
        )
    ;   Goals = [put_attr(V, Module, Value)|Goals1]
    ),
    '$attr_residuals'(More, V, Goals1, Tail).

%   '$residual_goals'(+Term, -Goals): the residual goals of the attributed
%   variables in Term as the toplevel shows them: those of the oldest
%   variable first, without the qualifications that `user` does not need
%   (`user:`, or the module a predicate visible in `user` comes from) of
%   the goals and of their meta-arguments.
'$residual_goals'(Term, Goals) :-
    '$project_attributes'(Term),
    term_attvars(Term, Vars0),
    sort(Vars0, Vars),
    '$attvars_residuals'(Vars, Goals0, []),
    '$omit_user_qualifiers'(Goals0, Goals).

%   '$project_attributes'(+Term): before the toplevel collects the residual
%   goals of an answer, each module with an attribute on an attributed
%   variable of Term that defines project_attributes/2 (exported or not)
%   is called once, in standard order of the module names, as
%   Module:project_attributes(QueryVars, ResidueVars): QueryVars the
%   variables of Term, ResidueVars the constrained variables the answer
%   does not reach, [] (SWI-Prolog's, whose flag toplevel_residue_vars is
%   false by default).  A hook may change attributes (the toplevel undoes
%   it afterwards); its failure is ignored, its error printed.
'$project_attributes'(Term) :-
    term_attvars(Term, Vars),
    '$attr_modules'(Vars, Modules0),
    sort(Modules0, Modules),
    term_variables(Term, QueryVars),
    '$project_modules'(Modules, QueryVars).

'$attr_modules'([], []).
'$attr_modules'([V|Vs], Modules) :-
    (   get_attrs(V, Atts)
    ->  '$att_modules'(Atts, Modules, Modules1)
    ;   Modules1 = Modules
    ),
    '$attr_modules'(Vs, Modules1).

'$att_modules'([], Modules, Modules).
'$att_modules'(att(Module, _, More), [Module|Modules], Tail) :-
    '$att_modules'(More, Modules, Tail).

'$project_modules'([], _).
'$project_modules'([M|Ms], QueryVars) :-
    (   current_predicate(M:project_attributes/2),
        catch(M:project_attributes(QueryVars, []), E,
              ( print_message(error, E),
                fail
              ))
    ->  true
    ;   true
    ),
    '$project_modules'(Ms, QueryVars).

'$omit_user_qualifiers'([], []).
'$omit_user_qualifiers'([G0|Gs0], [G|Gs]) :-
    '$omit_user_qualifier'(G0, G1),
    '$omit_meta_qualifiers'(G1, G),
    '$omit_user_qualifiers'(Gs0, Gs).

'$omit_user_qualifier'(G0, G) :-
    (   nonvar(G0),
        G0 = M:G1,
        atom(M),
        (   M == user
        ->  true
        ;   callable(G1),
            predicate_property(user:G1, imported_from(M))
        )
    ->  '$omit_user_qualifier'(G1, G)
    ;   G = G0
    ).

'$omit_meta_qualifiers'(G0, G) :-
    (   compound(G0),
        predicate_property(user:G0, meta_predicate(Spec))
    ->  G0 =.. [Name|Args0],
        Spec =.. [_|Specs],
        '$omit_meta_args'(Args0, Specs, Args),
        G =.. [Name|Args]
    ;   G = G0
    ).

'$omit_meta_args'([], _, []).
'$omit_meta_args'([A0|As0], [S|Ss], [A|As]) :-
    (   ( integer(S) ; S == (:) ; S == (^) )
    ->  '$omit_user_qualifier'(A0, A)
    ;   A = A0
    ),
    '$omit_meta_args'(As0, Ss, As).
