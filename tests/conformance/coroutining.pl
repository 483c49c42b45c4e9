% Conformance: attributed variables and coroutining (put_attr/get_attr
% family, attr_unify_hook/2 wake-up order, freeze/2, frozen/2, dif/2,
% when/2, copy_term/3, copy_term_nat/2, term_attvars/2), recorded from swipl.
% Results are printed through copy_term/3, so that residual constraints
% show as goals and printing binds no attributed variable.

t(G) :- \+ \+ t_(G).
t_(G) :-
    (   catch(G, E, true)
    ->  (   var(E)
        ->  copy_term(G, C, Gs),
            out(yes(C, Gs))
        ;   out(ex(E))
        )
    ;   out(no)
    ).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

% A module whose hooks report what they are called with.
m:attr_unify_hook(A, V) :- format("m hook ~q ~q~n", [A, V]).
n:attr_unify_hook(A, V) :- format("n hook ~q ~q~n", [A, V]).
fails:attr_unify_hook(_, _) :- writeln(fails_hook), fail.
throws:attr_unify_hook(A, _) :- throw(hook_error(A)).
goals:attribute_goals(X) --> { get_attr(X, goals, V) }, [my_goal(X, V)].
goals:attr_unify_hook(_, _).

p(1) :- writeln(in_p).
q(2) :- !, writeln(q2).
q(_) :- writeln(q_other).
r(1).
r(2).
r(3).

m:attr_portray_hook(V, _) :- write(m_portrayed(V)).

% How write_term/2 shows an attributed variable under option attributes(How).
att_write(How) :-
    put_attr(X, m, 1),
    put_attr(X, n, f(a)),
    write_term(g(X, Y, X), [attributes(How)]),
    nl.

% A user-written finite domain solver: attribute `domain` is a list of
% allowed values; binding checks membership, aliasing intersects.
domain(X, Dom) :-
    var(Dom), !, get_attr(X, domain, Dom).
domain(X, List) :-
    sort(List, Dom),
    put_attr(Y, domain, Dom),
    X = Y.
domain:attr_unify_hook(Dom, Y) :-
    (   get_attr(Y, domain, Dom2)
    ->  ord_intersection(Dom, Dom2, New),
        (   New == [] -> fail
        ;   New = [V] -> Y = V
        ;   put_attr(Y, domain, New)
        )
    ;   var(Y)
    ->  put_attr(Y, domain, Dom)
    ;   ord_memberchk(Y, Dom)
    ).
domain:attribute_goals(X) --> { get_attr(X, domain, D) }, [domain(X, D)].

% Lazy infinite list of integers from N with freeze/2, and a sieve on it.
nat(N, [N|T]) :- freeze(T, (N1 is N + 1, nat(N1, T))).
take(0, _, []) :- !.
take(N, [X|Xs], [X|Ys]) :- N1 is N - 1, take(N1, Xs, Ys).
sieve([P|Xs], [P|Ys]) :- freeze(Ys, (filter(P, Xs, Zs), sieve(Zs, Ys))).
filter(P, [X|Xs], Ys) :-
    (   X mod P =:= 0
    ->  filter(P, Xs, Ys)
    ;   Ys = [X|Ys1],
        freeze(Ys1, filter(P, Xs, Ys1))
    ).
primes(N, Ps) :- nat(2, Ns), sieve(Ns, Ss), take(N, Ss, Ps).

% dif-based pure list without duplicates.
list_nodups([]).
list_nodups([X|Xs]) :- maplist(dif(X), Xs), list_nodups(Xs).

main :-
    % the attribute interface
    t(put_attr(a, m, 1)),
    t(put_attr(_, _, 1)),
    t(put_attr(_, 1, 1)),
    t((put_attr(X, m, 1), get_attr(X, m, V))),
    t(get_attr(_, m, _)),
    t(get_attr(a, m, _)),
    t(del_attr(a, m)),
    t((put_attr(X, m, 1), put_attr(X, n, 2), get_attrs(X, A))),
    t((put_attr(X, m, 1), put_attr(X, n, 2), put_attr(X, m, 3), get_attrs(X, A))),
    t((put_attr(X, m, 1), put_attr(X, n, 2), del_attr(X, m), get_attrs(X, A))),
    t((put_attr(X, m, 1), del_attr(X, m), attvar(X))),
    t((put_attrs(X, []), attvar(X))),
    t((put_attrs(X, att(m, 1, [])), get_attr(X, m, V))),
    t((put_attr(X, m, 1), del_attrs(X), attvar(X))),
    t(put_attrs(a, [])),
    t(get_attrs(a, _)),
    t((put_attr(X, m, f(Y)), put_attr(Y, n, 1), put_attr(Z, m, 1), term_attvars(g(X, Z), L))),
    t((put_attr(X, m, f(Y)), put_attr(Y, n, 1), put_attr(Z, m, 1), term_attvars(g(Z, X, _), L))),
    t((put_attr(X, m, 1), copy_term_nat(f(X), C), C = f(Y), attvar(Y))),
    t((put_attr(X, m, 1), copy_term(f(X), C), C = f(Y), get_attr(Y, m, V))),
    t((put_attr(X, m, 1), (X = 1 ; true), attvar(X))),
    t((put_attr(X, m, 1), \+ \+ X = 1, get_attr(X, m, V))),
    % wake-up: all bindings of a unification first, then the hooks in order
    t((put_attr(X, m, 1), put_attr(Y, m, 2), f(X, Y) = f(a, b))),
    t((put_attr(X, m, 1), put_attr(Y, m, 2), f(Y, X) = f(a, b))),
    t((put_attr(X, m, 1), put_attr(X, n, 2), X = a)),
    t((put_attr(X, n, 1), put_attr(X, m, 2), X = a)),
    t((put_attr(X, m, 1), put_attr(Y, m, 2), X = Y, writeln(done))),
    t((put_attr(X, m, 1), put_attr(Y, m, 2), Y = X, writeln(done))),
    t((put_attr(X, m, 1), p(X), writeln(after))),
    t((put_attr(X, m, 1), q(X))),
    t((put_attr(X, fails, 1), q(X))),
    t((put_attr(X, m, 1), length(X, 2))),
    t((put_attr(X, m, 1), X = f(Y), put_attr(Y, n, 2), Y = 3)),
    t((put_attr(X, m, 1), (X = 1, fail ; writeln(alt)))),
    t((put_attr(X, m, 1), Y is 2 + 3, X = Y)),
    t((put_attr(X, m, 1), X is 2 + 3)),
    t((put_attr(X, m, 1), nth0(0, [X], a))),
    t((put_attr(X, m, 1), findall(X, r(X), L))),
    t((put_attr(X, m, 1), r(X), X >= 2)),
    t((put_attr(X, m, 1), atom_length(abc, X))),
    t((put_attr(X, fails, 1), X = 1)),
    t((put_attr(X, fails, 1), (X = 1 -> writeln(then) ; writeln(else)))),
    t((put_attr(X, throws, 1), X = 1)),
    t((put_attr(X, throws, 1), catch(X = 1, E, true))),
    t((put_attr(X, zz, 1), X = 1)),
    t((put_attr(X, fails, 1), X \= 1)),
    t((put_attr(X, m, 1), X \= 1)),
    t((put_attr(X, m, 1), unifiable(f(X, Y), f(1, 2), U))),
    t((put_attr(X, m, 1), X == X, X \== Y)),
    % freeze/2 and frozen/2
    t((freeze(X, writeln(x(X))), X = 1, writeln(after))),
    t(freeze(1, writeln(one))),
    t((freeze(X, writeln(a)), freeze(X, writeln(b)), X = 1)),
    t((freeze(X, writeln(a)), freeze(Y, writeln(b)), X = Y, X = 1)),
    t((freeze(X, writeln(a)), freeze(Y, writeln(b)), Y = X, frozen(X, G))),
    t((freeze(X, (writeln(w), fail)), (X = 1 ; writeln(second)))),
    t((freeze(X, true), frozen(X, G))),
    t((freeze(X, true), frozen(f(X), G))),
    t(frozen(_, G)),
    t((freeze(X, writeln(a)), freeze(X, writeln(b)), get_attrs(X, A))),
    t((freeze(X, freeze(Y, writeln(inner))), X = 1, Y = 2)),
    t((freeze(X, Y = 2), freeze(Y, writeln(y(Y))), X = 1)),
    t((freeze(X, fail), X \= 1)),
    t((freeze(X, true), dif(X, a), frozen(X, G))),
    t((freeze(X, writeln(a)), findall(X, true, [Y]), frozen(Y, G))),
    t((freeze(X, writeln(woken)), findall(X, member(X, [1, 2]), L))),
    t((freeze(X, writeln(x)), copy_term(X, Y, Gs))),
    t((freeze(X, throw(oops)), catch(X = 1, E, true))),
    % dif/2
    t(dif(a, b)),
    t(dif(a, a)),
    t(dif(_, _)),
    t(dif(X, X)),
    t((dif(X, Y), X = Y)),
    t((dif(X, Y), X = a, Y = b)),
    t((dif(X, Y), X = a)),
    t(dif(f(X, Y), f(1, 2))),
    t((dif(f(X, Y), f(1, 2)), X = 1)),
    t((dif(f(X, Y), f(1, 2)), X = 1, Y = 3)),
    t((dif(f(X, Y), f(1, 2)), X = 1, Y = 2)),
    t(dif([X|Xs], [a|Ys])),
    t((dif(X-Y, 1-2), dif(X, 3))),
    t(dif(f(X, Y), f(Y, X))),
    t((dif(f(X, Y, Z), f(1, 2, 3)), Y = 2)),
    t((dif(f(X, Y, Z), f(A, B, C)), Y = 1)),
    t((dif(f(X, Y, Z), f(A, B, C)), Y = g(P, Q), B = g(R, S))),
    t((dif(f(X, Y), f(A, B)), A = X)),
    t((dif(X, f(Y)), X = f(Z))),
    t((dif(X, Y), X = f(A), Y = f(B), A = B)),
    t((dif(f(X, Y), Z), Z = f(1, W))),
    t((dif(X, a), dif(X, b))),
    t((dif(X, a), dif(Y, X))),
    t((dif(X, a), X \= a)),
    t((dif(X, 1), freeze(X, true))),
    t((freeze(X, true), dif(X, 1))),
    t((dif(f(X, Y), f(A, B)), freeze(A, true), freeze(B, true), freeze(X, true))),
    t(list_nodups([a, B, c])),
    t((list_nodups([A, B, C]), A = 1, B = 2, C = 1)),
    t(findall(L, (length(L, 2), L = [X, Y], dif(X, Y), member(X, [a, b]), member(Y, [a, b])), Ls)),
    % when/2
    t((when(nonvar(X), writeln(x)), X = 1)),
    t(when(nonvar(_), writeln(x))),
    t(when(nonvar(a), writeln(now))),
    t(when(ground(f(_, _)), writeln(x))),
    t((when(ground(f(X, Y, Z)), writeln(x)), Y = 1, X = 1)),
    t((when(ground(f(X, Y)), writeln(g)), X = 1, Y = 2)),
    t(when((nonvar(_) ; ground(_)), writeln(x))),
    t((when((nonvar(X) ; nonvar(Y)), writeln(a)), X = 1, Y = 2)),
    t((when((nonvar(X), nonvar(Y)), writeln(a)), X = 1)),
    t((when((nonvar(X), nonvar(Y)), writeln(a)), Y = 1)),
    t((when((nonvar(X), nonvar(Y)), writeln(a)), Y = 1, X = 2)),
    t((when((nonvar(X) ; nonvar(Y)), writeln(a)), X = Y)),
    t((when(((nonvar(X), nonvar(Y)) ; nonvar(Z)), writeln(a)), X = 1)),
    t((when(?=(X, Y), writeln(a)), X = f(A), Y = f(B))),
    t((when(?=(X, Y), writeln(a)), X = f(A), Y = f(B), A = 1, B = 2)),
    t((when(?=(X, Y), writeln(a)), X = Y)),
    t((when(?=(X, a), writeln(x)), X = b)),
    t((when(nonvar(X), writeln(a)), when(nonvar(X), writeln(b)), X = 1)),
    t(when(_, true)),
    t(when(foo(_), true)),
    t(when((nonvar(_) ; foo), true)),
    t((when(nonvar(X), writeln(a)), copy_term(X, Y, Gs))),
    % a user solver
    t((domain(X, [1, 2, 3]), domain(Y, [2, 3, 4]), X = Y)),
    t((domain(X, [1, 2, 3]), domain(Y, [3, 4]), X = Y)),
    t((domain(X, [1, 2, 3]), X = 4)),
    t((domain(X, [1, 2, 3]), X = 2)),
    t((domain(X, [a, b]), domain(Y, [a, b]), domain(Z, [a, b]), X = Y, dif(Y, Z), Z = a)),
    t(findall(X-Y, (domain(X, [1, 2]), domain(Y, [2, 3]), member(X, [1, 2, 3]), member(Y, [1, 2, 3])), L)),
    t((put_attr(X, goals, 7), copy_term(f(X), C, Gs))),
    % attributes in copies: bagof, exceptions, global variables; assert keeps none
    t((put_attr(X, m, 1), bagof(X, member(_, [1]), [Y]), get_attr(Y, m, V))),
    t((put_attr(X, m, 1), catch(throw(f(X)), f(Y), true), get_attr(Y, m, V))),
    t((put_attr(X, m, 1), nb_setval(k, X), nb_getval(k, Y), get_attr(Y, m, V))),
    t((put_attr(X, m, 1), assertz(stored(X)), stored(Y), (attvar(Y) -> R = attvar ; R = plain))),
    % writing attributed variables
    t(att_write(dots)),
    t(att_write(write)),
    t(att_write(portray)),
    t(att_write(ignore)),
    % coroutining programs
    t(primes(10, Ps)),
    t((nat(0, L), take(5, L, P))).
