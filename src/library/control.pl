/*  control.pl -- setup_call_cleanup/3 and call_cleanup/2.

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
