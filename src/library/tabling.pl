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
    strip_module(Impl0, M, Impl),
    Goal =.. [Name|Args],
    Impl =.. [ImplName|_],
    '$tbl_free_moded'(Args, Modes, Args1),
    Goal1 =.. [Name|Args1],
    Impl1 =.. [ImplName|Args1],
    '$tbl_table'(Goal1, Id, Status),
    '$tbl_moded_call'(Status, Id, Goal, Goal1, M:Impl1, Modes, M).

'$tbl_moded_call'(complete, Id, Goal, _, _, _, _) :-
    '$tbl_answer'(Id, Goal).
'$tbl_moded_call'(active, Id, Goal, _, _, _, _) :-
    '$tbl_depends_on'(Id),
    '$tbl_answer'(Id, Goal).
'$tbl_moded_call'(fresh, Id, Goal, Goal1, Impl, Modes, M) :-
    '$tbl_fixpoint'(Id, Impl, '$tbl_add_moded'(Id, Goal1, Modes, M, _)),
    '$tbl_answer'(Id, Goal).
'$tbl_moded_call'(incomplete, Id, Goal, Goal1, Impl, Modes, M) :-
    '$tbl_depends_on'(Id),
    (   '$tbl_answer'(Id, Goal)
    ;   '$tbl_rerun'(Id),
        call(Impl),
        '$tbl_add_moded'(Id, Goal1, Modes, M, Kept),
        Goal = Kept
    ).

'$tbl_free_moded'([], [], []).
'$tbl_free_moded'([A|As], [M|Ms], [B|Bs]) :-
    (   M == index
    ->  B = A
    ;   var(A)
    ->  true
    ;   throw(error(uninstantiation_error(A), _))
    ),
    '$tbl_free_moded'(As, Ms, Bs).

%   '$tbl_add_moded'(+Id, +Answer, +Modes, +Module, -Kept): aggregates
%   Answer into the table; fails when that changes nothing, else Kept is
%   the answer now kept for Answer's index arguments.
'$tbl_add_moded'(Id, Answer, Modes, M, Kept) :-
    Answer =.. [Name|Args],
    '$tbl_index_args'(Args, Modes, Key),
    (   '$tbl_moded_get'(Id, Key, Old)
    ->  Old =.. [_|OldArgs],
        '$tbl_aggregate'(Modes, OldArgs, Args, M, NewArgs),
        NewArgs \== OldArgs,
        Kept =.. [Name|NewArgs],
        '$tbl_moded_put'(Id, Key, Kept)
    ;   Kept = Answer,
        '$tbl_moded_put'(Id, Key, Answer)
    ).

'$tbl_index_args'([], [], []).
'$tbl_index_args'([A|As], [M|Ms], Key) :-
    (   M == index
    ->  Key = [A|Key1]
    ;   Key = Key1
    ),
    '$tbl_index_args'(As, Ms, Key1).

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
