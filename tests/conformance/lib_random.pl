% Conformance: library(random): random/1,3, random_between/3, random_member/2, random_select/3, random_subseq/3, random_permutation/2, random_perm2/4, random_numlist/4, randseq/3, randset/3, maybe/0,1,2, getrand/1, setrand/1, set_random/1. Only properties of the random answers are printed (ranges, permutations, reproducibility under a seed), never the answers themselves.
:- use_module(library(random)).
:- use_module(library(lists)).
:- use_module(library(apply)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
% e(G): G runs under catch; prints only the error (or yes/no) with G unprinted.
e(G) :- \+ \+ e_(G).
e_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes ; R = ex(E) ) ; R = no ), out(R).
% f(G): as e/1, but only the formal part of an error.
f(G) :- \+ \+ f_(G).
f_(G) :- ( catch(G, error(F, _), true) -> ( var(F) -> R = yes ; R = ex(F) ) ; R = no ), out(R).
% ok(Name, G): G succeeds (printed as ok(Name) or failed(Name)).
ok(Name, G) :- \+ \+ ok_(Name, G).
ok_(Name, G) :- ( catch(G, E, (print(E), nl, fail)) -> R = ok(Name) ; R = failed(Name) ), out(R).
% det(G): G succeeds without leaving a choicepoint.
det(G) :- \+ \+ det_(G).
det_(G) :- ( call_cleanup(G, Det = true), ( Det == true -> R = det ; R = nondet ) -> true ; R = no ), out(R).

rep(0, _) :- !.
rep(N, G) :- \+ \+ call(G), N1 is N - 1, rep(N1, G).
% all(N, G): G succeeds in all of N runs.
all(N, G) :- rep(N, G).

in_range(L, H, X) :- integer(X), X >= L, X =< H.
permutation_of(L, P) :- msort(L, S), msort(P, S).
float01(X) :- float(X), X > 0.0, X < 1.0.
seq(G, L) :- findall(X, (between(1, 10, _), call(G, X)), L).
seeded(Seed, G, L) :- set_random(seed(Seed)), seq(G, L).
rb(X) :- random_between(1, 1000000, X).
sorted_distinct(S) :- sort(S, S).
sub_of(Sub, L) :- forall(member(X, Sub), memberchk(X, L)).
subseq_ok(L, S, C) :- length(L, N), length(S, NS), length(C, NC), N =:= NS + NC, interleave(L, S, C).
interleave([], [], []).
interleave([X|L], [Y|S], C) :- X == Y, !, interleave(L, S, C).
interleave([X|L], S, [Y|C]) :- X == Y, interleave(L, S, C).
count_true(N, G, Count) :- aggregate_all(count, (between(1, N, _), \+ \+ call(G)), Count).

main :-
    % random/1
    ok(random_float, all(200, (random(X), float01(X)))),
    t(random(1)), t(random(a)), det(random(_)),
    % set_random/1 and reproducibility
    ok(same_seed_same_sequence, (seeded(42, rb, A1), seeded(42, rb, A2), A1 == A2)),
    ok(other_seed_other_sequence, (seeded(42, rb, B1), seeded(43, rb, B2), B1 \== B2)),
    ok(big_seed, (seeded(123456789012345678901234567890, rb, C1), seeded(123456789012345678901234567890, rb, C2), C1 == C2)),
    ok(negative_seed, (seeded(-7, rb, D1), seeded(-7, rb, D2), D1 == D2)),
    ok(seed_random, (set_random(seed(random)), seq(rb, _))),
    ok(seed_zero, (seeded(0, rb, Z1), seeded(0, rb, Z2), Z1 == Z2)),
    ok(seeded_floats, (set_random(seed(5)), random(F1), set_random(seed(5)), random(F2), F1 == F2)),
    e(set_random(_)), e(set_random(foo)), e(set_random(1)), e(set_random("s")), e(set_random(bar(1))), e(set_random(seed(1, 2))),
    e(set_random(seed(_))), e(set_random(seed(foo))), e(set_random(seed(1.5))), e(set_random(seed("abc"))),
    e(set_random(seed(f(x)))), e(set_random(seed([]))), e(set_random(seed([a]))),
    e(set_random(state(_))), e(set_random(state(1))), e(set_random(state(a))), e(set_random(state(1.0))), e(set_random(state(f(x)))),
    % getrand/1, setrand/1
    ok(getrand_setrand, (getrand(S), seq(rb, G1), setrand(S), seq(rb, G2), G1 == G2)),
    ok(getrand_integer, (getrand(S2), integer(S2))),
    ok(setrand_rand3, (setrand(rand(1, 2, 3)), seq(rb, R1), setrand(rand(1, 2, 3)), seq(rb, R2), R1 == R2)),
    ok(setrand_rand3_zero, setrand(rand(0, 0, 0))),
    e(setrand(_)), e(setrand(foo)), e(setrand(123)), e(setrand(-1)), e(setrand(1.0)),
    e(setrand(rand(a, 2, 3))), e(setrand(rand(_, 1, 2))), e(setrand(rand(1.5, 0, 0))),
    % random_between/3
    ok(random_between_range, all(300, (random_between(1, 6, X), in_range(1, 6, X)))),
    ok(random_between_all_values, (findall(X, (between(1, 300, _), random_between(1, 4, X)), Xs), sort(Xs, [1, 2, 3, 4]))),
    ok(random_between_negative, all(100, (random_between(-5, -3, X), in_range(-5, -3, X)))),
    ok(random_between_big, all(50, (random_between(0, 100000000000000000000000000, X), in_range(0, 100000000000000000000000000, X)))),
    t(random_between(3, 3, X)), t(random_between(1, 0, X)), t(random_between(3, 3, 4)), t(random_between(1, 2, a)),
    e(random_between(a, 3, _)), e(random_between(_, 3, _)), e(random_between(1.0, 3, _)), e(random_between(1, a, _)),
    e(random_between(1, _, _)), e(random_between(a, _, _)), det(random_between(1, 5, _)),
    % random/3
    ok(random3_int, all(200, (random(1, 5, X), in_range(1, 4, X)))),
    ok(random3_float, all(200, (random(1.0, 5, X), float(X), X >= 1.0, X < 5.0))),
    ok(random3_float2, all(200, (random(1, 2.0, X), float(X), X >= 1.0, X < 2.0))),
    t(random(1, 2, X)), t(random(1, 2, 1.0)),
    e(random(1, 1, _)), e(random(2, 1, _)), e(random(a, 2, _)), e(random(1, a, _)), e(random(_, 1, _)), e(random(1, _, _)),
    det(random(1, 5, _)), det(random(1.0, 5, _)),
    % random_member/2
    ok(random_member_in_list, all(200, (random_member(X, [a, b, c]), memberchk(X, [a, b, c])))),
    ok(random_member_all, (findall(X, (between(1, 200, _), random_member(X, [a, b, c])), Ms), sort(Ms, [a, b, c]))),
    t(random_member(X, [a])), t(random_member(_, [])), t(random_member(a, [b])),
    e(random_member(_, _)), e(random_member(_, [a|_])), e(random_member(_, foo)), det(random_member(_, [a, b])),
    % random_select/3
    ok(random_select_forward, all(200, (random_select(X, [a, b, c, d], R), select(X, [a, b, c, d], R0), R0 == R))),
    ok(random_select_backward, all(200, (random_select(x, L, [a, b, c]), length(L, 4), select(x, L, [a, b, c])))),
    ok(random_select_positions, (findall(L, (between(1, 300, _), random_select(x, L, [a, b])), Ls), sort(Ls, [[a, b, x], [a, x, b], [x, a, b]]))),
    t(random_select(X, [a], R)), t(random_select(_, [], _)), t(random_select(X, [Y], [])), t(random_select(a, L, [])),
    t(random_select(z, [a, b], _)), t(random_select(_, [a, b], [a, b, c])),
    e(random_select(_, _, _)), e(random_select(_, foo, _)), e(random_select(_, [a|_], _)), e(random_select(_, _, foo)),
    e(random_select(_, _, [a|_])), e(random_select(a, _, _)),
    det(random_select(_, [a, b], _)), det(random_select(x, _, [a, b])),
    % random_subseq/3
    ok(random_subseq_split, all(200, (random_subseq([a, b, c, d, e], S, C), subseq_ok([a, b, c, d, e], S, C)))),
    ok(random_subseq_varies, (findall(S, (between(1, 200, _), random_subseq([a, b], S, _)), Ss), sort(Ss, [[], [a], [a, b], [b]]))),
    t(random_subseq([], S, C)), t(random_subseq(_, _, _)), t(random_subseq(foo, _, _)),
    t(random_subseq([a, b], [a, b, c], _)), t(random_subseq(L, [], [])),
    ok(random_subseq_backward, all(100, (random_subseq(L, [a, b], [c, d]) -> permutation_of(L, [a, b, c, d]) ; true))),
    det(random_subseq([a, b, c], _, _)),
    % random_permutation/2
    ok(random_permutation_forward, all(200, (random_permutation([a, b, c, d, e], P), permutation_of(P, [a, b, c, d, e])))),
    ok(random_permutation_backward, all(200, (random_permutation(P, [a, b, c, d]), permutation_of(P, [a, b, c, d])))),
    ok(random_permutation_all, (findall(P, (between(1, 400, _), random_permutation([1, 2, 3], P)), Ps), sort(Ps, Sorted), length(Sorted, 6))),
    ok(random_permutation_long, (numlist(1, 1000, NL), random_permutation(NL, P), permutation_of(P, NL))),
    ok(random_permutation_dups, all(50, (random_permutation([a, a, b], P), permutation_of(P, [a, a, b])))),
    t(random_permutation([], P)), t(random_permutation(P, [])), t(random_permutation([a], P)), t(random_permutation(P, [a])),
    t(random_permutation([a, b], [c, a])), t(random_permutation([a, b], [a])), t(random_permutation([a, b], foo)),
    t(random_permutation(foo, [_, _])),
    e(random_permutation(_, _)), e(random_permutation(foo, _)), e(random_permutation([a|_], _)),
    e(random_permutation(_, [a|_])), e(random_permutation(_, foo)),
    det(random_permutation([a, b, c], _)), det(random_permutation(_, [a, b, c])),
    % random_perm2/4
    ok(random_perm2, all(100, (random_perm2(a, b, X, Y), (X-Y == a-b ; X-Y == b-a)))),
    ok(random_perm2_both, (findall(X-Y, (between(1, 100, _), random_perm2(a, b, X, Y)), Ps2), sort(Ps2, [a-b, b-a]))),
    t(random_perm2(a, a, X, Y)), t(random_perm2(a, b, c, _)),
    % random_numlist/4
    ok(random_numlist_sub, all(100, (random_numlist(0.5, 1, 20, L), sorted_distinct(L), sub_of(L, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])))),
    t(random_numlist(1, 1, 3, L)), t(random_numlist(1.0, 1, 3, L)), t(random_numlist(0, 1, 3, L)), t(random_numlist(0.0, 1, 3, L)),
    t(random_numlist(0.5, 1, 0, L)), t(random_numlist(1, 3, 1, L)), t(random_numlist(1, 1, 3, [1, 2, 4])), t(random_numlist(1, -2, 2, L)),
    e(random_numlist(a, 1, 3, _)), e(random_numlist(2, 1, 3, _)), e(random_numlist(-1, 1, 3, _)), e(random_numlist(_, 1, 3, _)),
    e(random_numlist(0.5, a, 3, _)), e(random_numlist(0.5, 1, a, _)), e(random_numlist(0.5, _, 3, _)), e(random_numlist(0.5, 1.0, 3, _)),
    e(random_numlist(0.5, 2, 1.5, _)), e(random_numlist(a, b, c, _)), e(random_numlist(1.5, 1, 3, _)),
    det(random_numlist(0.5, 1, 10, _)),
    % randset/3
    ok(randset_sorted, all(200, (randset(3, 10, S), length(S, 3), sorted_distinct(S), forall(member(X, S), in_range(1, 10, X))))),
    ok(randset_dense, all(100, (randset(9, 10, S), length(S, 9), sorted_distinct(S), forall(member(X, S), in_range(1, 10, X))))),
    ok(randset_sparse, all(20, (randset(5, 1000000000, S), length(S, 5), sorted_distinct(S), forall(member(X, S), in_range(1, 1000000000, X))))),
    ok(randset_all_subsets, (findall(S, (between(1, 300, _), randset(2, 4, S)), Ss2), sort(Ss2, Sorted2), length(Sorted2, 6))),
    ok(randset_big, (randset(500, 1000, S), length(S, 500), sorted_distinct(S))),
    t(randset(0, 2, S)), t(randset(2, 2, S)), t(randset(0, 0, S)), t(randset(3, 2, _)), t(randset(1, -1, _)),
    t(randset(2, 3, [1, 3, 5])), t(randset(3, 3, [1, 2, 3])), t(randset(0, 3, [1])), t(randset(1, 1, [2])), t(randset(2, 3, foo)),
    t(randset(3, 3, [1, 2, 3|_])), t(randseq(2, 3, foo)), ok(randseq_partial, randseq(3, 3, [_, _, _|_])),
    e(randset(a, 2, _)), e(randset(-1, 3, _)), e(randset(_, 3, _)), e(randset(1.0, 1, _)), e(randset(1, a, _)),
    e(randset(1, _, _)), e(randset(0, a, _)), e(randset(a, b, _)), f(randset(2, 3.0, _)), f(randset(0, 1.0, _)),
    det(randset(3, 10, _)),
    % randseq/3
    ok(randseq_distinct, all(200, (randseq(4, 6, L), length(L, 4), sort(L, S), length(S, 4), forall(member(X, L), in_range(1, 6, X))))),
    ok(randseq_full, all(100, (randseq(5, 5, L), permutation_of(L, [1, 2, 3, 4, 5])))),
    ok(randseq_orders, (findall(L, (between(1, 300, _), randseq(2, 2, L)), Ls2), sort(Ls2, [[1, 2], [2, 1]]))),
    ok(randseq_sparse, all(20, (randseq(5, 1000000000, L), length(L, 5), sort(L, S), length(S, 5)))),
    t(randseq(0, 2, L)), t(randseq(1, 1, L)), t(randseq(3, 2, _)), t(randseq(1, 0, _)), t(randseq(1, 1, [2])),
    e(randseq(a, 2, _)), e(randseq(-1, 3, _)), e(randseq(_, 3, _)), e(randseq(1.0, 1, _)), e(randseq(1, a, _)), e(randseq(1, _, _)),
    e(randseq(0, a, _)), f(randseq(1, 2.0, _)), f(randseq(0, 1.0, _)),
    det(randseq(3, 10, _)),
    % maybe/0,1,2
    ok(maybe_both, (count_true(400, maybe, N0), N0 > 100, N0 < 300)),
    ok(maybe_p, (count_true(400, maybe(0.25), N1), N1 > 40, N1 < 180)),
    ok(maybe_kn, (count_true(400, maybe(3, 4), N2), N2 > 220, N2 < 380)),
    t(maybe(0.0)), t(maybe(1.0)), t(maybe(0)), t(maybe(1)), t(maybe(0, 5)), t(maybe(5, 5)),
    e(maybe(2)), e(maybe(a)), e(maybe(_)), e(maybe(-0.5)), e(maybe(1.5)),
    e(maybe(6, 5)), e(maybe(a, 5)), e(maybe(1, 0)), e(maybe(-1, 3)), e(maybe(1.0, 3)), e(maybe(1, -1)), e(maybe(_, 3)),
    e(maybe(1, _)), e(maybe(0, 0)), e(maybe(1, a)), e(maybe(a, b)), e(maybe(2, 1.0)), e(maybe(0, 1)),
    det(maybe(1.0)), det(maybe(2, 2)).
