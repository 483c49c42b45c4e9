/*  dcg/high_order.pl -- grammar rules that take grammar rules as
    arguments, compatible with SWI-Prolog 9's library(dcg/high_order).

    Part of puzzlog's Prolog library.  sequence//2,3,5 match or
    generate lists of elements, optionally with a separator and an
    opening and closing part; optional//2 matches a body or else a
    default; foreach//2,3 generates a body for every solution of a
    goal.  Elements are called as call(Element, X, S0, S); the other
    arguments are grammar bodies, called as phrase/3 would.

    How sequence//3 walks depends on its list:
      - unbound: an element, then as long as a separator follows,
        another element, which must then be there; the separator
        commits to the elements before it.  No element at all gives [].
      - a proper list: exactly its elements, separated, no commitment.
      - a partial list: its elements as for a proper list, then a
        separator and the rest as for an unbound list.

    Helper predicates start with dcgho_.
*/

:- module(dcg_high_order,
          [ sequence//2,                % :Element, ?List
            sequence//3,                % :Element, :Sep, ?List
            sequence//5,                % :Start, :Element, :Sep, :End, ?List
            optional//2,                % :Match, :Default
            foreach//2,                 % :Generator, :Element
            foreach//3                  % :Generator, :Element, :Sep
          ]).
:- use_module(library(lists)).

:- meta_predicate
    sequence(3, ?, ?, ?),
    sequence(3, //, ?, ?, ?),
    sequence(//, 3, //, //, ?, ?, ?),
    optional(//, //, ?, ?),
    foreach(0, //, ?, ?),
    foreach(0, //, //, ?, ?).

%!  sequence(:Element, ?List)// is nondet.
%
%   List is a sequence of Elements, the longest first.
sequence(OnElem, List) -->
    dcgho_seq_(List, OnElem).

dcgho_seq_([H|T], OnElem) -->
    call(OnElem, H),
    dcgho_seq_(T, OnElem).
dcgho_seq_([], _) -->
    [].

%!  sequence(:Element, :Sep, ?List)// is nondet.
%
%   List is a sequence of Elements separated by Sep (see the walks in
%   the header).
sequence(OnElem, OnSep, List, S0, S) :-
    (   var(List)
    ->  dcgho_seq_open_(List, OnElem, OnSep, S0, S)
    ;   List == []
    ->  S = S0
    ;   List = [H|T],
        call(OnElem, H, S0, S1),
        dcgho_seq_more_(T, OnElem, OnSep, S1, S)
    ).

% dcgho_seq_open_(-List, :Element, :Sep)//: List unbound.
dcgho_seq_open_(List, OnElem, OnSep, S0, S) :-
    (   call(OnElem, H, S0, S1)
    *-> (   phrase(OnSep, S1, S2)
        ->  !,
            List = [H|T],
            dcgho_seq_req_(T, OnElem, OnSep, S2, S)
        ;   List = [H],
            S = S1
        )
    ;   List = [],
        S = S0
    ).

% dcgho_seq_req_(-List, :Element, :Sep)//: at least one element,
% after a separator.
dcgho_seq_req_([H|T], OnElem, OnSep, S0, S) :-
    call(OnElem, H, S0, S1),
    (   phrase(OnSep, S1, S2)
    ->  !,
        dcgho_seq_req_(T, OnElem, OnSep, S2, S)
    ;   T = [],
        S = S1
    ).

% dcgho_seq_more_(?Tail, :Element, :Sep)//: the rest of a bound list.
dcgho_seq_more_(T, OnElem, OnSep, S0, S) :-
    (   var(T)
    ->  phrase(OnSep, S0, S1),
        dcgho_seq_req_(T, OnElem, OnSep, S1, S)
    ;   T == []
    ->  S = S0
    ;   T = [H|T1],
        phrase(OnSep, S0, S1),
        call(OnElem, H, S1, S2),
        dcgho_seq_more_(T1, OnElem, OnSep, S2, S)
    ).

%!  sequence(:Start, :Element, :Sep, :End, ?List)// is semidet.
%
%   Start, then sequence//3, then End; the first match is taken.
sequence(Start, OnElem, OnSep, End, List) -->
    Start,
    sequence(OnElem, OnSep, List),
    End,
    !.

%!  optional(:Match, :Default)// is semidet.
%
%   The first solution of Match if it has one, otherwise the first
%   solution of Default.
optional(Match, Default) -->
    (   Match
    ->  []
    ;   Default
    ->  []
    ).

%!  foreach(:Generator, :Element)// is nondet.
%
%   Element for every solution of Generator, in order.  Variables of
%   Element that do not occur in Generator are shared by all copies.
foreach(Generator, Element, S0, S) :-
    dcgho_instances_(Generator, Element-[], Instances),
    dcgho_emit_(Instances, S0, S).

%!  foreach(:Generator, :Element, :Sep)// is nondet.
%
%   As foreach//2, with Sep between two Elements; Sep has the bindings
%   of the solution before it.
foreach(Generator, Element, Sep, S0, S) :-
    dcgho_instances_(Generator, Element-Sep, Instances),
    dcgho_emit_(Instances, S0, S).

% dcgho_instances_(:Generator, +Body, -Instances): Body (Element-Sep)
% under the bindings of each solution of Generator; the variables of
% Body that are not in Generator stay shared.
dcgho_instances_(Generator, Body, Instances) :-
    term_variables(Generator, GenVars),
    term_variables(Body, BodyVars),
    dcgho_free_(BodyVars, GenVars, Free),
    findall(GenVars, Generator, Solutions),
    dcgho_bind_(Solutions, GenVars, Free, Body, Instances).

dcgho_free_([], _, []).
dcgho_free_([V|Vs], GenVars, Free) :-
    (   dcgho_var_memberchk_(GenVars, V)
    ->  Free = Free1
    ;   Free = [V|Free1]
    ),
    dcgho_free_(Vs, GenVars, Free1).

dcgho_var_memberchk_([X|Xs], V) :-
    (   X == V
    ->  true
    ;   dcgho_var_memberchk_(Xs, V)
    ).

dcgho_bind_([], _, _, _, []).
dcgho_bind_([Sol|Sols], GenVars, Free, Body, [B|Bs]) :-
    copy_term(GenVars-Free-Body, Sol-Free-B),
    dcgho_bind_(Sols, GenVars, Free, Body, Bs).

dcgho_emit_([], S, S).
dcgho_emit_([Element-Sep|T], S0, S) :-
    phrase(Element, S0, S1),
    (   T == []
    ->  S = S1
    ;   phrase(Sep, S1, S2),
        dcgho_emit_(T, S2, S)
    ).
