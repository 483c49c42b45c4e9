/*  option.pl -- library(option): option list processing, compatible
    with SWI-Prolog 9's library of the same name (module swi_option).

    Part of puzzlog's Prolog library.  An option list holds Name(Value)
    terms; Name=Value is accepted too.  The first matching option
    counts: option/2,3 and select_option/3,4 look for the Name(...)
    form in the whole list before they try Name=Value, and succeed or
    fail on the first option found.  dict_options/2 is not provided
    (puzzlog has no dicts).
*/

:- module(swi_option,
          [ option/2,
            option/3,
            select_option/3,
            select_option/4,
            merge_options/3,
            meta_options/3
          ]).

:- use_module(library(lists)).
:- use_module(library(error)).

:- meta_predicate
    meta_options(1, :, -).

%!  option(?Option, +Options) is semidet.
%
%   Option (Name(Value), or a term of another arity) is the first
%   option with its name and arity in the list Options.  Options must
%   be a proper list (else an existence error, as SWI's => rule).
option(Opt, Options) :-
    (   is_list(Options)
    ->  option_get_(Opt, Options)
    ;   throw(error(existence_error(matching_rule,
                                    swi_option:option(Opt, Options)),
                    context(swi_option:option/2, _)))
    ).

%!  option(?Option, +Options, +Default) is semidet.
%
%   As option/2; if there is no such option, the first argument of
%   Option is Default.
option(Opt, Options, Default) :-
    (   option_get_(Opt, Options)
    ->  true
    ;   arg(1, Opt, Default)
    ).

% option_get_(?Opt, +Options): Opt is the first Name(...) option (of its
% arity), or, for Name(Value), the first Name=Value.  Commits to the
% first found (SWI's memberchk/2, errors included).
option_get_(Opt, Options) :-
    functor(Opt, Name, Arity),
    functor(Gen, Name, Arity),
    (   memberchk(Gen, Options)
    ->  Opt = Gen
    ;   Arity =:= 1,
        memberchk(Name=Value, Options)
    ->  arg(1, Opt, Value)
    ).

%!  select_option(?Option, +Options, -Rest) is semidet.
%
%   As option/2, and Rest is Options without that option.
select_option(Opt, Options, Rest) :-
    option_select_(Opt, Options, Rest).

%!  select_option(?Option, +Options, -Rest, +Default) is semidet.
%
%   As select_option/3; if there is no such option, the first argument
%   of Option is Default and Rest is Options.
select_option(Opt, Options, Rest, Default) :-
    functor(Opt, Name, Arity),
    functor(Gen, Name, Arity),
    (   option_selectchk_(Gen, Options, Rest0)
    ->  Opt = Gen,
        Rest = Rest0
    ;   Arity =:= 1,
        option_selectchk_(Name=Value, Options, Rest0)
    ->  arg(1, Opt, Value),
        Rest = Rest0
    ;   arg(1, Opt, Default),
        Rest = Options
    ).

option_select_(Opt, Options, Rest) :-
    functor(Opt, Name, Arity),
    functor(Gen, Name, Arity),
    (   option_selectchk_(Gen, Options, Rest0)
    ->  Opt = Gen,
        Rest = Rest0
    ;   Arity =:= 1,
        option_selectchk_(Name=Value, Options, Rest0)
    ->  arg(1, Opt, Value),
        Rest = Rest0
    ).

% option_selectchk_(?X, ?List, -Rest): remove the first element that
% unifies with X (extends a partial list, fails on other tails).
option_selectchk_(X, [H|T], Rest) :-
    (   X = H
    ->  Rest = T
    ;   Rest = [H|Rest1],
        option_selectchk_(X, T, Rest1)
    ).

%!  merge_options(+New, +Old, -Merged) is det.
%
%   Merged has the options of New and those of Old whose name and
%   arity New has not; both lists in Name(Value) form, sorted, with an
%   option of New replacing one option of Old.  If either list is empty
%   the other is the result (in Name(Value) form, unsorted).
merge_options([], Old, Merged) :-
    !,
    option_canonical_(Old, Merged).
merge_options(New, [], Merged) :-
    !,
    option_canonical_(New, Merged).
merge_options(New, Old, Merged) :-
    option_canonical_(New, NewC),
    option_canonical_(Old, OldC),
    sort(NewC, NewS),
    sort(OldC, OldS),
    option_merge_(NewS, OldS, Merged).

% option_canonical_(+Options, -Canonical): Name=Value becomes Name(Value)
% if the list has such an option.
option_canonical_(Options, Canonical) :-
    (   memberchk(_=_, Options)
    ->  option_canonical_list_(Options, Canonical)
    ;   Canonical = Options
    ).

option_canonical_list_(L, C) :-
    var(L),
    !,
    L = [],
    C = [].
option_canonical_list_([], []).
option_canonical_list_([O|Os], [C|Cs]) :-
    (   nonvar(O),
        O = (Name=Value)
    ->  C =.. [Name, Value]
    ;   C = O
    ),
    option_canonical_list_(Os, Cs).

option_merge_([], Old, Old) :-
    !.
option_merge_(New, [], New) :-
    !.
option_merge_([N|Ns], [O|Os], Merged) :-
    functor(N, NName, NArity),
    functor(O, OName, OArity),
    compare(Order, NName-NArity, OName-OArity),
    (   Order == (<)
    ->  Merged = [N|Merged1],
        option_merge_(Ns, [O|Os], Merged1)
    ;   Order == (>)
    ->  Merged = [O|Merged1],
        option_merge_([N|Ns], Os, Merged1)
    ;   Merged = [N|Merged1],
        option_merge_(Ns, Os, Merged1)
    ).

%!  meta_options(:IsMeta, :Options0, -Options) is det.
%
%   Options is Options0 with the value of every Name(Value) and
%   Name=Value option for which call(IsMeta, Name) succeeds qualified
%   with the module of Options0 (as Module:Value, after stripping the
%   modules it already has).
meta_options(IsMeta, Options0, Options) :-
    option_context_(Options0, user, Context, List),
    must_be(list, List),
    option_meta_(List, IsMeta, Context, Options).

option_context_(T, M0, M, P) :-
    (   nonvar(T),
        T = M1:T1,
        atom(M1)
    ->  option_context_(T1, M1, M, P)
    ;   M = M0,
        P = T
    ).

option_meta_([], _, _, []).
option_meta_([O|Os], IsMeta, Context, [Q|Qs]) :-
    (   O = (Name=Value),
        call(IsMeta, Name)
    ->  option_context_(Value, Context, M, Plain),
        Q = (Name=M:Plain)
    ;   compound(O),
        functor(O, Name, 1),
        call(IsMeta, Name)
    ->  arg(1, O, Value),
        option_context_(Value, Context, M, Plain),
        functor(Q, Name, 1),
        arg(1, Q, M:Plain)
    ;   Q = O
    ),
    option_meta_(Os, IsMeta, Context, Qs).
