/*  backcomp.pl -- old predicate names SWI-Prolog keeps for backward
    compatibility, compatible with SWI-Prolog 9's library(backcomp).

    Part of puzzlog's Prolog library.  Each predicate maps onto the
    current one (concat_atom/3 is atomic_list_concat/3, sformat/3 is
    format/3 to a string, ...).  string_to_atom/2 is a builtin.

    Not here, because puzzlog has no threads, mutexes, message queues,
    tries, saved states, command-line history or module internals to
    give them: thread_at_exit/1, message_queue_size/2, current_mutex/3,
    trie_insert_new/3, at_initialization/1, read_history/6,
    read_pending_input/3, '$set_prompt'/1, set_base_module/1,
    export_list/2, current_module/2, '$declare_module'/3, '$module'/2.
    convert_time/2,8 use UTC (SWI-Prolog uses the local time zone).

    Helper predicates start with bc_.
*/

:- module(backward_compatibility,
          [ '$arch'/2,
            '$version'/1,
            '$home'/1,
            '$argv'/1,
            '$strip_module'/3,
            '$sig_atomic'/1,
            '$apropos_match'/2,
            'C'/3,
            checklist/2,
            concat/3,
            concat_atom/2,
            concat_atom/3,
            convert_time/2,
            convert_time/8,
            current_thread/2,
            displayq/1,
            displayq/2,
            eval_license/0,
            feature/2,
            set_feature/2,
            flush/0,
            free_variables/2,
            hash/1,
            index/1,
            hash_term/2,
            lock_predicate/2,
            unlock_predicate/2,
            merge/3,
            merge_set/3,
            proper_list/1,
            read_clause/1,
            read_clause/2,
            read_variables/2,
            read_variables/3,
            setup_and_call_cleanup/3,
            setup_and_call_cleanup/4,
            sformat/2,
            sformat/3,
            string_to_list/2,
            sublist/3,
            substring/4,
            sumlist/2,
            write_ln/1
          ]).
:- use_module(library(lists)).
:- use_module(library(apply)).

:- meta_predicate
    '$sig_atomic'(0),
    checklist(1, +),
    sublist(1, +, ?),
    setup_and_call_cleanup(0, 0, 0),
    setup_and_call_cleanup(0, 0, ?, 0),
    hash(:),
    index(:).

%!  '$arch'(-Architecture, -Date) is semidet.
%
%   The flag arch, and unknown.
'$arch'(Arch, unknown) :-
    current_prolog_flag(arch, Arch).

%!  '$version'(-Version) is det.
%
%   The flag version.
'$version'(Version) :-
    current_prolog_flag(version, Version).

%!  '$home'(-Home) is semidet.
%
%   The flag home.
'$home'(Home) :-
    current_prolog_flag(home, Home).

%!  '$argv'(-Argv) is semidet.
%
%   The flag os_argv.
'$argv'(Argv) :-
    current_prolog_flag(os_argv, Argv).

%!  '$strip_module'(+Term, -Module, -Plain) is det.
%
%   strip_module/3.
'$strip_module'(Term, Module, Plain) :-
    strip_module(Term, Module, Plain).

%!  '$sig_atomic'(:Goal) is semidet.
%
%   Goal, once (signals are not deferred: puzzlog has none to defer).
'$sig_atomic'(Goal) :-
    once(Goal).

%!  '$apropos_match'(+Needle, +Haystack) is semidet.
%
%   Needle occurs in Haystack, ignoring case.
'$apropos_match'(Needle, Haystack) :-
    downcase_atom(Needle, N),
    downcase_atom(Haystack, H),
    sub_atom(H, _, _, _, N),
    !.

%!  'C'(?List, ?Head, ?Tail) is semidet.
%
%   List is [Head|Tail] (the old DCG terminal).
'C'([H|T], H, T).

%!  checklist(:Goal, +List) is semidet.
%
%   maplist/2.
checklist(Goal, List) :-
    maplist(Goal, List).

%!  concat(?A, ?B, ?AB) is nondet.
%
%   atom_concat/3.
concat(A, B, AB) :-
    atom_concat(A, B, AB).

%!  concat_atom(?List, ?Atom) is semidet.
%
%   A two-element list is atom_concat/3 (so the list may be unbound);
%   any other list is atomic_list_concat/2.
concat_atom([A, B], AB) :-
    !,
    atom_concat(A, B, AB).
concat_atom(List, Atom) :-
    atomic_list_concat(List, Atom).

%!  concat_atom(?List, +Separator, ?Atom) is semidet.
%
%   atomic_list_concat/3.
concat_atom(List, Separator, Atom) :-
    atomic_list_concat(List, Separator, Atom).

%!  convert_time(+Stamp, -String) is det.
%
%   String is the time stamp as C's ctime() writes it, in UTC.
convert_time(Stamp, String) :-
    bc_date_(Stamp, Y, Mo, D, H, Mi, S, _, WeekDay),
    nth0(WeekDay, ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'], WD),
    nth1(Mo, ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun',
              'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'], MN),
    format(string(String),
           "~w ~w ~|~t~d~2+ ~|~`0t~d~2+:~|~`0t~d~2+:~|~`0t~d~2+ ~d",
           [WD, MN, D, H, Mi, S, Y]).

%!  convert_time(+Stamp, -Year, -Month, -Day, -Hour, -Minute, -Second,
%!               -MilliSecond) is det.
%
%   The fields of a time stamp, in UTC.
convert_time(Stamp, Y, Mo, D, H, Mi, S, Ms) :-
    bc_date_(Stamp, Y, Mo, D, H, Mi, S, Ms, _).

% bc_date_(+Stamp, -Y, -Mo, -D, -H, -Mi, -S, -Ms, -WeekDay): the UTC date
% of a time stamp (seconds since 1970), WeekDay 0 for Sunday.
bc_date_(Stamp, Y, Mo, D, H, Mi, S, Ms, WeekDay) :-
    Secs is floor(Stamp),
    Ms is truncate(Stamp * 1000) - Secs * 1000,
    Days is Secs // 86400,
    DaySecs is Secs mod 86400,
    H is DaySecs // 3600,
    Mi is DaySecs // 60 mod 60,
    S is DaySecs mod 60,
    WeekDay is (Days + 4) mod 7,
    Z is Days + 719468,
    Era is Z // 146097,
    DoE is Z - Era * 146097,
    YoE is (DoE - DoE // 1460 + DoE // 36524 - DoE // 146096) // 365,
    DoY is DoE - (365 * YoE + YoE // 4 - YoE // 100),
    MP is (5 * DoY + 2) // 153,
    D is DoY - (153 * MP + 2) // 5 + 1,
    (   MP < 10
    ->  Mo is MP + 3
    ;   Mo is MP - 9
    ),
    (   Mo =< 2
    ->  Y is YoE + Era * 400 + 1
    ;   Y is YoE + Era * 400
    ).

%!  current_thread(?Id, ?Status) is semidet.
%
%   The only thread: main, running.
current_thread(main, running).

%!  displayq(+Term) is det.
%
%   Writes Term quoted, ignoring operators.
displayq(Term) :-
    write_term(Term, [quoted(true), ignore_ops(true)]).

%!  displayq(+Stream, +Term) is det.
%
%   displayq/1 on Stream.
displayq(Stream, Term) :-
    write_term(Stream, Term, [quoted(true), ignore_ops(true)]).

%!  eval_license is det.
%
%   Would warn about non-free components; puzzlog has none.
eval_license.

%!  feature(?Name, ?Value) is nondet.
%
%   current_prolog_flag/2.
feature(Name, Value) :-
    current_prolog_flag(Name, Value).

%!  set_feature(+Name, +Value) is det.
%
%   set_prolog_flag/2.
set_feature(Name, Value) :-
    set_prolog_flag(Name, Value).

%!  flush is det.
%
%   flush_output/0.
flush :-
    flush_output.

%!  free_variables(+Term, -Variables) is det.
%
%   term_variables/2.
free_variables(Term, Variables) :-
    term_variables(Term, Variables).

%!  hash(:PredicateIndicator) is det.
%
%   An old indexing declaration: warns that it has no effect.
hash(Spec) :-
    bc_deprecated_(hash, Spec).

%!  index(:Head) is det.
%
%   An old indexing declaration: warns that it has no effect.
index(Spec) :-
    bc_deprecated_(index, Spec).

bc_deprecated_(Name, Spec0) :-
    (   nonvar(Spec0),
        Spec0 = _:_
    ->  Spec = Spec0
    ;   Spec = user:Spec0
    ),
    Decl =.. [Name, Spec],
    print_message(warning,
                  format("Deprecated declaration has no effect: ~p", [Decl])).

%!  hash_term(+Term, -Hash) is det.
%
%   term_hash/2.
hash_term(Term, Hash) :-
    term_hash(Term, Hash).

%!  lock_predicate(+Name, +Arity) is det.
%
%   Obsolete: does nothing.
lock_predicate(_, _).

%!  unlock_predicate(+Name, +Arity) is det.
%
%   Obsolete: does nothing.
unlock_predicate(_, _).

%!  merge(+List1, +List2, -List) is det.
%
%   Merges two lists in the standard order of terms, keeping duplicates
%   (sorted input gives sorted output).
merge([], L, L) :-
    !.
merge(L, [], L) :-
    !.
merge([H1|T1], [H2|T2], [H|R]) :-
    (   H1 @=< H2
    ->  H = H1,
        merge(T1, [H2|T2], R)
    ;   H = H2,
        merge([H1|T1], T2, R)
    ).

%!  merge_set(+Set1, +Set2, -Set) is det.
%
%   Merges two ordered sets into one (ord_union/3).
merge_set([], L, L) :-
    !.
merge_set(L, [], L) :-
    !.
merge_set([H1|T1], [H2|T2], [H|R]) :-
    (   H1 == H2
    ->  H = H1,
        merge_set(T1, T2, R)
    ;   H1 @< H2
    ->  H = H1,
        merge_set(T1, [H2|T2], R)
    ;   H = H2,
        merge_set([H1|T1], T2, R)
    ).

%!  proper_list(@Term) is semidet.
%
%   is_list/1.
proper_list(Term) :-
    is_list(Term).

%!  read_clause(-Term) is det.
%
%   Reads a term from the current input.
read_clause(Term) :-
    read_term(Term, []).

%!  read_clause(+Stream, -Term) is det.
%
%   Reads a term from Stream.
read_clause(Stream, Term) :-
    read_term(Stream, Term, []).

%!  read_variables(-Term, -Bindings) is det.
%
%   Reads a term and its variable_names/1 bindings from current input.
read_variables(Term, Bindings) :-
    read_term(Term, [variable_names(Bindings)]).

%!  read_variables(+Stream, -Term, -Bindings) is det.
%
%   read_variables/2 from Stream.
read_variables(Stream, Term, Bindings) :-
    read_term(Stream, Term, [variable_names(Bindings)]).

%!  setup_and_call_cleanup(:Setup, :Goal, :Cleanup) is nondet.
%
%   setup_call_cleanup/3.
setup_and_call_cleanup(Setup, Goal, Cleanup) :-
    setup_call_cleanup(Setup, Goal, Cleanup).

%!  setup_and_call_cleanup(:Setup, :Goal, ?Catcher, :Cleanup) is nondet.
%
%   setup_call_catcher_cleanup/4.
setup_and_call_cleanup(Setup, Goal, Catcher, Cleanup) :-
    setup_call_catcher_cleanup(Setup, Goal, Catcher, Cleanup).

%!  sformat(-String, +Format) is det.
%
%   format/1 into a string.
sformat(String, Format) :-
    format(string(String), Format, []).

%!  sformat(-String, +Format, +Args) is det.
%
%   format/2 into a string.
sformat(String, Format, Args) :-
    format(string(String), Format, Args).

%!  string_to_list(?String, ?Codes) is det.
%
%   string_codes/2.
string_to_list(String, Codes) :-
    string_codes(String, Codes).

%!  sublist(:Goal, +List, ?Sub) is det.
%
%   include/3.
sublist(Goal, List, Sub) :-
    include(Goal, List, Sub).

%!  substring(+String, +Offset, +Length, -Sub) is semidet.
%
%   Sub is the Length characters of String from Offset (1 is the first).
substring(String, Offset, Length, Sub) :-
    Offset0 is Offset - 1,
    sub_string(String, Offset0, Length, _, Sub).

%!  sumlist(+List, -Sum) is det.
%
%   sum_list/2.
sumlist(List, Sum) :-
    sum_list(List, Sum).

%!  write_ln(+Term) is det.
%
%   writeln/1.
write_ln(Term) :-
    writeln(Term).
