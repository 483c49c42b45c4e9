/*  when.pl -- when/2: call a goal once a condition on variables holds.

    Part of puzzlog's Prolog library.  Conditions are nonvar(X),
    ground(X), ?=(X, Y), and their conjunctions (A, B) and disjunctions
    (A ; B), as in SWI-Prolog.

    A condition that does not hold yet is suspended on the variables whose
    binding may make it hold: X for nonvar(X), the first variable of X for
    ground(X), the variables of the unifier for ?=(X, Y), those of A for
    (A, B) and those of both sides for (A ; B).  Each such variable carries
    the attribute `when`: a list of suspensions s(Done, Condition, Goal,
    Vars), Done bound once the suspension has been taken up (a disjunction
    sits on several variables), Vars the variables it sits on.  When one of
    them is bound, the condition is looked at again.  The residual goal is
    when(Condition, Goal), with the condition as SWI-Prolog shows it: a
    conjunction stays whole until its first part holds.
*/

:- module(when, [when/2]).
:- use_module(library(lists), [append/3]).

:- meta_predicate when(+, 0).

%!  when(+Condition, :Goal)
%
%   Call Goal as soon as Condition holds (now, if it does).
when(Cond, Goal) :-
    when_check(Cond, Cond),
    strip_module(Goal, M, G),
    when_condition(Cond, M:G).

when_check(C, Whole) :-
    (   var(C)
    ->  when_error(instantiation_error)
    ;   C = (A, B)
    ->  when_check(A, Whole),
        when_check(B, Whole)
    ;   C = (A ; B)
    ->  when_check(A, Whole),
        when_check(B, Whole)
    ;   ( C = nonvar(_) ; C = ground(_) ; C = ?=(_, _) )
    ->  true
    ;   when_error(domain_error(when_condition, Whole))
    ).

when_error(Formal) :-
    throw(error(Formal, context(system:'$eval_when_condition'/2, _))).

when_condition(Cond, Goal) :-
    when_status(Cond, Status),
    (   Status == true
    ->  call(Goal)
    ;   Status = pending(Pending, Vars0),
        when_distinct(Vars0, [], Vars),
        Suspension = s(_, Pending, Goal, Vars),
        when_suspend(Vars, Suspension)
    ).

%   when_status(+Cond, -Status): true, or pending(Cond1, Vars): the
%   condition to show and the variables to wait on.
when_status(nonvar(X), S) :-
    (   nonvar(X)
    ->  S = true
    ;   S = pending(nonvar(X), [X])
    ).
when_status(ground(X), S) :-
    term_variables(X, Vars),
    (   Vars = [V|_]
    ->  S = pending(ground(X), [V])
    ;   S = true
    ).
when_status(?=(X, Y), S) :-
    (   ?=(X, Y)
    ->  S = true
    ;   unifiable(X, Y, Unifier),
        term_variables(Unifier, Vars),
        S = pending(?=(X, Y), Vars)
    ).
when_status((A, B), S) :-
    when_status(A, SA),
    (   SA == true
    ->  when_status(B, S)
    ;   SA = pending(_, Vars),
        S = pending((A, B), Vars)
    ).
when_status((A ; B), S) :-
    when_status(A, SA),
    (   SA == true
    ->  S = true
    ;   when_status(B, SB),
        (   SB == true
        ->  S = true
        ;   SA = pending(_, VA),
            SB = pending(_, VB),
            append(VA, VB, Vars),
            S = pending((A ; B), Vars)
        )
    ).

%   when_distinct(+Vars, +Seen, -Distinct): the variables of Vars not in
%   Seen, each once, in their order.
when_distinct([], _, []).
when_distinct([V|Vs], Seen, Out) :-
    (   when_memberchk(V, Seen)
    ->  Out = Out1
    ;   Out = [V|Out1]
    ),
    when_distinct(Vs, [V|Seen], Out1).

when_memberchk(V, [W|Ws]) :-
    (   V == W
    ->  true
    ;   when_memberchk(V, Ws)
    ).

when_suspend([], _).
when_suspend([V|Vs], Suspension) :-
    (   get_attr(V, when, Suspensions)
    ->  append(Suspensions, [Suspension], Suspensions1),
        put_attr(V, when, Suspensions1)
    ;   put_attr(V, when, [Suspension])
    ),
    when_suspend(Vs, Suspension).

attr_unify_hook(Suspensions, _) :-
    when_wake(Suspensions).

when_wake([]).
when_wake([s(Done, Cond, Goal, _)|Ss]) :-
    (   nonvar(Done)
    ->  true
    ;   Done = true,
        when_condition(Cond, Goal)
    ),
    when_wake(Ss).

%   A suspension shows once: on the first of its variables still unbound.
attribute_goals(Var) -->
    { get_attr(Var, when, Suspensions) },
    when_goals(Suspensions, Var).

when_goals([], _) -->
    [].
when_goals([s(Done, Cond, Goal, Vars)|Ss], Var) -->
    (   { var(Done),
          when_first_var(Vars, First),
          First == Var
        }
    ->  [when(Cond, Goal)]
    ;   []
    ),
    when_goals(Ss, Var).

when_first_var([V|Vs], First) :-
    (   var(V)
    ->  First = V
    ;   when_first_var(Vs, First)
    ).
