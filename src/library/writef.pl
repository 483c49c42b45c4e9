/*  writef.pl -- writef/1,2: formatted output with SWI-Prolog's old
    `%w` directives.

    Part of puzzlog's Prolog library.  In the format text, `%w` writes the
    next argument, `%p` prints it, `%d` writes it (an integer), `%s` writes
    a list of character codes, `%Nl`, `%Nr`, `%Nc` write the next argument
    left-aligned, right-aligned or centred in N columns; `\l` (backslash,
    l) is a newline, `\n` too.  Any other character is written as it is.
*/

:- module(writef, [writef/1, writef/2]).

%!  writef(+Format)
%
%   writef(Format, []).
writef(Format) :-
    writef(Format, []).

%!  writef(+Format, +Arguments)
%
%   Writes Format with its directives replaced by Arguments.
writef(Format, Args) :-
    text_to_string(Format, S),
    string_codes(S, Codes),
    writef_codes(Codes, Args).

writef_codes([], _).
writef_codes([0'%, 0'w|Cs], [A|As]) :- !, write(A), writef_codes(Cs, As).
writef_codes([0'%, 0'p|Cs], [A|As]) :- !, print(A), writef_codes(Cs, As).
writef_codes([0'%, 0'd|Cs], [A|As]) :- !, write(A), writef_codes(Cs, As).
writef_codes([0'%, 0's|Cs], [A|As]) :-
    is_list(A),
    !,
    format("~s", [A]),
    writef_codes(Cs, As).
writef_codes([0'%|Cs0], [A|As]) :-
    writef_column(Cs0, N, Align, Cs),
    !,
    format(atom(T), "~w", [A]),
    atom_length(T, L),
    writef_padding(Align, N, L, Pad),
    writef_pad(Align, Pad, T),
    writef_codes(Cs, As).
writef_codes([0'\\, 0'l|Cs], As) :- !, nl, writef_codes(Cs, As).
writef_codes([0'\\, 0'n|Cs], As) :- !, nl, writef_codes(Cs, As).
writef_codes([C|Cs], As) :-
    put_code(C),
    writef_codes(Cs, As).

%   `%Nl`, `%Nr`, `%Nc`: a column of N characters.
writef_column(Cs0, N, Align, Cs) :-
    writef_digits(Cs0, Ds, [A|Cs]),
    Ds \== [],
    number_codes(N, Ds),
    writef_align(A, Align).

writef_digits([D|Cs0], [D|Ds], Cs) :-
    code_type(D, digit),
    !,
    writef_digits(Cs0, Ds, Cs).
writef_digits(Cs, [], Cs).

writef_align(0'l, left).
writef_align(0'r, right).
writef_align(0'c, centre).

%   Text that fills its column or is wider gets a space on its padded side
%   (each side when centred).
writef_padding(Align, N, L, Pad) :-
    (   L < N
    ->  Pad is N - L
    ;   Align == centre
    ->  Pad = 2
    ;   Pad = 1
    ).

writef_pad(left, Pad, T) :- write(T), tab(Pad).
writef_pad(right, Pad, T) :- tab(Pad), write(T).
writef_pad(centre, Pad, T) :-
    R is Pad // 2,
    L is Pad - R,
    tab(L),
    write(T),
    tab(R).
