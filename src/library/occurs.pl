/*  occurs.pl -- library(occurs): finding and counting sub-terms,
    compatible with SWI-Prolog 9's library of the same name.

    Part of puzzlog's Prolog library.  The sub-terms of a term are the
    term itself and, for a compound, the sub-terms of its arguments, in
    that (pre-)order.  The *_term predicates match sub-terms by
    unification, the *_var predicates by ==.
*/

:- module(occurs,
          [ contains_term/2,
            contains_var/2,
            free_of_term/2,
            free_of_var/2,
            occurrences_of_term/3,
            occurrences_of_var/3,
            sub_term/2,
            sub_var/2,
            sub_term_shared_variables/3
          ]).

%!  contains_term(?Sub, +Term) is semidet.
%
%   Sub unifies with a sub-term of Term; binds Sub for the first one.
contains_term(X, Term) :-
    sub_term(X, Term),
    !.

%!  contains_var(+Sub, +Term) is semidet.
%
%   Sub is (==) a sub-term of Term.
contains_var(X, Term) :-
    sub_var(X, Term),
    !.

%!  free_of_term(+Sub, +Term) is semidet.
%
%   Sub unifies with no sub-term of Term.
free_of_term(X, Term) :-
    \+ contains_term(X, Term).

%!  free_of_var(+Sub, +Term) is semidet.
%
%   Sub is (==) no sub-term of Term.
free_of_var(X, Term) :-
    \+ contains_var(X, Term).

%!  occurrences_of_term(@Sub, @Term, ?Count) is det.
%
%   Count is the number of sub-terms of Term that unify with Sub.
occurrences_of_term(Sub, Term, Count) :-
    occurs_count_unify_(Term, Sub, 0, N),
    Count = N.

occurs_count_unify_(T, Sub, C0, C) :-
    (   \+ T \= Sub
    ->  C1 is C0+1
    ;   C1 = C0
    ),
    (   compound(T)
    ->  functor(T, _, A),
        occurs_count_unify_args_(1, A, T, Sub, C1, C)
    ;   C = C1
    ).

occurs_count_unify_args_(I, A, T, Sub, C0, C) :-
    (   I > A
    ->  C = C0
    ;   arg(I, T, X),
        occurs_count_unify_(X, Sub, C0, C1),
        I1 is I+1,
        occurs_count_unify_args_(I1, A, T, Sub, C1, C)
    ).

%!  occurrences_of_var(@Sub, @Term, ?Count) is det.
%
%   Count is the number of sub-terms of Term that are == Sub.
occurrences_of_var(Sub, Term, Count) :-
    occurs_count_eq_(Term, Sub, 0, N),
    Count = N.

occurs_count_eq_(T, Sub, C0, C) :-
    (   T == Sub
    ->  C1 is C0+1
    ;   C1 = C0
    ),
    (   compound(T)
    ->  functor(T, _, A),
        occurs_count_eq_args_(1, A, T, Sub, C1, C)
    ;   C = C1
    ).

occurs_count_eq_args_(I, A, T, Sub, C0, C) :-
    (   I > A
    ->  C = C0
    ;   arg(I, T, X),
        occurs_count_eq_(X, Sub, C0, C1),
        I1 is I+1,
        occurs_count_eq_args_(I1, A, T, Sub, C1, C)
    ).

%!  sub_term(-Sub, +Term) is nondet.
%
%   Sub is a sub-term of Term (unification), in pre-order.
sub_term(X, X).
sub_term(X, Term) :-
    compound(Term),
    functor(Term, _, A),
    between(1, A, I),
    arg(I, Term, Arg),
    sub_term(X, Arg).

%!  sub_var(-Sub, +Term) is nondet.
%
%   Sub is (==) a sub-term of Term; succeeds once per occurrence.
sub_var(X, X0) :-
    X == X0.
sub_var(X, Term) :-
    compound(Term),
    functor(Term, _, A),
    between(1, A, I),
    arg(I, Term, Arg),
    sub_var(X, Arg).

%!  sub_term_shared_variables(+Sub, +Term, -Vars) is det.
%
%   Vars are the variables of Sub (in order) that also occur in Term
%   outside one occurrence (==) of Sub.  If Sub occurs twice all its
%   variables are shared; if it does not occur, its variables that
%   occur in Term are.
sub_term_shared_variables(Sub, Term, Vars) :-
    occurs_cut_(Term, Sub, Rest, _),
    term_variables(Sub, SubVars),
    term_variables(Rest, RestVars0),
    sort(RestVars0, RestVars),
    occurs_vars_in_(SubVars, RestVars, Vars).

% occurs_cut_(+Term, +Sub, -Rest, -Found): Rest is Term with its first
% sub-term == Sub replaced by an atom.
occurs_cut_(T, Sub, Rest, Found) :-
    (   T == Sub
    ->  Rest = '$sub',
        Found = true
    ;   compound(T)
    ->  T =.. [F|Args],
        occurs_cut_args_(Args, Sub, RArgs, Found),
        Rest =.. [F|RArgs]
    ;   Rest = T,
        Found = false
    ).

occurs_cut_args_([], _, [], false).
occurs_cut_args_([A|As], Sub, [R|Rs], Found) :-
    occurs_cut_(A, Sub, R, F),
    (   F == true
    ->  Rs = As,
        Found = true
    ;   occurs_cut_args_(As, Sub, Rs, Found)
    ).

occurs_vars_in_([], _, []).
occurs_vars_in_([V|Vs], Set, Vars) :-
    (   occurs_ord_memberchk_(V, Set)
    ->  Vars = [V|Vars1]
    ;   Vars = Vars1
    ),
    occurs_vars_in_(Vs, Set, Vars1).

occurs_ord_memberchk_(X, [H|T]) :-
    compare(O, X, H),
    (   O == (=)
    ->  true
    ;   O == (>)
    ->  occurs_ord_memberchk_(X, T)
    ).
