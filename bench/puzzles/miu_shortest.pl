% Benchmark: exact shortest MIU derivations (rules/miu.pl, miu_shortest/2).  Run with:
%     target/release/puzzlog -q -g bench -t halt rules/miu.pl bench/puzzles/miu_shortest.pl
%     swipl -q -g bench -t halt rules/miu.pl bench/puzzles/miu_shortest.pl
% MUUUUUUI is the hard case: 18 steps (the construction needs 36), every bound
% D = 0..17 refuted by exhaustive search first.  Times are CPU seconds.

bench :-
    forall(member(S, ['MIIIIIIIIIIIIII', 'MIUIUIUIUIU', 'MUUUUUUI']),
           bench(S)).

bench(S) :-
    statistics(cputime, T0),
    miu_shortest(S, Steps),
    statistics(cputime, T1),
    T is T1 - T0,
    length(Steps, L),
    miu_derive(S, Derived),
    length(Derived, LD),
    (   miu_check(Steps)
    ->  Check = checked
    ;   Check = 'CHECK FAILED'
    ),
    format("miu_shortest(~w): ~w steps (~w), construction ~w, ~3f s~n", [S, L, Check, LD, T]).
