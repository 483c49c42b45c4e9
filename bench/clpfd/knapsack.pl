% Knapsack: bounded item counts, capacity as scalar_product/4 #=<, value
% maximised with labeling([max(Value)]); several capacities.
:- use_module(library(clpfd)).

bench :- bench([50, 80, 110, 140, 170, 200, 230]).

bench(Caps) :-
    forall(member(Cap, Caps),
           ( once(knapsack(Cap, Counts, Value)),
             format("capacity ~w: value ~w, counts ~w~n", [Cap, Value, Counts]) )).

% item(Weight, Value, MaxCount)
items([item(3,5,4), item(4,7,3), item(5,8,3), item(7,13,2), item(9,16,2),
       item(11,20,2), item(13,22,1), item(17,31,1), item(19,33,1), item(23,42,1)]).

knapsack(Cap, Counts, Value) :-
    items(Items),
    maplist(item_var, Items, Counts, Ws, Vs),
    scalar_product(Ws, Counts, #=<, Cap),
    scalar_product(Vs, Counts, #=, Value),
    labeling([max(Value)], Counts).

item_var(item(W, V, Max), X, W, V) :- X in 0..Max.
