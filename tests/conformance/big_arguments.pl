% Integers past 64 bits given where a builtin expects a count, a position or
% an arity end as in SWI-Prolog (issue 17): a big position fails, a big arity
% or length is a representation or resource error, a big negative one a
% domain error. Only the formal error is printed (SWI's contexts for a full
% stack are dicts).

t(Name, Goal) :-
    catch(( call(Goal) -> R = yes ; R = no ), E, error_formal(E, R)),
    print(Name-R), nl.

error_formal(error(Formal, _), ex(Formal)) :- !.
error_formal(Ball, ex(Ball)).

main :-
    B is 10^24, N is -(10^24),
    t(arg_big, arg(B, f(a), _)),
    t(arg_neg, arg(N, f(a), _)),
    t(functor_big, functor(_, f, B)),
    t(functor_neg, functor(_, f, N)),
    t(functor_huge, functor(_, f, 100000000)),
    t(length_big, length(_, B)),
    t(length_neg, length(_, N)),
    t(length_list_big, length([a], B)),
    t(sort4_big, sort(B, @<, [f(1)], _)),
    t(sort4_neg, sort(N, @<, [f(1)], _)),
    t(sort4_minus_one, sort(-1, @<, [f(1)], _)),
    t(sort4_zero, sort(0, @<, [f(1)], _)),
    t(numbervars_big, numbervars(f(_), B, _)),
    t(numbervars_neg, numbervars(f(_), N, _)),
    t(tab_big, tab(B)),
    t(tab_neg, tab(N)),
    t(sub_atom_big, sub_atom(abc, B, _, _, _)),
    t(sub_atom_neg, sub_atom(abc, N, _, _, _)),
    t(sub_atom_after_big, sub_atom(abc, _, _, B, _)),
    t(sub_string_len_big, sub_string("abc", _, B, _, _)),
    t(string_code_big, string_code(B, "abc", _)),
    t(string_code_neg, string_code(N, "abc", _)),
    t(char_code_big, char_code(_, B)),
    t(char_code_neg, char_code(_, N)).
