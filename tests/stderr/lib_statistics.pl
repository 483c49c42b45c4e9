% Standard-error check for library(statistics): time/1 after a deterministic
% goal, a failure, each solution of a nondeterministic goal, an exception, a
% longer goal and a partial output line; then statistics/0.  See check.sh.
:- use_module(library(statistics)).

main :-
    time(true),
    ( time(fail) -> true ; true ),
    ( time(member(X, [a, b, c, d])), write(user_error, X), nl(user_error), fail ; true ),
    catch(time(throw(x)), E, (print(user_error, caught(E)), nl(user_error))),
    numlist(1, 300000, L),
    time(msort(L, _)),
    write(user_error, partial),
    time(true),
    statistics.
