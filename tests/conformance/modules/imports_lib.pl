:- module(imports_lib, [area/2, double/2, counter/1, bump/0, run/1, twice/2]).
:- dynamic counter/1.
:- meta_predicate run(0), twice(1, ?).
counter(0).
area(sq(X), A) :- A is X*X.
double(X, Y) :- Y is 2*X.
bump :- retract(counter(N)), N1 is N+1, assertz(counter(N1)).
run(G) :- call(G).
twice(G, X) :- call(G, X), call(G, X).
who :- writeln(imports_lib_who).
