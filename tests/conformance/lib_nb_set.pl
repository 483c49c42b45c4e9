% Conformance: library(nb_set): every exported predicate; elements are
% compared as variants and copied, additions survive backtracking and
% exceptions, enumeration in standard order, large sets, bad arguments.
% (The set term itself is never printed: its form is SWI's internal one.)
:- use_module(library(nb_set)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes ; E = error(F, _) -> R = ex(F) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
% r(Vars, G): run G and print Vars (not the set)
r(Vs, G) :- \+ \+ ( catch(G, E, true) -> ( var(E) -> out(yes(Vs)) ; E = error(F, _) -> out(ex(F)) ; out(ex(E)) ) ; out(no) ).
det(G) :- \+ \+ ( call_cleanup(G, Det = true), ( Det == true -> R = det ; R = nondet ), out(R) ).

lcg(S0, S, X, M) :- S is (S0*1103515245+12345) mod 2147483648, X is (S >> 8) mod M.
adds(0, _, _, _) :- !.
adds(N, S0, Set, M) :- lcg(S0, S, X, M), add_nb_set(k(X), Set), N1 is N-1, adds(N1, S, Set, M).

main :-
    r(L-N, (empty_nb_set(S), add_nb_set(a, S), add_nb_set(b, S), add_nb_set(a, S), nb_set_to_list(S, L), size_nb_set(S, N))),
    r([N1, N2, N3, L], (empty_nb_set(S), add_nb_set(a, S, N1), add_nb_set(a, S, N2), add_nb_set(b, S, N3), nb_set_to_list(S, L))),
    r(x, (empty_nb_set(S), add_nb_set(a, S), add_nb_set(a, S, true))),
    r(R-L, (empty_nb_set(S), ( add_nb_set(a, S, false) -> R = yes ; R = no ), nb_set_to_list(S, L))),
    r(R-L, (empty_nb_set(S), add_nb_set(a, S), ( add_nb_set(a, S, true) -> R = yes ; R = no ), nb_set_to_list(S, L))),
    r(New-L, (empty_nb_set(S), add_nb_set(f(X), S), add_nb_set(f(Y), S, New), nb_set_to_list(S, L))),
    r(L, (empty_nb_set(S), add_nb_set(f(X), S), X = 1, nb_set_to_list(S, L))),
    r(New-N-B, (empty_nb_set(S), add_nb_set(f(X, Y), S), add_nb_set(f(Z, Z), S, New), size_nb_set(S, N), ( gen_nb_set(S, f(P, Q)), P == Q -> B = yes ; B = no ))),
    r(New-L, (empty_nb_set(S), add_nb_set(f(X, Y), S), add_nb_set(f(Z, W), S, New), nb_set_to_list(S, L))),
    r(L-G-N, (empty_nb_set(S), ( member(X, [c, a, b, a, 1, 2.0, "s", f(x), [1]]), add_nb_set(X, S), fail ; true ),
              nb_set_to_list(S, L), findall(K, gen_nb_set(S, K), G), size_nb_set(S, N))),
    r(L-N-G, (empty_nb_set(S), nb_set_to_list(S, L), size_nb_set(S, N), findall(K, gen_nb_set(S, K), G))),
    r(N-L, (empty_nb_set(S), add_nb_set(1, S), add_nb_set(1.0, S), add_nb_set(1, S, N), nb_set_to_list(S, L))),
    r(L, (empty_nb_set(S), add_nb_set(f(_), S), add_nb_set(g(_), S), add_nb_set(f(a), S), nb_set_to_list(S, L))),
    r(x, (empty_nb_set(S), add_nb_set(a, S), gen_nb_set(S, b))), r(x, (empty_nb_set(S), add_nb_set(a, S), gen_nb_set(S, a))),
    r(L, (empty_nb_set(S), add_nb_set(f(X), S), gen_nb_set(S, f(a)), nb_set_to_list(S, L))),
    r(x, (empty_nb_set(S), add_nb_set(a, S), size_nb_set(S, 2))), r(x, (empty_nb_set(S), add_nb_set(a, S), nb_set_to_list(S, [b]))),
    r(New-L, (empty_nb_set(S), add_nb_set(_, S), add_nb_set(_, S, New), nb_set_to_list(S, L))),
    r(N, (empty_nb_set(S), add_nb_set(a, S), ( true ; add_nb_set(b, S) ), size_nb_set(S, N), N >= 2)),
    r(N, (empty_nb_set(S), add_nb_set(a, S), catch(( add_nb_set(b, S), throw(x) ), x, true), size_nb_set(S, N))),
    r(N-L, (empty_nb_set(S), X = f(Y), add_nb_set(X, S), Y = 2, add_nb_set(X, S, N), nb_set_to_list(S, L))),
    r(N-N2-L, (empty_nb_set(S), add_nb_set([], S), add_nb_set('[]', S, N), add_nb_set("", S, N2), nb_set_to_list(S, L))),
    r(K, (empty_nb_set(S), add_nb_set(z, S), add_nb_set(a, S), gen_nb_set(S, K))),
    r(L, (empty_nb_set(S), forall(member(X, [3, 1, 2]), add_nb_set(X, S)), findall(X, gen_nb_set(S, X), L))),
    r(L, (empty_nb_set(S), \+ \+ add_nb_set(kept, S), nb_set_to_list(S, L))),
    r(L, (empty_nb_set(S), findall(x, ( member(X, [p, q, p, r]), add_nb_set(X, S) ), _), nb_set_to_list(S, L))),
    r(L, (empty_nb_set(S), forall(member(X, [g(A, B, A), g(1, D, D), g(2, F, G1), g(1, H, H), g(I, J, I), g(3, K, K)]), add_nb_set(X, S)), nb_set_to_list(S, L))),
    r(T-N, (empty_nb_set(S), add_nb_set(f(X), S), gen_nb_set(S, T), size_nb_set(S, N))),
    % larger sets: growth of the table
    r(N-Len-Sum, (empty_nb_set(S), numlist(1, 1000, NL), forall(member(X, NL), add_nb_set(X, S)), forall(member(X, NL), add_nb_set(X, S)),
                  size_nb_set(S, N), nb_set_to_list(S, L), length(L, Len), sum_list(L, Sum))),
    r(N-First-Last, (empty_nb_set(S), adds(20000, 5, S, 5000), size_nb_set(S, N), nb_set_to_list(S, L), L = [First|_], last(L, Last))),
    r(N-L, (empty_nb_set(S), forall(between(1, 300, I), ( X = f(I, _), add_nb_set(X, S), add_nb_set(X, S, false) )), size_nb_set(S, N),
            findall(I, ( gen_nb_set(S, f(I, _)), I > 295 ), L))),
    % bad arguments
    t(add_nb_set(a, foo)), t(add_nb_set(a, _)), t(add_nb_set(a, foo, _)), t(gen_nb_set(foo, _)), t(gen_nb_set(_, _)),
    t(size_nb_set(foo, _)), t(nb_set_to_list(foo, _)), t(nb_set_to_list(_, _)), t(empty_nb_set(foo)),
    % determinism
    det((empty_nb_set(S), add_nb_set(a, S))), det((empty_nb_set(S), add_nb_set(a, S, _))), det((empty_nb_set(S), add_nb_set(a, S), add_nb_set(a, S, _))),
    det((empty_nb_set(S), add_nb_set(a, S), size_nb_set(S, _))), det((empty_nb_set(S), add_nb_set(a, S), nb_set_to_list(S, _))),
    det(empty_nb_set(_)).
