% listing/1 and portray_clause/1 as SWI-Prolog 9 prints them: source variable
% names, `:- dynamic` headers, if-then-else and disjunction blocks, \+,
% meta-call arguments, head unifications folded into the head, DCG rules,
% goals wrapped at the right margin.
:- dynamic counter/1.
counter(0).
fact(a, "str", 'Quoted atom', [1,2|T], T, {x,y}, 1.5, -3).
rrule(X, Y) :- X > Y, !, write(X) ; Y =:= 3.
ite(X) :- ( X == 1 -> writeln(one) ; X == 2 -> writeln(two) ; writeln(other) ).
neg(X) :- \+ member(X, [a,b]), \+ (X = c, X = d).
long(A, B, C) :- append(A, B, AB), append(AB, C, ABC), length(ABC, N), N > 10, format("~w ~w ~w~n", [A, B, C]), msort(ABC, Sorted), last(Sorted, Last), writeln(Last).
greeting --> [hello], other.
other --> [world].
other --> [prolog], { true }.
nested(X) :- ( X = 1 ; X = 2 ; ( X = 3, X > 2 -> true ; fail ) ).
softcut(X) :- ( member(X, [1,2]) *-> true ; X = none ).
catcher(G) :- catch(G, E, (print_message(error, E), fail)).
findall_ex(L) :- findall(X-Y, (member(X, [1,2]), member(Y, [a,b])), L).
veryveryverylongpredicatename(Argument1, Argument2, Argument3) :- anotherverylongpredicatename(Argument1, Argument2), yetanotherlongpredicatename(Argument2, Argument3, Argument1).
anotherverylongpredicatename(_,_).
yetanotherlongpredicatename(_,_,_).
strs :- X = "a string", Y = `codes`, Z = 'it''s', atom(Z), string(X), is_list(Y).
big(X) :- X = f(aaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbb, ccccccccccccccccccccccc, dddddddddddddddddddddd, eeeeeeeeeeeeeee).
g2 --> \+ [a], [b], !, c(X), {X > 1}, "str".
g3(X) --> [X] | [y].
g4 --> [].
g5 --> call(foo), [a].
g6(A) --> [A], g4.
c(1) --> [].
p(X, _Y, _) :- q(X).
p1(X) :- X = f(Y), q(X, Y).
p2(X, X) :- X = a.
p3(X) :- Y = X, q(Y).
p4(X) :- f(Y) = X, q(Y).
p6(X, Y) :- X = a, Y = b, q(X).
p7(X) :- q(X), X = a.
p8(X) :- X = a, !, q(X).
p9(f(X)) :- X = a.
p10(X) :- X = [1,2,3].
p11(X, Y) :- X = Y.
p13(X) :- X = 1.5.
q(_). q(_,_).
wide1 :- xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx('Argument2', 'Argument3').
wide2 :- xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx('Argument2', 'Argument3').
wide3(X, Y) :- xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(X, Y).
wide4(X, Y) :- xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(X, Y).
wide5(X, Y) :- ( a -> xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx(X, Y) ; b ).

main :-
    assertz(counter(1)),
    assertz((counter(X) :- X > 1, counter(_))),
    forall(member(P, [counter/1, fact, rrule, ite, neg, long, greeting, other//0, nested,
                      softcut, catcher, findall_ex, veryveryverylongpredicatename, strs,
                      big, g2, g3, g4, g5, g6, p, p1, p2, p3, p4, p6, p7, p8, p9, p10,
                      p11, p13, wide1, wide2, wide3, wide4, wide5]),
           listing(P)),
    portray_clause((a :- b, (c -> d ; e))),
    portray_clause(f(_A, _B, _A, _)),
    portray_clause([1,2,3]),
    portray_clause((h(X1) :- \+ X1, !)).
