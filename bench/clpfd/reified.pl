% Reification: magic series where each count is a sum of reified equalities
% (#<==> with Booleans used in arithmetic), and the number of 0/1 grids
% whose rows and columns each hold exactly two ones and no two ones are
% horizontally adjacent (#==>, #\/ and sum/3 over Booleans).
:- use_module(library(clpfd)).

bench :- bench([5,8,12], 6).

bench(Ns, G) :-
    forall(member(N, Ns),
           ( once(series(N, S)),
             format("series ~w: ~w~n", [N, S]) )),
    aggregate_all(count, grid(G, _), C),
    format("grids ~w: ~w~n", [G, C]).

series(N, S) :-
    length(S, N),
    S ins 0..N,
    N1 is N - 1,
    numlist(0, N1, Is),
    maplist(count_of(S), Is, S),
    labeling([ff], S).

count_of(S, I, C) :-
    maplist(is_value(I), S, Bs),
    sum(Bs, #=, C).

is_value(I, X, B) :- B #<==> (X #= I).

grid(N, Rows) :-
    length(Rows, N), maplist(same_length(Rows), Rows),
    append(Rows, Vs), Vs ins 0..1,
    maplist(two, Rows),
    transpose(Rows, Cols), maplist(two, Cols),
    maplist(not_adjacent, Rows),
    label(Vs).

two(Xs) :- sum(Xs, #=, 2).

not_adjacent([_]).
not_adjacent([A,B|T]) :- (A #= 1) #==> (B #= 0), #\ A #\/ #\ B #\/ (A + B #= 1), not_adjacent([B|T]).
