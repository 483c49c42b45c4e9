/*  boot.pl -- the part of the system written in Prolog that the rest of the
    library builds on: the meta-call interpreter behind call/1, findall/3,4,
    output capture and listing/1.  Loaded first, as system predicates.
*/

%   garbage_collect
%   Collects garbage now: '$garbage_collect'/0 asks for a collection at the
%   next call, which is the call of '$collect'/0 that follows it.
garbage_collect :- '$garbage_collect', '$collect'.
'$collect'.

%   '$mc'(+Goal, +Module, +CutLevel)
%   Runs a goal that is a control construct when call/1 does not run it as
%   a compiled clause (src/machine/meta_clause.rs), whose leaves resolve in Module
%   (a `M:G` inside it switches to M).  A cut inside it cuts back to
%   CutLevel, the choicepoint level when call/1 was entered, which makes cut
%   local to the call (ISO).  The condition of an if-then-else and the goal of
%   \+ are opaque to cut: they run with their own cut level.  '$mc'/3 adds no
%   recursion level (call_with_depth_limit/3): like SWI-Prolog's temporary
%   clause for a meta-called control construct, the whole construct counts
%   as one level, which call/1 adds when it enters '$mc'/3.
'$mc'(G, _, _) :- var(G), !, throw(error(instantiation_error, context(system:'<meta-call>'/1, _))).
'$mc'(true, _, _) :- !.
'$mc'(fail, _, _) :- !, fail.
'$mc'(false, _, _) :- !, fail.
'$mc'((A, B), M, L) :- !, '$mc'(A, M, L), '$mc'(B, M, L).
'$mc'((C -> T ; E), M, L) :- !,
    ( prolog_current_choice(L1), '$mc'(C, M, L1) -> '$mc'(T, M, L) ; '$mc'(E, M, L) ).
'$mc'((C *-> T ; E), M, L) :- !,
    ( prolog_current_choice(L1), '$mc'(C, M, L1) *-> '$mc'(T, M, L) ; '$mc'(E, M, L) ).
'$mc'((A ; B), M, L) :- !, ( '$mc'(A, M, L) ; '$mc'(B, M, L) ).
'$mc'('|'(A, B), M, L) :- !, ( '$mc'(A, M, L) ; '$mc'(B, M, L) ).
'$mc'((C -> T), M, L) :- !, ( prolog_current_choice(L1), '$mc'(C, M, L1) -> '$mc'(T, M, L) ).
'$mc'((C *-> T), M, L) :- !, ( prolog_current_choice(L1), '$mc'(C, M, L1) *-> '$mc'(T, M, L) ).
'$mc'(\+ G, M, _) :- !, \+ ( prolog_current_choice(L1), '$mc'(G, M, L1) ).
'$mc'(!, _, L) :- !, '$cut'(L).
'$mc'($, _, L) :- !, '$cut'(L).
'$mc'(M:G, _, L) :- atom(M), !, '$mc'(G, M, L).
'$mc'(G, user, _) :- !, '<meta-call>'(G).
'$mc'(G, M, _) :- '<meta-call>'(M:G).

%   $(Goal): Goal must succeed deterministically, else determinism_error/4
%   (compiled inline where it is a body goal; this is the meta-called form).
$(Goal) :- $(Goal).

%   '$eval_if'(:Goal): the condition of a `:- if(Goal)` or `:- elif(Goal)`
%   directive (the loader qualifies it with the source module).
'$eval_if'(Goal) :- call(Goal).

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
    ;   '$bag_collect'(B, L0, [], Cs)
    ),
    L = L0,
    '$restate'(Cs).

findall(T, G, L, Tail) :-
    '$bag_new'(B),
    (   call(G), '$bag_add'(B, T), fail
    ;   '$bag_collect'(B, L0, Tail, Cs)
    ),
    L = L0,
    '$restate'(Cs).

%   copy_term(+Term, -Copy): the constraints of Term's variables are
%   copied too (finite-domain ones restated by goals on the copy).
copy_term(T, C) :-
    '$copy_term'(T, C, Cs),
    '$restate'(Cs).

%   '$restate'(+Goals): calls the goals that restate copied constraints.
'$restate'([]).
'$restate'([G|Gs]) :-
    call(G),
    '$restate'(Gs).

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
    ;   ( compound(X) ; X == [] )
    ->  throw(error(type_error(atomic, X), context(name/2, _)))
    ;   atom_codes(X, Codes)
    ).
writeln(S, X) :- write(S, X), nl(S).
print(S, X) :- write_term(S, X, [portray(true), numbervars(true), quoted(true)]).

%   with_output_to(+Sink, :Goal): run Goal once, capturing its output into
%   atom(A), string(S), codes(Cs), codes(Cs, Tail) or chars(Cs).
with_output_to(Sink, Goal) :-
    '$check_sink'(Sink, with_output_to/2),
    '$capture_start',
    (   catch(Goal, E, ('$capture_end'(_), throw(E)))
    ->  '$capture_end'(Text),
        '$sink_text'(Sink, Text)
    ;   '$capture_end'(_),
        fail
    ).

%   '$check_sink'(+Sink, +PI): Sink is one of the text sinks, else the
%   error SWI raises for predicate PI (an atom names a stream).
'$check_sink'(S, PI) :- var(S), !, throw(error(instantiation_error, context(system:PI, _))).
'$check_sink'(atom(_), _) :- !.
'$check_sink'(string(_), _) :- !.
'$check_sink'(codes(_), _) :- !.
'$check_sink'(codes(_, _), _) :- !.
'$check_sink'(chars(_), _) :- !.
'$check_sink'(chars(_, _), _) :- !.
'$check_sink'(S, PI) :- atom(S), !, throw(error(existence_error(stream, S), context(system:PI, _))).
'$check_sink'(S, PI) :- throw(error(type_error(output, S), context(system:PI, _))).

'$sink_text'(atom(A), T) :- atom_string(A, T).
'$sink_text'(string(S), T) :- S = T.
'$sink_text'(codes(Cs), T) :- string_codes(T, Cs).
'$sink_text'(codes(Cs, Tail), T) :- string_codes(T, Cs0), append(Cs0, Tail, Cs).
'$sink_text'(chars(Cs), T) :- string_chars(T, Cs).
'$sink_text'(chars(Cs, Tail), T) :- string_chars(T, Cs0), append(Cs0, Tail, Cs).

format(Sink, Format, Args) :-
    compound(Sink),
    Sink \= '<stream>'(_), !,
    '$check_sink'(Sink, format/3),
    '$format_text'(Format, Args, Text),
    '$sink_text'(Sink, Text).
format(Sink, _, _) :-
    ( number(Sink) ; string(Sink) ), !,
    throw(error(type_error(output, Sink), context(system:format/3, _))).
format(Stream, Format, Args) :-
    '$format_stream'(Stream, Format, Args).

format_atom(Format, Args, Atom) :- format(atom(Atom), Format, Args).

%   term_string(?Term, ?String, +Options): with String unbound, Term written
%   with write_term/2's Options (quoted by default); else String read
%   with read_term/2's Options (variable_names(Vs), ...), a final full stop
%   optional.
term_string(Term, String, Options) :-
    (   var(String)
    ->  with_output_to(string(String), write_term(Term, [quoted(true)|Options]))
    ;   text_to_string(String, Text),
        string_concat(Text, "\n.", Full),
        setup_call_cleanup(open_string(Full, In),
                           read_term(In, Term0, Options),
                           close(In)),
        Term = Term0
    ).

%   atomics_to_string(+List, -String): the texts of the atomic List, concatenated.
atomics_to_string(List, String) :-
    atomic_list_concat(List, Atom),
    atom_string(Atom, String).

%   print_message(+Kind, +Term): a message on stderr, as SWI prints it.
%   Term is translated by the hook prolog:message//1 (multifile), or is
%   format(Format, Args); the hook user:message_hook(Term, Kind, Lines)
%   may print it instead.  Other terms (errors, unknown messages) are
%   translated by the system.
print_message(Kind, Term) :-
    '$message_lines'(Term, Lines),
    !,
    (   '$message_hook'(Term, Kind, Lines)
    ->  true
    ;   '$lines_text'(Lines, Text),
        '$print_message'(Kind, '$message_text'(Text))
    ).
print_message(Kind, Term) :-
    (   '$message_hook'(Term, Kind, [])
    ->  true
    ;   '$print_message'(Kind, Term)
    ).

'$message_lines'(Term, Lines) :-
    nonvar(Term),
    (   Term = format(Format, Args)
    ->  Lines = [Format-Args]
    ;   current_predicate(prolog:message/3),
        catch(prolog:message(Term, Lines, []), _, fail)
    ).

'$message_hook'(Term, Kind, Lines) :-
    current_predicate(user:message_hook/3),
    catch(user:message_hook(Term, Kind, Lines), _, fail).

%   '$lines_text'(+Lines, -Text): the text of message lines (Format-Args,
%   Format, ansi(Attrs, Format, Args), url(Location), nl, flush, ...).
'$lines_text'(Lines, Text) :-
    with_output_to(string(Text), '$print_lines'(Lines)).

'$print_lines'([]).
'$print_lines'([L|Ls]) :-
    '$print_line_element'(L),
    '$print_lines'(Ls).

'$print_line_element'(E) :-
    (   var(E)
    ->  write(E)
    ;   E == nl
    ->  nl
    ;   E = Format-Args
    ->  format(Format, Args)
    ;   E = ansi(_, Format, Args)
    ->  format(Format, Args)
    ;   E = url(File:Line:Col)
    ->  format("~w:~w:~w", [File, Line, Col])
    ;   E = url(File:Line)
    ->  format("~w:~w", [File, Line])
    ;   E = url(Loc)
    ->  write(Loc)
    ;   memberchk(E, [flush, at_same_line])
    ->  true
    ;   E = begin(_, _)
    ->  true
    ;   E = end(_)
    ->  true
    ;   atomic(E)
    ->  format(E, [])
    ;   write(E)
    ).

%   '$portray_term'(+Term, -Portrayed): Term with each subterm that
%   user:portray/1 prints replaced by '$portrayed'(Text) (see print/1).
%   The hook is tried from the top down, left to right; not on variables
%   nor on the tails of lists.
'$portray_term'(T, P) :-
    (   var(T)
    ->  P = T
    ;   catch(with_output_to(string(S), user:portray(T)), _, fail)
    ->  P = '$portrayed'(S)
    ;   T = [_|_]
    ->  '$portray_list'(T, P)
    ;   compound(T)
    ->  T =.. [F|As],
        '$portray_list'(As, Ps),
        P =.. [F|Ps]
    ;   P = T
    ).

'$portray_list'(L, P) :-
    (   var(L)
    ->  P = L
    ;   L = [H|T]
    ->  '$portray_term'(H, PH),
        P = [PH|PT],
        '$portray_list'(T, PT)
    ;   L == []
    ->  P = []
    ;   '$portray_term'(L, P)
    ).

%   print_message_lines(+Stream, +Prefix, +Lines): Lines as print_message/2
%   prints them, each line after Prefix (kind(Kind): that kind's prefix).
print_message_lines(Stream, Prefix0, Lines) :-
    (   Prefix0 = kind(Kind)
    ->  '$kind_prefix'(Kind, Prefix)
    ;   Prefix = Prefix0
    ),
    '$lines_text'(Lines, Text),
    split_string(Text, "\n", "", Parts),
    forall(member(P, Parts), format(Stream, "~w~s~n", [Prefix, P])).

'$kind_prefix'(error, 'ERROR: ').
'$kind_prefix'(warning, 'Warning: ').
'$kind_prefix'(informational, '% ').
'$kind_prefix'(information, '% ').
'$kind_prefix'(debug(_), '% ').
'$kind_prefix'(help, '').
'$kind_prefix'(silent, '').

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
listing(Spec0) :-
    strip_module(Spec0, M, Spec),
    (   Spec = Name/Arity
    ->  true
    ;   Spec = Name//DcgArity
    ->  (   integer(DcgArity)
        ->  Arity is DcgArity+2
        ;   true
        )
    ;   Name = Spec
    ),
    forall('$listable'(M, Name, Arity), '$listing'(M, Name, Arity)).

%   '$listable'(+M, +Name, ?Arity): M's own predicates named Name (the
%   enumeration of current_predicate/1 with no name: not the system's).
'$listable'(M, Name, Arity) :-
    current_predicate(M:N/Arity),
    N == Name.

'$listing'(M, Name, Arity) :-
    functor(Head, Name, Arity),
    (   '$predicate_property'(M:Head, Props), memberchk(dynamic, Props)
    ->  format(":- dynamic ~q.~n~n", [Name/Arity])
    ;   true
    ),
    (   '$predicate_property'(M:Head, Props), memberchk(tabled, Props)
    ->  format(":- table ~q as variant.~n~n", [Name/Arity]),
        atom_concat(Name, ' tabled', Kept),
        '$source_clauses'(M:Kept/Arity, KeptClauses),
        maplist('$untabled'(Name), KeptClauses, Clauses)
    ;   '$source_clauses'(M:Name/Arity, Clauses)
    ),
    forall(member(C-Bindings, Clauses), '$portray_listed'(C, Bindings)),
    nl.

'$untabled'(Name, (H0 :- B)-Bs, (H :- B)-Bs) :-
    !,
    '$untabled'(Name, H0-Bs, H-Bs).
'$untabled'(Name, H0-Bs, H-Bs) :-
    H0 =.. [_|Args],
    H =.. [Name|Args].

%   '$portray_listed'(+Clause, +Bindings): a clause as listing/1 shows it, as
%   SWI-Prolog's compiler keeps it: leading unifications of a head argument
%   that occurs nowhere else with a non-variable term go into the head; the
%   variables have their source names (lost when such a term brought some).
'$portray_listed'(C0, Bindings0) :-
    '$fold_head_unify'(C0, C, Lost),
    (   Lost == true
    ->  Bindings = []
    ;   Bindings = Bindings0
    ),
    '$portray_clause_named'(C, Bindings).

'$fold_head_unify'((H :- B0), C, Lost) :-
    !,
    '$fold_body'(B0, (H :- B0), B, false, Lost),
    (   B == true
    ->  C = H
    ;   C = (H :- B)
    ).
'$fold_head_unify'(C, C, false).

'$fold_body'(B0, C, B, L0, L) :-
    (   B0 = (G, Rest0)
    ->  (   '$fold_unify'(G, C, L0, L1)
        ->  '$fold_body'(Rest0, C, B, L1, L)
        ;   G = (_ = _)
        ->  B = (G, Rest),
            '$fold_body'(Rest0, C, Rest, L0, L)
        ;   B = B0,
            L = L0
        )
    ;   '$fold_unify'(B0, C, L0, L)
    ->  B = true
    ;   B = B0,
        L = L0
    ).

'$fold_unify'(G, (H :- B), L0, L) :-
    (   G = (V = T)
    ;   G = (T = V)
    ),
    var(V),
    nonvar(T),
    compound(H),
    H =.. [_|Args],
    '$member_eq'(V, Args),
    '$occurrences'((H :- B), V, 2),
    !,
    V = T,
    (   ground(T)
    ->  L = L0
    ;   L = true
    ).

'$member_eq'(X, [Y|Ys]) :-
    (   X == Y
    ->  true
    ;   '$member_eq'(X, Ys)
    ).

%   module_property(?Module, ?Property): file(F), exports(PIs),
%   exported_operators(Ops), class(C).
module_property(M, P) :-
    current_module(M),
    '$module_property'(M, Props),
    member(P, Props).

%   The meta-predicates of the system: arguments that are goals (0..9),
%   module-sensitive (:) or bagof-style goals (^) get qualified with the
%   calling module when called from a module other than user.
:- meta_predicate
    consult(:), ensure_loaded(:), use_module(:), use_module(:, +),
    reexport(:), reexport(:, +), meta_predicate(:), multifile(:), export(:),
    dynamic(:), discontiguous(:), assert(:), asserta(:), assertz(:),
    retract(:), retractall(:), clause(:, ?), abolish(:),
    predicate_property(:, ?), current_predicate(:), strip_module(:, -, -),
    findall(?, 0, -), findall(?, 0, -, ?), bagof(?, ^, -), setof(?, ^, -),
    forall(0, 0), once(0), ignore(0), apply(:, +), @(:, +), catch(0, ?, 0), not(0),
    setup_call_cleanup(0, 0, 0), call_cleanup(0, 0), with_output_to(?, 0),
    phrase(//, ?), phrase(//, ?, ?), call_with_depth_limit(0, +, -),
    call_with_inference_limit(0, +, -), call_with_time_limit(+, 0),
    listing(:).

predicate_property(Head, Prop) :-
    nonvar(Head),
    '$predicate_property'(Head, Props),
    member(Prop, Props).

ensure_loaded_library(_).
style_check(_).
