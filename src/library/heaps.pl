/*  heaps.pl -- priority queues (pairing heaps), compatible with
    SWI-Prolog's library(heaps).

    Part of puzzlog's Prolog library.  A heap holds Key-Priority pairs
    and gives the pair with the least priority first; priorities are
    compared by the standard order of terms.  The representation is
    SWI-Prolog's, so heaps print the same:

        heap(nil, 0)                    the empty heap
        heap(t(Key, Priority, SubHeaps), Size)

    where SubHeaps is a list of t/3 trees whose priorities are not less
    than Priority.  Melding, pairing and deletion are done as SWI-Prolog
    does them, so pairs with equal priorities come out in the same
    order.  add_to_heap/4, merge_heaps/3 and min_of_heap/3 are O(1),
    get_from_heap/4 is O(log N) amortized; delete_from_heap/4 is O(N)
    (it exists for compatibility).

    Internal helpers start with heaps_ and end in an underscore.
*/

:- module(heaps,
          [ add_to_heap/4,          % +Heap0, +Priority, ?Key, -Heap
            delete_from_heap/4,     % +Heap0, -Priority, +Key, -Heap
            empty_heap/1,           % +Heap
            get_from_heap/4,        % ?Heap0, ?Priority, ?Key, -Heap
            heap_size/2,            % +Heap, -Size:int
            heap_to_list/2,         % +Heap, -List:list
            is_heap/1,              % +Term
            list_to_heap/2,         % +List:list, -Heap
            merge_heaps/3,          % +Heap0, +Heap1, -Heap
            min_of_heap/3,          % +Heap, ?Priority, ?Key
            min_of_heap/5,          % +Heap, ?Priority1, ?Key1, ?Priority2, ?Key2
            singleton_heap/3        % ?Heap, ?Priority, ?Key
          ]).

%!  add_to_heap(+Heap0, +Priority, ?Key, -Heap) is semidet.
%
%   Heap is Heap0 with Key added with priority Priority.  Among equal
%   priorities the key added last comes out first.
add_to_heap(heap(Q0,M), P, K, heap(Q,N)) :-
    heaps_meld_(Q0, t(K,P,[]), Q),
    N is M+1.

%!  delete_from_heap(+Heap0, -Priority, +Key, -Heap) is semidet.
%
%   Heap is Heap0 without the first pair (in order of priority) that
%   unifies with Key-Priority.  Fails if there is none.  O(N).
delete_from_heap(Q0, P, K, Q) :-
    get_from_heap(Q0, P0, K0, Q1),
    (   K0-P0 = K-P
    ->  Q = Q1
    ;   delete_from_heap(Q1, P, K, Q2),
        add_to_heap(Q2, P0, K0, Q)
    ).

%!  empty_heap(?Heap) is semidet.
%
%   Heap is the empty heap, heap(nil, 0).
empty_heap(heap(nil,0)).

%!  singleton_heap(?Heap, ?Priority, ?Key) is semidet.
%
%   Heap holds just Key with priority Priority.
singleton_heap(heap(t(K,P,[]),1), P, K).

%!  get_from_heap(?Heap0, ?Priority, ?Key, -Heap) is semidet.
%
%   Key-Priority is the pair with the least priority in Heap0, and Heap
%   is Heap0 without it.  Fails if Heap0 is empty.
get_from_heap(heap(t(K,P,Sub),M), P, K, heap(Q,N)) :-
    heaps_pairing_(Sub, Q),
    N is M-1.

%!  heap_size(+Heap, -Size) is det.
%
%   Size is the number of pairs in Heap.
heap_size(heap(_,N), N).

%!  heap_to_list(+Heap, -List) is det.
%
%   List holds the Priority-Key pairs of Heap in the order in which
%   get_from_heap/4 gives them.
heap_to_list(Q, L) :-
    heaps_to_list_(Q, L).

heaps_to_list_(heap(nil,0), []) :- !.
heaps_to_list_(Q0, [P-K|L]) :-
    get_from_heap(Q0, P, K, Q),
    heaps_to_list_(Q, L).

%!  is_heap(+Term) is semidet.
%
%   Term is a heap: a priority is never less than that of its parent,
%   and the size is 0 for the empty heap and positive otherwise.
is_heap(V) :-
    var(V),
    !,
    fail.
is_heap(heap(Q,N)) :-
    integer(N),
    nonvar(Q),
    (   Q == nil
    ->  N == 0
    ;   N > 0,
        Q = t(_,MinP,Sub),
        heaps_are_pairing_(Sub, MinP)
    ).

heaps_are_pairing_(V, _) :-
    var(V),
    !,
    fail.
heaps_are_pairing_([], _).
heaps_are_pairing_([Q|Qs], MinP) :-
    heaps_is_pairing_(Q, MinP),
    heaps_are_pairing_(Qs, MinP).

heaps_is_pairing_(V, _) :-
    var(V),
    !,
    fail.
heaps_is_pairing_(nil, _).
heaps_is_pairing_(t(_,P,Sub), MinP) :-
    MinP @=< P,
    heaps_are_pairing_(Sub, P).

%!  list_to_heap(+Pairs, -Heap) is det.
%
%   Heap holds the Priority-Key Pairs, added from left to right.
list_to_heap(Xs, Q) :-
    heaps_list_to_heap_(Xs, heap(nil,0), Q).

heaps_list_to_heap_([], Q, Q).
heaps_list_to_heap_([P-K|Xs], Q0, Q) :-
    add_to_heap(Q0, P, K, Q1),
    heaps_list_to_heap_(Xs, Q1, Q).

%!  min_of_heap(+Heap, ?Priority, ?Key) is semidet.
%
%   Key-Priority is the pair with the least priority in Heap.
min_of_heap(heap(t(K,P,_),_), P, K).

%!  min_of_heap(+Heap, ?Priority1, ?Key1, ?Priority2, ?Key2) is semidet.
%
%   Key1-Priority1 and Key2-Priority2 are the first two pairs that
%   get_from_heap/4 would give.
min_of_heap(Q, Px, X, Py, Y) :-
    get_from_heap(Q, Px, X, Q0),
    min_of_heap(Q0, Py, Y).

%!  merge_heaps(+Heap0, +Heap1, -Heap) is det.
%
%   Heap holds the pairs of Heap0 and Heap1.
merge_heaps(heap(L,K), heap(R,M), heap(Q,N)) :-
    heaps_meld_(L, R, Q),
    N is K+M.

% heaps_meld_(+Q1, +Q2, -Q): the root with the smaller priority stays
% on top (Q2's on a tie) and the other tree becomes its first subheap.
heaps_meld_(nil, Q, Q) :- !.
heaps_meld_(Q, nil, Q) :- !.
heaps_meld_(L, R, Q) :-
    L = t(X,Px,SubL),
    R = t(Y,Py,SubR),
    (   Px @< Py
    ->  Q = t(X,Px,[R|SubL])
    ;   Q = t(Y,Py,[L|SubR])
    ).

% heaps_pairing_(+SubHeaps, -Q): meld the subheaps in pairs from left
% to right, then the pairs from right to left.
heaps_pairing_([], nil).
heaps_pairing_([Q], Q) :- !.
heaps_pairing_([Q0,Q1|Qs], Q) :-
    heaps_meld_(Q0, Q1, Q2),
    heaps_pairing_(Qs, Q3),
    heaps_meld_(Q2, Q3, Q).
