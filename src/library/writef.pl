/*  writef.pl -- writef/1,2 and swritef/2,3: the formatted output of
    Edinburgh C-Prolog, as SWI-Prolog's library(writef) has it.

    Part of puzzlog's Prolog library.  The format is an atom, a string or a
    list of character codes (anything else writes nothing).  In it:

      %w  writes the next argument          %p, %t  print it
      %q  writes it quoted                  %d      write_canonical
      %n  puts it as a character code       %s      puts its codes (a list)
      %r  writes the next argument as many times as the one after it says
      %f  flushes the output (takes no argument)
      %Nl, %Nr, %Nc (or %NL, %NR, %NC; N of one to three digits)
          writes the next argument left-aligned, right-aligned or centred
          in N columns, with at least one space on its padded side(s); a
          list of printable codes is written as text
      \n, \l, \r  newline    \t  tab    \\  backslash    \%  percent
      \D  the character of code D (one to three decimal digits, below 128)

    A sequence that does not apply (an unknown one, or one whose argument
    is missing or of the wrong kind) is written as it stands, and its
    argument stays for the next one.  writef/2 always succeeds, and the
    bindings made while writing are undone.
*/

:- module(writef, [writef/1, writef/2, swritef/2, swritef/3]).

%!  writef(+Format)
%
%   writef(Format, []).
writef(Format) :-
    writef(Format, []).

%!  writef(+Format, +Arguments)
%
%   Writes Format with its sequences replaced as the module header says.
writef(Format, Args) :-
    \+ \+ ( writef_format(Format, Codes)
          -> writef_codes(Codes, Args)
          ;  true
          ).

%!  swritef(-String, +Format, +Arguments)
%
%   The output of writef(Format, Arguments) as a string.
swritef(String, Format, Args) :-
    with_output_to(string(String), writef(Format, Args)).

%!  swritef(-String, +Format)
%
%   swritef(String, Format, []).
swritef(String, Format) :-
    swritef(String, Format, []).

%   The codes of a format: a list is taken as codes, a string or an atom
%   gives its codes.
writef_format(Format, Codes) :-
    (   Format = [_|_]
    ->  Codes = Format
    ;   string(Format)
    ->  string_codes(Format, Codes)
    ;   atom(Format)
    ->  atom_codes(Format, Codes)
    ).

writef_codes([], _).
writef_codes([0'%, C|Cs], Args) :-
    writef_action(C, Args, Rest),
    !,
    writef_codes(Cs, Rest).
writef_codes([0'%, D|Cs0], [Arg|Args]) :-
    writef_column(Width, Align, [D|Cs0], Cs),
    !,
    writef_padded(Arg, Width, Align),
    writef_codes(Cs, Args).
writef_codes([0'\\, C|Cs], Args) :-
    writef_special(C, Code),
    !,
    put(Code),
    writef_codes(Cs, Args).
writef_codes([0'\\|Cs0], Args) :-
    writef_digits(Cs0, Ds, Cs),
    Ds \== [],
    number_codes(Code, Ds),
    Code < 128,
    !,
    put(Code),
    writef_codes(Cs, Args).
writef_codes([C|Cs], Args) :-
    put(C),
    writef_codes(Cs, Args).

%   writef_action(+Letter, +Args, -Rest): the `%Letter` sequences.
writef_action(0'w, [A|As], As) :- write(A).
writef_action(0'p, [A|As], As) :- print(A).
writef_action(0't, [A|As], As) :- print(A).
writef_action(0'q, [A|As], As) :- writeq(A).
writef_action(0'd, [A|As], As) :- write_canonical(A).
writef_action(0'n, [C|As], As) :- put(C).
writef_action(0'r, [A, Times|As], As) :- writef_repeat(Times, A).
writef_action(0's, [Codes|As], As) :- writef_put_all(Codes).
writef_action(0'f, As, As) :- flush_output.

writef_repeat(N, A) :-
    N > 0,
    !,
    write(A),
    N1 is N - 1,
    writef_repeat(N1, A).
writef_repeat(_, _).

%   Puts the characters of a list (codes or one-character atoms); fails for
%   anything else but a partial list, whose unbound element is an error.
writef_put_all([C|Cs]) :-
    !,
    put(C),
    writef_put_all(Cs).
writef_put_all([]).

%   `\Letter` sequences: the code written.
writef_special(0'n, 0'\n).
writef_special(0'l, 0'\n).
writef_special(0'r, 0'\n).
writef_special(0't, 0'\t).
writef_special(0'\\, 0'\\).
writef_special(0'%, 0'%).

%   The width and the alignment of `%Nl`, `%Nr`, `%Nc` (upper case too).
writef_column(Width, Align, Cs0, Cs) :-
    writef_digits(Cs0, Ds, [A|Cs]),
    Ds = [_|_],
    writef_align(A, Align),
    number_codes(Width, Ds).

writef_align(0'l, left).
writef_align(0'L, left).
writef_align(0'r, right).
writef_align(0'R, right).
writef_align(0'c, centre).
writef_align(0'C, centre).

%   Up to three decimal digits.
writef_digits(Cs0, Ds, Cs) :-
    writef_digits(3, Cs0, Ds, Cs).

writef_digits(N, [D|Cs0], [D|Ds], Cs) :-
    N > 0,
    between(0'0, 0'9, D),
    !,
    N1 is N - 1,
    writef_digits(N1, Cs0, Ds, Cs).
writef_digits(_, Cs, [], Cs).

%   Writes Arg in a column of Width characters, or wider with one space on
%   the padded side(s).  A list of printable codes is written as text.
writef_padded(Arg, Width, Align) :-
    (   writef_text_codes(Arg)
    ->  atom_codes(Text, Arg)
    ;   format(string(Text), "~w", [Arg])
    ),
    atom_length(Text, Length),
    writef_spaces(Align, Width, Length, Left, Right),
    tab(Left),
    write(Text),
    tab(Right).

%   [] and lists of printable ASCII codes (tab and newline included).
writef_text_codes(Codes) :-
    is_list(Codes),
    forall(member(C, Codes),
           ( integer(C), ( between(32, 0'~, C) ; C =:= 0'\t ; C =:= 0'\n ) )).

writef_spaces(left, Width, Length, 0, Right) :-
    Right is max(1, Width - Length).
writef_spaces(right, Width, Length, Left, 0) :-
    Left is max(1, Width - Length).
writef_spaces(centre, Width, Length, Left, Right) :-
    Left is max(1, round((Width - Length) / 2)),
    Right is max(1, Width - Length - Left).
