% rules/hyperjump.pl -- Quanta Magazine's Hyperjump digit game.
%
% The game.  Every day brings a multiset of (usually eight) digits.  A
% sequence is N digits taken from that multiset (each digit as often as it
% occurs there) followed by a final 9, which is NOT taken from the multiset.
% The first two digits are free; every later digit X(n) must follow from the
% two before it, a = X(n-2) and b = X(n-1), by one of
%
%     (a + b) mod 10
%     (a - b) mod 10      when a - b > 0
%     (a * b) mod 10
%     (a / b) mod 10      when b divides a (so b > 0)
%
% The "combo" rule: for subtraction and division, a may also be the number
% written by several consecutive earlier digits that end with X(n-2); for the
% sequence 7 1 8 3, a = 71 and 71 - 8 = 63 gives 3, and in 1 4 4 8 8 1 9 the
% digits 1 4 4 form a = 144 and 144 / 8 = 18 gives 8.
% For subtraction the digit (a - b) mod 10 only depends on the last digit of
% a, so a combo only matters through "a - b > 0": it is allowed as soon as
% the longest combo (all digits up to X(n-2)) exceeds b.  For division every
% combo length can give another digit, so all of them are tried.
% (With no zero digit this is exactly the rule of the seed's program, which
% uses two-digit combos for subtraction; zero digits are allowed here, where
% dividing by zero is simply not a move.)
%
% Predicates
%   hyperjump(+Digits, +N, -Seq)        N digits from Digits, then 9; with combos.
%                                        Each distinct sequence once, ascending.
%   hyperjump_basic(+Digits, +N, -Seq)  the same without the combo rule.
%   solutions(+Digits, +N, -Seqs)       all sequences of hyperjump/3, sorted.
%   print_solutions(+Digits, +N)        one sequence per line: 1, 7, 7, 4, 9
%   hyperjump_valid(+Seq)               every digit of Seq from the third on
%                                        follows by the rules (with combos);
%                                        Seq need not end with 9.
%   hyperjump_levels(+Digits, -Levels)  [5-C5, 6-C6, 7-C7, 8-C8]: how many
%                                        sequences use 5, 6, 7, 8 digits.
%   hyperjump_score(+Digits, -Points)   the best possible score of the day.
%
% Scoring (the seed's account of the game).  The levels use 5, 6, 7 and 8
% digits of the day (plus the final 9).  To pass level 5 you must find 4
% sequences, level 6 needs 3, level 7 needs 2; every sequence found is one
% point, and a level is only opened by passing the one before.  Level 8 has
% no quota: every eight-digit sequence is a point.  So the first eight-digit
% sequence brings the score to 4 + 3 + 2 + 1 = 10, and the best score is
%     min(C5,4) + min(C6,3) + min(C7,2) + C8
% when C5 >= 4, C6 >= 3 and C7 >= 2; a level that cannot be passed ends the
% game with the points gathered so far (a level with C < quota adds C).
%
% How the search works.  Sequences are grown from the front, as the rules
% read.  The multiset is kept as a list of Digit-Count pairs, so a repeated
% digit is chosen once per position (no duplicate answers to sort away), and
% a digit is only placed when the rules allow it right there, which prunes a
% branch as early as possible.  For the combos, the search carries, for the
% last two digits, the numbers formed by every run of digits ending there
% ("suffix numbers"): [X, 10*W+X, 100*V+10*W+X, ...].  Appending digit D turns
% the list S into [D | 10*S+D], so no number is ever rebuilt from scratch.
% Without combos the list is just [X].

%!  hyperjump(+Digits, +N, -Seq) is nondet.
%   Seq is a sequence of N digits of the multiset Digits followed by 9.
hyperjump(Digits, N, Seq) :-
    jump_search(combo, Digits, N, Seq).

%!  hyperjump_basic(+Digits, +N, -Seq) is nondet.
%   As hyperjump/3, without the combo rule.
hyperjump_basic(Digits, N, Seq) :-
    jump_search(basic, Digits, N, Seq).

%!  solutions(+Digits, +N, -Seqs) is det.
%   All distinct sequences of hyperjump/3, in standard order.
solutions(Digits, N, Seqs) :-
    findall(Seq, hyperjump(Digits, N, Seq), Seqs0),
    sort(Seqs0, Seqs).

%!  print_solutions(+Digits, +N) is det.
%   Prints the sequences of solutions/3, one per line.
print_solutions(Digits, N) :-
    solutions(Digits, N, Seqs),
    forall(member(Seq, Seqs),
           ( atomic_list_concat(Seq, ', ', Line),
             format("~w~n", [Line]) )).

%!  hyperjump_valid(+Seq) is semidet.
%   Every digit of the digit list Seq from the third on follows from the two
%   before it (combos allowed).
hyperjump_valid(Seq) :-
    must_be(list, Seq),
    maplist(check_digit, Seq),
    (   Seq = [X1, X2|Rest]
    ->  extend(combo, [X1], X2, Sfx2),
        valid_rest(Rest, [X1], X2, Sfx2)
    ;   true
    ).

valid_rest([], _, _, _).
valid_rest([D|Ds], SfxA, B, SfxB) :-
    once(jump(SfxA, B, D)),
    extend(combo, SfxB, D, SfxD),
    valid_rest(Ds, SfxB, D, SfxD).

%!  hyperjump_levels(+Digits, -Levels) is det.
%   Levels = [5-C5, 6-C6, 7-C7, 8-C8], the number of sequences per level.
hyperjump_levels(Digits, Levels) :-
    findall(N-C,
            ( member(N, [5, 6, 7, 8]),
              aggregate_all(count, hyperjump(Digits, N, _), C) ),
            Levels).

%!  hyperjump_score(+Digits, -Points) is det.
%   The best score of the day (see "Scoring" above).
hyperjump_score(Digits, Points) :-
    hyperjump_levels(Digits, Levels),
    level_points(Levels, 0, Points).

% quota(Level, SequencesNeededToPass); level 8 has none.
quota(5, 4).
quota(6, 3).
quota(7, 2).

level_points([], P, P).
level_points([L-C|Ls], P0, P) :-
    (   quota(L, Q)
    ->  P1 is P0 + min(C, Q),
        (   C >= Q
        ->  level_points(Ls, P1, P)
        ;   P = P1                          % stuck at this level
        )
    ;   P is P0 + C                         % the last level counts them all
    ).

% ---------------------------------------------------------------------------
% The search

%   jump_search(+Mode, +Digits, +N, -Seq): Mode is combo or basic.
jump_search(Mode, Digits, N, Seq) :-
    must_be(integer, N),
    digit_counts(Digits, Counts),
    length(Digits, Len),
    N >= 1, N =< Len,
    take(Counts, X1, Counts1),
    (   N =:= 1
    ->  Seq = [X1, 9]                       % two free digits: X1, then 9
    ;   take(Counts1, X2, Counts2),
        Seq = [X1, X2|Rest],
        extend(Mode, [X1], X2, Sfx2),
        Left is N - 2,
        grow(Mode, Left, Counts2, [X1], X2, Sfx2, Rest)
    ).

%   grow(+Mode, +Left, +Counts, +SfxA, +B, +SfxB, -Rest)
%   Left digits remain to be placed from Counts, then the final 9.  B is the
%   last digit placed, SfxA the suffix numbers ending at the digit before it
%   (the candidates for a), SfxB those ending at B.
grow(_, 0, _, SfxA, B, _, [9]) :-
    !,
    once(jump(SfxA, B, 9)).
grow(Mode, Left, Counts, SfxA, B, SfxB, [D|Rest]) :-
    take(Counts, D, Counts1),
    once(jump(SfxA, B, D)),
    extend(Mode, SfxB, D, SfxD),
    Left1 is Left - 1,
    grow(Mode, Left1, Counts1, SfxB, D, SfxD, Rest).

%   jump(+SfxA, +B, ?D): D may follow a and b.  SfxA = [A|Longer]: A is the
%   digit X(n-2) itself, Longer the combo numbers (empty without combos or
%   at the third position).
jump([A|_], B, D) :-
    D =:= (A + B) mod 10.
jump([A|_], B, D) :-
    A > B,
    D =:= (A - B) mod 10.
jump([A|_], B, D) :-
    D =:= (A * B) mod 10.
jump(SfxA, B, D) :-                         % plain division and division combos
    B > 0,
    member(A, SfxA),
    A mod B =:= 0,
    D =:= (A // B) mod 10.
jump([A|Longer], B, D) :-                   % subtraction combo
    last(Longer, Longest),
    Longest > B,
    D =:= (A - B) mod 10.

%   extend(+Mode, +Sfx, +D, -SfxD): the suffix numbers after appending D.
extend(basic, _, D, [D]).
extend(combo, Sfx, D, [D|Longer]) :-
    append_digit(Sfx, D, Longer).

append_digit([], _, []).
append_digit([X|Xs], D, [Y|Ys]) :-
    Y is 10 * X + D,
    append_digit(Xs, D, Ys).

%   take(+Counts, -D, -Counts1): choose one digit of the multiset, each
%   distinct digit once, in ascending order.
take([D-C|Cs], D, Rest) :-
    (   C =:= 1
    ->  Rest = Cs
    ;   C1 is C - 1,
        Rest = [D-C1|Cs]
    ).
take([P|Cs], D, [P|Rest]) :-
    take(Cs, D, Rest).

%   digit_counts(+Digits, -Counts): Digit-Count pairs, ascending by digit.
digit_counts(Digits, Counts) :-
    must_be(list, Digits),
    maplist(check_digit, Digits),
    msort(Digits, Sorted),
    runs(Sorted, Counts).

check_digit(D) :-
    must_be(integer, D),
    (   between(0, 9, D)
    ->  true
    ;   domain_error(digit, D)
    ).

runs([], []).
runs([D|Ds], [D-C|Cs]) :-
    run(Ds, D, 1, C, Rest),
    runs(Rest, Cs).

run([D|Ds], D, C0, C, Rest) :-
    !,
    C1 is C0 + 1,
    run(Ds, D, C1, C, Rest).
run(Rest, _, C, C, Rest).
