/*  terms_builtins.pl -- subsumes_term/2 (ISO), term_variables/3 and
    term_hash/4: builtins in SWI-Prolog (library(terms) re-exports the
    last two).

    Part of puzzlog's Prolog library.  Not a module: these clauses are
    loaded into the system module.
*/

%!  term_variables(@Term, -Vars, ?Tail) is det.
%
%   Vars is the list of the variables of Term (depth-first, left to
%   right, each once) followed by Tail.
term_variables(Term, Vars, Tail) :-
    term_variables(Term, Vars0),
    '$tb_append'(Vars0, Tail, Vars).

'$tb_append'([], L, L).
'$tb_append'([H|T], L, [H|R]) :-
    '$tb_append'(T, L, R).

%!  term_hash(@Term, +Depth, +Range, -Hash) is det.
%
%   As term_hash/2 on Term cut at Depth (1: atomic Term or the name and
%   arity of a compound; Depth < 0: all of Term), modulo Range (>= 1).
%   Hash stays unbound if that part of Term is not ground.  The values
%   are puzzlog's term_hash/2 values, not SWI's.
term_hash(Term, Depth, Range, Hash) :-
    '$tb_integer'(Depth),
    '$tb_integer'(Range),
    (   Range < 1                   % SWI names Depth in this error
    ->  throw(error(domain_error(not_less_than_one, Depth), _))
    ;   true
    ),
    '$tb_cut'(Term, Depth, Cut),
    (   ground(Cut)
    ->  term_hash(Cut, H0),
        Hash is H0 mod Range
    ;   true
    ).

'$tb_integer'(X) :-
    (   var(X)
    ->  throw(error(instantiation_error, _))
    ;   integer(X)
    ->  true
    ;   throw(error(type_error(integer, X), _))
    ).

'$tb_cut'(T, D, Cut) :-
    (   D =:= 0
    ->  Cut = '$cut'
    ;   compound(T)
    ->  functor(T, Name, Arity),
        functor(Cut, Name, Arity),
        D1 is D-1,
        '$tb_cut_args'(1, Arity, T, D1, Cut)
    ;   Cut = T
    ).

'$tb_cut_args'(I, A, T, D, Cut) :-
    (   I > A
    ->  true
    ;   arg(I, T, X),
        arg(I, Cut, Y),
        '$tb_cut'(X, D, Y),
        I1 is I+1,
        '$tb_cut_args'(I1, A, T, D, Cut)
    ).


%!  subsumes_term(@General, @Specific) is semidet.
%
%   Specific is an instance of General: they unify without binding any
%   variable of Specific.  Binds nothing.
subsumes_term(General, Specific) :-
    \+ \+ ( term_variables(Specific, SVars0),
            unify_with_occurs_check(General, Specific),
            term_variables(SVars0, SVars),
            SVars0 == SVars
          ).
