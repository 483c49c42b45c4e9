% CLP(B): labeling/1, sat_count/2, weighted_maximum/3 and random_labeling/2
% as SWI-Prolog 9 answers, and puzzles: knights and knaves, independent
% sets and dominating sets of small graphs, counting with cardinalities.

:- use_module(library(clpb)).

:- include(helpers/show_answer).

%   all(Goal, Vs): every answer of Goal, as the values of Vs.
all(G, Vs) :-
    findall(Vs, G, L),
    print(L),
    nl.

knights(1, [A,B]) :- sat(A=:=(~A + B)).
knights(2, [A,B]) :- sat(A=:=(~A * B)).
knights(3, [A,B]) :- sat(A=:=card([1,2],[~A,~B])).
knights(4, Ks) :- Ks = [A,B,C], sat(A=:=(~A * ~B * ~C)), sat(B=:=card([1],Ks)).
knights(5, [A,B,C]) :- sat(A=:= ~B), sat(B=:=(A=:=C)).

% the independent sets of a graph: no edge has both ends chosen
independent(Vs, Edges) :-
    maplist(no_both(Vs), Edges).
no_both(Vs, I-J) :-
    nth1(I, Vs, A),
    nth1(J, Vs, B),
    sat(~(A*B)).

% dominating sets: each vertex is chosen or has a chosen neighbour
dominating(Vs, Edges) :-
    length(Vs, N),
    numlist(1, N, Is),
    maplist(dominated(Vs, Edges), Is).
dominated(Vs, Edges, I) :-
    nth1(I, Vs, V),
    findall(J, ( member(I-J, Edges) ; member(J-I, Edges) ), Js),
    maplist(vertex(Vs), Js, Ns),
    sat(+[V|Ns]).
vertex(Vs, J, V) :-
    nth1(J, Vs, V).

cycle(N, Edges) :-
    findall(I-J, ( between(1, N, I), J is I mod N + 1 ), Edges).

petersen([1-2,2-3,3-4,4-5,5-1, 1-6,2-7,3-8,4-9,5-10, 6-8,8-10,10-7,7-9,9-6]).

chain([_]).
chain([A,B|Vs]) :-
    sat(A =< B),
    chain([B|Vs]).

main :-
    % labeling: 0 before 1, in the order of the list
    all((sat(X+Y), labeling([X,Y])), [X,Y]),
    all((sat(X#Y#Z), labeling([Z,Y,X])), [X,Y,Z]),
    all((sat(X#Y#Z), labeling([Z,X])), [X,Y,Z]),
    all((sat(Z+Y), sat(X+W), labeling([W,Y,X,Z])), [X,Y,Z,W]),
    all(labeling([B,A]), [A,B]),
    % new variables with the first constrained one, in the list's order
    all((sat(X=<Y), sat(Z=:=Z), labeling([Y,Z,U,X])), [X,Y,Z,U]),
    all((sat(X=<Y), sat(Z=:=Z), labeling([Z,X,U,Y])), [X,Y,Z,U]),
    all((sat(X#Y#Z), labeling([Y,U,X,W,Z])), [X,Y,Z,W,U]),
    all((sat(X+ ~X), labeling([Y,X])), [X,Y]),
    all((sat(Z+Y), sat(X+W), labeling([X,W,Z,Y])), [X,Y,Z,W]),
    all((sat(card([2],[X,Y,Z])), labeling([X,Y,Z])), [X,Y,Z]),
    all(labeling([X,Y]), [X,Y]),
    all((sat(X=<Y), labeling([Y])), [X,Y]),
    t(labeling([a]), []),
    t(labeling(_), []),
    t(labeling([1,0]), []),
    t(labeling([2]), []),
    % sat_count: over the variables of the expression
    t(sat_count(X+Y, N), [X, Y, N]),
    t((sat(A =< B), sat_count(+[1,A,B], N)), [A, B, N]),
    t((sat(X+Y), sat_count(X, N)), [X, Y, N]),
    t((sat(X+Y), sat_count(Z, N)), [X, Y, Z, N]),
    t((sat(X+Y), sat_count(X+Z, N)), [X, Y, Z, N]),
    t((sat(X+Y), sat(Z+W), sat_count(+[1,X,Y,Z,W], N)), [X, Y, Z, W, N]),
    t(sat_count(1, N), [N]),
    t(sat_count(0, N), [N]),
    t(sat_count(X*(~X), N), [X, N]),
    t((length(Vs, 10), sat_count(+Vs, N)), [N]),
    t((length(Vs, 120), sat_count(+Vs, N1), sat_count(*(Vs), N2)), [N1, N2]),
    t((length(Vs, 20), sat(card([10],Vs)), sat_count(+[1|Vs], N)), [N]),
    t((length(Vs, 60), sat(card([0-3,57-60],Vs)), sat_count(+[1|Vs], N)), [N]),
    t((length(Vs, 40), chain(Vs), sat_count(+[1|Vs], N)), [N]),
    % weighted_maximum: the optimum, then each optimal assignment
    all(weighted_maximum([1,0,-1],[X,Y,Z],M), [X,Y,Z,M]),
    all((sat(X#Y), weighted_maximum([2,2],[X,Y],M)), [X,Y,M]),
    all((sat(X=<Y), weighted_maximum([1,2],[X,Y],M)), [X,Y,M]),
    all((sat(card([2],[X,Y,Z])), weighted_maximum([3,-1,2],[X,Y,Z],M)), [X,Y,Z,M]),
    all((sat(X+Y), weighted_maximum([-1,-1],[X,Y],M)), [X,Y,M]),
    t(weighted_maximum([a],[_],_), []),
    t(weighted_maximum([1],[_,_],_), []),
    % random_labeling: one admissible assignment
    t((sat(card([2],[X,Y,Z])), random_labeling(7, [X,Y,Z]),
       S is X+Y+Z), [S]),
    t((sat(X=<Y), random_labeling(1, [X,Y]), X =< Y), []),
    t(random_labeling(a, [_]), []),
    t(random_labeling(1, [a]), []),
    t(weighted_maximum([1], [1], _), []),
    t(sat_count(+[1|_], _), []),
    t(sat_count(foo, N), [N]),
    % knights and knaves
    forall(between(1, 5, I), t(knights(I, Ks), [Ks])),
    % independent sets and dominating sets
    t(( length(Vs, 10), cycle(10, Es), independent(Vs, Es),
        sat_count(+[1|Vs], N)), [N]),
    t(( length(Vs, 10), petersen(Es), independent(Vs, Es),
        sat_count(+[1|Vs], N)), [N]),
    t(( length(Vs, 10), petersen(Es), independent(Vs, Es),
        weighted_maximum([1,1,1,1,1,1,1,1,1,1], Vs, M)), [M, Vs]),
    t(( length(Vs, 8), cycle(8, Es), dominating(Vs, Es),
        sat_count(+[1|Vs], N)), [N]),
    t(( length(Vs, 10), petersen(Es), dominating(Vs, Es),
        sat_count(+[1|Vs], N)), [N]),
    all(( length(Vs, 6), cycle(6, Es), dominating(Vs, Es),
          sat(card([2],Vs)), labeling(Vs)), Vs).
