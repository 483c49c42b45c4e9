% rules/mastermind.pl -- Mastermind on top of the native engine.
%
% Codes are lists of integers 1..C; Spec = mm(Pegs, Colors) (classic: mm(4, 6)).
% Feedback is fb(Black, White); histories are lists of Guess-Feedback, where a
% feedback may also be written in the seed's notation: 'RW', 'RRWW', ''.
% Strategies: rc (random consistent), lc (lowest consistent), knuth (minimax
% over all codes; ties to a consistent code, then the lowest), consistent_knuth,
% irving (expected size), entropy, most_parts, advanced (the seed's human
% strategy, formalised in src/puzzles/mastermind/advanced.rs),
% first(Guesses, Strategy) (fixed openings played whatever the feedback, then
% Strategy), and the exact optima (src/puzzles/mastermind/optimal.rs): optimal
% (least total guesses over all secrets, any code may be guessed; 4x6: 5,625,
% max 6), optimal_consistent (only codes consistent with the feedback; 4x6:
% 5,660), optimal(MaxGuesses) and optimal_consistent(MaxGuesses) (least total
% with no secret needing more than MaxGuesses guesses; 4x6 optimal(5): 5,626;
% an impossible limit raises domain_error(mastermind_guess_limit, MaxGuesses)).
% They are found by branch and bound and every tree is replayed on every secret
% by an independent verifier before use; histories off the tree are solved
% exactly on demand.
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
% Tables, trees, simulation, plots (src/puzzles/mastermind/table.rs):
%   mm_table(+Spec, +Strategy, +Rows)   the seed's table; Rows: top(N),
%       min_count(N), depth(D), all, or a list of histories ('|RW|W', '')
%   mm_tree(+Spec, +Strategy), mm_tree(+Spec, +Strategy, +Depth)
%   mm_best_first(+Spec, +Strategy, -Ranking)  Guess-Stats per first guess
%       up to symmetry, best total first
%   mm_simulate(+Spec, +Strategy, +Games, +Seed, -Stats)  seeded games
%   mm_plot(+Stats, +File), mm_plot(+Stats, +File, +Title)  SVG histogram
%   mm_secret(+Spec, +Seed, -Code)      a seeded random secret
% Interactive play (below): mm_break/2,3, mm_make/1,2,3.

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

% ---------------------------------------------------------------------------
% Interactive play at the toplevel. Input is read with read/1 from standard
% input: each answer is a Prolog term ended by a full stop. The /3 forms take
% the answers from a list instead (echoed as if typed), for scripts and tests.

%!  mm_break(+Spec, +Strategy) is det.
%!  mm_break(+Spec, +Strategy, +Answers) is det.
%   The engine breaks your code: it prints a guess, you type the feedback
%   ('RW', rw, 'RRWW', fb(1, 1); none, '' or 0 for no pegs; quit to stop).
%   Feedback that no code fits is detected and reported, never looped on.
mm_break(Spec, Strategy) :-
    mm_break(Spec, Strategy, user).
mm_break(Spec, Strategy, Answers) :-
    mm_break_(Spec, Strategy, [], Answers).

mm_break_(Spec, Strategy, History, In0) :-
    (   mm_next_guess(Spec, Strategy, History, Guess)
    ->  length(History, N0),
        N is N0 + 1,
        mm_code_text(Guess, Text),
        format("Guess ~w: ~w~n", [N, Text]),
        mm_ask_feedback(Spec, F, In0, In),
        (   F == quit
        ->  format("Stopped.~n")
        ;   Spec = mm(P, _), F = fb(P, 0)
        ->  (   forall(member(G-fb(B, W), History), mm_feedback(G, Guess, B, W))
            ->  format("Solved in ~w guesses.~n", [N])
            ;   format("No code fits that feedback: one of the answers must be wrong.~n")
            )
        ;   append(History, [Guess-F], History1),
            mm_break_(Spec, Strategy, History1, In)
        )
    ;   format("No code fits that feedback: one of the answers must be wrong.~n")
    ).

%!  mm_ask_feedback(+Spec, -Feedback, +In0, -In) is det.
%   Prompts until a valid feedback (or quit / end of input) is read.
mm_ask_feedback(Spec, F, In0, In) :-
    format("Feedback? "),
    mm_input(In0, T, In1),
    (   mm_stop(T)
    ->  F = quit, In = In1
    ;   mm_feedback_term(Spec, T, F0)
    ->  F = F0, In = In1
    ;   format("Please type feedback such as 'RW', rw, fb(1,1) or none.~n"),
        mm_ask_feedback(Spec, F, In1, In)
    ).

mm_stop(T) :- var(T), !, fail.
mm_stop(end_of_file).
mm_stop(quit).
mm_stop(q).

%!  mm_feedback_term(+Spec, +Term, -Feedback) is semidet.
%   A typed feedback as fb(Black, White), if it can occur in this game.
mm_feedback_term(_, T, _) :- var(T), !, fail.
mm_feedback_term(Spec, fb(B, W), fb(B, W)) :- !,
    integer(B), integer(W),
    mm_valid_fb(Spec, B, W).
mm_feedback_term(Spec, 0, fb(0, 0)) :- !,
    mm_valid_fb(Spec, 0, 0).
mm_feedback_term(Spec, S, F) :-
    string(S), !,
    atom_string(A, S),
    mm_feedback_term(Spec, A, F).
mm_feedback_term(Spec, T, fb(B, W)) :-
    atom(T),
    (   memberchk(T, [none, '-', ''])
    ->  B = 0, W = 0
    ;   upcase_atom(T, U),
        mm_fb_notation(fb(B, W), U)
    ),
    mm_valid_fb(Spec, B, W).

mm_valid_fb(mm(P, _), B, W) :-
    B >= 0, W >= 0, B + W =< P,
    \+ (B =:= P - 1, W =:= 1).

mm_input(user, T, user) :- !,
    read(T),
    ( T == end_of_file -> nl ; true ).
mm_input([], end_of_file, []) :- !,
    nl.
mm_input([T|Ts], T, Ts) :-
    format("~q.~n", [T]).

mm_code_text(Code, Text) :-
    (   maplist([D]>>(D =< 9), Code)
    ->  atomic_list_concat(Code, Text)
    ;   atomic_list_concat(Code, ' ', Text)
    ).

%!  mm_make(+Spec) is det.
%!  mm_make(+Spec, +Seed) is det.
%!  mm_make(+Spec, +Seed, +Answers) is det.
%   The engine makes a secret (drawn from Seed, or at random) and you break
%   it: type guesses as lists ([1,1,2,2]) or digits (1122), quit to give up.
mm_make(Spec) :-
    Seed is random(1 << 30),
    mm_make(Spec, Seed).
mm_make(Spec, Seed) :-
    mm_make(Spec, Seed, user).
mm_make(Spec, Seed, Answers) :-
    mm_secret(Spec, Seed, Secret),
    Spec = mm(P, C),
    format("I have chosen a secret of ~w pegs in colours 1..~w.~n", [P, C]),
    mm_make_(Spec, Secret, 1, Answers).

mm_make_(Spec, Secret, N, In0) :-
    format("Guess ~w? ", [N]),
    mm_input(In0, T, In),
    (   mm_stop(T)
    ->  mm_code_text(Secret, S),
        format("The secret was ~w.~n", [S])
    ;   mm_guess_term(Spec, T, Guess)
    ->  mm_feedback(Guess, Secret, B, W),
        Spec = mm(P, _),
        (   B =:= P
        ->  mm_fb_notation(fb(B, W), A),
            format("~w~nSolved in ~w guesses.~n", [A, N])
        ;   mm_fb_notation(fb(B, W), A),
            ( A == '' -> format("(no pegs)~n") ; format("~w~n", [A]) ),
            N1 is N + 1,
            mm_make_(Spec, Secret, N1, In)
        )
    ;   format("Please type a code such as [1,1,2,2] or 1122.~n"),
        mm_make_(Spec, Secret, N, In)
    ).

%!  mm_guess_term(+Spec, +Term, -Code) is semidet.
%   A typed guess: a list of colours, or digits of an integer or atom.
mm_guess_term(_, T, _) :- var(T), !, fail.
mm_guess_term(Spec, T, Code) :-
    (   is_list(T)
    ->  Code = T
    ;   ( integer(T) ; atom(T) ),
        atom_chars(T, Cs),
        maplist([Ch, D]>>(char_type(Ch, digit(D))), Cs, Code)
    ),
    Spec = mm(P, C),
    length(Code, P),
    maplist([D]>>(integer(D), D >= 1, D =< C), Code).
