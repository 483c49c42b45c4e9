% Fractal MAGIC, Merlin's square and Lights Out (seed 004, "The Fractal MAGIC Universe"): rules/magic.pl.
?- consult('rules/magic.pl').
% The seed's 4x4 puzzle is fractal(4): mask I flips the cells J with J /\ I =:= J (row by row).
?- magic_masks(fractal(4), _Ms), length(_Ms, N), nth0(5, _Ms, M5), nth0(15, _Ms, M15).
% Its mask matrix (one ravelled mask per row) is its own inverse mod 2, and so is its 9 x 9 corner.
?- magic_matrix(fractal(4), _M), gf2_mat_mul(_M, _M, _P), gf2_identity(16, _P).
?- magic_matrix(fractal(4), _M), length(_M9, 9), append(_M9, _, _M), maplist([R, R9]>>(length(R9, 9), append(R9, _, R)), _M9, _T), gf2_mat_mul(_T, _T, _P), gf2_identity(9, _P).
?- magic_matrix(fractal(6), _M), gf2_mat_mul(_M, _M, _P), gf2_identity(64, _P).
% The seed's example: its figure's boards are not in the text, so Start/Goal differ by D = X M for its X.
% The answer, 0-based like the seed's "0-origin" listing: 1 3 4 5 6 13 15.
?- magic_solve(fractal(4), [[0,1,1,0],[1,0,0,1],[1,0,0,1],[0,1,1,0]], [[1,0,0,0],[0,1,0,0],[1,0,1,0],[0,1,0,1]], P), length(P, N).
?- magic_path(fractal(4), [[0,1,1,0],[1,0,0,1],[1,0,0,1],[0,1,1,0]], [[1,0,0,0],[0,1,0,0],[1,0,1,0],[0,1,0,1]], _Bs), magic_show_path(_Bs).
?- magic_solve_pl(fractal(4), [[0,1,1,0],[1,0,0,1],[1,0,0,1],[0,1,1,0]], [[1,0,0,0],[0,1,0,0],[1,0,1,0],[0,1,0,1]], P).
% "D mod-2-matrix-divided-by M" is D M: the same transform maps presses to their change.
?- gf2_fractal(4, [0,1,0,1,1,1,1,0,0,0,0,0,0,1,0,1], _D), gf2_fractal(4, [1,1,1,0,1,1,0,1,0,0,1,1,0,0,1,1], X).
% Larger fractal boards: 2^K cells (fractal(10) is 32 x 32); the answer replays to the goal.
?- magic_shape(fractal(10), R, C), magic_blank(fractal(10), 0, _S), findall(Row, (between(0, 31, _I), findall(B, (between(0, 31, J), B is (_I*J) mod 3 mod 2), Row)), _G), magic_solve(fractal(10), _S, _G, P), length(P, N), magic_apply(fractal(10), P, _S, _G2), _G2 == _G.
?- magic_shape(fractal(7), R, C), magic_blank(fractal(7), 1, _S), magic_blank(fractal(7), 0, _G), magic_solve(fractal(7), _S, _G, P).
% Merlin's square: its 9 x 9 matrix is a 4th root of the identity (M^4 = I, M^2 =/= I), so it is invertible.
?- magic_masks(merlin, _Ms), magic_show_path(_Ms).
?- magic_matrix(merlin, _M), gf2_mat_mul(_M, _M, _M2), gf2_mat_mul(_M2, _M2, _M4), gf2_identity(9, _I), _M4 == _I, _M2 \== _I.
?- magic_null_space(merlin, B).
% The classic goal: from all dark to all lit but the centre; then all lit.
?- magic_blank(merlin, 0, _S), magic_path(merlin, _S, [[1,1,1],[1,0,1],[1,1,1]], _Bs), magic_show_path(_Bs).
?- magic_blank(merlin, 0, _S), magic_blank(merlin, 1, _G), magic_solve(merlin, _S, _G, P).
?- magic_blank(merlin, 0, _S), magic_blank(merlin, 1, _G), magic_solve_pl(merlin, _S, _G, P).
% Lights Out 5x5: rank 23, nullity 2, so 2^23 of the 2^25 boards are reachable, each in 4 ways.
?- magic_null_space(lights_out(5,5), B), length(B, K).
?- magic_masks(lights_out(5,5), _Ms), nth0(0, _Ms, M0), nth0(12, _Ms, M12), magic_show_path([M0, M12]).
% All lit from dark: 15 presses at least; all four solutions have 15.
?- magic_blank(lights_out(5,5), 0, _S), magic_blank(lights_out(5,5), 1, _G), magic_solve(lights_out(5,5), _S, _G, P), length(P, N).
?- magic_blank(lights_out(5,5), 1, _D), gf2_lights_out(5, 5, _D, X, B), length(X, NX), findall(N, (member(V, [[], [1], [2], [1,2]]), foldl([_I, A0, A]>>(nth1(_I, B, BI), ord_subtract(A0, BI, A1), ord_subtract(BI, A0, A2), ord_union(A1, A2, A)), V, X, Y), length(Y, N)), Ns).
% The minimum matters: the light-chasing solution for the change of button 4 alone presses 11 buttons.
?- magic_mask(lights_out(5,5), 4, _D), gf2_lights_out(5, 5, _D, X, _B), length(X, NX), gf2_min_weight(X, _B, Min).
?- magic_blank(lights_out(5,5), 0, _S), magic_mask(lights_out(5,5), 4, _G), magic_solve(lights_out(5,5), _S, _G, P).
?- magic_blank(lights_out(5,5), 0, _S), magic_blank(lights_out(5,5), 1, _G), magic_solve_pl(lights_out(5,5), _S, _G, P).
?- magic_blank(lights_out(5,5), 1, _S), magic_blank(lights_out(5,5), 0, _G), magic_solve(lights_out(5,5), _S, _G, P), magic_apply(lights_out(5,5), P, _S, _G1), _G1 == _G.
% Unreachable: one lit corner cannot be switched off on 5x5 (magic_solve/4 fails).
?- magic_blank(lights_out(5,5), 0, _G), _S = [[1,0,0,0,0]|_T], _T = [_,_,_,_], maplist(=([0,0,0,0,0]), _T), magic_solve(lights_out(5,5), _S, _G, P).
?- magic_blank(lights_out(5,5), 0, _G), _S = [[1,0,0,0,0]|_T], _T = [_,_,_,_], maplist(=([0,0,0,0,0]), _T), \+ magic_reachable(lights_out(5,5), _S, _G).
% Other boards: 4x4 has nullity 4; rectangles; 100 x 100 (light chasing, nullity 0).
?- magic_null_space(lights_out(4,4), B), length(B, K).
?- forall(member(R-C, [3-3, 4-4, 3-7, 7-3, 6-9]), (magic_blank(lights_out(R,C), 0, _S), magic_blank(lights_out(R,C), 1, _G), magic_solve(lights_out(R,C), _S, _G, P), magic_solve_pl(lights_out(R,C), _S, _G, P), length(P, N), magic_null_space(lights_out(R,C), B), length(B, K), format("~w x ~w: ~w presses, nullity ~w~n", [R, C, N, K]))).
?- magic_blank(lights_out(100,100), 0, _S), magic_blank(lights_out(100,100), 1, _G), magic_solve(lights_out(100,100), _S, _G, P), length(P, N), magic_null_space(lights_out(100,100), B).
% The minimum searches all 2^nullity solutions (Walsh-Hadamard transforms on every core), by default up to
% nullity 36. It presses fewer buttons than the elimination's own solution, which option minimal(false) gives:
% 19 x 19 has nullity 16, 27 x 35 nullity 27 (2^27 candidates).
?- forall(member(R-C, [19-19, 27-35]), (magic_blank(lights_out(R,C), 0, _S), magic_blank(lights_out(R,C), 1, _G), magic_null_space(lights_out(R,C), _B), length(_B, K), magic_solve(lights_out(R,C), _S, _G, _P), magic_solve(lights_out(R,C), _S, _G, _Q, [minimal(false)]), magic_apply(lights_out(R,C), _P, _S, _G1), _G1 == _G, magic_apply(lights_out(R,C), _Q, _S, _G2), _G2 == _G, length(_P, N), length(_Q, NQ), format("~w x ~w: nullity ~w, ~w presses (minimal(false): ~w)~n", [R, C, K, N, NQ]))).
% 39 x 39 has nullity 32: its minimum, 561 presses, takes a few seconds (bench/README.md), so here only
% the limit max_nullity(K) refusing it (the message says what to do), a time limit ending the search, and
% the quick minimal(false).
?- magic_null_space(lights_out(39,39), B), length(B, K).
?- magic_blank(lights_out(39,39), 0, _S), magic_blank(lights_out(39,39), 1, _G), catch(magic_solve(lights_out(39,39), _S, _G, _, [max_nullity(31)]), error(E, _), true).
?- magic_blank(lights_out(39,39), 0, _S), magic_blank(lights_out(39,39), 1, _G), magic_solve(lights_out(39,39), _S, _G, P, [max_nullity(31)]).
?- magic_blank(lights_out(39,39), 0, _S), magic_blank(lights_out(39,39), 1, _G), catch(call_with_time_limit(0.2, magic_solve(lights_out(39,39), _S, _G, _)), E, true).
?- magic_blank(lights_out(39,39), 0, _S), magic_blank(lights_out(39,39), 1, _G), magic_solve(lights_out(39,39), _S, _G, _P, [minimal(false)]), length(_P, N), magic_apply(lights_out(39,39), _P, _S, _G1), _G1 == _G.
?- magic_blank(lights_out(39,39), 1, _D), gf2_lights_out(39, 39, _D, _X, _B), length(_X, N), length(_B, K).
% 79 x 79 has nullity 64, beyond any exhaustive search: magic_solve/4 refuses, minimal(false) solves.
?- magic_null_space(lights_out(79,79), _B), length(_B, K).
?- magic_blank(lights_out(79,79), 0, _S), magic_blank(lights_out(79,79), 1, _G), magic_solve(lights_out(79,79), _S, _G, P).
?- magic_blank(lights_out(79,79), 0, _S), magic_blank(lights_out(79,79), 1, _G), magic_solve(lights_out(79,79), _S, _G, _P, [minimal(false)]), length(_P, N).
% With no null space both options give the only solution; on 5 x 5 all four solutions press 15 buttons.
?- magic_blank(merlin, 0, _S), magic_blank(merlin, 1, _G), magic_solve(merlin, _S, _G, P, [minimal(false)]), magic_solve(merlin, _S, _G, P, [minimal(true), max_nullity(0)]).
?- magic_blank(lights_out(5,5), 0, _S), magic_blank(lights_out(5,5), 1, _G), magic_solve(lights_out(5,5), _S, _G, P, [minimal(false)]), length(P, N).
?- magic_blank(lights_out(5,5), 0, _S), magic_blank(lights_out(5,5), 1, _G), magic_solve(lights_out(5,5), _S, _G, P, [max_nullity(2)]), length(P, N).
?- magic_mask(lights_out(3,4), 5, M), magic_show(M).
% A user-given mask set on a 2 x 3 board: the rows, the columns and the whole board.
% The masks are dependent (nullity 2), and half of the boards are unreachable.
?- _Ms = [[[1,1,1],[0,0,0]], [[0,0,0],[1,1,1]], [[1,0,0],[1,0,0]], [[0,1,0],[0,1,0]], [[0,0,1],[0,0,1]], [[1,1,1],[1,1,1]]], magic_null_space(_Ms, B), magic_solve(_Ms, [[0,0,0],[0,0,0]], [[1,1,0],[1,1,0]], P), magic_solve_pl(_Ms, [[0,0,0],[0,0,0]], [[1,1,0],[1,1,0]], P).
?- _Ms = [[[1,1,1],[0,0,0]], [[0,0,0],[1,1,1]], [[1,0,0],[1,0,0]], [[0,1,0],[0,1,0]], [[0,0,1],[0,0,1]], [[1,1,1],[1,1,1]]], magic_path(_Ms, [[0,0,0],[0,0,0]], [[0,0,1],[1,1,0]], _Bs), magic_show_path(_Bs).
?- _Ms = [[[1,1,1],[0,0,0]], [[0,0,0],[1,1,1]], [[1,0,0],[1,0,0]], [[0,1,0],[0,1,0]], [[0,0,1],[0,0,1]], [[1,1,1],[1,1,1]]], magic_solve(_Ms, [[0,0,0],[0,0,0]], [[1,0,0],[0,0,0]], P).
% Native and pure Prolog solvers agree on every start for Merlin and a few for 4x4 Lights Out.
?- findall(P, (between(0, 511, _I), findall(B, (between(0, 8, J), B is getbit(_I, J)), _Bits), length(_Row1, 3), length(_Row2, 3), append([_Row1, _Row2, _Row3], _Bits), _G = [_Row1, _Row2, _Row3], magic_blank(merlin, 0, _S), magic_solve(merlin, _S, _G, P), magic_solve_pl(merlin, _S, _G, P)), _Ps), length(_Ps, N), msort(_Ps, _Sorted), length(_Sorted, Distinct).
?- forall(between(0, 15, _I), (findall(Row, (between(0, 3, R), findall(B, (between(0, 3, C), B is ((R + 1) * (C + 2) * (_I + 3)) mod 5 mod 2), Row)), _G), magic_blank(lights_out(4,4), 0, _S), (magic_solve(lights_out(4,4), _S, _G, P) -> true ; P = none), (magic_solve_pl(lights_out(4,4), _S, _G, Q) -> true ; Q = none), P == Q)).
% Bad input.
?- magic_solve(_M, [[0]], [[1]], P).
?- magic_solve(foo, [[0]], [[1]], P).
?- magic_solve(merlin, [[0]], [[1]], P).
?- magic_solve(merlin, [[0,0,0],[0,2,0],[0,0,0]], [[0,0,0],[0,0,0],[0,0,0]], P).
?- magic_solve(merlin, [[0,0,0],[0,x,0],[0,0,0]], [[0,0,0],[0,0,0],[0,0,0]], P).
?- magic_mask(fractal(4), 16, _M).
?- magic_apply(merlin, [9], [[0,0,0],[0,0,0],[0,0,0]], B).
?- magic_solve(merlin, [[0,0,0],[0,0,0],[0,0,0]], [[1,0,0],[0,0,0],[0,0,0]], P, [minimal(maybe)]).
?- magic_solve(merlin, [[0,0,0],[0,0,0],[0,0,0]], [[1,0,0],[0,0,0],[0,0,0]], P, [max_nullity(63)]).
?- magic_solve(merlin, [[0,0,0],[0,0,0],[0,0,0]], [[1,0,0],[0,0,0],[0,0,0]], P, [max_nullity(-1)]).
?- magic_solve(merlin, [[0,0,0],[0,0,0],[0,0,0]], [[1,0,0],[0,0,0],[0,0,0]], P, [colour(red)]).
?- magic_solve(merlin, [[0,0,0],[0,0,0],[0,0,0]], [[1,0,0],[0,0,0],[0,0,0]], P, [_]).
?- magic_solve(merlin, [[0,0,0],[0,0,0],[0,0,0]], [[1,0,0],[0,0,0],[0,0,0]], P, minimal(false)).
