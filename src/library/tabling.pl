/*  tabling.pl -- tabled execution of predicates declared `:- table
    Name/Arity`, as SWI-Prolog's default (variant) tabling, for programs
    without negation through tabled calls.

    Part of puzzlog's Prolog library.  The loader keeps the clauses of a
    tabled predicate as 'Name tabled'/Arity and defines Name/Arity as
    '$tbl_call'(Goal, Impl).  A call whose table is complete reads the
    table; a new call runs the clauses in rounds, each adding the answers
    not yet in the table, until a round adds none anywhere, and then reads
    the table; a call of a table still being evaluated (a loop, such as
    left recursion) reads the answers found so far and those added while
    it reads.  A call of an incomplete table (one evaluated under the
    current leader, which completes it with itself) reads its answers and
    then, once per round, runs its clauses and returns each new answer at
    once.  The tables are kept in Rust (machine/tables.rs): one per call
    variant, each answer once, in the order found (SWI returns a complete
    table's answers in the order of its hashed answer trie, which depends
    on its atom handles: not something to imitate).
*/

:- meta_predicate '$tbl_call'(?, 0).
'$tbl_call'(Goal, Impl) :-
    '$tbl_table'(Goal, Id, Status),
    '$tbl_call'(Status, Id, Goal, Impl).

'$tbl_call'(complete, Id, Goal, _) :-
    '$tbl_answer'(Id, Goal).
'$tbl_call'(active, Id, Goal, _) :-
    '$tbl_depends_on'(Id),
    '$tbl_answer'(Id, Goal).
'$tbl_call'(fresh, Id, Goal, Impl) :-
    '$tbl_fixpoint'(Id, Impl, '$tbl_add'(Id, Goal)),
    '$tbl_answer'(Id, Goal).
'$tbl_call'(incomplete, Id, Goal, Impl) :-
    '$tbl_depends_on'(Id),
    (   '$tbl_answer'(Id, Goal)
    ;   '$tbl_rerun'(Id),
        call(Impl),
        '$tbl_add'(Id, Goal)
    ).

%   '$tbl_fixpoint'(+Id, +Impl, +Add): rounds of running Impl and calling
%   Add on each solution, until a round adds nothing.
'$tbl_fixpoint'(Id, Impl, Add) :-
    '$tbl_push'(Id, Depth),
    catch('$tbl_rounds'(Impl, Add, Depth), E, ('$tbl_abandon', throw(E))),
    '$tbl_pop'.

'$tbl_rounds'(Impl, Add, Depth) :-
    '$tbl_round'(N0),
    (   call(Impl),
        call(Add),
        fail
    ;   true
    ),
    '$tbl_round'(N1),
    (   N1 > N0,
        '$tbl_looping'(Depth)
    ->  '$tbl_rounds'(Impl, Add, Depth)
    ;   true
    ).

%   Answer subsumption: the table is that of the call with its moded
%   arguments free; it keeps one answer per value of the index arguments,
%   each moded argument aggregating the values found for it.
:- meta_predicate '$tbl_moded_call'(?, 0, +).
'$tbl_moded_call'(Goal, Impl0, Modes) :-
    '$tbl_moded_table'(Goal, Impl0, Modes, Goal1, Impl, Id, Status),
    '$tbl_moded_call'(Status, Id, Goal, Goal1, Impl, Modes).

'$tbl_moded_call'(bound(Arg), _, _, _, _, _) :-
    throw(error(uninstantiation_error(Arg), _)).
'$tbl_moded_call'(complete, Id, Goal, _, _, _) :-
    '$tbl_answer'(Id, Goal).
'$tbl_moded_call'(active, Id, Goal, _, _, _) :-
    '$tbl_depends_on'(Id),
    '$tbl_answer'(Id, Goal).
'$tbl_moded_call'(fresh, Id, Goal, Goal1, Impl, Modes) :-
    '$tbl_fixpoint'(Id, Impl, '$tbl_add_moded'(Id, Goal1, Modes, Impl, _)),
    '$tbl_answer'(Id, Goal).
'$tbl_moded_call'(incomplete, Id, Goal, Goal1, Impl, Modes) :-
    '$tbl_depends_on'(Id),
    (   '$tbl_answer'(Id, Goal)
    ;   '$tbl_rerun'(Id),
        call(Impl),
        '$tbl_add_moded'(Id, Goal1, Modes, Impl, Kept),
        Goal = Kept
    ).

%   '$tbl_add_moded'(+Id, +Answer, +Modes, +Impl, -Kept): aggregates
%   Answer into the table; fails when that changes nothing, else Kept is
%   the answer now kept for Answer's index arguments.  The built-in modes
%   aggregate in Rust; sum, lattice and po here, in Impl's module.
'$tbl_add_moded'(Id, Answer, Modes, Impl, Kept) :-
    '$tbl_moded_update'(Id, Answer, Modes, Result),
    (   Result = kept(Kept0)
    ->  Kept = Kept0
    ;   Result = old(Old, Slot),
        Old =.. [Name|OldArgs],
        Answer =.. [_|Args],
        strip_module(Impl, M, _),
        '$tbl_aggregate'(Modes, OldArgs, Args, M, NewArgs),
        NewArgs \== OldArgs,
        Kept =.. [Name|NewArgs],
        '$tbl_moded_set'(Id, Slot, Kept)
    ).

%   '$tbl_aggregate'(+Modes, +Old, +New, +Module, -Kept): each moded
%   argument of the kept answer aggregates its old and new values on its
%   own, as SWI does.
'$tbl_aggregate'([], [], [], _, []).
'$tbl_aggregate'([Mode|Ms], [O|Os], [N|Ns], M, [K|Ks]) :-
    '$tbl_combine'(Mode, O, N, M, K),
    '$tbl_aggregate'(Ms, Os, Ns, M, Ks).

'$tbl_combine'(index, O, _, _, O).
'$tbl_combine'(first, O, _, _, O).
'$tbl_combine'(last, _, N, _, N).
'$tbl_combine'(min, O, N, _, K) :- ( N @< O -> K = N ; K = O ).
'$tbl_combine'(max, O, N, _, K) :- ( N @> O -> K = N ; K = O ).
'$tbl_combine'(sum, O, N, _, K) :- K is O + N.
'$tbl_combine'(lattice(PI), O, N, M, K) :-
    '$tbl_closure'(PI, M, G),
    call(G, O, N, K).
'$tbl_combine'(po(PI), O, N, M, K) :-
    '$tbl_closure'(PI, M, G),
    (   call(G, O, N)
    ->  K = O
    ;   K = N
    ).

'$tbl_closure'(M:PI, _, G) :- !, '$tbl_closure'(PI, M, G).
'$tbl_closure'(Name/_, M, M:Name) :- !.
'$tbl_closure'(G, M, M:G).
