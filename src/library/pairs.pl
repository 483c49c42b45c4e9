/*  pairs.pl -- library(pairs): lists of Key-Value pairs, compatible with
    SWI-Prolog's.  Part of puzzlog's Prolog library.
*/
:- module(pairs, [pairs_keys_values/3, pairs_keys/2, pairs_values/2]).

%!  pairs_keys_values(?Pairs, ?Keys, ?Values) is det.
%
%   Pairs is the list of Key-Value pairs zipped from Keys and Values.
pairs_keys_values([], [], []).
pairs_keys_values([K-V|Ps], [K|Ks], [V|Vs]) :-
    pairs_keys_values(Ps, Ks, Vs).

%!  pairs_keys(?Pairs, ?Keys) is det.
%
%   Keys are the keys of the Key-Value list Pairs.
pairs_keys([], []).
pairs_keys([K-_|Ps], [K|Ks]) :-
    pairs_keys(Ps, Ks).

%!  pairs_values(?Pairs, ?Values) is det.
%
%   Values are the values of the Key-Value list Pairs.
pairs_values([], []).
pairs_values([_-V|Ps], [V|Vs]) :-
    pairs_values(Ps, Vs).
