/*  tabling_module.pl -- library(tabling), as SWI-Prolog programs load it.
    Tabling (`:- table`, abolish_all_tables/0, ...) is built into puzzlog
    (library/tabling.pl, part of the system), so the module has nothing to
    export.
*/

:- module(tabling, []).

% SWI-Prolog 9 warns that the library is not needed any more.
:- print_message(warning, format(":- table/1 is built-in.  library(tabling) is deprecated.", [])).
