/*  rbtrees.pl -- red-black trees, compatible with SWI-Prolog's
    library(rbtrees).

    Part of puzzlog's Prolog library.  A red-black tree maps keys
    (compared by standard order of terms) to values with O(log N)
    lookup, insertion and deletion.  The representation is the one
    SWI-Prolog prints:

        t(Nil, Tree)
        Nil  = black('', _, _, '')      the leaf, shared by the whole tree
        Tree = Nil | black(L, K, V, R) | red(L, K, V, R)

    Insertion and deletion rebalance as in Cormen et al. (Introduction
    to Algorithms), the algorithm SWI-Prolog's library uses, so trees
    have the same shape and colours as SWI-Prolog's; trees built from
    lists have SWI-Prolog's shape too.  Errors for a tree argument that
    is not a t/2 term are SWI-Prolog's (existence_error(matching_rule,
    ...)), and so are the determinism errors of the predicates that
    SWI-Prolog declares det.

    Internal helpers start with rbtrees_ and end in an underscore.
*/

:- module(rbtrees,
          [ rb_new/1,               % -Tree
            rb_empty/1,             % ?Tree
            rb_lookup/3,            % +Key, -Value, +Tree
            rb_update/4,            % +Tree, +Key, +NewVal, -NewTree
            rb_update/5,            % +Tree, +Key, -OldVal, +NewVal, -NewTree
            rb_apply/4,             % +Tree, +Key, :Goal, -NewTree
            rb_insert/4,            % +Tree0, +Key, ?Value, -NewTree
            rb_insert_new/4,        % +Tree0, +Key, ?Value, -NewTree
            rb_delete/3,            % +Tree, +Key, -NewTree
            rb_delete/4,            % +Tree, +Key, -Val, -NewTree
            rb_visit/2,             % +Tree, -Pairs
            rb_keys/2,              % +Tree, +Keys
            rb_map/2,               % +Tree, :Goal
            rb_map/3,               % +Tree, :Goal, -MappedTree
            rb_partial_map/4,       % +Tree, +Keys, :Goal, -MappedTree
            rb_fold/4,              % :Goal, +Tree, +State0, -State
            rb_clone/3,             % +TreeIn, -TreeOut, -Pairs
            rb_min/3,               % +Tree, -Key, -Value
            rb_max/3,               % +Tree, -Key, -Value
            rb_del_min/4,           % +Tree, -Key, -Val, -TreeDel
            rb_del_max/4,           % +Tree, -Key, -Val, -TreeDel
            rb_next/4,              % +Tree, +Key, -Next, -Value
            rb_previous/4,          % +Tree, +Key, -Previous, -Value
            list_to_rbtree/2,       % +Pairs, -Tree
            ord_list_to_rbtree/2,   % +Pairs, -Tree
            is_rbtree/1,            % @Tree
            rb_size/2,              % +Tree, -Size
            rb_in/3                 % ?Key, ?Value, +Tree
          ]).
:- use_module(library(error)).

:- meta_predicate
    rb_map(+, 2, -),
    rb_map(?, 1),
    rb_partial_map(+, +, 2, -),
    rb_apply(+, +, 2, -),
    rb_fold(3, +, +, -).

% The errors SWI-Prolog raises: no rule for the arguments, and a det
% predicate that failed.
rbtrees_no_rule_(Goal, Name/Arity) :-
    throw(error(existence_error(matching_rule, rbtrees:Goal),
                context(rbtrees:Name/Arity, _))).

rbtrees_det_failed_(PI) :-
    throw(error(determinism_error(rbtrees:PI, det, fail, property),
                context(rbtrees:PI, _))).

% rbtrees_tree_(+Tree, -Nil, -Root): Tree is a t/2 term.
rbtrees_tree_(Tree, Nil, Root) :-
    nonvar(Tree),
    Tree = t(Nil, Root).

% The goal as SWI-Prolog's error terms show it: module-qualified.
rbtrees_qualify_(Goal, QGoal) :-
    (   Goal = _:_
    ->  QGoal = Goal
    ;   QGoal = user:Goal
    ).

%!  rb_new(-Tree) is det.
%
%   Tree is a new, empty red-black tree.
rb_new(Tree) :-
    (   Tree = t(Nil, Nil),
        Nil = black('', _, _, '')
    ->  true
    ;   rbtrees_det_failed_(rb_new/1)
    ).

%!  rb_empty(?Tree) is semidet.
%
%   Tree is an empty red-black tree.
rb_empty(t(Nil, Nil)) :-
    Nil = black('', _, _, '').

%!  rb_lookup(+Key, -Value, +Tree) is semidet.
%
%   Value is the value of Key in Tree.
rb_lookup(Key, Val, Tree) :-
    (   rbtrees_tree_(Tree, _, Root)
    ->  rbtrees_lookup_(Root, Key, Val)
    ;   rbtrees_no_rule_(rb_lookup(Key, Val, Tree), rb_lookup/3)
    ).

% A leaf's key is a fresh variable, which compares below a bound key, so
% the walk ends at the leaf's right field '', which matches no clause.
rbtrees_lookup_(black(L,K,V,R), Key, Val) :-
    compare(Order, Key, K),
    rbtrees_lookup_(Order, Key, Val, V, L, R).
rbtrees_lookup_(red(L,K,V,R), Key, Val) :-
    compare(Order, Key, K),
    rbtrees_lookup_(Order, Key, Val, V, L, R).

rbtrees_lookup_(=, _, Val, Val, _, _).
rbtrees_lookup_(<, Key, Val, _, L, _) :-
    rbtrees_lookup_(L, Key, Val).
rbtrees_lookup_(>, Key, Val, _, _, R) :-
    rbtrees_lookup_(R, Key, Val).

%!  rb_update(+Tree, +Key, ?NewVal, -NewTree) is semidet.
%!  rb_update(+Tree, +Key, -OldVal, ?NewVal, -NewTree) is semidet.
%
%   NewTree is Tree with the value of Key (OldVal) replaced by NewVal.
%   Fails if Key is not in Tree.
rb_update(Tree, Key, NewVal, NewTree) :-
    (   rbtrees_tree_(Tree, _, _)
    ->  rb_update(Tree, Key, _, NewVal, NewTree)
    ;   rbtrees_no_rule_(rb_update(Tree, Key, NewVal, NewTree), rb_update/4)
    ).

rb_update(Tree, Key, OldVal, NewVal, NewTree) :-
    (   rbtrees_tree_(Tree, Nil, Root)
    ->  rbtrees_update_(Root, Key, OldVal, NewVal, NewRoot),
        NewTree = t(Nil, NewRoot)
    ;   rbtrees_no_rule_(rb_update(Tree, Key, OldVal, NewVal, NewTree), rb_update/5)
    ).

rbtrees_update_(black(L,K,V,R), Key, OldVal, NewVal, NewTree) :-
    L \== '',
    compare(Order, Key, K),
    rbtrees_update_(Order, Key, OldVal, NewVal, NewTree, black, L, K, V, R).
rbtrees_update_(red(L,K,V,R), Key, OldVal, NewVal, NewTree) :-
    compare(Order, Key, K),
    rbtrees_update_(Order, Key, OldVal, NewVal, NewTree, red, L, K, V, R).

rbtrees_update_(=, _, V, NewVal, NewTree, C, L, K, V, R) :-
    rbtrees_node_(C, L, K, NewVal, R, NewTree).
rbtrees_update_(<, Key, OldVal, NewVal, NewTree, C, L, K, V, R) :-
    rbtrees_update_(L, Key, OldVal, NewVal, NL),
    rbtrees_node_(C, NL, K, V, R, NewTree).
rbtrees_update_(>, Key, OldVal, NewVal, NewTree, C, L, K, V, R) :-
    rbtrees_update_(R, Key, OldVal, NewVal, NR),
    rbtrees_node_(C, L, K, V, NR, NewTree).

rbtrees_node_(black, L, K, V, R, black(L,K,V,R)).
rbtrees_node_(red, L, K, V, R, red(L,K,V,R)).

%!  rb_apply(+Tree, +Key, :Goal, -NewTree) is semidet.
%
%   NewTree is Tree with the value V0 of Key replaced by V, where
%   call(Goal, V0, V).  Fails if Key is not in Tree.
rb_apply(Tree, Key, Goal, NewTree) :-
    (   rbtrees_tree_(Tree, Nil, Root)
    ->  rbtrees_apply_(Root, Key, Goal, NewRoot),
        NewTree = t(Nil, NewRoot)
    ;   rbtrees_qualify_(Goal, QGoal),
        rbtrees_no_rule_(rb_apply(Tree, Key, QGoal, NewTree), rb_apply/4)
    ).

rbtrees_apply_(black(L,K,V,R), Key, Goal, NewTree) :-
    L \== '',
    compare(Order, Key, K),
    rbtrees_apply_(Order, Key, Goal, NewTree, black, L, K, V, R).
rbtrees_apply_(red(L,K,V,R), Key, Goal, NewTree) :-
    compare(Order, Key, K),
    rbtrees_apply_(Order, Key, Goal, NewTree, red, L, K, V, R).

rbtrees_apply_(=, _, Goal, NewTree, C, L, K, V, R) :-
    call(Goal, V, NewVal),
    rbtrees_node_(C, L, K, NewVal, R, NewTree).
rbtrees_apply_(<, Key, Goal, NewTree, C, L, K, V, R) :-
    rbtrees_apply_(L, Key, Goal, NL),
    rbtrees_node_(C, NL, K, V, R, NewTree).
rbtrees_apply_(>, Key, Goal, NewTree, C, L, K, V, R) :-
    rbtrees_apply_(R, Key, Goal, NR),
    rbtrees_node_(C, L, K, V, NR, NewTree).

%!  rb_in(?Key, ?Value, +Tree) is nondet.
%
%   Key-Value is in Tree.  Enumerates the pairs in ascending order of
%   keys, unifying each with Key-Value (as SWI-Prolog does, also when
%   Key is bound).
rb_in(Key, Val, Tree) :-
    (   rbtrees_tree_(Tree, _, Root)
    ->  rbtrees_enum_(Root, Key, Val)
    ;   rbtrees_no_rule_(rb_in(Key, Val, Tree), rb_in/3)
    ).

rbtrees_enum_(black(L,K,V,R), Key, Val) :-
    L \== '',
    rbtrees_enum_(L, K, V, R, Key, Val).
rbtrees_enum_(red(L,K,V,R), Key, Val) :-
    rbtrees_enum_(L, K, V, R, Key, Val).

rbtrees_enum_(L, K, V, R, Key, Val) :-
    (   rbtrees_enum_(L, Key, Val)
    ;   Key = K,
        Val = V
    ;   rbtrees_enum_(R, Key, Val)
    ).

%!  rb_insert(+Tree0, +Key, ?Value, -NewTree) is det.
%
%   NewTree is Tree0 with Key mapped to Value (replacing an old value).
rb_insert(Tree0, Key, Val, NewTree) :-
    (   rbtrees_tree_(Tree0, Nil, Root0)
    ->  (   rbtrees_ins_(Root0, Key, Val, Nil, Root1, Flag)
        ->  rbtrees_fix_root_(Flag, Root1, Root),
            (   NewTree = t(Nil, Root)
            ->  true
            ;   rbtrees_det_failed_(rb_insert/4)
            )
        ;   rbtrees_bad_path_(Root0, Key, Bad),
            rbtrees_no_rule_(insert2(Bad, Key, Val, Nil, _, _), insert2/6)
        )
    ;   rbtrees_no_rule_(rb_insert(Tree0, Key, Val, NewTree), rb_insert/4)
    ).

%!  rb_insert_new(+Tree0, +Key, ?Value, -NewTree) is semidet.
%
%   As rb_insert/4, but fails if Key is in Tree0.
rb_insert_new(Tree0, Key, Val, NewTree) :-
    (   rbtrees_tree_(Tree0, Nil, Root0)
    ->  (   rbtrees_ins_new_(Root0, Key, Val, Nil, Root1, Flag)
        ->  rbtrees_fix_root_(Flag, Root1, Root),
            NewTree = t(Nil, Root)
        ;   rbtrees_bad_path_(Root0, Key, Bad)
        ->  rbtrees_no_rule_(insert_new_2(Bad, Key, Val, Nil, _, _), insert_new_2/6)
        )
    ;   rbtrees_no_rule_(rb_insert_new(Tree0, Key, Val, NewTree), rb_insert_new/4)
    ).

% rbtrees_bad_path_(+Tree, +Key, -Bad): after an operation failed on the
% path to Key, Bad is the first subtree on that path that is not a node
% or a leaf; fails if there is none.
rbtrees_bad_path_(Tree, Key, Bad) :-
    (   var(Tree)
    ->  Bad = Tree
    ;   Tree = black('',_,_,'')
    ->  fail
    ;   ( Tree = black(L,K,_,R) ; Tree = red(L,K,_,R) )
    ->  compare(Order, Key, K),
        (   Order == (<)
        ->  rbtrees_bad_path_(L, Key, Bad)
        ;   Order == (>)
        ->  rbtrees_bad_path_(R, Key, Bad)
        )
    ;   Bad = Tree
    ).

rbtrees_fix_root_(done, Root, Root).
rbtrees_fix_root_(red, Root0, Root) :-
    rbtrees_blacken_(Root0, Root).
rbtrees_fix_root_(bad, Root0, Root) :-
    rbtrees_blacken_(Root0, Root).

rbtrees_blacken_(red(L,K,V,R), black(L,K,V,R)).
rbtrees_blacken_(black(L,K,V,R), black(L,K,V,R)).

% rbtrees_ins_(+Tree, +Key, ?Val, +Nil, -NewTree, -Flag): Flag is done,
% red (NewTree's root is a new red node or was recoloured red), or bad
% (NewTree is a red node with a red child: the grandparent must fix it).
rbtrees_ins_(black(L,K,V,R), Key, Val, Nil, NewTree, Flag) :-
    (   L == ''
    ->  NewTree = red(Nil,Key,Val,Nil),
        Flag = red
    ;   compare(Order, Key, K),
        rbtrees_ins_black_(Order, L, K, V, R, Key, Val, Nil, NewTree, Flag)
    ).
rbtrees_ins_(red(L,K,V,R), Key, Val, Nil, NewTree, Flag) :-
    compare(Order, Key, K),
    rbtrees_ins_red_(Order, L, K, V, R, Key, Val, Nil, NewTree, Flag).

rbtrees_ins_black_(=, L, K, _, R, _, Val, _, black(L,K,Val,R), done).
rbtrees_ins_black_(<, L, K, V, R, Key, Val, Nil, NewTree, Flag) :-
    rbtrees_ins_(L, Key, Val, Nil, NL, LFlag),
    rbtrees_fix_left_(LFlag, NL, K, V, R, NewTree, Flag).
rbtrees_ins_black_(>, L, K, V, R, Key, Val, Nil, NewTree, Flag) :-
    rbtrees_ins_(R, Key, Val, Nil, NR, RFlag),
    rbtrees_fix_right_(RFlag, L, K, V, NR, NewTree, Flag).

rbtrees_ins_red_(=, L, K, _, R, _, Val, _, red(L,K,Val,R), done).
rbtrees_ins_red_(<, L, K, V, R, Key, Val, Nil, red(NL,K,V,R), Flag) :-
    rbtrees_ins_(L, Key, Val, Nil, NL, LFlag),
    rbtrees_red_flag_(LFlag, Flag).
rbtrees_ins_red_(>, L, K, V, R, Key, Val, Nil, red(L,K,V,NR), Flag) :-
    rbtrees_ins_(R, Key, Val, Nil, NR, RFlag),
    rbtrees_red_flag_(RFlag, Flag).

% below a red node, a red child is a violation for the grandparent
rbtrees_red_flag_(done, done).
rbtrees_red_flag_(red, bad).

% rbtrees_fix_left_(+Flag, +NL, K, V, R, -Tree, -Flag): the black node
% K got the new left subtree NL.
rbtrees_fix_left_(done, L, K, V, R, black(L,K,V,R), done).
rbtrees_fix_left_(red, L, K, V, R, black(L,K,V,R), done).
rbtrees_fix_left_(bad, L, K, V, R, NewTree, Flag) :-
    (   R = red(RL,RK,RV,RR)
    ->  % red uncle: recolour, the red moves up
        rbtrees_blacken_(L, BL),
        NewTree = red(BL,K,V,black(RL,RK,RV,RR)),
        Flag = red
    ;   L = red(A,PK,PV,B),
        (   A = red(_,_,_,_)
        ->  NewTree = black(A,PK,PV,red(B,K,V,R))
        ;   B = red(B1,ZK,ZV,B2),
            NewTree = black(red(A,PK,PV,B1),ZK,ZV,red(B2,K,V,R))
        ),
        Flag = done
    ).

rbtrees_fix_right_(done, L, K, V, R, black(L,K,V,R), done).
rbtrees_fix_right_(red, L, K, V, R, black(L,K,V,R), done).
rbtrees_fix_right_(bad, L, K, V, R, NewTree, Flag) :-
    (   L = red(LL,LK,LV,LR)
    ->  rbtrees_blacken_(R, BR),
        NewTree = red(black(LL,LK,LV,LR),K,V,BR),
        Flag = red
    ;   R = red(A,PK,PV,B),
        (   B = red(_,_,_,_)
        ->  NewTree = black(red(L,K,V,A),PK,PV,B)
        ;   A = red(A1,ZK,ZV,A2),
            NewTree = black(red(L,K,V,A1),ZK,ZV,red(A2,PK,PV,B))
        ),
        Flag = done
    ).

% The same walk for rb_insert_new/4, which fails on an existing key.
rbtrees_ins_new_(black(L,K,V,R), Key, Val, Nil, NewTree, Flag) :-
    (   L == ''
    ->  NewTree = red(Nil,Key,Val,Nil),
        Flag = red
    ;   compare(Order, Key, K),
        rbtrees_ins_new_black_(Order, L, K, V, R, Key, Val, Nil, NewTree, Flag)
    ).
rbtrees_ins_new_(red(L,K,V,R), Key, Val, Nil, NewTree, Flag) :-
    compare(Order, Key, K),
    rbtrees_ins_new_red_(Order, L, K, V, R, Key, Val, Nil, NewTree, Flag).

rbtrees_ins_new_black_(<, L, K, V, R, Key, Val, Nil, NewTree, Flag) :-
    rbtrees_ins_new_(L, Key, Val, Nil, NL, LFlag),
    rbtrees_fix_left_(LFlag, NL, K, V, R, NewTree, Flag).
rbtrees_ins_new_black_(>, L, K, V, R, Key, Val, Nil, NewTree, Flag) :-
    rbtrees_ins_new_(R, Key, Val, Nil, NR, RFlag),
    rbtrees_fix_right_(RFlag, L, K, V, NR, NewTree, Flag).

rbtrees_ins_new_red_(<, L, K, V, R, Key, Val, Nil, red(NL,K,V,R), Flag) :-
    rbtrees_ins_new_(L, Key, Val, Nil, NL, LFlag),
    rbtrees_red_flag_(LFlag, Flag).
rbtrees_ins_new_red_(>, L, K, V, R, Key, Val, Nil, red(L,K,V,NR), Flag) :-
    rbtrees_ins_new_(R, Key, Val, Nil, NR, RFlag),
    rbtrees_red_flag_(RFlag, Flag).

%!  rb_delete(+Tree, +Key, -NewTree) is semidet.
%!  rb_delete(+Tree, +Key, -Val, -NewTree) is semidet.
%
%   NewTree is Tree without Key, whose value was Val.  Fails if Key is
%   not in Tree.
rb_delete(Tree, Key, NewTree) :-
    (   rbtrees_tree_(Tree, _, _)
    ->  rb_delete(Tree, Key, _, NewTree)
    ;   rbtrees_no_rule_(rb_delete(Tree, Key, NewTree), rb_delete/3)
    ).

rb_delete(Tree, Key, Val, NewTree) :-
    (   rbtrees_tree_(Tree, Nil, Root0)
    ->  (   rbtrees_del_(Root0, Key, V, Root, _)
        ->  Val = V,
            NewTree = t(Nil, Root)
        ;   rbtrees_bad_path_(Root0, Key, Bad)
        ->  rbtrees_no_rule_(delete(Bad, Key, Val, _, _), delete/5)
        )
    ;   rbtrees_no_rule_(rb_delete(Tree, Key, Val, NewTree), rb_delete/4)
    ).

% rbtrees_del_(+Tree, +Key, -Val, -NewTree, -Flag): Flag is short if
% NewTree has one black node less on its paths than Tree, done if not.
rbtrees_del_(black(L,K,V,R), Key, Val, NewTree, Flag) :-
    L \== '',
    compare(Order, Key, K),
    rbtrees_del_(Order, black, L, K, V, R, Key, Val, NewTree, Flag).
rbtrees_del_(red(L,K,V,R), Key, Val, NewTree, Flag) :-
    compare(Order, Key, K),
    rbtrees_del_(Order, red, L, K, V, R, Key, Val, NewTree, Flag).

rbtrees_del_(=, C, L, _, V, R, _, V, NewTree, Flag) :-
    rbtrees_del_node_(C, L, R, NewTree, Flag).
rbtrees_del_(<, C, L, K, V, R, Key, Val, NewTree, Flag) :-
    rbtrees_del_(L, Key, Val, NL, LFlag),
    rbtrees_del_fix_left_(LFlag, C, NL, K, V, R, NewTree, Flag).
rbtrees_del_(>, C, L, K, V, R, Key, Val, NewTree, Flag) :-
    rbtrees_del_(R, Key, Val, NR, RFlag),
    rbtrees_del_fix_right_(RFlag, C, L, K, V, NR, NewTree, Flag).

% rbtrees_del_node_(+Colour, +L, +R, -NewTree, -Flag): remove a node.
% With two children its successor (the least key on the right) takes
% its place, keeping the node's colour.
rbtrees_del_node_(C, L, R, NewTree, Flag) :-
    (   rbtrees_leaf_(L)
    ->  rbtrees_splice_(C, R, NewTree, Flag)
    ;   rbtrees_leaf_(R)
    ->  rbtrees_splice_(C, L, NewTree, Flag)
    ;   rbtrees_del_min_(R, MK, MV, NR, RFlag),
        rbtrees_del_fix_right_(RFlag, C, L, MK, MV, NR, NewTree, Flag)
    ).

rbtrees_leaf_(black('',_,_,'')).

% rbtrees_splice_(+Colour, +Child, -NewTree, -Flag): a node of Colour
% with at most one child is replaced by that Child.
rbtrees_splice_(red, Child, Child, done).
rbtrees_splice_(black, Child, NewTree, Flag) :-
    (   Child = red(L,K,V,R)
    ->  NewTree = black(L,K,V,R),
        Flag = done
    ;   NewTree = Child,
        Flag = short
    ).

rbtrees_del_min_(black(L,K,V,R), MK, MV, NewTree, Flag) :-
    rbtrees_del_min_(black, L, K, V, R, MK, MV, NewTree, Flag).
rbtrees_del_min_(red(L,K,V,R), MK, MV, NewTree, Flag) :-
    rbtrees_del_min_(red, L, K, V, R, MK, MV, NewTree, Flag).

rbtrees_del_min_(C, L, K, V, R, MK, MV, NewTree, Flag) :-
    (   rbtrees_leaf_(L)
    ->  MK = K,
        MV = V,
        rbtrees_splice_(C, R, NewTree, Flag)
    ;   rbtrees_del_min_(L, MK, MV, NL, LFlag),
        rbtrees_del_fix_left_(LFlag, C, NL, K, V, R, NewTree, Flag)
    ).

rbtrees_del_max_(black(L,K,V,R), MK, MV, NewTree, Flag) :-
    rbtrees_del_max_(black, L, K, V, R, MK, MV, NewTree, Flag).
rbtrees_del_max_(red(L,K,V,R), MK, MV, NewTree, Flag) :-
    rbtrees_del_max_(red, L, K, V, R, MK, MV, NewTree, Flag).

rbtrees_del_max_(C, L, K, V, R, MK, MV, NewTree, Flag) :-
    (   rbtrees_leaf_(R)
    ->  MK = K,
        MV = V,
        rbtrees_splice_(C, L, NewTree, Flag)
    ;   rbtrees_del_max_(R, MK, MV, NR, RFlag),
        rbtrees_del_fix_right_(RFlag, C, L, K, V, NR, NewTree, Flag)
    ).

% rbtrees_del_fix_left_(+Flag, +C, +X, K, V, +W, -Tree, -Flag): the
% left subtree X of node K (colour C) lost a black level; W is X's
% sibling.  The cases of Cormen et al.'s RB-DELETE-FIXUP.
rbtrees_del_fix_left_(done, C, X, K, V, W, NewTree, done) :-
    rbtrees_node_(C, X, K, V, W, NewTree).
rbtrees_del_fix_left_(short, C, X, K, V, W, NewTree, Flag) :-
    rbtrees_lfix_(W, C, X, K, V, NewTree, Flag).

rbtrees_lfix_(red(WL,WK,WV,WR), _, X, K, V, black(NP,WK,WV,WR), done) :-
    % case 1: red sibling; rotate, then fix below the now red parent
    rbtrees_lfix_(WL, red, X, K, V, NP, _).
rbtrees_lfix_(black(WL,WK,WV,WR), C, X, K, V, NewTree, Flag) :-
    (   WR = red(RL,RK,RV,RR)
    ->  % case 4
        rbtrees_node_(C, black(X,K,V,WL), WK, WV, black(RL,RK,RV,RR), NewTree),
        Flag = done
    ;   WL = red(A,LK,LV,B)
    ->  % case 3, then case 4
        rbtrees_node_(C, black(X,K,V,A), LK, LV, black(B,WK,WV,WR), NewTree),
        Flag = done
    ;   % case 2: recolour the sibling; the parent absorbs or passes on
        rbtrees_absorb_(C, X, K, V, red(WL,WK,WV,WR), NewTree, Flag)
    ).

rbtrees_absorb_(red, L, K, V, R, black(L,K,V,R), done).
rbtrees_absorb_(black, L, K, V, R, black(L,K,V,R), short).

rbtrees_del_fix_right_(done, C, W, K, V, X, NewTree, done) :-
    rbtrees_node_(C, W, K, V, X, NewTree).
rbtrees_del_fix_right_(short, C, W, K, V, X, NewTree, Flag) :-
    rbtrees_rfix_(W, C, X, K, V, NewTree, Flag).

rbtrees_rfix_(red(WL,WK,WV,WR), _, X, K, V, black(WL,WK,WV,NP), done) :-
    rbtrees_rfix_(WR, red, X, K, V, NP, _).
rbtrees_rfix_(black(WL,WK,WV,WR), C, X, K, V, NewTree, Flag) :-
    (   WL = red(LL,LK,LV,LR)
    ->  rbtrees_node_(C, black(LL,LK,LV,LR), WK, WV, black(WR,K,V,X), NewTree),
        Flag = done
    ;   WR = red(A,RK,RV,B)
    ->  rbtrees_node_(C, black(WL,WK,WV,A), RK, RV, black(B,K,V,X), NewTree),
        Flag = done
    ;   rbtrees_absorb_(C, red(WL,WK,WV,WR), K, V, X, NewTree, Flag)
    ).

%!  rb_del_min(+Tree, -Key, -Val, -NewTree) is semidet.
%
%   NewTree is Tree without its least key Key, whose value was Val.
rb_del_min(Tree, Key, Val, NewTree) :-
    (   rbtrees_tree_(Tree, Nil, Root0)
    ->  Root0 \= black('',_,_,''),
        rbtrees_del_min_(Root0, K, V, Root, _),
        Key = K,
        Val = V,
        NewTree = t(Nil, Root)
    ;   rbtrees_no_rule_(rb_del_min(Tree, Key, Val, NewTree), rb_del_min/4)
    ).

%!  rb_del_max(+Tree, -Key, -Val, -NewTree) is semidet.
%
%   NewTree is Tree without its greatest key Key, whose value was Val.
rb_del_max(Tree, Key, Val, NewTree) :-
    (   rbtrees_tree_(Tree, Nil, Root0)
    ->  Root0 \= black('',_,_,''),
        rbtrees_del_max_(Root0, K, V, Root, _),
        Key = K,
        Val = V,
        NewTree = t(Nil, Root)
    ;   rbtrees_no_rule_(rb_del_max(Tree, Key, Val, NewTree), rb_del_max/4)
    ).

%!  rb_min(+Tree, -Key, -Value) is semidet.
%
%   Key-Value is the pair with the least key in Tree.
rb_min(Tree, Key, Val) :-
    (   rbtrees_tree_(Tree, _, Root)
    ->  rbtrees_node_kv_(Root, L, K, V, _),
        rbtrees_min_(L, K, V, Key, Val)
    ;   rbtrees_no_rule_(rb_min(Tree, Key, Val), rb_min/3)
    ).

rbtrees_min_(L, K, V, Key, Val) :-
    (   rbtrees_node_kv_(L, LL, LK, LV, _)
    ->  rbtrees_min_(LL, LK, LV, Key, Val)
    ;   Key = K,
        Val = V
    ).

%!  rb_max(+Tree, -Key, -Value) is semidet.
%
%   Key-Value is the pair with the greatest key in Tree.
rb_max(Tree, Key, Val) :-
    (   rbtrees_tree_(Tree, _, Root)
    ->  rbtrees_node_kv_(Root, _, K, V, R),
        rbtrees_max_(R, K, V, Key, Val)
    ;   rbtrees_no_rule_(rb_max(Tree, Key, Val), rb_max/3)
    ).

rbtrees_max_(R, K, V, Key, Val) :-
    (   rbtrees_node_kv_(R, _, RK, RV, RR)
    ->  rbtrees_max_(RR, RK, RV, Key, Val)
    ;   Key = K,
        Val = V
    ).

% rbtrees_node_kv_(+Tree, -L, -K, -V, -R): Tree is a node, not a leaf.
rbtrees_node_kv_(black(L,K,V,R), L, K, V, R) :-
    L \== ''.
rbtrees_node_kv_(red(L,K,V,R), L, K, V, R).

%!  rb_next(+Tree, +Key, -Next, -Value) is semidet.
%
%   Next-Value is the pair after Key in Tree.  Fails if Key is not in
%   Tree or is its greatest key.
rb_next(Tree, Key, Next, Val) :-
    (   rbtrees_tree_(Tree, _, Root)
    ->  rbtrees_next_(Root, Key, none, Next0, Val0),
        Next = Next0,
        Val = Val0
    ;   rbtrees_no_rule_(rb_next(Tree, Key, Next, Val), rb_next/4)
    ).

% rbtrees_next_(+Tree, +Key, +Up, -Next, -Val): Up is the pair of the
% nearest ancestor left by its left subtree, or none.
rbtrees_next_(Tree, Key, Up, Next, Val) :-
    rbtrees_node_kv_(Tree, L, K, V, R),
    compare(Order, Key, K),
    (   Order == (=)
    ->  (   rbtrees_node_kv_(R, RL, RK, RV, _)
        ->  rbtrees_min_(RL, RK, RV, Next, Val)
        ;   Up = Next-Val
        )
    ;   Order == (<)
    ->  rbtrees_next_(L, Key, K-V, Next, Val)
    ;   rbtrees_next_(R, Key, Up, Next, Val)
    ).

%!  rb_previous(+Tree, +Key, -Previous, -Value) is semidet.
%
%   Previous-Value is the pair before Key in Tree.  Fails if Key is not
%   in Tree or is its least key.
rb_previous(Tree, Key, Prev, Val) :-
    (   rbtrees_tree_(Tree, _, Root)
    ->  rbtrees_prev_(Root, Key, none, Prev0, Val0),
        Prev = Prev0,
        Val = Val0
    ;   rbtrees_no_rule_(rb_previous(Tree, Key, Prev, Val), rb_previous/4)
    ).

rbtrees_prev_(Tree, Key, Up, Prev, Val) :-
    rbtrees_node_kv_(Tree, L, K, V, R),
    compare(Order, Key, K),
    (   Order == (=)
    ->  (   rbtrees_node_kv_(L, _, LK, LV, LR)
        ->  rbtrees_max_(LR, LK, LV, Prev, Val)
        ;   Up = Prev-Val
        )
    ;   Order == (>)
    ->  rbtrees_prev_(R, Key, K-V, Prev, Val)
    ;   rbtrees_prev_(L, Key, Up, Prev, Val)
    ).

%!  rb_visit(+Tree, -Pairs) is det.
%
%   Pairs are the Key-Value pairs of Tree in ascending order of keys.
rb_visit(Tree, Pairs) :-
    (   rbtrees_tree_(Tree, _, Root)
    ->  rbtrees_visit_(Root, [], Pairs0),
        (   Pairs = Pairs0
        ->  true
        ;   rbtrees_det_failed_(visit/3)
        )
    ;   rbtrees_no_rule_(rb_visit(Tree, Pairs), rb_visit/2)
    ).

rbtrees_visit_(black(L,K,V,R), More, Pairs) :-
    (   L == ''
    ->  Pairs = More
    ;   rbtrees_visit_(R, More, Pairs1),
        rbtrees_visit_(L, [K-V|Pairs1], Pairs)
    ).
rbtrees_visit_(red(L,K,V,R), More, Pairs) :-
    rbtrees_visit_(R, More, Pairs1),
    rbtrees_visit_(L, [K-V|Pairs1], Pairs).

%!  rb_keys(+Tree, -Keys) is det.
%
%   Keys are the keys of Tree in ascending order.
rb_keys(Tree, Keys) :-
    (   rbtrees_tree_(Tree, _, Root)
    ->  rbtrees_keys_(Root, [], Keys0),
        (   Keys = Keys0
        ->  true
        ;   rbtrees_det_failed_(keys/3)
        )
    ;   rbtrees_no_rule_(rb_keys(Tree, Keys), rb_keys/2)
    ).

rbtrees_keys_(black(L,K,_,R), More, Keys) :-
    (   L == ''
    ->  Keys = More
    ;   rbtrees_keys_(R, More, Keys1),
        rbtrees_keys_(L, [K|Keys1], Keys)
    ).
rbtrees_keys_(red(L,K,_,R), More, Keys) :-
    rbtrees_keys_(R, More, Keys1),
    rbtrees_keys_(L, [K|Keys1], Keys).

%!  rb_size(+Tree, -Size) is det.
%
%   Size is the number of keys in Tree.
rb_size(Tree, Size) :-
    (   rbtrees_tree_(Tree, _, Root)
    ->  rbtrees_size_(Root, 0, Size0),
        (   Size = Size0
        ->  true
        ;   rbtrees_det_failed_(size/3)
        )
    ;   rbtrees_no_rule_(rb_size(Tree, Size), rb_size/2)
    ).

rbtrees_size_(black(L,_,_,R), Size0, Size) :-
    (   L == ''
    ->  Size = Size0
    ;   Size1 is Size0+1,
        rbtrees_size_(L, Size1, Size2),
        rbtrees_size_(R, Size2, Size)
    ).
rbtrees_size_(red(L,_,_,R), Size0, Size) :-
    Size1 is Size0+1,
    rbtrees_size_(L, Size1, Size2),
    rbtrees_size_(R, Size2, Size).

%!  rb_map(+Tree, :Goal) is semidet.
%
%   call(Goal, Value) succeeds for every value of Tree.  Goal is called
%   on each node before its subtrees, as SWI-Prolog does.
rb_map(Tree, Goal) :-
    (   rbtrees_tree_(Tree, _, Root)
    ->  rbtrees_map_(Root, Goal)
    ;   rbtrees_qualify_(Goal, QGoal),
        rbtrees_no_rule_(rb_map(Tree, QGoal), rb_map/2)
    ).

rbtrees_map_(black(L,_,V,R), Goal) :-
    (   L == ''
    ->  true
    ;   call(Goal, V),
        rbtrees_map_(L, Goal),
        rbtrees_map_(R, Goal)
    ).
rbtrees_map_(red(L,_,V,R), Goal) :-
    call(Goal, V),
    rbtrees_map_(L, Goal),
    rbtrees_map_(R, Goal).

%!  rb_map(+Tree, :Goal, -NewTree) is semidet.
%
%   NewTree has the keys and shape of Tree, each value V0 replaced by V
%   with call(Goal, V0, V) (called on each node before its subtrees).
rb_map(Tree, Goal, NewTree) :-
    (   rbtrees_tree_(Tree, Nil, Root)
    ->  rbtrees_map_(Root, Goal, NewRoot, Nil),
        NewTree = t(Nil, NewRoot)
    ;   rbtrees_qualify_(Goal, QGoal),
        rbtrees_no_rule_(rb_map(Tree, QGoal, NewTree), rb_map/3)
    ).

rbtrees_map_(black(L,K,V,R), Goal, NewTree, Nil) :-
    (   L == ''
    ->  NewTree = Nil
    ;   NewTree = black(NL,K,NV,NR),
        call(Goal, V, NV),
        rbtrees_map_(L, Goal, NL, Nil),
        rbtrees_map_(R, Goal, NR, Nil)
    ).
rbtrees_map_(red(L,K,V,R), Goal, red(NL,K,NV,NR), Nil) :-
    call(Goal, V, NV),
    rbtrees_map_(L, Goal, NL, Nil),
    rbtrees_map_(R, Goal, NR, Nil).

%!  rb_partial_map(+Tree, +Keys, :Goal, -NewTree) is semidet.
%
%   NewTree is Tree with the value V0 of each key of the ordered set
%   Keys replaced by V, the first solution of call(Goal, V0, V).  Fails
%   if a key is not in Tree or Goal fails.
rb_partial_map(Tree, Keys, Goal, NewTree) :-
    (   rbtrees_tree_(Tree, Nil, Root)
    ->  rbtrees_pmap_(Root, Keys, [], Nil, Goal, NewRoot),
        NewTree = t(Nil, NewRoot)
    ;   rbtrees_qualify_(Goal, QGoal),
        rbtrees_no_rule_(rb_partial_map(Tree, Keys, QGoal, NewTree), rb_partial_map/4)
    ).

% rbtrees_pmap_(+Tree, +Keys0, -Keys, +Nil, :Goal, -NewTree): Keys are
% the Keys0 that are not in Tree (in-order walk).
rbtrees_pmap_(Tree, [], [], _, _, Tree) :- !.
rbtrees_pmap_(black(L,K,V,R), Keys0, Keys, Nil, Goal, NewTree) :-
    (   L == ''
    ->  Keys = Keys0,
        NewTree = Nil
    ;   NewTree = black(NL,K,NV,NR),
        rbtrees_pmap_node_(L, K, V, R, Keys0, Keys, Nil, Goal, NL, NV, NR)
    ).
rbtrees_pmap_(red(L,K,V,R), Keys0, Keys, Nil, Goal, red(NL,K,NV,NR)) :-
    rbtrees_pmap_node_(L, K, V, R, Keys0, Keys, Nil, Goal, NL, NV, NR).

rbtrees_pmap_node_(L, K, V, R, Keys0, Keys, Nil, Goal, NL, NV, NR) :-
    rbtrees_pmap_(L, Keys0, Keys1, Nil, Goal, NL),
    (   Keys1 == []
    ->  NV = V,
        NR = R,
        Keys = []
    ;   Keys1 = [K1|Keys2],
        (   K1 == K
        ->  call(Goal, V, NV),
            !,
            rbtrees_pmap_(R, Keys2, Keys, Nil, Goal, NR)
        ;   NV = V,
            rbtrees_pmap_(R, Keys1, Keys, Nil, Goal, NR)
        )
    ).

%!  rb_fold(:Goal, +Tree, +State0, -State) is semidet.
%
%   Folds Goal over the pairs of Tree in ascending order of keys:
%   call(Goal, Key-Value, S0, S1) for each pair.
rb_fold(Goal, Tree, State0, State) :-
    (   rbtrees_tree_(Tree, _, Root)
    ->  rbtrees_fold_(Root, Goal, State0, State)
    ;   rbtrees_qualify_(Goal, QGoal),
        rbtrees_no_rule_(rb_fold(QGoal, Tree, State0, State), rb_fold/4)
    ).

rbtrees_fold_(black(L,K,V,R), Goal, State0, State) :-
    (   L == ''
    ->  State = State0
    ;   rbtrees_fold_(L, Goal, State0, State1),
        call(Goal, K-V, State1, State2),
        rbtrees_fold_(R, Goal, State2, State)
    ).
rbtrees_fold_(red(L,K,V,R), Goal, State0, State) :-
    rbtrees_fold_(L, Goal, State0, State1),
    call(Goal, K-V, State1, State2),
    rbtrees_fold_(R, Goal, State2, State).

%!  rb_clone(+Tree, -NewTree, -Pairs) is det.
%
%   NewTree has the keys and shape of Tree with fresh variables as
%   values; Pairs are its Key-Value pairs in ascending order of keys.
rb_clone(Tree, NewTree, Pairs) :-
    (   rbtrees_tree_(Tree, Nil, Root)
    ->  rbtrees_clone_(Root, Nil, NewRoot, Pairs0, []),
        (   NewTree = t(Nil, NewRoot),
            Pairs = Pairs0
        ->  true
        ;   rbtrees_det_failed_(rb_clone/3)
        )
    ;   rbtrees_no_rule_(rb_clone(Tree, NewTree, Pairs), rb_clone/3)
    ).

rbtrees_clone_(black(L,K,_,R), Nil, NewTree, Pairs, Rest) :-
    (   L == ''
    ->  NewTree = Nil,
        Pairs = Rest
    ;   NewTree = black(NL,K,NV,NR),
        rbtrees_clone_(L, Nil, NL, Pairs, [K-NV|Pairs1]),
        rbtrees_clone_(R, Nil, NR, Pairs1, Rest)
    ).
rbtrees_clone_(red(L,K,_,R), Nil, red(NL,K,NV,NR), Pairs, Rest) :-
    rbtrees_clone_(L, Nil, NL, Pairs, [K-NV|Pairs1]),
    rbtrees_clone_(R, Nil, NR, Pairs1, Rest).

%!  list_to_rbtree(+Pairs, -Tree) is det.
%
%   Tree holds the Key-Value Pairs (sorted first with sort/2, so
%   identical pairs are kept once and equal keys with different values
%   are all kept).
list_to_rbtree(List, Tree) :-
    sort(List, Sorted),
    ord_list_to_rbtree(Sorted, Tree).

%!  ord_list_to_rbtree(+Pairs, -Tree) is det.
%
%   Tree holds the Key-Value Pairs, which must be in ascending order of
%   keys (this is not checked).
ord_list_to_rbtree(List, Tree) :-
    must_be(list, [seq|List]),
    length(List, N),
    Nil = black('', _, _, ''),
    rbtrees_depth_(N, 0, Max),
    (   rbtrees_build_(N, List, [], 1, Max, Nil, Root)
    ->  true
    ;   rbtrees_det_failed_(construct_rbtree/6)
    ),
    (   Tree = t(Nil, Root)
    ->  true
    ;   rbtrees_det_failed_(ord_list_to_rbtree/2)
    ).

% rbtrees_depth_(+N, +D0, -D): D is the depth of a balanced tree of N
% nodes (the number of bits of N).
rbtrees_depth_(N, D0, D) :-
    (   N =:= 0
    ->  D = D0
    ;   N1 is N >> 1,
        D1 is D0+1,
        rbtrees_depth_(N1, D1, D)
    ).

% rbtrees_build_(+N, +Pairs, -Rest, +Depth, +Max, +Nil, -Tree): Tree
% holds the first N Pairs; the right subtree gets the larger half, and
% the nodes on the deepest level (below the root) are red.
rbtrees_build_(N, List, Rest, D, Max, Nil, Tree) :-
    (   N =:= 0
    ->  Rest = List,
        Tree = Nil
    ;   NL is (N-1) >> 1,
        NR is N-1-NL,
        D1 is D+1,
        rbtrees_build_(NL, List, [K-V|List1], D1, Max, Nil, L),
        rbtrees_build_(NR, List1, Rest, D1, Max, Nil, R),
        (   D =:= Max,
            D > 1
        ->  Tree = red(L,K,V,R)
        ;   Tree = black(L,K,V,R)
        )
    ).

%!  is_rbtree(@Term) is semidet.
%
%   Term is a red-black tree: a black root, no red node with a red
%   child, the same number of black nodes on every path, and keys in
%   strictly ascending order.
is_rbtree(X) :-
    var(X),
    !,
    fail.
is_rbtree(t(Nil, Root)) :-
    Nil == Root,
    !.
is_rbtree(t(_, Root)) :-
    nonvar(Root),
    Root = black(L,_,_,_),
    L \== '',
    catch(rbtrees_check_(Root, none, none, _), rbtrees_not_, fail).

% rbtrees_check_(+Tree, +Low, +High, -BlackHeight): throws
% rbtrees_not_ if Tree is not a red-black tree with keys between Low
% and High (none: no bound).  Binds nothing.
rbtrees_check_(Tree, Low, High, BH) :-
    (   var(Tree)
    ->  throw(rbtrees_not_)
    ;   Tree = black(L,K,_,R)
    ->  (   L == '',
            R == ''
        ->  BH = 0
        ;   rbtrees_check_key_(K, Low, High),
            rbtrees_check_(L, Low, K, BH0),
            rbtrees_check_(R, K, High, BH1),
            (   BH0 =:= BH1
            ->  BH is BH0+1
            ;   throw(rbtrees_not_)
            )
        )
    ;   Tree = red(L,K,_,R)
    ->  rbtrees_check_key_(K, Low, High),
        (   ( rbtrees_is_red_(L) ; rbtrees_is_red_(R) )
        ->  throw(rbtrees_not_)
        ;   true
        ),
        rbtrees_check_(L, Low, K, BH),
        rbtrees_check_(R, K, High, BH1),
        (   BH =:= BH1
        ->  true
        ;   throw(rbtrees_not_)
        )
    ;   throw(rbtrees_not_)
    ).

rbtrees_is_red_(T) :-
    nonvar(T),
    T = red(_,_,_,_).

rbtrees_check_key_(K, Low, High) :-
    (   Low == none
    ->  true
    ;   Low @< K
    ->  true
    ;   throw(rbtrees_not_)
    ),
    (   High == none
    ->  true
    ;   K @< High
    ->  true
    ;   throw(rbtrees_not_)
    ).
