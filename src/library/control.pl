/*  control.pl -- setup_call_cleanup/3, call_cleanup/2,
    call_with_inference_limit/3 and call_with_time_limit/2.

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
