% Benchmark: cryptarithmetic puzzles solved by generate-and-test over digit selections.
sel(X, [X|T], T).
sel(X, [H|T], [H|R]) :- sel(X, T, R).

% SEND + MORE = MONEY, column-wise with carries
send([S,E,N,D,M,O,R,Y]) :-
    Ds0 = [0,1,2,3,4,5,6,7,8,9],
    sel(D, Ds0, Ds1), sel(E, Ds1, Ds2), Y is (D + E) mod 10, sel(Y, Ds2, Ds3), C1 is (D + E) // 10,
    sel(N, Ds3, Ds4), sel(R, Ds4, Ds5), (N + R + C1) mod 10 =:= E, C2 is (N + R + C1) // 10,
    sel(O, Ds5, Ds6), (E + O + C2) mod 10 =:= N, C3 is (E + O + C2) // 10,
    sel(S, Ds6, Ds7), S > 0, sel(M, Ds7, _), M > 0, (S + M + C3) mod 10 =:= O, M =:= (S + M + C3) // 10.

% column-wise solving with carries: DONALD + GERALD = ROBERT
donald([D,O,N,A,L,G,E,R,B,T]) :-
    Ds0 = [0,1,2,3,4,5,6,7,8,9],
    sel(D, Ds0, Ds1), D > 0, sel(T, Ds1, Ds2), (D + D) mod 10 =:= T, C1 is (D + D) // 10,
    sel(L, Ds2, Ds3), sel(R, Ds3, Ds4), (L + L + C1) mod 10 =:= R, C2 is (L + L + C1) // 10,
    sel(A, Ds4, Ds5), sel(E, Ds5, Ds6), (A + A + C2) mod 10 =:= E, C3 is (A + A + C2) // 10,
    sel(N, Ds6, Ds7), sel(B, Ds7, Ds8), (N + R + C3) mod 10 =:= B, C4 is (N + R + C3) // 10,
    sel(O, Ds8, Ds9), (O + E + C4) mod 10 =:= O, C5 is (O + E + C4) // 10,
    sel(G, Ds9, _), G > 0, D + G + C5 =:= R.

run(0, S, D, S, D) :- !.
run(N, _, _, S, D) :- findall(X, send(X), S1), findall(Y, donald(Y), D1), N1 is N - 1, run(N1, S1, D1, S, D).

bench(N) :-
    run(N, [], [], S, D),
    format("crypt x~d: send=~w donald=~w~n", [N, S, D]).
bench :- bench(200).
