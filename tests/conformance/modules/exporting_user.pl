% A module loaded after exporting:export(exported_at_run_time/0) ran: it imports that too.
:- module(exporting_user, [run_late_import/0]).
:- use_module(exporting).

run_late_import :- exported_at_run_time.
