% tuples_in/2: 4x4 word squares (every row and every column is a word of
% the list, letters as integers 1..26), all solutions counted, first few
% printed; then a table-constrained path count.
:- use_module(library(clpfd)).

bench :-
    words(Ws), maplist(word_codes, Ws, Table),
    findall(Rows, square(Table, Rows), Sols),
    length(Sols, N),
    format("word squares: ~w~n", [N]),
    forall(( member(S, Sols), S = [R1|_], R1 = [1|_] ),
           ( maplist(letters, S, Atoms), format("  ~w~n", [Atoms]) )),
    aggregate_all(count, path(12, _), P),
    format("paths: ~w~n", [P]).

square(Table, Rows) :-
    length(Rows, 4), maplist(same_length(Rows), Rows),
    append(Rows, Vs), Vs ins 1..26,
    tuples_in(Rows, Table),
    transpose(Rows, Cols),
    tuples_in(Cols, Table),
    label(Vs).

word_codes(W, Ls) :- atom_codes(W, Cs), maplist(letter, Cs, Ls).
letter(C, L) :- L is C - 0'a + 1.
letters(Ls, A) :- maplist(code_of, Ls, Cs), atom_codes(A, Cs).
code_of(L, C) :- C is L + 0'a - 1.

% sequences of 1..6 of length Len where each consecutive pair is an allowed
% move and the sequence starts and ends at 1
path(Len, Xs) :-
    length(Xs, Len), Xs ins 1..6,
    Xs = [1|_], last(Xs, 1),
    findall([A,B], move(A,B), Moves),
    pairs(Xs, Ps),
    tuples_in(Ps, Moves),
    label(Xs).

pairs([_], []).
pairs([A,B|T], [[A,B]|Ps]) :- pairs([B|T], Ps).

move(A, B) :- between(1, 6, A), between(1, 6, B), A =\= B, (A + B) mod 3 =\= 0.

words([able, acre, aged, aide, also, area, arts, atom, aunt, bake, bare, base,
       bead, bear, beat, bell, bend, best, bids, bite, boat, bold, bone, bore,
       care, cart, case, cast, cede, cite, coat, code, cold, come, cone, core,
       dare, date, deal, dear, deed, dent, dial, dice, does, done, dose, dote,
       each, earn, ease, east, eats, edge, emit, ends, eras, even, idea, idle,
       iron, item, lace, lake, lane, late, lead, lean, line, lion, lone, lore,
       mare, mate, meal, mean, meat, mere, mine, mode, more, name, near, neat,
       nest, node, none, note, once, ones, open, oral, ores, pale, pane, pare,
       race, rate, read, real, rear, rest, rice, ride, rite, road, rode, role,
       rose, sale, same, sand, seat, sent, site, sled, soda, sore, star, stem,
       tale, tame, tear, teas, tend, tens, tide, tile, time, toes, tone, tore,
       tree, trim, unit, used, user, vase, vast, veto, vote]).
