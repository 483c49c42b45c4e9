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
% miu_derive/2 are upper-case atoms when the target was an atom, lists when
% it was a list.
%
% Predicates
%   miu_theorem(+S)         S is derivable from MI.
%   miu_derive(+S, -Steps)  a derivation of S: Steps = [Rule-String, ...], one
%                           pair per rule application, from MI (excluded) to S.
%                           A non-theorem raises domain_error(miu_theorem, S).
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
    miu_letters(S, L),
    (   theorem_letters(L)
    ->  true
    ;   domain_error(miu_theorem, S)
    ),
    derivation(L, Steps0),
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
