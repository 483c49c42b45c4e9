% global_cardinality/2: magic series (S_i is the number of occurrences of i
% in S) for several lengths, first solution each, and the number of
% length-9 sequences over 1..4 with prescribed value counts and no two
% equal neighbours.
:- use_module(library(clpfd)).

bench :- bench([8,12,16,20,24,28,32,36,40]).

bench(Ns) :-
    forall(member(N, Ns),
           ( once(magic_series(N, S)),
             format("magic series ~w: ~w~n", [N, S]) )),
    aggregate_all(count, counted_seq(9, [1-3, 2-2, 3-2, 4-2]), C),
    format("sequences: ~w~n", [C]).

magic_series(N, S) :-
    length(S, N),
    S ins 0..N,
    N1 is N - 1,
    numlist(0, N1, Is),
    pairs_keys_values(Pairs, Is, S),
    global_cardinality(S, Pairs),
    sum(S, #=, N),
    scalar_product(Is, S, #=, N),
    labeling([ff], S).

counted_seq(L, Counts) :-
    length(Xs, L),
    Xs ins 1..4,
    global_cardinality(Xs, Counts),
    neighbours_differ(Xs),
    label(Xs).

neighbours_differ([_]).
neighbours_differ([A,B|T]) :- A #\= B, neighbours_differ([B|T]).
