/*  nb_set.pl -- non-backtrackable sets, compatible with SWI-Prolog's
    library(nb_set).

    Part of puzzlog's Prolog library.  An nb_set is a set of terms that
    is changed in place: elements added by add_nb_set/2,3 stay in the
    set when execution backtracks (or an exception unwinds) past the
    addition.  Two terms are the same element if they are variants
    (=@=); the set stores a copy of each element.

    The set is a hash table kept in a term, updated with nb_setarg/3:

        nb_set(Buckets, Size)   Buckets = b(List1, ..., ListN)

    whose buckets are lists of elements; it doubles when it holds more
    than twice as many elements as buckets, so adding is O(1) amortized.
    (SWI-Prolog's term is different; nothing depends on its form.)
    gen_nb_set/2 and nb_set_to_list/2 give the elements in the standard
    order of terms, as SWI-Prolog's do.

    Internal helpers start with nb_set_ and end in an underscore.
*/

:- module(nb_set,
          [ empty_nb_set/1,         % -EmptySet
            add_nb_set/2,           % +Key, !Set
            add_nb_set/3,           % +Key, !Set, ?New
            gen_nb_set/2,           % +Set, -Key
            size_nb_set/2,          % +Set, -Size
            nb_set_to_list/2        % +Set, -List
          ]).
:- use_module(library(lists)).
:- use_module(library(error)).

%!  empty_nb_set(-Set) is semidet.
%
%   Set is a new, empty set.
empty_nb_set(nb_set(Buckets, 0)) :-
    nb_set_new_buckets_(16, Buckets).

nb_set_new_buckets_(N, Buckets) :-
    functor(Buckets, b, N),
    nb_set_fill_(N, Buckets).

nb_set_fill_(I, Buckets) :-
    (   I =:= 0
    ->  true
    ;   arg(I, Buckets, []),
        I1 is I-1,
        nb_set_fill_(I1, Buckets)
    ).

%!  add_nb_set(+Key, !Set) is det.
%
%   Adds (a copy of) Key to Set unless a variant of it is in Set.
add_nb_set(Key, Set) :-
    add_nb_set(Key, Set, _).

%!  add_nb_set(+Key, !Set, ?New) is semidet.
%
%   New is false if a variant of Key is in Set; otherwise New is true
%   and a copy of Key is added to Set.  Fails (and adds nothing) if New
%   does not unify.
add_nb_set(Key, Set, New) :-
    (   var(Set)
    ->  instantiation_error(Set)
    ;   compound(Set)
    ->  arg(1, Set, Buckets),
        arg(2, Set, Size),
        functor(Buckets, _, NB),
        nb_set_hash_(Key, Hash),
        I is Hash mod NB + 1,
        arg(I, Buckets, Bucket),
        (   nb_set_in_bucket_(Bucket, Key)
        ->  New = false
        ;   New = true,
            nb_setarg(I, Buckets, [Key|Bucket]),
            Size1 is Size+1,
            nb_setarg(2, Set, Size1),
            (   Size1 > 2*NB
            ->  nb_set_grow_(Set, Buckets, NB)
            ;   true
            )
        )
    ;   type_error(compound, Set)
    ).

% nb_set_hash_(+Key, -Hash): the same hash for variant terms.
nb_set_hash_(Key, Hash) :-
    (   ground(Key)
    ->  term_hash(Key, Hash)
    ;   copy_term_nat(Key, Copy),
        numbervars(Copy, 0, _),
        term_hash(Copy, Hash)
    ).

nb_set_in_bucket_([H|T], Key) :-
    (   H =@= Key
    ->  true
    ;   nb_set_in_bucket_(T, Key)
    ).

% nb_set_grow_(+Set, +Buckets, +NB): rehash into twice as many buckets.
nb_set_grow_(Set, Buckets, NB) :-
    NB2 is 2*NB,
    nb_set_new_buckets_(NB2, New),
    nb_set_elements_(NB, Buckets, [], Elems),
    nb_set_rehash_(Elems, New, NB2),
    nb_setarg(1, Set, New).

nb_set_rehash_([], _, _).
nb_set_rehash_([E|Es], New, NB) :-
    nb_set_hash_(E, Hash),
    I is Hash mod NB + 1,
    arg(I, New, Bucket),
    setarg(I, New, [E|Bucket]),
    nb_set_rehash_(Es, New, NB).

% nb_set_elements_(+I, +Buckets, +Acc, -Elems): the elements of buckets
% 1..I followed by Acc.
nb_set_elements_(I, Buckets, Acc, Elems) :-
    (   I =:= 0
    ->  Elems = Acc
    ;   arg(I, Buckets, Bucket),
        append(Bucket, Acc, Acc1),
        I1 is I-1,
        nb_set_elements_(I1, Buckets, Acc1, Elems)
    ).

%!  gen_nb_set(+Set, -Key) is nondet.
%
%   Key is an element of Set; enumerates in the standard order of terms.
gen_nb_set(Set, Key) :-
    nb_set_to_list(Set, List),
    member(Key, List).

%!  size_nb_set(+Set, -Size) is det.
%
%   Size is the number of elements of Set.
size_nb_set(nb_set(_, Size), Size).

%!  nb_set_to_list(+Set, -List) is det.
%
%   List holds the elements of Set in the standard order of terms.
nb_set_to_list(Set, List) :-
    (   var(Set)
    ->  instantiation_error(Set)
    ;   Set = nb_set(Buckets, _),
        functor(Buckets, _, NB),
        nb_set_elements_(NB, Buckets, [], Elems),
        msort(Elems, List)
    ).
