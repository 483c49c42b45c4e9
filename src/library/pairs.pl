/*  pairs.pl -- operations on lists of Key-Value pairs, compatible with
    SWI-Prolog's library(pairs).

    Part of puzzlog's Prolog library.  The predicates are pure list
    relations: they do no type checking and simply fail on lists that
    are not lists of pairs, as SWI-Prolog's do.  pairs_keys_values/3,
    pairs_keys/2 and pairs_values/2 walk whichever argument is bound, so
    they are deterministic in every mode in which SWI-Prolog's are.

    Internal helpers start with pairs_ and end in an underscore.
*/

:- module(pairs,
          [ pairs_keys_values/3,    % ?Pairs, ?Keys, ?Values
            pairs_values/2,         % ?Pairs, ?Values
            pairs_keys/2,           % ?Pairs, ?Keys
            group_pairs_by_key/2,   % +Pairs, -Joined
            transpose_pairs/2,      % +Pairs, -Transposed
            map_list_to_pairs/3     % :Function, +List, -Pairs
          ]).

:- meta_predicate
    map_list_to_pairs(2, ?, ?).

%!  pairs_keys_values(?Pairs, ?Keys, ?Values) is det.
%
%   Pairs is the list of Key-Value pairs zipped from Keys and Values.
pairs_keys_values(Pairs, Keys, Values) :-
    (   nonvar(Pairs)
    ->  pairs_kv_p_(Pairs, Keys, Values)
    ;   nonvar(Keys)
    ->  pairs_kv_k_(Keys, Pairs, Values)
    ;   pairs_kv_v_(Values, Pairs, Keys)
    ).

pairs_kv_p_([], [], []).
pairs_kv_p_([K-V|Ps], [K|Ks], [V|Vs]) :-
    pairs_kv_p_(Ps, Ks, Vs).

pairs_kv_k_([], [], []).
pairs_kv_k_([K|Ks], [K-V|Ps], [V|Vs]) :-
    pairs_kv_k_(Ks, Ps, Vs).

pairs_kv_v_([], [], []).
pairs_kv_v_([V|Vs], [K-V|Ps], [K|Ks]) :-
    pairs_kv_v_(Vs, Ps, Ks).

%!  pairs_keys(?Pairs, ?Keys) is det.
%
%   Keys are the keys of the Key-Value list Pairs.
pairs_keys(Pairs, Keys) :-
    (   nonvar(Pairs)
    ->  pairs_keys_p_(Pairs, Keys)
    ;   pairs_keys_k_(Keys, Pairs)
    ).

pairs_keys_p_([], []).
pairs_keys_p_([K-_|Ps], [K|Ks]) :-
    pairs_keys_p_(Ps, Ks).

pairs_keys_k_([], []).
pairs_keys_k_([K|Ks], [K-_|Ps]) :-
    pairs_keys_k_(Ks, Ps).

%!  pairs_values(?Pairs, ?Values) is det.
%
%   Values are the values of the Key-Value list Pairs.
pairs_values(Pairs, Values) :-
    (   nonvar(Pairs)
    ->  pairs_values_p_(Pairs, Values)
    ;   pairs_values_v_(Values, Pairs)
    ).

pairs_values_p_([], []).
pairs_values_p_([_-V|Ps], [V|Vs]) :-
    pairs_values_p_(Ps, Vs).

pairs_values_v_([], []).
pairs_values_v_([V|Vs], [_-V|Ps]) :-
    pairs_values_v_(Vs, Ps).

%!  group_pairs_by_key(+Pairs, -Joined) is det.
%
%   Joined is Pairs with each run of adjacent pairs whose keys are
%   identical (==) turned into one Key-Values pair.  Pairs is normally
%   keysorted, so that each key gets one group.
group_pairs_by_key([], []).
group_pairs_by_key([K-V|T0], [K-[V|Vs]|T]) :-
    pairs_same_key_(T0, K, Vs, T1),
    group_pairs_by_key(T1, T).

% pairs_same_key_(+Pairs, +Key, -Values, -Rest)
pairs_same_key_([K-V|T0], K0, [V|Vs], Rest) :-
    K0 == K,
    !,
    pairs_same_key_(T0, K, Vs, Rest).
pairs_same_key_(Rest, _, [], Rest).

%!  transpose_pairs(+Pairs, -Transposed) is det.
%
%   Transposed holds the Value-Key pairs of the Key-Value Pairs,
%   keysorted (so pairs with equal values keep their order).
transpose_pairs(Pairs, Transposed) :-
    pairs_flip_(Pairs, Flipped),
    keysort(Flipped, Transposed).

pairs_flip_([], []).
pairs_flip_([K-V|T0], [V-K|T]) :-
    pairs_flip_(T0, T).

%!  map_list_to_pairs(:Function, +List, -Pairs) is det.
%
%   Pairs holds a K-E pair for each element E of List, with
%   call(Function, E, K).
map_list_to_pairs(Function, List, Pairs) :-
    pairs_map_(List, Function, Pairs).

pairs_map_([], _, []).
pairs_map_([H|T0], Function, [K-H|T]) :-
    call(Function, H, K),
    pairs_map_(T0, Function, T).
