% Atoms made at run time by text builtins survive atom garbage collection
% wherever the program keeps them, and keep their names.
:- dynamic kept/1.

mk(Tag, A) :- atom_concat(agc_, Tag, A).

churn :- between(1, 30000, I), atom_concat(churn_, I, _), fail.
churn.

agc :- garbage_collect_atoms, churn, garbage_collect_atoms.

same(Tag, A) :- mk(Tag, B), ( A == B -> true ; format("lost ~w~n", [Tag]) ).

check(Name, Goal) :-
    (   catch(Goal, E, (print_message(error, E), fail))
    ->  format("~w: ok~n", [Name])
    ;   format("~w: FAILED~n", [Name])
    ).

t(clause) :- mk(clause, A), assertz(kept(A)), agc, kept(B), same(clause, B).
t(functor) :- mk(functor, F), T =.. [F, 1, 2], assertz(kept(T)), agc,
    kept(T2), compound(T2), functor(T2, G, 2), same(functor, G).
t(predicate) :- mk(pred, P), G =.. [P, x], assertz(G), agc,
    mk(pred, P2), G2 =.. [P2, Y], call(G2), Y == x.
t(global) :- mk(global, A), nb_setval(agc_key, A), agc, nb_getval(agc_key, B), same(global, B).
t(global_key) :- mk(gkey, K), nb_setval(K, 42), agc, mk(gkey, K2), nb_getval(K2, V), V == 42.
t(b_global) :- mk(bglobal, A), b_setval(agc_bkey, A), agc, b_getval(agc_bkey, B), same(bglobal, B).
t(heap) :- mk(heap, A), L = [x, A, y], agc, L = [_, B, _], same(heap, B).
t(string_heap) :- mk(sheap, A), S = f("a string", A, 1.5, 100000000000000000000000), agc,
    arg(2, S, B), same(sheap, B).
t(findall) :- findall(A, (between(1, 3, I), atom_concat(agc_fa_, I, A), agc), L),
    length(L, 3), L = [X|_], atom_concat(agc_fa_, 1, Y), X == Y.
t(op) :- mk(op, O), op(700, xfx, O), agc, mk(op, O2), current_op(P, T, O2), P == 700, T == xfx.
t(catch) :- mk(ball, A), catch((agc, throw(my(A))), my(B), true), same(ball, B).
t(catch_churn) :- catch((mk(ball2, A), throw(my(A))), my(B), agc), same(ball2, B).
t(alias) :- mk(alias, Al), tmp_file(agc, F), open(F, write, S, [alias(Al)]), agc,
    mk(alias, Al2), write(Al2, hello), close(S), delete_file(F).
t(flag) :- mk(flagkey, K), flag(K, _, 7), agc, mk(flagkey, K2), flag(K2, V, V), V == 7.
t(record) :- mk(rec, A), recordz(agc_rec, A), agc, recorded(agc_rec, B), same(rec, B).
t(setarg) :- mk(setarg, A), T = f(x), setarg(1, T, A), agc, arg(1, T, B), same(setarg, B).
t(nb_setarg) :- T = f(x), mk(nbsetarg, A), nb_setarg(1, T, A), agc, arg(1, T, B), same(nbsetarg, B).
t(sort) :- findall(A, (member(I, [3,1,2]), atom_concat(agc_s_, I, A)), L), msort(L, S),
    agc, S = [F|_], atom_concat(agc_s_, 1, G), F == G.
t(term_to_atom) :- mk(tta, A), term_to_atom(f(A), T), agc, term_to_atom(f(B), T), same(tta, B).
t(freeze) :- mk(frozen, A), freeze(X, (X == A -> true ; write(bad))), agc, mk(frozen, A2), X = A2.
t(nested) :- mk(nested, A), findall(B, (agc, B = A), [C]), same(nested, C).
t(count) :- statistics(atoms, N0), churn, garbage_collect_atoms, statistics(atoms, N1),
    ( N1 - N0 < 20000 -> true ; format("atoms not collected: ~w~n", [N1-N0]) ).

main :-
    forall(clause(t(Name), _), check(Name, t(Name))).
