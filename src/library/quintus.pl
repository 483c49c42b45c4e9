/*  quintus.pl -- library(quintus): the Quintus Prolog compatibility
    predicates of SWI-Prolog that programs of that era still use.
    Part of puzzlog's Prolog library.
*/
:- module(quintus, [mode/1]).

%!  mode(+Spec) is det.
%
%   Mode declarations (`:- mode foo(+, -).`) are accepted and ignored, as
%   in SWI-Prolog.
mode(_).
