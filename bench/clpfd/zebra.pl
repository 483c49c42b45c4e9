% The zebra puzzle with one variable per attribute value (house numbers
% 1..5), all_different per attribute, #= and abs for "next to"; solved K times.
:- use_module(library(clpfd)).

bench :- bench(1500).

bench(K) :-
    forall(between(1, K, _), once(zebra(_, _))),
    once(zebra(Vars, Names)),
    pairs_keys_values(Pairs, Vars, Names),
    keysort(Pairs, Sorted),
    forall(member(H-N, Sorted), format("~w ~w~n", [H, N])).

zebra(Vars, Names) :-
    Nat = [English, Spaniard, Japanese, Ukrainian, Norwegian],
    Col = [Red, Green, White, Yellow, Blue],
    Pet = [Dog, Snails, Fox, Horse, _Zebra],
    Dri = [Tea, Coffee, Milk, Juice, _Water],
    Smo = [Kools, Chesterfield, Winston, LuckyStrike, Parliament],
    Names = [english, spaniard, japanese, ukrainian, norwegian,
             red, green, white, yellow, blue,
             dog, snails, fox, horse, zebra,
             tea, coffee, milk, juice, water,
             kools, chesterfield, winston, lucky_strike, parliament],
    Groups = [Nat, Col, Pet, Dri, Smo],
    append(Groups, Vars),
    Vars ins 1..5,
    maplist(all_different, Groups),
    English #= Red,
    Spaniard #= Dog,
    Coffee #= Green,
    Ukrainian #= Tea,
    Green #= White + 1,
    Winston #= Snails,
    Kools #= Yellow,
    Milk #= 3,
    Norwegian #= 1,
    abs(Chesterfield - Fox) #= 1,
    abs(Kools - Horse) #= 1,
    LuckyStrike #= Juice,
    Japanese #= Parliament,
    abs(Norwegian - Blue) #= 1,
    label(Vars).
