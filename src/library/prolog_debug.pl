/*  prolog_debug.pl -- spy points: spy/1, nospy/1, nospyall/0, compatible
    with SWI-Prolog 9's library(prolog_debug).

    Part of puzzlog's Prolog library.  A spy point makes the debugger
    (library/tracer.pl) stop at the ports of a predicate in debug mode;
    spy/1 switches debug mode on.  The messages ("% Spy point on foo/1")
    are informational, as in SWI-Prolog (so -q silences them).
*/

:- module(prolog_debug_tools,
          [ spy/1,
            nospy/1,
            nospyall/0
          ]).

:- meta_predicate
    spy(:),
    nospy(:).

%!  spy(:Spec) is det.
%   Sets a spy point on the predicates Spec designates (Name, Name/Arity,
%   a head, or a list of these) and switches debug mode on.
spy(M:Spec) :-
    each_spec(Spec, M, Q:PI),
    '$spy'(Q:PI, on),
    print_message(informational, format("Spy point on ~w", [PI])),
    fail.
spy(_) :-
    debug.

%!  nospy(:Spec) is det.
%   Removes the spy points of the predicates Spec designates.
nospy(M:Spec) :-
    each_spec(Spec, M, Q:PI),
    '$spy_point'(Q:PI),
    '$spy'(Q:PI, off),
    print_message(informational, format("Spy point removed from ~w", [PI])),
    fail.
nospy(_).

%!  nospyall is det.
%   Removes every spy point.
nospyall :-
    forall('$spy_point'(Q:PI),
           (   '$spy'(Q:PI, off),
               print_message(informational, format("Spy point removed from ~w", [PI]))
           )).

each_spec(V, _, _) :- var(V), !, throw(error(instantiation_error, _)).
each_spec([], _, _) :- !, fail.
each_spec([H|T], M, PI) :- !, ( each_spec(H, M, PI) ; each_spec(T, M, PI) ).
each_spec(M1:S, _, PI) :- atom(M1), !, each_spec(S, M1, PI).
each_spec(S, M, PI) :- '$tracer_pis'(M:S, PIs), member(PI, PIs).
