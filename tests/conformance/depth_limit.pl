% call_with_depth_limit/3: depths of user predicates, meta-calls and control
% constructs, exceeded limits, re-entry on backtracking, errors, nesting and
% exceptions. (Library predicates such as findall/3 or length/2 are left out:
% their depths are implementation details of each system.)

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
all(G) :- findall(G, catch(G, E, (print(ex(E)), nl)), L), \+ \+ ( numbervars(L, 0, _), print(L) ), nl.

count(0) :- !.
count(N) :- N1 is N - 1, count(N1).
len([], 0).
len([_|T], N) :- len(T, N0), N is N0 + 1.
p :- q.
q :- r.
r.
a :- b, true.
b :- c, true.
c.
w(G) :- call(G).
nat(0).
nat(N) :- nat(N0), N is N0 + 1.
% iterative deepening: the first depth at which a goal succeeds
deepen(G, D) :- between(1, 50, D), call_with_depth_limit(G, D, R), R \== depth_limit_exceeded, !.
path(X, X, [X]).
path(X, Z, [X|P]) :- edge(X, Y), path(Y, Z, P).
edge(1, 2). edge(2, 1). edge(2, 3). edge(3, 4). edge(1, 5). edge(5, 4).

main :-
    t(call_with_depth_limit(true, 5, _R1)),
    t(call_with_depth_limit(p, 5, _R2)),
    t(call_with_depth_limit(a, 5, _R3)),
    t(call_with_depth_limit(count(2), 5, _R4)),
    t(call_with_depth_limit(count(3), 5, _R5)),
    t(call_with_depth_limit(count(4), 5, _R6)),
    t(call_with_depth_limit(count(10), 5, _R7)),
    t(call_with_depth_limit(len([a, b], _N8), 5, _R8)),
    t(call_with_depth_limit(len([a, b, c, d, e, f], _N9), 5, _R9)),
    all(call_with_depth_limit((count(10) ; true), 5, _)),
    all(call_with_depth_limit((true ; count(10)), 5, _)),
    all(call_with_depth_limit((a ; true ; p), 5, _)),
    all(call_with_depth_limit(nat(_), 4, _)),
    t(call_with_depth_limit(fail, 5, _R10)),
    t(call_with_depth_limit(call(a), 9, _R11)),
    t(call_with_depth_limit(call(call(a)), 9, _R12)),
    t(call_with_depth_limit((a, a), 9, _R13)),
    t(call_with_depth_limit(call((a, a)), 9, _R14)),
    t(call_with_depth_limit((true, a), 9, _R15)),
    t(call_with_depth_limit(\+ \+ a, 9, _R16)),
    t(call_with_depth_limit(\+ fail, 9, _R17)),
    t(call_with_depth_limit(catch(call(a), _, true), 9, _R18)),
    t(call_with_depth_limit(w(a), 9, _R19)),
    t(call_with_depth_limit((a -> true), 9, _R20)),
    t(call_with_depth_limit((true -> a), 9, _R21)),
    t(call_with_depth_limit(((a, a), a), 9, _R22)),
    t(call_with_depth_limit(call(w, a), 9, _R23)),
    t(call_with_depth_limit(true, 0, _R24)),
    t(call_with_depth_limit(p, 0, _R25)),
    t(call_with_depth_limit(count(1), 1, _R26)),
    t(call_with_depth_limit(count(1), 2, _R27)),
    t(call_with_depth_limit(count(1), 3, 2)),
    t(call_with_depth_limit(count(1), 3, foo)),
    t(call_with_depth_limit(count(5), 1000000000000, _R28)),
    t(call_with_depth_limit(true, -1, _)),
    t(call_with_depth_limit(true, a, _)),
    t(call_with_depth_limit(true, _, _)),
    t(call_with_depth_limit(true, 1.0, _)),
    t(call_with_depth_limit(true, 100000000000000000000, _)),
    t(call_with_depth_limit(throw(x), 3, _)),
    % after an exception, a failure or an exit the outer limit is back
    t((catch(call_with_depth_limit(throw(x), 3, _), x, true), count(20))),
    t((call_with_depth_limit(count(5), 3, _A29), call_with_depth_limit(count(1), 3, _B29), count(20))),
    t(call_with_depth_limit((call_with_depth_limit(count(10), 2, _I30), count(3)), 8, _R30)),
    t(call_with_depth_limit((catch(call_with_depth_limit(throw(y), 2, _), y, true), count(3)), 8, _R31)),
    t((deepen(path(1, 4, _P32), _D32))),
    t((deepen(count(7), _D33))),
    t((findall(D-R, (member(D, [1, 2, 3, 4]), call_with_depth_limit(path(1, 4, _), D, R)), _L34))),
    t(call_with_depth_limit(_, 3, _)).
