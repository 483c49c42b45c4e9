% A module file given on the command line: its exports, those that
% export/1 adds while it loads too, are imported into user once it is
% loaded (as SWI-Prolog does), so `-g main` finds main/0.
:- module(module_cli_export, [helper/1]).

helper(X) :- X = 1.

:- export(main/0).
main :- helper(X), print(X), nl, print(done), nl.
