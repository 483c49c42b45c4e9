% CLP(B) on larger BDDs, as SWI-Prolog 9 answers: cardinalities over 50
% and 100 variables, chains of implications, independent sets of a long
% cycle, counted with sat_count/2 (fast in SWI-Prolog: well under a
% second each).

:- use_module(library(clpb)).

chain([_]).
chain([A,B|Vs]) :-
    sat(A =< B),
    chain([B|Vs]).

no_two_adjacent([_]).
no_two_adjacent([A,B|Vs]) :-
    sat(~(A*B)),
    no_two_adjacent([B|Vs]).

count(Name, Goal, Vs) :-
    \+ \+ ( Goal,
            sat_count(+[1|Vs], N),
            format("~w: ~w~n", [Name, N]) ).

main :-
    length(V20, 20),
    count(card_10_of_20, sat(card([10], V20)), V20),
    length(V50, 50),
    count(card_25_of_50, sat(card([25], V50)), V50),
    length(V100, 100),
    count(card_50_of_100, sat(card([50], V100)), V100),
    length(W100, 100),
    count(card_ranges_100, sat(card([0-10,45-55,90-100], W100)), W100),
    length(C150, 150),
    count(chain_150, chain(C150), C150),
    length(F80, 80),
    count(fibonacci_80, no_two_adjacent(F80), F80),
    length(Vs, 30),
    \+ \+ ( sat(card([15], Vs)),
            Vs = [A,B|_],
            sat(A =:= B),
            sat_count(+[1|Vs], N),
            taut(A =:= B, T),
            format("card_15_of_30_with_equal_pair: ~w ~w~n", [N, T]) ).
