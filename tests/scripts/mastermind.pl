% Mastermind (seed 002, "Dave Computes Mastermind Strategy"): its figures through the Prolog API.
?- consult('rules/mastermind.pl').
% Feedback of 1123 against 2321 is RWW; both notations.
?- mm_feedback([1,1,2,3], [2,3,2,1], B, W), mm_fb_notation(fb(B, W), A).
?- mm_feedback_pl([1,1,2,3], [2,3,2,1], B, W).
?- mm_fb_notation(F, 'RRWW').
% The sample game against 5512: 208, 38, then 7 codes, then one.
?- mm_consistent(mm(4,6), [[1,1,2,2]-'RW'], _Cs), length(_Cs, N).
?- mm_consistent(mm(4,6), [[1,1,2,2]-'RW', [1,1,3,4]-'W'], _Cs), length(_Cs, N).
?- mm_consistent(mm(4,6), [[1,1,2,2]-'RW', [1,1,3,4]-'W', [2,3,5,2]-'RW'], _Cs), maplist([C, A]>>atomic_list_concat(C, A), _Cs, As).
?- mm_consistent(mm(4,6), [[1,1,2,2]-'RW', [1,1,3,4]-'W', [2,3,5,2]-'RW', [6,2,4,2]-'R'], Cs).
% First guesses: how the 1,296 codes split.
?- mm_profile(mm(4,6), [], [1,1,1,1], P).
?- mm_profile(mm(4,6), [], [1,1,2,3], _P), forall(member(F-N, _P), (mm_fb_notation(F, A), format("~w=~w ", [A, N]))), nl.
% After 1122 with blank feedback (the seed says 276 codes; there are 256).
?- mm_profile(mm(4,6), [[1,1,2,2]-''], [3,3,4,5], _P), forall(member(F-N, _P), (mm_fb_notation(F, A), format("~w=~w ", [A, N]))), nl.
% Knuth plays the sample game.
?- mm_play(mm(4,6), knuth, [5,5,1,2], _G), mm_show_game(_G).
% LC: 7,471 guesses, worst case 9; the seed's 9-guess game for 6435.
?- mm_evaluate(mm(4,6), lc, S), format("~w~n", [S]).
?- mm_play(mm(4,6), lc, [6,4,3,5], _G), mm_show_game(_G).
% X+LC and X+Y+LC totals (the seed's 5,885 for 5466+4322+LC belongs to 5466+3324).
?- mm_evaluate(mm(4,6), first([[5,4,6,3]], lc), stats(T, M, _)).
?- mm_evaluate(mm(4,6), first([[5,4,6,6]], lc), stats(T, M, _)).
?- mm_evaluate(mm(4,6), first([[5,4,6,3],[4,3,2,2]], lc), stats(T, M, _)).
?- mm_evaluate(mm(4,6), first([[5,4,6,6],[4,3,2,2]], lc), stats(T, M, _)).
?- mm_evaluate(mm(4,6), first([[5,4,6,6],[3,3,2,4]], lc), stats(T, M, _)).
?- mm_evaluate(mm(4,6), first([[6,5,6,4],[4,2,3,3]], lc), stats(T, M, _)).
?- mm_evaluate(mm(4,6), first([[6,5,6,4],[4,3,3,2]], lc), stats(T, M, _)).
% RC and X+RC: exact expectations (the seed simulated a million games).
?- mm_expected(mm(4,6), first([[1,1,2,2]], rc), _A), format("~2f~n", [_A]).
?- mm_expected(mm(4,6), first([[1,1,2,3]], rc), _A), format("~2f~n", [_A]).
?- mm_expected(mm(4,6), first([[1,1,2,3],[2,2,4,5]], rc), _A), format("~3f~n", [_A]).
?- mm_expected(mm(4,6), first([[1,1,2,3],[4,4,1,5]], rc), _A), format("~3f~n", [_A]).
% Knuth: 5,801 total, max 5, 694 codes need 5; rows of the seed's table.
?- mm_evaluate(mm(4,6), knuth, S).
?- mm_next_guess(mm(4,6), knuth, [], G), mm_subtree(mm(4,6), knuth, [], stats(T, M, _)).
?- mm_next_guess(mm(4,6), knuth, [[1,1,2,2]-''], G), mm_subtree(mm(4,6), knuth, [[1,1,2,2]-''], stats(T, M, H)).
?- H = [[1,1,2,2]-'RW'], mm_next_guess(mm(4,6), knuth, H, G), mm_subtree(mm(4,6), knuth, H, stats(T, M, _)).
?- H = [[1,1,2,2]-'RW', [1,1,3,4]-'W'], mm_next_guess(mm(4,6), knuth, H, G), mm_subtree(mm(4,6), knuth, H, stats(T, M, _)).
% Consistent Knuth: 5,828 total, 54 codes need 6.
?- mm_evaluate(mm(4,6), consistent_knuth, S).
?- H = [[1,1,2,2]-'RW'], mm_next_guess(mm(4,6), consistent_knuth, H, G), mm_subtree(mm(4,6), consistent_knuth, H, stats(T, M, _)).
% The other one-step heuristics (no figures in the seed).
?- mm_evaluate(mm(4,6), irving, S).
?- mm_evaluate(mm(4,6), entropy, S).
?- mm_evaluate(mm(4,6), most_parts, S).
% The seed's tables: Knuth (top 24 rows, as in the seed), and the 269 and 286
% positions with three or more codes that the seed says must be memorised.
?- mm_table(mm(4,6), knuth, top(24)).
?- mm_table(mm(4,6), consistent_knuth, ['', '|RW', '|RW|W', [fb(0,0), fb(0,2)]]).
% The strategy tree, two levels deep, and the first guesses ranked.
?- mm_tree(mm(4,6), knuth, 2).
?- mm_tree(mm(3,2), lc).
?- mm_best_first(mm(4,6), knuth, _R), forall(member(G-stats(T, M, _), _R), format("~w ~w ~w~n", [G, T, M])).
% (For rc on 4x6 the ranking is the seed's X+RC list, 1123 4.61 first: 4 s, too slow here.)
?- mm_best_first(mm(3,4), rc, _R), forall(member(G-stats(T, _, _), _R), (A is T / 64, format("~w ~3f~n", [G, A]))).
% The seed's Advanced strategy: 6,206 total (the seed: 6,210), worst case 8, only 6543.
?- mm_evaluate(mm(4,6), advanced, S).
?- mm_play(mm(4,6), advanced, [6,5,4,3], _G), mm_show_game(_G).
?- mm_table(mm(4,6), advanced, top(8)).
?- mm_best_first(mm(4,6), advanced, _R), forall(member(G-stats(T, M, _), _R), format("~w ~w ~w~n", [G, T, M])).
?- mm_play(mm(4,6), advanced, [4,6,5,2], _G), mm_show_game(_G).
% Seeded simulation: same seed, same figures.
?- mm_simulate(mm(4,6), rc, 20000, 1, S), S = stats(T, _, _), A is T / 20000.
?- mm_simulate(mm(4,6), rc, 20000, 1, S1), mm_simulate(mm(4,6), rc, 20000, 1, S2), S1 == S2.
?- mm_simulate(mm(4,6), knuth, 1000, 7, S).
% Interactive play with the answers given as a list (at the toplevel: mm_break/2, mm_make/2).
?- mm_break(mm(4,6), knuth, ['RW', w, fb(1,1), 'R', 'RRRR']).
?- mm_break(mm(4,6), knuth, ['RW', 'WWWW']).
?- mm_make(mm(4,6), 3, [1122, [1,3,4,5], quit]).
% Errors.
?- mm_evaluate(mm(4,6), fastest, S).
?- mm_play(mm(4,6), lc, [1,2,3,7], G).
