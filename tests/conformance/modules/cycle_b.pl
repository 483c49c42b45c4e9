:- module(cycle_b, [b/1, b_via_a/1]).
:- use_module(cycle_a).
b(2).
b_via_a(X) :- a(X).
