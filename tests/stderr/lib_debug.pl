% Standard-error check for library(debug): warnings for unknown topics,
% debug/3 messages (fresh line, several lines, errors while formatting),
% list_debug_topics/0,1, debugging/0, debug_message_context(+time) and the
% message of a failed assertion.  See check.sh.
:- use_module(library(debug)).

main :-
    debug(a), debug(b), nodebug(a), debug(g(_)), debug('Quoted Topic'), debug(f(X, X, _)),
    debug(abcdefghijklmnopqrstuvwxyz01234), debug(abcdefghijklmnopqrstuvwxyz012345),
    list_debug_topics,
    G1 =.. [debug, b, "hello ~w", [world]], call(G1),
    G2 =.. [debug, b, "bad ~q ~q", [a]], call(G2),
    G3 =.. [debug, b, "~a", [f(x)]], call(G3),
    G4 =.. [debug, b, "multi\nline ~w", [2]], call(G4),
    G5 =.. [debug, b, "x~n", []], call(G5),
    write(user_error, partial), G6 =.. [debug, b, "one ~w", x], call(G6),
    G7 =.. [debug, a, "not shown", []], call(G7),
    debugging,
    list_debug_topics([active(false)]), list_debug_topics(abcdefghijklmnopqrstuvwxyz01234),
    catch(list_debug_topics(g(_)), E, (print(user_error, E), nl(user_error))),
    debug_message_context(+time), G8 =.. [debug, b, "timed", []], call(G8),
    debug_message_context(-time), G9 =.. [debug, b, "untimed", []], call(G9),
    catch(assertion(fail), E1, (print(user_error, E1), nl(user_error))),
    catch(assertion(1 == 2), E2, (print(user_error, E2), nl(user_error))),
    catch(assertion(throw(oops)), E3, (print(user_error, E3), nl(user_error))).
