/*  main.pl -- library(main): scripts that take command-line arguments.

    Part of puzzlog's Prolog library, written for puzzlog after the API and
    the behaviour of SWI-Prolog's library(main).

    A script says `:- initialization(main, main).` and defines main/1:
    main/0 calls user:main(Argv) with the program's arguments (the flag
    argv: those after the script's files).  argv_options/3 splits such a
    list into positional arguments and options, as SWI's does without
    option declarations: `--name=Value` gives name(Value) (a number when
    Value reads as one, else an atom), `--name` name(true), `--no-name`
    name(false); a `--` ends the options; anything else, `-v` included,
    is positional.
*/

:- module(prolog_main, [main/0, argv_options/3]).

%!  main
%
%   Calls user:main(Argv) with the program's command-line arguments.
main :-
    current_prolog_flag(argv, Argv),
    user:main(Argv).

%!  argv_options(+Argv, -Positional, -Options)
%
%   Positional are the arguments of Argv that are no options, in order;
%   Options the options as Name(Value) terms (see the module comment).
argv_options(Argv, Positional, Options) :-
    must_be(list, Argv),
    argv_split(Argv, Positional, Options).

argv_split([], [], []).
argv_split([A|As], Ps, Os) :-
    (   A == '--'
    ->  Os = [], Ps = As
    ;   long_option(A, O)
    ->  Os = [O|Os1], argv_split(As, Ps, Os1)
    ;   Ps = [A|Ps1], argv_split(As, Ps1, Os)
    ).

% long_option(+Arg, -Option): Arg is --name, --no-name or --name=value.
long_option(Arg, Option) :-
    atom(Arg),
    atom_concat('--', Body, Arg),
    Body \== '',
    (   sub_atom(Body, Before, _, After, '=')
    ->  sub_atom(Body, 0, Before, _, Name),
        sub_atom(Body, _, After, 0, Text),
        option_value(Text, Value)
    ;   atom_concat('no-', Name, Body)
    ->  Value = false
    ;   Name = Body,
        Value = true
    ),
    !,
    Option =.. [Name, Value].

option_value(Text, Value) :-
    (   catch(atom_number(Text, N), _, fail)
    ->  Value = N
    ;   Value = Text
    ).
