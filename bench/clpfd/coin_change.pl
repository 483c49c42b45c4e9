% Coin change: the fewest coins (scalar_product/4, labeling([min(Total)]))
% that make an amount, for several coin systems and amounts.
:- use_module(library(clpfd)).

bench :-
    forall(task(Coins, Amount),
           ( once(change(Coins, Amount, Counts, Total)),
             format("~w ~w: ~w coins ~w~n", [Coins, Amount, Total, Counts]) )).

change(Coins, Amount, Counts, Total) :-
    same_length(Coins, Counts),
    Counts ins 0..sup,
    scalar_product(Coins, Counts, #=, Amount),
    sum(Counts, #=, Total),
    labeling([min(Total)], Counts).

task([1,2,5,10,20,50,100,200], 389).
task([1,3,7,12,29,41], 199).
task([3,7,11,17,23], 173).
task([2,9,15,27,44], 251).
task([5,11,13,17,19,23], 301).
task([4,6,9,20,35], 417).
