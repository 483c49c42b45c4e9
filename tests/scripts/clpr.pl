% CLP(R) residual constraints as the toplevel prints them; each answer is
% SWI-Prolog 9's (checked by hand with swipl), except where noted.
?- use_module(library(clpr)).
?- {X > 3}.
?- {X = 3}.
?- {X + Y = 10}.
?- {X + Y = 10}, {X - Y = 2}.
?- {X >= 2, X =< 5, Y = X + 1}.
% SWI solves for Y here: {X>=2.0, Y=1.0+X}.
?- {Y = X + 1, X >= 2}.
?- {2*X+3*Y > 4, X < 1}.
?- {X =\= 3}.
?- {X >= Y}.
?- {X >= 0, X =< 0}.
?- {X >= 0, Y >= 0, X + Y =< 10, X - Y =< 4}, maximize(3*X+2*Y).
?- {X >= 2}, entailed(X > 1).
?- {X > 3}, {X < 1}.
?- {X = 2*Y}, {Y > 1}.
% SWI prints the non-linear constraint twice, as {-4.0+Y*X=0.0}.
?- {X*Y = 4}.
