/*  control.pl -- setup_call_cleanup/3 and call_cleanup/2 on top of
    catch/3.

    Part of puzzlog's Prolog library.

    LIMITATION: Prolog code cannot observe whether a goal left choice
    points, so Goal is called as once(Goal): it yields at most one
    solution, and Cleanup runs right after that solution (SWI-Prolog
    keeps Goal's choice points and runs Cleanup only when they are
    exhausted or cut).  For deterministic goals, failing goals and goals
    that raise an exception, the behaviour matches SWI-Prolog:
      - Setup runs once (as once/1);
      - Cleanup runs exactly once, as once/1; its failure is ignored and
        its bindings are kept;
      - after success or failure of Goal, an exception raised by Cleanup
        is propagated;
      - after an exception in Goal, Cleanup's own exception is ignored
        and Goal's exception is re-thrown.
    A native version would need engine support for detecting the
    removal of Goal's last choice point.
*/

%!  setup_call_cleanup(:Setup, :Goal, :Cleanup) is semidet.
%
%   Run once(Setup), then once(Goal), then Cleanup, whatever the outcome
%   of Goal (success, failure or exception).
setup_call_cleanup(Setup, Goal, Cleanup) :-
    once(Setup),
    call_cleanup_(Goal, Cleanup).

%!  call_cleanup(:Goal, :Cleanup) is semidet.
%
%   Same as setup_call_cleanup(true, Goal, Cleanup).
call_cleanup(Goal, Cleanup) :-
    call_cleanup_(Goal, Cleanup).

call_cleanup_(Goal, Cleanup) :-
    (   catch(Goal, Error, true)
    ->  (   var(Error)
        ->  run_cleanup_(Cleanup)
        ;   ignore_cleanup_errors_(Cleanup),
            throw(Error)
        )
    ;   run_cleanup_(Cleanup),
        fail
    ).

% run_cleanup_(:Cleanup): once, ignoring failure, passing exceptions on.
run_cleanup_(Cleanup) :-
    (   call(Cleanup)
    ->  true
    ;   true
    ).

% ignore_cleanup_errors_(:Cleanup): once, ignoring failure and errors.
ignore_cleanup_errors_(Cleanup) :-
    (   catch(Cleanup, _, true)
    ->  true
    ;   true
    ).
