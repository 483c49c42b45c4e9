% Conformance: format/2 directives and column handling, format/3 with atom/string/codes sinks
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

f(F, A) :- catch((format(F, A), nl), error(E, _), (print(error(E)), nl)).
% The output between < and >, column 1 at the start (for column stops and trailing spaces).
b(F, A) :- format("<"), catch(format(F, A), error(E, _), print(error(E))), format(">~n").

main :- directives, columns_across_lines.

%   Column stops: the previous stop and pending fill points carry over newlines; past a stop
%   the column is the stop's; tabs, backspaces and carriage returns in the text; ~N, ~k, ~E,
%   ~G, ~I.
columns_across_lines :-
    b("~w~t~10+~w~n~w~t~10+~w", [a, b, c, d]), b("~w~t~10+~w\n~w~t~10+~w", [a, b, c, d]),
    b("~w~t~10|~w~n~w~t~10+~w", [a, b, c, d]), b("~w~t~10+~w~n~w~t~5|~w", [a, b, c, d]),
    b("~w~t~10+~n~w~t~10+~w", [a, c, d]), b("~w~t~10+~w~n~t~w~10+~w", [a, b, c, d]),
    b("~w~t~10+~w~n~w~t~+~w", [a, b, c, d]), b("~w~t~4+~w~t~4+~w~n~w~t~4+~w", [a, b, c, d, e]),
    b("~t~w~10|~n~t~w~10+", [a, b]), b("~w~t~n~w~t~10+~w", [a, b, c]),
    b("~w~t~10+~c~w~t~10+~w", [a, 10, b, c]), b("~w~t~10+~w~2n~w~t~10+~w", [a, b, c, d]),
    b("abc~n~t~w~10|", [x]), b("~w~30|~n~w~t~10+~w", [a, b, c]), b("~w~t~10+~a~w~t~10+~w", [a, '\n', c, d]),
    b("~a~t~8+~a~n~a~t~8+~a", [xxxxxxxxxxxx, b, c, d]), b("~a~t~8+~a~t~8+~a", [xxxxxxxxxxxx, b, c]),
    b("~a~8|~a~t~8+~a", [xxxxxxxxxxxx, b, c]), b("~a~t~8|~a~t~14|~a", [xxxxxxxxxxxx, b, c]),
    b("~a~n~a~|~a~t~5+~a", [xxx, yy, b, c]), b("~t~a~5|~n~a~t~3+~a", [x, yyyyyy, c]),
    b("~t~w~t~11|~n~t~w~t~11+", [ab, cd]), b("~w~t~10+~w~n~w~`-t~10+~w", [a, b, c, d]),
    b("~w\t~w~t~20|~w", [a, b, c]), b("~w\t\t~w~t~20|~w", [a, b, c]), b("~c~w~t~10|~w", [9, b, c]),
    b("~w\r~w~t~10|~w", [abc, b, c]), b("~w\b~w~t~10|~w", [abc, b, c]), b("~a~t~10|~w", ['é€', x]),
    b("~w~t~w~t~w~t~w~21|~w", [a, b, c, d, e]), b("~t~t~t~w~11|~w", [a, e]),
    b("~w~N~w~N~N~w", [a, b, c]), b("~N~w", [a]), b("~2N~w", [a]), b("~w~3N~w", [a, b]),
    b("~t~w~5|~N~w", [a, b]), b("a~0N~w", [b]),
    b("~k ~k ~k ~k", ['A b', f(X, _, X), [a, 'B'|_], - 1]), b("~k", [1 + 2]),
    b("~E|~G|~E|~G", [1.5, 1.5e20, inf, -1.5e-300]), b("~2E|~3G|~0E|~E", [12345.678, 0.000012345, 2.5, 3]),
    b("~I|~2I|~I|~I|~0I|~1I", [1234567, 1234567, -1234567, 12, 123456, 1234]),
    b("~I", [123456789012345678901234567890]), b("~I", [1.5]), b("~I", [a]).

directives :-
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
    % More sinks: chars, tails, bound sinks, columns from 0 after output on
    % the line, errors (the current output is not left captured), bad sinks.
    format(chars(Ch), "x~wy", [1]), out(Ch),
    format(chars(Ch2, T2), "ab", []), T2 = [z], out(Ch2),
    write(prefix), format(atom(A4), "~a~t~6|~a", [x, y]), out(A4),
    t(format(atom(abc), "a~w", [bc])), t(format(atom(abd), "a~w", [bc])),
    t(format(string("a1"), "a~w", [1])), t(format(codes([0'a|R]), "ab", [])), out(R),
    t(format(atom(_), "~d", [a])), write(after_error), nl,
    t(format(atom(_), "~w ~w", [a])), t(format(foo(_), "x", [])), t(format(atom(_), _, [])),
    t(format(atom(_), 5, [])), t(format(string(S3), "~a", [[]])), out(S3),
    t((format(atom(A5), "~w", [-3]), atom(A5))), t(format(atom(A6), "~q", [[a, 'B'|_]])), out(A6),
    with_output_to(string(S2), (write(a), format("~w", [b]), print(c))), out(S2),
    format("~w~n", hello), format("~a~n", [world]), format("~w ~w~n", [x, y]),
    format("~t~w~5|~w~n", [ab, cd]), format("~e~n", [1.0]), format("~4e~n", [1.0e100]),
    format("~g~n", [123456789.0]), format("~15|~w~n", [x]), format("~w~t~w~20|~w~n", [a, b, c]),
    format("~t~s~10|~n", [[0'a, 0'b]]), format("~c~c~n", [104, 105]), format("~d~n", [0]), format("~3d~n", [0]), format("~3d~n", [-5]),
    format("~a", [done]), nl.
