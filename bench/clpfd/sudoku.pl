% Hard 9x9 sudokus with all_distinct on rows, columns and boxes, labeled
% with ff; each solution is printed as nine digit strings.
:- use_module(library(clpfd)).

bench :- bench(2).

bench(K) :-
    forall(between(1, K, _),
           forall(problem(P, _), (puzzle(P, Rows), once(solve(Rows))))),
    forall(problem(P, _),
           ( puzzle(P, Rows), once(solve(Rows)),
             format("~w:", [P]),
             forall(member(R, Rows), (atomic_list_concat(R, A), format(" ~w", [A]))),
             nl )).

solve(Rows) :-
    length(Rows, 9), maplist(same_length(Rows), Rows),
    append(Rows, Vs), Vs ins 1..9,
    maplist(all_distinct, Rows),
    transpose(Rows, Cols), maplist(all_distinct, Cols),
    Rows = [A,B,C,D,E,F,G,H,I],
    blocks(A, B, C), blocks(D, E, F), blocks(G, H, I),
    labeling([ff], Vs).

blocks([], [], []).
blocks([A,B,C|Bs1], [D,E,F|Bs2], [G,H,I|Bs3]) :-
    all_distinct([A,B,C,D,E,F,G,H,I]),
    blocks(Bs1, Bs2, Bs3).

puzzle(P, Rows) :-
    problem(P, Codes),
    atom_codes(Codes, Cs),
    cells(Cs, Cells),
    rows(Cells, Rows).

cells([], []).
cells([C|Cs], [V|Vs]) :-
    ( C =:= 0'. -> true ; V is C - 0'0 ),
    cells(Cs, Vs).

rows([], []).
rows(Cells, [R|Rs]) :- length(R, 9), append(R, Rest, Cells), rows(Rest, Rs).

% well-known hard instances (81 cells, '.' = empty)
problem(inkala, '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..').
problem(escargot, '1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..').
problem(norvig_hard1, '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......').
problem(easter_monster, '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1').

count(P, N) :- puzzle(P, Rows), aggregate_all(count, solve(Rows), N).
