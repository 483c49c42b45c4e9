% Conformance: catch/throw, rethrow, nested catch, bindings undone, ISO error terms
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

:- dynamic dyn/1.
r(X) :- catch(inner(X), error(E, _), (X = caught(E))).
inner(_) :- atom_length(1, _).
thrower(X) :- throw(my(X)).
cleanup(L) :- catch((member(X, [1,2,3]), X > 1, throw(found(X))), found(Y), L = Y).
bind_undone(X, Y) :- catch((X = bound, throw(oops)), oops, true), Y = X.
rethrow(R) :- catch(catch(throw(a), b, R = inner), a, R = outer).
rethrow2(R) :- catch(catch(throw(a), E, (E == a -> throw(again(E)) ; true)), again(Z), R = Z).
nested(R) :- catch(( catch(throw(one), one, throw(two)) ), two, R = got_two).
deep(0) :- throw(bottom).
deep(N) :- N > 0, M is N - 1, deep(M).
after_catch(L) :- findall(X, catch(member(X, [a,b,c]), _, true), L).
ball_copy(R) :- X = f(Y), catch(throw(X), f(Z), true), R = Y-Z.
unbound_ball :- throw(_).
formal(G, F) :- catch(G, error(F, _), true).
syn(G, R) :- catch((G, R = ok), error(syntax_error(_), _), R = syntax_error).
undef_caller :- undefined_pred_abc.
undef_caller2(X) :- X > 1, undefined_pred_abc(X, X).

main :-
    t(catch(throw(x), x, true)),
    t(catch(throw(x), y, true)),
    t(catch(throw(f(1)), f(X), true)),
    t(catch(true, _, fail)),
    t(catch(fail, _, true)),
    t(r(_)),
    t(catch(thrower(7), my(V), true)),
    t(cleanup(_)),
    t(bind_undone(_, _)),
    t(rethrow(_)),
    t(rethrow2(_)),
    t(nested(_)),
    t(catch(deep(1000), bottom, true)),
    t(after_catch(_)),
    t(ball_copy(_)),
    t(unbound_ball),
    t(catch(undefined_pred_xyz, E, true)),
    t(catch(undefined_pred_xyz(1, 2), E, true)),
    t(catch(dyn(_), E, true)),
    t(catch(call(undefined_pred_xyz), E, true)),
    t(catch(atom_length(X, _), E, true)),
    t(catch(atom_length(f(x), _), E, true)),
    t(catch(atom_length(abc, foo), E, true)),
    t(catch(X is foo + 1, E, true)),
    t(catch(X is _ + 1, E, true)),
    t(catch(X is 1 / 0, E, true)),
    t(catch(X is 1.0 / 0, E, true)),
    t(catch(X is 1 mod 0, E, true)),
    t(catch(X is a, E, true)),
    t(catch(functor(_, _, _), E, true)),
    t(catch(functor(_, foo, -1), E, true)),
    t(catch(arg(x, f(a), _), E, true)),
    t(catch(atom_codes(_, _), E, true)),
    t(catch(succ(X, 0), E, true)),
    t(catch(succ(a, X), E, true)),
    t(catch(succ(X, -1), E, true)),
    t(syn(number_codes(_, "3x"), R)),
    t(syn(atom_to_term('foo(', _, _), R)),
    t(syn(atom_to_term('foo(a', _, _), R)),
    t(syn(atom_to_term('a b', _, _), R)),
    t(syn(atom_to_term('f(a).', T, _), R)),
    t(formal(undef_caller, F)),
    t(formal(undef_caller2(3), F)),
    t(catch(assertz(foo :- 1), E, true)),
    t(catch(assertz((atom_length(_, _) :- true)), E, true)),
    t(catch(msort(a, _), E, true)),
    t(catch(length(L, -1), E, true)),
    t(catch(length(a, _), E, true)),
    t(catch(sub_atom(X, _, _, _, a), E, true)),
    t(catch(X =.. Y, E, true)),
    t(catch(_ =.. [foo|bar], E, true)),
    t(catch(_ =.. [f(x), 1], E, true)),
    t(catch(atom_length(abc, -1), E, true)),
    t(catch(char_code(X, Y), E, true)),
    t(catch(number_string(N, "abc"), E, true)),
    t(catch(throw(error(type_error(a, b), ctx)), error(type_error(T, V), _), true)),
    t(catch((between(1, 5, X), X > 2, throw(stop(X))), stop(S), true)),
    t(catch(catch(throw(z), y, true), z, true)),
    t(catch((X = 1 ; X = 2), _, true)),
    t(findall(X, catch((X = 1 ; X = 2), _, true), L)),
    t(catch(setup_call_cleanup(true, throw(err), Z = cleaned), err, true)).
