% rules/magic.pl -- bit-flipping puzzles solved by linear algebra mod 2:
% Fractal MAGIC (seed "The Fractal MAGIC Universe", G. Langlet), Merlin's
% square (the 3x3 MAGIC), Lights Out on any R x C board, and any mask set.
%
% The puzzles.  A board is a list of rows of 0/1.  A mask is a board of the
% same shape; pressing it flips every cell where the mask has a 1.  Given a
% Start and a Goal board, find the fewest presses that turn Start into Goal.
% Pressing twice undoes a press and the order does not matter, so a solution
% is a SET of masks: the masks X with  XOR of X = Start xor Goal,  a linear
% system over GF(2) (one unknown per mask, one equation per cell).  Presses
% are given as the ascending list of the masks' 0-based indices.
%
% Mask sets (the first argument of the solving predicates) are a list of mask
% boards, or one of these names (which the solver never expands to a list):
%
%   fractal(K)      2^K cells, rows of 2^(K - K//2) cells (fractal(4) is the
%                   seed's 4x4, fractal(20) is 1024x1024).  Cells and masks
%                   are numbered 0..2^K-1 row by row; mask I flips the cells
%                   J whose binary digits are among those of I (J /\ I =:= J):
%                   mask 0 flips cell 0 only, mask 2^K-1 flips every cell.
%                   Ravelled one per row, the masks form the Sierpinski
%                   triangle (Pascal's triangle mod 2), the seed's mirrored
%                   "geniton", which is its own inverse mod 2: the presses
%                   for a change D are D itself transformed by the masks, so
%                   every goal is reachable in exactly one way.
%   merlin          Merlin's square: button I (row by row) flips a corner's
%                   2x2 block, an edge's side, or the centre's plus sign.
%   lights_out(R,C) button I flips cell I and its orthogonal neighbours.
%
% The seed's numbering.  The seed numbers its 16 masks from 0 to 15 and
% prints the solution "in 0-origin" (APL's X/⍳⍴X with ⎕IO=0), and its matrix
% is the ⊖-mirrored geniton, whose row I is the set of J with J /\ I =:= J.
% So its answer 1 3 4 5 6 13 15 is in exactly our convention.  (The seed's
% figure with the Start and Goal boards is not in its text; the scripts use a
% Start/Goal pair whose difference is D = X M for the seed's X.)
%
% Native builtins (src/puzzles/gf2), on vectors (lists of 0/1, or boards
% read row by row) and press sets (ascending index lists):
%
%   gf2_solve(+Columns, +B, -X, -Basis)    X a solution of "XOR of the
%       Columns in X = B", Basis a basis of the null space (press sets that
%       change nothing); fails when B is unreachable.  Bit-packed
%       Gauss-Jordan elimination.
%   gf2_lights_out(+R, +C, +B, -X, -Basis) the same for lights_out(R, C) by
%       light chasing: the first row's presses fix all the others, which
%       leaves a min(R,C)-square system (100x100 in about a millisecond).
%   gf2_fractal(+K, +B, -X)                fractal(K) by the fast Sierpinski
%       transform, O(K 2^K / 64) word operations, no matrix.
%   gf2_xor(+A, +B, -C)                    cell by cell exclusive or; C has
%       the shape of A.
%   gf2_min_weight(+X, +Basis, -Min)       the press set with the fewest
%       presses among X plus the sums of Basis (ties: the first in standard
%       order), exact: all 2^k sums (k the rank of Basis) are scored by
%       Walsh-Hadamard transforms on every core, 2^32 in about 6 s;
%       resource_error(gf2_nullity), with a message, beyond k = 36.
%       Ctrl-C and call_with_time_limit/2 end a long search.
%   gf2_min_weight(+X, +Basis, +MaxNullity, -Min)  the same, with the limit
%       MaxNullity (0..62) instead of 36.
%
% Predicates
%   magic_masks(+Name, -Masks)              the masks of a named set, as a list.
%   magic_mask(+MaskSet, +I, -Mask)         mask I of a mask set.
%   magic_shape(+MaskSet, -Rows, -Cols)     the board shape of a mask set.
%   magic_blank(+MaskSet, +Bit, -Board)     a board of that shape, all Bit.
%   magic_solve(+MaskSet, +Start, +Goal, -Presses)
%                                           fewest presses (ascending 0-based
%                                           mask indices); FAILS, without a
%                                           message, when Goal is unreachable;
%                                           raises resource_error(gf2_nullity)
%                                           when the nullity exceeds 36
%                                           (lights_out(39,39) has 32: 6 s;
%                                           79x79 has 64).  The nullity of
%                                           lights_out(N,N) is 0 for most N,
%                                           2 for 5x5.
%   magic_solve(+MaskSet, +Start, +Goal, -Presses, +Options)
%                                           options minimal(Bool) (false: any
%                                           solution, at once, any nullity)
%                                           and max_nullity(K) (default 36).
%   magic_reachable(+MaskSet, +Start, +Goal)    semidet.
%   magic_null_space(+MaskSet, -Basis)      press sets that change nothing:
%                                           Basis spans them; its length is
%                                           the nullity (each goal that is
%                                           reachable at all is reachable in
%                                           2^nullity ways).
%   magic_press(+Mask, +Board0, -Board)     flip the cells under Mask.
%   magic_apply(+MaskSet, +Presses, +Board0, -Board)  press them in order.
%   magic_path(+MaskSet, +Start, +Goal, -Boards)
%                                           the boards from Start to Goal,
%                                           pressing the solution in order.
%   magic_show(+Board)                      prints a board, # for 1, . for 0.
%   magic_show_path(+Boards)                prints boards side by side.
%   magic_matrix(+Masks, -Matrix)           one ravelled mask per row.
%   gf2_mat_mul(+A, +B, -C)                 matrix product mod 2.
%   gf2_identity(+N, -I)                    the N x N identity matrix.
%   magic_solve_pl(+Masks, +Start, +Goal, -Presses)
%                                           magic_solve/4 in pure Prolog (a
%                                           readable reference for small mask
%                                           lists, and a cross-check; it uses
%                                           no native builtin, so SWI-Prolog
%                                           runs it too).
%
% Errors: an unbound mask set or board raises an instantiation error, an
% unknown mask set domain_error(magic_masks, Set), a board of the wrong
% shape domain_error(magic_board(Rows, Cols), Board), a cell other than
% 0/1 domain_error(bit, Cell).

% ---------------------------------------------------------------------------
% Mask sets

%!  magic_shape(+MaskSet, -Rows, -Cols) is det.
magic_shape(Set, _, _) :-
    var(Set), !,
    instantiation_error(Set).
magic_shape(fractal(K), Rows, Cols) :- !,
    must_be(nonneg, K),
    Rows is 1 << (K // 2),
    Cols is 1 << (K - K // 2).
magic_shape(merlin, 3, 3) :- !.
magic_shape(lights_out(R, C), R, C) :- !,
    must_be(nonneg, R),
    must_be(nonneg, C).
magic_shape([Mask|_], Rows, Cols) :-
    is_list(Mask), !,
    board_shape(Mask, Rows, Cols).
magic_shape(Set, _, _) :-
    domain_error(magic_masks, Set).

%!  magic_masks(+Name, -Masks) is det.
%   All masks of a named set, mask 0 first.  (A list is its own mask list.)
magic_masks(Set, Masks) :-
    magic_shape(Set, Rows, Cols),
    N is Rows * Cols,
    (   is_list(Set)
    ->  Masks = Set
    ;   Last is N - 1,
        findall(Mask, (between(0, Last, I), magic_mask(Set, I, Mask)), Masks)
    ).

%!  magic_mask(+MaskSet, +I, -Mask) is semidet.
%   Mask I (0-based) of a mask set; fails when there is no mask I.
magic_mask(Set, I, Mask) :-
    magic_shape(Set, Rows, Cols),
    must_be(integer, I),
    mask(Set, Rows, Cols, I, Mask).

mask(merlin, _, _, I, Mask) :- !,
    merlin_mask(I, Mask).
mask(Masks, _, _, I, Mask) :-
    is_list(Masks), !,
    nth0(I, Masks, Mask).
mask(Set, Rows, Cols, I, Mask) :-
    I >= 0, I < Rows * Cols,
    cell_board(Rows, Cols, cell_in_mask(Set, Cols, I), Mask).

% cell_in_mask(+Set, +Cols, +I, +J, -Bit): does mask I of Set flip cell J?
cell_in_mask(fractal(_), _, I, J, Bit) :-
    (   J /\ I =:= J -> Bit = 1 ; Bit = 0 ).
cell_in_mask(lights_out(_, _), Cols, I, J, Bit) :-
    (   abs(I // Cols - J // Cols) + abs(I mod Cols - J mod Cols) =< 1
    ->  Bit = 1
    ;   Bit = 0
    ).

% Merlin's square: the buttons, row by row, are
%     0 1 2      a corner flips its 2x2 block,
%     3 4 5      an edge flips its side of the square,
%     6 7 8      the centre flips itself and the four edges.
merlin_mask(0, [[1,1,0],[1,1,0],[0,0,0]]).
merlin_mask(1, [[1,1,1],[0,0,0],[0,0,0]]).
merlin_mask(2, [[0,1,1],[0,1,1],[0,0,0]]).
merlin_mask(3, [[1,0,0],[1,0,0],[1,0,0]]).
merlin_mask(4, [[0,1,0],[1,1,1],[0,1,0]]).
merlin_mask(5, [[0,0,1],[0,0,1],[0,0,1]]).
merlin_mask(6, [[0,0,0],[1,1,0],[1,1,0]]).
merlin_mask(7, [[0,0,0],[0,0,0],[1,1,1]]).
merlin_mask(8, [[0,0,0],[0,1,1],[0,1,1]]).

% ---------------------------------------------------------------------------
% Boards

% cell_board(+Rows, +Cols, :Cell, -Board): Board's cell J (row by row) is
% the Bit of call(Cell, J, Bit).
cell_board(Rows, Cols, Cell, Board) :-
    LastRow is Rows - 1,
    findall(Row,
            ( between(0, LastRow, R),
              First is R * Cols,
              Last is First + Cols - 1,
              int_range(First, Last, Js),
              maplist(Cell, Js, Row) ),
            Board).

% int_range/3: like numlist/3, but empty when Last < First.
int_range(First, Last, []) :- Last < First, !.
int_range(First, Last, L) :- numlist(First, Last, L).

%!  magic_blank(+MaskSet, +Bit, -Board) is det.
magic_blank(Set, Bit, Board) :-
    magic_shape(Set, Rows, Cols),
    length(Row, Cols),
    maplist(=(Bit), Row),
    length(Board, Rows),
    maplist(=(Row), Board).

board_shape(Board, Rows, Cols) :-
    must_be(list, Board),
    length(Board, Rows),
    (   Board = [Row|_] -> must_be(list, Row), length(Row, Cols) ; Cols = 0 ).

% check_board(+Rows, +Cols, +Board): Board has this shape.
check_board(Rows, Cols, Board) :-
    must_be(list, Board),
    (   length(Board, Rows),
        maplist(row_of_length(Cols), Board)
    ->  true
    ;   domain_error(magic_board(Rows, Cols), Board)
    ).

row_of_length(Cols, Row) :-
    is_list(Row),
    length(Row, Cols).

% board_xor(+A, +B, -C): cell by cell exclusive or (natively: a million
% cells take milliseconds; it also checks that every cell is 0 or 1).
board_xor(A, B, C) :-
    gf2_xor(A, B, C).

%!  magic_press(+Mask, +Board0, -Board) is det.
magic_press(Mask, Board0, Board) :-
    board_xor(Board0, Mask, Board).

%!  magic_apply(+MaskSet, +Presses, +Board0, -Board) is det.
magic_apply(Set, Presses, Board0, Board) :-
    foldl(press_index(Set), Presses, Board0, Board).

press_index(Set, I, Board0, Board) :-
    (   magic_mask(Set, I, Mask)
    ->  magic_press(Mask, Board0, Board)
    ;   domain_error(magic_mask_index, I)
    ).

% ---------------------------------------------------------------------------
% Solving

% difference(+Xor, +Set, +Start, +Goal, -D): the change to make, after
% checking the shapes; Xor is board_xor (native) or board_xor_pl.
difference(Xor, Set, Start, Goal, D) :-
    magic_shape(Set, Rows, Cols),
    check_board(Rows, Cols, Start),
    check_board(Rows, Cols, Goal),
    call(Xor, Start, Goal, D).

% system(+Set, +D, -X, -Basis): the solutions are X plus sums of Basis;
% fails when D cannot be made.
system(fractal(K), D, X, []) :- !,
    gf2_fractal(K, D, X).
system(lights_out(R, C), D, X, Basis) :- !,
    gf2_lights_out(R, C, D, X, Basis).
system(Set, D, X, Basis) :-
    magic_masks(Set, Masks),
    gf2_solve(Masks, D, X, Basis).

%!  magic_solve(+MaskSet, +Start, +Goal, -Presses) is semidet.
%   Presses: the fewest masks (ascending 0-based indices) that turn Start
%   into Goal.  When the masks are dependent (a non-trivial null space) the
%   least of the 2^nullity solutions is searched; fails when no presses
%   turn Start into Goal.  Same as magic_solve(Set, Start, Goal, Presses, []).
magic_solve(Set, Start, Goal, Presses) :-
    magic_solve(Set, Start, Goal, Presses, []).

%!  magic_solve(+MaskSet, +Start, +Goal, -Presses, +Options) is semidet.
%   As magic_solve/4, with Options:
%     minimal(true)     (default) the fewest presses, by an exhaustive search
%                       of the null space on every core (among equally few,
%                       the first list in standard order, whatever the
%                       threads do; Ctrl-C and call_with_time_limit/2 end it);
%                       resource_error(gf2_nullity), with a message, when
%                       its dimension exceeds the limit.
%     minimal(false)    any solution, at once, whatever the nullity: the one
%                       that presses no free mask of the elimination (for
%                       lights_out(R, C): none of the first row's buttons
%                       that the chase leaves free).
%     max_nullity(K)    the limit of the search, 0 =< K =< 62, default 36.
%                       The search examines 2^nullity candidates: 2^32 in
%                       about 6 s on two cores, 2^36 under two minutes, and
%                       each further dimension doubles the time.
magic_solve(Set, Start, Goal, Presses, Options) :-
    solve_options(Options, Minimal, MaxNullity),
    difference(board_xor, Set, Start, Goal, D),
    system(Set, D, X, Basis),
    (   ( Basis == [] ; Minimal == false )
    ->  Presses = X                     % the only solution, or any
    ;   gf2_min_weight(X, Basis, MaxNullity, Presses)
    ).

% solve_options(+Options, -Minimal, -MaxNullity): the options of
% magic_solve/5, checked, with their defaults.
solve_options(Options, Minimal, MaxNullity) :-
    must_be(list, Options),
    foldl(solve_option, Options, true-36, Minimal-MaxNullity).

solve_option(Option, _, _) :-
    var(Option), !,
    instantiation_error(Option).
solve_option(minimal(B), _-K, B-K) :- !,
    must_be(boolean, B).
solve_option(max_nullity(K), B-_, B-K) :- !,
    must_be(nonneg, K),
    (   K =< 62 -> true ; domain_error(gf2_max_nullity, K) ).
solve_option(Option, _, _) :-
    domain_error(magic_solve_option, Option).

%!  magic_reachable(+MaskSet, +Start, +Goal) is semidet.
magic_reachable(Set, Start, Goal) :-
    difference(board_xor, Set, Start, Goal, D),
    system(Set, D, _, _).

%!  magic_null_space(+MaskSet, -Basis) is det.
magic_null_space(Set, Basis) :-
    magic_blank(Set, 0, Zero),
    system(Set, Zero, _, Basis).

%!  magic_path(+MaskSet, +Start, +Goal, -Boards) is semidet.
%   Boards = [Start, ..., Goal]: one board after each press of the solution
%   of magic_solve/4, in ascending order.
magic_path(Set, Start, Goal, [Start|Boards]) :-
    magic_solve(Set, Start, Goal, Presses),
    foldl(path_step(Set), Presses, Boards, Start, _).

path_step(Set, I, Board, Board0, Board) :-
    press_index(Set, I, Board0, Board).

% ---------------------------------------------------------------------------
% Printing

%!  magic_show(+Board) is det.
magic_show(Board) :-
    magic_show_path([Board]).

%!  magic_show_path(+Boards) is det.
%   Prints the boards side by side, three spaces apart.
magic_show_path([]) :- !.
magic_show_path(Boards) :-
    Boards = [First|_],
    length(First, Rows),
    forall(between(1, Rows, R),
           ( maplist(nth1(R), Boards, Row),
             maplist(row_text, Row, Texts),
             atomic_list_concat(Texts, '   ', Line),
             format("~w~n", [Line]) )).

row_text(Row, Text) :-
    maplist(cell_char, Row, Chars),
    atomic_list_concat(Chars, ' ', Text).

cell_char(0, '.').
cell_char(1, '#').

% ---------------------------------------------------------------------------
% Matrices mod 2 (lists of rows of 0/1), for checking the seed's facts

%!  magic_matrix(+Masks, -Matrix) is det.
%   Row I of Matrix is mask I ravelled (its rows concatenated).
magic_matrix(Set, Matrix) :-
    magic_masks(Set, Masks),
    maplist(append, Masks, Matrix).

%!  gf2_mat_mul(+A, +B, -C) is det.
%   C = A B over GF(2).
gf2_mat_mul(A, B, C) :-
    transpose_rows(B, BT),
    maplist(row_times(BT), A, C).

row_times(BT, Row, Out) :-
    maplist(dot_mod2(Row), BT, Out).

dot_mod2(U, V, Bit) :-
    foldl(and_xor, U, V, 0, Bit).

and_xor(X, Y, Acc0, Acc) :-
    Acc is Acc0 xor (X /\ Y).

%!  gf2_identity(+N, -I) is det.
gf2_identity(N, I) :-
    Last is N - 1,
    findall(Row,
            ( between(0, Last, R),
              findall(B, (between(0, Last, C), (R =:= C -> B = 1 ; B = 0)), Row) ),
            I).

% transpose_rows(+Rows, -Columns)
transpose_rows([], []) :- !.
transpose_rows([[]|_], []) :- !.
transpose_rows(Rows, [Col|Cols]) :-
    maplist(split_first, Rows, Col, Rests),
    transpose_rows(Rests, Cols).

split_first([X|Xs], X, Xs).

% ---------------------------------------------------------------------------
% A pure Prolog reference solver
%
% Equations are integers used as bit sets: bit I is the coefficient of mask
% I, bit N (N masks) the right-hand side.  Gauss-Jordan elimination picks,
% for each column in turn, an equation with that bit as the pivot and clears
% the bit from every other equation; the pivots then give a solution with
% all free unknowns 0, and each free unknown F a null-space vector ({F} plus
% the pivots whose equation contains F).  The minimum is found by trying all
% sums of the null-space vectors.

%!  magic_solve_pl(+MaskSet, +Start, +Goal, -Presses) is semidet.
magic_solve_pl(Set, Start, Goal, Presses) :-
    difference(board_xor_pl, Set, Start, Goal, D),
    magic_masks(Set, Masks),
    gf2_solve_pl(Masks, D, X, Basis),
    findall(W-P,
            ( sum_of_some(Basis, X, S),
              W is popcount(S),
              set_indices(S, P) ),
            Candidates),
    msort(Candidates, [_-Presses|_]).

% board_xor_pl(+A, +B, -C): board_xor/3 in Prolog.
board_xor_pl(A, B, C) :-
    maplist(maplist(bit_xor), A, B, C).

bit_xor(X, Y, Z) :-
    must_be_bit(X),
    must_be_bit(Y),
    Z is X xor Y.

must_be_bit(X) :-
    must_be(integer, X),
    (   X >> 1 =:= 0 -> true ; domain_error(bit, X) ).

%!  gf2_solve_pl(+Columns, +B, -X, -Basis) is semidet.
%   As gf2_solve/4, but X and the Basis vectors are integers (bit sets).
gf2_solve_pl(Columns, B, X, Basis) :-
    maplist(append, Columns, Cols),
    append(B, Bs),
    length(Cols, N),
    transpose_rows(Cols, CellRows),           % one row of coefficients per cell
    maplist(equation(N), CellRows, Bs, Eqs),
    eliminate(Eqs, 0, N, [], Pivots, Rest),
    RHS is 1 << N,
    \+ ( member(E, Rest), E /\ RHS =\= 0 ),   % no equation 0 = 1
    foldl(pivot_solution(RHS), Pivots, 0, X),
    Last is N - 1,
    findall(V,
            ( between(0, Last, F),
              \+ memberchk(F-_, Pivots),
              foldl(free_vector(F), Pivots, 1 << F, V) ),
            Basis).

equation(N, Coefs, Rhs, E) :-
    foldl(add_coef, Coefs, 0-0, E0-_),
    E is E0 \/ (Rhs << N).

add_coef(C, E0-I, E-I1) :-
    E is E0 \/ (C << I),
    I1 is I + 1.

% eliminate(+Eqs, +Col, +N, +Pivots0, -Pivots, -Rest)
eliminate(Eqs, N, N, Pivots, Pivots, Eqs) :- !.
eliminate(Eqs, Col, N, Pivots0, Pivots, Rest) :-
    Col1 is Col + 1,
    (   select(P, Eqs, Eqs1), P /\ (1 << Col) =\= 0
    ->  maplist(clear(P, Col), Eqs1, Eqs2),
        maplist(clear_pivot(P, Col), Pivots0, Pivots1),
        eliminate(Eqs2, Col1, N, [Col-P|Pivots1], Pivots, Rest)
    ;   eliminate(Eqs, Col1, N, Pivots0, Pivots, Rest)
    ).

clear(P, Col, E0, E) :-
    (   E0 /\ (1 << Col) =\= 0 -> E is E0 xor P ; E = E0 ).

clear_pivot(P, Col, C-E0, C-E) :-
    clear(P, Col, E0, E).

pivot_solution(RHS, C-E, X0, X) :-
    (   E /\ RHS =\= 0 -> X is X0 \/ (1 << C) ; X = X0 ).

free_vector(F, C-E, V0, V) :-
    (   E /\ (1 << F) =\= 0 -> V is V0 \/ (1 << C) ; V = V0 ).

% sum_of_some(+Vectors, +X0, -X): X0 plus the sum of a subset of Vectors.
sum_of_some([], X, X).
sum_of_some([_|Vs], X0, X) :-
    sum_of_some(Vs, X0, X).
sum_of_some([V|Vs], X0, X) :-
    X1 is X0 xor V,
    sum_of_some(Vs, X1, X).

% set_indices(+Set, -Indices): the one bits of an integer, ascending.
set_indices(0, []) :- !.
set_indices(S, [I|Is]) :-
    I is lsb(S),
    S1 is S xor (1 << I),
    set_indices(S1, Is).
