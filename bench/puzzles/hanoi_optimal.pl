% Benchmark: the exact optimum of the free Magnetic Tower of Hanoi (rules/hanoi.pl) by
% breadth-first search, and Levy's replay proof.  Run with the rules loaded first:
%     target/release/puzzlog -q -g bench -t halt rules/hanoi.pl bench/puzzles/hanoi_optimal.pl
%     swipl -q -g bench -t halt rules/hanoi.pl bench/puzzles/hanoi_optimal.pl
% bench/1 takes the number of disks (bench/0: 8).  Times are CPU seconds.

bench :-
    bench(8).

bench(N) :-
    timed(mtoh_optimal(N, posts(n, n, n), Length), T1),
    Levy is (3^N - 1) // 2,
    format("mtoh_optimal(~w, posts(n,n,n)): ~w moves (Levy ~w), ~3f s~n", [N, Length, Levy, T1]),
    timed(mtoh_optimal(N, posts(n, n, n), _, Moves), T2),
    mtoh_disk_counts(N, Moves, Counts),
    format("mtoh_optimal/4 with the move list: ~3f s, per disk ~w~n", [T2, Counts]),
    timed(mtoh_optimal(N, posts(r, b, b), Coloured), T3),
    format("mtoh_optimal(~w, posts(r,b,b)): ~w moves, ~3f s~n", [N, Coloured, T3]),
    timed(forall(between(1, 12, K), mtoh_levy_legal(K)), T4),
    format("mtoh_levy_legal(1..12): ~3f s~n", [T4]).

timed(Goal, T) :-
    statistics(cputime, T0),
    once(Goal),
    statistics(cputime, T1),
    T is T1 - T0.
