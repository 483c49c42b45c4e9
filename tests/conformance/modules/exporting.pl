% A module that exports more than its module header lists, with export/1 directives.
:- module(exporting, [listed/0]).

listed :- writeln(listed).
late :- writeln(late).
:- export(late/0).                      % after the definition
:- export(early/1).                     % before it
:- export((both_a/0, both_b/0)).        % a conjunction
:- export(greeting//1).                 % a non-terminal
:- export(exporting:qualified/0).

early(X) :- writeln(early(X)).
both_a :- writeln(both_a).
both_b :- writeln(both_b).
greeting(Name) --> [hello, Name].
qualified :- writeln(qualified).
hidden :- writeln(hidden).
exported_at_run_time :- writeln(exported_at_run_time).
