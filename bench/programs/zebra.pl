% Benchmark: the zebra (Einstein) puzzle by unification over a list of houses, solved repeatedly.
right_of(X, Y, [Y, X|_]).
right_of(X, Y, [_|T]) :- right_of(X, Y, T).
next_to(X, Y, L) :- right_of(X, Y, L).
next_to(X, Y, L) :- right_of(Y, X, L).
mem(X, [X|_]).
mem(X, [_|T]) :- mem(X, T).

% house(Nationality, Colour, Pet, Drink, Smoke)
houses([house(norwegian, _, _, _, _), _, house(_, _, _, milk, _), _, _]).

zebra(Houses) :-
    houses(Houses),
    mem(house(english, red, _, _, _), Houses),
    mem(house(spanish, _, dog, _, _), Houses),
    mem(house(_, green, _, coffee, _), Houses),
    mem(house(ukrainian, _, _, tea, _), Houses),
    right_of(house(_, green, _, _, _), house(_, ivory, _, _, _), Houses),
    mem(house(_, _, snails, _, oldgold), Houses),
    mem(house(_, yellow, _, _, kools), Houses),
    next_to(house(_, _, _, _, chesterfield), house(_, _, fox, _, _), Houses),
    next_to(house(_, _, _, _, kools), house(_, _, horse, _, _), Houses),
    mem(house(_, _, _, orange_juice, luckystrike), Houses),
    mem(house(japanese, _, _, _, parliament), Houses),
    next_to(house(norwegian, _, _, _, _), house(_, blue, _, _, _), Houses),
    mem(house(_, _, zebra, _, _), Houses),
    mem(house(_, _, _, water, _), Houses).

loop(0, H, H) :- !.
loop(N, _, H) :- findall(Hs, zebra(Hs), [H1]), N1 is N - 1, loop(N1, H1, H).

bench(N) :-
    loop(N, none, Houses),
    mem(house(Z, _, zebra, _, _), Houses),
    mem(house(W, _, _, water, _), Houses),
    format("zebra x~d: ~w owns the zebra, ~w drinks water~n", [N, Z, W]).
bench :- bench(600).
