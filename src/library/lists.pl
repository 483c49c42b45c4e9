/*  lists.pl -- library(lists), compatible with SWI-Prolog's.

    Part of puzzlog's Prolog library.  All predicates are written so that
    first-argument indexing makes them deterministic where SWI-Prolog's
    versions are deterministic (e.g. member/2 on the last element,
    append/3 with a proper first list, nth0/3 with an integer index).
    Helper predicates end in an underscore and take the list they walk
    as their first argument.
*/
:- module(lists,
          [ append/2, append/3, clumped/2, delete/3, flatten/2, intersection/3,
            is_set/1, last/2, list_to_set/2, max_list/2, max_member/2,
            max_member/3, member/2, memberchk/2, min_list/2, min_member/2,
            min_member/3, nextto/3, nth0/3, nth0/4, nth1/3, nth1/4, numlist/3,
            permutation/2, prefix/2, proper_length/2, reverse/2,
            same_length/2, select/3, select/4, selectchk/3, selectchk/4,
            subset/2, subtract/3, sum_list/2, union/3
          ]).
:- meta_predicate max_member(2, -, +), min_member(2, -, +).
:- use_module(library(error)).

%!  append(?L1, ?L2, ?L3) is nondet.
%
%   L3 is the concatenation of L1 and L2.
append([], L, L).
append([H|T], L, [H|R]) :-
    append(T, L, R).

%!  append(+ListOfLists, ?List) is nondet.
%
%   List is the concatenation of the lists in ListOfLists.
append(ListOfLists, List) :-
    must_be(list, ListOfLists),
    append_lists_(ListOfLists, List).

append_lists_([], []).
append_lists_([L|Ls], As) :-
    append(L, Ws, As),
    append_lists_(Ls, Ws).

%!  member(?Elem, ?List) is nondet.
%
%   Elem is an element of List.  Deterministic on the last element.
member(X, [H|T]) :-
    member_(T, X, H).

% member_(Tail, Elem, Head): the list being walked comes first.
member_(_, X, X).
member_([H|T], X, _) :-
    member_(T, X, H).

%!  memberchk(?Elem, +List) is semidet.
%
%   First element of List that unifies with Elem.  If the end of a
%   partial List is reached, it is extended with Elem; a List that ends
%   in anything else than [] raises type_error(list, Tail).
memberchk(X, List) :-
    memberchk_(List, X).

memberchk_(List, X) :-
    (   var(List)
    ->  List = [X|_]
    ;   List = [H|T]
    ->  (   X = H
        ->  true
        ;   memberchk_(T, X)
        )
    ;   List == []
    ->  fail
    ;   type_error(list, List)
    ).

%!  reverse(?List, ?Reversed) is semidet.
%
%   Reversed has the elements of List in reverse order.  Terminates when
%   either argument is a proper list.
reverse(Xs, Ys) :-
    reverse_(Xs, Ys, [], Ys).

% reverse_(List, Bound, Acc, Reversed): Bound walks in step with List so
% that the recursion stops when Reversed has a known length.
reverse_([], [], Ys, Ys).
reverse_([X|Xs], [_|Bound], Acc, Ys) :-
    reverse_(Xs, Bound, [X|Acc], Ys).

%!  nth0(?Index, ?List, ?Elem) is nondet.
%
%   Elem is the Index-th element of List, counting from 0.
%   Deterministic when Index is an integer.
nth0(Index, List, Elem) :-
    (   integer(Index)
    ->  Index >= 0,
        nth_fixed_(Index, List, Elem)
    ;   var(Index)
    ->  List = [H|T],
        nth_enum_(T, Elem, H, 0, Index)
    ;   type_error(integer, Index)
    ).

%!  nth1(?Index, ?List, ?Elem) is nondet.
%
%   As nth0/3, counting from 1.
nth1(Index, List, Elem) :-
    (   integer(Index)
    ->  Index >= 1,
        Index0 is Index - 1,
        nth_fixed_(Index0, List, Elem)
    ;   var(Index)
    ->  List = [H|T],
        nth_enum_(T, Elem, H, 1, Index)
    ;   type_error(integer, Index)
    ).

% nth_fixed_(+N, ?List, ?Elem): Elem is element N (0-based).
nth_fixed_(N, List, Elem) :-
    (   N =:= 0
    ->  List = [Elem|_]
    ;   List = [_|Tail],
        N1 is N - 1,
        nth_fixed_(N1, Tail, Elem)
    ).

% nth_enum_(Tail, Elem, Head, I0, I): enumerate positions from I0.
nth_enum_(_, Elem, Elem, I, I).
nth_enum_([H|T], Elem, _, I0, I) :-
    I1 is I0 + 1,
    nth_enum_(T, Elem, H, I1, I).

%!  nth0(?Index, ?List, ?Elem, ?Rest) is nondet.
%
%   Elem is the Index-th element of List (from 0); Rest is List without it.
nth0(Index, List, Elem, Rest) :-
    (   var(Index)
    ->  List = [H|T],
        nth_del_enum_(T, Elem, H, Rest, 0, Index)
    ;   must_be(nonneg, Index),
        nth_del_fixed_(Index, List, Elem, Rest)
    ).

%!  nth1(?Index, ?List, ?Elem, ?Rest) is nondet.
%
%   As nth0/4, counting from 1.
nth1(Index, List, Elem, Rest) :-
    (   var(Index)
    ->  List = [H|T],
        nth_del_enum_(T, Elem, H, Rest, 1, Index)
    ;   must_be(positive_integer, Index),
        Index0 is Index - 1,
        nth_del_fixed_(Index0, List, Elem, Rest)
    ).

nth_del_fixed_(N, List, Elem, Rest) :-
    (   N =:= 0
    ->  List = [Elem|Rest]
    ;   List = [H|Tail],
        Rest = [H|Rest1],
        N1 is N - 1,
        nth_del_fixed_(N1, Tail, Elem, Rest1)
    ).

nth_del_enum_(T, Elem, Elem, T, I, I).
nth_del_enum_([H|T], Elem, H0, [H0|Rest], I0, I) :-
    I1 is I0 + 1,
    nth_del_enum_(T, Elem, H, Rest, I1, I).

%!  last(?List, ?Last) is semidet.
%
%   Last is the last element of List.  Deterministic on proper lists.
last([X|Xs], Last) :-
    last_(Xs, X, Last).

last_([], Last, Last).
last_([X|Xs], _, Last) :-
    last_(Xs, X, Last).

%!  proper_length(@List, -Length) is semidet.
%
%   List is a proper list of Length elements.
proper_length(List, Length) :-
    is_list(List),
    length(List, Length).

%!  same_length(?L1, ?L2) is nondet.
%
%   L1 and L2 are lists of the same length.
same_length([], []).
same_length([_|T1], [_|T2]) :-
    same_length(T1, T2).

%!  nextto(?X, ?Y, ?List) is nondet.
%
%   Y directly follows X in List.
nextto(X, Y, [X,Y|_]).
nextto(X, Y, [_|Zs]) :-
    nextto(X, Y, Zs).

%!  sum_list(+List, -Sum) is det.
%
%   Sum is the arithmetic sum of List (0 for the empty list).
sum_list(Xs, Sum) :-
    sum_list_(Xs, 0, Sum).

sum_list_([], Sum, Sum).
sum_list_([X|Xs], Sum0, Sum) :-
    Sum1 is Sum0 + X,
    sum_list_(Xs, Sum1, Sum).

%!  max_list(+List, -Max) is semidet.
%
%   Max is the largest number in List (fails on the empty list).
max_list([X|Xs], Max) :-
    max_list_(Xs, X, Max).

max_list_([], Max, Max).
max_list_([X|Xs], Max0, Max) :-
    Max1 is max(Max0, X),
    max_list_(Xs, Max1, Max).

%!  min_list(+List, -Min) is semidet.
%
%   Min is the smallest number in List (fails on the empty list).
min_list([X|Xs], Min) :-
    min_list_(Xs, X, Min).

min_list_([], Min, Min).
min_list_([X|Xs], Min0, Min) :-
    Min1 is min(Min0, X),
    min_list_(Xs, Min1, Min).

%!  max_member(-Max, +List) is semidet.
%
%   Max is the largest element of List in the standard order of terms.
max_member(Max, [X|Xs]) :-
    max_member_(Xs, X, Max).

max_member_([], Max, Max).
max_member_([X|Xs], Max0, Max) :-
    (   X @=< Max0
    ->  max_member_(Xs, Max0, Max)
    ;   max_member_(Xs, X, Max)
    ).

%!  min_member(-Min, +List) is semidet.
%
%   Min is the smallest element of List in the standard order of terms.
min_member(Min, [X|Xs]) :-
    min_member_(Xs, X, Min).

min_member_([], Min, Min).
min_member_([X|Xs], Min0, Min) :-
    (   X @>= Min0
    ->  min_member_(Xs, Min0, Min)
    ;   min_member_(Xs, X, Min)
    ).

%!  max_member(:Pred, -Max, +List) is semidet.
%
%   Max is the largest element of List according to the order Pred
%   (called as call(Pred, A, B), meaning A is at most B).
max_member(Pred, Max, [X|Xs]) :-
    max_member_by_(Xs, Pred, X, Max).

max_member_by_([], _, Max, Max).
max_member_by_([X|Xs], Pred, Max0, Max) :-
    (   call(Pred, Max0, X)
    ->  max_member_by_(Xs, Pred, X, Max)
    ;   max_member_by_(Xs, Pred, Max0, Max)
    ).

%!  min_member(:Pred, -Min, +List) is semidet.
%
%   Min is the smallest element of List according to the order Pred.
min_member(Pred, Min, [X|Xs]) :-
    min_member_by_(Xs, Pred, X, Min).

min_member_by_([], _, Min, Min).
min_member_by_([X|Xs], Pred, Min0, Min) :-
    (   call(Pred, X, Min0)
    ->  min_member_by_(Xs, Pred, X, Min)
    ;   min_member_by_(Xs, Pred, Min0, Min)
    ).

%!  numlist(+Low, +High, -List) is semidet.
%
%   List is [Low, Low+1, ..., High].  Fails if High < Low.
numlist(Low, High, List) :-
    must_be(integer, Low),
    must_be(integer, High),
    Low =< High,
    numlist_(Low, High, List).

numlist_(I, High, [I|T]) :-
    (   I =:= High
    ->  T = []
    ;   I1 is I + 1,
        numlist_(I1, High, T)
    ).

%!  is_set(@Set) is semidet.
%
%   Set is a proper list without duplicates (compared with ==).
is_set(Set) :-
    is_list(Set),
    length(Set, N),
    sort(Set, Sorted),
    length(Sorted, N).

%!  list_to_set(+List, -Set) is det.
%
%   Set holds the first occurrence of each element of List (duplicates
%   compared with ==), in their original order.  O(N log N).
list_to_set(List, Set) :-
    must_be(list, List),
    number_elements_(List, 1, Numbered),
    sort(1, @=<, Numbered, ByElement),
    first_occurrences_(ByElement, Firsts),
    keysort(Firsts, ByPosition),
    pairs_values(ByPosition, Set).

% number_elements_(List, I, Pairs): Pairs = [E1-I, E2-I+1, ...].
number_elements_([], _, []).
number_elements_([X|Xs], I, [X-I|Ps]) :-
    I1 is I + 1,
    number_elements_(Xs, I1, Ps).

% first_occurrences_(SortedPairs, Firsts): keep the first pair of every
% run of identical elements, as Position-Element.
first_occurrences_([], []).
first_occurrences_([X-I|Ps], [I-X|Fs]) :-
    skip_identical_(Ps, X, Rest),
    first_occurrences_(Rest, Fs).

skip_identical_([], _, []).
skip_identical_([Y-I|Ps], X, Rest) :-
    (   Y == X
    ->  skip_identical_(Ps, X, Rest)
    ;   Rest = [Y-I|Ps]
    ).

%!  delete(+List, @Elem, -Rest) is det.
%
%   Rest is List without the elements that unify with Elem.
delete([], _, []).
delete([X|Xs], Del, Rest) :-
    (   X \= Del
    ->  Rest = [X|Rest1]
    ;   Rest = Rest1
    ),
    delete(Xs, Del, Rest1).

%!  subtract(+Set, +Delete, -Rest) is det.
%
%   Rest holds the elements of Set that are not in Delete (memberchk/2).
subtract([], _, Rest) :-
    !,
    Rest = [].
subtract([X|Xs], Delete, Rest) :-
    (   memberchk(X, Delete)
    ->  Rest = Rest1
    ;   Rest = [X|Rest1]
    ),
    subtract(Xs, Delete, Rest1).

%!  subset(+SubSet, +Set) is semidet.
%
%   Every element of SubSet is in Set (memberchk/2).
subset([], _) :-
    !.
subset([X|Xs], Set) :-
    memberchk(X, Set),
    subset(Xs, Set).

%!  prefix(?Part, ?Whole) is nondet.
%
%   Part is a leading sublist of Whole.
prefix([], _).
prefix([X|Xs], [X|Ys]) :-
    prefix(Xs, Ys).

%!  intersection(+Set1, +Set2, -Set3) is det.
%
%   Set3 holds the elements of Set1 that are in Set2 (memberchk/2).
intersection([], _, Set) :-
    !,
    Set = [].
intersection([X|Xs], Set2, Set) :-
    (   memberchk(X, Set2)
    ->  Set = [X|Set1]
    ;   Set = Set1
    ),
    intersection(Xs, Set2, Set1).

%!  union(+Set1, +Set2, -Set3) is det.
%
%   Set3 is Set2 preceded by the elements of Set1 not in Set2.
union([], Set2, Set) :-
    !,
    Set = Set2.
union([X|Xs], Set2, Set) :-
    (   memberchk(X, Set2)
    ->  Set = Set1
    ;   Set = [X|Set1]
    ),
    union(Xs, Set2, Set1).

%!  select(?Elem, ?List, ?Rest) is nondet.
%
%   Rest is List with one occurrence of Elem removed.  Deterministic on
%   the last element.
select(X, [H|T], Rest) :-
    select_(T, H, X, Rest).

select_(T, H, H, T).
select_([H2|T], H, X, [H|Rest]) :-
    select_(T, H2, X, Rest).

%!  selectchk(?Elem, +List, -Rest) is semidet.
%
%   First solution of select/3.
selectchk(X, List, Rest) :-
    select(X, List, Rest),
    !.

%!  select(?X, ?XList, ?Y, ?YList) is nondet.
%
%   YList is XList with one occurrence of X replaced by Y.
select(X, XList, Y, YList) :-
    select4_(XList, X, Y, YList).

select4_([X|T], X, Y, [Y|T]).
select4_([H|T], X, Y, [H|T2]) :-
    select4_(T, X, Y, T2).

%!  selectchk(?X, +XList, ?Y, -YList) is semidet.
%
%   First solution of select/4.
selectchk(X, XList, Y, YList) :-
    select(X, XList, Y, YList),
    !.

%!  permutation(?Xs, ?Ys) is nondet.
%
%   Ys is a permutation of Xs.  If one side is a partial list, it is
%   first given the length of the other.
permutation(Xs, Ys) :-
    list_prefix_length_(Xs, 0, XLen, XTail),
    list_prefix_length_(Ys, 0, YLen, YTail),
    (   XTail == [], YTail == []
    ->  XLen == YLen
    ;   var(XTail), YTail == []
    ->  length(Xs, YLen)
    ;   XTail == [], var(YTail)
    ->  length(Ys, XLen)
    ;   var(XTail), var(YTail)
    ->  length(Xs, Len),
        length(Ys, Len)
    ;   must_be(list, Xs),
        must_be(list, Ys)
    ),
    permutation_(Xs, Ys).

permutation_([], []).
permutation_(List, [First|Perm]) :-
    select(First, List, Rest),
    permutation_(Rest, Perm).

% list_prefix_length_(@List, N0, N, Tail): List has N-N0 list cells
% before its tail Tail.
list_prefix_length_(L, N0, N, Tail) :-
    (   nonvar(L), L = [_|T]
    ->  N1 is N0 + 1,
        list_prefix_length_(T, N1, N, Tail)
    ;   N = N0,
        Tail = L
    ).

%!  flatten(+NestedList, -FlatList) is det.
%
%   FlatList holds the non-list leaves of NestedList in order; unbound
%   variables are leaves.  A non-list X flattens to [X].
flatten(List, Flat) :-
    flatten_(List, [], Flat0),
    !,
    Flat = Flat0.

% flatten_(Term, Tail, Flat): Flat is the leaves of Term followed by Tail.
flatten_(X, Tail, Flat) :-
    (   var(X)
    ->  Flat = [X|Tail]
    ;   X == []
    ->  Flat = Tail
    ;   X = [H|T]
    ->  flatten_(H, Mid, Flat),
        flatten_(T, Tail, Mid)
    ;   Flat = [X|Tail]
    ).

%!  clumped(+Items, -Pairs) is det.
%
%   Pairs is a list of Item-Count for runs of identical (==) adjacent
%   items.
clumped([], []).
clumped([H|T], [H-N|Ps]) :-
    clump_(T, H, 1, N, Rest),
    clumped(Rest, Ps).

clump_([], _, N, N, []).
clump_([X|Xs], H, N0, N, Rest) :-
    (   X == H
    ->  N1 is N0 + 1,
        clump_(Xs, H, N1, N, Rest)
    ;   N = N0,
        Rest = [X|Xs]
    ).
