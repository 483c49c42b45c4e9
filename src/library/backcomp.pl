/*  backcomp.pl -- library(backcomp): old names SWI-Prolog keeps for
    backward compatibility.  Part of puzzlog's Prolog library.
*/
:- module(backward_compatibility, [sumlist/2]).
:- use_module(library(lists)).

%!  sumlist(+List, -Sum) is det.
%
%   Deprecated alias of sum_list/2.
sumlist(Xs, Sum) :-
    sum_list(Xs, Sum).
