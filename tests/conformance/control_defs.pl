% The control constructs ,/2 ;/2 ->/2 \+/1 and !/0 are no program's to
% define or change: assert, retract, retractall and abolish raise SWI's
% permission error (*->/2 and |/2 a program may define, as in SWI-Prolog).
t(G) :- ( catch(G, E, true) -> ( var(E) -> print(yes(G)) ; print(E) ) ; print(no) ), nl.

main :-
    forall(member(G, [assertz((a, b)), assertz(((a ; b) :- true)), asserta((a -> b)),
                      assertz((\+ a)), assertz(!), assertz((! :- true)),
                      assertz((a *-> b)), assertz('|'(a, b)),
                      retract((a, b)), retract((! :- true)), retractall((a ; b)),
                      abolish((',')/2), abolish((\+)/1), abolish(!/0),
                      retract((a *-> b)), user:assertz((a -> b))]),
           t(G)).
