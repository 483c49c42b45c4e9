/*  boot.pl -- the part of the system written in Prolog that the rest of the
    library builds on: the meta-call interpreter behind call/1, findall/3,4,
    output capture and listing/1.  Loaded first, as system predicates.
*/

%   '$mc'(+Goal, +CutLevel)
%   Runs a goal that is a control construct.  A cut inside it cuts back to
%   CutLevel, the choicepoint level when call/1 was entered, which makes cut
%   local to the call (ISO).  The condition of an if-then-else and the goal of
%   \+ are opaque to cut: they run with their own cut level.  '$mc'/2 adds no
%   recursion level (call_with_depth_limit/3): like SWI-Prolog's temporary
%   clause for a meta-called control construct, the whole construct counts
%   as one level, which call/1 adds when it enters '$mc'/2.
'$mc'(G, _) :- var(G), !, throw(error(instantiation_error, context(system:'<meta-call>'/1, _))).
'$mc'(true, _) :- !.
'$mc'(fail, _) :- !, fail.
'$mc'(false, _) :- !, fail.
'$mc'((A, B), L) :- !, '$mc'(A, L), '$mc'(B, L).
'$mc'((C -> T ; E), L) :- !,
    ( prolog_current_choice(L1), '$mc'(C, L1) -> '$mc'(T, L) ; '$mc'(E, L) ).
'$mc'((C *-> T ; E), L) :- !,
    ( prolog_current_choice(L1), '$mc'(C, L1) *-> '$mc'(T, L) ; '$mc'(E, L) ).
'$mc'((A ; B), L) :- !, ( '$mc'(A, L) ; '$mc'(B, L) ).
'$mc'('|'(A, B), L) :- !, ( '$mc'(A, L) ; '$mc'(B, L) ).
'$mc'((C -> T), L) :- !, ( prolog_current_choice(L1), '$mc'(C, L1) -> '$mc'(T, L) ).
'$mc'((C *-> T), L) :- !, ( prolog_current_choice(L1), '$mc'(C, L1) *-> '$mc'(T, L) ).
'$mc'(\+ G, _) :- !, \+ ( prolog_current_choice(L1), '$mc'(G, L1) ).
'$mc'(!, L) :- !, '$cut'(L).
'$mc'(G, _) :- '<meta-call>'(G).

%   abort: abandon the running query; the toplevel says `% Execution Aborted`.
abort :- throw('$aborted').

%   length(?List, ?Length): List has Length elements.  A partial list with
%   an unbound Length gives ever longer lists on backtracking; each answer
%   adds one cell to the previous one, so the first N answers cost O(N).
length(List, Length) :-
    '$length'(List, Length, Tail, Prefix),
    (   Tail == []
    ->  true
    ;   '$length_more'(Tail, Length, Prefix)
    ).

'$length_more'([], N, N).
'$length_more'([_|T], N, N0) :-
    N1 is N0 + 1,
    '$length_more'(T, N, N1).

%   The control atoms as predicates, for call/1 and friends.
true.
fail :- fail.
false :- fail.
otherwise.

repeat.
repeat :- repeat.

findall(T, G, L) :-
    '$bag_new'(B),
    (   call(G), '$bag_add'(B, T), fail
    ;   '$bag_collect'(B, L0, [])
    ),
    L = L0.

findall(T, G, L, Tail) :-
    '$bag_new'(B),
    (   call(G), '$bag_add'(B, T), fail
    ;   '$bag_collect'(B, L0, Tail)
    ),
    L = L0.

not(G) :- \+ call(G).

writeln(X) :- write(X), nl.

%   [File, ...] as a goal consults the files.
'[|]'(F, Fs) :- consult([F|Fs]).

abolish(Name, Arity) :- abolish(Name/Arity).

%   name(?AtomOrNumber, ?Codes): like atom_codes/2, but text that reads as a number gives a number.
name(X, Codes) :-
    (   var(X)
    ->  (   catch(number_codes(N, Codes), error(syntax_error(_), _), fail)
        ->  X = N
        ;   atom_codes(X, Codes)
        )
    ;   number(X)
    ->  number_codes(X, Codes)
    ;   atom_codes(X, Codes)
    ).
writeln(S, X) :- write(S, X), nl(S).
print(S, X) :- write_term(S, X, [portray(true), numbervars(true), quoted(true)]).

%   with_output_to(+Sink, :Goal): run Goal once, capturing its output into
%   atom(A), string(S), codes(Cs), codes(Cs, Tail) or chars(Cs).
with_output_to(Sink, Goal) :-
    '$check_sink'(Sink),
    '$capture_start',
    (   catch(Goal, E, ('$capture_end'(_), throw(E)))
    ->  '$capture_end'(Text),
        '$sink_text'(Sink, Text)
    ;   '$capture_end'(_),
        fail
    ).

'$check_sink'(S) :- var(S), !, throw(error(instantiation_error, _)).
'$check_sink'(atom(_)) :- !.
'$check_sink'(string(_)) :- !.
'$check_sink'(codes(_)) :- !.
'$check_sink'(codes(_, _)) :- !.
'$check_sink'(chars(_)) :- !.
'$check_sink'(chars(_, _)) :- !.
'$check_sink'(S) :- throw(error(domain_error(output_sink, S), _)).

'$sink_text'(atom(A), T) :- atom_string(A, T).
'$sink_text'(string(S), T) :- S = T.
'$sink_text'(codes(Cs), T) :- string_codes(T, Cs).
'$sink_text'(codes(Cs, Tail), T) :- string_codes(T, Cs0), append(Cs0, Tail, Cs).
'$sink_text'(chars(Cs), T) :- string_chars(T, Cs).
'$sink_text'(chars(Cs, Tail), T) :- string_chars(T, Cs0), append(Cs0, Tail, Cs).

format(Sink, Format, Args) :-
    compound(Sink),
    Sink \= '<stream>'(_), !,
    with_output_to(Sink, format(Format, Args)).
format(Stream, Format, Args) :-
    '$format_stream'(Stream, Format, Args).

format_atom(Format, Args, Atom) :- format(atom(Atom), Format, Args).

%   print_message(+Kind, +Term): errors and warnings on stderr in SWI's
%   words; format(Format, Args) is printed as format/2 would.
print_message(Kind, Term) :-
    nonvar(Term),
    Term = format(Format, Args),
    ( Kind == error ; Kind == warning ),
    !,
    format(string(Text), Format, Args),
    '$print_message'(Kind, '$message_text'(Text)).
print_message(Kind, Term) :- '$print_message'(Kind, Term).

%   stream_property(?Stream, ?Property): the properties of open streams.
stream_property(S, P) :-
    (   nonvar(S)
    ->  '$stream_properties'(S, Ps),
        member(P, Ps)
    ;   '$streams'(Ss),
        member(S, Ss),
        '$stream_properties'(S, Ps),
        member(P, Ps)
    ).

%   stream_position_data(?Field, +Pos, -Data): a field of a '$stream_position'/4 term.
stream_position_data(char_count, '$stream_position'(C, _, _, _), C).
stream_position_data(line_count, '$stream_position'(_, L, _, _), L).
stream_position_data(line_position, '$stream_position'(_, _, P, _), P).
stream_position_data(byte_count, '$stream_position'(_, _, _, B), B).

%   read_file_to_terms(+File, -Terms, +Options): the terms of a file, up to end_of_file.
read_file_to_terms(File, Terms, _) :-
    setup_call_cleanup(open(File, read, S), '$read_terms'(S, Terms), close(S)).

'$read_terms'(S, Terms) :-
    read_term(S, T, []),
    (   T == end_of_file
    ->  Terms = []
    ;   Terms = [T|Rest],
        '$read_terms'(S, Rest)
    ).

%   listing(+Spec): print the clauses of Name or Name/Arity as portray_clause/1
%   does (of a tabled predicate: its table declaration and the clauses kept
%   as 'Name tabled', under their own name).
listing(Spec) :-
    (   Spec = Name/Arity
    ->  true
    ;   Name = Spec
    ),
    forall('$listable'(Name, Arity), '$listing'(Name, Arity)).

'$listable'(Name, Arity) :-
    current_predicate(Name/Arity).

'$listing'(Name, Arity) :-
    functor(Head, Name, Arity),
    (   '$predicate_property'(Head, Props), memberchk(dynamic, Props)
    ->  format(":- dynamic ~q.~n~n", [Name/Arity])
    ;   true
    ),
    (   '$predicate_property'(Head, Props), memberchk(tabled, Props)
    ->  format(":- table ~q as variant.~n~n", [Name/Arity]),
        atom_concat(Name, ' tabled', Kept),
        '$clauses'(Kept/Arity, KeptClauses),
        maplist('$untabled'(Name), KeptClauses, Clauses)
    ;   '$clauses'(Name/Arity, Clauses)
    ),
    forall(member(C, Clauses), portray_clause(C)),
    nl.

'$untabled'(Name, (H0 :- B), (H :- B)) :-
    !,
    '$untabled'(Name, H0, H).
'$untabled'(Name, H0, H) :-
    H0 =.. [_|Args],
    H =.. [Name|Args].

predicate_property(Head, Prop) :-
    nonvar(Head),
    '$predicate_property'(Head, Props),
    member(Prop, Props).

ensure_loaded_library(_).
use_module(_).
use_module(_, _).
module(_, _).
style_check(_).
