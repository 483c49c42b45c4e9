% bench/puzzles/mastermind_scoring.pl -- what the native Mastermind loops buy.
%
% Run from the repository root with the release binary:
%   target/release/puzzlog -q -g bench -t halt bench/puzzles/mastermind_scoring.pl
% Three measurements (CPU seconds from statistics(cputime, _), which counts
% every thread; wall milliseconds from statistics(walltime, _)):
%  1. scoring one pair per call: every guess against the first 100 secrets
%     (129,600 scorings), with the pure-Prolog mm_feedback_pl/4 and with the
%     native mm_feedback/4 in the same Prolog loop; the loop's own cost (the
%     same loop calling a predicate that does nothing) is subtracted;
%  2. whole-set work, where the native loop runs without returning to
%     Prolog: the profile of 100 first guesses over all 1,296 codes (Prolog
%     scoring plus msort against mm_profile/4 over all guesses 10 times),
%     and the codes consistent with the seed's three-guess history, 100 times
%     (mm_consistent_pl/3 against mm_consistent/3 run 10,000 times / 100);
%  3. mm_evaluate/3 of each one-step heuristic over all 1,296 secrets
%     (wall time per evaluation, best of 10), target under 20 ms.

:- consult('rules/mastermind.pl').

bench :-
    bench_scoring,
    bench_profile,
    bench_consistent,
    bench_evaluate.

codes(Codes) :-
    findall([A,B,C,D], (between(1,6,A), between(1,6,B), between(1,6,C), between(1,6,D)), Codes).

score_all(Pred, Guesses, Secrets, Sum) :-
    foldl([G, S0, S]>>foldl([X, T0, T]>>(call(Pred, G, X, B, W), T is T0 + B * 5 + W), Secrets, S0, S),
          Guesses, 0, Sum).

cpu(Goal, Seconds) :-
    statistics(cputime, T0),
    call(Goal),
    statistics(cputime, T1),
    Seconds is T1 - T0.

ratio(Slow, Fast, R) :-
    ( Fast > 0 -> R is Slow / Fast ; R = inf ).

bench_scoring :-
    codes(All),
    length(Secrets, 100), append(Secrets, _, All),
    cpu(score_all(no_score, All, Secrets, _), Loop),
    cpu(score_all(mm_feedback_pl, All, Secrets, S1), Pl0),
    cpu(score_all(mm_feedback, All, Secrets, S2), Nat0),
    ( S1 =:= S2 -> true ; throw(mismatch(S1, S2)) ),
    Pl is max(0, Pl0 - Loop), Nat is max(0, Nat0 - Loop),
    ratio(Pl, Nat, R),
    format("scoring 129,600 pairs one call each: loop ~3f s, plus Prolog scoring ~3f s, plus native ~3f s, ratio ~1f~n",
           [Loop, Pl, Nat, R]).

no_score(_, _, 0, 0).

bench_profile :-
    codes(All),
    length(Guesses, 100), append(Guesses, _, All),
    cpu(forall(member(G, Guesses),
               ( findall(B-W, (member(S, All), mm_feedback_pl(G, S, B, W)), L),
                 msort(L, _) )), Pl),
    cpu(forall((between(1, 10, _), member(G, All)), mm_profile(mm(4,6), [], G, _)), Nat),
    PlMs is Pl * 1000 / 100, NatMs is Nat * 1000 / 12960,
    ratio(PlMs, NatMs, R),
    format("profile of one guess over 1,296 codes: Prolog ~3f ms, native ~4f ms, ratio ~0f~n",
           [PlMs, NatMs, R]).

bench_consistent :-
    H = [[1,1,2,2]-fb(1,1), [1,1,3,4]-fb(0,1), [2,3,5,2]-fb(1,1)],
    cpu(forall(between(1, 100, _), mm_consistent_pl(mm(4,6), H, _)), Pl),
    cpu(forall(between(1, 10000, _), mm_consistent(mm(4,6), H, _)), Nat0),
    Nat is Nat0 / 100,
    mm_consistent_pl(mm(4,6), H, C1), mm_consistent(mm(4,6), H, C2),
    ( C1 == C2 -> true ; throw(mismatch(C1, C2)) ),
    length(C1, N),
    ratio(Pl, Nat, R),
    format("consistent set (3 guesses, ~w codes) x100: Prolog ~3f s, native ~4f s, ratio ~0f~n",
           [N, Pl, Nat, R]).

bench_evaluate :-
    forall(member(S, [knuth, consistent_knuth, irving, entropy, most_parts, advanced]),
           ( findall(Ms, ( between(1, 10, _),
                           statistics(walltime, [W0, _]),
                           mm_evaluate(mm(4,6), S, stats(T, _, _)),
                           statistics(walltime, [W1, _]),
                           Ms is W1 - W0 ), L),
             min_list(L, Best),
             mm_evaluate(mm(4,6), S, stats(T, M, _)),
             format("mm_evaluate ~w: total ~w, max ~w, best of 10: ~w ms~n", [S, T, M, Best]) )).
