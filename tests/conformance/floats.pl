% Conformance: float formatting: shortest round-trip printing, exponents, special values
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

main :-
    forall(member(E, [1.0e10, 0.1, -0.0, 0.0, 1.0Inf, -1.0Inf, 1.5NaN, 1.0, 100.0, 1.0e15, 1.0e16, 1.0e14, 123.456, 1/3, 2/3, 10/3,
                      1.0e-4, 0.001, 1.0e-5, 5.0e-324, 1.7976931348623157e308, 2.2250738585072014e-308, 0.1 + 0.2, 1.1 * 1.1,
                      3.0e100, 9007199254740993.0, 9007199254740992.0, 4503599627370496.5, 0.5, 2.5e-7, 1.0e22, 1.0e21, 1.0e23,
                      123456789.123456789, -1.5e-9, 6.02214076e23, float(2 ** 53), float(2 ** 64), sqrt(2) * sqrt(2), pi * 1.0e6, e ** 10,
                      100000.0, 1000000.0, 10000000.0, 12345678.9, 0.3, 2.0 ** 0.5, 1.0e300 * 10, 1.0e-300 / 1.0e10]),
           ( X is E, write(X), write(' '), print(X), write(' '), format("~w ~a~n", [X, ok]) )),
    X1 is 10.0 ** 15, writeq(X1), nl,
    X2 is 10.0 ** -5, writeq(X2), nl,
    X3 is -(1.0e15), writeq(X3), nl,
    X4 is 1.0e15 + 0.5, writeq(X4), nl,
    format("~4f ~2e ~g~n", [1.0e10, 1.0e10, 1.0e10]),
    format("~15f~n", [0.1]), format("~20e~n", [0.1]), format("~0e~n", [12345.0]),
    t(atom_number('1.0e10', N)), t(atom_number('1e-3', N)), t(number_codes(N, "0.1")), t(atom_to_term('1.5NaN', T, _)),
    t((X is nan, X == X)), t((X is nan, X =:= X)), t((X is inf, X =:= inf)), t(1.0 == 1), t(1.0 =:= 1), t(-0.0 == 0.0), t(-0.0 =:= 0.0),
    t(float_class_free), t((X is 0.0 * -1, X == -0.0)), t((X is -0.0 + 0.0)),
    t((X is 1.0e308 * 10)), t((X is -1.0e308 * 10)), t((X is 1.0e-320 / 1.0e10)), t(X is max(1, 1.0)), t(X is min(1, 1.0)).
float_class_free.
