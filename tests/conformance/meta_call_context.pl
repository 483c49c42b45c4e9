% Conformance: the context of errors raised by a meta-call. call/N and a
% variable goal in a clause body name the clause's predicate (SWI runs them in
% the caller's frame); call/N called as a goal of its own names system:call/N;
% control constructs name system:'<meta-call>'/1; an undefined predicate called
% directly names the caller of the clause that made the last call.
% Not checked: forall/2 and findall/3, which SWI names by its internal
% helpers ('$apply':forall/2, '$bags':findall_loop/4) and puzzlog by
% system:forall/2 and system:findall/3.
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

p1 :- foo.
p2 :- call(foo).
p3 :- G = foo, call(G).
p4 :- G = foo, G.
p5(G) :- call(G), true.
p6(G) :- G, true.
q1 :- call((foo, true)).
q2 :- G = (true, foo ; true), call(G).
q3 :- call(foo, 1).
q4 :- call(1, a).
q6 :- \+ foo.
q8 :- G = (true, _), call(G).
q9 :- call(foo), true.
q10 :- catch(foo, E, (print(inner(E)), nl)).
q11 :- once(foo).
q12 :- ignore(foo).
q14 :- G = foo, call(G, 1, 2).
q15 :- (foo -> true ; true).
q16(G) :- call(G, x).
q17 :- call(call, foo).

main :-
    t(p1), t(p2), t(p3), t(p4), t(p5(foo)), t(p6(foo)), t(p5(_)), t(p6(_)), t(p5(1)), t(p6(1)),
    t(call(foo)), t(call(_)), t(call(1)), t(call(foo, a)), t(call(call(foo))),
    t(q1), t(q2), t(q3), t(q4), t(q6), t(q8), t(q9), t(q10), t(q11), t(q12), t(q14), t(q15),
    t(q16(_)), t(q16(3)), t(q16(undefined_here)), t(q17),
    t(call((true, _))), t(call((fail ; _))), t(call((_ -> true))), t(\+ (true, _)),
    t(call((true, 1))), t(p5((true, 1))).
