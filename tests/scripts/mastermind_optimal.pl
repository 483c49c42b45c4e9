% Mastermind: exact optimal strategies (issue 4). Branch and bound; every tree
% the search returns is replayed on every secret by an independent verifier.
?- consult('rules/mastermind.pl').
% Koyama and Lai's optimum: 5,625 guesses over the 1,296 secrets, worst case 6.
?- mm_evaluate(mm(4,6), optimal, S).
?- mm_next_guess(mm(4,6), optimal, [], G).
?- mm_play(mm(4,6), optimal, [5,5,1,2], _G), mm_show_game(_G).
% Consistent guesses only: 5,660 (the seed's 5,671 is not the optimum).
?- mm_evaluate(mm(4,6), optimal_consistent, S).
?- mm_next_guess(mm(4,6), optimal_consistent, [[1,1,2,2]-'RW'], G).
% After fixed openings, the optimum of what is left.
?- mm_evaluate(mm(3,4), first([[1,1,2]], optimal), S).
% Smaller games, and limits.
?- mm_evaluate(mm(3,4), optimal, S), mm_evaluate(mm(3,4), optimal_consistent, S2).
% Guess limits (4x6 under a 5-guess limit, 5,626, is the ignored test optimal_4x6_timing: 4 s in debug).
?- mm_evaluate(mm(3,4), optimal(4), S).
?- mm_evaluate(mm(3,4), optimal(3), S).
?- mm_evaluate(mm(3,4), optimal(2), S).
?- mm_evaluate(mm(3,4), optimal(0), S).
?- mm_evaluate(mm(3,4), optimal(x), S).
