% The MIU system (seed 000, "Solving the MIU puzzle with programming"): its examples.
?- consult('rules/miu.pl').
% The derivability criterion.
?- miu_theorem([m,u,i,i,u]).
?- miu_theorem([m,i,i,i,i,i,i,i,i,i]).
?- miu_theorem('MIIIIU').
?- miu_theorem('MIIIIII').
?- miu_theorem('MU').
?- miu_theorem('MIT').
?- miu_theorem(miiii).
% The seed's construction: MIIUUUII (N = 13, n = 4, one rule 1), MUIIU (n = 3) and MIIUII (N = 7, n = 4).
?- miu_derive('MIIUUUII', _Steps), forall(member(R-S, _Steps), format("~w  ~w~n", [R, S])).
?- miu_derive([m,u,i,i,u], Steps), miu_check(Steps).
% A longer theorem: the construction stays linear in the number of steps.
?- miu_derive('MUIUIUIUIUIUIUIUIUIUI', _Steps), length(_Steps, N), miu_check(_Steps).
?- miu_derive('MIIUII', _Steps), forall(member(R-S, _Steps), format("~w  ~w~n", [R, S])).
?- miu_derive('MI', Steps).
% MIIIIU: rules 2, 2, 1 suffice; the construction takes the long way, but every step is a rule.
?- miu_check([2-'MII', 2-'MIIII', 1-'MIIIIU']).
?- miu_derive('MIIIIU', _Steps), length(_Steps, N), miu_check(_Steps).
% Non-theorems are refused, never searched for.
?- miu_derive('MU', Steps).
?- miu_derive('MIIIIII', Steps).
?- miu_derive(S, Steps).
% miu_check rejects wrong steps.
?- miu_check([2-'MIU']).
?- miu_check([1-'MIU', 4-'MI']).
?- miu_check([1-'MIU', 2-[m,i,u,i,u]]).
% Every theorem of up to 10 letters: the construction derives it, and miu_check agrees.
?- findall(S, (between(1, 9, L), length(B, L), maplist([C]>>member(C, [i,u]), B), S = [m|B], miu_theorem(S)), _Ts), length(_Ts, N), forall(member(T, _Ts), (miu_derive(T, St), miu_check(St), last([0-[m,i]|St], _-T))).
% Shortest derivations, proved shortest by iterative deepening with a lower bound (no length cap).
?- miu_shortest('MIIU', Steps).
?- miu_shortest([m,u,i], Steps).
% MIIIIU: rules 2, 2, 1 (the construction takes 11 steps).
?- miu_shortest('MIIIIU', Steps).
% MUIIU passes through MIIIIIIII, longer than itself.
?- miu_shortest('MUIIU', Steps).
?- miu_shortest('MI', Steps).
% The seed's examples: shortest and constructed lengths, every derivation checked.
?- forall(member(S, ['MIIII', 'MIIIIU', 'MUIIU', 'MIIUII', 'MIIUUUII', 'MIIIII', 'MUIUIUIUI', 'MIIIIIIIIIIIIII', 'MIUIUIUIUIU']), (miu_shortest(S, _Sh), miu_check(_Sh), last([0-'MI'|_Sh], _-S), length(_Sh, L), miu_derive(S, _D), length(_D, LD), format("~w: shortest ~w, construction ~w~n", [S, L, LD]))).
?- miu_shortest('MIIUII', _Steps), forall(member(R-S, _Steps), format("~w  ~w~n", [R, S])).
% Every theorem of up to 7 letters: a checked shortest derivation, never longer than the construction.
?- findall(S, (between(1, 6, L), length(B, L), maplist([C]>>member(C, [i,u]), B), S = [m|B], miu_theorem(S)), _Ts), length(_Ts, N), forall(member(T, _Ts), (miu_shortest(T, St), miu_check(St), last([0-[m,i]|St], _-T), length(St, K), miu_derive(T, D), length(D, KD), K =< KD)), findall(K, (member(T, _Ts), miu_shortest(T, St), length(St, K)), _Ks), max_list(_Ks, Max), sum_list(_Ks, Sum).
% Non-theorems are refused.
?- miu_shortest('MU', Steps).
?- miu_shortest('MIIIIII', Steps).
?- miu_shortest('MIT', Steps).
?- miu_derive('MIT', Steps).
