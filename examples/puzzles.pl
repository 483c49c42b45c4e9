% examples/puzzles.pl -- two small classic puzzles to try puzzlog on.
%
%   puzzlog -q -g "queens(8, Qs), print(Qs), nl" -t halt examples/puzzles.pl
%   puzzlog examples/puzzles.pl          (then ?- send_more(S). at the prompt)

%% queens(+N, -Qs): Qs is a placement of N non-attacking queens, one per column,
%% Qs listing the row of the queen in each column.
queens(N, Qs) :-
    numlist(1, N, Rows),
    permutation(Rows, Qs),
    safe(Qs).

safe([]).
safe([Q|Qs]) :-
    no_attack(Q, Qs, 1),
    safe(Qs).

no_attack(_, [], _).
no_attack(Q, [Q1|Qs], D) :-
    Q =\= Q1 + D,
    Q =\= Q1 - D,
    D1 is D + 1,
    no_attack(Q, Qs, D1).

%% send_more(-Sum): SEND + MORE = MONEY with distinct digits, as [S,E,N,D]+[M,O,R,E]=[M,O,N,E,Y].
send_more([S,E,N,D]+[M,O,R,E]=[M,O,N,E,Y]) :-
    Digits = [0,1,2,3,4,5,6,7,8,9],
    M = 1,
    select(M, Digits, D1),
    select(S, D1, D2), S > 0,
    select(E, D2, D3),
    select(N, D3, D4),
    select(D, D4, D5),
    select(O, D5, D6),
    select(R, D6, D7),
    select(Y, D7, _),
    1000*S + 100*E + 10*N + D + 1000*M + 100*O + 10*R + E =:=
        10000*M + 1000*O + 100*N + 10*E + Y.
