% Garbage collection with dead roots. check/1 sets the environment slot of
% Y after alt/4 left a choicepoint; backtracking into alt/4 reclaims Y's
% cell, and alt/4's second clause makes a boxed value in its place (bound to
% a variable older than the choicepoint, so that no cell points at the box)
% and collects while the slot still points at the box's header. Marked as a
% cell of its own, the header made compaction copy the box's raw words,
% which no mark counted: every cell above moved off its forwarded address,
% and T came out wrong (or the engine crashed).

alt(_, _, 1, none).
alt(Kind, Box, 2, T) :-
    dead(Kind, Box),
    T = t(x, "live", [1.5, 100000000000000000000000, y]),
    garbage_collect,
    g.

dead(string, S) :- atom_string(abc, S).
dead(float, F) :- F is 2.5 * 3.
dead(big, B) :- B is 2**100.

g.
t(_).

check(Kind) :-
    alt(Kind, _, I, T), t(Y),
    I == 2,
    !,
    Y = y,
    format("~w: ~q~n", [Kind, T]).
check(Kind) :-
    format("~w: failed~n", [Kind]).

main :- forall(member(Kind, [string, float, big]), check(Kind)).
