/*  solutions.pl -- SWI-Prolog's library(solution_sequences): limit/2,
    offset/2, call_nth/2, distinct/1,2 and order_by/2.

    Part of puzzlog's Prolog library.  limit, offset and call_nth keep
    their count in a term updated by nb_setarg/3, so the count survives
    backtracking into Goal; distinct keeps the answers seen so far in a
    hash table of buckets updated the same way.
*/
:- module(solution_sequences,
          [ limit/2, offset/2, call_nth/2, distinct/1, distinct/2, order_by/2 ]).
:- meta_predicate limit(+, 0), offset(+, 0), call_nth(0, ?), distinct(0),
    distinct(?, 0), order_by(+, 0).

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

%!  distinct(:Goal) is nondet.
%!  distinct(?Witness, :Goal) is nondet.
%
%   The answers of Goal whose Witness (by default Goal itself) is not a
%   variant of the Witness of an earlier answer.  The witnesses seen are
%   kept as ground keys (variables bound to '$bag_var'(N) in order of
%   appearance by bags.pl's bag_bind_vars_/2, as bagof/3's keys) in a
%   table of buckets chosen by term_hash/2, doubled when it fills, so each
%   answer costs about one bucket scan.
distinct(Goal) :-
    distinct(Goal, Goal).

distinct(Witness, Goal) :-
    term_variables(Witness, Vars),
    Witness1 =.. [v|Vars],
    functor(Buckets, buckets, 16),
    '$distinct_empty'(Buckets, 16),
    State = distinct(0, Buckets),
    '$distinct_call'(Goal),
    '$distinct_add'(State, Witness1).

'$distinct_call'(MGoal) :-
    strip_module(MGoal, _, Goal),
    (   var(Goal)
    ->  throw(error(instantiation_error, context(solution_sequences:distinct/2, _)))
    ;   callable(Goal)
    ->  call(MGoal)
    ;   throw(error(type_error(callable, Goal), context(solution_sequences:distinct/2, _)))
    ).

'$distinct_empty'(Buckets, N) :-
    forall(between(1, N, I), nb_setarg(I, Buckets, [])).

% '$distinct_add'(+State, +Witness): fails if a variant of Witness is in
% the table, else adds it.
'$distinct_add'(State, Witness) :-
    copy_term_nat(Witness, Key),
    term_variables(Key, Vars),
    bag_bind_vars_(Vars, 0),
    term_hash(Key, Hash),
    arg(2, State, Buckets),
    functor(Buckets, _, Size),
    I is Hash mod Size + 1,
    arg(I, Buckets, Bucket),
    \+ memberchk(Key, Bucket),
    nb_setarg(I, Buckets, [Key|Bucket]),
    arg(1, State, Count0),
    Count is Count0 + 1,
    nb_setarg(1, State, Count),
    (   Count > 2 * Size
    ->  '$distinct_grow'(State, Buckets, Size)
    ;   true
    ).

'$distinct_grow'(State, Buckets, Size) :-
    Size2 is 4 * Size,
    functor(New, buckets, Size2),
    '$distinct_empty'(New, Size2),
    nb_setarg(2, State, New),
    arg(2, State, Table),
    forall(( between(1, Size, I), arg(I, Buckets, Bucket), member(Key, Bucket) ),
           ( term_hash(Key, Hash),
             J is Hash mod Size2 + 1,
             arg(J, Table, Old),
             nb_setarg(J, Table, [Key|Old])
           )).

%!  order_by(+Spec, :Goal) is nondet.
%
%   The answers of Goal, ordered by the witnesses of Spec, a non-empty
%   list of asc(Witness) and desc(Witness): by the first witness in the
%   standard order of terms (descending for desc), ties by the next, and
%   so on; answers tied on all of them keep Goal's order.  Collects all
%   answers first (findall/3).
order_by(Spec, Goal) :-
    must_be(list, Spec),
    (   Spec == []
    ->  domain_error(non_empty_list, [])
    ;   true
    ),
    '$order_by_keys'(Spec, Keys, Orders),
    term_variables(Goal, GoalVars),
    Template =.. [v, GoalVars|Keys],
    findall(Template, Goal, Answers),
    length(Keys, N),
    reverse(Orders, Last),
    '$order_by_sort'(Last, N, Answers, Sorted),
    member(Template, Sorted).

'$order_by_keys'([], [], []).
'$order_by_keys'([S|Spec], [K|Keys], [O|Orders]) :-
    (   var(S)
    ->  instantiation_error(S)
    ;   S = asc(K)
    ->  O = @=<
    ;   S = desc(K)
    ->  O = @>=
    ;   domain_error(order_specifier, S)
    ),
    '$order_by_keys'(Spec, Keys, Orders).

% Stable sorts from the last witness to the first: the witness of
% position N is argument N + 1 of the template.
'$order_by_sort'([], _, Answers, Answers).
'$order_by_sort'([O|Orders], N, Answers, Sorted) :-
    Arg is N + 1,
    sort(Arg, O, Answers, Answers1),
    N1 is N - 1,
    '$order_by_sort'(Orders, N1, Answers1, Sorted).
