/*  terms.pl -- library(terms): term manipulation, compatible with
    SWI-Prolog 9's library of the same name.

    Part of puzzlog's Prolog library.

    SWI's library(terms) also exports the system predicates
    term_hash/2, term_hash/4, term_variables/3 and cyclic_term/1; they
    are in the export list below but defined with the builtins
    (term_hash/4 and term_variables/3 in terms_builtins.pl, loaded into
    the system module, as subsumes_term/2 in subsumes.pl).

    mapsubterms/3, mapsubterms_var/3 and foldsubterms/4,5 are "list
    aware" as SWI's: a list is offered to the goal as a whole, then its
    elements are visited one by one, but not its tails (an improper
    tail other than [] is visited as a sub-term).
*/

:- module(terms,
          [ term_hash/2,
            term_hash/4,
            term_size/2,
            term_subsumer/3,
            term_factorized/3,
            variant/2,
            subsumes/2,
            subsumes_chk/2,
            cyclic_term/1,
            term_variables/3,
            mapargs/3,
            mapsubterms/3,
            mapsubterms_var/3,
            foldsubterms/4,
            foldsubterms/5,
            same_functor/2,
            same_functor/3,
            same_functor/4
          ]).

:- meta_predicate
    mapargs(2, ?, ?),
    mapsubterms(2, ?, ?),
    mapsubterms_var(2, ?, ?),
    foldsubterms(3, +, +, -),
    foldsubterms(4, +, ?, +, -).

%!  term_size(@Term, -Size) is det.
%
%   Size is the number of cells Term takes on SWI-Prolog's (64-bit)
%   global stack: 0 for variables, atoms and small integers, 1 + arity
%   plus the arguments for a compound, 3 for a float or an integer that
%   needs 64 bits, more for big integers and strings.  (SWI counts a
%   compound that a term holds twice once; this counts it each time.)
term_size(Term, Size) :-
    terms_size_(Term, 0, S),
    Size = S.

terms_size_(T, S0, S) :-
    (   var(T)
    ->  S = S0
    ;   compound(T)
    ->  functor(T, _, A),
        S1 is S0+1+A,
        terms_size_args_(1, A, T, S1, S)
    ;   integer(T)
    ->  (   T >= -72057594037927936,
            T =< 72057594037927935
        ->  S = S0
        ;   T >= -9223372036854775808,
            T =< 9223372036854775807
        ->  S is S0+3
        ;   Limbs is (msb(abs(T)) + 64) // 64,
            S is S0+3+Limbs
        )
    ;   float(T)
    ->  S is S0+3
    ;   string(T)
    ->  string_length(T, Len),
        (   terms_wide_string_(T)
        ->  S is S0+3+(Len+1)//2
        ;   S is S0+3+(Len+1)//8
        )
    ;   S = S0
    ).

terms_size_args_(I, A, T, S0, S) :-
    (   I > A
    ->  S = S0
    ;   arg(I, T, X),
        terms_size_(X, S0, S1),
        I1 is I+1,
        terms_size_args_(I1, A, T, S1, S)
    ).

% A string with a character above 255 is stored as wide characters.
terms_wide_string_(S) :-
    string_codes(S, Cs),
    terms_has_wide_(Cs).

terms_has_wide_([C|Cs]) :-
    (   C > 255
    ->  true
    ;   terms_has_wide_(Cs)
    ).

%!  variant(@Term1, @Term2) is semidet.
%
%   Term1 and Term2 are equal up to renaming of variables (=@=).
variant(X, Y) :-
    X =@= Y.

%!  subsumes(+General, @Specific) is semidet.
%
%   General subsumes Specific; General is unified with Specific.
subsumes(General, Specific) :-
    subsumes_term(General, Specific),
    General = Specific.

%!  subsumes_chk(@General, @Specific) is semidet.
%
%   General subsumes Specific (subsumes_term/2), binding nothing.
subsumes_chk(General, Specific) :-
    subsumes_term(General, Specific).

%!  term_subsumer(+Special1, +Special2, -General) is det.
%
%   General is the most specific term that subsumes both Special1 and
%   Special2 (anti-unification): where they differ it has a variable,
%   the same one for the same pair of sub-terms.
term_subsumer(T1, T2, General) :-
    terms_anti_(T1, T2, General, [], _).

terms_anti_(T1, T2, G, Map0, Map) :-
    (   T1 == T2
    ->  G = T1,
        Map = Map0
    ;   compound(T1),
        compound(T2),
        functor(T1, Name, Arity),
        functor(T2, Name, Arity)
    ->  functor(G, Name, Arity),
        terms_anti_args_(1, Arity, T1, T2, G, Map0, Map)
    ;   terms_anti_lookup_(Map0, T1, T2, V)
    ->  G = V,
        Map = Map0
    ;   Map = [m(T1, T2, G)|Map0]
    ).

terms_anti_args_(I, A, T1, T2, G, Map0, Map) :-
    (   I > A
    ->  Map = Map0
    ;   arg(I, T1, X1),
        arg(I, T2, X2),
        arg(I, G, X),
        terms_anti_(X1, X2, X, Map0, Map1),
        I1 is I+1,
        terms_anti_args_(I1, A, T1, T2, G, Map1, Map)
    ).

terms_anti_lookup_([m(A, B, V0)|Map], T1, T2, V) :-
    (   A == T1,
        B == T2
    ->  V = V0
    ;   terms_anti_lookup_(Map, T1, T2, V)
    ).

%!  term_factorized(+Term, -Skeleton, -Substitutions) is det.
%
%   Skeleton is Term with every compound sub-term that occurs more than
%   once (counting a sub-term once however often it occurs inside the
%   repeated sub-terms) replaced by a variable; Substitutions is the
%   list of Var=Value, ordered by the standard order of the replaced
%   sub-terms, that binds them back.  Term may be cyclic.
term_factorized(Term, Skeleton, Substitutions) :-
    terms_count_(Term, t, Counts),
    terms_build_(Term, Counts, Skeleton),
    terms_avl_to_list_(Counts, Nodes, []),
    terms_substitutions_(Nodes, Counts, Substitutions).

% terms_count_(+Term, +Counts0, -Counts): count the references to each
% compound sub-term, descending into a sub-term the first time only.
% AVL nodes: t(Key, Count, Var, Balance, Left, Right); empty: t.
terms_count_(T, C0, C) :-
    (   compound(T)
    ->  terms_avl_count_(C0, T, C1, New, _),
        (   New == true
        ->  functor(T, _, A),
            terms_count_args_(1, A, T, C1, C)
        ;   C = C1
        )
    ;   C = C0
    ).

terms_count_args_(I, A, T, C0, C) :-
    (   I > A
    ->  C = C0
    ;   arg(I, T, X),
        terms_count_(X, C0, C1),
        I1 is I+1,
        terms_count_args_(I1, A, T, C1, C)
    ).

terms_build_(T, Counts, S) :-
    (   compound(T)
    ->  terms_avl_get_(Counts, T, N, V),
        (   N > 1
        ->  S = V
        ;   terms_build_compound_(T, Counts, S)
        )
    ;   S = T
    ).

terms_build_compound_(T, Counts, S) :-
    functor(T, Name, A),
    functor(S, Name, A),
    terms_build_args_(1, A, T, Counts, S).

terms_build_args_(I, A, T, Counts, S) :-
    (   I > A
    ->  true
    ;   arg(I, T, X),
        arg(I, S, Y),
        terms_build_(X, Counts, Y),
        I1 is I+1,
        terms_build_args_(I1, A, T, Counts, S)
    ).

terms_substitutions_([], _, []).
terms_substitutions_([T-N-V|Nodes], Counts, Subst) :-
    (   N > 1
    ->  terms_build_compound_(T, Counts, Value),
        Subst = [V=Value|Subst1]
    ;   Subst = Subst1
    ),
    terms_substitutions_(Nodes, Counts, Subst1).

% terms_avl_count_(+Tree0, +Key, -Tree, -New, -Grew): increment Key's
% count (inserting it with count 1 if absent, New = true).
terms_avl_count_(t, K, t(K, 1, _, <, t, t), true, true).
terms_avl_count_(t(K0, N0, V, B, L, R), K, Tree, New, Grew) :-
    compare(O, K, K0),
    terms_avl_count_(O, K0, N0, V, B, L, R, K, Tree, New, Grew).

terms_avl_count_(=, K0, N0, V, B, L, R, _, t(K0, N, V, B, L, R), false, false) :-
    N is N0+1.
terms_avl_count_(<, K0, N0, V, B, L, R, K, Tree, New, Grew) :-
    terms_avl_count_(L, K, L1, New, LGrew),
    (   LGrew == true
    ->  terms_avl_left_grew_(B, K0, N0, V, L1, R, Tree, Grew)
    ;   Tree = t(K0, N0, V, B, L1, R),
        Grew = false
    ).
terms_avl_count_(>, K0, N0, V, B, L, R, K, Tree, New, Grew) :-
    terms_avl_count_(R, K, R1, New, RGrew),
    (   RGrew == true
    ->  terms_avl_right_grew_(B, K0, N0, V, L, R1, Tree, Grew)
    ;   Tree = t(K0, N0, V, B, L, R1),
        Grew = false
    ).

% Balance: < both subtrees equal height, l left is higher, r right is.
terms_avl_left_grew_(<, K, N, V, L, R, t(K, N, V, l, L, R), true).
terms_avl_left_grew_(r, K, N, V, L, R, t(K, N, V, <, L, R), false).
terms_avl_left_grew_(l, K, N, V, L, R, Tree, false) :-
    L = t(LK, LN, LV, LB, LL, LR),
    (   LB == l
    ->  Tree = t(LK, LN, LV, <, LL, t(K, N, V, <, LR, R))
    ;   LR = t(MK, MN, MV, MB, ML, MR),
        terms_avl_rebalance_(MB, B1, B2),
        Tree = t(MK, MN, MV, <, t(LK, LN, LV, B1, LL, ML), t(K, N, V, B2, MR, R))
    ).

terms_avl_right_grew_(<, K, N, V, L, R, t(K, N, V, r, L, R), true).
terms_avl_right_grew_(l, K, N, V, L, R, t(K, N, V, <, L, R), false).
terms_avl_right_grew_(r, K, N, V, L, R, Tree, false) :-
    R = t(RK, RN, RV, RB, RL, RR),
    (   RB == r
    ->  Tree = t(RK, RN, RV, <, t(K, N, V, <, L, RL), RR)
    ;   RL = t(MK, MN, MV, MB, ML, MR),
        terms_avl_rebalance_(MB, B1, B2),
        Tree = t(MK, MN, MV, <, t(K, N, V, B1, L, ML), t(RK, RN, RV, B2, MR, RR))
    ).

% Balances of the two new children after a double rotation, given the
% balance of the middle node.
terms_avl_rebalance_(<, <, <).
terms_avl_rebalance_(l, <, r).
terms_avl_rebalance_(r, l, <).

terms_avl_get_(t(K0, N0, V0, _, L, R), K, N, V) :-
    compare(O, K, K0),
    (   O == (=)
    ->  N = N0,
        V = V0
    ;   O == (<)
    ->  terms_avl_get_(L, K, N, V)
    ;   terms_avl_get_(R, K, N, V)
    ).

terms_avl_to_list_(t, L, L).
terms_avl_to_list_(t(K, N, V, _, L, R), List, Tail) :-
    terms_avl_to_list_(L, List, [K-N-V|Mid]),
    terms_avl_to_list_(R, Mid, Tail).

%!  mapargs(:Goal, ?Term1, ?Term2) is semidet.
%
%   Term1 and Term2 have the same name and arity and call(Goal, A1, A2)
%   holds for their arguments, from the first to the last.
mapargs(Goal, Term1, Term2) :-
    (   nonvar(Term1)
    ->  functor(Term1, Name, Arity),
        functor(Term2, Name, Arity)
    ;   functor(Term2, Name, Arity),
        functor(Term1, Name, Arity)
    ),
    terms_mapargs_(1, Arity, Goal, Term1, Term2).

terms_mapargs_(I, A, Goal, T1, T2) :-
    (   I > A
    ->  true
    ;   arg(I, T1, X1),
        arg(I, T2, X2),
        call(Goal, X1, X2),
        I1 is I+1,
        terms_mapargs_(I1, A, Goal, T1, T2)
    ).

%!  mapsubterms(:Goal, +Term1, -Term2) is det.
%
%   Term2 is Term1 with each sub-term T1 for which call(Goal, T1, T2)
%   succeeds (once, outermost first) replaced by T2.  Variables are
%   left alone.
mapsubterms(Goal, Term1, Term2) :-
    terms_map_(Term1, Term2, Goal, false).

%!  mapsubterms_var(:Goal, +Term1, -Term2) is det.
%
%   As mapsubterms/3, also calling Goal on variables.
mapsubterms_var(Goal, Term1, Term2) :-
    terms_map_(Term1, Term2, Goal, true).

terms_map_(T1, T2, Goal, Vars) :-
    (   var(T1),
        Vars == false
    ->  T2 = T1
    ;   call(Goal, T1, T2_)
    ->  T2 = T2_
    ;   compound(T1)
    ->  (   T1 = [H1|L1]
        ->  T2 = [H2|L2],
            terms_map_(H1, H2, Goal, Vars),
            terms_map_tail_(L1, L2, Goal, Vars)
        ;   functor(T1, Name, A),
            functor(T2, Name, A),
            terms_map_args_(1, A, T1, T2, Goal, Vars)
        )
    ;   T2 = T1
    ).

terms_map_tail_(L1, L2, Goal, Vars) :-
    (   nonvar(L1),
        L1 = [H1|T1]
    ->  L2 = [H2|T2],
        terms_map_(H1, H2, Goal, Vars),
        terms_map_tail_(T1, T2, Goal, Vars)
    ;   L1 == []
    ->  L2 = []
    ;   terms_map_(L1, L2, Goal, Vars)
    ).

terms_map_args_(I, A, T1, T2, Goal, Vars) :-
    (   I > A
    ->  true
    ;   arg(I, T1, X1),
        arg(I, T2, X2),
        terms_map_(X1, X2, Goal, Vars),
        I1 is I+1,
        terms_map_args_(I1, A, T1, T2, Goal, Vars)
    ).

%!  foldsubterms(:Goal3, +Term, +State0, -State) is semidet.
%
%   Fold over the sub-terms of Term (variables included), outermost
%   first: if call(Goal3, Sub, S0, S) succeeds (once) the sub-terms of
%   Sub are skipped, otherwise those of a compound Sub are folded.
foldsubterms(Goal, Term, State0, State) :-
    terms_fold_(Term, Goal, State0, State).

terms_fold_(T, Goal, S0, S) :-
    (   call(Goal, T, S0, S1)
    ->  S = S1
    ;   compound(T)
    ->  (   T = [H|L]
        ->  terms_fold_(H, Goal, S0, S1),
            terms_fold_tail_(L, Goal, S1, S)
        ;   functor(T, _, A),
            terms_fold_args_(1, A, T, Goal, S0, S)
        )
    ;   S = S0
    ).

terms_fold_tail_(L, Goal, S0, S) :-
    (   nonvar(L),
        L = [H|T]
    ->  terms_fold_(H, Goal, S0, S1),
        terms_fold_tail_(T, Goal, S1, S)
    ;   L == []
    ->  S = S0
    ;   terms_fold_(L, Goal, S0, S)
    ).

terms_fold_args_(I, A, T, Goal, S0, S) :-
    (   I > A
    ->  S = S0
    ;   arg(I, T, X),
        terms_fold_(X, Goal, S0, S1),
        I1 is I+1,
        terms_fold_args_(I1, A, T, Goal, S1, S)
    ).

%!  foldsubterms(:Goal4, +Term1, ?Term2, +State0, -State) is semidet.
%
%   As foldsubterms/4, walking Term1 and Term2 together with
%   call(Goal4, Sub1, Sub2, S0, S); where Goal4 fails, Term2 has the
%   functor of a compound Term1 and equals an atomic one.
foldsubterms(Goal, Term1, Term2, State0, State) :-
    terms_fold2_(Term1, Term2, Goal, State0, State).

terms_fold2_(T1, T2, Goal, S0, S) :-
    (   call(Goal, T1, T2_, S0, S1)
    ->  T2 = T2_,
        S = S1
    ;   compound(T1)
    ->  (   T1 = [H1|L1]
        ->  T2 = [H2|L2],
            terms_fold2_(H1, H2, Goal, S0, S1),
            terms_fold2_tail_(L1, L2, Goal, S1, S)
        ;   functor(T1, Name, A),
            functor(T2, Name, A),
            terms_fold2_args_(1, A, T1, T2, Goal, S0, S)
        )
    ;   T2 = T1,
        S = S0
    ).

terms_fold2_tail_(L1, L2, Goal, S0, S) :-
    (   nonvar(L1),
        L1 = [H1|T1]
    ->  L2 = [H2|T2],
        terms_fold2_(H1, H2, Goal, S0, S1),
        terms_fold2_tail_(T1, T2, Goal, S1, S)
    ;   L1 == []
    ->  L2 = [],
        S = S0
    ;   terms_fold2_(L1, L2, Goal, S0, S)
    ).

terms_fold2_args_(I, A, T1, T2, Goal, S0, S) :-
    (   I > A
    ->  S = S0
    ;   arg(I, T1, X1),
        arg(I, T2, X2),
        terms_fold2_(X1, X2, Goal, S0, S1),
        I1 is I+1,
        terms_fold2_args_(I1, A, T1, T2, Goal, S1, S)
    ).

%!  same_functor(?Term1, ?Term2) is semidet.
%!  same_functor(?Term1, ?Term2, -Arity) is semidet.
%!  same_functor(?Term1, ?Term2, ?Name, ?Arity) is semidet.
%
%   Term1 and Term2 have the same name and arity.  Either term must be
%   bound, or Name and Arity (for arity 0 both terms become Name).
same_functor(Term1, Term2) :-
    same_functor(Term1, Term2, _, _).

same_functor(Term1, Term2, Arity) :-
    same_functor(Term1, Term2, _, Arity).

same_functor(Term1, Term2, Name, Arity) :-
    (   nonvar(Term1)
    ->  functor(Term1, Name, Arity),
        functor(Term2, Name, Arity)
    ;   nonvar(Term2)
    ->  functor(Term2, Name, Arity),
        functor(Term1, Name, Arity)
    ;   functor(Term1, Name, Arity),
        functor(Term2, Name, Arity)
    ).
