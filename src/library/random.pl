/*  random.pl -- random numbers, random choices from lists and random
    sets, compatible with SWI-Prolog 9's library(random).

    Part of puzzlog's Prolog library.  The generator itself is native:
    the evaluable functions random/1 and random_float, and the builtins
    set_random/1 (seed(Int), seed(random), state(S)) and
    random_property/1 (state(S)) of src/builtins/random.rs.  Its
    sequences differ from SWI-Prolog's (another generator), but a seed
    gives the same sequence on every run.

    Every choice is uniform: integers come from random/1, which rejects
    the draws that would bias a modulo; permutations sort on 62-bit
    random keys.  Errors are those SWI-Prolog raises for the same calls.

    Helper predicates start with rnd_ and take the list they walk as
    their first argument.

    Depends on error.pl (must_be/2) and lists.pl (nth0/3,4, numlist/3,
    pairs_values/2, ord_subtract/3).
*/

:- module(random,
          [ random/1,                   % -Float
            random_between/3,           % +Low, +High, -Int
            random/3,                   % +Low, +High, -Number
            random_member/2,            % -Elem, +List
            random_select/3,            % ?Elem, ?List, ?Rest
            random_subseq/3,            % ?List, ?Subseq, ?Complement
            random_permutation/2,       % ?List, ?Permutation
            random_perm2/4,             % +A, +B, -X, -Y
            random_numlist/4,           % +P, +Low, +High, -List
            randseq/3,                  % +K, +N, -List
            randset/3,                  % +K, +N, -Set
            maybe/0,
            maybe/1,                    % +P
            maybe/2,                    % +K, +N
            getrand/1,                  % -State
            setrand/1                   % +State
          ]).
:- use_module(library(error)).
:- use_module(library(lists)).
:- use_module(library(pairs)).
:- use_module(library(ordsets)).

%!  random(-Float) is det.
%
%   Float is a random float in the open interval (0.0, 1.0).
random(R) :-
    R is random_float.

%!  random_between(+Low, +High, -Int) is semidet.
%
%   Int is a random integer in [Low, High]; fails if High < Low.
random_between(L, U, R) :-
    must_be(integer, L),
    must_be(integer, U),
    U >= L,
    R is L + random(U - L + 1).

%!  random(+Low, +High, -Number) is det.
%
%   Number is a random integer in [Low, High) when both bounds are
%   integers, otherwise a random float between them.
random(L, U, R) :-
    integer(L),
    integer(U),
    !,
    R is L + random(U - L).
random(L, U, R) :-
    number(L),
    number(U),
    !,
    R is L + (U - L) * random_float.
random(L, U, _) :-
    must_be(number, L),
    must_be(number, U).

%!  random_member(-Elem, +List) is semidet.
%
%   Elem is a random element of List; fails if List is empty.
random_member(X, List) :-
    must_be(list, List),
    length(List, N),
    N > 0,
    I is random(N),
    nth0(I, List, X).

%!  random_select(?Elem, ?List, ?Rest) is semidet.
%
%   With List a proper list: Elem is a random element of it and Rest the
%   other elements.  With Rest a proper list: List is Rest with Elem
%   inserted at a random position.
random_select(X, List, Rest) :-
    (   is_list(List)
    ->  length(List, N),
        N > 0,
        I is random(N),
        nth0(I, List, X, Rest)
    ;   is_list(Rest)
    ->  length(Rest, N),
        I is random(N + 1),
        nth0(I, List, X, Rest)
    ;   must_be(list, List)
    ).

%!  random_subseq(?List, ?Subseq, ?Complement) is semidet.
%
%   Each element of List goes to Subseq or to Complement, each with
%   probability 1/2; both keep the order of List.
random_subseq([], [], []).
random_subseq([H|T], Sub, Compl) :-
    (   maybe
    ->  Sub = [H|Sub1],
        Compl = Compl1
    ;   Sub = Sub1,
        Compl = [H|Compl1]
    ),
    random_subseq(T, Sub1, Compl1).

%!  random_permutation(?List, ?Permutation) is det.
%
%   Permutation is a random permutation of List; either argument must
%   be a proper list.
random_permutation(List, Perm) :-
    is_list(List),
    !,
    rnd_permutation_(List, Perm).
random_permutation(List, Perm) :-
    is_list(Perm),
    !,
    rnd_permutation_(Perm, List).
random_permutation(List, _) :-
    must_be(list, List).

rnd_permutation_(List, Perm) :-
    rnd_keys_(List, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Perm).

% rnd_keys_(+List, -Pairs): each element keyed by a random 62-bit integer.
rnd_keys_([], []).
rnd_keys_([X|Xs], [K-X|Ps]) :-
    K is random(4611686018427387904),
    rnd_keys_(Xs, Ps).

%!  random_perm2(?A, ?B, ?X, ?Y) is semidet.
%
%   X-Y is A-B or B-A, each with probability 1/2.
random_perm2(A, B, X, Y) :-
    (   maybe
    ->  X = A,
        Y = B
    ;   X = B,
        Y = A
    ).

%!  random_numlist(+P, +Low, +High, -List) is det.
%
%   List is the ascending list of integers in [Low, High], each present
%   with probability P.
random_numlist(P, L, U, List) :-
    must_be(between(0.0, 1.0), P),
    must_be(integer, L),
    must_be(integer, U),
    rnd_numlist_(L, U, P, List).

rnd_numlist_(L, U, P, List) :-
    (   L > U
    ->  List = []
    ;   L1 is L + 1,
        (   random_float < P
        ->  List = [L|List1]
        ;   List = List1
        ),
        rnd_numlist_(L1, U, P, List1)
    ).

%!  randset(+K, +N, -Set) is semidet.
%
%   Set is an ordered set of K distinct random integers in [1, N]; fails
%   if K > N.  Every such set is equally likely.  As in SWI-Prolog, a
%   bound Set that is not the set drawn raises the error random(0) raises.
randset(K, N, Set) :-
    must_be(nonneg, K),
    K =< N,
    (   K > N // 2
    ->  Out is N - K,
        rnd_set_(Out, N, [], Excluded),
        numlist(1, N, All),
        ord_subtract(All, Excluded, Set0)
    ;   rnd_set_(K, N, [], Set0)
    ),
    (   Set = Set0
    ->  true
    ;   throw(error(domain_error(not_less_than_one, 0), context(random/1, _)))
    ).

% rnd_set_(+K, +N, +Set0, -Set): draws random integers in [1, N] until
% Set0 has grown to K elements.  Exchanging the integers does not change
% the process, so every K-subset comes out with the same probability.
rnd_set_(K, N, Set0, Set) :-
    length(Set0, Len),
    (   Len >= K
    ->  Set = Set0
    ;   More is K - Len,
        rnd_draws_(More, N, Draws),
        sort(Draws, New),
        ord_union(Set0, New, Set1),
        rnd_set_(K, N, Set1, Set)
    ).

rnd_draws_(I, N, Draws) :-
    (   I =:= 0
    ->  Draws = []
    ;   X is 1 + random(N),
        Draws = [X|Draws1],
        I1 is I - 1,
        rnd_draws_(I1, N, Draws1)
    ).

%!  randseq(+K, +N, -List) is semidet.
%
%   List holds K distinct random integers in [1, N] in random order;
%   fails if K > N.
randseq(K, N, List) :-
    randset(K, N, Set),
    rnd_permutation_(Set, List).

%!  maybe is semidet.
%
%   Succeeds with probability 1/2.
maybe :-
    random(2) =:= 0.

%!  maybe(+P) is semidet.
%
%   Succeeds with probability P, a number in [0, 1].
maybe(P) :-
    must_be(between(0.0, 1.0), P),
    random_float < P.

%!  maybe(+K, +N) is semidet.
%
%   Succeeds with probability K/N (0 =< K =< N, N > 0).
maybe(K, N) :-
    must_be(nonneg, K),
    must_be(nonneg, N),
    (   N - K >= 0
    ->  random(N) < K
    ;   domain_error(not_less_than_zero, N-K)
    ).

%!  getrand(-State) is det.
%
%   State is the generator's state, for setrand/1.
getrand(State) :-
    random_property(state(State)).

%!  setrand(+State) is det.
%
%   Restores a state from getrand/1.  The old form rand(X, Y, Z) of
%   three integers seeds the generator from them.
setrand(rand(X, Y, Z)) :-
    !,
    Seed is (X << 32) + (Y << 16) + Z,
    set_random(seed(Seed)).
setrand(State) :-
    set_random(state(State)).
