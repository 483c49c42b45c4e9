% Conformance: setup_call_cleanup/3 and call_cleanup/2: when the cleanup runs
% (deterministic exit, failure, exception, cut, abandoned choicepoints) and
% which exception wins.
t(Name, G) :- write(Name), write(': '), ( catch(G, E, (write(caught(E)), nl, fail)) -> write(yes), nl ; write(no), nl ).

main :-
    t(det_exit, (setup_call_cleanup(true, true, write('[c] ')), write(after))),
    t(failure, setup_call_cleanup(true, fail, write('[c] '))),
    t(exception, setup_call_cleanup(true, throw(oops), write('[c] '))),
    t(cut, (setup_call_cleanup(true, member(X, [1,2,3]), write('[c] ')), write(X), X >= 2, !)),
    t(all_solutions, forall(setup_call_cleanup(true, member(Y, [a,b]), write('[c] ')), write(Y))),
    t(cleanup_raises_after_exit, setup_call_cleanup(true, true, throw(x))),
    t(cleanup_raises_after_failure, setup_call_cleanup(true, fail, throw(x))),
    t(goal_exception_wins, setup_call_cleanup(true, throw(y), throw(x))),
    t(cleanup_raises_on_cut, (setup_call_cleanup(true, member(Z, [1,2]), throw(x)), Z = 2, !)),
    t(cleanup_sees_bindings, (setup_call_cleanup(S = 1, member(W, [S, 2]), (write(cleanup(S)), write(' '))), W == 1, !)),
    t(call_cleanup, (call_cleanup(member(V, [p, q]), write('[cc] ')), V == q)),
    t(setup_fails, setup_call_cleanup(fail, true, write('[c] '))),
    t(cleanup_fails, setup_call_cleanup(true, true, fail)).
