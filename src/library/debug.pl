/*  debug.pl -- debug messages by topic and assertions, compatible with
    SWI-Prolog 9's library(debug).

    Part of puzzlog's Prolog library.  debug(Topic, Format, Args)
    prints "% " and the formatted message on standard error (or the
    files given with debug(Topic > File)) when Topic is enabled with
    debug/1.  Topics live in dbg_topic_(Topic, Enabled, Targets), in the
    order they were last changed, as in SWI-Prolog: debug/1 and nodebug/1
    update every topic that unifies with their argument, and warn about
    (then add) a topic nobody knows yet.

    Not as in SWI-Prolog: SWI registers the topics of the debug/3 calls
    in the clauses it loads (by goal expansion), so debug/1 does not warn
    about them; here only debug/1 and nodebug/1 make topics known.  A
    failed assertion prints its one-line message without SWI's
    backtrace.  debug_message_context(+time(Format)) prints the time as
    +time does (HH:MM:SS.mmm, UTC).

    debugging/0 prints the debugger's state and lists the active topics
    (the debugger itself is library/tracer.pl).

    Helper predicates start with dbg_.
*/

:- module(prolog_debug,
          [ debug/3,                    % +Topic, +Format, :Args
            debug/1,                    % +Topic
            nodebug/1,                  % +Topic
            debugging/1,                % ?Topic
            debugging/2,                % ?Topic, ?Bool
            list_debug_topics/0,
            list_debug_topics/1,        % +Options
            debug_message_context/1,    % +What
            assertion/1,                % :Goal
            debugging/0
          ]).
:- use_module(library(lists)).
:- use_module(library(error)).

:- meta_predicate
    assertion(0),
    debug(+, +, :).

:- dynamic
    dbg_topic_/3,                       % Topic, Enabled (true/false), Targets
    dbg_context_/1.                     % time (see debug_message_context/1)

%!  debug(+Topic, +Format, :Args) is det.
%
%   If Topic (unified with the first enabled topic) is enabled, prints
%   "% " and format(Format, Args) on standard error or on its targets.
debug(Topic, Format, Args0) :-
    (   dbg_topic_(Topic, true, Targets)
    ->  dbg_unqualify_(Args0, Module, Args),
        (   Targets == []
        ->  dbg_print_(user_error, Format, Module, Args)
        ;   forall(member(Target, Targets),
                   dbg_print_target_(Target, Format, Module, Args))
        )
    ;   true
    ).

dbg_unqualify_(Args0, Module, Args) :-
    (   nonvar(Args0),
        Args0 = Module:Args
    ->  true
    ;   Module = user,
        Args = Args0
    ).

dbg_print_target_(Target, Format, Module, Args) :-
    (   Target == user_error
    ->  dbg_print_(user_error, Format, Module, Args)
    ;   atom(Target),
        \+ is_stream(Target)
    ->  setup_call_cleanup(
            open(Target, append, Stream),
            dbg_print_(Stream, Format, Module, Args),
            close(Stream))
    ;   dbg_print_(Target, Format, Module, Args)
    ).

% dbg_print_(+Stream, +Format, +Module, +Args): one message on a fresh
% line; an error in the format shows as SWI-Prolog shows it.
dbg_print_(Stream, Format, Module, Args) :-
    (   line_position(Stream, Column),
        Column > 0
    ->  nl(Stream)
    ;   true
    ),
    write(Stream, '% '),
    (   dbg_context_(time)
    ->  dbg_write_time_(Stream)
    ;   true
    ),
    catch(format(Stream, Format, Args), Error,
          dbg_format_error_(Stream, Format, Module, Args, Error)),
    nl(Stream),
    flush_output(Stream).

dbg_format_error_(Stream, Format, Module, Args, Error) :-
    (   nonvar(Error),
        Error = error(Formal, _)
    ->  true
    ;   Formal = Error
    ),
    nl(Stream),
    format(Stream, "    [[ EXCEPTION while printing message ~q~n", [Format]),
    format(Stream, "       with arguments ~q:~n", [Module:Args]),
    format(Stream, "       raised: ~q~n", [Formal]),
    format(Stream, "    ]]~n", []).

% dbg_write_time_(+Stream): the time of day as HH:MM:SS.mmm and a space.
dbg_write_time_(Stream) :-
    get_time(Now),
    Millis is truncate(Now * 1000) mod 86400000,
    H is Millis // 3600000,
    M is Millis // 60000 mod 60,
    S is Millis // 1000 mod 60,
    Ms is Millis mod 1000,
    format(Stream, "~|~`0t~d~2+:~|~`0t~d~2+:~|~`0t~d~2+.~|~`0t~d~3+ ", [H, M, S, Ms]).

%!  debug(+Topic) is det.
%
%   Enables Topic: every known topic that unifies with it, or a new
%   one (with a warning).  debug(Topic > File) also sends its messages
%   to File (appended).
debug(Spec) :-
    dbg_set_(Spec, true).

%!  nodebug(+Topic) is det.
%
%   Disables Topic (every known topic that unifies with it) and forgets
%   its targets.
nodebug(Spec) :-
    dbg_set_(Spec, false).

dbg_set_(Spec, Value) :-
    (   nonvar(Spec),
        Spec = (Topic > Target)
    ->  true
    ;   Topic = Spec,
        Target = none
    ),
    (   \+ \+ dbg_topic_(Topic, _, _)
    ->  forall(retract(dbg_topic_(Topic, Old, Targets0)),
               ( dbg_targets_(Value, Old, Targets0, Target, Targets),
                 assertz(dbg_topic_(Topic, Value, Targets))
               ))
    ;   print_message(warning,
                      format("~p: no matching debug topic (yet)", [Topic])),
        dbg_targets_(Value, false, [], Target, Targets),
        assertz(dbg_topic_(Topic, Value, Targets))
    ).

% dbg_targets_(+Value, +OldValue, +OldTargets, +Target, -Targets)
dbg_targets_(false, _, _, _, []).
dbg_targets_(true, Old, Targets0, Target, Targets) :-
    (   Target == none
    ->  Targets = Targets0
    ;   Targets0 == [],
        Old == true
    ->  Targets = [user_error, Target]
    ;   memberchk(Target, Targets0)
    ->  Targets = Targets0
    ;   append(Targets0, [Target], Targets)
    ).

%!  debugging(?Topic) is nondet.
%
%   Topic is enabled.
debugging(Topic) :-
    dbg_topic_(Topic, true, _).

%!  debugging(?Topic, ?Bool) is nondet.
%
%   Topic is known and Bool tells whether it is enabled.
debugging(Topic, Bool) :-
    dbg_topic_(Topic, Bool, _).

%!  list_debug_topics is det.
%
%   Prints the known topics, whether they are enabled and their
%   targets, on standard error.
list_debug_topics :-
    list_debug_topics([]).

%!  list_debug_topics(+Options) is det.
%
%   As list_debug_topics/0.  Options is a list in which active(Bool)
%   lists only the enabled (true) or disabled (false) topics, or an
%   atom or a string: the topics whose listed text contains it.
list_debug_topics(Options) :-
    format(user_error, "% Debug Topic             Activated To~n", []),
    format(user_error, "~`\x2015\t~48|~n", []),
    (   (   atom(Options),
            Options \== []
        ;   string(Options)
        )
    ->  atom_string(Search, Options),
        forall(( dbg_topic_(Topic, Active, Targets),
                 dbg_topic_text_(Topic, Text),
                 sub_atom(Text, _, _, _, Search)
               ),
               dbg_list_topic_(Topic, Active, Targets))
    ;   is_list(Options)
    ->  (   memberchk(active(Active), Options)
        ->  true
        ;   true
        ),
        forall(dbg_topic_(Topic, Active, Targets),
               dbg_list_topic_(Topic, Active, Targets))
    ;   must_be(list, Options)
    ).

% dbg_topic_text_(+Topic, -Text): Topic as listed, '_' for its
% variables that occur once.
dbg_topic_text_(Topic, Text) :-
    copy_term(Topic, Named),
    dbg_name_vars_(Named),
    format(atom(Text), "~q", [Named]).

dbg_list_topic_(Topic, Active, Targets) :-
    dbg_topic_text_(Topic, Text),
    atom_length(Text, Len),
    Pad is max(1, 32 - Len),
    (   Active == true
    ->  Mark = '\x2714\'
    ;   Mark = (-)
    ),
    format(user_error, "% ~w~*c~w", [Text, Pad, 0' , Mark]),
    (   Targets == []
    ->  true
    ;   format(user_error, " ~q", [Targets])
    ),
    nl(user_error).

% dbg_name_vars_(+Term): binds the variables of Term to '$VAR'(Name),
% '_' for those that occur once.
dbg_name_vars_(Term) :-
    term_variables(Term, Vars),
    dbg_occurrences_(Vars, Term, Counted),
    dbg_bind_names_(Counted, 0).

dbg_occurrences_([], _, []).
dbg_occurrences_([V|Vs], Term, [V-N|Cs]) :-
    dbg_count_(Term, V, 0, N),
    dbg_occurrences_(Vs, Term, Cs).

dbg_count_(T, V, N0, N) :-
    (   var(T)
    ->  (   T == V
        ->  N is N0 + 1
        ;   N = N0
        )
    ;   compound(T)
    ->  T =.. [_|Args],
        dbg_count_list_(Args, V, N0, N)
    ;   N = N0
    ).

dbg_count_list_([], _, N, N).
dbg_count_list_([A|As], V, N0, N) :-
    dbg_count_(A, V, N0, N1),
    dbg_count_list_(As, V, N1, N).

dbg_bind_names_([], _).
dbg_bind_names_([V-N|Cs], I) :-
    (   N =:= 1
    ->  V = '$VAR'('_'),
        I1 = I
    ;   V = '$VAR'(I),
        I1 is I + 1
    ),
    dbg_bind_names_(Cs, I1).

%!  debug_message_context(+What) is det.
%
%   +time adds the time of day to debug messages, -time removes it;
%   +thread and -thread are accepted (puzzlog has one thread, whose
%   messages SWI-Prolog does not mark either).
debug_message_context(+What) :-
    !,
    dbg_context_key_(What, Key),
    (   Key == none
    ->  true
    ;   dbg_context_(Key)
    ->  true
    ;   assertz(dbg_context_(Key))
    ).
debug_message_context(-What) :-
    dbg_context_key_(What, Key),
    retractall(dbg_context_(Key)).

dbg_context_key_(What, Key) :-
    (   nonvar(What),
        ( What == time ; What = time(_) )
    ->  Key = time
    ;   Key = none
    ).

%!  assertion(:Goal) is det.
%
%   Goal must succeed (once; its bindings are undone).  Otherwise
%   prints "Assertion failed" and throws
%   error(assertion_error(Reason, Goal), _), Reason being fail or the
%   exception Goal raised.
assertion(G) :-
    \+ \+ catch(G, Error, dbg_assertion_failed_(Error, G)),
    !.
assertion(G) :-
    dbg_assertion_failed_(fail, G).

dbg_assertion_failed_(Reason, G0) :-
    dbg_qualify_(G0, G),
    print_message(error, format("Assertion failed: ~q", [G])),
    throw(error(assertion_error(Reason, G), _)).

dbg_qualify_(G0, G) :-
    (   nonvar(G0),
        G0 = _:G1,
        nonvar(G1),
        G1 = _:_
    ->  dbg_qualify_(G1, G)
    ;   nonvar(G0),
        G0 = _:_
    ->  G = G0
    ;   G = user:G0
    ).

%!  debugging is det.
%
%   Prints the debugger's state (whether debug mode is on, an
%   informational message; no exception traps) and the enabled topics, if
%   any.
debugging :-
    '$debug_mode'(Mode, Mode),
    (   Mode == off -> State = off ; State = on ),
    print_message(informational, format("Debug mode is ~w", [State])),
    format(user_error, "% No exception traps~n", []),
    (   dbg_topic_(_, true, _)
    ->  list_debug_topics([active(true)])
    ;   true
    ).
