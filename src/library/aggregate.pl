/*  aggregate.pl -- library(aggregate): aggregate_all/3, compatible with
    SWI-Prolog's.  Part of puzzlog's Prolog library.
*/
:- module(aggregate, [aggregate_all/3]).
:- meta_predicate aggregate_all(?, 0, -).
:- use_module(library(lists)).

%!  aggregate_all(+Template, :Goal, -Result) is semidet.
%
%   Aggregate over all solutions of Goal.  Template is one of
%     count       number of solutions (0 if none)
%     sum(Expr)   sum of Expr (0 if none)
%     max(Expr)   largest value of Expr (fails if none)
%     min(Expr)   smallest value of Expr (fails if none)
%     max(Expr, Witness)  max(MaxValue, Witness) of the first maximum
%     min(Expr, Witness)  min(MinValue, Witness) of the first minimum
%     bag(T)      list of all T (findall/3)
%     set(T)      sorted list of all T without duplicates
aggregate_all(Template, Goal, Result) :-
    (   var(Template)
    ->  throw(error(instantiation_error, _))
    ;   aggregate_all_(Template, Goal, Result0)
    ->  Result = Result0
    ;   aggregate_template_(Template)
    ->  fail
    ;   throw(error(domain_error(aggregate_template, Template), _))
    ).

% aggregate_template_(+Template): Template is a known template.
aggregate_template_(count).
aggregate_template_(sum(_)).
aggregate_template_(max(_)).
aggregate_template_(min(_)).
aggregate_template_(max(_, _)).
aggregate_template_(min(_, _)).
aggregate_template_(bag(_)).
aggregate_template_(set(_)).

% aggregate_all_(+Template, :Goal, -Result): fails for an unknown
% template or when there is no result (max/min of no solutions).
aggregate_all_(count, Goal, Count) :-
    State = count(0),
    (   call(Goal),
        arg(1, State, C0),
        C1 is C0 + 1,
        nb_setarg(1, State, C1),
        fail
    ;   arg(1, State, Count)
    ).
aggregate_all_(sum(Expr), Goal, Sum) :-
    State = sum(0),
    (   call(Goal),
        arg(1, State, S0),
        S1 is S0 + Expr,
        nb_setarg(1, State, S1),
        fail
    ;   arg(1, State, Sum)
    ).
aggregate_all_(max(Expr), Goal, Max) :-
    findall(Expr, Goal, [E|Es]),
    Max0 is E,
    max_list([Max0|Es], Max).
aggregate_all_(min(Expr), Goal, Min) :-
    findall(Expr, Goal, [E|Es]),
    Min0 is E,
    min_list([Min0|Es], Min).
aggregate_all_(max(Expr, Witness), Goal, max(Max, Win)) :-
    findall(Expr-Witness, Goal, [E-W|Pairs]),
    aggregate_number_(E),
    max_witness_(Pairs, E, W, Max, Win).
aggregate_all_(min(Expr, Witness), Goal, min(Min, Win)) :-
    findall(Expr-Witness, Goal, [E-W|Pairs]),
    aggregate_number_(E),
    min_witness_(Pairs, E, W, Min, Win).
aggregate_all_(bag(T), Goal, Bag) :-
    findall(T, Goal, Bag).
aggregate_all_(set(T), Goal, Set) :-
    findall(T, Goal, Bag),
    sort(Bag, Set).

aggregate_number_(X) :-
    (   number(X)
    ->  true
    ;   throw(error(type_error(number, X), _))
    ).

% max_witness_(Pairs, Max0, W0, Max, W): keep the first strict maximum.
max_witness_([], Max, W, Max, W).
max_witness_([E-W|Pairs], Max0, W0, Max, Win) :-
    (   E > Max0
    ->  max_witness_(Pairs, E, W, Max, Win)
    ;   max_witness_(Pairs, Max0, W0, Max, Win)
    ).

min_witness_([], Min, W, Min, W).
min_witness_([E-W|Pairs], Min0, W0, Min, Win) :-
    (   E < Min0
    ->  min_witness_(Pairs, E, W, Min, Win)
    ;   min_witness_(Pairs, Min0, W0, Min, Win)
    ).
