% Mastermind: exact optimal strategies (issue 4). Branch and bound; every tree
% the search returns is replayed on every secret by an independent verifier.
?- consult('rules/mastermind.pl').
% Koyama and Lai's optimum: 5,625 guesses over the 1,296 secrets, worst case 6.
?- mm_evaluate(mm(4,6), optimal, S).
?- mm_next_guess(mm(4,6), optimal, [], G).
?- mm_play(mm(4,6), optimal, [5,5,1,2], _G), mm_show_game(_G).
% No secret may need more than 5 guesses: one guess more in total, 5,626.
?- mm_evaluate(mm(4,6), optimal(5), stats(T, M, _)).
% Consistent guesses only: 5,660 (the seed's 5,671 is not the optimum).
?- mm_evaluate(mm(4,6), optimal_consistent, S).
?- mm_next_guess(mm(4,6), optimal_consistent, [[1,1,2,2]-'RW'], G).
% After fixed openings, the optimum of what is left.
?- mm_evaluate(mm(4,6), first([[1,1,2,2]], optimal), stats(T, M, _)).
% Smaller games, and limits.
?- mm_evaluate(mm(3,4), optimal, S), mm_evaluate(mm(3,4), optimal_consistent, S2).
?- mm_evaluate(mm(3,4), optimal(3), S).
?- mm_evaluate(mm(3,4), optimal(2), S).
?- mm_evaluate(mm(3,4), optimal(0), S).
?- mm_evaluate(mm(3,4), optimal(x), S).
