% Magic squares (rows, columns and diagonals sum to N(N^2+1)/2 with sum/3,
% all_different, labeling([ff]), corner symmetry broken with #<): all
% solutions of order 3, all order-4 solutions with 1 in the top-left corner,
% then the first solution of orders 4 and 5.
:- use_module(library(clpfd)).

bench :- bench([4,5]).

bench(Orders) :-
    aggregate_all(count, magic(3, _), C3),
    format("order 3: ~w solution(s)~n", [C3]),
    aggregate_all(count, (Rows4 = [[1|_]|_], magic(4, Rows4)), C4),
    format("order 4, 1 in the corner: ~w solution(s)~n", [C4]),
    forall(member(N, Orders),
           ( once(magic(N, Rows)),
             format("order ~w: ~w~n", [N, Rows]) )).

magic(N, Rows) :-
    length(Rows, N), maplist(same_length(Rows), Rows),
    append(Rows, Vs),
    N2 is N * N, Vs ins 1..N2,
    all_different(Vs),
    S is N * (N2 + 1) // 2,
    maplist(sum_is(S), Rows),
    transpose(Rows, Cols), maplist(sum_is(S), Cols),
    diagonal(Rows, 0, D1), sum(D1, #=, S),
    maplist(reverse, Rows, RRows), diagonal(RRows, 0, D2), sum(D2, #=, S),
    % symmetry: top-left corner smallest of the corners
    Rows = [[TL|_]|_], last(Rows, LastRow), LastRow = [BL|_],
    Rows = [FirstRow|_], last(FirstRow, TR), last(LastRow, BR),
    TL #< TR, TL #< BL, TL #< BR, TR #< BL,
    labeling([ff], Vs).

sum_is(S, Xs) :- sum(Xs, #=, S).

diagonal([], _, []).
diagonal([R|Rs], I, [X|Xs]) :- nth0(I, R, X), I1 is I + 1, diagonal(Rs, I1, Xs).
