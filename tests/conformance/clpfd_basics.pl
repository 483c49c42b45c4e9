% Conformance: library(clpfd) basics: domains, linear constraints and their
% propagation, residual goals (copy_term/3), reflection, all_different/1,
% all_distinct/1, element/3, sum/3, scalar_product/4, labeling options and
% errors (recorded from swipl).
:- use_module(library(clpfd)).

t(G) :- \+ \+ t_(G).
t_(G) :-
    term_variables(G, Vs),
    (   catch(G, E, true)
    ->  (   var(E)
        ->  copy_term(Vs, Vs1, Gs),
            out(yes(Vs1, Gs))
        ;   out(ex(E))
        )
    ;   out(no)
    ).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

all(Vs, G) :- findall(Vs, G, L), out(L).

send([S,E,N,D,M,O,R,Y]) :-
    Vars = [S,E,N,D,M,O,R,Y],
    Vars ins 0..9,
    all_different(Vars),
    S*1000 + E*100 + N*10 + D + M*1000 + O*100 + R*10 + E #=
        M*10000 + O*1000 + N*100 + E*10 + Y,
    M #\= 0, S #\= 0.

queens(N, Qs) :-
    length(Qs, N),
    Qs ins 1..N,
    safe(Qs).
safe([]).
safe([Q|Qs]) :- no_attack(Q, Qs, 1), safe(Qs).
no_attack(_, [], _).
no_attack(Q, [Q1|Qs], D) :-
    Q #\= Q1, abs_diff(Q, Q1, D), D1 is D + 1, no_attack(Q, Qs, D1).
abs_diff(Q, Q1, D) :- Q - Q1 #\= D, Q1 - Q #\= D.

main :-
    % domains and reflection
    t(X in 1..3),
    t(X in 1..3 \/ 5..7),
    t((X in 1..10, X #\= 5)),
    t(X in inf..3),
    t(X in 5..3),
    t(3 in 1..5),
    t(7 in 1..5),
    t(X in a..3),
    t(a in 1..3),
    t(X in _),
    t(([X,Y] ins 0..2, X #< Y)),
    t((X in 1..3, fd_dom(X, D), fd_size(X, S), fd_inf(X, I), fd_sup(X, U))),
    t((X #> 3, fd_size(X, S), fd_sup(X, U))),
    t(fd_dom(3, D)),
    t(fd_dom(a, _)),
    t((X in 1..3, Y #> X, fd_degree(X, D))),
    t((fd_var(X))),
    t((X #> 1, fd_var(X))),
    % linear constraints
    t(X #> 3),
    t(X #= Y + Z),
    t((X in 0..5, Y in 0..5, X + Y #= 10)),
    t((X in 0..5, Y in 0..5, X + Y #= 9)),
    t((Y in 1..3 \/ 7..9, X #= Y + 3)),
    t((Y in 1..3 \/ 7..9, X + Y #= 10)),
    t((Y in 1..3 \/ 7..9, X #= 2*Y)),
    t((X in 0..10, Y in 0..10, 3*X + 2*Y #= 20)),
    t((X in 0..10, Y in 0..10, 3*X + 2*Y #=< 7)),
    t((X in 0..10, Y in 0..10, Z in 0..10, X + Y + Z #= 3, X #= 1)),
    t((X in 0..10, Y in 0..10, X + Y #\= 5, X = 3)),
    t((X in 0..10, Y in 0..10, X*Y #= 12)),
    t((X in 0..10, Y in 0..10, Z #= X*Y, Z in 50..60)),
    t((X #= 3, Y #= X + 1)),
    t(3*X #= 7),
    t(2*X #= 2*Y),
    t((X #< Y, Y #< Z)),
    t(X #= 1.5),
    t(X #= a),
    t((X #> 3, X = 2)),
    t((X #> 3, X = a)),
    t((X #= Y, Y in 1..3)),
    t((X in 1..3, Y in 2..5, X = Y)),
    % global constraints
    t(([X,Y,Z] ins 1..3, all_different([X,Y,Z]))),
    t(([X,Y,Z] ins 1..2, all_different([X,Y,Z]))),
    t(([X,Y,Z] ins 1..3, all_distinct([X,Y,Z]), X = 1)),
    t(([X,Y,Z] ins 1..2, all_distinct([X,Y,Z]))),
    t(([X,Y] ins 1..2, Z in 1..3, all_distinct([X,Y,Z]))),
    t(all_different([1,2,1])),
    t(element(2, [A,B,C], X)),
    t((element(I, [A,B,C], X), A in 1..3, B in 5..6, C = 9, X in 4..8)),
    t(element(_, [], _)),
    t((length(L, 3), L ins 0..1, sum(L, #=, S))),
    t((sum([X,Y], #=<, 3), [X,Y] ins 0..5, X = 3)),
    t(scalar_product([2,3], [X,Y], #=, 12)),
    % labeling
    all(X-Y, (X in 1..4, Y in 2..3, labeling([ff], [X,Y]))),
    all(X-Y, (X in 1..3, Y in 1..3, X #\= Y, labeling([enum,down], [X,Y]))),
    all(X-Y, (X in 1..5, Y in 1..5, X + Y #= 6, labeling([min(X+Y)], [X,Y]))),
    all(X-Y, (X in 1..4, Y in 1..4, labeling([max(X-Y)], [X,Y]))),
    all(X-Y, (X in 1..4, Y in 1..4, labeling([bisect], [X,Y]))),
    all(X-Y, (X in 1..4, Y in 1..4, labeling([down,bisect], [X,Y]))),
    all(X-Y, (X in 1..3, Y in 0..5, labeling([min], [X,Y]))),
    all(X-Y, (X in 1..3, Y in 0..5, labeling([max,down], [X,Y]))),
    all(X-Y-Z, (X in 1..3, Y in 1..2, Z in 1..3, X #\= Z, labeling([ffc], [X,Y,Z]))),
    all(X, (X in 0..3, indomain(X))),
    all(X, (X in 0..3, label([X]))),
    t((X in 1..3, labeling([foo], [X]))),
    t((X in 1..3, labeling([ff,ffc], [X]))),
    t((X in 1..3, labeling([up,down], [X]))),
    t(labeling([], foo)),
    t(labeling([], [_])),
    t(label([a])),
    t((X in 1..3, labeling(_, [X]))),
    % small programs
    t((send(Ds), label(Ds))),
    all(Qs, (queens(6, Qs), label(Qs))),
    t((queens(8, Qs), labeling([ff], Qs))),
    % integers beyond 64 bits
    t(X #= 12345678901234567890 * 98765432109876543210),
    t((X #= 2^70, Y #= X + 1)),
    t(10^30 #= X * 10^10),
    t(10^30 #= X * 10^10 + 7),
    t(2^70 #> 2^69),
    t(2^70 #= 2^69 * 2),
    t((X in 1..10, X #= 2^70)),
    t((X in 1..10, X = 100000000000000000000000)),
    % abs/1 patterns as SWI posts them (absdiff_neq, absdiff_geq, domains)
    t(([X,Y] ins 1..9, abs(X-Y) #\= 2)),
    t(([X,Y] ins 1..9, 2 #\= abs(X-Y), X = 4)),
    t(([X,Y] ins 1..9, abs(X-Y) #\= -2)),
    t(([X,Y] ins 1..9, abs(X-Y) #> 2)),
    t(([X,Y] ins 1..9, abs(X-Y) #>= 3, Y = 4)),
    t(([X,Y] ins 1..9, abs(X-Y) #= 2)),
    t(([X,Y] ins 1..9, abs(X-Y) #= 0)),
    t(([X,Y] ins 1..9, abs(X-Y) #< 2)),
    t(([X,Y] ins 1..9, abs(X) #=< 2)),
    t(([X,Y] ins 1..9, abs(X) #>= 2)),
    t(([X,Y] ins 1..9, abs(X) #\= 2)),
    t(([X,Y] ins 1..9, abs(X-Y) #> Y)),
    t(([X,Y] ins 1..9, abs(X-Y) #\= 2, fd_degree(X, D))),
    t(([X,Y] ins 1..9, X*Y #< 3)),
    t(([X,Y] ins 1..9, X #= Y + Z, Z = 0)),
    t(([X,Y] ins 1..9, X #= Y * Z, Z = 1)),
    % linear inequalities: exact rounding; sum/3 and scalar_product/4 keep one sum
    t(([X,Y] ins 1..3, 2*X+3*Y #>= 10)),
    t((Y in -5..5, X in 0..1, 3*Y + X #=< -4)),
    t((Y in -5..5, X in 0..1, -3*Y + X #=< -4)),
    t(([X,Y] ins 1..3, sum([X,Y], #>=, 5))),
    t(([X,Y] ins 1..3, sum([X,Y], #<, 5))),
    t(([X,Y] ins 1..3, scalar_product([1,-1], [X,Y], #>=, 1))),
    t(([X,Y] ins 1..3, X + Y #>= 5)),
    % powers: X*X is X^2, exact roots of a fixed power, odd powers
    t((X in -3..5, Y #= X*X)),
    t((X in 1..10, Y #= X*X, Y #< 50)),
    t((X in 1..1000000, X*X #= 1000000)),
    t((X in -3..5, X^2 #= 4)),
    t((X in -3..5, X^2 #= 7)),
    t(X^3 #= -27),
    t((X in -10..10, Y #= X^3, Y #< 50)),
    t((X in -10..10, Y #= X^3, Y #> 50)),
    t((X in 0..5, Y #= X^3, Y in 5..30)),
    % mod and rem move the bounds of the dividend
    t((X in 0..20, X mod 3 #= 1)),
    t((X in -20..20, X rem 3 #= -1)),
    t((X in -20..20, X mod -3 #= -2)),
    t((X in 0..20, Y in 0..1, X mod 3 #= Y)),
    t((X in 0..20, X rem 4 #= 1, X mod 3 #= 1)),
    t((X in 0..20, X mod 3 #\= 0)),
    % division: bounds of the dividend, negative divisors, entailment
    t((X in 0..20, X // 3 #= 2)),
    t((X in 1..10, Y #= X div 2, Y #= 3)),
    t((X in -10..10, Y #= X // -2, Y #= 3)),
    t((X in -10..10, Y #= X div 3, Y #= -2)),
    t((X in 1..10, Z in 2..3, Y #= X // Z, Y #= 3)),
    t((X in -20..20, Z in 2..3, Y #= X // Z, Y in 1..2)),
    % residual goals: disequalities, then bounds, then the others
    t(([A,B,C] ins 0..1, A + B + C #= 2, A #==> B)),
    t(([A,B] ins 0..5, A #\= B, A + B #= 5)),
    t(([A,B] ins 0..5, A #\= B, A #>= B)),
    t(([A,B] ins 0..5, A #>= B, A*B #= C)),
    t(([A,B] ins 0..5, A #>= B, A #= B #<==> _)),
    t(([A,B] ins 0..5, A #\= B+1, all_distinct([A,B]), A+B #= C)),
    % reification with the truth value on the right
    t((X in 1..10, X #= 5 #<==> B, B = 0)),
    t((X in 1..10, X #> 5 #<==> B, X = 7)),
    t((X in 1..10, Y in 1..10, X #= Y #<==> B)),
    t((X in 1..10, X #> 5 #==> B, B = 0)),
    % sums wake on bounds changes only; a new hole leaves them be
    t((C in 1..8, D #= C-3, C in 1\/5\/8)),
    t((C in 1..8, D #= C-3, D in 1\/2\/5)),
    t((C in 1..8, D #= C+E, E = 3, C #\= 4)),
    t((C in 1..8, D #= C+E, C #\= 4, E = 3)),
    t((C in 1..8, D #= C+3, C #\= 4, C #> 1)),
    t((C in 1..8, D in 0..20, D - C #= 3, C #\= 6)),
    t((C in 1..8, D #= 5-C, C #\= 4, C #> 1)),
    t((C in 1..8, D #= -C, C #\= 4)),
    t((C in 1..8, D #= 2*C, C #\= 4)),
    % even powers raise a non-negative base; exponent ranges; identities
    t((X in 1..99, X*X #>= 193)),
    t((X in -99..99, X*X #>= 193)),
    t(([X,Y] ins 1..99, X*X #= 192 + Y*Y)),
    t((X in 1..99, Z #= X^2, Z in 150..200)),
    t((C in 3..8, D #= C^E, E in 2..3)),
    t((C in 2..8, D #= C^E, E in 0..3)),
    t((C in 3..8, D #= C^E, D in 0..100)),
    t((C in 1..8, D #= C mod 10, C #\= 5)),
    t((C in -9..9, D #= C rem 10)),
    t((C in -9..0, D #= C mod -10)),
    t((C in 1..8, D #= (C+1) mod 10)),
    t((C in 1..8, D #= C // E, E = 1)),
    t((C in 1..8, D #= C^1)),
    % cycles over unbounded domains stop
    t((X #> Y, Y #> X)),
    t((Y #< 6, X #>= Y, Y #>= X + 2)),
    t((X #>= Y, Y #>= X + 1, X #< 100)),
    t((X #>= Y, Y #>= X + 1, X #< 100, Y #> -100)),
    t((X #> 0, Y #>= X + 1, X #>= Y)),
    t((X #> Y, Y #> Z, Z #> X)),
    t((X #> 0, X #> Y, Y #> Z, Z #> X)),
    t((X in 0..sup, X #> Y + 10, Y #> X + 10)),
    t((X in 0..1000, Y #> X + 10, X #> Y + 10)),
    t((X #= 2*Y, Y #= 2*X + 1)),
    % constraints between variables that get unified
    t((X #\= Y, X = Y)),
    t((X #< Y, X = Y)),
    t((X #> Y+1, X = Y)),
    t((X #>= Y, X = Y)),
    t((X #= Z, X #\= Z)),
    t((X+Y #= Z, X = Z)),
    t((X*Y #= Z, X = Y, Z in 0..10)),
    t((abs(X-Y) #\= 0, X = Y)),
    t((X in 1..5, Y in 1..5, X #\= Y, X = Y)),
    t((X in 0..3, Y in 0..3, X + Y #\= Z, X = Z)),
    t((X*X #=< X)),
    t((Y^2 #= Z)),
    t((B #<==> (Y #>= Y))),
    t((B #<==> (Y #\= Y))),
    t((B #<==> (Y #> Y))),
    t((B #<==> (X #= Y), X = Y)),
    t((X #= Y+Z, Y=Z, X in 0..9)),
    t((X in 0..3, Y in 0..3, X+Y #= Z, X = Y, Z #\= 2)),
    % unified variables show their constraints together, newest first
    t((Y #\= W, X #\= Z, X = Y)),
    t((X #\= Z, Y #\= W, Y = X)),
    t((X #\= Z, X #\= 7, Y #\= W, Y #\= 9, X = Y)),
    t((X #> Z, Y #< 5, X = Y)),
    t((X + 1 #= Z, Y*2 #= W, X = Y)),
    t((X #\= Y+1, X = Y)),
    % integers between 2^60 and 2^63 (boxed, but within the engine's range)
    t((X #= 2^61)),
    t((X in 0..1, Y #= X * 2^61, X = 1)),
    t((X #= 2^61 + Y, Y in 0..2)),
    t((X in 0..4611686018427387904, fd_dom(X, D), fd_sup(X, S))),
    t((X in 1..3, Y #= X*1152921504606846976, label([X]))),
    t((X in 0..3, X #= 4611686018427387904)),
    % a division inside a reified comparison is guarded by its divisor
    t((B #<==> (X // Y #< 4), Y = 0)),
    t((B #<==> (X // 0 #< 4))),
    t((Y = 0, B #<==> (X mod Y #=< Z))),
    t((B #<==> (X // Y #< 4), Y = 2, X = 7)),
    t((X in 0..9, Y in 0..3, B #<==> (X mod Y #= 0), Y = 0)),
    t((X in 0..9, Y in 0..3, B #<==> (X mod Y #= 0), Y = 2, X = 4)),
    t((X in 0..9, Y in 0..3, B #<==> (X rem Y #= 1), B = 1, Y = 2, fd_dom(X, D))),
    % a positive remainder bounds the dividend; a fixed divisor maps each
    % interval of quotients to one of dividends
    t((X in -5..5, 1 #= X rem 2)),
    t((X in -5..5, -1 #= X rem 2)),
    t((X in 0..20, Y #= X//3, Y in 2..3\/5..6)),
    t((X in -20..20, Y #= X div 3, Y in -3.. -2\/1..2)),
    t((Y #= X//3, Y in inf..0\/5..6)),
    % fd_degree: element/3, unified variables
    t((length(L, 3), L ins 1..9, element(I, L, V), maplist(fd_degree, [I, V|L], Ds))),
    t((length(L, 3), L ins 1..9, element(1, L, V), maplist(fd_degree, [V|L], Ds))),
    t((X in 1..5, Y in 1..5, Z #> X, Y = Z, fd_degree(Y, D))).
