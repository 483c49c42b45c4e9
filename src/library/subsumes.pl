/*  subsumes.pl -- subsumes_term/2 (ISO), a builtin in SWI-Prolog.

    Part of puzzlog's Prolog library.  Not a module: these clauses are
    loaded into the system module.
*/

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
