% bench/puzzles/mastermind_optimal.pl -- the exact optimal strategies, end
% to end from Prolog.
%
% Run from the repository root with the release binary:
%   target/release/puzzlog -q -g bench -t halt bench/puzzles/mastermind_optimal.pl
%   target/release/puzzlog -q -g "bench(all)" -t halt bench/puzzles/mastermind_optimal.pl
% bench/0 times the three 4-peg 6-colour searches, bench(all) adds 4 pegs
% 7 colours and 5 pegs 5 colours. Each line is one mm_evaluate/3 of a
% strategy not yet searched in this process (the trees are cached per
% process): the exact search on both cores, the independent verifier's
% replay of the tree on every secret, and the evaluation. CPU seconds from
% statistics(cputime, _) count every thread of the process; the targets of
% the issue are CPU times of the whole search.

:- consult('rules/mastermind.pl').

bench :-
    bench(classic).

bench(Which) :-
    forall(search(Which, Spec, Strategy, Target),
           run(Spec, Strategy, Target)).

% search(Which, Spec, Strategy, TargetCpuSeconds)
search(_, mm(4,6), optimal, 0.13).
search(_, mm(4,6), optimal(5), none).
search(_, mm(4,6), optimal_consistent, none).
search(all, mm(4,7), optimal, 24).
search(all, mm(5,5), optimal, 6).

run(Spec, Strategy, Target) :-
    statistics(cputime, C0),
    statistics(walltime, [W0, _]),
    mm_evaluate(Spec, Strategy, stats(Total, Max, _)),
    statistics(cputime, C1),
    statistics(walltime, [W1, _]),
    Cpu is C1 - C0,
    Wall is (W1 - W0) / 1000,
    format("~w ~w: total ~D, max ~w, ~3f s CPU, ~3f s wall", [Spec, Strategy, Total, Max, Cpu, Wall]),
    (   Target == none
    ->  nl
    ;   format(" (target ~w s CPU)~n", [Target])
    ).
