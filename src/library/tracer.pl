/*  tracer.pl -- the debugger: SWI-Prolog's box model tracer.

    Part of puzzlog's Prolog library.  The toplevel and -g run a goal
    through '$trace_query'/2 when the debug mode is on or a program calls
    trace/0 (builtins/debugger.rs); otherwise nothing here runs and goals
    cost what they always cost.

    The tracer is a meta-interpreter.  Each goal is a box with the ports
    Call, Exit, Redo, Fail and Exception, written on standard error as
    SWI-Prolog writes them ("   Call: (11) app([1], [2], _123)").  A user
    predicate's clauses are walked here (its body goals are boxes one level
    deeper); a system or library predicate is one box (library ones shown
    as Module:Goal), whose meta arguments (findall/3's goal, catch/3's...)
    are traced again.  Choicepoints belong to boxes: backtracking into a
    predicate's next clause, the else branch of an if-then-else or the
    success of \+ shows Redo of the box that owns them; a deterministic exit
    leaves no choicepoint, so backtracking passes it silently.  Cut is
    '$cut'/1 to the level taken when the predicate was entered.

    At a leashed port the tracer stops and reads a command (one key on a
    terminal, a line otherwise): creep, skip, leap, retry, fail, abort,
    nodebug, exit, print/write, help.
*/

:- module('$tracer',
          [ trace/0,
            notrace/0,
            tracing/0,
            debug/0,
            nodebug/0,
            leash/1,
            visible/1,
            trace/1,
            trace/2,
            '$trace_query'/2,
            '$spy_point'/1,
            '$spy'/2,
            '$tracer_pis'/2
          ]).

:- meta_predicate
    '$trace_query'(0, +),
    trace(:),
    trace(:, +).

:- dynamic
    leashed_/1,                 % Port that stops
    hidden_/1,                  % Port made invisible by visible/1
    traced_/2,                  % Module:Name/Arity, Port (trace/1,2)
    spy_/1,                     % Module:Name/Arity
    write_mode_/1.              % print or write: how goals are shown

leashed_(call). leashed_(exit). leashed_(redo). leashed_(fail). leashed_(exception).

%!  trace is det.
%   Switches trace mode on: the goals that follow show their ports.
trace :- '$debug_mode'(_, trace).

%!  notrace is det.
%   Stops tracing; the debug mode stays on.
notrace :-
    (   '$debug_mode'(trace, debug)
    ->  true
    ;   true
    ).

%!  tracing is semidet.
%   True when trace mode is on.
tracing :- '$debug_mode'(trace, _).

%!  debug is det.
%   Switches debug mode on: spy points stop.
debug :-
    (   '$debug_mode'(off, debug)
    ->  true
    ;   true
    ).

%!  nodebug is det.
%   Switches the debugger off.
nodebug :- '$debug_mode'(_, off).

%!  '$spy_point'(?Module:Name/Arity) is nondet.
%   The spy points, for library(prolog_debug).
'$spy_point'(PI) :- spy_(PI).

%!  '$spy'(+Module:Name/Arity, +OnOff) is det.
%   Sets (on) or clears (off) a spy point.
'$spy'(PI, on) :- ( spy_(PI) -> true ; assertz(spy_(PI)) ).
'$spy'(PI, off) :- retractall(spy_(PI)).

%!  leash(+Spec) is det.
%   Changes the ports at which the tracer stops: +Port, -Port, Port (only
%   that one) or a list of these; all, full, half, loose, tight and none
%   name sets of ports.
leash(Spec) :- ports_change(Spec, leashed_).

%!  visible(+Spec) is det.
%   Changes the ports the tracer shows, as leash/1.
visible(Spec) :- ports_change(Spec, visible_).

ports_change(V, _) :- var(V), !, throw(error(instantiation_error, _)).
ports_change([], _) :- !.
ports_change([H|T], Db) :- !, ports_change(H, Db), ports_change(T, Db).
ports_change(+Name, Db) :- !, ports_named(Name, Ports), forall(member(P, Ports), set_port(Db, P, on)).
ports_change(-Name, Db) :- !, ports_named(Name, Ports), forall(member(P, Ports), set_port(Db, P, off)).
ports_change(Name, Db) :-
    ports_named(Name, Ports),
    forall(port_set(full, All), forall(member(P, All), set_port(Db, P, off))),
    forall(member(P, Ports), set_port(Db, P, on)).

ports_named(V, _) :- var(V), !, throw(error(instantiation_error, _)).
ports_named(Name, Ports) :- port_set(Name, Ports), !.
ports_named(Name, [Name]) :- port_set(full, All), memberchk(Name, All), !.
ports_named(Name, _) :- throw(error(type_error('+|-|?(Flag)', Name), _)).

port_set(all, [call, exit, redo, fail, unify]).
port_set(full, [call, exit, redo, fail, unify, exception]).
port_set(half, [call, redo]).
port_set(loose, [call]).
port_set(tight, [call, redo, fail, exception]).
port_set(none, []).
port_set(off, []).

set_port(leashed_, P, on) :- ( leashed_(P) -> true ; assertz(leashed_(P)) ).
set_port(leashed_, P, off) :- retractall(leashed_(P)).
set_port(visible_, P, on) :- retractall(hidden_(P)).
set_port(visible_, P, off) :- ( hidden_(P) -> true ; assertz(hidden_(P)) ).

%!  trace(:Spec) is det.
%!  trace(:Spec, +Ports) is det.
%   Prints the ports of the predicates Spec (Name or Name/Arity) without
%   stopping: " T [10] Call: foo(1)".  Ports as leash/1 (default all).
trace(Spec) :- trace(Spec, +all).
trace(Spec, Ports) :-
    strip_module(Spec, M, S),
    '$tracer_pis'(M:S, PIs),
    forall(member(PI, PIs), trace_change(Ports, PI)),
    debug.

trace_change([], _) :- !.
trace_change([H|T], PI) :- !, trace_change(H, PI), trace_change(T, PI).
trace_change(+Name, PI) :- !, ports_named(Name, Ps), forall(member(P, Ps), (traced_(PI, P) -> true ; assertz(traced_(PI, P)))).
trace_change(-Name, PI) :- !, ports_named(Name, Ps), forall(member(P, Ps), retractall(traced_(PI, P))).
trace_change(Name, PI) :- ports_named(Name, Ps), retractall(traced_(PI, _)), forall(member(P, Ps), assertz(traced_(PI, P))).

%!  '$tracer_pis'(+M:Spec, -PIs) is det.
%   The predicates Name, Name/Arity or a head term designate in M (spy/1,
%   trace/1): existence_error when there is none.
'$tracer_pis'(M:S, _) :- var(S), !, throw(error(instantiation_error, context(M:S, _))).
'$tracer_pis'(M:(Name/Arity), [Q:Name/Arity]) :- !,
    must_be(atom, Name), must_be(integer, Arity),
    functor(H, Name, Arity),
    (   '$trace_pred'(M:H, Kind, _), Kind \== undefined
    ->  kind_module(Kind, M, Q)
    ;   throw(error(existence_error(procedure, Name/Arity), _))
    ).
'$tracer_pis'(M:Name, PIs) :- atom(Name), !,
    findall(Q:Name/A, ( between(0, 8, A), functor(H, Name, A), '$trace_pred'(M:H, K, _), K \== undefined, kind_module(K, M, Q) ), PIs),
    (   PIs == [] -> throw(error(existence_error(procedure, Name), _)) ; true ).
'$tracer_pis'(M:H, PIs) :- callable(H), !, functor(H, N, A), '$tracer_pis'(M:(N/A), PIs).
'$tracer_pis'(_:S, _) :- throw(error(type_error(predicate_indicator, S), _)).

kind_module(user(Q), _, Q) :- !.
kind_module(library(Q), _, Q) :- !.
kind_module(_, _, system).

%!  '$trace_query'(:Goal, +Base) is nondet.
%   Runs a toplevel (Base 10) or -g (Base 9 + I for the I-th) goal under
%   the tracer.  A
%   single goal is a box at depth Base; the goals of a conjunction (or
%   another control construct) are at Base+1, as in SWI-Prolog, whose
%   toplevel runs them as the body of a clause.
'$trace_query'(G, Base) :-
    strip_module(G, M, G1),
    (   control(G1) -> D is Base + 1 ; D = Base ),
    (   Base =:= 10 -> Top = toplevel ; Top = goal ),
    nb_setval('$tracer_top', Top),
    catch(( prolog_current_choice(Cut), tr(G1, M, D, Cut, none) ),
          E,
          '$tracer_uncaught'(E)).

'$tracer_uncaught'(E) :-
    (   nb_current('$tracer_top', reported)
    ->  nb_setval('$tracer_top', toplevel),
        notrace,
        throw('$tracer_reported')
    ;   throw(E)
    ).

control((_, _)).
control((_ ; _)).
control((_ -> _)).
control((_ *-> _)).
control(\+ _).

%   tr(+Goal, +Module, +Depth, +Cut, +Frame): runs a body goal; Frame is the
%   box owning the choicepoints that the control constructs make (none at
%   the top).
tr(V, _, _, _, _) :- var(V), !, throw(error(instantiation_error, _)).
tr((A, B), M, D, C, F) :- !, tr(A, M, D, C, F), tr(B, M, D, C, F).
tr((I -> T ; E), M, D, C, F) :- !,
    (   prolog_current_choice(C1), tr(I, M, D, C1, F) -> tr(T, M, D, C, F)
    ;   redo_port(F), tr(E, M, D, C, F)
    ).
tr((I *-> T ; E), M, D, C, F) :- !,
    (   prolog_current_choice(C1), tr(I, M, D, C1, F) *-> tr(T, M, D, C, F)
    ;   redo_port(F), tr(E, M, D, C, F)
    ).
tr((A ; B), M, D, C, F) :- !, ( tr(A, M, D, C, F) ; redo_port(F), tr(B, M, D, C, F) ).
tr((I -> T), M, D, C, F) :- !, ( prolog_current_choice(C1), tr(I, M, D, C1, F) -> tr(T, M, D, C, F) ).
tr((I *-> T), M, D, C, F) :- !, ( prolog_current_choice(C1), tr(I, M, D, C1, F) *-> tr(T, M, D, C, F) ).
tr(\+ G, M, D, _, F) :- !, ( prolog_current_choice(C1), tr(G, M, D, C1, F) -> fail ; redo_port(F) ).
tr(!, _, _, C, _) :- !, '$cut'(C).
tr(M:G, _, D, C, F) :- atom(M), !, tr(G, M, D, C, F).
tr(trace, _, _, _, _) :- !, trace.
tr(notrace, _, _, _, _) :- !, notrace.
tr(G, M, D, _, _) :- callable(G), G =.. [call, G0|Extra], !,
    extend(G0, Extra, G1),
    prolog_current_choice(C1),
    tr(G1, M, D, C1, none).
tr(G, M, D, _, F) :-
    '$debug_mode'(Mode, Mode),
    goal(Mode, G, M, D, F).

extend(M:G, Extra, M:G1) :- !, extend(G, Extra, G1).
extend(G, [], G) :- !.
extend(G, Extra, G1) :- callable(G), !, G =.. L0, append(L0, Extra, L), G1 =.. L.
extend(G, _, _) :- throw(error(type_error(callable, G), _)).

%   goal(+Mode, +Goal, +Module, +Depth, +Parent): one goal that is no
%   control construct, called from the box Parent (or none).
goal(off, G, M, D, _) :- !,
    (   '$trace_pred'(M:G, user(Q), _), calls_trace(Q:G)
    ->  D1 is D + 1,
        functor(G, N, A),
        prolog_current_choice(C0),
        clauses(G, Q, D1, b(G, D, none, C0, Q:N/A, _, 0, none))
    ;   call(M:G)
    ).
goal(_, G, M, D, F) :-
    (   callable(G) -> true ; throw(error(type_error(callable, G), _)) ),
    '$trace_pred'(M:G, Kind, Meta),
    box(Kind, Meta, G, M, D, F).

%   A predicate whose clauses call trace/0 is walked even when the debugger
%   is off, so that what follows that call is traced (its box shows no Call
%   port, but Redo once tracing, as in SWI-Prolog).
calls_trace(Q:G) :-
    \+ \+ ( clause(Q:G, B), calls_trace_body(B) ).

calls_trace_body(V) :- var(V), !, fail.
calls_trace_body(trace).
calls_trace_body((A, B)) :- ( calls_trace_body(A) ; calls_trace_body(B) ).
calls_trace_body((A ; B)) :- ( calls_trace_body(A) ; calls_trace_body(B) ).
calls_trace_body((A -> B)) :- ( calls_trace_body(A) ; calls_trace_body(B) ).

%   The box of one goal: b(Shown, Depth, Meta, Choice, PI, Skip, Id, Parent)
%   where Shown is the goal as ports show it, Choice the choicepoint level
%   before the box (failing the box cuts back to it), Skip is bound to true
%   while a skip runs the goal with its inner ports hidden, Id numbers the
%   box for retry and Parent is the box of the calling clause (or none).
box(Kind, Meta, G, M, D, F) :-
    shown(Kind, G, Shown, PI),
    nb_getval_default('$tracer_box', 0, N0), N is N0 + 1, nb_setval('$tracer_box', N),
    catch(box_(Kind, Meta, G, M, D, b(Shown, D, Meta, _, PI, _, N, F)),
          '$tracer_retry'(N),
          box(Kind, Meta, G, M, D, F)).

nb_getval_default(K, D, V) :- ( nb_current(K, V0) -> V = V0 ; V = D ).

box_(Kind, Meta, G, M, D, B) :-
    prolog_current_choice(C0),
    arg(4, B, C0),
    arg(1, B, Shown),
    (   walked(Kind) -> Again = Shown ; copy_term(Shown, Again) ),
    port(call, B, Action),
    (   Action == fail
    ->  port(fail, B, _), fail
    ;   Action == ignore
    ->  exit_port(B, Kind, Meta, G, M)
    ;   call_exit(Kind, Meta, G, M, D, B, Again)
    ).

call_exit(Kind, Meta, G, M, D, B, Again) :-
    arg(4, B, C0),
    (   prolog_current_choice(C1),
        catch(exec(Kind, Meta, G, M, D, B), E, '$tracer_exception'(E, B)),
        prolog_current_choice(C2),
        (   C2 == C1
        ->  '$cut'(C0),
            exit_port(B, Kind, Meta, G, M)
        ;   walked(Kind)
        ->  exit_port(B, Kind, Meta, G, M)
        ;   (   exit_port(B, Kind, Meta, G, M)
            ;   setarg(1, B, Again), redo_port(B), fail
            )
        )
    ;   port(fail, B, _), fail
    ).

exit_port(B, Kind, Meta, G, M) :-
    unskip(B),
    exit_shown(Kind, Meta, G, M, B, B1),
    port(exit, B1, Action),
    (   Action == fail
    ->  arg(4, B, C0), '$cut'(C0), port(fail, B, _), fail
    ;   true
    ).

%!  '$tracer_exception'(+Ball, +Box) is det.
%   The Exception port of a box that Ball leaves.  At the toplevel an
%   exception that nothing catches is reported first (once), as SWI-Prolog
%   does; the toplevel then stays silent about it ('$tracer_reported') and
%   trace mode ends (debug mode stays).
'$tracer_exception'(E, B) :-
    unskip(B),
    (   ( E == '$aborted' ; E = '$tracer_retry'(_) ; E == '$tracer_reported' )
    ->  true
    ;   '$debug_mode'(off, off)
    ->  true
    ;   report_uncaught(E),
        port(exception, B, _)
    ),
    throw(E).

report_uncaught(E) :-
    (   nb_current('$tracer_top', toplevel),
        \+ '$caught'(E)
    ->  '$print_uncaught'(E),
        nb_setval('$tracer_top', reported)
    ;   true
    ).

unskip(B) :-
    (   arg(6, B, Skip), Skip == true
    ->  '$debug_mode'(_, trace)
    ;   true
    ).

%   How a port shows the goal: library predicates qualified, and at Exit the
%   meta arguments too (SWI-Prolog shows them as the predicate received them).
shown(library(Q), G, Q:G, Q:N/A) :- Q \== '$tracer', !, functor(G, N, A).
shown(user(user), G, G, user:N/A) :- !, functor(G, N, A).
shown(user(Q), G, Q:G, Q:N/A) :- !, functor(G, N, A).
shown(_, G, G, system:N/A) :- functor(G, N, A).

exit_shown(_, none, _, _, B, B) :- !.
exit_shown(Kind, Meta, G, M, b(_, D, Meta, C, PI, S, Id, P), b(Shown, D, Meta, C, PI, S, Id, P)) :-
    G =.. [F|As], Meta =.. [_|Ss],
    qualify_args(As, Ss, M, Qs),
    G1 =.. [F|Qs],
    shown(Kind, G1, Shown, _).

qualify_args([], _, _, []).
qualify_args([A|As], [S|Ss], M, [Q|Qs]) :-
    (   meta_spec(S), \+ ( nonvar(A), A = _:_ ) -> Q = M:A ; Q = A ),
    qualify_args(As, Ss, M, Qs).

meta_spec(S) :- integer(S), !.
meta_spec(^).
meta_spec(:).
meta_spec(//).

%   Whether the tracer walks a predicate's clauses: user predicates, and
%   library(apply)'s (SWI-Prolog shows maplist/2..7's helper maplist_/3..8).
walked(user(_)).
walked(library(apply)).

%   Running a box's goal: a walked predicate's clauses one level deeper
%   (meta arguments qualified first: the clauses run in another module), any
%   other goal called with its meta arguments traced.
exec(user(Q), _, G, _, D, B) :- !, D1 is D + 1, clauses(G, Q, D1, B).
exec(library(apply), Meta, G, M, D, B) :- !,
    (   Meta == none
    ->  G1 = G
    ;   G =.. [F|As], Meta =.. [_|Ss],
        qualify_args(As, Ss, M, Qs),
        G1 =.. [F|Qs]
    ),
    D1 is D + 1,
    clauses(G1, apply, D1, B).
exec(_, none, G, M, _, _) :- !, call(M:G).
exec(_, Meta, G, M, D, _) :-
    G =.. [F|As], Meta =.. [_|Ss],
    functor(G, F, A),
    (   meta_offset(F/A, Off) -> true ; Off = 1 ),
    D1 is D + Off,
    % catch/3's recovery runs untraced, as in SWI-Prolog.
    (   F/A == catch/3 -> Ss1 = [0, ?, recovery] ; Ss1 = Ss ),
    wrap_args(As, Ss1, M, D1, Ws),
    G1 =.. [F|Ws],
    call(M:G1).

meta_offset(findall/3, 5).
meta_offset(findall/4, 5).
meta_offset(bagof/3, 6).
meta_offset(setof/3, 6).
meta_offset(aggregate_all/3, 2).

wrap_args([], _, _, _, []).
wrap_args([A|As], [S|Ss], M, D, [W|Ws]) :-
    wrap_arg(S, A, M, D, W),
    wrap_args(As, Ss, M, D, Ws).

wrap_arg(0, A, M, D, '$tracer':'$tr_call'(A, M, D)) :- !.
wrap_arg(recovery, A, _, _, A) :- !.
wrap_arg(^, A, M, D, W) :- !, wrap_hat(A, M, D, W).
wrap_arg(N, A, M, D, '$tracer':'$tr_closure'(A, M, D)) :- integer(N), N > 0, !.
wrap_arg(_, A, _, _, A).

wrap_hat(A, M, D, '$tracer':'$tr_call'(A, M, D)) :- var(A), !.
wrap_hat(V^A, M, D, V^W) :- !, wrap_hat(A, M, D, W).
wrap_hat(A, M, D, '$tracer':'$tr_call'(A, M, D)).

%!  '$tr_call'(:Goal, +Module, +Depth) is nondet.
%   A meta argument traced (Goal runs in Module, its boxes at Depth).
'$tr_call'(G, M, D) :- prolog_current_choice(C), tr(G, M, D, C, none).

%!  '$tr_closure'(+Closure, +Module, +Depth, ...) is nondet.
%   A closure meta argument traced when called with extra arguments.
'$tr_closure'(G, M, D, A1) :- closure(G, [A1], M, D).
'$tr_closure'(G, M, D, A1, A2) :- closure(G, [A1, A2], M, D).
'$tr_closure'(G, M, D, A1, A2, A3) :- closure(G, [A1, A2, A3], M, D).
'$tr_closure'(G, M, D, A1, A2, A3, A4) :- closure(G, [A1, A2, A3, A4], M, D).
'$tr_closure'(G, M, D, A1, A2, A3, A4, A5) :- closure(G, [A1, A2, A3, A4, A5], M, D).
'$tr_closure'(G, M, D, A1, A2, A3, A4, A5, A6) :- closure(G, [A1, A2, A3, A4, A5, A6], M, D).

closure(G, Extra, M, D) :- extend(G, Extra, G1), '$tr_call'(G1, M, D).

%   The clauses of a user predicate: those whose head matches, found first
%   (logical update view), tried in order; trying the next one is Redo of
%   the predicate's box.
clauses(G, Q, D, B) :-
    functor(G, N, A), functor(G0, N, A),
    findall(G0-Body, clause(Q:G0, Body), Cls0),
    matching(Cls0, G, Cls),
    prolog_current_choice(Cut),
    try_clauses(Cls, G, Q, D, Cut, B).

matching([], _, []).
matching([H-Body|Cs], G, Ms) :-
    (   \+ H \= G -> Ms = [H-Body|Ms1] ; Ms = Ms1 ),
    matching(Cs, G, Ms1).

try_clauses([H-Body], G, Q, D, Cut, B) :- !, clause_body(H, Body, G, Q, D, Cut, B).
try_clauses([H-Body|Rest], G, Q, D, Cut, B) :-
    (   clause_body(H, Body, G, Q, D, Cut, B)
    ;   redo_port(B), try_clauses(Rest, G, Q, D, Cut, B)
    ).

%   SWI-Prolog compiles a body's leading Var = Term, Var an argument of the
%   head, into the head: no port shows it.  A fact's body (true) shows none.
clause_body(H, Body, G, Q, D, Cut, B) :-
    head_unifications(Body, H, Us, Rest),
    G = H,
    Us,
    (   Rest == true -> true ; tr(Rest, Q, D, Cut, B) ).

head_unifications((U, Rest0), H, (U, Us), Rest) :- head_unification(U, H), !,
    head_unifications(Rest0, H, Us, Rest).
head_unifications(U, H, U, true) :- head_unification(U, H), !.
head_unifications(Body, _, true, Body).

head_unification(X = Y, H) :-
    (   var(X) -> V = X ; var(Y) -> V = Y ),
    H =.. [_|Args],
    member(A, Args), A == V, !.

redo_port(none) :- !.
redo_port(B) :-
    port(redo, B, Action),
    (   Action == fail
    ->  arg(4, B, C0), '$cut'(C0), port(fail, B, _), fail
    ;   true
    ).

%   port(+Port, +Box, -Action): shows a port when the mode and the spy and
%   trace points want it, stops there when it is leashed; Action is
%   continue, fail or ignore.
port(Port, B, Action) :-
    B = b(Shown, D, Meta, _, PI, _, _, _),
    '$debug_mode'(Mode, Mode),
    (   Mode == trace, \+ hidden_(Port)
    ->  show_port(Port, Shown, D, Meta),
        (   leashed_(Port)
        ->  prompt(Port, B, Action)
        ;   nl(user_error), Action = continue
        )
    ;   Mode == debug, spy_(PI), \+ hidden_(Port)
    ->  show_port(Port, Shown, D, Meta),
        (   leashed_(Port)
        ->  prompt(Port, B, Action)
        ;   nl(user_error), Action = continue
        )
    ;   traced_(PI, Port)
    ->  port_name(Port, Name),
        format(user_error, " T [~d] ~w: ", [D, Name]),
        print_goal(Shown), nl(user_error),
        Action = continue
    ;   Action = continue
    ).

show_port(Port, Shown, D, Meta) :-
    (   Meta == none -> Pre = '   ' ; Pre = '^  ' ),
    port_name(Port, Name),
    format(user_error, "~w~w: (~d) ", [Pre, Name, D]),
    print_goal(Shown).

port_name(call, 'Call').
port_name(exit, 'Exit').
port_name(redo, 'Redo').
port_name(fail, 'Fail').
port_name(exception, 'Exception').

print_goal(G) :-
    (   write_mode_(write)
    ->  Opts = [quoted(true), spacing(next_argument)]
    ;   Opts = [portray(true), quoted(true), spacing(next_argument), max_depth(10)]
    ),
    write_term(user_error, G, Opts).

%   The port prompt: reads a command and does it.
prompt(Port, B, Action) :-
    '$trace_key'(' ? ', Code, Tty),
    command(Code, Tty, Port, B, Action).

command(-1, _, _, _, _) :- !,
    format(user_error, "EOF: exit (status 4)~n", []),
    halt(4).
command(Code, Tty, Port, B, Action) :-
    (   key_command(Code, Cmd) -> true ; Cmd = unknown ),
    (   Tty == true, \+ memberchk(Cmd, [unknown, help])
    ->  format(user_error, "~w~n", [Cmd])
    ;   true
    ),
    do(Cmd, Tty, Port, B, Action).

key_command(0'c, creep).
key_command(10, creep).
key_command(13, creep).
key_command(0' , creep).
key_command(0's, skip).
key_command(0'l, leap).
key_command(0'r, retry).
key_command(0'f, fail).
key_command(0'a, abort).
key_command(0'n, nodebug).
key_command(0'e, exit).
key_command(0'h, help).
key_command(0'?, help).
key_command(0'p, print).
key_command(0'g, goals).
key_command(0'i, ignore).
key_command(0'u, up).
key_command(0'+, spy).
key_command(0'w, write).

do(creep, _, _, _, continue) :-
    (   '$debug_mode'(debug, trace)       % creeping on from a spy point traces
    ->  true
    ;   true
    ).
do(skip, _, Port, B, continue) :-
    (   Port == call
    ->  '$debug_mode'(_, debug), arg(6, B, true)
    ;   true
    ).
do(leap, _, _, _, continue) :- '$debug_mode'(_, debug).
do(nodebug, _, _, _, continue) :- '$debug_mode'(_, off).
do(fail, _, _, _, fail).
do(abort, _, _, _, _) :- abort.
do(exit, _, _, _, _) :- halt.
do(retry, _, _, B, _) :-
    B = b(_, D, _, _, _:N/A, _, Id, _),
    format(user_error, "retry ~w/~w at level ~d~n", [N, A, D]),
    throw('$tracer_retry'(Id)).
do(ignore, _, Port, _, Action) :-
    (   Port == call -> Action = ignore ; Action = continue ).
do(up, _, _, B, continue) :-
    (   arg(8, B, P), P \== none
    ->  '$debug_mode'(_, debug), arg(6, P, true)
    ;   true
    ).
do(goals, _, Port, B, Action) :- goals(B), reprompt(Port, B, Action).
do(spy, _, Port, B, Action) :- arg(5, B, PI), '$spy'(PI, on), reprompt(Port, B, Action).
do(print, _, Port, B, Action) :- set_write_mode(print), reprompt(Port, B, Action).
do(write, _, Port, B, Action) :- set_write_mode(write), reprompt(Port, B, Action).
do(help, _, Port, B, Action) :- help, reprompt(Port, B, Action).
do(unknown, Tty, Port, B, Action) :-
    (   Tty == true
    ->  format(user_error, "Unknown option (h for help)~n", [])
    ;   format(user_error, "ERROR: Unknown option (h for help)~n", [])
    ),
    reprompt(Port, B, Action).

%   The boxes from this one up to the query, as 'g' lists them.
goals(none) :- !.
goals(b(Shown, D, _, _, _, _, _, P)) :-
    format(atom(Tag), "[~d]", [D]),
    atom_length(Tag, L), Pad is max(1, 9 - L),
    format(user_error, "~*c~w ", [Pad, 0' , Tag]),
    print_goal(Shown), nl(user_error),
    goals(P).

set_write_mode(M) :- retractall(write_mode_(_)), assertz(write_mode_(M)).

reprompt(Port, B, Action) :-
    B = b(Shown, D, Meta, _, _, _, _, _),
    show_port(Port, Shown, D, Meta),
    prompt(Port, B, Action).

help :-
    format(user_error,
"Trace commands:
+                 set spy point         | -              clear spy point
/c|e|r|f|u|a goal find goal at port     | .              repeat find
a                 abort to toplevel     | A              alternatives
b                 break (new toplevel)  | c (ret, space) creep to next port
[depth] d         depth for printing    | e              exit Prolog
f                 make goal fail        | [depth] g      backtrace (-N from top)
h (?)             help                  | i              ignore current goal
l                 leap to spy point     | L              list current goal
[level] r         retry goal [at level] | s              skip over
[level] S         save goal [at level]  | u              up (complete goal)
p                 print goals           | w              (quoted) write goals
m                 exception details     | C              toggle show context
", []).
