% Hyperjump (seed 001, "Solving Quanta Magazine Hyperjump with Prolog"): its examples.
?- consult('rules/hyperjump.pl').
% Combo examples from the seed: 71 - 8 = 63, 83 - 4 = 79, 144 / 8 = 18.
?- hyperjump_valid([7,1,8,3]).
?- hyperjump_valid([7,1,8,4]).
?- hyperjump([8,3,4], 3, S).
?- hyperjump_basic([8,3,4], 3, S).
?- hyperjump([1,4,4,8,8,1], 6, [1,4,4,8,8,1,9]).
?- hyperjump_basic([1,4,4,8,8,1], 6, [1,4,4,8,8,1,9]).
% The 03/15/2023 puzzle: 18 sequences of all eight digits.
?- solutions([1,8,1,8,7,4,3,7], 8, S), length(S, N), S = [First|_].
?- print_solutions([1,8,1,8,7,4,3,7], 8).
% The 03/16/2023 puzzle: without combos only 2 six-digit sequences (3 are needed).
?- print_solutions([4,4,7,3,1,1,8,5], 6).
?- findall(S, hyperjump_basic([4,4,7,3,1,1,8,5], 6, S), Ss).
?- solutions([4,4,7,3,1,1,8,5], 6, Ss), length(Ss, N).
?- print_solutions([4,4,7,3,1,1,8,5], 8).
% Sequences per level and the best score of the day (4 + 3 + 2 + every eight-digit sequence).
?- hyperjump_levels([1,8,1,8,7,4,3,7], L), hyperjump_score([1,8,1,8,7,4,3,7], P).
?- hyperjump_levels([4,4,7,3,1,1,8,5], L), hyperjump_score([4,4,7,3,1,1,8,5], P).
% Days where level 7 cannot be passed (2 needed): the game ends there, even
% when an eight-digit sequence exists.
?- hyperjump_levels([5,2,1,8,9,3,6,1], L), hyperjump_score([5,2,1,8,9,3,6,1], P).
?- hyperjump_levels([1,8,9,6,3,5,8,5], L), hyperjump_score([1,8,9,6,3,5,8,5], P).
% Short sequences; repeated digits give each sequence once.
?- solutions([1,8,1,8,7,4,3,7], 1, S).
?- solutions([1,8,1,8,7,4,3,7], 2, S).
?- hyperjump([5,4,5], 2, S).
% Bad input.
?- hyperjump([1,x], 2, S).
?- hyperjump([1,12], 2, S).
?- hyperjump([1,2], 3, S).
