% CLP(FD) over integers of any size: values, bounds and coefficients
% beyond 64 and 128 bits, as SWI-Prolog computes them with GMP.
:- use_module(library(clpfd)).

n_factorial(0, 1).
n_factorial(N, F) :-
    N #> 0, N1 #= N - 1, F #= N * F1, n_factorial(N1, F1).

% show(+Goal): the variables of Goal after it, with their residual goals
% (errors show their formal term).
show(G) :-
    term_variables(G, Vs),
    (   catch(G, error(E, _), (print(ex(E)), nl, fail))
    ->  copy_term(Vs, Vs2, Gs), numbervars(Vs2-Gs, 0, _),
        print(Vs2-Gs), nl
    ;   print(failed), nl
    ).

main :-
    forall(n_factorial(47, F), (print(F), nl)),
    F47 is 258623241511168180642964355153611979969197632389120000000000,
    forall(n_factorial(N, F47), (print(N), nl)),
    P64 is 2^64, P70 is 2^70, P71 is 2^71, P80 is 2^80, P81 is 2^81,
    P89 is 2^89, P100 is 2^100, P126 is 2^126, P140 is 2^140, P150 is 2^150,
    N91 is -(2^91),
    show(_ #= 2^200 + _),
    show((X2 #= 2^200 + Y2, Y2 in 0..3, label([X2]))),
    show(_ #> 2^200),
    show((X4 #> 2^200, X4 #< 2^200 + 4, findall(X4, label([X4]), L4), length(L4, _))),
    show((X5 in 0..3, Y5 in 0..3, 2^130*X5 + 3^90*Y5 #= 2^130*2 + 3^90, label([X5, Y5]))),
    show((length(Ws, 3), Ws ins 0..1,
          scalar_product([P100, 2*P100, 4*P100], Ws, #=, 5*P100))),
    show((X6*_ #= 3*2^130, X6 in 1..10)),
    show((_ #= 7^Y7, Y7 in 0..100)),
    L8 is P100 - 2, H8 is P100 + 2,
    show((_ #= Y8 mod P100, Y8 in L8..H8)),
    H9 is P150 + 7,
    show((_ #= Y9 // 3, Y9 in P150..H9)),
    L10 is -P140,
    show((_ #= abs(Y10), Y10 in L10..5)),
    show((_ #= max(Y11, 2^90), Y11 in 0..P89)),
    show((_ #= min(Y12, -(2^90)), Y12 in N91..0)),
    show((_ #= max(Y13, -5), Y13 in -4..P70)),
    show((_ #= Y14 mod 1, Y14 in 0..10)),
    show((X15 #= Y15 * Y15, X15 #= 2^200)),
    H16 is P64 + 3, V16 is P64 + 1,
    show((X16 in P64..H16, X16 #\= V16, fd_dom(X16, _), fd_size(X16, _))),
    show((sum([A17, B17], #=, 2^127), A17 in 0..P126, B17 in 0..P126)),
    show((X18 #= 2^200, X18 #= _ * 2^199)),
    show(((2^70 #< X19) #<==> _, X19 in 0..P71)),
    show((tuples_in([[X20, _]], [[P80, 1], [P81, 2]]), X20 #> P80)),
    show(_ #= 2^3000 // 2^2999),
    show((X23 in 0..P64, labeling([bisect, down], [X23]))),
    show((X24 #= P64 * Y24, Y24 in -2..2, X24 #\= 0, fd_dom(X24, _))),
    show(_ in 0..2^100).
