% Optimal Golomb rulers: marks 0 = M1 < M2 < ... < Mk, all pairwise
% differences distinct, minimise the last mark with labeling([min(Last)]).
:- use_module(library(clpfd)).

bench :- bench(5, 8).

bench(Lo, Hi) :-
    forall(between(Lo, Hi, K),
           ( once(golomb(K, Ms)),
             format("golomb(~w): ~w~n", [K, Ms]) )).

golomb(K, Ms) :-
    length(Ms, K),
    Max is K * K,
    Ms ins 0..Max,
    Ms = [0|_],
    increasing(Ms),
    diffs(Ms, Ds),
    all_different(Ds),
    Ds ins 1..Max,
    last(Ms, Last),
    % mirror symmetry: first difference smaller than the last one
    Ms = [_, M2|_], append(_, [P, Last], Ms),
    M2 #< Last - P,
    labeling([min(Last)], Ms).

increasing([_]).
increasing([A,B|T]) :- A #< B, increasing([B|T]).

diffs([], []).
diffs([M|Ms], Ds) :- diffs_from(Ms, M, Ds, Ds1), diffs(Ms, Ds1).

diffs_from([], _, Ds, Ds).
diffs_from([N|Ns], M, [D|Ds], Ds0) :- D #= N - M, diffs_from(Ns, M, Ds, Ds0).
