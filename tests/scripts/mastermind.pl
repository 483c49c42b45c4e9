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
% Errors.
?- mm_evaluate(mm(4,6), fastest, S).
?- mm_play(mm(4,6), lc, [1,2,3,7], G).
