% A module used by modules.pl: exports predicates, a DCG and an operator,
% keeps helpers private, declares a meta-predicate and dynamic state.
:- module(shapes, [area/2, twice//1, op(700, xfx, ===>), (===>)/2,
                   apply_all/3, secret_count/1, bump/1, tally/1, call_here/1,
                   broken/0]).
:- use_module(library(lists)).
:- meta_predicate apply_all(2, +, -), call_here(0).

area(square(S), A) :- A is S * S.
area(rect(W, H), A) :- A is W * H.

twice(X) --> [X, X].

A ===> B :- B is A + 1.

apply_all(G, L, R) :- maplist(G, L, R).

secret(1).
secret(2).
secret_count(N) :- findall(X, secret(X), L), length(L, N).

:- dynamic counter/1.
counter(0).
bump(N) :- retract(counter(C)), N is C + 1, assertz(counter(N)).

tally(N) :- aggregate_all(count, secret(_), N).

call_here(G) :- call(G).

:- op(200, xfy, local_op).

% Calls a predicate this module does not define.
broken :- not_defined_here(1).
