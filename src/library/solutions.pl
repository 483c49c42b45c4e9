/*  solutions.pl -- limit/2, offset/2 and call_nth/2, the answer-counting
    part of SWI-Prolog's library(solution_sequences).

    Part of puzzlog's Prolog library.  Each keeps its count in a term
    updated by nb_setarg/3, so the count survives backtracking into Goal.
*/

%!  limit(+Count, :Goal) is nondet.
%
%   The first Count answers of Goal (all of them when Count is `infinite`
%   or `inf`); no answer when Count =< 0.  Goal's choicepoints are cut
%   after the last answer.
limit(Count, Goal) :-
    Count == infinite,
    !,
    call(Goal).
limit(Count, Goal) :-
    Count > 0,
    State = count(0),
    call(Goal),
    arg(1, State, N0),
    N is N0 + 1,
    (   N =:= Count
    ->  !
    ;   nb_setarg(1, State, N)
    ).

%!  offset(+Count, :Goal) is nondet.
%
%   The answers of Goal after the first Count.
offset(Count, Goal) :-
    Count > 0,
    !,
    State = count(0),
    call(Goal),
    arg(1, State, N0),
    (   N0 >= Count
    ->  true
    ;   N is N0 + 1,
        nb_setarg(1, State, N),
        fail
    ).
offset(Count, Goal) :-
    Count =:= 0,
    !,
    call(Goal).
offset(Count, _) :-
    domain_error(not_less_than_zero, Count).

%!  call_nth(:Goal, ?Nth) is nondet.
%
%   Goal's answers numbered from 1: with Nth bound, only the Nth answer
%   (and Goal's choicepoints are cut once it is found).
call_nth(Goal, Nth) :-
    integer(Nth),
    !,
    (   Nth > 0
    ->  '$call_nth'(Goal, Nth0),
        Nth0 =:= Nth,
        !
    ;   domain_error(not_less_than_one, Nth)
    ).
call_nth(Goal, Nth) :-
    var(Nth),
    !,
    '$call_nth'(Goal, Nth).
call_nth(_, Nth) :-
    must_be(integer, Nth).

'$call_nth'(Goal, Nth) :-
    State = count(0),
    call(Goal),
    arg(1, State, N0),
    N is N0 + 1,
    nb_setarg(1, State, N),
    Nth = N.
