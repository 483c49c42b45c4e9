% Conformance: SWI-Prolog 7's zero-arity compounds (`foo()`): reading and writing, type tests,
% functor/3, =../2, compound_name_arity/3, compound_name_arguments/3, arg/3, unification, standard
% order, copying, the database (a `foo()` head is a clause of foo/0), calling and arithmetic.
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

w(T) :- writeq(T), write(' '), print(T), write(' '), write_canonical(T), write(' '), write(T), nl.

:- dynamic d/0.
d().
bar() :- writeln(bar_called).
foo :- writeln(foo_called).
foo(X) :- writeln(foo_called(X)).
calls_foo :- foo().

main :-
    forall(member(T, [foo(), 'hello world'(), [](), '[]'(), {}(), -(), [-()], f(:-()), -(-()), -a(),
                      a()-b(), ;(), '|'(), ','(), 'X'(), ''(), \+(), [a|b()], {a()}, '$VAR'(), '$attvar'()]),
           w(T)),
    t(compound(foo())), t(atom(foo())), t(atomic(foo())), t(callable(foo())), t(is_list(foo())),
    t(ground(foo())), t(term_variables(f(foo(), X), _Vs)),
    t(functor(foo(), N, A)), t(functor(T, foo, 0)), t(functor(T, foo(), 0)), t(functor(T, foo(), 1)),
    t(foo() =.. L), t(T =.. [foo]), t(T =.. [foo()]), t(T =.. [foo(), a]),
    t(compound_name_arity(foo(), N, A)), t(compound_name_arity(T, foo, 0)), t(compound_name_arity(T, [], 0)),
    t(compound_name_arity(T, foo(), 0)), t(compound_name_arity(T, 1, 0)), t(compound_name_arity(T, foo, -1)),
    t(compound_name_arity(foo, N, A)),
    t(compound_name_arguments(foo(), N, L)), t(compound_name_arguments(T, foo, [])),
    t(compound_name_arguments(T, 1, [])), t(compound_name_arguments(T, f, [a, _B])),
    t(arg(1, foo(), _)), t(arg(N, foo(), _)), t(setarg(1, foo(), a)),
    t(foo() = foo()), t(foo() = foo), t(foo() = bar()), t(f(X, foo()) = f(bar(), _Y)), t(foo() == foo()),
    t(foo() \== foo), t(foo() =@= foo()), t(subsumes_term(f(), f())), t(unify_with_occurs_check(foo(), foo())),
    t(compare(O, foo(), foo)), t(compare(O, foo(), a(b))), t(compare(O, foo(), zzz)), t(compare(O, foo(), bar())),
    t(msort([a(1), foo(), zz, b(), 1, "s", f(x, y), f, _], L)),
    t(sort(0, @>=, [a(), b, c(), a(x)], L)),
    t(setof(X, member(X, [foo(), foo, foo()]), L)),
    t(copy_term(f(foo(), X, X), _C)), t(findall(X, member(X, [a(), b()]), L)),
    t((nb_setval(zero_arity, foo()), nb_getval(zero_arity, _V))),
    t(term_to_atom(foo(), _At)), t(term_to_atom(T, 'f(a(), [b()|c()])')), t(term_string(T, "foo( )")),
    t(read_term_from_atom('p(X, q())', T, [])),
    t(with_output_to(string(_S), print([foo()]))), t(format("~w ~q ~p~n", [foo(), 'a b'(), [c()]])),
    t(format("~k~n", [foo()])), t(format("~a~n", [foo()])), t(atom_length(foo(), _)), t(length(foo(), _)),
    t((assertz(p(foo())), p(_P))), t((assertz((q(Q) :- Q = bar())), q(_R))),
    t(calls_foo), t(bar), t(bar()), t(call(foo())), t(call(foo(), 1)), t((G = foo(), G)), t(\+ foo()),
    t(clause(d, Body)), t(clause(d(), Body)), t(clause(bar(), Body)), t(listing(d/0)), t(listing(bar/0)),
    t(portray_clause(h(a(), [b()]))),
    t(retract(d())), t(retract(d)), t(assertz(e())), t(e), t(retract((e :- true))),
    t(assertz(e())), t(retractall(e())), t(e), t(asserta(m:z())), t(m:z()), t(predicate_property(d(), dynamic)),
    t(X is pi()), t(X is e() + 1), t(X is foo()), t(X is random()), t(1 < pi()).
