/*  readutil.pl -- reading lines, streams and files into code lists,
    strings and terms, compatible with SWI-Prolog 9's library(readutil).

    Part of puzzlog's Prolog library.  Most of SWI-Prolog's
    library(readutil) is built into puzzlog (src/builtins/streams.rs,
    src/builtins/files.rs, src/library/boot.pl):
        read_line_to_codes/2, read_line_to_string/2,
        read_stream_to_codes/2,3, read_file_to_string/3 (builtins),
        read_file_to_terms/3 (boot.pl).
    This file defines the rest: the difference-list line reader
    read_line_to_codes/3 and read_file_to_codes/3.

    Helper predicates start with rdutil_.

    Depends on error.pl (must_be/2, existence_error/2).
*/

:- module(read_util,
          [ read_line_to_codes/3,       % +Stream, -Line, ?Tail
            read_file_to_codes/3        % +Spec, -Codes, +Options
          ]).
:- use_module(library(error)).
:- use_module(library(lists)).

%!  read_line_to_codes(+Stream, -Line, ?Tail) is det.
%
%   Line is the next line of Stream as a difference list ending in
%   Tail, newline included.  A last line without a newline ends in []
%   instead, and at the end of the input Line = Tail = [].  The line is
%   read whole before it is unified with Line.
read_line_to_codes(Stream, Line, Tail) :-
    get_code(Stream, C0),
    (   C0 == -1
    ->  Line0 = [],
        Tail0 = []
    ;   rdutil_line_(C0, Stream, Line0, Tail0)
    ),
    Line = Line0,
    Tail = Tail0.

rdutil_line_(C, Stream, [C|T], Tail) :-
    (   C == 0'\n
    ->  T = Tail
    ;   get_code(Stream, C1),
        (   C1 == -1
        ->  T = [],
            Tail = []
        ;   rdutil_line_(C1, Stream, T, Tail)
        )
    ).

%!  read_file_to_codes(+Spec, -Codes, +Options) is det.
%
%   Codes are the contents of the file Spec (resolved with
%   absolute_file_name/3 and access(read)).  Option tail(Tail) makes
%   Codes a difference list; the other options go to
%   absolute_file_name/3 and open/4.
read_file_to_codes(Spec, Codes, Options) :-
    must_be(list, Options),
    (   memberchk(tail(Tail), Options)
    ->  true
    ;   Tail = []
    ),
    absolute_file_name(Spec, Path, [access(read)|Options]),
    (   exists_file(Path)
    ->  true
    ;   existence_error(source_sink, Spec)
    ),
    setup_call_cleanup(
        open(Path, read, Stream, Options),
        read_stream_to_codes(Stream, Codes, Tail),
        close(Stream)).
