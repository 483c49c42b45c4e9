% Cyclic terms (X = f(X), L = [a|L]) given to every builtin family that walks
% its arguments end in SWI-Prolog's error, with the cyclic term itself as the
% culprit, or in SWI's answer (issue 17): arithmetic, text conversion, format,
% term inspection, sorting, assert, and writing.
%
% Culprits are not printed (their text is tested in cyclic.pl): the checks
% show `cyclic` for a cyclic culprit.

% c(+Name, :Goal): runs Goal once with the cyclic terms bound and prints its
% error or outcome.
c(Name, Goal) :-
    catch(( call(Goal) -> R = true ; R = false ), E, R = caught(E)),
    show(R, Shown),
    print(Name-Shown), nl.

show(caught(error(Formal, Context)), error(F, Ctx)) :- !,
    Formal =.. [Name|Args],
    maplist(mark, Args, Marked),
    F =.. [Name|Marked],
    context(Context, Ctx).
show(caught(Ball), caught(B)) :- !, mark(Ball, B).
show(R, R).

mark(A, cyclic) :- cyclic_term(A), !.
mark(A, A).

context(Context, Pred-Message) :-
    (   nonvar(Context), Context = context(P, M)
    ->  ( var(P) -> Pred = '_' ; Pred = P ),
        ( var(M) -> Message = '_' ; Message = M )
    ;   Pred = none, Message = none
    ).

main :-
    X = f(X), L = [a|L], C = [0'a|C], D = [0'1|D], P = [a-1|P],
    % arithmetic
    c(is, _ is X + 1),
    c(is_meta, call(is, _, X)),
    c(gt, X > 1),
    c(eq_right, 1 =:= X),
    c(succ, succ(X, _)),
    c(plus, plus(X, 1, _)),
    c(between, between(1, X, _)),
    c(tab, tab(X)),
    c(tab2, tab(user_output, X)),
    c(format_d, format("~d", [X])),
    c(format_e, format("~e", [X])),
    c(format_star, format("~*c", [X, 0'x])),
    % text
    c(atom_length, atom_length(L, _)),
    c(atom_length_int, atom_length(abc, X)),
    c(string_length, string_length(L, _)),
    c(alc2, atomic_list_concat(L, _)),
    c(alc3, atomic_list_concat(L, -, _)),
    c(alc_item, atomic_list_concat([L], _)),
    c(alc_split, atomic_list_concat(_, L, abc)),
    c(format_s, format("~s", [C])),
    c(format_a, format("~a", [L])),
    c(format_text, format(C, [])),
    c(string_chars, string_chars(_, L)),
    c(string_codes, string_codes(_, C)),
    c(number_codes, number_codes(_, D)),
    c(atom_number, atom_number(D, _)),
    c(number_string, number_string(_, D)),
    c(atom_to_term, atom_to_term(L, _, _)),
    c(term_to_atom, term_to_atom(_, L)),
    c(term_string, term_string(_, L)),
    c(split_string, split_string(L, "", "", _)),
    c(split_string_sep, split_string("a b", L, "", _)),
    c(upcase_atom, upcase_atom(L, _)),
    c(string_lower, string_lower(L, _)),
    c(atom_codes, atom_codes(_, L)),
    c(atom_chars, atom_chars(_, L)),
    c(atom_concat, atom_concat(L, b, _)),
    c(sub_atom, sub_atom(L, _, _, _, _)),
    c(sub_atom_int, sub_atom(abc, X, 1, _, _)),
    c(atom_string, atom_string(L, _)),
    c(text_to_string, text_to_string(L, _)),
    c(string_code, string_code(1, L, _)),
    c(char_code, char_code(L, _)),
    c(char_code_int, char_code(_, X)),
    c(char_type, char_type(L, alpha)),
    c(read_term_from_atom, read_term_from_atom(L, _, [])),
    % term inspection and sorting
    c(univ, _ =.. L),
    c(univ_list, _ =.. [g|X]),
    c(length, length(L, _)),
    c(length_int, length(_, X)),
    c(functor_int, functor(_, f, X)),
    c(arg_int, arg(X, f(a), _)),
    c(msort, msort(L, _)),
    c(keysort, keysort(P, _)),
    c(sort_set, ( sort(L, S1), S1 == [a] )),
    c(sort4_set, ( sort(0, @>, [b|L], S2), S2 == [b, a] )),
    c(sort4_dup, sort(0, @=<, L, _)),
    c(is_list, is_list(L)),
    c(ground, ground(X)),
    c(copy, ( copy_term(X, Y), Y = f(Z), Z == Y )),
    c(term_variables, ( V = f(V, W), term_variables(V, Vs), Vs == [W] )),
    c(numbervars, ( N = f(N, _), numbervars(N, 0, End), End == 1 )),
    c(compare, ( Q = f(Q), compare(O, X, Q), O == (=) )),
    c(findall, ( findall(X, true, [F]), F = f(G), G == F )),
    c(list_to_set, list_to_set(L, _)),
    c(must_be, must_be(list, L)),
    % assert
    c(assertz, assertz(X)),
    c(assertz_fact, assertz(p(X))),
    c(asserta_rule, asserta((p :- X))),
    % balls
    c(throw, throw(X)),
    % writing
    write_canonical(X), nl,
    write_term(X, [quoted(true)]), nl,
    write_term(X, [max_depth(3)]), nl,
    print(X), nl, writeq(L), nl,
    portray_clause(X),
    format("~w ~q ~p~n", [X, L, X]),
    term_to_atom(X, A), writeq(A), nl,
    with_output_to(string(S), write_canonical(X)), writeq(S), nl,
    H = f(H, _), write_canonical(H), nl.
