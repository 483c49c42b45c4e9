% Conformance: library(debug): debug/1 and nodebug/1 on known, unknown, partial and unbound topics (the order and values of debugging/2), debugging/1, messages sent to a file target (read back: format, arguments, errors while formatting), assertion/1 (success, failure, errors and what it throws). What goes to standard error is checked by tests/stderr/lib_debug.pl.
:- use_module(library(debug)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
% a(G): as t/1 for assertion/1, printing the formal error and the culprit goal.
a(G) :- \+ \+ ( catch(( assertion(G) -> R = yes(G) ; R = no ), error(assertion_error(Reason, Goal), _), ( reason(Reason, F), R = failed(F, Goal) )), out(R) ).
reason(error(F, _), F) :- !.
reason(R, R).
% s(G): G, then the topics and their values (but the topics SWI-Prolog's own
% libraries declare when they load).
s(G) :- call(G), findall(T-V, ( debugging(T, V), \+ system_topic(T) ), L), ( G = debug(_ > _) -> out(debug(file)-L) ; out(G-L) ).
system_topic(T) :- nonvar(T), functor(T, predicate_options, _).
% f(File, Format, Args): debug/3 on topic ft, then all the text its file target holds.
% (debug/3 is called through =.. because SWI-Prolog makes the topics of the
% debug/3 calls it loads known, which puzzlog does not.)
f(File, Format, Args) :- \+ \+ ( G =.. [debug, ft, Format, Args], catch(G, E, true), read_file_to_string(File, S, []), ( var(E) -> out(S) ; out(ex(E)) ) ).

main :-
    tmp_file(debug, File),
    % debug/1, nodebug/1, debugging/1,2
    t(debugging(foo)), t(debugging(foo, _)), t(debug(foo, "not shown ~w", [1])),
    s(debug(foo)), s(debug(foo)), s(nodebug(foo)), s(debug(foo)), s(nodebug(bar)), s(nodebug(bar)), s(debug(bar)),
    s(debug(g(_))), s(debug(g(a))), s(nodebug(g(b))), s(debug(g(_))), s(nodebug(_)), s(debug(_)),
    s(debug(a)), s(debug(b)), s(nodebug(a)), s(debug('Quoted Topic')), s(debug(f("s", 'A', [1, 2]))),
    t(debugging(foo)), t(debugging(a)), t(debugging(g(X))), t(findall(X, debugging(X), L)), t(findall(X, debugging(g(X)), L)),
    t(debugging(nope)), t(debugging(nope, _)), t(debugging(foo, false)), t(debugging(a, _)),
    % messages to a file target
    s(nodebug(ft)), ( debug(ft > File) -> out(debug(file)) ; out(no) ), out(debugging(ft)), s(debug(ft > File)),
    f(File, "hello ~w", [world]), f(File, "no args", []), f(File, "one arg ~w", x), f(File, "multi\nline ~w", [2]),
    f(File, "x~n", []), f(File, 'atom format ~q', ['A b']), f(File, "~p and ~a", [f('X'), abc]), f(File, "~s", [[0'a, 0'b]]),
    f(File, "~w", f("str")), s(nodebug(ft)), s(debug(ft)), delete_file(File),
    % assertion/1
    a(true), a(fail), a(member(X, [a])), a((X = 1, X == 1)), a(1 == 2), a(atom("s")), a(\+ true), a((fail, true)),
    a(throw(oops)), a(_), a(1), a(member(_, [])), a(X = Y),
    t((assertion(member(X, [a, b])), var(X))), t((Y = f(Z), assertion(Z = 1), var(Z))).
