% Conformance: format/2 directives and column handling, format/3 with atom/string/codes sinks
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

f(F, A) :- catch((format(F, A), nl), error(E, _), (print(error(E)), nl)).
main :-
    f("~w and ~w", [a, 'B c']), f("~p", ['B c']), f("~q", ['B c']), f("~a", [abc]), f("~w", "x"),
    f("~d", [42]), f("~d", [-42]), f("~2d", [1234]), f("~2d", [5]), f("~0d", [7]), f("~D", [1234567]), f("~2D", [1234567]),
    f("~d", [2 ** 70]), f("~D", [-1234567]), f("~d", [abc]), f("~d", [1.5]),
    f("~f", [3.14159]), f("~2f", [3.14159]), f("~0f", [2.5]), f("~1f", [0.05]), f("~4f", [2]), f("~2f", [-0.004]),
    f("~e", [12345.678]), f("~3e", [0.000123]), f("~g", [0.1]), f("~g", [1.0e20]), f("~2f", [2 ** 70]),
    f("~s", [[104, 105]]), f("~s", ["str"]), f("~c", [65]), f("~3c", [0'x]),
    f("~8|abc", []), f("~a~10|~a", [left, right]), f("~t~a~10|", [right]), f("~t~d~6|~t~d~12|", [1, 22]),
    f("~a~t~15|~a", [name, value]), f("~t~a~t~11|", [mid]), f("~`-t~30|", []), f("~`*t~t~20|", []),
    f("~w~30|~w", [a, b]), f("~t~w~10+~t~w~10+", [ab, cd]), f("~w~t~10+~w~t~10+~w", [a, b, c]),
    f("~t~2f~10|", [3.14159]), f("~`0t~d~6|", [42]), f("[~t~w~t~20|]", [centered]),
    f("~i~w", [skipped, shown]), f("~*c", [5, 0'z]), f("~r", [10]), f("~8r", [255]), f("~16r", [255]), f("~16R", [255]), f("~2r", [10]),
    f("~36r", [123456789]), f("a~nb", []), f("~~", []), f("no args", []), f("~w", [[1, 2]]), f("~q", [[a, 'B']]),
    f("~w ~w", [only_one]), f("~w", [a, b]), f("~z", [a]), f("~e", [abc]), f("~a", [1]), f("~c", [a]),
    f("~p", ["s"]), f("~q", ["s"]), f("~w", ["s"]), f("~a", ["s"]), f(abc, []), f('~w-~w', [1, 2]), f([0'~, 0'w], [x]),
    f("~w", x), f("~q", f('A')), f("~8|~w", [x]), f("ab~tcd~6|ef", []), f("~ic~w", [a, b]),
    format(atom(A), "~w-~w", [a, b]), out(A),
    format(string(S), "~a~t~8|~a", [x, y]), out(S),
    format(codes(C), "hi~w", [1]), out(C),
    format(codes(C2, T), "ab", []), T = [], out(C2),
    format(atom(A2), "~p", ['q r']), out(A2),
    format(atom(A3), "", []), out(A3),
    with_output_to(string(S2), (write(a), format("~w", [b]), print(c))), out(S2),
    format("~w~n", hello), format("~a~n", [world]), format("~w ~w~n", [x, y]),
    format("~t~w~5|~w~n", [ab, cd]), format("~e~n", [1.0]), format("~4e~n", [1.0e100]),
    format("~g~n", [123456789.0]), format("~15|~w~n", [x]), format("~w~t~w~20|~w~n", [a, b, c]),
    format("~t~s~10|~n", [[0'a, 0'b]]), format("~c~c~n", [104, 105]), format("~d~n", [0]), format("~3d~n", [0]), format("~3d~n", [-5]),
    format("~a", [done]), nl.
