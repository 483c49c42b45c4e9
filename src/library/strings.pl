/*  strings.pl -- library(strings): multi-line strings and string
    interpolation, compatible with SWI-Prolog 9's library of the same
    name.

    Part of puzzlog's Prolog library.  Lines are separated by "\n".
    Not provided: string/4, the hook of SWI's {|string(...)||...|}
    quasi quotation syntax (puzzlog has no quasi quotations).
*/

:- module(strings,
          [ dedent_lines/3,
            indent_lines/3,
            indent_lines/4,
            interpolate_string/4,
            string_lines/2
          ]).

:- use_module(library(lists)).
:- use_module(library(error)).
:- use_module(library(option)).

:- meta_predicate
    indent_lines(1, +, +, -),
    interpolate_string(:, -, +, +).

%!  string_lines(?String, ?Lines) is det.
%
%   String is the concatenation of Lines, each followed by "\n".  Given
%   String, Lines are its lines as strings (a final "\n" ends the last
%   line rather than starting an empty one).
string_lines(String, Lines) :-
    (   nonvar(String)
    ->  split_string(String, "\n", "", Lines0),
        strings_drop_last_empty_(Lines0, Lines1),
        Lines = Lines1
    ;   must_be(list, Lines),
        strings_line_pieces_(Lines, Pieces),
        strings_concat_(Pieces, String)
    ).

strings_drop_last_empty_([L|Ls], Lines) :-
    (   Ls == []
    ->  (   L == ""
        ->  Lines = []
        ;   Lines = [L]
        )
    ;   Lines = [L|Lines1],
        strings_drop_last_empty_(Ls, Lines1)
    ).

strings_line_pieces_([], []).
strings_line_pieces_([L|Ls], [L, "\n"|Ps]) :-
    strings_atomic_text_(L),
    strings_line_pieces_(Ls, Ps).

%!  dedent_lines(+In, -Out, +Options) is det.
%
%   Remove the indentation all lines share.  Lines that hold only
%   indentation characters do not count (and lose their indentation as
%   far as they have it).  Options: chars(Chars) are the indentation
%   characters (default " \t"); tab(N) with N > 0 measures indentation
%   in columns with tab stops every N columns (tabs that are cut are
%   replaced by spaces); without it only the common prefix is removed.
dedent_lines(In, Out, Options) :-
    option(tab(Tab), Options, 0),
    option(chars(Chars), Options, " \t"),
    string_codes(CharString, Chars),
    string_codes(CharString, IndentCodes),
    split_string(In, "\n", "", Lines),
    strings_line_infos_(Lines, IndentCodes, Infos),
    (   Tab == 0
    ->  strings_common_prefix_(Infos, Prefix),
        strings_dedent_prefix_(Infos, Prefix, OutLines)
    ;   strings_min_width_(Infos, Tab, Width),
        strings_dedent_width_(Infos, Tab, Width, OutLines)
    ),
    strings_join_(OutLines, "\n", Out).

% Infos: line(Codes, IndentCodes, Blank)
strings_line_infos_([], _, []).
strings_line_infos_([L|Ls], Ind, [line(Cs, Pre, Blank)|Is]) :-
    string_codes(L, Cs),
    strings_indent_prefix_(Cs, Ind, Pre, Rest),
    (   Rest == []
    ->  Blank = true
    ;   Blank = false
    ),
    strings_line_infos_(Ls, Ind, Is).

strings_indent_prefix_([], _, [], []).
strings_indent_prefix_([C|Cs], Ind, Pre, Rest) :-
    (   memberchk(C, Ind)
    ->  Pre = [C|Pre1],
        strings_indent_prefix_(Cs, Ind, Pre1, Rest)
    ;   Pre = [],
        Rest = [C|Cs]
    ).

% strings_common_prefix_(+Infos, -Prefix): the longest common prefix
% of the indentation of the non-blank lines; none if all are blank.
strings_common_prefix_([], none).
strings_common_prefix_([line(_, Pre, Blank)|Is], Prefix) :-
    strings_common_prefix_(Is, Prefix0),
    (   Blank == true
    ->  Prefix = Prefix0
    ;   Prefix0 == none
    ->  Prefix = Pre
    ;   strings_codes_prefix_(Pre, Prefix0, Prefix)
    ).

strings_codes_prefix_([C|Cs], [C|Ds], [C|Ps]) :-
    !,
    strings_codes_prefix_(Cs, Ds, Ps).
strings_codes_prefix_(_, _, []).

strings_dedent_prefix_([], _, []).
strings_dedent_prefix_([line(Cs, _, _)|Is], Prefix, [L|Ls]) :-
    (   Prefix \== none,
        strings_append_(Prefix, Rest, Cs)
    ->  string_codes(L, Rest)
    ;   L = ""
    ),
    strings_dedent_prefix_(Is, Prefix, Ls).

strings_append_([], L, L).
strings_append_([H|T], L, [H|R]) :-
    strings_append_(T, L, R).

% Column mode.
strings_min_width_([], _, none).
strings_min_width_([line(_, Pre, Blank)|Is], Tab, Width) :-
    strings_min_width_(Is, Tab, Width0),
    (   Blank == true
    ->  Width = Width0
    ;   strings_columns_(Pre, Tab, 0, W),
        (   Width0 == none
        ->  Width = W
        ;   Width is min(W, Width0)
        )
    ).

strings_columns_([], _, Col, Col).
strings_columns_([C|Cs], Tab, Col0, Col) :-
    strings_advance_(C, Tab, Col0, Col1),
    strings_columns_(Cs, Tab, Col1, Col).

strings_advance_(0'\t, Tab, Col0, Col) :-
    !,
    Col is ((Col0 // Tab) + 1) * Tab.
strings_advance_(_, _, Col0, Col) :-
    Col is Col0+1.

strings_dedent_width_([], _, _, []).
strings_dedent_width_([line(Cs, _, _)|Is], Tab, Width, [L|Ls]) :-
    (   Width == none
    ->  L = ""
    ;   strings_cut_columns_(Cs, Tab, 0, Width, Rest)
    ->  string_codes(L, Rest)
    ;   L = ""
    ),
    strings_dedent_width_(Is, Tab, Width, Ls).

% strings_cut_columns_(+Codes, +Tab, +Col, +Width, -Rest): remove Width
% columns of indentation; fails if the line is shorter.
strings_cut_columns_(Cs, _, Col, Width, Cs) :-
    Col =:= Width,
    !.
strings_cut_columns_([C|Cs], Tab, Col0, Width, Rest) :-
    strings_advance_(C, Tab, Col0, Col1),
    (   Col1 > Width
    ->  N is Col1-Width,
        length(Spaces, N),
        strings_fill_(Spaces, 0' ),
        strings_append_(Spaces, Cs, Rest)
    ;   strings_cut_columns_(Cs, Tab, Col1, Width, Rest)
    ).

strings_fill_([], _).
strings_fill_([C|Cs], C) :-
    strings_fill_(Cs, C).

%!  indent_lines(+Prefix, +In, -Out) is det.
%
%   Add Prefix to the lines of In that hold more than spaces and tabs.
indent_lines(Prefix, In, Out) :-
    split_string(In, "\n", "", Lines0),
    strings_indent_(Lines0, strings_non_blank_, Prefix, Lines),
    strings_join_(Lines, "\n", Out).

%!  indent_lines(:Filter, +Prefix, +In, -Out) is det.
%
%   Add Prefix to the lines Line of In for which call(Filter, Line)
%   succeeds (not to the empty rest after a final "\n").
indent_lines(Filter, Prefix, In, Out) :-
    split_string(In, "\n", "", Lines0),
    strings_indent_(Lines0, Filter, Prefix, Lines),
    strings_join_(Lines, "\n", Out).

strings_indent_([], _, _, []).
strings_indent_([L|Ls], Filter, Prefix, [R|Rs]) :-
    (   Ls == [],
        L == ""
    ->  R = L
    ;   call(Filter, L)
    ->  strings_atomic_text_(Prefix),
        atom_string(Prefix, P),
        string_concat(P, L, R)
    ;   R = L
    ),
    strings_indent_(Ls, Filter, Prefix, Rs).

strings_non_blank_(Line) :-
    split_string(Line, "", " \t", [S]),
    S \== "".

%!  interpolate_string(:In, -Out, +Map, +Options) is det.
%
%   Out is In with {Name} replaced by the Value of the first Name=Value
%   in Map (written with format("~w", Value); an existence error if
%   there is none), {Name,Default} by the Value or the text Default,
%   and, if Options has goals(true), {@Goal} by the output of Goal.
%   Name must be a Prolog variable name; other braces stay as they are.
interpolate_string(In0, Out, Map, Options) :-
    strings_strip_module_(In0, user, M, In),
    string_codes(In, Codes),
    strings_interpolate_(Codes, M, Map, Options, Pieces),
    strings_concat_(Pieces, Out).

strings_strip_module_(T, M0, M, P) :-
    (   nonvar(T),
        T = M1:T1,
        atom(M1)
    ->  strings_strip_module_(T1, M1, M, P)
    ;   M = M0,
        P = T
    ).

strings_interpolate_([], _, _, _, []).
strings_interpolate_([C|Cs], M, Map, Options, Pieces) :-
    (   C == 0'{,
        strings_pattern_(Cs, M, Map, Options, Action, Rest)
    ->  strings_action_(Action, Piece),
        Pieces = [Piece|Pieces1],
        strings_interpolate_(Rest, M, Map, Options, Pieces1)
    ;   strings_literal_(Cs, Lit, Rest),
        string_codes(S, [C|Lit]),
        Pieces = [S|Pieces1],
        strings_interpolate_(Rest, M, Map, Options, Pieces1)
    ).

strings_action_(text(Piece), Piece).
strings_action_(goal(Goal), Piece) :-
    with_output_to(string(Piece), Goal).

% strings_literal_(+Codes, -Literal, -Rest): up to the next {.
strings_literal_([], [], []).
strings_literal_([C|Cs], Lit, Rest) :-
    (   C == 0'{
    ->  Lit = [],
        Rest = [C|Cs]
    ;   Lit = [C|Lit1],
        strings_literal_(Cs, Lit1, Rest)
    ).

% strings_pattern_(+AfterBrace, +M, +Map, +Options, -Piece, -Rest)
strings_pattern_([0'@|Cs], M, _, Options, goal(M:Goal), Rest) :-
    !,
    option(goals(Goals), Options, false),
    Goals == true,
    strings_upto_close_(Cs, GoalCodes, Rest),
    string_codes(GoalText, GoalCodes),
    term_string(Goal, GoalText).
strings_pattern_([C|Cs], _, Map, _, text(Piece), Rest) :-
    code_type(C, prolog_var_start),
    strings_name_(Cs, NameCodes, Cs1),
    atom_codes(Name, [C|NameCodes]),
    (   Cs1 = [0'}|Rest]
    ->  (   memberchk(Name=Value, Map)
        ->  format(string(Piece), "~w", Value)
        ;   throw(error(existence_error(template_var, Name), _))
        )
    ;   Cs1 = [0',|Cs2],
        strings_upto_close_(Cs2, Default, Rest)
    ->  (   memberchk(Name=Value, Map)
        ->  format(string(Piece), "~w", Value)
        ;   string_codes(Piece, Default)
        )
    ).

strings_name_([C|Cs], [C|Ns], Rest) :-
    code_type(C, prolog_identifier_continue),
    !,
    strings_name_(Cs, Ns, Rest).
strings_name_(Cs, [], Cs).

strings_upto_close_([C|Cs], Text, Rest) :-
    (   C == 0'}
    ->  Text = [],
        Rest = Cs
    ;   Text = [C|Text1],
        strings_upto_close_(Cs, Text1, Rest)
    ).

% strings_atomic_text_(@Text): Text can be concatenated (atomic).
strings_atomic_text_(T) :-
    (   var(T)
    ->  throw(error(instantiation_error, _))
    ;   atomic(T)
    ->  true
    ;   throw(error(type_error(text, T), _))
    ).

strings_join_(Lines, Sep, String) :-
    strings_separate_(Lines, Sep, Pieces),
    strings_concat_(Pieces, String).

strings_separate_([], _, []).
strings_separate_([L|Ls], Sep, [L|Ps]) :-
    (   Ls == []
    ->  Ps = []
    ;   Ps = [Sep|Ps1],
        strings_separate_(Ls, Sep, Ps1)
    ).

strings_concat_(Pieces, String) :-
    with_output_to(string(String0), strings_write_all_(Pieces)),
    String = String0.

strings_write_all_([]).
strings_write_all_([P|Ps]) :-
    write(P),
    strings_write_all_(Ps).
