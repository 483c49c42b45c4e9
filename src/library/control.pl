/*  control.pl -- setup_call_cleanup/3, call_cleanup/2,
    call_with_inference_limit/3, call_with_time_limit/2 and
    call_with_depth_limit/3.

    Part of puzzlog's Prolog library.  The engine keeps a cleanup
    choicepoint below Goal's own choicepoints: Cleanup runs once, as
    once(Cleanup) with its failure ignored, as soon as Goal is done -- when
    it exits without choicepoints, when it fails, when it raises an
    exception, or when its remaining choicepoints are cut away -- as in
    SWI-Prolog.  An exception from Cleanup is raised in turn, except while
    an exception of Goal is already on its way.
*/

%!  setup_call_cleanup(:Setup, :Goal, :Cleanup) is nondet.
%
%   Run once(Setup), then Goal (with all its solutions), and Cleanup once
%   when Goal is finished.
setup_call_cleanup(Setup, Goal, Cleanup) :-
    once(Setup),
    '$cleanup_push'(Cleanup, Level),
    call(Goal),
    '$cleanup_exit'(Level).

%!  call_cleanup(:Goal, :Cleanup) is nondet.
%
%   Same as setup_call_cleanup(true, Goal, Cleanup).
call_cleanup(Goal, Cleanup) :-
    setup_call_cleanup(true, Goal, Cleanup).

%!  call_with_inference_limit(:Goal, +Limit, -Result) is nondet.
%   Runs Goal allowing at most Limit inferences (for each entry and each
%   re-entry on backtracking). Result is `!` when Goal succeeded without a
%   choicepoint, `true` when it may have more solutions, and
%   `inference_limit_exceeded` when the limit was reached (Goal is then
%   abandoned). Limits nest: the innermost smaller limit counts.
call_with_inference_limit(Goal, Limit, Result) :-
    must_be(integer, Limit),
    (   Limit < 0
    ->  throw(error(domain_error(not_less_than_zero, Limit), _))
    ;   true
    ),
    '$inference_limit'(Old),
    statistics(inferences, Now),
    Lim0 is Now + Limit,
    (   Old == infinite -> Lim = Lim0 ; Lim is min(Old, Lim0) ),
    catch('$limited'(Goal, Lim, Old, Result),
          Ball,
          '$limit_caught'(Ball, Lim, Old, Result)).

'$limited'(Goal, Lim, Old, Result) :-
    (   '$set_inference_limit'(Lim)
    ;   '$set_inference_limit'(Old), fail
    ),
    call_cleanup(Goal, Det = true),
    (   Det == true
    ->  !, Result = !, '$set_inference_limit'(Old)
    ;   Result = true,
        (   '$set_inference_limit'(Old)
        ;   '$set_inference_limit'(Lim), fail
        )
    ).

'$limit_caught'(Ball, Lim, Old, Result) :-
    '$set_inference_limit'(Old),
    (   Ball == '$inference_limit_exceeded'(Lim)
    ->  Result = inference_limit_exceeded
    ;   throw(Ball)
    ).

%!  call_with_time_limit(+Time, :Goal) is semidet.
%   Runs Goal as once/1; raises `time_limit_exceeded` when it has not
%   finished after Time seconds (wall clock). Limits nest.
call_with_time_limit(Time, Goal) :-
    must_be(number, Time),
    (   Time =< 0
    ->  throw(time_limit_exceeded)
    ;   true
    ),
    '$deadline'(Old),
    get_time(Now),
    D0 is Now + Time,
    (   Old == infinite -> D = D0 ; D is min(Old, D0) ),
    setup_call_cleanup('$set_deadline'(D), once(Goal), '$set_deadline'(Old)).

%!  call_with_depth_limit(:Goal, +Limit, -Result) is nondet.
%   Runs Goal refusing (failing) every call more than Limit levels deep:
%   Goal runs at level 1 and a predicate called at level N runs its body at
%   N + 1 (last calls too; control constructs and call/N add no level).
%   Result is the deepest level reached so far when Goal succeeds, and
%   `depth_limit_exceeded` when Goal finally fails after the limit refused a
%   call (if it fails without that, so does call_with_depth_limit/3).
call_with_depth_limit(Goal, Limit, Result) :-
    '$depth_limit'(Limit, Old, Base),
    (   Limit =:= 0
    ->  '$set_depth_limit'(Old),
        Result = depth_limit_exceeded
    ;   (   prolog_current_choice(Ch0),
            catch(Goal, Ball, ('$set_depth_limit'(Old), throw(Ball))),
            prolog_current_choice(Ch),
            '$depth_exit'(Old, Base, Inner, Depth),
            (   Ch == Ch0
            ->  !
            ;   (   true
                ;   '$set_depth_limit'(Inner), fail
                )
            )
        ;   '$depth_failed'(Old, Depth)
        ),
        Result = Depth
    ).

%!  once(:Goal) is semidet.
%
%   Call Goal, keeping only its first solution.
once(Goal) :-
    call(Goal),
    !.

%!  ignore(:Goal) is det.
%
%   Call Goal once; succeed even if it fails.
ignore(Goal) :-
    (   call(Goal)
    ->  true
    ;   true
    ).

%!  apply(:Goal, +ExtraArgs) is nondet.
%
%   Call Goal with the elements of the list ExtraArgs added as arguments.
apply(M:Goal, Extra) :-
    !,
    '$apply_goal'(Goal, Extra, Goal1),
    call(M:Goal1).
apply(Goal, Extra) :-
    '$apply_goal'(Goal, Extra, Goal1),
    call(Goal1).

'$apply_goal'(Goal, Extra, Goal1) :-
    (   is_list(Extra)
    ->  true
    ;   throw(error(type_error(list, Extra), context(system:apply/2, _)))
    ),
    (   callable(Goal)
    ->  true
    ;   var(Goal)
    ->  throw(error(instantiation_error, context(system:apply/2, _)))
    ;   throw(error(type_error(callable, Goal), context(system:apply/2, _)))
    ),
    Goal =.. List0,
    '$append'(List0, Extra, List),
    Goal1 =.. List.

%!  @(:Goal, +Module)
%
%   Call Goal, looked up where it is called, with Module as its context
%   module: the meta-arguments of a meta-predicate are qualified with
%   Module.
@(Goal, Module) :-
    (   var(Module)
    ->  throw(error(instantiation_error, context(system:(@)/2, _)))
    ;   atom(Module)
    ->  true
    ;   throw(error(type_error(module, Module), context(system:(@)/2, _)))
    ),
    strip_module(Goal, Lookup, Plain),
    (   callable(Plain),
        predicate_property(Lookup:Plain, meta_predicate(Spec))
    ->  Plain =.. [Name|Args0],
        Spec =.. [_|Specs],
        '$at_qualify'(Args0, Specs, Module, Args),
        Goal1 =.. [Name|Args]
    ;   Goal1 = Plain
    ),
    call(Lookup:Goal1).

'$at_qualify'([], _, _, []).
'$at_qualify'([A|As], [S|Ss], M, [Q|Qs]) :-
    (   ( integer(S) ; S == (:) ; S == (^) ; S == (//) ),
        \+ ( nonvar(A), A = _:_ )
    ->  Q = M:A
    ;   Q = A
    ),
    '$at_qualify'(As, Ss, M, Qs).

%!  forall(:Cond, :Action) is semidet.
%
%   For all solutions of Cond, Action succeeds.  Binds nothing.
forall(Cond, Action) :-
    \+ ( call(Cond), \+ call(Action) ).
