/*  statistics.pl -- timing goals and printing resource usage,
    compatible with SWI-Prolog 9's library(statistics).

    Part of puzzlog's Prolog library.  time/1 prints, on standard error,
    the line SWI-Prolog prints:
        % N inferences, T CPU in W seconds (P% CPU, L Lips)
    once for every exit of the goal (counting from the previous one),
    when it fails and when it raises.  The inference counts are
    puzzlog's (its own overhead subtracted); they differ from SWI's.
    statistics/0 prints SWI-Prolog's summary from statistics/2, with 0
    for the keys this engine does not keep.

    Not here: call_time/2,3 and statistics/1 (their results are dicts,
    which puzzlog does not have), profile/1,2, show_profile/1,
    profile_data/1, profile_procedure_data/2 (no profiler) and
    thread_statistics/2 (no threads).

    Helper predicates start with stat_.
*/

:- module(prolog_statistics,
          [ time/1,                     % :Goal
            statistics/0
          ]).
:- use_module(library(lists)).

:- meta_predicate
    time(0).

:- dynamic
    stat_started_/1.                    % time stamp of loading

:- get_time(Now), assertz(stat_started_(Now)).

%!  time(:Goal) is nondet.
%
%   Calls Goal and prints the inferences, CPU time, wall time, CPU
%   percentage and inferences per second it took, after each solution
%   (the next one is measured from there), on failure and on an
%   exception (which is raised again).
time(Goal) :-
    stat_now_(Start),
    State = stat(Start),
    (   call_cleanup(catch(Goal, E, ( stat_report_(State), throw(E) )),
                     Det = true),
        stat_report_(State),
        (   Det == true
        ->  !
        ;   true
        )
    ;   stat_report_(State),
        fail
    ).

% stat_now_(-Time): time(Inferences, CPU, Wall) now.
stat_now_(time(I, C, W)) :-
    statistics(inferences, I),
    statistics(cputime, C),
    get_time(W).

% stat_report_(!State): prints the usage since State and moves State
% on to now.
stat_report_(State) :-
    stat_now_(Now),
    arg(1, State, time(I0, C0, W0)),
    Now = time(I1, C1, W1),
    stat_overhead_(Overhead),
    Inferences is max(0, I1 - I0 - Overhead),
    Cpu is C1 - C0,
    Wall is W1 - W0,
    (   Wall > 0
    ->  Perc is round(100 * Cpu / Wall)
    ;   Perc = ?
    ),
    (   Cpu =:= 0
    ->  Lips = 'Infinite'
    ;   Lips is integer(Inferences / Cpu)
    ),
    stat_fresh_line_(user_error),
    format(user_error,
           "% ~D inferences, ~3f CPU in ~3f seconds (~w% CPU, ~w Lips)~n",
           [Inferences, Cpu, Wall, Perc, Lips]),
    stat_now_(Again),
    nb_setarg(1, State, Again).

% stat_overhead_(-N): the inferences time/1 counts for itself, as
% measured on true.
stat_overhead_(N) :-
    (   nb_current(stat_overhead_, N0)
    ->  N = N0
    ;   stat_measure_true_(N),
        nb_setval(stat_overhead_, N)
    ).

stat_measure_true_(N) :-
    statistics(inferences, I0),
    State = stat(time(I0, 0, 0)),
    catch(call_cleanup(true, Det = true), _, true),
    Det == true,
    arg(1, State, time(I1, _, _)),
    statistics(inferences, I2),
    N is I2 - I1.

stat_fresh_line_(Stream) :-
    (   line_position(Stream, Column),
        Column > 0
    ->  nl(Stream)
    ;   true
    ).

%!  statistics is det.
%
%   Prints a summary of the resources used on standard error, in
%   SWI-Prolog's layout.
statistics :-
    Out = user_error,
    stat_fresh_line_(Out),
    stat_started_(Started),
    stat_ctime_(Started, Date),
    format(Out, "% Started at ~w~n", [Date]),
    statistics(cputime, Cpu),
    statistics(inferences, Inferences),
    format(Out, "% ~3f seconds cpu time for ~D inferences~n", [Cpu, Inferences]),
    stat_key_(atoms, Atoms),
    stat_key_(functors, Functors),
    stat_key_(predicates, Predicates),
    stat_key_(modules, Modules),
    stat_key_(codes, Codes),
    format(Out, "% ~D atoms, ~D functors, ~D predicates, ~D modules, ~D VM-codes~n",
           [Atoms, Functors, Predicates, Modules, Codes]),
    format(Out, "% ~n", []),
    format(Out, "%                     Limit   Allocated      In use~n", []),
    stat_stack_line_(Out, 'Local  stack:', local, localused),
    stat_stack_line_(Out, 'Global stack:', global, globalused),
    stat_stack_line_(Out, 'Trail  stack:', trail, trailused),
    stat_key_(local, L), stat_key_(global, G), stat_key_(trail, T),
    stat_key_(localused, LU), stat_key_(globalused, GU), stat_key_(trailused, TU),
    Allocated is L + G + T,
    Used is LU + GU + TU,
    (   catch(current_prolog_flag(stack_limit, Limit), _, fail),
        integer(Limit)
    ->  stat_size_(Limit, LimitText)
    ;   LimitText = '-'
    ),
    stat_size_(Allocated, AllocatedText),
    stat_size_(Used, UsedText),
    format(Out, "%        Total:~t~w~27|~t~w~39|~t~w~51|~n",
           [LimitText, AllocatedText, UsedText]),
    (   catch(statistics(garbage_collection, [N, Freed, Ms]), _, fail),
        N > 0
    ->  Seconds is Ms / 1000,
        format(Out, "% ~n", []),
        format(Out, "% ~D garbage collections gained ~D bytes in ~3f seconds.~n",
               [N, Freed, Seconds])
    ;   true
    ).

% stat_key_(+Key, -Value): statistics/2, or 0 for a key it does not know.
stat_key_(Key, Value) :-
    (   catch(statistics(Key, V), _, fail),
        integer(V)
    ->  Value = V
    ;   Value = 0
    ).

stat_stack_line_(Out, Label, AllocatedKey, UsedKey) :-
    stat_key_(AllocatedKey, Allocated),
    stat_key_(UsedKey, Used),
    stat_size_(Allocated, AllocatedText),
    stat_size_(Used, UsedText),
    format(Out, "% ~w~t~w~27|~t~w~39|~t~w~51|~n",
           [Label, -, AllocatedText, UsedText]).

% stat_size_(+Bytes, -Text): "N  b", "N Kb" or "N Mb", the largest unit
% that keeps N under 20,000 (rounded), with digit groups.
stat_size_(Bytes, Text) :-
    (   Bytes < 20000
    ->  format(atom(Text), "~D  b", [Bytes])
    ;   K is round(Bytes / 1024),
        K < 20000
    ->  format(atom(Text), "~D Kb", [K])
    ;   M is round(Bytes / (1024 * 1024)),
        format(atom(Text), "~D Mb", [M])
    ).

% stat_ctime_(+Stamp, -Text): the time stamp as C's ctime() writes it
% ("Wed Nov 25 10:47:09 2026"), in UTC.
stat_ctime_(Stamp, Text) :-
    Secs is floor(Stamp),
    Days is Secs // 86400,
    DaySecs is Secs mod 86400,
    H is DaySecs // 3600,
    Mi is DaySecs // 60 mod 60,
    S is DaySecs mod 60,
    WeekDay is (Days + 4) mod 7,          % 1970-01-01 was a Thursday
    stat_civil_(Days, Y, Mo, D),
    nth0(WeekDay, ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'], WD),
    nth1(Mo, ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun',
              'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'], MN),
    format(atom(Text), "~w ~w ~|~t~d~2+ ~|~`0t~d~2+:~|~`0t~d~2+:~|~`0t~d~2+ ~d",
           [WD, MN, D, H, Mi, S, Y]).

% stat_civil_(+Days, -Year, -Month, -Day): the proleptic Gregorian date
% Days after 1970-01-01.
stat_civil_(Days, Y, M, D) :-
    Z is Days + 719468,
    Era is Z // 146097,
    DoE is Z - Era * 146097,
    YoE is (DoE - DoE // 1460 + DoE // 36524 - DoE // 146096) // 365,
    Y0 is YoE + Era * 400,
    DoY is DoE - (365 * YoE + YoE // 4 - YoE // 100),
    MP is (5 * DoY + 2) // 153,
    D is DoY - (153 * MP + 2) // 5 + 1,
    (   MP < 10
    ->  M is MP + 3
    ;   M is MP - 9
    ),
    (   M =< 2
    ->  Y is Y0 + 1
    ;   Y = Y0
    ).
