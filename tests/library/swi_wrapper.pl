/*  swi_wrapper.pl -- run puzzlog's Prolog library and its tests under
    SWI-Prolog, for producing run_library_tests.expected.

    Loads the src/library files into module t (redefining SWI built-ins such
    as once/1 or bagof/3 locally, so the library's own definitions are
    the ones tested), then run_library_tests.pl.

    Usage (from the repository root):
      swipl -q tests/library/swi_wrapper.pl > out.txt
*/
:- module(t, []).

library_file('../../src/library/error.pl').
library_file('../../src/library/lists.pl').
library_file('../../src/library/apply.pl').
library_file('../../src/library/bags.pl').
library_file('../../src/library/yall.pl').
library_file('../../src/library/dcg.pl').
library_file('../../src/library/control.pl').

% Redefine in module t every SWI built-in that a library file defines.
redefine_builtins(File) :-
    prolog_load_context(directory, Dir),
    atomic_list_concat([Dir, '/', File], Path),
    setup_call_cleanup(open(Path, read, S), redefine_terms(S), close(S)).

redefine_terms(S) :-
    read_term(S, T, []),
    (   T == end_of_file
    ->  true
    ;   (   T = (H :- _) -> true ; T = H ),
        (   H \= (:- _),
            callable(H),
            functor(H, N, A),
            functor(G, N, A),
            predicate_property(system:G, built_in)
        ->  redefine_system_predicate(t:G)
        ;   true
        ),
        redefine_terms(S)
    ).

:- forall(library_file(F), redefine_builtins(F)).

:- include('../../src/library/error.pl').
:- include('../../src/library/lists.pl').
:- include('../../src/library/apply.pl').
:- include('../../src/library/bags.pl').
:- include('../../src/library/yall.pl').
:- include('../../src/library/dcg.pl').
:- include('../../src/library/control.pl').

:- style_check(-singleton).
:- include('run_library_tests.pl').
