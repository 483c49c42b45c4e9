% bench/puzzles/magic.pl -- timings for rules/magic.pl (run with the release binary):
%
%     target/release/puzzlog -q -g bench -t halt rules/magic.pl bench/puzzles/magic.pl
%
% Prints one line per case: the board, the answer's size and the CPU time of
% building the boards (Prolog) and of magic_solve/4 (the difference of the
% boards in Prolog, the native solver, and the minimum over the null space).

bench :-
    bench_lights_out(100, 100),
    bench_lights_out(200, 200),
    bench_lights_out(1000, 1000),
    bench_lights_out(5, 5),
    bench_fractal(20),
    bench_general_lights_out(30, 30),
    bench_general_lights_out(60, 60),
    bench_minimal(19, 19),
    bench_minimal(27, 35),
    bench_minimal(39, 39).

% Lights Out from all dark to all lit where the null space is large: the
% fewest presses (the search of all 2^nullity solutions, on every core: wall
% time) against the first solution of the elimination (minimal(false)).
bench_minimal(R, C) :-
    magic_blank(lights_out(R, C), 0, S),
    magic_blank(lights_out(R, C), 1, G),
    magic_null_space(lights_out(R, C), B),
    length(B, K),
    walltimed(magic_solve(lights_out(R, C), S, G, P), TM),
    walltimed(magic_solve(lights_out(R, C), S, G, Q, [minimal(false)]), TF),
    length(P, N),
    length(Q, NQ),
    Rate is 2 ** K / max(TM, 0.001) / 1.0e6,
    format("lights_out(~w,~w) all lit, nullity ~w: fewest ~w presses in ~4f s wall (~0f M candidates/s); minimal(false) ~w presses in ~4f s~n",
           [R, C, K, N, TM, Rate, NQ, TF]).

% Lights Out from all dark to all lit, by light chasing.
bench_lights_out(R, C) :-
    timed(( magic_blank(lights_out(R, C), 0, S),
            magic_blank(lights_out(R, C), 1, G) ), TB),
    magic_solve(lights_out(R, C), S, G, P),
    % Repeated: the CPU clock ticks in 10 ms steps.
    Times is max(1, min(50, 1000000 // (R * C + 1))),
    timed(forall(between(1, Times, _), magic_solve(lights_out(R, C), S, G, _)), TN),
    TS is TN / Times,
    length(P, N),
    magic_null_space(lights_out(R, C), B),
    length(B, K),
    format("lights_out(~w,~w) all lit: ~w presses, nullity ~w; boards ~3f s, magic_solve ~4f s~n",
           [R, C, N, K, TB, TS]).

% The same board through the general path (bit-packed elimination of the
% (R C) x (R C) system given as an explicit mask list).
bench_general_lights_out(R, C) :-
    timed(( magic_masks(lights_out(R, C), Ms),
            magic_blank(lights_out(R, C), 0, S),
            magic_blank(lights_out(R, C), 1, G) ), TB),
    timed(magic_solve(Ms, S, G, P), TS),
    length(P, N),
    NM is R * C,
    format("lights_out(~w,~w) as a list of ~w masks: ~w presses; masks ~3f s, magic_solve ~3f s~n",
           [R, C, NM, N, TB, TS]).

% Fractal MAGIC on 2^K cells: from dark to a pattern (cell (I, J) lit when
% I * J mod 3 is odd).  The native transform alone is timed as well.
bench_fractal(K) :-
    magic_shape(fractal(K), R, C),
    timed(( magic_blank(fractal(K), 0, S),
            R1 is R - 1, C1 is C - 1,
            findall(Row,
                    ( between(0, R1, I),
                      findall(B, (between(0, C1, J), B is I * J mod 3 mod 2), Row) ),
                    G) ), TB),
    timed(magic_solve(fractal(K), S, G, P), TS),
    timed(gf2_fractal(K, G, P2), TT),
    length(P, N),
    ( P2 == P -> true ; throw(mismatch) ),
    Cells is R * C,
    format("fractal(~w), ~w x ~w = ~w cells: ~w presses; boards ~3f s, magic_solve ~3f s, gf2_fractal alone ~3f s~n",
           [K, R, C, Cells, N, TB, TS, TT]).

walltimed(Goal, T) :-
    get_time(T0),
    call(Goal), !,
    get_time(T1),
    T is T1 - T0.

timed(Goal, T) :-
    statistics(cputime, T0),
    call(Goal), !,
    statistics(cputime, T1),
    T is T1 - T0.
