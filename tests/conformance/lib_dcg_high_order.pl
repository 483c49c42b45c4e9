% Conformance: library(dcg/high_order): sequence//2,3,5 (unbound, proper and partial lists, parsing and generating, the order of the solutions and where the separator commits), optional//2, foreach//2,3 (shared variables, separators), determinism and errors.
:- use_module(library(dcg/basics)).
:- use_module(library(dcg/high_order)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
% f(G): as t/1, printing only the formal part of an error.
f(G) :- \+ \+ f_(G).
f_(G) :- ( catch(G, error(F, _), true) -> ( var(F) -> R = yes(G) ; R = ex(F) ) ; R = no ), out(R).
all(G) :- \+ \+ ( catch(findall(G, G, L), E, L = ex(E)), out(all(L)) ).
d(G) :- \+ \+ ( ( call_cleanup(G, Det = true), ( Det == true -> R = det(G) ; R = nondet(G) ) -> true ; R = no(G) ), out(R) ).

ab(a) --> "a".
ab(b) --> "b".
nd(1) --> "".
nd(2) --> "".
% Traced element and separator: each attempt is printed.
el(X, S0, S) :- format("  el try ~s~n", [S0]), string(X, S0, S), format("  el ~s / rest ~s~n", [X, S]).
sep(S0, S) :- format("  sep try ~s~n", [S0]), ( S0 = [0',|S] -> format("  sep ok~n") ; format("  sep fail~n"), fail ).
run(L, In) :- \+ \+ ( format("run ~q on ~s~n", [L, In]), forall(phrase(sequence(el, sep, L), In, R), format("sol ~q rest ~s~n", [L, R])) ).

main :-
    % sequence//2
    all(phrase(sequence(digit, _), `12a`, _)), all(phrase(sequence(ab, _), `ab`, _)), all(phrase(sequence(ab, _), `ba`, _)),
    t(phrase(sequence(digit, L), `123`)), all(phrase(sequence(ab, _), `abab`)), all(phrase(sequence(ab, _), ``, _)), all(phrase(sequence(ab, _), `a`, _)),
    t(phrase(sequence(integer, [1, 2]), L)), t(phrase(sequence(ab, [a|T]), `ab`)), all(phrase(sequence(digit, [_|_]), `12`, _)),
    all(phrase(sequence(digit, [_]), `12`, _)), all(phrase(sequence(string, [_, _]), `ab`, _)),
    d(phrase(sequence(digit, _), `1`)), d(phrase(sequence(digit, _), `x`, _)), d(phrase(sequence(digit, [0'1]), `1`, _)), d(phrase(sequence(digit, [0'1|_]), `1`, _)),
    d(phrase(sequence(digit, [0'1, 0'2]), _)),
    f(phrase(sequence(_, _), `ab`)), f(phrase(sequence(foo, _), `ab`)), f(phrase(sequence(3, _), `ab`)),
    % sequence//3
    all(phrase(sequence(integer, ",", _), `1,2,3`, _)), all(phrase(sequence(integer, ",", _), `1,2,`, _)), all(phrase(sequence(integer, ",", _), ``, _)),
    all(phrase(sequence(integer, ",", _), `x`, _)), all(phrase(sequence(digit, ",", _), `1,`, _)), all(phrase(sequence(digit, ",", _), `1,2`, _)),
    all(phrase(sequence(digit, ",", _), `1,,2`, _)), all(phrase(sequence(digit, "", _), `12`, _)), all(phrase(sequence(digit, ";", _), `1;2`, _)),
    all(phrase(sequence(digit, (",";";"), _), `1;2,3`, _)), all(phrase(sequence(digit, ("," ; ",,"), _), `1,,2`, _)),
    all(phrase(sequence(string, ",", _), `a,b`, _)), all(phrase(sequence(string, ",", _), `a,b,c`, _)), all(phrase((sequence(string, ",", _), "b"), `a,b`, _)),
    all(phrase(sequence(nd, ",", _), `,`, _)), all(phrase(sequence(nd, ",", _), ``, _)), all(phrase(sequence(nd, ",", [2]), ``, _)), all(phrase(sequence(nd, ",", [2, 1]), `,`, _)),
    all(phrase(sequence(digit, ",", [0'1]), `1,2`, _)), all(phrase(sequence(digit, ",", [0'1]), `1`)), all(phrase(sequence(string, ",", [[0'a]]), `a,b`, _)),
    all(phrase(sequence(string, ",", [_]), `a,b`, _)), all(phrase(sequence(string, ",", [_, _]), `a,b,c`, _)), all(phrase(sequence(digit, ",", [0'1, 0'2]), `1,2,3`, _)),
    all(phrase(sequence(digit, ",", []), `1,2,3`, _)), all(phrase(sequence(digit, ",", []), _)), all(phrase(sequence(digit, ",", [_, _|_]), `1,2,3`, _)),
    all(phrase(sequence(digit, ",", [_|_]), `1,2,3`, _)), all(phrase(sequence(string, ",", [_|_]), `a,b`, _)), all(phrase(sequence(string, ",", [_, _|_]), `a,b`, _)),
    all(phrase(sequence(digit, ",", foo), `1`, _)), all(phrase(sequence(nd, ",", [a|foo]), `,`, _)),
    t(phrase(sequence(integer, ",", [1, 2, 3]), L)), t(phrase(sequence(integer, ",", []), L)), t(phrase(sequence(digit, ",", [0'1|T]), `1,2`)),
    t(phrase(sequence(digit, ",", L), `1,2`, `,2`)),
    d(phrase(sequence(digit, ",", _), `1,2`)), d(phrase(sequence(digit, ",", _), `1,2`, _)),
    d(phrase(sequence(digit, ",", _), ``, _)), d(phrase(sequence(digit, ",", [0'1, 0'2]), _)), d(phrase(sequence(digit, ",", [0'1, 0'2]), `1,2`)),
    d(phrase(sequence(digit, ",", [0'1|_]), `1,2`, _)), d(phrase(sequence(digit, ",", [0'1]), `1`, _)),
    f(phrase(sequence(digit, _, _), `1`)), f(phrase(sequence(digit, _, _), `12`)),
    run(_, `a,b`), run([_|_], `a,b`), run([_, _|_], `a,b`), run([_], `a,b`), run([_, _], `a,b`), run(_, `,`), run(_, `a,b,`),
    % sequence//5
    all(phrase(sequence("[", integer, ",", "]", _), `[1,2,3]`, _)), all(phrase(sequence("[", integer, ",", "]", _), `[]`, _)),
    all(phrase(sequence("[", integer, ",", "]", _), `[1,]`, _)), all(phrase(sequence("(", digit, ",", ")", _), `(1,2))`, _)),
    all(phrase(sequence(("(";"["), digit, ",", (")";"]"), _), `[1,2]`, _)), all(phrase(sequence(string(_), digit, ",", string(_), _), `x1,2y`, _)),
    all(phrase(sequence(string(_), digit, ",", string(_), _), `1`, _)), all(phrase(sequence(string(_), digit, ",", "y", _), `x1,2y`, _)),
    all(phrase(sequence(string(_), digit, ",", "y", _), `x1,2yy`, _)), all(phrase(sequence("[", string, ",", "]", _), `[a,b]`, _)),
    all(phrase(sequence("[", string, ",", "]", [_]), `[a,b]`, _)), all(phrase(sequence("[", nd, ",", "]", _), `[,]`, _)),
    t(phrase(sequence("(", integer, ", ", ")", [1, 2]), L)), t(phrase(sequence("(", integer, ", ", ")", []), L)),
    d(phrase(sequence("[", digit, ",", "]", _), `[1]`, _)), d(phrase(sequence("[", digit, ",", "]", [0'1]), `[1]`, _)),
    f(phrase(sequence(_, digit, ",", "]", _), `1`)), f(phrase(sequence("[", digit, ",", _, _), `[1`)),
    % optional//2
    all(phrase(optional(integer(X), {X = none}), `12x`, _)), all(phrase(optional(integer(X), {X = none}), `x`, _)),
    all(phrase(optional("a", []), `ab`, _)), all(phrase(optional("a", "b"), `b`, _)), all(phrase(optional(string(_), []), `ab`, _)),
    all(phrase(optional({fail}, string(_)), `ab`, _)), t(phrase(optional([], _), `12`)), f(phrase(optional(_, []), `12`)),
    d(phrase(optional("a", []), `a`)), d(phrase(optional("a", []), ``)), d(phrase(optional(digit(_), []), `1`, _)),
    % foreach//2,3
    t(phrase(foreach(member(X, [1, 2, 3]), integer(X)), L)), t(phrase(foreach(member(X, [1, 2, 3]), integer(X), ", "), L)),
    t(phrase(foreach(member(X, []), integer(X), ", "), L)), t(phrase(foreach(fail, integer(X)), L)),
    t(phrase(foreach(member(X, [1, 2]), integer(X)), `12`)), t(phrase(foreach(member(X, [1, 2]), integer(X)), `13`)),
    all(phrase(foreach(member(_, [a, b]), [_]), _)), t(phrase(foreach(member(X-Y, [1-a, 2-b]), (integer(X), atom(Y))), L)),
    t(phrase(foreach(member(X, [1, 2]), integer(X), ","), `1,2`)), t(phrase(foreach(between(1, 3, X), (integer(X), " ")), L)),
    all(phrase(foreach(member(_, [1, 2]), string(_)), `ab`, _)), all(phrase(foreach(member(_, [1, 2]), string(_), ","), `a,b`, _)),
    t(phrase(foreach(member(X, [1, 2]), [X], [Y]), L)), t(phrase(foreach(member(X, [1, 2]), [X-Y-Z], [Y]), L)),
    t(phrase(foreach((member(X, [1, 2]), Z = X), [X-Y-Z]), L)), t(phrase(foreach(member(X, [f(_), f(_)]), [X]), L)),
    t(phrase(foreach(member(X, [1, 2]), [X], [X]), L)), t(phrase(foreach(member(X, [1, 2]), [X], [X-Y]), L)),
    t((X = 1, phrase(foreach(member(X, [1, 2]), integer(X)), L))), t(phrase(foreach(member(X, [1, 2]), integer(X), ","), L, `!`)),
    t(phrase(foreach(member(_, [a, b]), {true}), L)), t(phrase(foreach(member(X, [a]), [X], _), L)),
    d(phrase(foreach(member(X, [1, 2]), integer(X)), _)), d(phrase(foreach(member(X, [1, 2]), integer(X), ","), _)),
    f(phrase(foreach(member(X, [1, 2]), integer(X), _), _)), f(phrase(foreach(_, "a"), _)), f(phrase(foreach(true, _), _)).
