% Benchmarks of tag_search/3 (see bench/README.md, "Tag-system search").
% Run with the release binary:
%   target/release/puzzlog -q -g bench -t halt bench/puzzles/tag_search.pl
% Each line: the space, the statistics, the best entry, wall and CPU
% seconds and the rate in systems per wall second.

:- consult('rules/tag.pl').

timed(Name, Options) :-
    statistics(walltime, [W0|_]), statistics(cputime, C0),
    tag_search(Options, [Best|_], Stats),
    statistics(walltime, [W1|_]), statistics(cputime, C1),
    W is (W1 - W0) / 1000, C is C1 - C0,
    Stats = stats(Raw, _, _, _),
    Rate is Raw / W,
    format("~w: ~q~n  best ~q~n  ~3f s wall, ~3f s CPU, ~0f systems/s~n", [Name, Stats, Best, W, C, Rate]).

bench :-
    % All 2-symbol 2-tag systems with productions up to 4 symbols (961,
    % 496 up to swapping 0 and 1), on all 30 words of length 1..4.
    Two = [deletion(2), symbols(2), max_length(4), words(1-4), max_steps(10000), top(3)],
    timed(two_symbols_words, Two),
    timed(two_symbols_words_1_thread, [threads(1)|Two]),
    timed(two_symbols_words_capped, [deletion(2), symbols(2), max_length(4), words(1-4), max_steps(10000), max_string(1000), top(3)]),
    % The seed's spaces (strings capped at 2000 symbols, 10^5 steps).
    forall(member(N, [post, favourite, long_a, long_b, long_c, long_d]),
           ( tag_seed_space(N, I, Space),
             append(Space, [inputs([I]), max_steps(100000), max_string(2000), top(1)], Opts),
             timed(N, Opts) )).

% The full 3-symbol 2-tag space with productions up to 4 symbols (1,771,561
% systems, 886,083 up to swapping 0 and 2, which keeps unary inputs), where
% long_b and long_d live; and the favourite on 30 ones among all 3,969
% two-symbol 3-tag systems with productions up to 5. Minutes:
%   target/release/puzzlog -q -g bench_full -t halt bench/puzzles/tag_search.pl
bench_full :-
    Full = [deletion(2), symbols(3), max_length(4), max_steps(100000), max_string(2000), top(3)],
    timed(long_b_full, [inputs(['111'])|Full]),
    timed(long_d_full, [inputs(['1111'])|Full]),
    timed(favourite_30, [deletion(3), symbols(2), max_length(5), unary(30), max_steps(100000), max_string(2000), top(3)]).
