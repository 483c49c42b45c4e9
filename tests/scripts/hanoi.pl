% Tower of Hanoi and Magnetic Tower of Hanoi (seed 003, "Magnetic Tower of Hanoi in ACL2").
?- consult('rules/hanoi.pl').
% The classic puzzle: 2^N - 1 moves.
?- hanoi(3, left, middle, right, Moves).
?- hanoi(10, a, b, c, _M), length(_M, L).
% Levy's algorithm (the seed's RBB/RRB solver) on the seed's post names.
?- mtoh(2, start, inter, dest, Moves).
?- mtoh(3, a, b, c, Moves).
% The seed's table: 1, 4, 13, 40, 121 moves, (3^n - 1)/2; Levy's recurrence agrees up to 12 disks.
?- forall(between(1, 5, N), (mtoh(N, a, b, c, _M), length(_M, L), format("~w disks: ~w moves~n", [N, L]))).
?- forall(between(1, 12, N), (mtoh(N, a, b, c, _M), length(_M, L), mtoh_levy_length(N, L), L =:= (3^N - 1) // 2)).
% Disk K moves 3^(N-K) times in Levy's solution.
?- mtoh(8, a, b, c, _M), mtoh_disk_counts(8, _M, Counts).
% Replay proof, n = 1..12: Levy's RBB solution (mtoh/5) is legal (size and magnet rules) and complete on
% posts r,b,b and n,n,n, his RRB procedure (mtoh_rrb/5) on posts r,r,b and n,n,n.
?- forall(between(1, 12, N), mtoh_levy_legal(N)).
% Each is made for its colouring: RBB breaks the magnet rule on r,r,b at once, RRB on r,b,b; neither
% suits a red target, where the disks must end red side up.
?- mtoh(4, a, b, c, _M), mtoh_check(4, posts(r, r, b), _M, R1), mtoh_check(4, posts(r, n, r), _M, R2).
?- mtoh_rrb(4, a, b, c, _M), mtoh_check(4, posts(r, r, b), _M, R1), mtoh_check(4, posts(r, b, b), _M, R2).
% mtoh_check names the first illegal move, its index and why.
?- mtoh_check(2, posts(n, n, n), [move(a, c), move(a, c)], R).
?- mtoh_check(2, posts(n, n, n), [move(a, b), move(b, c), move(a, c)], R).
?- mtoh_check(2, posts(n, n, n), [move(a, b), move(a, b)], R).
?- mtoh_check(1, posts(n, n, n), [move(b, c)], R).
?- mtoh_check(1, posts(n, n, n), [move(a, a)], R).
?- mtoh_check(1, posts(n, n, r), [move(a, c)], R).
?- mtoh_check(1, posts(n, n, r), [move(a, b), move(b, c)], R).
?- mtoh_check(2, posts(n, n, n), [move(a, b)], R).
?- mtoh_check(1, posts(b, n, n), [move(a, c)], R).
% The classic solution breaks the magnet rule from two disks on.
?- hanoi(2, a, b, c, _M), mtoh_check(2, posts(n, n, n), _M, R).
% The true optimum by breadth-first search.  On neutral posts it beats (3^n - 1)/2 from three disks on.
?- forall(between(1, 8, N), (mtoh_optimal(N, posts(n, n, n), Opt), Levy is (3^N - 1) // 2, format("~w disks: optimum ~w, Levy ~w~n", [N, Opt, Levy]))).
% On the coloured posts r,b,b and r,r,b, (3^n - 1)/2 is optimal.
?- findall(L, (between(1, 8, N), mtoh_optimal(N, posts(r, b, b), L)), Ls).
?- findall(L, (between(1, 6, N), mtoh_optimal(N, posts(r, r, b), L)), Ls).
% One optimal solution, checked by replay, and its per-disk counts.
?- mtoh_optimal(3, posts(n, n, n), L, Moves), mtoh_check(3, posts(n, n, n), Moves, R).
?- mtoh_optimal(8, posts(n, n, n), L, _M), length(_M, L), mtoh_check(8, posts(n, n, n), _M, R), mtoh_disk_counts(8, _M, Counts).
% Every colouring with a red or neutral source, 1..5 disks (none: no move is possible).
?- forall((member(A, [n, r]), member(B, [n, r, b]), member(C, [n, r, b])), (findall(L, (between(1, 5, N), (mtoh_optimal(N, posts(A, B, C), L) -> true ; L = none)), Ls), format("posts(~w,~w,~w): ~w~n", [A, B, C, Ls]))).
% Cross-check: a plain BFS over mtoh_check's own states and moves gives the same optimum everywhere (0..5 disks).
?- forall((member(A, [n, r]), member(B, [n, r, b]), member(C, [n, r, b]), between(0, 5, N)), ((mtoh_optimal(N, posts(A, B, C), L1) -> true ; L1 = none), (mtoh_optimal_replay(N, posts(A, B, C), L2) -> true ; L2 = none), L1 == L2)).
?- mtoh_optimal(3, posts(r, r, r), L).
?- mtoh_optimal(0, posts(n, n, n), L, Moves), mtoh_check(0, posts(n, n, n), Moves, R).
% Bad input.
?- mtoh_optimal(3, posts(n, x, n), L).
?- mtoh(-1, a, b, c, M).
?- mtoh_check(N, posts(n, n, n), [], R).
?- mtoh_check(1, posts(n, n, n), [move(a, c)|_], R).
?- mtoh_optimal(3, posts(n, _, n), L).
