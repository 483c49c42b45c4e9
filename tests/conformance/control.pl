% Conformance: control constructs (',', ';', '->', '*->', \+, !, call/N cut locality).
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

p(1). p(2). p(3).
q(X) :- p(X), X > 1, !.
r(X) :- ( p(X), X >= 2 -> true ; X = none ).
s(X) :- call((p(X), !)).
s(4).
u(X) :- \+ \+ X = 1, var(X).
v(L) :- findall(X, (p(X), (X =:= 2 -> true ; X =:= 3)), L).
w(L) :- findall(X-Y, (p(X), !, p(Y)), L).
cut_in_or(L) :- findall(X, (p(X) ; X = 4), L).
cut_in_or2(L) :- findall(X, t2(X), L).
t2(X) :- ( p(X), X >= 2, ! ; X = 9 ).
t2(10).
softcut(L) :- findall(X, (p(X) *-> true ; X = 0), L).
softcut2(L) :- findall(X, (fail *-> X = 1 ; X = 0), L).
ite_nondet(L) :- findall(X-Y, (( p(X) -> p(Y) ; Y = 0)), L).
neg_cut :- \+ (!, fail).
cond_cut(L) :- findall(X, ((member(X,[1,2,3]), !) -> true ; true), L).
callcut(L) :- findall(X, (member(X,[a,b,c]), call(!)), L).
callcut2(L) :- findall(X, (call((member(X,[a,b,c]), !)) ; X = d), L).
nested_ite(X, R) :- ( X > 5 -> ( X > 10 -> R = big ; R = medium ) ; X > 0 -> R = small ; R = neg ).
once_vs(L) :- findall(X, once(p(X)), L).
notnot(X) :- \+ \+ (X = f(Y), Y = 1).
goalvar(G, L) :- findall(X, (G = p(X), G), L).
cutbarrier(L) :- findall(X, (member(X,[1,2,3]), G = (X > 1, !), call(G)), L).
disj_left_fail(X) :- ( fail ; X = right ).
ite_no_else(X) :- ( X > 0 -> true ).
deep_cut(R) :- a1(R).
a1(R) :- a2(R), !.
a1(fallback).
a2(one). a2(two).

main :-
    t(true),
    t(fail),
    t((true, true)),
    t((true ; fail)),
    t((fail ; true)),
    t(q(_)),
    t(r(_)),
    t(findall(X, s(X), _L1)),
    t(findall(X, s(X), L)),
    t(u(_)),
    t(v(_)),
    t(w(_)),
    t(cut_in_or(_)),
    t(cut_in_or2(_)),
    t(softcut(_)),
    t(softcut2(_)),
    t(ite_nondet(_)),
    t(neg_cut),
    t(cond_cut(_)),
    t(callcut(_)),
    t(callcut2(_)),
    t(nested_ite(20, _)),
    t(nested_ite(7, _)),
    t(nested_ite(3, _)),
    t(nested_ite(-3, _)),
    t(once_vs(_)),
    t(notnot(_)),
    t(goalvar(_, _)),
    t(cutbarrier(_)),
    t(disj_left_fail(_)),
    t(ite_no_else(1)),
    t(ite_no_else(-1)),
    t(deep_cut(_)),
    t(\+ fail),
    t(\+ true),
    t(\+ p(7)),
    t((X = 1 ; X = 2)),
    t(findall(X, (X = 1 ; X = 2 ; X = 3), L)),
    t(findall(X, (member(X, [1,2,3,4]), X mod 2 =:= 0), L)),
    t((G = (Z = 5), call(G), Z == 5)),
    t(call(1)),
    t(call(_)),
    t(call((fail, 1))),
    t(call((true ; 1))),
    t((true -> fail ; true)),
    t((fail -> true ; fail)),
    t(findall(X, (member(X,[1,2,3]) -> true ; X = 0), L)),
    t(findall(X, forall(member(X,[1,2]), X > 0), L)),
    t(not(fail)),
    t(not(true)),
    t(findall(X-Y, (member(X,[1,2]), \+ X = 2, member(Y,[a,b])), L)),
    t(catch((member(X,[1,2,3]), X >= 2, !, X == 2), _, true)),
    t(findall(X, catch(member(X,[1,2,3]), _, true), L)),
    t((repeat, !)),
    t(findall(x, (repeat, !), L)),
    t(halt_not_called).
halt_not_called.
