:- module(cycle_a, [a/1, a_via_b/1]).
:- use_module(cycle_b).
a(1).
a_via_b(X) :- b(X).
