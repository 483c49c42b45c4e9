% CLP(R): library(clpr) as SWI-Prolog 9 answers: bindings, residual
% constraints (copy_term/3), optimisation, entailment and errors.

:- use_module(library(clpr)).

t(G, Vs) :-
    \+ \+ ( catch(G, E, true)
          ->  (   var(E)
              ->  copy_term(Vs, Vs1, Gs),
                  numbervars(Vs1-Gs, 0, _),
                  print(yes(Vs1, Gs))
              ;   print(ex(E))
              )
          ;   print(no)
          ),
    nl.

mg(P, T, I, B, MP) :-
    {T = 1, B + MP = P*(1+I)}.
mg(P, T, I, B, MP) :-
    {T > 1, P1 = P*(1+I) - MP, T1 = T - 1},
    mg(P1, T1, I, B, MP).

main :-
    % equations: bound when determined, float arithmetic as SWI
    t({X = 3}, [X]),
    t({X + Y = 10, X - Y = 2}, [X, Y]),
    t({X = 1/3}, [X]),
    t({X = 0.1+0.2}, [X]),
    t({X = 7/10}, [X]),
    t({X = 5 - 7, Y = X*X}, [X, Y]),
    t({X = 3.0e10 * 2}, [X]),
    t({X = 1.0e-11}, [X]),
    t({X = min(2,3)+abs(-3)+max(1,2)}, [X]),
    t({X = sin(1.0)}, [X]),
    t({X = cos(0) + exp(0)}, [X]),
    t({X = 2^3}, [X]),
    t({X = pow(2, 0.5)}, [X]),
    t({X = 1/0}, [X]),
    t({2 = X + 1}, [X]),
    t({1 < 2}, []),
    t({2 < 1}, []),
    % residual equations
    t({X + Y = 10}, [X, Y]),
    t({X/2 + Y/3 = 1}, [X, Y]),
    t({3*X + 7*Y = 1}, [X, Y]),
    t({7*X + 3*Y = 1}, [X, Y]),
    t({X/7 = Y/3}, [X, Y]),
    t({2*X + 3*Y = 1}, [X, Y]),
    t({X+Y+Z=1, X+2*Y-Z=3}, [X, Y, Z]),
    % bounds
    t({X > 3}, [X]),
    t({X >= 2, X =< 5}, [X]),
    t({X > 1, X > 2}, [X]),
    t({X >= 1, X > 1}, [X]),
    t({X > 1, X < 3, X >= 2}, [X]),
    t({X > 1/3}, [X]),
    t({2*X >= 0}, [X]),
    t({-X >= 0}, [X]),
    t({X >= 2, X =< 2}, [X]),
    t({X >= 0, X < 0}, [X]),
    t({X > 3, X < 2}, [X]),
    t({X = 3, X > 2}, [X]),
    t({X = 3, X > 4}, [X]),
    t(({X >= 2, Y = 2*X}, {Y =< 10}), [X, Y]),
    t({2*X+1 >= 3, X =< 1}, [X]),
    % inequalities over several variables: slack variables
    t({X >= Y}, [X, Y]),
    t({X + Y >= 1}, [X, Y]),
    t({X - Y >= 1}, [X, Y]),
    t({2*X+3*Y > 4, X < 1}, [X, Y]),
    t({3*X - 2*Y =< 7 + Z}, [X, Y, Z]),
    % implied equations
    t({X+Y>=2, X+Y=<2}, [X, Y]),
    t({X>=0, Y>=0, X+Y=<0}, [X, Y]),
    t({X>=0, Y>=0, X+Y=<10, 3*X+2*Y >= 27, X-Y =< 4}, [X, Y]),
    % disequations
    t({X =\= 3}, [X]),
    t(({X =\= 3}, X = 3), [X]),
    % bindings from outside
    t(({X > 1}, X = 2), [X]),
    t(({X > 1}, X = 0), [X]),
    t(({X = 0.7*Y}, Y = 10), [X, Y]),
    t(({X = 2*Y+1}, X = 2), [X, Y]),
    % non-linear constraints wait until linear
    t(({X*Y = 6}, {X = 2}), [X, Y]),
    t(({X = Y^3}, Y = 2), [X]),
    t(({X = 2^Y}, {Y = 3}), [X]),
    % optimisation
    t(({X >= 0, Y >= 0, X + Y =< 10, X - Y =< 4}, sup(3*X+2*Y, S)), [S]),
    t(({X >= 0, Y >= 0, X + Y =< 10, X - Y =< 4}, inf(3*X+2*Y, S)), [S]),
    t(({X >= 0, Y >= 0, X + Y =< 10, X - Y =< 4}, maximize(3*X+2*Y)), [X, Y]),
    t(({X >= 0, Y >= 0, X + Y =< 10, X - Y =< 4}, minimize(X-Y)), [X, Y]),
    t(({X >= 0, Y >= 0, X + Y =< 10, X - Y =< 4}, sup(3*X+2*Y, S, [X,Y], V)), [S, V]),
    t(({X >= 0}, sup(X, S)), [S]),
    t(({X >= 0, X =< 3}, sup(X, S), inf(X, I)), [S, I]),
    t(sup(X, _), [X]),
    t(({X >= 2, Y >= 3, X + Y =< 7.5}, bb_inf([X,Y], -X-Y, Inf)), [Inf]),
    t(({X >= 0.5, X =< 0.8}, bb_inf([X], X, Inf)), [Inf]),
    % entailment
    t(({X >= 2}, entailed(X > 1)), []),
    t(({X >= 2}, entailed(X > 3)), []),
    t(({X + Y = 10}, entailed(X + Y = 10)), []),
    t(({X + Y = 10}, entailed(X + Y >= 9)), []),
    t(({X + Y = 10}, entailed(X =\= Y)), []),
    t(({X > 2}, entailed(X =\= 1)), []),
    t(entailed(1 < 2), []),
    % dump/3
    t(({X >= 2, X =< 5}, dump([X], [x], D)), [D]),
    t(({X >= 2, Y = 2*X}, dump([X,Y], [x,y], D)), [D]),
    t(({X + Y = 10}, dump([X,Y], [x,y], D)), [D]),
    % mortgage (the directions whose float rounding already agrees)
    t(mg(100000, 12, 0.01, B, 1000), [B]),
    % spreadsheet
    t({ B1 = 0.17, B4 = 3.5, B5 = 1.7, C4 = 1.5, C5 = 4.5,
        D4 = B4 * C4, D5 = B5 * C5, E7 = D4 + D5, E8 = E7 * (1.0 + B1) },
      [D4, D5, E7, E8]),
    % errors
    t({X = a}, [X]),
    t({X = f(Y)}, [X, Y]),
    t({X = pi}, [X]),
    t({X = 2 ** 3}, [X]),
    t({foo}, []),
    t({X + Y}, [X, Y]),
    t(({X = Y}, Y = a), [X]).
