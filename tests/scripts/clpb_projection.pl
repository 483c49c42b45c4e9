% Residual goals projected onto the query's variables, as SWI-Prolog's
% toplevel does: before it collects the goals of an answer, it calls
% Module:project_attributes(QueryVars, []) of each attribute module
% (standard order, once, exported or not, failure ignored, errors
% printed) and undoes the projection afterwards.  library(clpb) quantifies
% away the variables of the query's components that the query does not
% reach.  Every answer is SWI-Prolog 9's (checked with swipl).
?- use_module(library(clpb)).

% The hook protocol, with attribute modules of our own.
h:project_attributes(Q, A) :- length(Q, N), format("h: ~w query variables, ~q~n", [N, A]).
h:attribute_goals(X, [h(X, V)|T], T) :- get_attr(X, h, V).
g:project_attributes(_, _) :- format("g first~n"), fail.
e:project_attributes(_, _) :- throw(oops).
e:attribute_goals(X, [e(X)|T], T).
r:project_attributes([V|_], _) :- get_attr(V, r, N), N1 is N + 1, put_attr(V, r, N1).
r:attribute_goals(X, [r(X, V)|T], T) :- get_attr(X, r, V).
?- put_attr(X, h, 1).
?- put_attr(X, h, 1), Y = f(Z, _W, _), put_attr(Z, h, 2).
?- put_attr(X, h, 1), put_attr(_, h, 2).
?- put_attr(X, h, 1), put_attr(Y, g, 2).
?- put_attr(X, e, 1), put_attr(Y, h, 2).
?- put_attr(X, r, 1), member(A, [1, 2, 3]).
?- put_attr(X, r, 1), get_attr(X, r, V), (true ; true).
?- put_attr(X, r, 1), copy_term(X, Y, Gs).

% Hidden variables: entailed, forced, linking query variables.
p(X) :- sat(X+Y), sat(Y+Z).
q(X, Z) :- sat(X=<Y), sat(Y=<Z).
forced(X) :- sat(X=:=Y), sat(Y).
forced2(X) :- sat(Y*X), sat(Y=:=Z).
link_eq(X, Z) :- sat(X=:=Y), sat(Y=:=Z).
link_xor(X, Z) :- sat(X#Y), sat(Y#Z).
link_neq(X, Z) :- sat(X#Y), sat(Y=:=Z).
chain(X, W) :- sat(X=<A), sat(A=<B), sat(B=<W).
free(X) :- sat(X+Y).
free2(X, Y) :- sat(X+H), sat(Y+H).
indep(X, Y) :- sat(X+A), sat(Y=<B).
mixed(X, Y, Z) :- sat(X+H), sat(H=<Y), sat(Z#Y).
visible(X, L) :- sat(X+Y), L = [Y].
?- p(X).
?- p(X), member(A, [1,2]).
?- q(X, Z).
?- forced(X).
?- forced2(X).
?- link_eq(X, Z).
?- link_xor(X, Z).
?- link_neq(X, Z).
?- chain(X, W).
?- free(X).
?- free2(X, Y).
?- indep(X, Y).
?- mixed(X, Y, Z).
?- visible(X, L).
?- sat(X+Y), free(Y).
?- free(X), X = 0.
?- q(X, Z), Z = 0.
?- q(X, Z), X = Z.
?- q(X, Z), sat(X+Z).
?- q(X, Z), labeling([X,Z]).
?- q(X, Z), taut(X =< Z, T).
?- q(X, _Z).
?- q(X, _).
?- q(_X, _Y).
?- q(A, B), q(B, C).
?- q(A, B), q(C, D).
?- p(X), p(Y).
?- chain(X, W), sat(X =\= W).

% copy_term/3 does not project.
?- q(X, Z), copy_term(X-Z, C, Gs).

% Cardinality constraints.
card1(X, Y) :- sat(card([1],[X,Y,Z])).
card2(X, Y) :- sat(card([2],[X,Y,Z,W])).
maj(X, Y, Z) :- sat(card([2,3],[X,Y,Z,H])), sat(H).
exactly1(Vs) :- length(Vs, 3), sat(card([1], [H|Vs])).
exactly2(Vs) :- length(Vs, 3), sat(card([2], [H1,H2|Vs])).
?- card1(X, Y).
?- card2(X, Y).
?- card2(X, Y), sat(X*Y).
?- maj(X, Y, Z).
?- maj(X, Y, Z), sat(~X).
?- exactly1(Vs).
?- exactly2(Vs).
?- exactly2(Vs), Vs = [A|_], A = 1.
?- exactly2([A,B,C]), labeling([A,B]).
?- sat(card([1,2],[X,Y,H])), free(H).
?- length(L, 5), sat(card([2], L)), L = [A,B|_].
?- length(L, 4), sat(card([1,3], L)), L = [A,B|_].
?- length(L, 4), sat(card([2],L)), L = [A,B,C,D], sat(A =< B), sat(C =< D), X = A-C.

% Exclusive or, adders, clauses.
xor3(X, Y, Z) :- sat(X#Y#H), sat(H#Z).
adder(A, B, S, C) :- sat(S =:= A#B#Ci), sat(C =:= (A*B + Ci*(A#B))), sat(~Ci).
adder2(A, B, S, C) :- sat(S =:= A#B#Ci), sat(C =:= (A*B + Ci*(A#B))).
cnf(X, Y, Z) :- sat((X + H) * (~H + Y) * (H + Z)).
sep(X, Y, Z, W) :- sat(X + H), sat(H =< Y), sat(Z * H2 =:= W), sat(H2).
eqs(L) :- length(L, 4), L = [A,B,C,D], sat(A =:= H), sat(H =:= B), sat(C # H2), sat(H2 # D).
?- xor3(X, Y, Z).
?- xor3(X, Y, Z), X = Y.
?- adder(A, B, S, C).
?- adder2(A, B, S, C).
?- adder2(A, B, S, C), sat(C).
?- cnf(X, Y, Z).
?- cnf(X, Y, Z), sat_count(+[1,X,Y,Z], N).
?- sep(X, Y, Z, W).
?- eqs(L).

% Variables that no constraint depends on: those the query does not
% reach keep their V=:=V goal unless they were quantified away.
taut1(X) :- sat(X =:= X*(Y + ~Y)).
taut2(X) :- sat(X =:= X*(Y + ~Y)), sat(X + Z).
taut3(X) :- sat(X =:= X*(Y + ~Y)), sat(Y + Z).
?- taut1(X).
?- taut2(X).
?- taut3(X).
?- taut1(X), copy_term(X, C, Gs).

% Other constraints on the hidden variables.
fz(X) :- sat(X+Y), freeze(X, writeln(Y)).
dq(X) :- sat(X+Y), dif(X, Y).
?- fz(X).
?- dq(X).
