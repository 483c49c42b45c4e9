% Tag systems: the figures of the seed "Dave Computes with Tag Systems".
% Step 1 is the input word itself; see rules/tag.pl.
:- consult('rules/tag.pl').

% Post's system 0xx -> 00, 1xx -> 1101: 111 repeats on step 7 (10100 at 5 and 7).
?- tag_system(post, S), tag_trace(S, '111', 7, Strings).
?- tag_system(post, S), tag_ones_table(S, 3, 14, Rows), forall(member(R, Rows), (print(R), nl)).
?- tag_system(post, S), ones(20, W), tag_outcome(S, W, O).
% The last strings of 14 ones: ..., 000, 00 (step 411, shorter than 3).
?- tag_system(post, S), ones(14, W), tag_lengths(S, W, 411, L), length(L, N), last(L, Len).

% The favourite 0xx -> 0, 1xx -> 11001.
?- tag_system(favourite, S), member(N, [3, 24, 30]), ones(N, W), tag_outcome(S, W, O).

% Other long-lived systems. The seed calls long_c an underflow at 11,200 steps;
% the count agrees, but step 11200 repeats step 11194.
?- tag_system(long_a, S), tag_outcome(S, '11', O).
?- tag_system(long_b, S), tag_outcome(S, '111', O).
?- tag_system(long_c, S), tag_outcome(S, '1111', O).
?- tag_system(long_d, S), tag_outcome(S, '1111', O).
?- tag_system(mod3, S), ones(19, W), tag_outcome(S, W, O).

% The four outcomes with 0x -> 20, 1x -> 01010.
?- tag_system(grow, S), tag_run(S, '10', 100, O).
?- tag_system(grow, S), tag_run(S, "001", 100, O).
?- tag_system(grow, S), tag_run(S, '1', 100, O).
?- tag_system(grow, S), tag_run(S, '101', 17, O), tag_trace(S, '101', 17, T), last(T, Last).

% Collatz: 3, 5, 8, 4, 2, 1 in the all-ones strings.
?- tag_system(collatz, S), tag_trace(S, '111', 100, T), include([X]>>(atom_chars(X, Cs), maplist(==('1'), Cs)), T, Ones), maplist(atom_length, Ones, Ns).
?- tag_system(three_halves, S), tag_outcome(S, '11111', O1), tag_outcome(S, '1111', O2).
?- tag_system(adder, S), tag_run(S, '000000001212', 100, O).
?- tag_system(fibonacci, S), tag_trace(S, '0', 13, T), last(T, Last).

% The map behind three_halves: every start up to 15 reaches 0 (the seed's 1) or 4;
% 16 starts a third cycle. The seed's shares for starts up to 10^9 are
% 32.6868782% / 32.4952364% / 34.8178854% (an #[ignore] test checks them).
?- tag_map(three_halves, M), map_census(M, 15, C).
?- tag_map(three_halves, M), map_census(M, 16, C).
?- tag_map(three_halves, M), map_census(M, 1000000, C), census_percentages(C, P).
?- tag_map(mod3, M), map_census(M, 100000, C).

% Search: each of the seed's long-lived systems is the best of its space on
% its input (rank 1); long_b and long_c: see tests in src/puzzles/tag/search.rs.
?- tag_seed_rank(post, Rank, Best, Stats).
?- tag_seed_rank(favourite, Rank, Best, Stats).
?- tag_seed_rank(long_c, Rank, Best, Stats).
?- tag_seed_rank(long_d, Rank, Best, Stats).
% long_a's space without the fixed 0x -> 0 holds 64000 systems (32080 up to
% renaming 0 <-> 2); with it, 1600.
?- tag_search([deletion(2), symbols(3), max_length(3), fix(['0'-'0']), unary(2), top(3), max_steps(5000)], _R, S), print_ranking(_R).
% All 2-symbol 2-tag systems with productions up to length 2 on all words of
% length 1..2: 49 systems, 28 up to swapping 0 and 1.
?- tag_search([symbols(2), max_length(2), words(1-2), criterion(any), top(3)], _R, S), print_ranking(_R).
% Unary inputs only allow renamings that keep '1': here none.
?- tag_search([symbols(2), max_length(2), unary(1-2), top(0)], R, S).
% A halting symbol ('2', no rule): among the 81 systems 0x -> 0, 1x -> ????, the
% seed's adder 1x -> 1212 halts on 000000001212 at step 23, fifth (tied with
% 1210 and 1211, which come first by number).
?- tag_search([halting(true), fix(['0'-'0']), min_length(4), max_length(4), inputs(['000000001212']), criterion(halt), top(10)], _R, S), _R = [Best|_], once(nth1(Rank, _R, Steps-entry(tag(2, ['0'-'0', '1'-'1212']), _, Outcome))).
% Deletion numbers 1..3 together, one entry per run.
?- tag_search([deletion(1-3), max_length(2), unary(2-3), per(run), top(4)], _R), print_ranking(_R).
% Outgrowing the string cap.
?- tag_search([deletion(3), max_length(4), unary(14), max_string(30), criterion(outgrown), top(2)], _R), print_ranking(_R).
% Plots (SVG files; their content is checked by the Rust tests).
?- tag_system(post, S), ones(14, W), tag_plot(S, W, 1000, 'target/tag_post_14.svg').
?- tag_plot_named(favourite, '111111111111111111111111111111', 100000, 'target/tag_favourite_30.svg').

% Bad input.
?- tag_run(tag(0, ['0'-'0']), '0', 10, O).
?- tag_run(tag(2, [ab-'0']), '0', 10, O).
?- tag_run(tag(2, ['0'-'0']), '0', -1, O).
?- map_census(map(2, [0-f(1,0,1)]), 10, C).
?- tag_search([symbols(2), frobnicate(1)], R).
?- tag_search([alphabet([a, b])], R).
?- tag_search([max_length(40)], R).
?- tag_plot(tag(2, ['0'-'0']), '0', 10, 'no/such/dir/x.svg').
