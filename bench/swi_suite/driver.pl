/*  driver.pl -- runs SWI-Prolog's own benchmark suite (../shared/swi-bench,
    beside the project) as its upstream driver does: each program is loaded
    into its own module named after its file and defines top/0; one
    iteration is \+ \+ top.  The same file runs under puzzlog and swipl.

    check   each program once: its outcome and the text it printed
    run(F)  CPU seconds of Count*F iterations of each program (Count from
            programs.pl), less the time of an empty loop

    Run from the project root (bench/swi_suite/compare does both systems):
        puzzlog -q -g check -t halt bench/swi_suite/driver.pl
*/

suite_dir('../shared/swi-bench').

load_suite :-
    suite_dir(D),
    atom_concat(D, '/programs.pl', F),
    suite:consult(F).

load_program(P) :-
    suite_dir(D),
    format(atom(F), '~w/programs/~w.pl', [D, P]),
    P:consult(F).

programs(Ps) :-
    findall(P, suite:program(P, _), Ps).

check :-
    load_suite,
    programs(Ps),
    forall(member(P, Ps), check(P)).

check(P) :-
    catch(( load_program(P),
            with_output_to(string(S), (\+ \+ P:top -> R = true ; R = false))
          ), E, (R = error, S = "", print_message(error, E))),
    split_string(S, "\n", "", Lines),
    length(Lines, N),
    format("~w: ~w, ~d lines printed~n", [P, R, N]),
    forall(member(L, Lines), (L == "" -> true ; format("    ~s~n", [L]))).

run(Factor) :-
    load_suite,
    programs(Ps),
    forall(member(P, Ps), run(P, Factor)).

run(P, Factor) :-
    suite:program(P, Count),
    N is max(1, round(Count * Factor)),
    (   catch(load_program(P), _, fail),
        catch(\+ \+ P:top, _, fail)
    ->  statistics(cputime, T0),
        ( between(1, N, _), \+ \+ P:top, fail ; true ),
        statistics(cputime, T1),
        ( between(1, N, _), \+ \+ true, fail ; true ),
        statistics(cputime, T2),
        T is max(0.0, (T1 - T0) - (T2 - T1)),
        format("~w ~d ~3f~n", [P, N, T])
    ;   format("~w ~d failed~n", [P, N])
    ).
