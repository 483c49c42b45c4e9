% SEND + MORE = MONEY, posted and solved K times (constraint posting and a
% short search each time), plus the all-solutions count of a second puzzle.
:- use_module(library(clpfd)).

bench :- bench(1500).

bench(K) :-
    forall(between(1, K, _), once(puzzle(_))),
    puzzle([S,E,N,D] + [M,O,R,E] = [M,O,N,E,Y]),
    format("~w~w~w~w + ~w~w~w~w = ~w~w~w~w~w (x~w)~n", [S,E,N,D,M,O,R,E,M,O,N,E,Y,K]),
    findall(Ws, donald(Ws), Sols),
    length(Sols, C),
    format("DONALD+GERALD=ROBERT: ~w solution(s) ~w~n", [C, Sols]).

puzzle([S,E,N,D] + [M,O,R,E] = [M,O,N,E,Y]) :-
    Vars = [S,E,N,D,M,O,R,Y],
    Vars ins 0..9,
    all_different(Vars),
    S*1000 + E*100 + N*10 + D + M*1000 + O*100 + R*10 + E #=
        M*10000 + O*1000 + N*100 + E*10 + Y,
    M #\= 0, S #\= 0,
    label(Vars).

donald([D,O,N,A,L,G,E,R,B,T]) :-
    Vars = [D,O,N,A,L,G,E,R,B,T],
    Vars ins 0..9,
    all_different(Vars),
    100000*D + 10000*O + 1000*N + 100*A + 10*L + D +
    100000*G + 10000*E + 1000*R + 100*A + 10*L + D #=
    100000*R + 10000*O + 1000*B + 100*E + 10*R + T,
    D #\= 0, G #\= 0, R #\= 0,
    label(Vars).
