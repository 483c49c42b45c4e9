/*  ordsets.pl -- library(ordsets): sets as sorted lists without
    duplicates, compatible with SWI-Prolog's.  Part of puzzlog's Prolog library.
*/
:- module(ordsets,
          [ list_to_ord_set/2, ord_union/3, ord_union/2, ord_subtract/3,
            ord_intersection/3, ord_memberchk/2, ord_subset/2,
            ord_add_element/3, ord_del_element/3, ord_empty/1
          ]).

%!  list_to_ord_set(+List, -OrdSet) is det.
%
%   OrdSet is List sorted, without duplicates.
list_to_ord_set(List, Set) :-
    sort(List, Set).

%!  ord_union(+Set1, +Set2, -Union) is det.
%
%   Union of two ordered sets.
ord_union([], Set2, Set2).
ord_union([H1|T1], Set2, Union) :-
    ord_union_(Set2, H1, T1, Union).

% ord_union_(Set2, H1, T1, Union): Union of [H1|T1] and Set2.
ord_union_([], H1, T1, [H1|T1]).
ord_union_([H2|T2], H1, T1, Union) :-
    compare(Order, H1, H2),
    ord_union_(Order, H1, T1, H2, T2, Union).

ord_union_(<, H1, T1, H2, T2, [H1|Union]) :-
    ord_union_(T1, H2, T2, Union).
ord_union_(=, H1, T1, _, T2, [H1|Union]) :-
    ord_union(T1, T2, Union).
ord_union_(>, H1, T1, H2, T2, [H2|Union]) :-
    ord_union_(T2, H1, T1, Union).

%!  ord_union(+SetOfSets, -Union) is det.
%
%   Union of a list of ordered sets.
ord_union(Sets, Union) :-
    append(Sets, All),
    sort(All, Union).

%!  ord_subtract(+Set1, +Set2, -Difference) is det.
%
%   Elements of Set1 that are not in Set2.
ord_subtract([], _, []).
ord_subtract([H1|T1], Set2, Diff) :-
    ord_subtract_(Set2, H1, T1, Diff).

% ord_subtract_(Set2, H1, T1, Diff): Diff = [H1|T1] minus Set2.
ord_subtract_([], H1, T1, [H1|T1]).
ord_subtract_([H2|T2], H1, T1, Diff) :-
    compare(Order, H1, H2),
    ord_subtract_(Order, H1, T1, H2, T2, Diff).

ord_subtract_(<, H1, T1, H2, T2, [H1|Diff]) :-
    ord_subtract_rest_(T1, H2, T2, Diff).
ord_subtract_(=, _, T1, _, T2, Diff) :-
    ord_subtract(T1, T2, Diff).
ord_subtract_(>, H1, T1, _, T2, Diff) :-
    ord_subtract_(T2, H1, T1, Diff).

% ord_subtract_rest_(Set1, H2, T2, Diff): Diff = Set1 minus [H2|T2].
ord_subtract_rest_([], _, _, []).
ord_subtract_rest_([H1|T1], H2, T2, Diff) :-
    compare(Order, H1, H2),
    ord_subtract_(Order, H1, T1, H2, T2, Diff).

%!  ord_intersection(+Set1, +Set2, -Intersection) is det.
%
%   Elements common to both ordered sets.
ord_intersection([], _, []).
ord_intersection([H1|T1], Set2, Int) :-
    ord_intersection_(Set2, H1, T1, Int).

ord_intersection_([], _, _, []).
ord_intersection_([H2|T2], H1, T1, Int) :-
    compare(Order, H1, H2),
    ord_intersection_(Order, H1, T1, H2, T2, Int).

ord_intersection_(<, _, T1, H2, T2, Int) :-
    ord_intersection_(T1, H2, T2, Int).
ord_intersection_(=, H1, T1, _, T2, [H1|Int]) :-
    ord_intersection(T1, T2, Int).
ord_intersection_(>, H1, T1, _, T2, Int) :-
    ord_intersection_(T2, H1, T1, Int).

%!  ord_memberchk(+Elem, +OrdSet) is semidet.
%
%   Elem is (==) an element of OrdSet.
ord_memberchk(X, [H|T]) :-
    compare(Order, X, H),
    ord_memberchk_(Order, X, T).

ord_memberchk_(=, _, _).
ord_memberchk_(>, X, T) :-
    ord_memberchk(X, T).

%!  ord_subset(+Sub, +Set) is semidet.
%
%   Every element of the ordered set Sub is in the ordered set Set.
ord_subset([], _).
ord_subset([H1|T1], [H2|T2]) :-
    compare(Order, H1, H2),
    ord_subset_(Order, H1, T1, T2).

ord_subset_(=, _, T1, T2) :-
    ord_subset(T1, T2).
ord_subset_(>, H1, T1, T2) :-
    ord_subset([H1|T1], T2).

%!  ord_add_element(+Set, +Elem, -NewSet) is det.
%
%   NewSet is Set with Elem added.
ord_add_element(Set, Elem, NewSet) :-
    ord_union_(Set, Elem, [], NewSet).

%!  ord_del_element(+Set, +Elem, -NewSet) is det.
%
%   NewSet is Set without Elem.
ord_del_element(Set, Elem, NewSet) :-
    ord_subtract(Set, [Elem], NewSet).
ord_empty([]).
