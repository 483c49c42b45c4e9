/*  ordsets.pl -- ordered set manipulation, compatible with SWI-Prolog's
    library(ordsets).

    Part of puzzlog's Prolog library.  An ordered set is a list without
    duplicates sorted by the standard order of terms, as produced by
    sort/2.  The predicates walk their lists once (merge style), so
    they are O(N) in the length of the sets and deterministic on proper
    sets.

    Inputs are not checked to be ordered sets (as in SWI-Prolog), so
    the results for other lists are those of the same merge algorithms
    as SWI-Prolog's.  Where SWI-Prolog raises existence_error(
    matching_rule, ...) (ord_union/2,3 and ord_subtract/3 given
    something that is not a list, or an unbound list), the same error
    is raised here.

    Internal helpers start with ordsets_ and end in an underscore.
*/

:- module(ordsets,
          [ is_ordset/1,            % @Term
            list_to_ord_set/2,      % +List, -OrdSet
            ord_add_element/3,      % +Set, +Element, -NewSet
            ord_del_element/3,      % +Set, +Element, -NewSet
            ord_selectchk/3,        % +Item, ?Set1, ?Set2
            ord_intersect/2,        % +Set1, +Set2
            ord_intersect/3,        % +Set1, +Set2, -Intersection
            ord_intersection/2,     % +PowerSet, -Intersection
            ord_intersection/3,     % +Set1, +Set2, -Intersection
            ord_intersection/4,     % +Set1, +Set2, -Intersection, -Diff
            ord_disjoint/2,         % +Set1, +Set2
            ord_subtract/3,         % +Set, +Delete, -Remaining
            ord_union/2,            % +SetOfOrdSets, -Set
            ord_union/3,            % +Set1, +Set2, -Union
            ord_union/4,            % +Set1, +Set2, -Union, -New
            ord_subset/2,           % +Sub, +Super
            ord_empty/1,            % ?Set
            ord_memberchk/2,        % +Element, +Set
            ord_symdiff/3,          % +Set1, +Set2, -Difference
            ord_seteq/2             % +Set1, +Set2
          ]).
:- use_module(library(error)).

%!  is_ordset(@Term) is semidet.
%
%   Term is a proper list whose elements are strictly ascending in the
%   standard order of terms.
is_ordset(Term) :-
    is_list(Term),
    ordsets_is_(Term).

ordsets_is_([]).
ordsets_is_([H|T]) :-
    ordsets_is_(T, H).

ordsets_is_([], _).
ordsets_is_([H|T], H0) :-
    H0 @< H,
    ordsets_is_(T, H).

%!  ord_empty(?Set) is semidet.
%
%   Set is the empty ordered set, [].
ord_empty([]).

%!  list_to_ord_set(+List, -OrdSet) is det.
%
%   OrdSet holds the elements of List, sorted and without duplicates.
list_to_ord_set(List, Set) :-
    sort(List, Set).

%!  ord_add_element(+Set1, +Element, ?Set2) is det.
%
%   Set2 is Set1 with Element inserted.
ord_add_element([], El, [El]).
ord_add_element([H|T], El, Add) :-
    compare(Order, H, El),
    ordsets_addel_(Order, H, T, El, Add).

ordsets_addel_(<, H, T, El, [H|Add]) :-
    ord_add_element(T, El, Add).
ordsets_addel_(=, H, T, _, [H|T]).
ordsets_addel_(>, H, T, El, [El,H|T]).

%!  ord_del_element(+Set, +Element, -NewSet) is det.
%
%   NewSet is Set without Element (Set itself if Element is not in it).
ord_del_element([], _, []).
ord_del_element([H|T], El, Del) :-
    compare(Order, H, El),
    ordsets_delel_(Order, H, T, El, Del).

ordsets_delel_(<, H, T, El, [H|Del]) :-
    ord_del_element(T, El, Del).
ordsets_delel_(=, _, T, _, T).
ordsets_delel_(>, H, T, _, [H|T]).

%!  ord_selectchk(+Item, ?Set1, ?Set2) is semidet.
%
%   Set2 is Set1 without Item, which must be in Set1 (compare
%   selectchk/3).  The elements before Item are those that precede it
%   in the standard order; Item must precede the one after it.
ord_selectchk(Item, [X|Set], [X|Rest]) :-
    X @< Item,
    !,
    ord_selectchk(Item, Set, Rest).
ord_selectchk(Item, [Item|Set], Set) :-
    (   Set == []
    ->  true
    ;   Set = [Next|_],
        Item @< Next
    ).

%!  ord_memberchk(+Element, +OrdSet) is semidet.
%
%   Element is identical (==) to a member of OrdSet.  Looks at every
%   second or fourth element first, as SWI-Prolog does, so the result
%   for a list that is not ordered can differ from memberchk/2.
ord_memberchk(Item, List) :-
    ordsets_memberchk_(List, Item).

ordsets_memberchk_([X1,X2,X3,X4|Xs], Item) :-
    !,
    compare(R4, Item, X4),
    (   R4 = (>)
    ->  ordsets_memberchk_(Xs, Item)
    ;   R4 = (<)
    ->  compare(R2, Item, X2),
        (   R2 = (>)
        ->  Item == X3
        ;   R2 = (<)
        ->  Item == X1
        ;   true
        )
    ;   true
    ).
ordsets_memberchk_([X1,X2|Xs], Item) :-
    !,
    compare(R2, Item, X2),
    (   R2 = (>)
    ->  ordsets_memberchk_(Xs, Item)
    ;   R2 = (<)
    ->  Item == X1
    ;   true
    ).
ordsets_memberchk_([X1], Item) :-
    Item == X1.

%!  ord_intersect(+Set1, +Set2) is semidet.
%
%   Set1 and Set2 have at least one element in common.
ord_intersect([H1|T1], L2) :-
    ordsets_meet_(L2, H1, T1).

ordsets_meet_([H2|T2], H1, T1) :-
    compare(Order, H1, H2),
    ordsets_meet_(Order, H1, T1, H2, T2).

ordsets_meet_(=, _, _, _, _).
ordsets_meet_(<, _, [H1|T1], H2, T2) :-
    compare(Order, H1, H2),
    ordsets_meet_(Order, H1, T1, H2, T2).
ordsets_meet_(>, H1, T1, _, [H2|T2]) :-
    compare(Order, H1, H2),
    ordsets_meet_(Order, H1, T1, H2, T2).

%!  ord_disjoint(+Set1, +Set2) is semidet.
%
%   Set1 and Set2 have no element in common.
ord_disjoint(Set1, Set2) :-
    \+ ord_intersect(Set1, Set2).

%!  ord_intersect(+Set1, +Set2, -Intersection) is det.
%
%   Same as ord_intersection/3 (kept for compatibility).
ord_intersect(Set1, Set2, Intersection) :-
    ord_intersection(Set1, Set2, Intersection).

%!  ord_intersection(+Set1, +Set2, -Intersection) is det.
%
%   Intersection holds the elements common to Set1 and Set2.  With
%   Intersection == [] this is ord_disjoint/2.
ord_intersection(Set1, Set2, Int) :-
    (   Int == []
    ->  \+ ord_intersect(Set1, Set2)
    ;   ordsets_isect_(Set1, Set2, Int)
    ).

ordsets_isect_([], _, []).
ordsets_isect_([H1|T1], L2, Int) :-
    ordsets_isect2_(L2, H1, T1, Int).

% ordsets_isect2_(+L2, +H1, +T1, -Int): the next element of the list L2
% is compared with H1, the head of the other list; the lists swap roles
% whenever the other one is the one to go on (as SWI-Prolog's do).
ordsets_isect2_([], _, _, []).
ordsets_isect2_([H2|T2], H1, T1, Int) :-
    compare(Order, H1, H2),
    ordsets_isect3_(Order, H1, T1, H2, T2, Int).

ordsets_isect3_(<, _, T1, H2, T2, Int) :-
    ordsets_isect2_(T1, H2, T2, Int).
ordsets_isect3_(=, H1, T1, _, T2, [H1|Int]) :-
    ordsets_isect_(T1, T2, Int).
ordsets_isect3_(>, H1, T1, _, T2, Int) :-
    ordsets_isect2_(T2, H1, T1, Int).

%!  ord_intersection(+Set1, +Set2, ?Intersection, ?Difference) is det.
%
%   Intersection holds the elements common to Set1 and Set2, and
%   Difference those of Set2 that are not in Set1.
ord_intersection([], L, [], L) :- !.
ord_intersection([_|_], [], [], []) :- !.
ord_intersection([H1|T1], [H2|T2], Int, Diff) :-
    compare(Order, H1, H2),
    ordsets_isd_(Order, H1, T1, H2, T2, Int, Diff).

ordsets_isd_(=, H1, T1, _, T2, [H1|Int], Diff) :-
    ord_intersection(T1, T2, Int, Diff).
ordsets_isd_(<, _, T1, H2, T2, Int, Diff) :-
    ord_intersection(T1, [H2|T2], Int, Diff).
ordsets_isd_(>, H1, T1, H2, T2, Int, [H2|Diff]) :-
    ord_intersection([H1|T1], T2, Int, Diff).

%!  ord_intersection(+PowerSet, -Intersection) is semidet.
%
%   Intersection holds the elements common to all sets of the list
%   PowerSet.  Fails if PowerSet is [].  Each set must be a list:
%   raises type_error(list, Set) otherwise.
ord_intersection(PowerSet, Intersection) :-
    must_be(list, PowerSet),
    PowerSet = [Set|Sets],
    ordsets_must_be_list_(Set),
    ordsets_isect_all_(Sets, Set, Intersection).

ordsets_isect_all_([], Int, Int).
ordsets_isect_all_([Set|Sets], Int0, Int) :-
    ordsets_must_be_list_(Set),
    ord_intersection(Int0, Set, Int1),
    ordsets_isect_all_(Sets, Int1, Int).

ordsets_must_be_list_(Set) :-
    (   is_list(Set)
    ->  true
    ;   type_error(list, Set)
    ).

%!  ord_subset(+Sub, +Super) is semidet.
%
%   Every element of Sub is in Super.
ord_subset([], _).
ord_subset([H1|T1], [H2|T2]) :-
    compare(Order, H1, H2),
    ordsets_subset_(Order, H1, T1, T2).

ordsets_subset_(>, H1, T1, [H2|T2]) :-
    compare(Order, H1, H2),
    ordsets_subset_(Order, H1, T1, T2).
ordsets_subset_(=, _, T1, T2) :-
    ord_subset(T1, T2).

%!  ord_seteq(+Set1, +Set2) is semidet.
%
%   Set1 and Set2 are the same ordered set (==).
ord_seteq(Set1, Set2) :-
    Set1 == Set2.

%!  ord_subtract(+InSet, +NotIn, -Diff) is det.
%
%   Diff holds the elements of InSet that are not in NotIn.
ord_subtract(InSet, NotIn, Diff) :-
    (   ordsets_sub_(InSet, NotIn, Diff0)
    ->  Diff = Diff0
    ;   ordsets_sub_checked_(InSet, NotIn, Diff)
    ).

% The fast path fails where SWI-Prolog's rules do not match (an unbound
% or non-list set) and on partial lists; ordsets_sub_checked_/3 then
% throws SWI's error or enumerates the open tails as SWI does.
ordsets_sub_(InSet, NotIn, Diff) :-
    (   InSet == []
    ->  Diff = []
    ;   NotIn == []
    ->  Diff = InSet
    ;   nonvar(InSet)
    ->  ordsets_sub1_(InSet, NotIn, Diff)
    ).

ordsets_sub1_([H1|T1], NotIn, Diff) :-
    nonvar(NotIn),
    ordsets_diff21_(NotIn, H1, T1, Diff).

% ordsets_diff21_(+L2, +H1, +T1, -Diff): the second list goes on
ordsets_diff21_([], H1, T1, [H1|T1]).
ordsets_diff21_([H2|T2], H1, T1, Diff) :-
    compare(Order, H1, H2),
    ordsets_diff3_(Order, H1, T1, H2, T2, Diff).

% ordsets_diff12_(+T1, +H2, +T2, -Diff): the first list goes on
ordsets_diff12_([], _, _, []).
ordsets_diff12_([H1|T1], H2, T2, Diff) :-
    compare(Order, H1, H2),
    ordsets_diff3_(Order, H1, T1, H2, T2, Diff).

ordsets_diff3_(<, H1, T1, H2, T2, [H1|Diff]) :-
    nonvar(T1),
    ordsets_diff12_(T1, H2, T2, Diff).
ordsets_diff3_(=, _, T1, _, T2, Diff) :-
    ordsets_sub_(T1, T2, Diff).
ordsets_diff3_(>, H1, T1, _, T2, Diff) :-
    nonvar(T2),
    ordsets_diff21_(T2, H1, T1, Diff).

% The same with SWI-Prolog's errors and order of unifications.
ordsets_sub_checked_(InSet, NotIn, Diff) :-
    (   InSet == []
    ->  Diff = []
    ;   NotIn == []
    ->  Diff = InSet
    ;   nonvar(InSet),
        InSet = [H1|T1]
    ->  ordsets_cdiff21_(NotIn, H1, T1, Diff)
    ;   throw(error(existence_error(matching_rule,
                                    ordsets:ord_subtract(InSet, NotIn, Diff)),
                    context(ordsets:ord_subtract/3, _)))
    ).

ordsets_cdiff21_([], H1, T1, [H1|T1]).
ordsets_cdiff21_([H2|T2], H1, T1, Diff) :-
    compare(Order, H1, H2),
    ordsets_cdiff3_(Order, H1, T1, H2, T2, Diff).

ordsets_cdiff12_([], _, _, []).
ordsets_cdiff12_([H1|T1], H2, T2, Diff) :-
    compare(Order, H1, H2),
    ordsets_cdiff3_(Order, H1, T1, H2, T2, Diff).

ordsets_cdiff3_(<, H1, T1, H2, T2, [H1|Diff]) :-
    ordsets_cdiff12_(T1, H2, T2, Diff).
ordsets_cdiff3_(=, _, T1, _, T2, Diff) :-
    ordsets_sub_checked_(T1, T2, Diff).
ordsets_cdiff3_(>, H1, T1, _, T2, Diff) :-
    ordsets_cdiff21_(T2, H1, T1, Diff).

%!  ord_union(+Set1, +Set2, -Union) is det.
%
%   Union holds the elements of Set1 and Set2.
ord_union(Set1, Set2, Union) :-
    (   ordsets_union_(Set1, Set2, Union0)
    ->  Union = Union0
    ;   ordsets_union_checked_(Set1, Set2, Union)
    ).

% The fast path fails where SWI-Prolog's rules do not match (an unbound
% or non-list set); ordsets_union_checked_/3 then throws their error.
ordsets_union_(Set1, Set2, Union) :-
    (   Set1 == []
    ->  Union = Set2
    ;   nonvar(Set1)
    ->  ordsets_union1_(Set1, Set2, Union)
    ).

ordsets_union1_([H1|T1], L2, Union) :-
    nonvar(L2),
    ordsets_union2_(L2, H1, T1, Union).

% ordsets_union2_(+L2, +H1, +T1, -Union): the next element of the list
% L2 is compared with H1, the head of the other list; the lists swap
% roles whenever the other one is the one to go on.
ordsets_union2_([], H1, T1, [H1|T1]).
ordsets_union2_([H2|T2], H1, T1, Union) :-
    compare(Order, H1, H2),
    ordsets_union3_(Order, H1, T1, H2, T2, Union).

ordsets_union3_(<, H1, T1, H2, T2, [H1|Union]) :-
    nonvar(T1),
    ordsets_union2_(T1, H2, T2, Union).
ordsets_union3_(=, H1, T1, _, T2, [H1|Union]) :-
    ordsets_union_(T1, T2, Union).
ordsets_union3_(>, H1, T1, H2, T2, [H2|Union]) :-
    nonvar(T2),
    ordsets_union2_(T2, H1, T1, Union).

% The same with SWI-Prolog's errors and order of unifications.
ordsets_union_checked_(Set1, Set2, Union) :-
    (   Set1 == []
    ->  Union = Set2
    ;   nonvar(Set1),
        Set1 = [H1|T1]
    ->  ordsets_cunion2_(Set2, H1, T1, Union)
    ;   throw(error(existence_error(matching_rule,
                                    ordsets:ord_union(Set1, Set2, Union)),
                    context(ordsets:ord_union/3, _)))
    ).

ordsets_cunion2_(L2, H1, T1, Union) :-
    (   L2 == []
    ->  Union = [H1|T1]
    ;   nonvar(L2),
        L2 = [H2|T2]
    ->  compare(Order, H1, H2),
        ordsets_cunion3_(Order, H1, T1, H2, T2, Union)
    ;   throw(error(existence_error(matching_rule,
                                    ordsets:union2(L2, H1, T1, Union)),
                    context(ordsets:union2/4, _)))
    ).

ordsets_cunion3_(<, H1, T1, H2, T2, [H1|Union]) :-
    ordsets_cunion2_(T1, H2, T2, Union).
ordsets_cunion3_(=, H1, T1, _, T2, [H1|Union]) :-
    ordsets_union_checked_(T1, T2, Union).
ordsets_cunion3_(>, H1, T1, H2, T2, [H2|Union]) :-
    ordsets_cunion2_(T2, H1, T1, Union).

%!  ord_union(+Set1, +Set2, ?Union, ?New) is det.
%
%   Union holds the elements of Set1 and Set2, and New those of Set2
%   that are not in Set1.
ord_union([], Set2, Set2, Set2).
ord_union([H1|T1], L2, Union, New) :-
    ordsets_un4_2_(L2, H1, T1, Union, New).

ordsets_un4_2_([], H1, T1, [H1|T1], []).
ordsets_un4_2_([H2|T2], H1, T1, Union, New) :-
    compare(Order, H1, H2),
    ordsets_un4_3_(Order, H1, T1, H2, T2, Union, New).

ordsets_un4_1_([], H2, T2, [H2|T2], [H2|T2]).
ordsets_un4_1_([H1|T1], H2, T2, Union, New) :-
    compare(Order, H1, H2),
    ordsets_un4_3_(Order, H1, T1, H2, T2, Union, New).

ordsets_un4_3_(<, H1, T1, H2, T2, [H1|Union], New) :-
    ordsets_un4_1_(T1, H2, T2, Union, New).
ordsets_un4_3_(=, H1, T1, _, T2, [H1|Union], New) :-
    ord_union(T1, T2, Union, New).
ordsets_un4_3_(>, H1, T1, H2, T2, [H2|Union], [H2|New]) :-
    ordsets_un4_2_(T2, H1, T1, Union, New).

%!  ord_union(+SetOfSets, -Set) is det.
%
%   Set is the union of the list of ordered sets SetOfSets, merged
%   pairwise (halves first), as SWI-Prolog does.
ord_union(SetOfSets, Set) :-
    (   SetOfSets == []
    ->  Set = []
    ;   nonvar(SetOfSets),
        SetOfSets = [_|_]
    ->  length(SetOfSets, N),
        ordsets_union_n_(N, SetOfSets, _, Set0),
        Set = Set0
    ;   throw(error(existence_error(matching_rule,
                                    ordsets:ord_union(SetOfSets, Set)),
                    context(ordsets:ord_union/2, _)))
    ).

% ordsets_union_n_(+N, +Sets, -Rest, -Union): Union of the first N Sets
ordsets_union_n_(1, [Set|Rest], Rest, Set) :- !.
ordsets_union_n_(N, Sets, Rest, Union) :-
    A is N >> 1,
    B is N - A,
    ordsets_union_n_(A, Sets, Sets1, U1),
    ordsets_union_n_(B, Sets1, Rest, U2),
    ord_union(U1, U2, Union).

%!  ord_symdiff(+Set1, +Set2, ?Difference) is det.
%
%   Difference holds the elements that are in one of Set1 and Set2 but
%   not in both.
ord_symdiff([], Set2, Set2).
ord_symdiff([H1|T1], Set2, Diff) :-
    ordsets_symdiff2_(Set2, H1, T1, Diff).

ordsets_symdiff2_([], H1, T1, [H1|T1]).
ordsets_symdiff2_([H2|T2], H1, T1, Diff) :-
    compare(Order, H1, H2),
    ordsets_symdiff3_(Order, H1, T1, H2, T2, Diff).

ordsets_symdiff3_(<, H1, T1, H2, T2, [H1|Diff]) :-
    ordsets_symdiff2_(T1, H2, T2, Diff).
ordsets_symdiff3_(=, _, T1, _, T2, Diff) :-
    ord_symdiff(T1, T2, Diff).
ordsets_symdiff3_(>, H1, T1, H2, T2, [H2|Diff]) :-
    ordsets_symdiff2_(T2, H1, T1, Diff).
