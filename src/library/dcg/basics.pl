/*  dcg/basics.pl -- basic grammar rules over lists of character codes,
    compatible with SWI-Prolog 9's library(dcg/basics).

    Part of puzzlog's Prolog library.  The nonterminals parse layout,
    digits, numbers, identifiers and arbitrary strings from a code list,
    and most of them also generate: integer//1, float//1, number//1,
    xinteger//1 and atom//1 write their argument when it is bound.

    Deterministic rules (blanks//0, digits//1, ...) are greedy and leave
    no choicepoint; string//1 enumerates the shortest match first.
    Character classes are those of code_type/2.

    Helper predicates start with dcgb_.

    Depends on error.pl (type_error/2) and lists.pl (append/2).
*/

:- module(dcg_basics,
          [ string_without//2,          % +EndCodes, -Codes
            string//1,                  % -Codes
            remainder//1,               % -Codes
            eos//0,
            eol//0,
            blanks//0,
            blank//0,
            nonblanks//1,               % -Codes
            nonblank//1,                % -Code
            blanks_to_nl//0,
            whites//0,
            white//0,
            alpha_to_lower//1,          % ?Code
            digits//1,                  % ?Codes
            digit//1,                   % ?Code
            integer//1,                 % ?Integer
            float//1,                   % ?Float
            number//1,                  % ?Number
            xdigits//1,                 % ?Weights
            xdigit//1,                  % ?Weight
            xinteger//1,                % ?Integer
            prolog_var_name//1,         % -Name
            atom//1                     % +Atom
          ]).
:- use_module(library(error)).
:- use_module(library(lists)).

%!  string_without(+EndCodes, -Codes)// is det.
%
%   Codes is the longest prefix free of the codes in EndCodes (a code
%   list or a string).
string_without(End, Codes) -->
    { string(End),
      !,
      string_codes(End, EndCodes)
    },
    dcgb_without_(EndCodes, Codes).
string_without(End, Codes) -->
    dcgb_without_(End, Codes).

dcgb_without_(End, [C|T]) -->
    [C],
    { \+ memberchk(C, End) },
    !,
    dcgb_without_(End, T).
dcgb_without_(_, []) -->
    [].

%!  string(-Codes)// is nondet.
%
%   Codes is any prefix of the input, the shortest first.
string([]) -->
    [].
string([H|T]) -->
    [H],
    string(T).

%!  remainder(-Codes)// is det.
%
%   Codes is the rest of the input, which is consumed.
remainder(List, List, []).

%!  eos// is semidet.
%
%   At the end of the input.
eos([], []).

%!  eol// is semidet.
%
%   An end of line ("\n" or "\r\n") or the end of the input.
eol -->
    "\n",
    !.
eol -->
    "\r\n",
    !.
eol -->
    eos.

%!  blanks// is det.
%
%   Skips layout (code_type space).
blanks -->
    blank,
    !,
    blanks.
blanks -->
    [].

%!  blank// is semidet.
%
%   One layout character (code_type space).
blank -->
    [C],
    { nonvar(C),
      code_type(C, space)
    }.

%!  nonblanks(-Codes)// is det.
%
%   Codes is the longest prefix of visible characters (code_type graph).
nonblanks([H|T]) -->
    [H],
    { code_type(H, graph) },
    !,
    nonblanks(T).
nonblanks([]) -->
    [].

%!  nonblank(-Code)// is semidet.
%
%   Code is a visible character (code_type graph).
nonblank(H) -->
    [H],
    { code_type(H, graph) }.

%!  blanks_to_nl// is semidet.
%
%   Skips layout up to and including a newline, or up to the end of
%   the input.
blanks_to_nl -->
    "\n",
    !.
blanks_to_nl -->
    blank,
    !,
    blanks_to_nl.
blanks_to_nl -->
    eos.

%!  whites// is det.
%
%   Skips white space (code_type white: spaces and tabs).
whites -->
    white,
    !,
    whites.
whites -->
    [].

%!  white// is semidet.
%
%   One space or tab (code_type white).
white -->
    [C],
    { nonvar(C),
      code_type(C, white)
    }.

%!  alpha_to_lower(?Code)// is semidet.
%
%   Reads a letter and unifies Code with its lower case; a bound Code
%   also matches its own upper case letter.  When generating, Code is
%   emitted as it is.
alpha_to_lower(L) -->
    [C],
    (   { nonvar(C) }
    ->  { code_type(C, alpha),
          code_type(C, to_upper(L))
        }
    ;   { C = L }
    ).

%!  digits(?Codes)// is det.
%
%   Codes is the longest prefix of decimal digits.
digits([H|T]) -->
    digit(H),
    !,
    digits(T).
digits([]) -->
    [].

%!  digit(?Code)// is semidet.
%
%   Code is a decimal digit.
digit(C) -->
    [C],
    { code_type(C, digit) }.

%!  integer(?Integer)// is semidet.
%
%   Reads an integer with an optional sign; writes Integer if bound.
integer(I, Head, Tail) :-
    nonvar(I),
    !,
    format(codes(Head, Tail), '~d', [I]).
integer(I) -->
    dcgb_int_codes_(Codes),
    { number_codes(I, Codes) }.

% dcgb_int_codes_(-Codes)//: an optional sign and at least one digit.
dcgb_int_codes_([C, D0|D]) -->
    dcgb_sign_(C),
    !,
    digit(D0),
    digits(D).
dcgb_int_codes_([D0|D]) -->
    digit(D0),
    digits(D).

dcgb_sign_(0'-) -->
    "-".
dcgb_sign_(0'+) -->
    "+".

%!  float(?Float)// is semidet.
%
%   Reads a number that is a float (it has a fraction or an exponent);
%   writes Float if it is a float.
float(F, Head, Tail) :-
    float(F),
    !,
    with_output_to(codes(Head, Tail), write(F)).
float(F) -->
    number(F),
    { float(F) }.

%!  number(?Number)// is semidet.
%
%   Reads an integer or a float: an optional sign, digits, an optional
%   fraction and an optional exponent; writes Number if bound.
number(N, Head, Tail) :-
    number(N),
    !,
    format(codes(Head, Tail), '~w', N).
number(N) -->
    { var(N) },
    !,
    dcgb_int_codes_(I),
    (   dcgb_dot_,
        digit(DF0),
        digits(DF)
    ->  { F = [0'., DF0|DF] }
    ;   { F = [] }
    ),
    (   dcgb_exp_
    ->  dcgb_int_codes_(DI),
        { E = [0'e|DI] }
    ;   { E = [] }
    ),
    { append([I, F, E], Codes),
      number_codes(N, Codes)
    }.
number(N) -->
    { type_error(number, N) }.

dcgb_dot_ -->
    ".".

dcgb_exp_ -->
    "e".
dcgb_exp_ -->
    "E".

%!  xinteger(?Integer)// is semidet.
%
%   Reads a hexadecimal integer with an optional sign; writes Integer
%   (in lower case hex) if bound.
xinteger(Val, Head, Tail) :-
    integer(Val),
    !,
    format(codes(Head, Tail), '~16r', [Val]).
xinteger(Val) -->
    (   dcgb_sign_(S)
    ->  []
    ;   { S = 0'+ }
    ),
    xdigit(D0),
    xdigits(D),
    { dcgb_weights_value_([D0|D], 0, V0),
      (   S == 0'-
      ->  Val is -V0
      ;   Val = V0
      )
    }.

dcgb_weights_value_([], V, V).
dcgb_weights_value_([D|Ds], V0, V) :-
    V1 is V0*16 + D,
    dcgb_weights_value_(Ds, V1, V).

%!  xdigits(?Weights)// is det.
%
%   Weights are the values of the longest prefix of hexadecimal digits.
xdigits([D0|D]) -->
    xdigit(D0),
    !,
    xdigits(D).
xdigits([]) -->
    [].

%!  xdigit(?Weight)// is semidet.
%
%   Reads a hexadecimal digit of value Weight; generates the digit (in
%   lower case) of a bound Weight.
xdigit(W) -->
    [C],
    (   { var(C),
          integer(W)
        }
    ->  { dcgb_xdigit_code_(W, C) }
    ;   { code_type(C, xdigit(W)) }
    ).

dcgb_xdigit_code_(W, C) :-
    (   W >= 0,
        W =< 9
    ->  C is 0'0 + W
    ;   W >= 10,
        W =< 15
    ->  C is 0'a + W - 10
    ;   code_type(C, xdigit(W))
    ).

%!  prolog_var_name(-Name)// is semidet.
%
%   Name (an atom) is a Prolog variable name: an upper case letter or
%   an underscore followed by letters, digits and underscores.
prolog_var_name(Name) -->
    [C0],
    { code_type(C0, prolog_var_start) },
    !,
    dcgb_id_cont_(CL),
    { atom_codes(Name, [C0|CL]) }.

dcgb_id_cont_([H|T]) -->
    [H],
    { code_type(H, prolog_identifier_continue) },
    !,
    dcgb_id_cont_(T).
dcgb_id_cont_([]) -->
    "".

%!  atom(++Atom)// is det.
%
%   Writes Atom (any ground term, as write/1 does).
atom(A, Head, Tail) :-
    (   ground(A)
    ->  format(codes(Head, Tail), '~w', [A])
    ;   throw(error(instantiation_error, _))
    ).
