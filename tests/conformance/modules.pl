% Module semantics: visibility, imports (as/except), meta-predicates with
% local closures, operators, qualified calls and clauses, reflection, errors.
:- use_module(modules/shapes).
:- use_module(library(lists), [append/3 as app, member/2]).
:- use_module(library(apply), except([partition/4])).
:- use_module(modules/cycle_a).
:- use_module(modules/cycle_b).
:- use_module(modules/shapes).          % a second load does not reload

inc(X, Y) :- Y is X + 1.
local_secret(user_side).

show(G) :- catch((G -> true ; writeln(failed)), E, (print(E), nl)).

main :-
    show((area(square(3), A1), writeln(A1))),
    show((X = (1 ===> Y), call(X), writeln(Y))),
    show((apply_all(inc, [1,2,3], L1), writeln(L1))),
    show((apply_all([P,Q]>>(Q is P*10), [1,2], L2), writeln(L2))),
    show((phrase(twice(a), L3), writeln(L3))),
    show(secret(_)),
    show((shapes:secret(S1), writeln(S1))),
    show((app([1], [2], L4), writeln(L4))),
    show((secret_count(N1), writeln(N1))),
    show((bump(B1), bump(B2), writeln(B1-B2))),
    show((shapes:counter(C), writeln(C))),
    show((assertz(shapes:counter(100)), findall(V, shapes:counter(V), Vs), writeln(Vs))),
    show((tally(T), writeln(T))),
    show(broken),
    show((call_here(local_secret(W)), writeln(W))),
    show((predicate_property(area(_,_), imported_from(M1)), writeln(M1))),
    show((predicate_property(shapes:area(_,_), exported), writeln(exported))),
    show((predicate_property(shapes:apply_all(_,_,_), meta_predicate(MP)), print(MP), nl)),
    show((module_property(shapes, exports(E1)), msort(E1, E2), print(E2), nl)),
    show((module_property(shapes, exported_operators(Ops)), print(Ops), nl)),
    show((current_op(Pr, Ty, ===>), writeln(Pr-Ty))),
    show((current_op(_, _, local_op) -> writeln(local_op_visible) ; writeln(local_op_hidden))),
    show(nomod:foo),
    show(call(nomod:foo)),
    show(shapes:nothing_here),
    show((a_via_b(X1), b_via_a(X2), writeln(X1-X2))),
    show((strip_module(a:b:c, M2, P2), writeln(M2-P2))),
    show((strip_module(plain, M3, P3), writeln(M3-P3))),
    show((context_module(CM), writeln(CM))),
    show((Mod = lists, Mod:append([a], [b], L5), writeln(L5))),
    show((foldl([X3,A0,A]>>(A is A0+X3), [1,2,3], 0, Sum), writeln(Sum))),
    show((current_module(shapes), writeln(yes))),
    show((predicate_property(append(_,_,_), imported_from(M4)), writeln(M4))),
    show(use_module(library(nosuch))),
    show((assertz(scratch:fact(1)), scratch:fact(F1), writeln(F1))),
    show((current_predicate(shapes:area/Ar), writeln(Ar))),
    show((findall(X4, member(X4, [c,a]), L6), writeln(L6))).
