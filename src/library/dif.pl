/*  dif.pl -- dif/2: the constraint that two terms stay different.

    Part of puzzlog's Prolog library.  dif(X, Y) fails when X and Y are
    identical, succeeds when they cannot unify, and otherwise waits: it
    holds as long as one of the bindings that would make X and Y equal (the
    pairs Var=Value of unifiable/3) is not made.

    Each pending dif/2 is an or-node: an attributed variable whose
    attribute `dif` is node(Live, Dead).  Live holds the pairs
    pair(Tag, Left, Right) that could still become equal (Tag gives each
    pair its identity), Dead the pairs that bindings since have split into
    finer pairs (kept for the residual goal).  Every variable of a live pair
    carries the attribute vardif(Entries) with an entry Node-Pair.  When
    such a variable is bound, its pairs are looked at again: a pair whose
    sides became identical leaves Live (the dif fails when Live runs
    empty), a pair that cannot unify any more makes the dif true (the node
    loses its attribute), and a pair whose sides are both bound to
    compound terms that may still unify is split into the pairs of their
    unifier.

    The residual goal of a node is dif(A, B) for a single pair, or
    dif(f(A1, ...), f(B1, ...)) for several, in the order they arose: the
    same goals SWI-Prolog shows.
*/

:- module(dif, [dif/2]).
:- use_module(library(lists), [append/3, reverse/2]).

%!  dif(@A, @B)
%
%   A and B are different terms: true now if they cannot unify, false if
%   they are identical, and otherwise delayed until one of the two holds.
dif(X, Y) :-
    X \== Y,
    (   unifiable(X, Y, Unifier)
    ->  put_attr(Node, dif, node([], [])),
        dif_add_pairs(Unifier, Node)
    ;   true
    ).

%   dif_add_pairs(+Unifier, +Node): adds the pairs Var=Value of a unifier
%   to the node's live pairs and to the attributes of their variables.
dif_add_pairs(Unifier, Node) :-
    get_attr(Node, dif, node(Live0, Dead)),
    dif_pairs(Unifier, Pairs),
    append(Live0, Pairs, Live),
    put_attr(Node, dif, node(Live, Dead)),
    dif_watch(Pairs, Node).

dif_pairs([], []).
dif_pairs([L=R|Us], [pair(_, L, R)|Ps]) :-
    dif_pairs(Us, Ps).

dif_watch([], _).
dif_watch([P|Ps], Node) :-
    P = pair(_, L, R),
    dif_watch_var(L, Node-P),
    (   var(R)
    ->  dif_watch_var(R, Node-P)
    ;   true
    ),
    dif_watch(Ps, Node).

dif_watch_var(Var, Entry) :-
    (   get_attr(Var, dif, vardif(Entries))
    ->  put_attr(Var, dif, vardif([Entry|Entries]))
    ;   put_attr(Var, dif, vardif([Entry]))
    ).

attr_unify_hook(node(_, _), _).
attr_unify_hook(vardif(Entries), Other) :-
    (   var(Other)
    ->  dif_alias(Entries, Other)
    ;   dif_recheck(Entries)
    ).

%   A variable was unified with the variable Other: its pairs that became
%   identical are done, the others are watched through Other.
dif_alias([], _).
dif_alias([Entry|Entries], Other) :-
    Entry = Node-pair(_, L, R),
    (   \+ get_attr(Node, dif, _)
    ->  true
    ;   L == R
    ->  dif_pair_equal(Node, Entry)
    ;   dif_watch_var(Other, Entry)
    ),
    dif_alias(Entries, Other).

%   A variable was bound to a non-variable: look at each of its pairs.
dif_recheck([]).
dif_recheck([Entry|Entries]) :-
    Entry = Node-pair(_, L, R),
    (   \+ get_attr(Node, dif, _)
    ->  true
    ;   L == R
    ->  dif_pair_equal(Node, Entry)
    ;   ( var(L) ; var(R) )
    ->  true
    ;   unifiable(L, R, Unifier)
    ->  dif_split(Node, Entry, Unifier)
    ;   del_attr(Node, dif)
    ),
    dif_recheck(Entries).

%   The pair of Entry has identical sides: it leaves the live pairs; the
%   dif fails when none is left.
dif_pair_equal(Node, _-pair(Tag, _, _)) :-
    get_attr(Node, dif, node(Live0, Dead)),
    dif_remove(Live0, Tag, Live),
    Live \== [],
    put_attr(Node, dif, node(Live, Dead)).

%   The pair of Entry is split into the pairs of Unifier.
dif_split(Node, _-Pair, Unifier) :-
    Pair = pair(Tag, _, _),
    get_attr(Node, dif, node(Live0, Dead0)),
    dif_remove(Live0, Tag, Live),
    append(Dead0, [Pair], Dead),
    put_attr(Node, dif, node(Live, Dead)),
    dif_add_pairs(Unifier, Node).

dif_remove([], _, []).
dif_remove([P|Ps], Tag, Rest) :-
    P = pair(T, _, _),
    (   T == Tag
    ->  Rest = Ps
    ;   Rest = [P|Rest1],
        dif_remove(Ps, Tag, Rest1)
    ).

attribute_goals(Var) -->
    (   { get_attr(Var, dif, node(Live, Dead)) }
    ->  { append(Live, Dead, Pairs0),
          reverse(Pairs0, Pairs),
          dif_open_pairs(Pairs, Ls, Rs)
        },
        dif_goal(Ls, Rs)
    ;   []
    ).

dif_open_pairs([], [], []).
dif_open_pairs([pair(_, L, R)|Ps], Ls, Rs) :-
    (   L == R
    ->  dif_open_pairs(Ps, Ls, Rs)
    ;   Ls = [L|Ls1],
        Rs = [R|Rs1],
        dif_open_pairs(Ps, Ls1, Rs1)
    ).

dif_goal([], []) -->
    [].
dif_goal([L], [R]) -->
    !,
    [dif(L, R)].
dif_goal(Ls, Rs) -->
    { A =.. [f|Ls],
      B =.. [f|Rs]
    },
    [dif(A, B)].
