% copy_term/2, findall/3 and bagof/3 copy the finite-domain constraints of
% the variables they copy (SWI copies the attributes); numbervars/3 refuses
% attributed variables (the culprit shows the variables numbered before).
:- use_module(library(clpfd)).

t1 :- X #> 3, copy_term(X, Y), fd_dom(Y, D), print(D), nl, fd_dom(X, DX), print(DX), nl,
      Y = 5, fd_dom(X, DX2), print(DX2), nl.
t2 :- findall(X, X #> 3, [Y]), fd_dom(Y, D), print(D), nl, (Y = 2 -> print(bound2) ; print(rejected)), nl.
t3 :- findall(X-Y, (X #> 3, Y #= X + 1), [A-B]), fd_dom(B, D), print(D), nl, A = 10, print(B), nl.
t4 :- freeze(X, true), catch(numbervars(f(Y, X), 0, _), error(E, _), true),
      E = type_error(T, f(V, _)), print(T-V), nl, (var(Y) -> print(undone) ; true), nl.
t5 :- freeze(X, (print(woke(X)), nl)), X #> 3, copy_term(X, Y), Y = 7, X = 8.
t6 :- A in 1..3, findall(Q, member(Q, [A, _]), L2), copy_term(L2, L3, Gs), numbervars(L3-Gs, 0, _), print(L3-Gs), nl.
t7 :- X in 1..5, findall(X, (X #> 2 ; X #< 2), L), copy_term(L, L2, Gs), numbervars(L2-Gs, 0, _), print(L2-Gs), nl.
t8 :- X in 1..3, Y in 1..3, all_different([X,Y]), X = 1, findall(Y, true, [Y2]), fd_dom(Y2, D), print(D), nl.
t9 :- X in 0..9, bagof(X-K, member(K, [a,b]), [A-a, B-b]), fd_dom(A, DA), fd_dom(B, DB), print(DA/DB), nl,
      A = 3, fd_dom(B, DB2), print(DB2), nl.
t10 :- findall(X, (member(X, [1,2,3]), X #> 1), L), print(L), nl.

main :- keys, forall(member(G, [t1,t2,t3,t4,t5,t6,t7,t8,t9,t10]),
               (catch(G, E, (print(E), nl)) -> true ; print(failed(G)), nl)).

% Keys and lambdas copy without constraints: bagof/3 with free variables,
% distinct/2 and yall's >> (SWI's copy_term_nat/2 there).
:- use_module(library(yall)).
:- use_module(library(solution_sequences)).
k1 :- X in 1..3, bagof(K, member(K-X, [a-X, b-X]), L), print(L), nl.
k2 :- X in 1..3, findall(Y, distinct(Y, member(Y, [X, X, 2])), L), length(L, N), print(N), nl.
k3 :- X #> 3, maplist([Y]>>(Y #= X), [A]), X = 5, (var(A) -> fd_dom(A, D), print(D) ; print(A)), nl.
k4 :- freeze(Z, (print(woke), nl)), maplist([W]>>(W = Z), [B]), B = 1, print(B), nl.
keys :- forall(member(G, [k1,k2,k3,k4]), (catch(G, E, (print(E), nl)) -> true ; print(failed(G)), nl)).
