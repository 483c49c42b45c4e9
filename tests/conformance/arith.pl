% Conformance: arithmetic evaluation: every evaluable functor, integer/float semantics
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

e(Expr) :- \+ \+ ( catch((V is Expr, R = (Expr = V)), error(Err, _), R = (Expr -> error(Err))), out(R) ).

main :-
    e(1 + 2), e(3 - 5), e(6 * 7), e(7 / 2), e(8 / 2), e(7.0 / 2), e(-7 / 2),
    e(7 // 2), e(-7 // 2), e(7 // -2), e(7 mod 3), e(-7 mod 3), e(7 mod -3), e(-7 mod -3),
    e(7 rem 3), e(-7 rem 3), e(7 rem -3), e(7 div 2), e(-7 div 2), e(7 div -2),
    e(abs(-3)), e(abs(3.5)), e(abs(-0.0)), e(sign(-3)), e(sign(0)), e(sign(4)), e(sign(-2.5)), e(sign(0.0)),
    e(min(2, 3)), e(min(2, 2.0)), e(min(3.0, 1)), e(max(2, 3)), e(max(1, 1.0)), e(max(a, 1)),
    e(gcd(12, 18)), e(gcd(-12, 18)), e(gcd(0, 5)), e(gcd(0, 0)),
    e(msb(1)), e(msb(1000)), e(msb(2**100)),
    e(2 ** 10), e(2 ** -1), e(2 ** 0.5), e(2.0 ** 3), e(0 ** 0), e((-2) ** 3), e(1 ** -3), e((-1) ** -3),
    e(2 ^ 10), e(2 ^ 100), e(2 ^ -1), e(1 ^ -5), e((-1) ^ -5), e(0 ^ 0), e(2.0 ^ 3), e(0 ^ -1),
    e(1 << 10), e(1 << 70), e(1024 >> 3), e(-16 >> 2), e(-1 >> 10), e(5 /\ 3), e(5 \/ 3), e(5 xor 3), e(\ 5), e(\ -1),
    e(sqrt(16)), e(sqrt(2)), e(sqrt(-1)), e(sin(0)), e(cos(0)), e(tan(0)), e(sin(pi/2)),
    e(asin(1)), e(acos(1)), e(atan(1)), e(atan(1, 2)), e(atan2(1, 2)), e(atan(-1, -1)), e(atan2(0, -1)),
    e(exp(0)), e(exp(1)), e(log(1)), e(log(e)), e(log(-1)), 
    e(float(3)), e(float(3.5)), e(integer(2.5)), e(integer(-2.5)), e(integer(3.4)), e(integer(7)),
    e(float_integer_part(3.7)), e(float_integer_part(-3.7)), e(float_fractional_part(3.75)), e(float_fractional_part(-3.75)),
    e(float_integer_part(5)),
    e(truncate(3.7)), e(truncate(-3.7)), e(round(3.5)), e(round(-3.5)), e(round(2.4)), e(ceiling(3.2)), e(ceiling(-3.2)),
    e(floor(3.8)), e(floor(-3.2)), e(floor(5)), e(truncate(1.0e20)),
    e(pi), e(e), e(inf), e(-inf), e(nan), e(epsilon), e(sinh(0.0)),
    e(2 ** 200), e(-(2 ** 64)), e(3 ** 40), e(7 ** 23 mod 1000), e((2 ** 64) // 3), e((2 ** 64) mod 1000007),
    e(-(2 ** 64) // 7), e(-(2 ** 64) mod 7), e(-(2 ** 64) rem 7), e((2 ** 64) div -7), e(abs(-(2 ** 70))), e(sign(-(2 ** 70))),
    e(gcd(2 ** 80, 6 ** 40)), e((2 ** 100) >> 90), e((2 ** 100) /\ (2 ** 100 - 1)), e(-(2 ** 100) >> 98),
    e(float(2 ** 100)), e(integer(1.0e20)), e(2 ** 64 - 2 ** 64), e(9223372036854775807 + 1), e(-9223372036854775808 - 1),
    e(9223372036854775807 * 2), e(min(2 ** 70, 3)), e(max(2 ** 70, 3.0)), e(2 ** 70 / 2 ** 68), e(2 ** 70 / 3),
    e(1.5e300 * 1.5e300), e(1 / 3.0), e(0.1 + 0.2), e(1.0e10), e(123456789.0 * 10), e(1.0e-10), e(100000000000000.0),
    e(1000000000000000.0), e(10000000000000000.0), e(-0.0), e(0.0 * -1), e(1.0Inf), e(-1.5NaN),
    e(3 + 2.0), e(3 * 1.0), e(10 / 4.0), e(2 * (3 + 4) - 5), e(- (3)), e(+ (3)), e(- (-3)),
    e(foo + 1), e(a), e(1 + a), e(_ + 1), e(1 / 0), e(1 mod 0), e(1 // 0), e(1 rem 0), e(1 div 0), e(1.0 / 0), e(0 / 0), e(0.0 / 0),
    e(1 << a), e(1.5 mod 2), e(1.5 // 2), e(2.0 >> 1), e(msb(0)), e(msb(-1)), e(gcd(1.0, 2)), e(sqrt(a)),
    e(asin(2)), e(acos(-2)),
    e(fac50), e(succ_or_fail),
    f50(F), out(F),
    X = 5, Y is X * 2, out(Y),
    t(1 + 2 =:= 3), t(1 + 2 =:= 3.0), t(1 =\= 2), t(1 < 2), t(2 =< 2), t(3 > 2.5), t(3 >= 4), t(0.1 + 0.2 =:= 0.3),
    t(2 ** 100 > 2 ** 99), t(-(2 ** 100) < 1), t(2 ** 64 =:= 2.0 ** 64), t(nan =:= nan), t(inf > 2 ** 1000),
    t(1 < a), t(X < 1), t(_ < 1), t(succ_or_fail(1)).
f50(F) :- numlist(1, 50, L), foldl([X, A0, A]>>(A is A0 * X), L, 1, F).
