/*  apply_macros.pl -- library(apply_macros), as SWI-Prolog programs load
    it.  In SWI it expands maplist/N and friends inline for speed; puzzlog
    runs them as they are, so the module has nothing to export.
*/

:- module(apply_macros, []).
