% Conformance: the global constraints of library(clpfd): global_cardinality/2,3,
% circuit/1, tuples_in/2, chain/2, lex_chain/1, zcompare/3, serialized/2,
% cumulative/1,2, disjoint2/1, automaton/3,8: propagation (domains after posting
% and after a further change), residual goals, labeling orders and errors
% (recorded from swipl). Residual goals are printed sorted: which variable's
% goals come first is the residual printer's business (clpfd_basics), not these
% constraints'. The last part posts small pseudo-random instances (the same in
% both systems: a fixed linear congruential generator) and prints every domain.
:- use_module(library(clpfd)).

t(G) :- \+ \+ t_(G).
t_(G) :-
    term_variables(G, Vs),
    (   catch(G, E, true)
    ->  (   var(E)
        ->  copy_term(Vs, Vs1, Gs),
            \+ \+ ( numbervars(Vs1-Gs, 0, _),
                    msort(Gs, Sorted),
                    print(yes(Vs1, Sorted)), nl )
        ;   out(ex(E))
        )
    ;   out(no)
    ).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

all(Vs, G) :- findall(Vs, G, L), out(L).

% Domains (or integers) of Vs after G.
doms(Vs, G) :- \+ \+ doms_(Vs, G).
doms_(Vs, G) :-
    (   catch(G, E, true)
    ->  (   var(E)
        ->  maplist(dom, Vs, Ds), out(Ds)
        ;   out(ex(E))
        )
    ;   out(no)
    ).
dom(V, D) :- ( integer(V) -> D = V ; fd_dom(V, D) ).

% Pseudo-random instances.
:- dynamic seed/1.
seed(42).
rnd(K, R) :-
    retract(seed(S)),
    S1 is (S * 1103515245 + 12345) mod 2147483648,
    assertz(seed(S1)),
    R is (S1 >> 8) mod K.
rdom(Lo, Hi, D) :-
    findall(V, (between(Lo, Hi, V), rnd(3, R), R > 0), Vs0),
    (   Vs0 == []
    ->  rnd(Hi-Lo+1, R0), V0 is Lo+R0, Vs = [V0]
    ;   Vs = Vs0
    ),
    vs_dom(Vs, D).
vs_dom([V], V) :- !.
vs_dom([V|Vs], V \/ D) :- vs_dom(Vs, D).
rvar(Lo, Hi, X) :- rdom(Lo, Hi, D), X in D.
rnds(K, R) :- rnd(K, R).
run(G, Vs) :-
    (   catch(G, E, (out(ex(E)), fail))
    ->  maplist(dom, Vs, Ds), out(Ds)
    ;   out(no)
    ).
% Narrows a variable of Vs (after posting) to test incremental propagation.
perturb(Vs) :-
    length(Vs, N), rnd(N, I), nth0(I, Vs, V),
    (   var(V)
    ->  fd_inf(V, L), fd_sup(V, H), rnd(2, W),
        ( W =:= 0 -> V #\= L ; V #\= H )
    ;   true
    ).
then(K, G, Vs) :- ( K =:= 0 -> run(G, Vs) ; run((G, perturb(Vs)), Vs) ).
gcc_pair(Key, Key-Num) :- rnd(3, T), ( T =:= 0 -> rnd(3, Num) ; rvar(0, 3, Num) ).
r_gcc(K) :-
    rnd(4, N0), N is N0+1, length(Xs, N), maplist(rvar(1,4), Xs),
    rnd(3, NK0), NK is NK0+2, numlist(1, NK, Keys),
    maplist(gcc_pair, Keys, Pairs),
    pairs_values(Pairs, Nums), append(Xs, Nums, Vs),
    (   K =:= 2
    ->  run(global_cardinality(Xs, Pairs, [consistency(value)]), Vs)
    ;   then(K, global_cardinality(Xs, Pairs), Vs)
    ).
r_circuit(K) :-
    rnd(4, N0), N is N0+2, length(Xs, N), maplist(rvar(1,N), Xs),
    then(K, circuit(Xs), Xs).
row(N, R) :- length(R, N), maplist(rnds(4), R).
r_tuples(K) :-
    rnd(3, N0), N is N0+1, length(Xs, N), maplist(rvar(0,3), Xs),
    rnd(6, NR0), NR is NR0+1, length(Rows, NR), maplist(row(N), Rows),
    then(K, tuples_in([Xs], Rows), Xs).
r_serialized(K) :-
    rnd(3, N0), N is N0+2, length(Ss, N), maplist(rvar(0,6), Ss),
    length(Ds, N), maplist(rnds(4), Ds),
    then(K, serialized(Ss, Ds), Ss).
task(task(S,D,_,C,1), S) :-
    rnd(4,D0), D is D0+1, rnd(3, C0), C is C0+1,
    rnd(6, A), rnd(6, B), H is A+B, rvar(A, H, S).
r_cumulative(K) :-
    rnd(4, N0), N is N0+1, length(Ts, N), rnd(3, L0), L is L0+1,
    maplist(task, Ts, Ss),
    then(K, cumulative(Ts, [limit(L)]), Ss).
rect(r(X,W,Y,H), X, Y) :-
    rvar(0,4,X), rvar(0,4,Y), rnd(3,W0), W is W0+1, rnd(3,H0), H is H0+1.
r_disjoint2(K) :-
    rnd(2, N0), N is N0+2, length(Rs, N), maplist(rect, Rs, Xs, Ys),
    append(Xs, Ys, Vs),
    then(K, disjoint2(Rs), Vs).
random(What, N) :-
    forall(between(1, N, I), ( K is I mod 3, call(What, K) )).

main :-
    % global_cardinality/2,3
    t(global_cardinality([X,Y,Z], [1-A,2-B])),
    t(global_cardinality([X,Y,Z], [1-2,2-B])),
    t((global_cardinality([X,Y,Z], [1-A,2-B,3-C]), X=1)),
    t((global_cardinality([X,Y,Z], [1-A,2-B,3-C]), A=3)),
    t((global_cardinality([X,Y,Z], [1-A,2-B,3-C]), A=0)),
    t((global_cardinality([X,Y,Z], [1-A,2-B,3-C]), A=2, B=1)),
    t((global_cardinality([X,Y,Z], [1-A,2-B,3-C], [consistency(value)]))),
    t((global_cardinality([X,Y,Z], [1-1,2-1,3-1]), X in 1..2, Y in 1..2)),
    t((global_cardinality([X,Y,Z,W], [1-2,2-1,3-1]), X in 2..3, Y in 2..3)),
    t((global_cardinality([X,Y,Z], [1-2,2-1,3-C]), X #\= 3)),
    t(([A,B,C,D] ins 0..1, global_cardinality([X,Y,Z,W], [1-A,2-B,3-C,4-D]), X in 1..2, Y in 1..2)),
    t((global_cardinality([X,Y,Z,W], [1-1,2-1,3-1,4-1]), X in 1..2, Y in 1..2, W in 1..3)),
    t((global_cardinality([X,Y,Z], [1-A,2-B]), A in 0..1, B in 0..1)),
    t((A in 2..6, global_cardinality([X,Y,Z], [1-A,2-B]))),
    t((X in 1..3, global_cardinality([X,Y,Z], [1-A,2-B,4-C]))),
    t(global_cardinality([X,X,Z], [1-1,2-B])),
    t((C in 1..2, global_cardinality([X,Y], [1-1,2-1,3-C]))),
    t((global_cardinality([X,Y], [1-1,2-1,3-C]), C in 1..2)),
    t((C in 0..2, global_cardinality([X,Y,Z], [1-A,2-B,3-C]), Z #\= 1, A #> 1)),
    t(([A,B] ins 1..3, X in 1..2, global_cardinality([X,Y,Z], [1-A,2-B,3-C]), [Y,Z] ins 3..4)),
    doms([X,Y,A,B,C], global_cardinality([X,Y], [1-A,2-B], [cost(C, [[1,2],[3,4]])])),
    doms([X,Y,A,B,C], (global_cardinality([X,Y], [1-A,2-B], [cost(C, [[1,2],[3,4]])]), C #> 4)),
    t((global_cardinality([X,Y,Z], [1-A,2-B]), fd_degree(X, DX), fd_degree(A, DA))),
    t((global_cardinality([X,Y,Z], [1-A,2-B], [consistency(value)]), fd_degree(X, DX), fd_degree(A, DA))),
    t(global_cardinality([X,Y], [1-A,1-B])),
    t(global_cardinality([X,Y], [a-A])),
    t(global_cardinality([X,Y], [1-a])),
    t(global_cardinality([X,Y], foo)),
    t(global_cardinality([X,Y], [foo])),
    t(global_cardinality([a,Y], [1-A])),
    t(global_cardinality([X,Y], [1-A], [foo])),
    t(global_cardinality([], [1-A])),
    t(global_cardinality([1,1,2], [1-A,2-B])),
    t(global_cardinality([1,1,3], [1-A,2-B])),
    all([X,Y,Z], (global_cardinality([X,Y,Z], [1-2,2-1]), label([X,Y,Z]))),
    all([X,Y,Z,A], (global_cardinality([X,Y,Z], [1-A,2-1,3-1]), labeling([ff], [X,Y,Z,A]))),
    % (a product whose factor gets fixed while it propagates: found by twin_letters)
    all(LD, (LD = [_,_,C,D,E,_,G,H,_,_], LD ins 0..4, global_cardinality(LD, [0-2,1-2,2-2,3-2,4-2]),
             (10*D+E)*C #= 10*G+H, once(labeling([enum], LD)))),
    % circuit/1
    t(circuit([])),
    t(circuit([X])),
    t(circuit([X,Y])),
    t(circuit([X,Y,Z,W])),
    t((circuit([X,Y,Z,W]), X=2)),
    t((circuit([X,Y,Z,W]), X=2, Y=1)),
    t((circuit([X,Y,Z,W]), X in 2..3, Y in 1..3)),
    t((circuit([X,Y,Z,W,_V]), X = 2, Y=3, Z in 1..4)),
    t((circuit([X1,X2,X3,X4,X5]), X1 in 2..3, X4 in 2..3)),
    t((circuit([X1,X2,X3,X4,X5,X6]), [X1,X2] ins 1..3, X3 in 1..4)),
    t((circuit([X1,X2,X3,X4,X5,X6]), X1 in 2..3, X2 in 1\/3, X3 in 1..2)),
    t((circuit([X,Y,Z]), fd_degree(X, D))),
    t(circuit([a,Y])),
    t(circuit(foo)),
    t(circuit([1,Y])),
    t(circuit([2,3,1])),
    t(circuit([2,1,3])),
    all([X,Y,Z,W], (circuit([X,Y,Z,W]), label([X,Y,Z,W]))),
    all(L, (length(L, 5), circuit(L), L = [3|_], labeling([ff,down], L))),
    % tuples_in/2
    t(tuples_in([[X,Y]], [[1,2],[1,3],[3,1]])),
    t(tuples_in([[X,Y],[Y,Z]], [[1,2],[2,3],[3,1],[1,1]])),
    t((tuples_in([[X,Y]], [[1,2],[1,3],[3,1]]), X=1)),
    t((tuples_in([[X,Y]], [[1,2],[1,3],[3,1]]), Y#\=1)),
    t((tuples_in([[X,Y,Z]], [[1,2,3],[1,3,4],[3,1,3],[2,2,2]]), Z#\=3)),
    t((X in 1..2, tuples_in([[X,Y]], [[1,2],[2,3],[3,1]]))),
    t(tuples_in([[X,X]], [[1,2],[2,3],[3,3]])),
    t(tuples_in([[1,X]], [[1,2],[2,3],[1,3]])),
    t(tuples_in([[4,X]], [[1,2],[2,3],[1,3]])),
    t(tuples_in([[X,Y]], [])),
    t(tuples_in([], [[1,2]])),
    t(tuples_in([[X,Y]], [[1,2,3]])),
    t(tuples_in([[X,Y]], [[1,a]])),
    t(tuples_in([[X,Y]], [[1,_]])),
    t(tuples_in([[X,a]], [[1,2]])),
    t(tuples_in([X], [[1,2]])),
    t(tuples_in(foo, [[1,2]])),
    t(tuples_in([[X,Y]], foo)),
    t((tuples_in([[X,Y],[Y,Z]], [[1,2],[2,3],[3,1],[1,1]]), fd_degree(Y, D))),
    t((X in 0..10, Y in 0..10, tuples_in([[X,Y]], [[1,20],[1,3],[30,1],[5,6]]))),
    all([X,Y,Z], (tuples_in([[X,Y],[Y,Z]], [[1,2],[2,3],[3,1],[1,1]]), label([X,Y,Z]))),
    % chain/2
    t((chain([X,Y,Z], #<), X in 0..5, Z in 0..5)),
    t((chain([X,Y,Z], #>=), X in 0..5, Y in 3..4)),
    t(chain([X,Y,Z], #=)),
    t(chain([X,Y,Z], #\=)),
    t(chain([X,Y,Z], _)),
    t(chain(foo, #<)),
    t(chain([a], #<)),
    t(chain([], #<)),
    t(chain([X], #<)),
    t(chain([1,2,2], #=<)),
    t(chain([1,2,2], #<)),
    % lex_chain/1
    t(lex_chain([[X,Y],[A,B]])),
    t(lex_chain([[X,Y],[1,B]])),
    t((lex_chain([[X,Y],[A,B]]), [X,Y,A,B] ins 0..3, X = 2, A = 2, Y = 3)),
    t((lex_chain([[X,Y],[A,B]]), [X,Y,A,B] ins 0..3, X = 2, A = 3)),
    t((lex_chain([[X,Y],[A,B],[C,D]]), [X,Y,A,B,C,D] ins 0..3, X = 3)),
    t((lex_chain([[X,Y],[A,B],[C,D]]), maplist(fd_degree, [X,Y,A,B,C,D], _Ds))),
    t(lex_chain([[1,2],[1,1]])),
    t(lex_chain([[1,2],[1,3]])),
    t(lex_chain(foo)),
    t(lex_chain([foo])),
    t(lex_chain([[a]])),
    all([X,Y,A,B], ([X,Y,A,B] ins 0..1, lex_chain([[X,Y],[A,B]]), label([X,Y,A,B]))),
    % zcompare/3
    t(zcompare(O, 1, 2)),
    t(zcompare(O, X, Y)),
    t((zcompare(O, X, Y), X in 0..3, Y in 4..5)),
    t((zcompare(O, X, Y), X in 0..3, Y in 3..5)),
    t(zcompare(=, X, Y)),
    t(zcompare(<, X, Y)),
    t(zcompare(>, X, Y)),
    t(zcompare(foo, X, Y)),
    t(zcompare(O, a, Y)),
    t((zcompare(O, X, Y), X in 0..3, Y = 5)),
    t((zcompare(O, X, Y), X in 0..3, Y = 3, X #> 2)),
    t((zcompare(O, X, Y), fd_degree(X, D))),
    all(O-X, (X in 1..3, zcompare(O, X, 2), label([X]))),
    % serialized/2
    t(serialized([A,B],[2,3])),
    t(([A,B] ins 0..3, serialized([A,B],[2,3]))),
    t(([A,B] ins 0..3, serialized([A,B],[2,3]), A = 0)),
    t(([A,B] ins 0..3, serialized([A,B],[2,3]), A = 1)),
    t(([A,B] ins 0..3, serialized([A,B],[2,3]), B = 1)),
    t(([A,B,C] ins 0..6, serialized([A,B,C],[2,3,1]), B = 1)),
    t(([A,B,C] ins 0..6, serialized([A,B,C],[2,3,1]), B = 1, A = 4, C = 0)),
    t((serialized([A,B,C,D],[2,3,1,1]), fd_degree(A, DA))),
    t(serialized([A,B],[2,D])),
    t(serialized([A,B],[2])),
    t(serialized([A,B],[2,-1])),
    t(serialized([0,1],[2,1])),
    t(serialized([0,2],[2,1])),
    all([A,B,C], ([A,B,C] ins 0..4, serialized([A,B,C],[2,1,1]), label([A,B,C]))),
    % cumulative/1,2 (SWI decomposes it: domains only)
    doms([S1,S2,E1,E2], ([S1,S2] ins 0..4, cumulative([task(S1,2,E1,1,1),task(S2,3,E2,1,2)]))),
    doms([S1,S2,E1,E2], ([S1,S2] ins 0..2, cumulative([task(S1,2,E1,1,1),task(S2,3,E2,1,2)]))),
    doms([S1,S2,E1,E2], ([S1,S2] ins 0..4, cumulative([task(S1,2,E1,1,1),task(S2,3,E2,1,2)]), S1 = 0)),
    doms([S1,S2,E1,E2], ([S1,S2] ins 0..4, cumulative([task(S1,2,E1,2,1),task(S2,3,E2,1,2)],[limit(2)]), S1=1)),
    doms([], cumulative([task(0,2,2,1,1),task(1,3,4,1,2)])),
    doms([], cumulative([task(0,2,2,1,1),task(2,3,5,1,2)])),
    doms([], cumulative([task(0,2,2,3,1)],[limit(2)])),
    doms([], cumulative([task(0,0,_,1,1)])),
    doms([], cumulative([task(0,2,_,1,1),task(3,0,_,1,2)])),
    doms([S1], (S1 in 5..6, cumulative([task(S1,1,_,1,1),task(S2,4,_,1,2)]), S2 in 1..3)),
    doms([S1,S2], ([S1,S2] ins 4..7, cumulative([task(S1,4,_,2,1),task(S2,1,_,2,2)],[limit(2)]))),
    t(cumulative([])),
    t(cumulative([task(S1,2,E1,1,1),task(S2,3,E2,1,2)])),
    t(([S1,S2] ins 0..4, cumulative([task(S1,_D1,E1,1,1),task(S2,3,E2,1,2)]))),
    t(cumulative([foo])),
    t(cumulative(foo)),
    t(cumulative([task(0,2,2,1,1)],[limit(a)])),
    t(cumulative([task(0,2,2,1,1)],[foo])),
    t(cumulative([task(0,2,2,1,1)],[limit(L)])),
    t(cumulative([task(0,2,2,1,1)],[limit(1),limit(2)])),
    t(cumulative([task(a,2,2,1,1)])),
    t(cumulative([task(0,-2,E,1,1)])),
    t(cumulative([task(0,2,E,-1,1)])),
    all([S1,S2,S3], ([S1,S2,S3] ins 0..4,
                     cumulative([task(S1,2,_,1,1),task(S2,2,_,1,2),task(S3,1,_,2,3)],[limit(2)]),
                     label([S1,S2,S3]))),
    % disjoint2/1 (SWI decomposes it: domains only)
    doms([X1,X2,Y1,Y2], ([X1,X2,Y1,Y2] ins 0..3, disjoint2([r(X1,2,Y1,2),r(X2,2,Y2,2)]))),
    doms([X1,X2,Y1,Y2], ([X1,X2,Y1,Y2] ins 0..3, disjoint2([r(X1,2,Y1,2),r(X2,2,Y2,2)]), X1=1, Y1=1, X2=2)),
    doms([X1,X2,Y1,Y2], ([X1,X2,Y1,Y2] ins 0..3, disjoint2([r(X1,2,Y1,2),r(X2,2,Y2,2)]), X1=1, Y1=1, X2=2, Y2=2)),
    doms([], disjoint2([r(0,2,0,2),r(1,2,1,2)])),
    doms([], disjoint2([r(0,2,0,2),r(2,2,1,2)])),
    t(disjoint2(foo)),
    t(disjoint2([foo])),
    all([X1,Y1,X2,Y2], ([X1,X2] ins 0..2, [Y1,Y2] ins 0..1,
                        disjoint2([r(X1,2,Y1,2),r(X2,1,Y2,1)]), label([X1,Y1,X2,Y2]))),
    % automaton/3,8 (SWI decomposes it into tuples_in/2: domains only)
    doms([X,Y,Z], automaton([X,Y,Z], [source(a),sink(b)], [arc(a,0,a),arc(a,1,b),arc(b,0,b)])),
    doms([X,Y,Z], (automaton([X,Y,Z], [source(a),sink(b)], [arc(a,0,a),arc(a,1,b),arc(b,0,b)]), Z = 1)),
    doms([X,Y,Z,K], automaton(_, _, [X,Y,Z], [source(a),sink(a)], [arc(a,0,a,[C+1]),arc(a,1,a)], [C], [0], [K])),
    t(automaton(_Vs, [source(a),sink(b)], [arc(a,0,a),arc(a,1,b),arc(b,0,b)])),
    t(automaton([X,Y], [source(a),sink(b)], [arc(a,0,a),foo])),
    t(automaton([X,Y], [foo,sink(b)], [arc(a,0,a)])),
    t(automaton([X,Y], foo, [arc(a,0,a)])),
    t(automaton([a,Y], [source(a),sink(b)], [arc(a,0,a),arc(a,1,b),arc(b,0,b)])),
    all([X,Y,Z], (automaton([X,Y,Z], [source(a),sink(b)], [arc(a,0,a),arc(a,1,b),arc(b,0,b)]), label([X,Y,Z]))),
    all([X,Y,Z,W]-K, (automaton(_, _, [X,Y,Z,W], [source(a),sink(a)], [arc(a,0,a,[C+1]),arc(a,1,a)], [C], [0], [K]),
                      K #= 2, label([X,Y,Z,W]))),
    % pseudo-random instances
    random(r_gcc, 120),
    random(r_circuit, 60),
    random(r_tuples, 60),
    random(r_serialized, 60),
    random(r_cumulative, 150),
    random(r_disjoint2, 60).
