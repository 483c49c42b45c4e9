% Conformance: library(gensym): gensym/2 counters per base, reset_gensym/0,1, atomic bases, errors
:- use_module(library(gensym)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
% e(G): as t/1, printing only the formal part of an error.
e(G) :- \+ \+ ( catch((G -> R = yes(G) ; R = no), error(F, _), R = ex(F)), out(R) ).

main :-
    t(gensym(a, X)), t(gensym(a, X)), t(gensym(b, X)), t(gensym(a, X)),
    t(reset_gensym(a)), t(gensym(a, X)), t(gensym(b, X)),
    t(reset_gensym), t(gensym(a, X)), t(gensym(b, X)),
    e(gensym(_, _)),
    t(gensym("str", X)), t(gensym("str", X)), t(gensym(str, X)), t(gensym(1, X)), t(gensym(1.5, X)),
    e(gensym(f(x), _)),
    t(gensym(c, c1)), t(gensym(c, c1)), t(gensym(c, c3)), t(gensym(c, X)), t(gensym(c, 4)),
    e(reset_gensym(_)), t(reset_gensym(zz)), t(reset_gensym(1)), e(reset_gensym(f(x))),
    t(reset_gensym("str")), t(gensym("str", X)), t(gensym(str, X)),
    t(gensym('', X)), t(gensym('', X)),
    t(gensym(a_, X)), t(gensym(a, X)), t(gensym(a1, X)),
    t(gensym('hello world', X)),
    t(reset_gensym), t(gensym(c, X)), t(gensym('', X)), t(gensym(1, X)),
    t((between(1, 1000, _), gensym(loop, _), fail ; gensym(loop, X))),
    t(reset_gensym(loop)), t(gensym(loop, X)).
