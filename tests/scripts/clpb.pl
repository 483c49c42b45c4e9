% CLP(B) answers at the toplevel, residual sat/1 goals included; each
% answer is SWI-Prolog 9's (checked with swipl).
?- use_module(library(clpb)).
?- sat(X+Y).
?- sat(X*Y).
?- sat(X=:=Y).
?- sat(X#Y).
?- sat(X=<Y), sat(Y=<Z).
?- sat(X*Y+Z).
?- sat(card([1],[A,B,C])).
?- sat(X+Y), sat(X+Y+Z).
?- sat(X=:=Y*Z), sat(Y).
?- sat(A=:=(~A + B)).
?- sat(A=:=(~A * B)).
?- sat(A=:=card([1,2],[~A,~B])).
?- Ks = [A,B,C], sat(A=:=(~A * ~B * ~C)), sat(B=:=card([1],Ks)).
?- sat(A=:= ~B), sat(B=:=(A=:=C)).
?- sat(X+ ~X).
?- taut(X+ ~X, T).
?- sat(X^(X*Y)).
?- sat(A =< B), Vs = [A,B], sat_count(+[1|Vs], Count).
?- sat(X#Y), weighted_maximum([2,1],[X,Y],M).
?- sat(2).
% The conjuncts of one sat/1 that share no variable are separate
% components: the goals of each come with its first variable.
?- sat((~X+X)*(Z#Y)).
?- sat(*([X+ ~X, Z, W+Y])).
?- sat(~((X* ~X) + (Z=:=Y))).
?- sat((X+Y)*(A+B)*(Y+A)).
