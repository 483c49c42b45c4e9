% rules/miu.pl -- Hofstadter's MIU formal system (Goedel, Escher, Bach).
%
% Strings start from the axiom MI and change by four rules (x, y any strings):
%     1.  xI   -> xIU       add a U after a final I
%     2.  Mx   -> Mxx       double what follows the M
%     3.  xIIIy -> xUy      replace any III by U
%     4.  xUUy -> xy        drop any UU
%
% A string may be given as an atom ('MIIU', case does not matter) or as a
% list of the letters m, i, u ([m,i,i,u]).  Strings produced by
% miu_derive/2 and miu_shortest/2 are upper-case atoms when the target was
% an atom, lists when it was a list.
%
% Predicates
%   miu_theorem(+S)         S is derivable from MI.
%   miu_derive(+S, -Steps)  a derivation of S: Steps = [Rule-String, ...], one
%                           pair per rule application, from MI (excluded) to S.
%                           A non-theorem (also a string with other letters)
%                           raises domain_error(miu_theorem, S).
%   miu_shortest(+S, -Steps) a shortest derivation of S (same form), proved
%                           shortest by the search below; non-theorems raise
%                           domain_error(miu_theorem, S).
%   miu_check(+Steps)       Steps is a correct derivation starting from MI.
%
% Derivability.  S is a theorem iff it is M followed by I's and U's only and
% its number of I's is not a multiple of 3.  (Only rule 2 changes the I count
% modulo 3, by doubling it, and 1 doubled never reaches 0 mod 3; conversely
% the construction below derives every such string.)
%
% The construction (miu_derive/2).  Let Ni and Nu be the numbers of I's and
% U's of S, and N = Ni + 3*Nu, the I's S is "worth".
%   a. Take the least n >= 0 with 2^n >= N and 2^n = N (mod 3); rule 2
%      applied n times turns MI into M followed by 2^n I's.
%   b. The K = (2^n - N)/3 triples of I's beyond the first N are surplus.
%      When K is odd, rule 1 first adds a U at the end, so that the surplus
%      turns into an even number of U's.
%   c. Rule 3 turns the surplus triples into U's, the last triple first.
%   d. Rule 4 removes the surplus U's two by two, leaving M and N I's.
%   e. Rule 3 turns, from left to right, the triple of I's standing where S
%      has a U into that U.

%!  miu_theorem(+S) is semidet.
%   S (atom or list) is a theorem of the MIU system.
miu_theorem(S) :-
    miu_letters(S, L),
    theorem_letters(L).

%!  miu_derive(+S, -Steps) is det.
%   Steps derives S from MI; every step is Rule-String, Rule in 1..4.
miu_derive(S, Steps) :-
    derived_by(derivation, S, Steps).

%!  miu_shortest(+S, -Steps) is det.
%   Steps is a derivation of S from MI with the fewest rule applications.
miu_shortest(S, Steps) :-
    derived_by(shortest, S, Steps).

%   derived_by(+Method, +S, -Steps): call(Method, Letters, Steps0) derives
%   the letters of S; Steps is Steps0 with strings in the form of S (atoms or
%   lists).  Raises domain_error(miu_theorem, S) unless S is a theorem (also
%   when S has letters other than M, I and U).
derived_by(Method, S, Steps) :-
    (   miu_letters(S, L),
        theorem_letters(L)
    ->  true
    ;   domain_error(miu_theorem, S)
    ),
    call(Method, L, Steps0),
    (   is_list(S)
    ->  Steps = Steps0
    ;   maplist(step_atom, Steps0, Steps)
    ).

%!  miu_check(+Steps) is semidet.
%   Steps (Rule-String pairs, strings as atoms or lists) is a derivation
%   from MI: each string follows from the one before by its rule.
miu_check(Steps) :-
    must_be(list, Steps),
    check_from(Steps, [m, i]).

check_from([], _).
check_from([Rule-S|Steps], Prev) :-
    miu_letters(S, Next),
    once(rule(Rule, Prev, Next)),
    check_from(Steps, Next).

%   rule(?Rule, +Prev, ?Next): Next follows from Prev by Rule.
rule(1, Prev, Next) :-
    last(Prev, i),
    append(Prev, [u], Next).
rule(2, [m|X], [m|XX]) :-
    append(X, X, XX).
rule(3, Prev, Next) :-
    append(A, [i, i, i|B], Prev),
    append(A, [u|B], Next).
rule(4, Prev, Next) :-
    append(A, [u, u|B], Prev),
    append(A, B, Next).

% ---------------------------------------------------------------------------
% Strings

%   miu_letters(+S, -Letters): S as a list of the letters m, i, u; fails
%   when S uses other letters.
miu_letters(S, _) :-
    var(S),
    !,
    instantiation_error(S).
miu_letters(S, L) :-
    atom(S),
    !,
    downcase_atom(S, Lower),
    atom_chars(Lower, L),
    maplist(miu_letter, L).
miu_letters(S, L) :-
    is_list(S),
    !,
    maplist(miu_letter, S),
    L = S.
miu_letters(S, _) :-
    type_error(miu_string, S).

miu_letter(C) :-
    atom(C),
    memberchk(C, [m, i, u]).

theorem_letters([m|Rest]) :-
    maplist(i_or_u, Rest),
    count_i(Rest, 0, Ni),
    Ni mod 3 =\= 0.

i_or_u(i).
i_or_u(u).

count_i([], N, N).
count_i([C|Cs], N0, N) :-
    (   C == i
    ->  N1 is N0 + 1
    ;   N1 = N0
    ),
    count_i(Cs, N1, N).

step_atom(R-L, R-A) :-
    atomic_list_concat(L, Lower),
    upcase_atom(Lower, A).

% ---------------------------------------------------------------------------
% The construction, steps a to e above, on letter lists

derivation(Target, Steps) :-
    Target = [m|Body],
    count_i(Body, 0, Ni),
    length(Body, Len),
    Nu is Len - Ni,
    N is Ni + 3 * Nu,
    doubling_count(0, N, Exp),
    Total is 1 << Exp,
    K is (Total - N) // 3,
    doublings(Exp, 1, Steps, Steps1),                       % a
    (   K mod 2 =:= 1                                       % b
    ->  ones_then_us(Total, 1, Extra),
        Steps1 = [1-Extra|Steps2],
        Us0 = 1
    ;   Steps2 = Steps1,
        Us0 = 0
    ),
    triples_to_us(K, N, Us0, Steps2, Steps3),               % c
    Us is K + Us0,
    drop_us(Us, N, Steps3, Steps4),                         % d
    place_us(Body, [m], Steps4).                            % e

%   doubling_count(+E0, +N, -E): least E >= E0 with 2^E >= N, 2^E = N mod 3.
doubling_count(E0, N, E) :-
    P is 1 << E0,
    (   P >= N, P mod 3 =:= N mod 3
    ->  E = E0
    ;   E1 is E0 + 1,
        doubling_count(E1, N, E)
    ).

%   doublings(+Left, +Is, -Steps, ?Tail): rule 2 Left times from M I^Is.
doublings(0, _, Steps, Steps) :- !.
doublings(Left, Is0, [2-S|Steps], Tail) :-
    Is is 2 * Is0,
    ones_then_us(Is, 0, S),
    Left1 is Left - 1,
    doublings(Left1, Is, Steps, Tail).

%   triples_to_us(+K, +N, +Us0, -Steps, ?Tail): M I^(N+3K) U^Us0 becomes
%   M I^N U^(K+Us0), one rule 3 step per triple.
triples_to_us(0, _, _, Steps, Steps) :- !.
triples_to_us(K, N, Us0, [3-S|Steps], Tail) :-
    K1 is K - 1,
    Us is Us0 + 1,
    Is is N + 3 * K1,
    ones_then_us(Is, Us, S),
    triples_to_us(K1, N, Us, Steps, Tail).

%   drop_us(+Us, +N, -Steps, ?Tail): M I^N U^Us becomes M I^N by rule 4.
drop_us(0, _, Steps, Steps) :- !.
drop_us(Us0, N, [4-S|Steps], Tail) :-
    Us is Us0 - 2,
    ones_then_us(N, Us, S),
    drop_us(Us, N, Steps, Tail).

%   place_us(+Body, +DoneRev, -Steps): DoneRev is the finished part of the
%   target (reversed, starting with m); the rest of the string is still all
%   I's.  Each U of Body is made from the three I's in its place.
place_us([], _, []).
place_us([C|Cs], Done, Steps) :-
    (   C == u
    ->  worth(Cs, 0, Is),
        length(Ones, Is),
        maplist(=(i), Ones),
        reverse([u|Done], Front),
        append(Front, Ones, S),
        Steps = [3-S|Steps1]
    ;   Steps = Steps1
    ),
    place_us(Cs, [C|Done], Steps1).

%   worth(+Letters, +W0, -W): the number of I's the letters stand for.
worth([], W, W).
worth([C|Cs], W0, W) :-
    (   C == u
    ->  W1 is W0 + 3
    ;   W1 is W0 + 1
    ),
    worth(Cs, W1, W).

%   ones_then_us(+Is, +Us, -S): the string M I^Is U^Us.
ones_then_us(Is, Us, [m|S]) :-
    length(Ones, Is),
    maplist(=(i), Ones),
    length(Uss, Us),
    maplist(=(u), Uss),
    append(Ones, Uss, S).

% ---------------------------------------------------------------------------
% Shortest derivations (miu_shortest/2)
%
% Intermediate strings may be longer than the target (MIIIIIIII on the way to
% MUIIU), so no fixed length cap is a proof.  The search is iterative
% deepening on the number of steps D, each round a breadth-first search that
% keeps a string X met at depth d only if d + h_D(X) =< D, where h_D(X) is a
% lower bound on the steps from X to the target T on any derivation of at
% most D steps.
%
% The bound h_D.  Forget where the letters stand and keep only the counts
% (i, u) of I's and U's.  The rules act on counts as
%     1: (i, u) -> (i, u+1)      (needs i >= 1: the string ends in I)
%     2: (i, u) -> (2i, 2u)
%     3: (i, u) -> (i-3, u+1)    (needs i >= 3)
%     4: (i, u) -> (i, u-2)      (needs u >= 2)
% so every derivation X -> T of k steps maps to a path of k such moves from
% the counts of X to those of T, and the length of a shortest such path is a
% lower bound.  Rules 3 and 4 shorten a string by 2 and rules 1 and 2 never
% shorten it, so on a derivation of at most D steps every string has length
% at most t + 2D (t = |T|, lengths counting the M): it suffices to compute the
% count distances inside that region, by one breadth-first search backwards
% from T's counts over the region's points (count_table/3); a point from which
% T's counts cannot be reached inside the region is pruned at once.
% This bound contains the simpler ones: shrinking by at most 2 per step
% (ceil((|X| - t)/2)), growing by at most doubling, and the number of I's
% modulo 3, which only rule 2 changes.
%
% Why the first D that succeeds is the length of a shortest derivation.  Let
% a derivation of k =< D steps pass through X_0 = MI, ..., X_k = T.  The rest
% of it shows h_D(X_j) =< k - j, so j + h_D(X_j) =< D: no string of it fails
% the test at its depth.  The search is breadth-first with a visited set, and
% the test only gets harder with depth, so by induction each X_j is found at
% depth =< j, and T at depth =< k.  Hence the round for D finds T iff a
% derivation of at most D steps exists, and then a shortest one; the rounds
% run D = 0, 1, ..., so the first success is the optimum, every smaller D
% having been refuted exhaustively.  miu_derive's construction gives a
% derivation of U steps, so the rounds stop at U at the latest, and each
% round is finite (strings are at most t + 2D long).  Each string keeps the
% rule and the string it came from, and the layers are kept to walk back.

shortest(Target, Steps) :-
    derivation(Target, Upper0),
    length(Upper0, Upper),
    length(Target, T),
    count_i(Target, 0, TI),
    TU is T - 1 - TI,
    letters_code(Target, Code),
    letters_code([m, i], Start),
    between(0, Upper, D),
    MaxLen is T + 2 * D,
    count_table(TI-TU, MaxLen, Table),
    Goal = goal(Code, MaxLen, Table),
    distance_bound(Start, Goal, H0),
    H0 =< D,
    bounded_bfs(Start, D, Goal, CodeSteps),
    !,
    maplist(code_step, CodeSteps, Steps).

code_step(Rule-Code, Rule-Letters) :-
    code_letters(Code, Letters).

%   bounded_bfs(+Start, +D, +Goal, -Steps): a shortest derivation of the
%   goal string with at most D steps, breadth-first under the bound above.
%   Strings are codes (see letters_code/2); a layer is a list of
%   String-(Rule-Parent) pairs, sorted by String.
bounded_bfs(Start, D, Goal, Steps) :-
    bfs_layers([Start-start], [Start], 0, D, Goal, [], Steps).

bfs_layers(Layer, Visited, Depth, D, Goal, Earlier, Steps) :-
    Goal = goal(Target, _, _),
    (   memberchk(Target-Back, Layer)
    ->  walk_back(Earlier, Target-Back, [], Steps)
    ;   Depth < D,
        Layer \== [],
        Depth1 is Depth + 1,
        Slack is D - Depth1,
        findall(Next-(Rule-String),
                ( member(String-_, Layer),
                  code_rule(Rule, String, Next),
                  distance_bound(Next, Goal, H),
                  H =< Slack
                ),
                Found),
        sort(1, @<, Found, Sorted),
        unvisited(Sorted, Visited, New),
        pairs_keys(New, Strings),
        ord_union(Visited, Strings, Visited1),
        bfs_layers(New, Visited1, Depth1, D, Goal, [Layer|Earlier], Steps)
    ).

%   walk_back(+Layers, +String-Back, +Steps0, -Steps): Steps is the
%   derivation of String (Back = Rule-Parent, or start for MI) followed by
%   Steps0; Layers are the layers before String's, nearest first.
walk_back(_, _-start, Steps, Steps).
walk_back([Layer|Layers], String-(Rule-Parent), Steps0, Steps) :-
    memberchk(Parent-Back, Layer),
    walk_back(Layers, Parent-Back, [Rule-String|Steps0], Steps).

%   unvisited(+Pairs, +Visited, -New): the String-Path pairs (sorted by
%   String) whose String is not in the ordered set Visited.
unvisited([], _, []).
unvisited([S-P|Pairs], Visited, New) :-
    (   ord_memberchk(S, Visited)
    ->  New = New1
    ;   New = [S-P|New1]
    ),
    unvisited(Pairs, Visited, New1).

%   distance_bound(+String, +Goal, -H): h_D(String), at least 1 for a string
%   other than the target; fails when the target cannot be reached from
%   String through strings of at most MaxLen letters.
distance_bound(String, goal(Target, MaxLen, Table), H) :-
    (   String =:= Target
    ->  H = 0
    ;   Len is msb(String) + 1,
        Len =< MaxLen,
        I is popcount(String) - 1,
        U is Len - 1 - I,
        table_index(I, U, MaxLen, K),
        arg(K, Table, H0),
        integer(H0),
        H is max(1, H0)
    ).

%   table_index(+I, +U, +MaxLen, -K): the argument of the count table for
%   the counts (I, U); 0 =< I, U < MaxLen.
table_index(I, U, MaxLen, K) :-
    K is I * MaxLen + U + 1.

%   count_table(+TI-TU, +MaxLen, -Table): Table's argument for (I, U) (see
%   table_index/4) is the least number of count moves from (I, U) to
%   (TI, TU) through strings of at most MaxLen letters, or none.
count_table(Goal, MaxLen, Table) :-
    count_layers([Goal], [Goal], 0, MaxLen, Dists, []),
    keysort(Dists, Sorted),
    Size is MaxLen * MaxLen,
    fill_table(1, Size, Sorted, Cells),
    Table =.. [counts|Cells].

%   count_layers(+Layer, +Visited, +Dist, +MaxLen, -Dists, ?Tail): backward
%   breadth-first search; Dists are K-Dist pairs (K the table index).
count_layers([], _, _, _, Dists, Dists) :- !.
count_layers(Layer, Visited, Dist, MaxLen, Dists0, Dists) :-
    indexed(Layer, Dist, MaxLen, Dists0, Dists1),
    findall(P, (member(Q, Layer), count_pred(Q, MaxLen, P)), Ps0),
    sort(Ps0, Ps),
    ord_subtract(Ps, Visited, New),
    ord_union(Visited, New, Visited1),
    Dist1 is Dist + 1,
    count_layers(New, Visited1, Dist1, MaxLen, Dists1, Dists).

indexed([], _, _, Dists, Dists).
indexed([I-U|Points], Dist, MaxLen, [K-Dist|Dists0], Dists) :-
    table_index(I, U, MaxLen, K),
    indexed(Points, Dist, MaxLen, Dists0, Dists).

%   count_pred(+I-U, +MaxLen, -P): a count move leads from P to I-U, and a
%   string with P's counts has at most MaxLen letters.
count_pred(I-U, _, I-U1) :-                    % rule 1
    U >= 1,
    I >= 1,
    U1 is U - 1.
count_pred(I-U, _, I2-U2) :-                   % rule 2
    I > 0,
    I mod 2 =:= 0,
    U mod 2 =:= 0,
    I2 is I // 2,
    U2 is U // 2.
count_pred(I-U, MaxLen, I3-U3) :-              % rule 3
    U >= 1,
    I3 is I + 3,
    U3 is U - 1,
    I3 + U3 < MaxLen.
count_pred(I-U, MaxLen, I-U4) :-               % rule 4
    U4 is U + 2,
    I + U4 < MaxLen.

%   fill_table(+K, +Size, +Dists, -Cells): Cells for indices K..Size, from
%   the sorted K-Dist pairs, none where there is none.
fill_table(K, Size, _, []) :-
    K > Size,
    !.
fill_table(K, Size, Dists0, [Cell|Cells]) :-
    (   Dists0 = [K-Dist|Dists]
    ->  Cell = Dist
    ;   Cell = none,
        Dists = Dists0
    ),
    K1 is K + 1,
    fill_table(K1, Size, Dists, Cells).

%   The search works on strings coded as integers: a 1 bit for the M, then
%   one bit per letter, 1 for I and 0 for U, the last letter lowest.  MI is
%   2'11, MIIU is 2'1110.  The length is msb + 1 and the number of I's
%   popcount - 1.  code_rule/3 is rule/3 on codes; every derivation that
%   miu_shortest/2 returns can be checked with miu_check/1, which uses rule/3.

letters_code([m|Body], Code) :-
    foldl(letter_bit, Body, 1, Code).

letter_bit(i, C0, C) :- C is C0 << 1 \/ 1.
letter_bit(u, C0, C) :- C is C0 << 1.

code_letters(Code, [m|Body]) :-
    N is msb(Code),
    code_body(N, Code, Body).

code_body(0, _, []) :- !.
code_body(N, Code, [L|Ls]) :-
    N1 is N - 1,
    (   (Code >> N1) /\ 1 =:= 1
    ->  L = i
    ;   L = u
    ),
    code_body(N1, Code, Ls).

%   code_rule(?Rule, +Code, -Next): rule/3 on codes.  The letters after the
%   M are bits msb-1 (first) down to 0 (last).
code_rule(1, C, N) :-                          % xI -> xIU
    C /\ 1 =:= 1,
    N is C << 1.
code_rule(2, C, N) :-                          % Mx -> Mxx
    B is msb(C),
    N is (C << B) \/ (C xor (1 << B)).
code_rule(3, C, N) :-                          % III (bits P+2..P) -> U
    Top is msb(C) - 3,
    between(0, Top, P),
    (C >> P) /\ 7 =:= 7,
    N is ((C >> (P + 3)) << (P + 1)) \/ (C /\ ((1 << P) - 1)).
code_rule(4, C, N) :-                          % UU (bits P+1..P) -> nothing
    Top is msb(C) - 2,
    between(0, Top, P),
    (C >> P) /\ 3 =:= 0,
    N is ((C >> (P + 2)) << P) \/ (C /\ ((1 << P) - 1)).
