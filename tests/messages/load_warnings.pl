% What SWI-Prolog 9 prints while loading files with common mistakes:
% singleton variables, singleton-marked variables used twice, clauses not
% together, procedures redefined by another file, a system predicate.
:- consult(files/redef_a).
:- assertz(asserted(1)).
:- consult(files/redef_b).

f(_X, _X, Y).
g(_x, _x).
h(__X, __X).
k(_X, _Y, _Y, _X).
:- X = _A, _A = 1.
m(_1, _1).
p(1).
q.
p(2).
atom_length(_, _).

main :-
    forall(foo(X), writeln(X)),
    forall(dd(X), writeln(X)),
    forall(asserted(X), writeln(X)).
