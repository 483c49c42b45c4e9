% Imports meeting local definitions (weak: a warning, the local one wins;
% strong: an error), assert into imported predicates, @/2, closures of a
% module passed through library meta-predicates (recorded from swipl).
area(circle, 0).
:- use_module(modules/imports_lib).
:- use_module(library(lists), [append/3]).
double(a, b).
append(_, _, _).
who :- writeln(user_who).
say(X) :- writeln(said(X)).

t(G) :- catch((call(G) -> format("yes ~q~n", [G]) ; format("no ~q~n", [G])), E, format("ex ~q~n", [E])).

main :-
    t(area(circle, _)),
    t(area(sq(3), _)),
    t(double(a, _)),
    t(append([1], [2], _)),
    t(assertz(area(x, y))),
    t(assertz(counter(7))),
    t(findall(C, counter(C), _)),
    t(bump),
    t(findall(C2, imports_lib:counter(C2), _)),
    t(run(who)),
    t(@(run(who), imports_lib)),
    t(@(run(who), user)),
    t(twice(say, 1)),
    t(maplist(say, [a, b])),
    t(foldl([X, A0, A1]>>(A1 is A0 + X), [1, 2, 3], 0, _)),
    t(imports_lib:run(who)).
