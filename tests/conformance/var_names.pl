% Variable names: which singletons a load warns about (`_x` is an ordinary
% name, `_X`, `__x` and `_1` are marked), and term_string/3 reading with
% variable_names and writing with write options.
p(_a).
q(_a, _a).
r(_A, _A).
s(_A).
t(__a, __a).
u(_1).
v(_aB, X, X).

main :-
    term_string(f(x, 'A', "s"), S1, [quoted(false)]), print(S1), nl,
    term_string(T2, "f(X, Y, _Z) ", [variable_names(V2)]),
    maplist([N=N]>>true, V2), print(T2), nl,
    term_string(T3, "g(_a). "), T3 = g(V3), var(V3), print(ok), nl,
    term_string(a+'B', S4), print(S4), nl,
    term_string(h(X), S5, [variable_names(['Q'=X])]), print(S5), nl.
