% Conformance: library(backcomp): the old names (concat_atom/2,3, sformat/2,3, concat/3, string_to_list/2, sumlist/2, sublist/3, proper_list/1, checklist/2, merge/3, merge_set/3, substring/4, free_variables/2, 'C'/3, write_ln/1, displayq/1,2, feature/2, set_feature/2, flush/0, '$apropos_match'/2, '$sig_atomic'/1, setup_and_call_cleanup/3, current_thread/2, convert_time/2,8, '$version'/1, read_clause/2, read_variables/3, hash_term/2, lock_predicate/2, ...) and their errors.
:- use_module(library(backcomp)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
% f(G): as t/1, printing only the formal part of an error.
f(G) :- \+ \+ f_(G).
f_(G) :- ( catch(G, error(F, _), true) -> ( var(F) -> R = yes(G) ; R = ex(F) ) ; R = no ), out(R).
all(G) :- \+ \+ ( findall(G, G, L), out(all(L)) ).
d(G) :- \+ \+ ( ( call_cleanup(G, Det = true), ( Det == true -> R = det(G) ; R = nondet(G) ) -> true ; R = no(G) ), out(R) ).
even(X) :- 0 is X mod 2.
hash_is_integer :- hash_term(foo(bar), H), integer(H).
hash_is_stable :- hash_term(f(a, "s", 1.5), H1), hash_term(f(a, "s", 1.5), H2), H1 == H2.

main :-
    % concat_atom/2,3
    t(concat_atom([a, b, c], X)), t(concat_atom([a, 1, "s", 2.5], X)), t(concat_atom([], X)), t(concat_atom([a, b], X)),
    t(concat_atom(L, abc)), t(concat_atom([a, B], ab)), f(concat_atom([a, _], _)), f(concat_atom(foo, _)), f(concat_atom([a, b, _], _)),
    d(concat_atom(_, abc)),
    t(concat_atom([a, b, c], '-', X)), t(concat_atom(L, '-', 'a-b-c')), t(concat_atom([a, B], '-', 'a-b')), t(concat_atom([], '-', X)),
    t(concat_atom(L, ', ', 'x, y')), f(concat_atom(_, '', abc)), f(concat_atom(_, '-', _)),
    % sformat/2,3
    t(sformat(S, "a~wb", [1])), t(sformat(S, "plain")), t(sformat(S, "~w", x)), t(sformat(S, foo, [])), t(sformat(S, "~a", [1])),
    t(sformat("x", "x", [])), t(sformat(S, 'atom ~w', [fmt])), t(sformat(S, "~a~n", [abc])), f(sformat(_, "~d", [a])),
    % concat/3
    t(concat(a, b, X)), t(concat(X, b, ab)), t(concat(1, 2, X)), all(concat(_, _, ab)), f(concat(_, b, _)),
    % string_to_list/2, sumlist/2, sublist/3, proper_list/1, checklist/2
    t(string_to_list("abc", L)), t(string_to_list(S, [0'a])), t(string_to_list(abc, L)), f(string_to_list(_, _)),
    t(sumlist([1, 2, 3.5], Sum)), t(sumlist([], Sum)), f(sumlist([a], _)),
    t(sublist(even, [1, 2, 3, 4], L)), t(sublist(even, [], L)),
    t(proper_list([a, b])), t(proper_list([a|_])), t(proper_list(foo)), t(proper_list([])),
    t(checklist(integer, [1, 2])), t(checklist(integer, [1, a])), t(checklist(integer, [])),
    % merge/3, merge_set/3
    t(merge([1, 3, 5], [2, 3, 4], L)), t(merge([c, a], [b], L)), t(merge([], [b, a], L)), t(merge([f(1), f(2)], [f(1)], L)),
    t(merge([b, a], [], L)), t(merge([], [], L)), d(merge([1], [2], _)), d(merge([], [], _)),
    t(merge_set([1, 3, 5], [2, 3, 4], L)), t(merge_set([a, c], [b, c, d], L)), t(merge_set([], [], L)), t(merge_set([c, a], [b], L)),
    d(merge_set([1, 2], [2, 3], _)),
    % substring/4, free_variables/2, 'C'/3
    t(substring("hello world", 1, 5, S)), t(substring("hello", 2, 3, S)), t(substring(hello, 2, 3, S)), t(substring("hello", 4, 5, S)),
    t(substring("hello", 6, 0, S)), f(substring("hello", 0, 3, _)),
    t(free_variables(f(X1, g(_, X1), _), L)), t(free_variables(a, L)),
    t('C'([a, b], X, R)), t('C'([], X, R)), t('C'(L, a, [b])),
    % output
    t(write_ln(hello)), t(write_ln('A b')), t(write_ln("str")), t(write_ln(f(X, _))),
    t(displayq(f('A', 1+2, [x], "s", - 1, a:b, (a, b)))), nl, t(displayq(user_output, 'b c'-d)), nl, t(flush),
    % flags, misc
    t(feature(bounded, V)), t(set_feature(double_quotes, codes)), t(feature(double_quotes, V)), t(set_feature(double_quotes, string)),
    t(feature(double_quotes, V)), t('$version'(V)),
    t('$apropos_match'(abc, xAbCx)), t('$apropos_match'(abd, xAbCx)), t('$apropos_match'("ab", "xAB")), t('$apropos_match'('', x)),
    t('$sig_atomic'(member(Z, [1, 2]))), d('$sig_atomic'(member(_, [1, 2]))), t('$sig_atomic'(fail)),
    t(setup_and_call_cleanup(true, member(Z, [1, 2]), write(cleanup))), nl, t(setup_and_call_cleanup(true, fail, write(cleanup))), nl,
    t(current_thread(_Th, _St)), t(current_thread(main, running)), t(current_thread(other, _)),
    t(convert_time(0, Ts)), t(convert_time(1700000000.5, Ts)), t(convert_time(951782400, Ts)), t(convert_time(1699150000, Ts)),
    t(convert_time(1700000000.5, Y, Mo, D, Hh, Mi, Se, Ms)), t(convert_time(0, Y, Mo, D, Hh, Mi, Se, Ms)),
    t(convert_time(951868799.999, Y, Mo, D, Hh, Mi, Se, Ms)), t(convert_time(-86400, Y, Mo, D, Hh, Mi, Se, Ms)),
    t(convert_time(4102444800, Y, Mo, D, Hh, Mi, Se, Ms)),
    t(hash_is_integer), t((hash_term(f(_), H), var(H))), t(hash_is_stable),
    t(lock_predicate(foo, 1)), t(unlock_predicate(foo, 1)), t(eval_license),
    % read_clause/2, read_variables/3
    tmp_file(backcomp, File), open(File, write, Out), format(Out, "foo(X, Y, X).~nbar(A, _B).~n", []), close(Out),
        open(File, read, In2), read_clause(In2, T1), out(T1), read_variables(In2, T2, Vs2), out(T2-Vs2), read_clause(In2, T3), out(T3), close(In2),
    delete_file(File).
