% SWI-Prolog's recorded database (recorda/z, recorded, erase, instance)
% and flag/3.
show(G) :- catch((G -> true ; writeln(failed)), E, (print(E), nl)).

main :-
    recorda(k, a(1), R1), recordz(k, b), recorda(k, c, _),
    forall(recorded(k, X), writeln(X)),
    forall(recorded(K, V, _), writeln(K-V)),
    show((instance(R1, I), writeln(instance(I)))),
    recordz(f(1), x), show((recorded(f(2), Y), writeln(Y))),
    show((recorded(K2, x), writeln(K2))),
    show(recorda(_, x)), show(recorda(1.5, x)), show(recorda("s", x)),
    show(erase(foo)), show(erase(_)),
    recorda(q, 1, R), show(erase(R)), show(recorded(q, _)), show(erase(R)),
    show(instance(R, _)),
    recorded(k, b, Rb), erase(Rb), forall(recorded(k, Z), writeln(Z)),
    recordz(t, f(A, A, _)), show((recorded(t, T), print(T), nl)),
    show((flag(k, O, O+1), writeln(O))), show((flag(k, O2, foo), writeln(O2))),
    show((flag(k, O3, 3.5), writeln(O3))), show((flag(k, O4, O4), writeln(O4))),
    show(flag(1.5, _, 1)), show(flag(k, _, bar+1)),
    show(flag(f(a), _, 7)), show((flag(f(b), B, B), writeln(B))),
    show(flag(k, nomatch, 1)), show((flag(k, O5, O5), writeln(O5))).
