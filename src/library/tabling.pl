/*  tabling.pl -- tabled execution of predicates declared `:- table
    Name/Arity`, as SWI-Prolog's default (variant) tabling, for programs
    without negation through tabled calls.

    Part of puzzlog's Prolog library.  The loader keeps the clauses of a
    tabled predicate as 'Name tabled'/Arity and defines Name/Arity as
    '$tbl_call'(Goal, Impl).  A call whose table is complete reads the
    table; otherwise the clauses are run in rounds, each adding the answers
    not yet in the table, until a round adds none anywhere; a call of a
    table still being evaluated (a loop, such as left recursion) reads the
    answers found so far.  The tables are kept in Rust (machine/tables.rs):
    one per call variant, each answer once, in the order found (SWI's order
    may differ).  All answers are found before the first is returned.
*/

:- meta_predicate '$tbl_call'(?, 0).
'$tbl_call'(Goal, Impl) :-
    '$tbl_table'(Goal, Id, Status),
    '$tbl_run'(Status, Id, Goal, Impl),
    '$tbl_answer'(Id, Goal).

'$tbl_run'(complete, _, _, _).
'$tbl_run'(active, Id, _, _) :-
    '$tbl_depends_on'(Id).
'$tbl_run'(fresh, Id, Goal, Impl) :-
    '$tbl_eval'(Id, Goal, Impl).
'$tbl_run'(incomplete, Id, Goal, Impl) :-
    '$tbl_eval'(Id, Goal, Impl).

'$tbl_eval'(Id, Goal, Impl) :-
    '$tbl_push'(Id, Depth),
    catch('$tbl_rounds'(Id, Goal, Impl, Depth), E, ('$tbl_abandon', throw(E))),
    '$tbl_pop'.

'$tbl_rounds'(Id, Goal, Impl, Depth) :-
    '$tbl_added'(N0),
    forall(Impl, '$tbl_add'(Id, Goal)),
    '$tbl_added'(N1),
    (   N1 > N0,
        '$tbl_looping'(Depth)
    ->  '$tbl_rounds'(Id, Goal, Impl, Depth)
    ;   true
    ).
