/*  error.pl -- type checking with SWI-Prolog compatible error terms.

    Part of puzzlog's Prolog library.  Provides must_be/2 and
    is_of_type/2, plus small helpers that throw ISO error terms.  The
    error terms follow SWI-Prolog 9: a term that is not of the requested
    type raises error(type_error(Type, Culprit), _) (SWI 9 uses
    type_error even for nonneg, oneof/1 and between/2), an unbound term
    raises error(instantiation_error, _), and an unknown type raises
    error(existence_error(type, Type), _).  Programs add types with
    clauses for the multifile hook error:has_type/2, as in SWI.
*/
:- module(error,
          [ must_be/2, is_of_type/2, current_type/3, type_error/2,
            domain_error/2, existence_error/2, existence_error/3,
            permission_error/3, instantiation_error/1,
            uninstantiation_error/1, representation_error/1,
            syntax_error/1, resource_error/1
          ]).
:- multifile has_type/2.

%!  must_be(+Type, @Term) is det.
%
%   Succeeds if Term satisfies Type, otherwise throws the appropriate
%   error.  Supported types: any, atom, atomic, between(L,H), boolean,
%   callable, char, chars, code, codes, compound, float, ground,
%   integer, list, list(Type), list_or_partial_list, negative_integer,
%   nonneg, nonvar, number, oneof(List), pair, positive_integer,
%   proper_list, string, symbol, text, var.
must_be(Type, X) :-
    (   var(Type)
    ->  throw(error(instantiation_error, _))
    ;   has_type(Type, X)
    ->  true
    ;   not_of_type_(Type, X)
    ).

%!  is_of_type(+Type, @Term) is semidet.
%
%   True if Term satisfies Type.  Fails for unknown types.
is_of_type(Type, X) :-
    (   var(Type)
    ->  throw(error(instantiation_error, _))
    ;   has_type(Type, X)
    ->  true
    ).

%!  has_type(+Type, @X) is semidet.
%
%   The type tests (Type first for indexing); multifile, so that programs
%   can add types.
has_type(any, _).
has_type(atom, X)             :- atom(X).
has_type(atomic, X)           :- atomic(X).
has_type(between(L, H), X)    :-
    (   integer(L)
    ->  integer(X), X >= L, X =< H
    ;   number(X), X >= L, X =< H
    ).
has_type(boolean, X)          :- ( X == true -> true ; X == false ).
has_type(callable, X)         :- callable(X).
has_type(char, X)             :- atom(X), atom_length(X, 1).
has_type(chars, X)            :- is_list(X), all_of_type_(X, char).
has_type(code, X)             :- integer(X), X >= 0, X =< 0x10ffff.
has_type(codes, X)            :- is_list(X), all_of_type_(X, code).
has_type(compound, X)         :- compound(X).
has_type(constant, X)         :- atomic(X).
has_type(float, X)            :- float(X).
has_type(ground, X)           :- ground(X).
has_type(integer, X)          :- integer(X).
has_type(list, X)             :- is_list(X).
has_type(list(Type), X)       :- is_list(X), all_of_type_(X, Type).
has_type(list_or_partial_list, X) :- list_skeleton_(X, Tail), ( var(Tail) -> true ; Tail == [] ).
has_type(negative_integer, X) :- integer(X), X < 0.
has_type(nonneg, X)           :- integer(X), X >= 0.
has_type(nonvar, X)           :- nonvar(X).
has_type(number, X)           :- number(X).
has_type(oneof(L), X)         :- ground(X), \+ \+ memberchk(X, L).
has_type(pair, X)             :- nonvar(X), X = _-_.
has_type(positive_integer, X) :- integer(X), X > 0.
has_type(proper_list, X)      :- is_list(X).
has_type(string, X)           :- string(X).
has_type(symbol, X)           :- atom(X).
has_type(text, X)             :- ( atom(X) ; string(X) ; has_type(chars, X) ; has_type(codes, X) ), !.
has_type(var, X)              :- var(X).

% all_of_type_(+List, +Type): every element of the proper List has Type.
all_of_type_([], _).
all_of_type_([X|Xs], Type) :-
    has_type(Type, X),
    all_of_type_(Xs, Type).

% list_skeleton_(@List, -Tail): Tail is what remains after skipping all
% list cells of List (a variable for a partial list, [] for a proper one,
% a list cell for a cyclic one).
list_skeleton_(L, Tail) :-
    '$skip_list'(_, L, Tail).

% not_of_type_(+Type, @X): X is known not to satisfy Type; throw.
not_of_type_(list, X)        :- !, not_a_list_(list, X).
not_of_type_(list(Of), X)    :- !, not_a_list_(list(Of), X).
not_of_type_(chars, X)       :- !, not_a_list_(list(char), X).
not_of_type_(codes, X)       :- !, not_a_list_(list(code), X).
not_of_type_(list_or_partial_list, X) :- !, type_error(list, X).
not_of_type_(var, X)         :- !, throw(error(uninstantiation_error(X), _)).
not_of_type_(Type, X) :-
    known_type_(Type),
    !,
    (   var(X)
    ->  throw(error(instantiation_error, _))
    ;   Type = oneof(_), \+ ground(X)
    ->  throw(error(instantiation_error, _))
    ;   type_error(Type, X)
    ).
not_of_type_(Type, _) :-
    throw(error(existence_error(type, Type), _)).

% A list-like type failed: partial list -> instantiation error, proper
% list -> blame the first bad element, anything else -> type error.
not_a_list_(Type, X) :-
    list_skeleton_(X, Tail),
    (   var(Tail)
    ->  throw(error(instantiation_error, _))
    ;   Tail == [], Type = list(Of)
    ->  (   var(Of)
        ->  throw(error(instantiation_error, _))
        ;   first_bad_element_(X, Of)
        )
    ;   type_error(Type, X)
    ).

first_bad_element_([X|Xs], Of) :-
    (   has_type(Of, X)
    ->  first_bad_element_(Xs, Of)
    ;   not_of_type_(Of, X)
    ).

% known_type_(+Type): Type is one of the types has_type/2 knows.
known_type_(Type) :-
    functor(Type, Name, Arity),
    (   known_type_(Name, Arity)
    ->  true
    ;   functor(General, Name, Arity),
        \+ \+ clause(has_type(General, _), _)
    ).

%!  current_type(?Type, @Var, -Body) is nondet.
%
%   Type is a type known to must_be/2; Body is the test that Var has it.
current_type(Type, Var, Body) :-
    clause(has_type(Type, Var), Body).

known_type_(any, 0).
known_type_(atom, 0).
known_type_(atomic, 0).
known_type_(between, 2).
known_type_(boolean, 0).
known_type_(callable, 0).
known_type_(char, 0).
known_type_(chars, 0).
known_type_(code, 0).
known_type_(codes, 0).
known_type_(compound, 0).
known_type_(constant, 0).
known_type_(float, 0).
known_type_(ground, 0).
known_type_(integer, 0).
known_type_(list, 0).
known_type_(list, 1).
known_type_(list_or_partial_list, 0).
known_type_(negative_integer, 0).
known_type_(nonneg, 0).
known_type_(nonvar, 0).
known_type_(number, 0).
known_type_(oneof, 1).
known_type_(pair, 0).
known_type_(positive_integer, 0).
known_type_(proper_list, 0).
known_type_(string, 0).
known_type_(symbol, 0).
known_type_(text, 0).
known_type_(var, 0).

%!  type_error(+Type, +Culprit)
%
%   Throw error(type_error(Type, Culprit), _).
type_error(Type, Culprit) :-
    throw(error(type_error(Type, Culprit), _)).

%!  domain_error(+Domain, +Culprit)
%
%   Throw error(domain_error(Domain, Culprit), _).
domain_error(Domain, Culprit) :-
    throw(error(domain_error(Domain, Culprit), _)).

%!  existence_error(+Kind, +Culprit)
%
%   Throw error(existence_error(Kind, Culprit), _).
existence_error(Kind, Culprit) :-
    throw(error(existence_error(Kind, Culprit), _)).

%!  permission_error(+Action, +Type, +Culprit)
%
%   Throw error(permission_error(Action, Type, Culprit), _).
permission_error(Action, Type, Culprit) :-
    throw(error(permission_error(Action, Type, Culprit), _)).

%!  instantiation_error(+Culprit)
%
%   Throw error(instantiation_error, _).  Culprit is ignored (as in SWI).
instantiation_error(_) :-
    throw(error(instantiation_error, _)).

%!  existence_error(+Kind, +Culprit, +Set)
%
%   Throw error(existence_error(Kind, Culprit, Set), _).
existence_error(Kind, Culprit, Set) :-
    throw(error(existence_error(Kind, Culprit, Set), _)).

%!  uninstantiation_error(+Culprit)
%
%   Throw error(uninstantiation_error(Culprit), _).
uninstantiation_error(Culprit) :-
    throw(error(uninstantiation_error(Culprit), _)).

%!  syntax_error(+Message)
%
%   Throw error(syntax_error(Message), _).
syntax_error(Message) :-
    throw(error(syntax_error(Message), _)).

%!  resource_error(+Resource)
%
%   Throw error(resource_error(Resource), _).
resource_error(Resource) :-
    throw(error(resource_error(Resource), _)).

%!  representation_error(+Reason)
%
%   Throw error(representation_error(Reason), _).
representation_error(Reason) :-
    throw(error(representation_error(Reason), _)).
