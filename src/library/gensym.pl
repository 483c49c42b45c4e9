/*  gensym.pl -- library(gensym): generate unique atoms, compatible with
    SWI-Prolog 9's library of the same name.

    Part of puzzlog's Prolog library.  Each base has a counter, kept in
    the global variable '$gs_'Base (nb_setval/2); the bases used are
    recorded so that reset_gensym/0 can find them.  As in SWI, a base
    is any atomic (the counter of "str" is that of str) and the counter
    advances even if the new atom does not unify with Unique.
*/

:- module(gensym,
          [ gensym/2,
            reset_gensym/1,
            reset_gensym/0
          ]).

:- dynamic gensym_key_/1.

%!  gensym(+Base, -Unique) is det.
%
%   Unique is Base followed by the next value (from 1) of Base's
%   counter: a1, a2, ...
gensym(Base, Unique) :-
    atom_concat('$gs_', Base, Key),
    (   nb_current(Key, N0)
    ->  true
    ;   N0 = 0,
        assertz(gensym_key_(Key))
    ),
    N is N0+1,
    nb_setval(Key, N),
    atom_concat(Base, N, Atom),
    Unique = Atom.

%!  reset_gensym(+Base) is det.
%
%   Restart the counter of Base (the next gensym/2 gives Base1).
reset_gensym(Base) :-
    atom_concat('$gs_', Base, Key),
    (   nb_current(Key, _)
    ->  nb_setval(Key, 0)
    ;   true
    ).

%!  reset_gensym is det.
%
%   Restart the counters of all bases.
reset_gensym :-
    forall(gensym_key_(Key), nb_setval(Key, 0)).
