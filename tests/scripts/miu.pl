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
