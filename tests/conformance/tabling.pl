% Conformance: tabling (`:- table`), compared on sorted answer sets (the
% order of a table's answers differs from SWI's): left recursion on cyclic
% graphs, mutual recursion, same generation, doubly recursive closure, a
% tabled DCG, non-ground answers, a zero-arity loop, errors during an
% evaluation and the call after it, abolish_all_tables/0, cuts.
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
all(T, G, S) :- findall(T, G, L), msort(L, S).

:- table fib/2.
fib(0, 0).
fib(1, 1).
fib(N, F) :- N > 1, N1 is N-1, N2 is N-2, fib(N1, F1), fib(N2, F2), F is F1+F2.

:- table path/2.
edge(a, b). edge(b, c). edge(c, a). edge(c, d).
path(X, Y) :- path(X, Z), edge(Z, Y).
path(X, Y) :- edge(X, Y).

:- table even/1, odd/1.
next(z, s(z)). next(s(z), s(s(z))). next(s(s(z)), z).
even(z).
even(X) :- next(Y, X), odd(Y).
odd(X) :- next(Y, X), even(Y).

:- table sg/2.
par(a, b). par(a, c). par(b, d). par(c, e). par(d, f). par(e, g).
sg(X, X) :- par(_, X) ; par(X, _).
sg(X, Y) :- par(PX, X), sg(PX, PY), par(PY, Y).

:- table sym/2.
sym(X, Y) :- sym(Y, X).
sym(1, 2).
sym(2, 3).

:- table tc/2.
tc(X, Y) :- tc(X, Z), tc(Z, Y).
tc(X, Y) :- e(X, Y).
e(1, 2). e(2, 3). e(3, 4). e(4, 1). e(4, 5).

:- table as//0.
as --> [a], as.
as --> [].

:- table ng/1.
ng(f(_)).
ng(f(a)).
ng(f(_)).
ng(g(X, X)).
ng(g(_, _)).

:- table loop/0.
loop :- loop.
loop.

:- table boom/2.
boom(X, Y) :- member(X, [1, 2, foo]), Y is X + 1.

:- table chain/2.
:- dynamic link/2.
chain(X, Y) :- link(X, Y).
chain(X, Y) :- chain(X, Z), link(Z, Y).

% The number of answers and of each shape (the order of variables differs).
ng_answers(N, Shapes) :-
    findall(X, ng(X), L),
    length(L, N),
    findall(S, (member(X, L), ( X = f(V), var(V) -> S = f_var ; X = g(A, B), A == B -> S = g_same ; X = g(_, _) -> S = g_two ; S = X )), Shapes0),
    msort(Shapes0, Shapes).

main :-
    t(fib(30, _)), t(fib(200, _)),
    t(all(X-Y, path(X, Y), _)), t(all(Y, path(a, Y), _)), t(all(Y, path(d, Y), _)),
    t((path(a, d), !)), t(path(d, a)),
    t(all(X, even(X), _)), t(all(X, odd(X), _)),
    t(all(X-Y, sg(X, Y), _)), t(all(Y, sg(f, Y), _)),
    t(all(X-Y, sym(X, Y), _)),
    t(all(X-Y, tc(X, Y), _)), t(all(Y, tc(5, Y), _)),
    t(phrase(as, [a, a, a])), t(phrase(as, [a, b])), t(all(R, phrase(as, [a, a], R), _)),
    t(ng_answers(_, _)),
    t(loop),
    t(boom(1, _)), t(all(X-Y, boom(X, Y), _)), t(all(X-Y, boom(X, Y), _)),
    t((forall(between(1, 50, I), (J is I + 1, assertz(link(I, J)))), all(Y, chain(1, Y), L2), length(L2, _))),
    t((assertz(link(51, 52)), all(Y, chain(1, Y), L3), length(L3, _))),
    t((abolish_all_tables, all(Y, chain(1, Y), L4), length(L4, _))),
    t((fib(25, F), F > 0)), t(predicate_property(fib(_, _), tabled)), t(predicate_property(edge(_, _), tabled)).
