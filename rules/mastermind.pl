% rules/mastermind.pl -- Mastermind on top of the native engine.
%
% Codes are lists of integers 1..C; Spec = mm(Pegs, Colors) (classic: mm(4, 6)).
% Feedback is fb(Black, White); histories are lists of Guess-Feedback, where a
% feedback may also be written in the seed's notation: 'RW', 'RRWW', ''.
% Strategies: rc (random consistent), lc (lowest consistent), knuth (minimax
% over all codes; ties to a consistent code, then the lowest), consistent_knuth,
% irving (expected size), entropy, most_parts, first(Guesses, Strategy)
% (fixed openings played whatever the feedback, then Strategy), and the exact
% optima (src/puzzles/mastermind/optimal.rs): optimal (least total guesses over
% all secrets, any code may be guessed; 4x6: 5,625, max 6), optimal_consistent
% (only codes consistent with the feedback; 4x6: 5,660), optimal(MaxGuesses)
% and optimal_consistent(MaxGuesses) (least total with no secret needing more
% than MaxGuesses guesses; 4x6 optimal(5): 5,626; an impossible limit raises
% domain_error(mastermind_guess_limit, MaxGuesses)). They are found by branch
% and bound and every tree is replayed on every secret by an independent
% verifier before use; histories off the tree are solved exactly on demand.
%
% Native builtins (src/puzzles/mastermind/builtins.rs):
%   mm_feedback(+Guess, +Secret, -Black, -White)
%   mm_consistent(+Spec, +History, -Codes)
%   mm_evaluate(+Spec, +Strategy, -stats(Total, Max, Histogram))
%       Histogram: Guesses-Count ascending; for rc an exact expectation (floats).
%   mm_expected(+Spec, +Strategy, -Average)
%   mm_next_guess(+Spec, +Strategy, +History, -Guess)
%   mm_play(+Spec, +Strategy, +Secret, -Game)      Game: list of Guess-fb(B, W)
%   mm_profile(+Spec, +History, +Guess, -Profile)  Profile: fb(B, W)-Count, largest first
%   mm_subtree(+Spec, +Strategy, +History, -Stats) one row of the seed's tables

%!  mm_fb_notation(?Feedback, ?Atom) is det.
%   fb(Black, White) and the seed's notation ('RW', '' for none).
mm_fb_notation(fb(B, W), A) :-
    integer(B), integer(W), !,
    length(Rs, B), maplist(=(0'R), Rs),
    length(Ws, W), maplist(=(0'W), Ws),
    append(Rs, Ws, Cs),
    atom_codes(A, Cs).
mm_fb_notation(fb(B, W), A) :-
    atom_codes(A, Cs),
    mm_split_rw(Cs, B, W).

mm_split_rw([0'R|Cs], B, W) :- !, mm_split_rw(Cs, B0, W), B is B0 + 1.
mm_split_rw(Cs, 0, W) :- maplist(==(0'W), Cs), length(Cs, W).

%!  mm_average(+Spec, +Strategy, -Average) is det.
%   Average guesses per secret (exact for random strategies).
mm_average(Spec, Strategy, Average) :-
    mm_evaluate(Spec, Strategy, stats(Total, _, Hist)),
    foldl([_-N, S0, S]>>(S is S0 + N), Hist, 0, Secrets),
    Average is Total / Secrets.

%!  mm_show_game(+Game) is det.
%   Prints a game in the seed's layout: "1122 RW".
mm_show_game(Game) :-
    forall(member(G-F, Game),
           ( mm_fb_notation(F, A),
             atomic_list_concat(G, Code),
             format("~w ~w~n", [Code, A]) )).

%!  mm_feedback_pl(+Guess, +Secret, -Black, -White) is det.
%   Pure-Prolog scoring, for comparison with the native mm_feedback/4:
%   blacks position by position, then whites as common colours minus blacks.
mm_feedback_pl(Guess, Secret, Black, White) :-
    mm_blacks(Guess, Secret, 0, Black),
    msort(Guess, SG),
    msort(Secret, SS),
    mm_common(SG, SS, 0, Common),
    White is Common - Black.

mm_blacks([], [], B, B).
mm_blacks([X|Xs], [Y|Ys], B0, B) :-
    ( X == Y -> B1 is B0 + 1 ; B1 = B0 ),
    mm_blacks(Xs, Ys, B1, B).

mm_common([], _, C, C) :- !.
mm_common(_, [], C, C) :- !.
mm_common([X|Xs], [Y|Ys], C0, C) :-
    compare(O, X, Y),
    mm_common_(O, X, Xs, Y, Ys, C0, C).

mm_common_(=, _, Xs, _, Ys, C0, C) :- C1 is C0 + 1, mm_common(Xs, Ys, C1, C).
mm_common_(<, _, Xs, Y, Ys, C0, C) :- mm_common(Xs, [Y|Ys], C0, C).
mm_common_(>, X, Xs, _, Ys, C0, C) :- mm_common([X|Xs], Ys, C0, C).

%!  mm_consistent_pl(+Spec, +History, -Codes) is det.
%   Pure-Prolog consistent set (all codes generated, each scored with
%   mm_feedback_pl/4): the benchmark baseline for mm_consistent/3.
mm_consistent_pl(mm(P, C), History, Codes) :-
    findall(Code,
            ( length(Code, P),
              maplist([X]>>between(1, C, X), Code),
              forall(member(G-fb(B, W), History), mm_feedback_pl(G, Code, B, W)) ),
            Codes).
