/*  pio.pl -- library(pio): DCGs over the text of files and streams.

    Part of puzzlog's Prolog library, written for puzzlog after the API of
    SWI-Prolog's library(pio).  SWI's reads the file as a lazy list; this
    one reads it whole into a list of codes first, which a grammar parses
    the same way (phrase/2 must consume all of it).
*/

:- module(pio, [phrase_from_file/2, phrase_from_file/3, phrase_from_stream/2]).

:- meta_predicate
    phrase_from_file(//, +),
    phrase_from_file(//, +, +),
    phrase_from_stream(//, +).

%!  phrase_from_file(:Grammar, +File)
%
%   True when Grammar describes the whole text of File (its character codes).
phrase_from_file(Grammar, File) :-
    phrase_from_file(Grammar, File, []).

%!  phrase_from_file(:Grammar, +File, +Options)
%
%   As phrase_from_file/2, File opened with open/4's Options (encoding(E)).
phrase_from_file(Grammar, File, Options) :-
    setup_call_cleanup(open(File, read, In, Options),
                       phrase_from_stream(Grammar, In),
                       close(In)).

%!  phrase_from_stream(:Grammar, +Stream)
%
%   True when Grammar describes the rest of the text of Stream.
phrase_from_stream(Grammar, In) :-
    read_stream_to_codes(In, Codes),
    phrase(Grammar, Codes).
