% CLP(FD) with integers beyond 64 bits: 128-bit values and domains,
% big coefficients in linear sums, ground big parts evaluated; two-variable
% sums left by fixing others propagate as X+Y#=C; copy_term/3 of unified
% variables reaches their neighbours.
:- use_module(library(clpfd)).

n_factorial(0, 1).
n_factorial(N, F) :- N #> 0, N1 #= N - 1, F #= N * F1, n_factorial(N1, F1).

t(G) :-
    term_variables(G, Vs),
    (   catch(G, E, (print(ex(E)), nl, fail))
    ->  copy_term(Vs, Vs2, Gs), numbervars(Vs2-Gs, 0, _), print(Vs2-Gs), nl
    ;   print(no), nl
    ).

main :-
    F26 is 403291461126605635584000000,
    n_factorial(25, F25), print(F25), nl,
    n_factorial(30, F30), print(F30), nl,
    n_factorial(N, 3628800), print(N), nl,
    % Reverse mode above 2^60: every answer, from 22! and 26!.
    findall(N22, n_factorial(N22, 1124000727777607680000), N22s), print(N22s), nl,
    findall(N26, n_factorial(N26, F26), N26s), print(N26s), nl,
    t((X1 #= 3*Y1, Y1 = 4611686018427387904)),
    t((X2 #= Y2*Z2, Y2 = 4611686018427387904, Z2 = 4)),
    t((X3 #> 2^70, fd_inf(X3, I3))),
    t((X4 in 0..10, X4 #> 2^70)),
    t((X5 #= 2^70+Y5, Y5 in 0..3)),
    t((X6 #= 2^70*Y6, Y6 in 0..3)),
    t((A7 in 0..1, B7 in 0..1,
       scalar_product([2316931787588303659213440000,1303274130518420808307560000],
                      [A7,B7], #=, 2316931787588303659213440000))),
    t((length(L8, 3), L8 ins 0..1,
       scalar_product([2316931787588303659213440000,1303274130518420808307560000,7], L8, #=, T8),
       label(L8))),
    t((X9 #= 2^130)),
    t((X10 #= 2^62+2^62-1+Y10, Y10 in 0..5, label([Y10]))),
    catch(_ #= 30/2, error(E11, _), (print(E11), nl)),
    t((X12 #= 2^70//3+Y12)),
    t(([X13,Y13,Z13] ins 1..10, Y13 #\= 5, X13+Y13+Z13 #= 15, Z13 = 4)),
    t(([X14,Y14,Z14] ins 1..10, X14-Y14+Z14 #= 5, Z14 = 4)),
    t(([X15,Y15,Z15] ins 1..10, -X15+Y15+Z15 #= 5, Z15 = 4)),
    t(([X16,Y16,Z16] ins 1..10, X16-Y16+Z16 #= 4, Z16 = 4)),
    t(([X17,Y17,Z17] ins 1..10, -X17-Y17+Z17 #= 1, Z17 = 4)),
    D18 in 1..3, A18 #\= B18, C18 #\= D18, A18 = C18,
    copy_term([A18], K18, G18), numbervars(K18-G18, 0, _), print(K18-G18), nl,
    all_distinct([A19,B19]), all_distinct([C19,D19]), [A19,B19,C19,D19] ins 1..3, A19 #= C19,
    copy_term([A19], K19, G19), numbervars(K19-G19, 0, _), print(K19-G19), nl.
