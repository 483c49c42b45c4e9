/*  assoc.pl -- association lists as AVL trees, compatible with
    SWI-Prolog's library(assoc).

    Part of puzzlog's Prolog library.  An assoc maps keys (compared by
    standard order of terms) to values with O(log N) lookup, insertion
    and deletion.  The representation is the one SWI-Prolog prints:

        t                       the empty assoc
        t(K, V, Balance, L, R)  a node; Balance is <, - or >: the left
                                subtree is one level deeper, both are as
                                deep, or the right one is one level deeper

    Trees are built and rebalanced exactly as SWI-Prolog does, so the
    printed form of an assoc equals SWI's.  Errors on malformed input
    (an unbound or non-assoc argument) are SWI's error terms.

    Internal helpers start with assoc_ and end in an underscore.
*/

:- module(assoc,
          [ empty_assoc/1,          % -Assoc
            is_assoc/1,             % +Assoc
            assoc_to_list/2,        % +Assoc, -Pairs
            assoc_to_keys/2,        % +Assoc, -Keys
            assoc_to_values/2,      % +Assoc, -Values
            gen_assoc/3,            % ?Key, +Assoc, ?Value
            get_assoc/3,            % +Key, +Assoc, ?Value
            get_assoc/5,            % +Key, +Assoc0, ?Val0, ?Assoc, ?Val
            list_to_assoc/2,        % +Pairs, -Assoc
            map_assoc/2,            % :Goal, +Assoc
            map_assoc/3,            % :Goal, +Assoc0, -Assoc
            max_assoc/3,            % +Assoc, -Key, -Value
            min_assoc/3,            % +Assoc, -Key, -Value
            ord_list_to_assoc/2,    % +Pairs, -Assoc
            put_assoc/4,            % +Key, +Assoc0, +Value, -Assoc
            del_assoc/4,            % +Key, +Assoc0, ?Value, -Assoc
            del_min_assoc/4,        % +Assoc0, ?Key, ?Value, -Assoc
            del_max_assoc/4         % +Assoc0, ?Key, ?Value, -Assoc
          ]).
:- use_module(library(error)).

:- meta_predicate
    map_assoc(1, ?),
    map_assoc(2, ?, ?).

%!  empty_assoc(?Assoc) is semidet.
%
%   Assoc is the empty assoc, t.
empty_assoc(t).

%!  get_assoc(+Key, +Assoc, -Value) is semidet.
%
%   Value is the value of Key in Assoc.  Keys are compared with
%   compare/3 (standard order), so 1 and 1.0 are different keys.
get_assoc(Key, Assoc, Val) :-
    (   compound(Assoc)
    ->  assoc_get_root_(Assoc, Key, Val)
    ;   Assoc == t
    ->  fail
    ;   assoc_btree_error_(Assoc)
    ).

assoc_get_root_(t(K,V,_,L,R), Key, Val) :-
    !,
    compare(Order, Key, K),
    assoc_get_(Order, Key, Val, V, L, R).
assoc_get_root_(Tree, Key, Val) :-
    % not a t/5 term: walk any node functor of arity >= 5 as SWI does
    functor(Tree, Name, Arity),
    (   Arity >= 5
    ->  assoc_get_any_(Tree, Name, Arity, Key, Val)
    ;   assoc_btree_error_(Tree)
    ).

% assoc_get_(+Order, +Key, -Val, +NodeVal, +Left, +Right)
assoc_get_(=, _, Val, Val, _, _).
assoc_get_(<, Key, Val, _, t(K,V,_,L,R), _) :-
    compare(Order, Key, K),
    assoc_get_(Order, Key, Val, V, L, R).
assoc_get_(>, Key, Val, _, _, t(K,V,_,L,R)) :-
    compare(Order, Key, K),
    assoc_get_(Order, Key, Val, V, L, R).

assoc_get_any_(Tree, Name, Arity, Key, Val) :-
    arg(1, Tree, K),
    compare(Order, Key, K),
    (   Order == (=)
    ->  arg(2, Tree, Val)
    ;   (   Order == (<)
        ->  arg(4, Tree, Sub)
        ;   arg(5, Tree, Sub)
        ),
        compound(Sub),
        functor(Sub, Name, Arity),
        assoc_get_any_(Sub, Name, Arity, Key, Val)
    ).

assoc_btree_error_(Tree) :-
    (   var(Tree)
    ->  throw(error(instantiation_error,
                    context(system:'$btree_find_node'/5, _)))
    ;   throw(error(type_error(btree, Tree),
                    context(system:'$btree_find_node'/5, _)))
    ).

%!  get_assoc(+Key, +Assoc0, ?Val0, ?Assoc, ?Val) is semidet.
%
%   Assoc is Assoc0 with the value of Key replaced: Val0 is the old
%   value and Val the new one.
get_assoc(Key, Assoc0, Val0, Assoc, Val) :-
    (   nonvar(Assoc0),
        assoc_get5_(Assoc0, Key, V0, Assoc1, V1)
    ->  Val0 = V0,
        Assoc = Assoc1,
        Val = V1
    ;   assoc_check_path_(Assoc0, Key, Bad),
        throw(error(existence_error(matching_rule,
                                    assoc:get_assoc(Key, Bad, Val0, _, Val)),
                    context(assoc:get_assoc/5, _)))
    ).

assoc_get5_(t(K,V,B,L,R), Key, Val0, NewTree, Val) :-
    compare(Order, Key, K),
    assoc_get5_(Order, Key, Val0, Val, K, V, B, L, R, NewTree).

assoc_get5_(=, _, V, Val, K, V, B, L, R, t(K,Val,B,L,R)).
assoc_get5_(<, Key, Val0, Val, K, V, B, L, R, t(K,V,B,L1,R)) :-
    nonvar(L),
    assoc_get5_(L, Key, Val0, L1, Val).
assoc_get5_(>, Key, Val0, Val, K, V, B, L, R, t(K,V,B,L,R1)) :-
    nonvar(R),
    assoc_get5_(R, Key, Val0, R1, Val).

% assoc_check_path_(+Tree, +Key, -Bad): after an operation failed on the
% path to Key, Bad is the first subtree on that path that is neither t
% nor a t/5 node; fails if there is none (the key simply is not there).
assoc_check_path_(Tree, Key, Bad) :-
    (   var(Tree)
    ->  Bad = Tree
    ;   Tree == t
    ->  fail
    ;   Tree = t(K,_,_,L,R)
    ->  compare(Order, Key, K),
        (   Order == (<)
        ->  assoc_check_path_(L, Key, Bad)
        ;   Order == (>)
        ->  assoc_check_path_(R, Key, Bad)
        )
    ;   Bad = Tree
    ).

%!  put_assoc(+Key, +Assoc0, +Value, -Assoc) is det.
%
%   Assoc is Assoc0 with Key mapped to Value (replacing an old value).
put_assoc(Key, A0, Value, A) :-
    (   nonvar(A0),
        assoc_ins_(A0, Key, Value, A1, _)
    ->  A = A1
    ;   assoc_check_path_(A0, Key, Bad)
    ->  throw(error(existence_error(matching_rule,
                                    assoc:insert(Bad, Key, Value, _, _)),
                    context(assoc:insert/5, _)))
    ).

% assoc_ins_(+Tree, +Key, +Val, -NewTree, -Grown): Grown is yes if
% NewTree is one level deeper than Tree.
assoc_ins_(t, Key, Val, t(Key,Val,-,t,t), yes).
assoc_ins_(t(K,V,B,L,R), Key, Val, NewTree, Grown) :-
    compare(Order, Key, K),
    assoc_ins_(Order, Key, Val, K, V, B, L, R, NewTree, Grown).

assoc_ins_(=, _, Val, K, _, B, L, R, t(K,Val,B,L,R), no).
assoc_ins_(<, Key, Val, K, V, B, L, R, NewTree, Grown) :-
    nonvar(L),
    assoc_ins_(L, Key, Val, L1, LGrown),
    assoc_left_grown_(LGrown, K, V, B, L1, R, NewTree, Grown).
assoc_ins_(>, Key, Val, K, V, B, L, R, NewTree, Grown) :-
    nonvar(R),
    assoc_ins_(R, Key, Val, R1, RGrown),
    assoc_right_grown_(RGrown, K, V, B, L, R1, NewTree, Grown).

assoc_left_grown_(no, K, V, B, L, R, t(K,V,B,L,R), no).
assoc_left_grown_(yes, K, V, B, L, R, NewTree, Grown) :-
    assoc_lgrow_(B, K, V, L, R, NewTree, Grown).

assoc_lgrow_(>, K, V, L, R, t(K,V,-,L,R), no).
assoc_lgrow_(-, K, V, L, R, t(K,V,<,L,R), yes).
assoc_lgrow_(<, K, V, t(K1,V1,B1,L1,R1), R, NewTree, no) :-
    assoc_rot_right_(B1, K1, V1, L1, R1, K, V, R, NewTree).

assoc_right_grown_(no, K, V, B, L, R, t(K,V,B,L,R), no).
assoc_right_grown_(yes, K, V, B, L, R, NewTree, Grown) :-
    assoc_rgrow_(B, K, V, L, R, NewTree, Grown).

assoc_rgrow_(<, K, V, L, R, t(K,V,-,L,R), no).
assoc_rgrow_(-, K, V, L, R, t(K,V,>,L,R), yes).
assoc_rgrow_(>, K, V, L, t(K1,V1,B1,L1,R1), NewTree, no) :-
    assoc_rot_left_(B1, K, V, L, K1, V1, L1, R1, NewTree).

% assoc_rot_right_(+B1, K1,V1,L1,R1, K,V,R, -Tree): node K is two levels
% deeper on the left, whose root K1 (balance B1) becomes the new root
% (single rotation), or whose right child does (double rotation).
assoc_rot_right_(<, K1, V1, L1, R1, K, V, R, t(K1,V1,-,L1,t(K,V,-,R1,R))).
assoc_rot_right_(>, K1, V1, L1, t(K2,V2,B2,L2,R2), K, V, R,
                 t(K2,V2,-,t(K1,V1,BL,L1,L2),t(K,V,BR,R2,R))) :-
    assoc_double_(B2, BL, BR).

assoc_rot_left_(>, K, V, L, K1, V1, L1, R1, t(K1,V1,-,t(K,V,-,L,L1),R1)).
assoc_rot_left_(<, K, V, L, K1, V1, t(K2,V2,B2,L2,R2), R1,
                t(K2,V2,-,t(K,V,BL,L,L2),t(K1,V1,BR,R2,R1))) :-
    assoc_double_(B2, BL, BR).

% balances of the two new children after a double rotation
assoc_double_(<, -, >).
assoc_double_(-, -, -).
assoc_double_(>, <, -).

%!  list_to_assoc(+Pairs, -Assoc) is det.
%
%   Assoc holds the Key-Value Pairs.  Raises domain_error(unique_key_pairs,
%   Pairs) if a key occurs twice.
list_to_assoc(List, Assoc) :-
    keysort(List, Sorted),
    (   assoc_unique_keys_(Sorted)
    ->  length(Sorted, N),
        assoc_build_(N, Sorted, [], _, Assoc0),
        Assoc = Assoc0
    ;   domain_error(unique_key_pairs, List)
    ).

assoc_unique_keys_([]).
assoc_unique_keys_([K-_|T]) :-
    assoc_unique_keys_(T, K).

assoc_unique_keys_([], _).
assoc_unique_keys_([K-_|T], K0) :-
    K0 \== K,
    assoc_unique_keys_(T, K).

%!  ord_list_to_assoc(+Pairs, -Assoc) is det.
%
%   As list_to_assoc/2 for Pairs whose keys are strictly ascending;
%   raises domain_error(key_ordered_pairs, Pairs) otherwise.
ord_list_to_assoc(List, Assoc) :-
    (   List == []
    ->  Assoc = t
    ;   assoc_ordered_(List)
    ->  length(List, N),
        assoc_build_(N, List, [], _, Assoc0),
        Assoc = Assoc0
    ;   domain_error(key_ordered_pairs, List)
    ).

assoc_ordered_([K-_|T]) :-
    assoc_ordered_(T, K).

assoc_ordered_([], _).
assoc_ordered_([K-_|T], K0) :-
    K0 @< K,
    assoc_ordered_(T, K).

% assoc_build_(+N, +Pairs, -Rest, -Depth, -Tree): Tree holds the first N
% of Pairs, Rest the others; the left subtree gets the larger half.
assoc_build_(0, List, List, 0, t) :- !.
assoc_build_(1, [K-V|List], List, 1, t(K,V,-,t,t)) :- !.
assoc_build_(N, List, Rest, Depth, t(K,V,B,L,R)) :-
    NR is (N-1) >> 1,
    NL is N-1-NR,
    assoc_build_(NL, List, [K-V|Upper], DL, L),
    assoc_build_(NR, Upper, Rest, DR, R),
    (   DL =:= DR
    ->  B = (-)
    ;   B = (<)
    ),
    Depth is DL+1.

%!  assoc_to_list(+Assoc, -Pairs) is det.
%
%   Pairs are the Key-Value pairs of Assoc in ascending order of keys.
assoc_to_list(t(K,V,_,L,R), List) :-
    assoc_to_list_(L, List, [K-V|More]),
    assoc_to_list_(R, More, []).
assoc_to_list(t, []).

assoc_to_list_(t(K,V,_,L,R), List, Rest) :-
    assoc_to_list_(L, List, [K-V|More]),
    assoc_to_list_(R, More, Rest).
assoc_to_list_(t, List, List).

%!  assoc_to_keys(+Assoc, -Keys) is det.
%
%   Keys are the keys of Assoc in ascending order.
assoc_to_keys(t(K,_,_,L,R), List) :-
    assoc_to_keys_(L, List, [K|More]),
    assoc_to_keys_(R, More, []).
assoc_to_keys(t, []).

assoc_to_keys_(t(K,_,_,L,R), List, Rest) :-
    assoc_to_keys_(L, List, [K|More]),
    assoc_to_keys_(R, More, Rest).
assoc_to_keys_(t, List, List).

%!  assoc_to_values(+Assoc, -Values) is det.
%
%   Values are the values of Assoc in ascending order of their keys.
assoc_to_values(t(_,V,_,L,R), List) :-
    assoc_to_values_(L, List, [V|More]),
    assoc_to_values_(R, More, []).
assoc_to_values(t, []).

assoc_to_values_(t(_,V,_,L,R), List, Rest) :-
    assoc_to_values_(L, List, [V|More]),
    assoc_to_values_(R, More, Rest).
assoc_to_values_(t, List, List).

%!  is_assoc(+Assoc) is semidet.
%
%   Assoc is a well formed AVL tree: keys strictly ascending, every
%   balance mark right.  Unbound parts are bound to make it one.
is_assoc(Assoc) :-
    nonvar(Assoc),
    assoc_is_(Assoc, _Min, _Max, _Depth),
    !.

% assoc_is_(?Tree, -Min, -Max, -Depth): Min and Max are the least and
% greatest key (unbound for t).
assoc_is_(t, _, _, 0).
assoc_is_(t(K,_,B,L,R), Min, Max, Depth) :-
    assoc_is_(L, Min0, Max0, DL),
    assoc_is_(R, Min1, Max1, DR),
    assoc_is_balance_(B, DL, DR),
    (   L == t
    ->  Min = K
    ;   Max0 @< K,
        Min = Min0
    ),
    (   R == t
    ->  Max = K
    ;   K @< Min1,
        Max = Max1
    ),
    Depth is max(DL, DR)+1.

assoc_is_balance_(B, DL, DR) :-
    (   DL =:= DR
    ->  B = (-)
    ;   DL =:= DR+1
    ->  B = (<)
    ;   DR =:= DL+1
    ->  B = (>)
    ).

%!  gen_assoc(?Key, +Assoc, ?Value) is nondet.
%
%   Key-Value is in Assoc; enumerates in ascending order of keys.  With
%   a ground Key this is get_assoc/3.
gen_assoc(Key, Assoc, Value) :-
    (   ground(Key)
    ->  get_assoc(Key, Assoc, Value)
    ;   assoc_gen_(Assoc, Key, Value)
    ).

assoc_gen_(Tree, Key, Value) :-
    (   compound(Tree)
    ->  assoc_gen_node_(Tree, Key, Value)
    ;   Tree == t
    ->  fail
    ;   throw(error(existence_error(matching_rule,
                                    assoc:gen_assoc_(Key, Tree, Value)),
                    context(assoc:gen_assoc_/3, _)))
    ).

assoc_gen_node_(t(K,V,_,L,R), Key, Value) :-
    (   assoc_gen_(L, Key, Value)
    ;   Key = K,
        Value = V
    ;   assoc_gen_(R, Key, Value)
    ).

%!  max_assoc(+Assoc, -Key, -Value) is semidet.
%
%   Key-Value is the pair with the greatest key in Assoc.
max_assoc(Assoc, Key, Value) :-
    (   compound(Assoc)
    ->  Assoc = t(K,V,_,_,R),
        assoc_max_(R, K, V, Key, Value)
    ;   Assoc == t
    ->  fail
    ;   throw(error(existence_error(matching_rule,
                                    assoc:max_assoc(Assoc, Key, Value)),
                    context(assoc:max_assoc/3, _)))
    ).

assoc_max_(t, K, V, K, V).
assoc_max_(t(K,V,_,_,R), _, _, Key, Value) :-
    assoc_max_(R, K, V, Key, Value).

%!  min_assoc(+Assoc, -Key, -Value) is semidet.
%
%   Key-Value is the pair with the least key in Assoc.
min_assoc(Assoc, Key, Value) :-
    (   compound(Assoc)
    ->  Assoc = t(K,V,_,L,_),
        assoc_min_(L, K, V, Key, Value)
    ;   Assoc == t
    ->  fail
    ;   throw(error(existence_error(matching_rule,
                                    assoc:min_assoc(Assoc, Key, Value)),
                    context(assoc:min_assoc/3, _)))
    ).

assoc_min_(t, K, V, K, V).
assoc_min_(t(K,V,_,L,_), _, _, Key, Value) :-
    assoc_min_(L, K, V, Key, Value).

%!  map_assoc(:Goal, +Assoc) is semidet.
%
%   call(Goal, Value) succeeds for every value of Assoc (in ascending
%   order of keys).
map_assoc(Goal, Assoc) :-
    assoc_map_(Assoc, Goal).

assoc_map_(Tree, Goal) :-
    (   compound(Tree)
    ->  assoc_map_node_(Tree, Goal)
    ;   Tree == t
    ->  true
    ;   assoc_qualify_(Goal, QGoal),
        throw(error(existence_error(matching_rule,
                                    assoc:map_assoc_(Tree, QGoal)),
                    context(assoc:map_assoc_/2, _)))
    ).

assoc_map_node_(t(_,V,_,L,R), Goal) :-
    assoc_map_(L, Goal),
    call(Goal, V),
    assoc_map_(R, Goal).

%!  map_assoc(:Goal, +Assoc0, ?Assoc) is semidet.
%
%   Assoc has the keys of Assoc0, each value V0 replaced by V with
%   call(Goal, V0, V) (called in ascending order of keys).
map_assoc(Goal, Assoc0, Assoc) :-
    assoc_map_(Assoc0, Goal, Assoc).

assoc_map_(Tree, Goal, NewTree) :-
    (   compound(Tree)
    ->  assoc_map_node_(Tree, Goal, NewTree)
    ;   Tree == t
    ->  NewTree = t
    ;   assoc_qualify_(Goal, QGoal),
        throw(error(existence_error(matching_rule,
                                    assoc:map_assoc_(Tree, QGoal, _)),
                    context(assoc:map_assoc_/3, _)))
    ).

assoc_map_node_(t(K,V,B,L0,R0), Goal, t(K,W,B,L,R)) :-
    assoc_map_(L0, Goal, L),
    call(Goal, V, W),
    assoc_map_(R0, Goal, R).

% The goal as SWI's error terms show it: module-qualified.
assoc_qualify_(Goal, QGoal) :-
    (   Goal = _:_
    ->  QGoal = Goal
    ;   QGoal = user:Goal
    ).

%!  del_assoc(+Key, +Assoc0, ?Value, -Assoc) is semidet.
%
%   Assoc is Assoc0 without Key, whose value was Value.  Fails if Key
%   is not in Assoc0.
del_assoc(Key, A0, Value, A) :-
    (   nonvar(A0),
        assoc_del_(A0, Key, V, A1, _)
    ->  Value = V,
        A = A1
    ;   assoc_check_path_(A0, Key, Bad)
    ->  throw(error(existence_error(matching_rule,
                                    assoc:delete(Bad, Key, Value, _, _)),
                    context(assoc:delete/5, _)))
    ).

% assoc_del_(+Tree, +Key, -Val, -NewTree, -Shrunk): Shrunk is yes if
% NewTree is one level less deep than Tree.
assoc_del_(t(K,V,B,L,R), Key, Val, NewTree, Shrunk) :-
    compare(Order, Key, K),
    assoc_del_(Order, Key, Val, K, V, B, L, R, NewTree, Shrunk).

assoc_del_(=, _, V, _, V, B, L, R, NewTree, Shrunk) :-
    assoc_del_node_(L, R, B, NewTree, Shrunk).
assoc_del_(<, Key, Val, K, V, B, L, R, NewTree, Shrunk) :-
    nonvar(L),
    assoc_del_(L, Key, Val, L1, LShrunk),
    assoc_left_shrunk_(LShrunk, K, V, B, L1, R, NewTree, Shrunk).
assoc_del_(>, Key, Val, K, V, B, L, R, NewTree, Shrunk) :-
    nonvar(R),
    assoc_del_(R, Key, Val, R1, RShrunk),
    assoc_right_shrunk_(RShrunk, K, V, B, L, R1, NewTree, Shrunk).

% assoc_del_node_(+L, +R, +B, -NewTree, -Shrunk): remove the root of a
% node with subtrees L and R: a missing subtree leaves the other one,
% else the least key of R takes the root's place if R is deeper, the
% greatest key of L otherwise.
assoc_del_node_(t, R, _, R, yes) :- !.
assoc_del_node_(L, t, _, L, yes) :- !.
assoc_del_node_(L, R, >, NewTree, Shrunk) :- !,
    assoc_del_min_(R, K, V, R1, RShrunk),
    assoc_right_shrunk_(RShrunk, K, V, >, L, R1, NewTree, Shrunk).
assoc_del_node_(L, R, B, NewTree, Shrunk) :-
    assoc_del_max_(L, K, V, L1, LShrunk),
    assoc_left_shrunk_(LShrunk, K, V, B, L1, R, NewTree, Shrunk).

assoc_left_shrunk_(no, K, V, B, L, R, t(K,V,B,L,R), no).
assoc_left_shrunk_(yes, K, V, B, L, R, NewTree, Shrunk) :-
    assoc_lshrink_(B, K, V, L, R, NewTree, Shrunk).

assoc_lshrink_(<, K, V, L, R, t(K,V,-,L,R), yes).
assoc_lshrink_(-, K, V, L, R, t(K,V,>,L,R), no).
assoc_lshrink_(>, K, V, L, t(K1,V1,B1,L1,R1), NewTree, Shrunk) :-
    assoc_del_rot_left_(B1, K, V, L, K1, V1, L1, R1, NewTree, Shrunk).

assoc_right_shrunk_(no, K, V, B, L, R, t(K,V,B,L,R), no).
assoc_right_shrunk_(yes, K, V, B, L, R, NewTree, Shrunk) :-
    assoc_rshrink_(B, K, V, L, R, NewTree, Shrunk).

assoc_rshrink_(>, K, V, L, R, t(K,V,-,L,R), yes).
assoc_rshrink_(-, K, V, L, R, t(K,V,<,L,R), no).
assoc_rshrink_(<, K, V, t(K1,V1,B1,L1,R1), R, NewTree, Shrunk) :-
    assoc_del_rot_right_(B1, K1, V1, L1, R1, K, V, R, NewTree, Shrunk).

% Rotations after a deletion; a balanced sibling gives a single rotation
% that keeps the depth.
assoc_del_rot_left_(-, K, V, L, K1, V1, L1, R1,
                    t(K1,V1,<,t(K,V,>,L,L1),R1), no) :- !.
assoc_del_rot_left_(B1, K, V, L, K1, V1, L1, R1, NewTree, yes) :-
    assoc_rot_left_(B1, K, V, L, K1, V1, L1, R1, NewTree).

assoc_del_rot_right_(-, K1, V1, L1, R1, K, V, R,
                     t(K1,V1,>,L1,t(K,V,<,R1,R)), no) :- !.
assoc_del_rot_right_(B1, K1, V1, L1, R1, K, V, R, NewTree, yes) :-
    assoc_rot_right_(B1, K1, V1, L1, R1, K, V, R, NewTree).

%!  del_min_assoc(+Assoc0, ?Key, ?Value, -Assoc) is semidet.
%
%   Assoc is Assoc0 without its least key Key, whose value was Value.
del_min_assoc(A0, Key, Value, A) :-
    assoc_del_min_(A0, K, V, A1, _),
    Key = K,
    Value = V,
    A = A1.

assoc_del_min_(t(K,V,_,t,R), K, V, R, yes) :- !.
assoc_del_min_(t(K,V,B,L,R), Key, Val, NewTree, Shrunk) :-
    assoc_del_min_(L, Key, Val, L1, LShrunk),
    assoc_left_shrunk_(LShrunk, K, V, B, L1, R, NewTree, Shrunk).

%!  del_max_assoc(+Assoc0, ?Key, ?Value, -Assoc) is semidet.
%
%   Assoc is Assoc0 without its greatest key Key, whose value was Value.
del_max_assoc(A0, Key, Value, A) :-
    assoc_del_max_(A0, K, V, A1, _),
    Key = K,
    Value = V,
    A = A1.

assoc_del_max_(t(K,V,_,L,t), K, V, L, yes) :- !.
assoc_del_max_(t(K,V,B,L,R), Key, Val, NewTree, Shrunk) :-
    assoc_del_max_(R, Key, Val, R1, RShrunk),
    assoc_right_shrunk_(RShrunk, K, V, B, L, R1, NewTree, Shrunk).
