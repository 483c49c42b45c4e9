% Conformance: library(dcg/basics): every exported nonterminal parsing, generating where it can, at the end of the input, and its errors.
:- use_module(library(dcg/basics)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
% f(G): as t/1, printing only the formal part of an error.
f(G) :- \+ \+ f_(G).
f_(G) :- ( catch(G, error(F, _), true) -> ( var(F) -> R = yes(G) ; R = ex(F) ) ; R = no ), out(R).
% all(G): all solutions of G.
all(G) :- \+ \+ ( findall(G, G, L), out(all(L)) ).
% s(G): what G generates, as a string.
s(G) :- \+ \+ ( catch(( phrase(G, L) -> string_codes(S, L), R = G-S ; R = no ), E, R = ex(E)), out(R) ).
% p(G, Text): parse Text with G, showing the bindings and the rest as a string.
p(G, Text) :- \+ \+ ( string_codes(Text, L), catch(( phrase(G, L, Rest) -> string_codes(RS, Rest), R = G-RS ; R = no ), E, R = ex(E)), out(R) ).
% d(G, Text): G parses Text (the whole of it) without leaving a choicepoint.
d(G, Text) :- \+ \+ ( string_codes(Text, L), ( call_cleanup(phrase(G, L, _), Det = true), ( Det == true -> R = det(G) ; R = nondet(G) ) -> true ; R = no(G) ), out(R) ).

main :-
    % integer//1
    p(integer(X), "123"), p(integer(X), "-123abc"), p(integer(X), "+12"), p(integer(X), "- 12"), p(integer(X), "abc"),
    p(integer(X), ""), p(integer(X), "0012"), p(integer(X), "12.5"), p(integer(X), "1e10"), p(integer(X), "-0"),
    p(integer(X), "99999999999999999999999"), p(integer(X), "-"), p(integer(X), "+"), p(integer(X), "1_000"), p(integer(X), "0x1F"),
    p(integer(X), "0'a"), p(integer(X), "1 2"), p(integer(12), "12"), p(integer(12), "012"), p(integer(12), "+12"),
    s(integer(42)), s(integer(-42)), s(integer(0)), s(integer(100000000000000000000000)),
    f(phrase(integer(a), _)), f(phrase(integer(1.5), _)), f(phrase(integer(a), `12`)),
    all(phrase(integer(_), `123`, _)), d(integer(_), "123"), t(phrase(integer(X), [0'1|foo], R)),
    t(phrase(integer(X), `12`, `2`)), t(phrase(integer(X), "12", R)),
    % float//1
    p(float(X), "1.5"), p(float(X), "1.5e3x"), p(float(X), "-1.5E-3"), p(float(X), "1e3"), p(float(X), "12"), p(float(X), "1."),
    p(float(X), ".5"), p(float(X), "1.5e"), p(float(X), "1.5e+2"), p(float(X), "+1.5"), p(float(X), "1.0Inf"), p(float(X), "inf"),
    p(float(X), "1.5.3"), p(float(X), "-1e2"), p(float(X), "1e"), p(float(X), "-1"), p(float(1.5), "1.5"), p(float(1.5), "1.50"),
    s(float(1.5)), s(float(15)), s(float(1.0e10)), s(float(1.0e22)), s(float(0.1)), s(float(-0.0)), s(float(-1.0e-10)), s(float(1.0Inf)),
    f(phrase(float(a), _)), p(float(15), "15"), p(float(X), "15.0"),
    all(phrase(float(_), `1.5e3`, _)), d(float(_), "1.5e3"),
    % number//1
    p(number(X), "12"), p(number(X), "12.5"), p(number(X), "-12.5e2"), p(number(X), "1e2"), p(number(X), "1.e2"), p(number(X), "abc"),
    p(number(X), "+7"), p(number(X), "1.5e"), p(number(X), "12e"), p(number(X), "12e+"), p(number(X), "12ex"), p(number(X), "1.5E3"),
    p(number(X), "1.5e3.2"), p(number(X), "-.5"), p(number(X), "-a"), p(number(X), "+-1"), p(number(X), "1.0Inf"), p(number(X), "1.5NaN"),
    p(number(X), "0.0e0"), p(number(X), "00.50"), p(number(X), "1e-400"), p(number(X), "1.5e-0"), p(number(X), "12E3"), p(number(X), "-0.0"),
    p(number(X), "-0"), p(number(X), "-12"), p(number(X), "-1e2"), p(number(X), "1.5e3e4"), p(number(1.5), "1.50"), p(number(X), "1.50"),
    f(phrase(number(_), `1e400`, _)),
    s(number(12)), s(number(1.5)), s(number(-5)), s(number(1.0e22)), f(phrase(number(a), _)), f(phrase(number(a), `12`)),
    all(phrase(number(_), `12.5`, _)), d(number(_), "12.5"), t(phrase(number(X), `12`, `2`)),
    % digits//1, digit//1
    p(digits(X), "123a"), p(digits(X), "a"), p(digits(X), ""), all(phrase(digits(_), `12`, _)), s(digits(`12`)), s(digits([0'1, 0'a])),
    t(phrase(digits(X), [0'1, a], R)), t(phrase(digits(X), `12`, `2`)), t(phrase(digits(X), `12`, [])), d(digits(_), "12"),
    p(digit(X), "1"), p(digit(X), "a"), p(digit(X), ""), s(digit(0'5)), s(digit(0'a)), t(phrase(digit(X), L)), t(phrase(digit(X), [a], R)),
    t(phrase(digit(X), [0x661], R)),
    % xinteger//1, xdigit//1, xdigits//1
    p(xinteger(X), "1F"), p(xinteger(X), "ff "), p(xinteger(X), "-1F"), p(xinteger(X), "+1F"), p(xinteger(X), "g"), p(xinteger(X), "-g"),
    p(xinteger(X), "-"), p(xinteger(31), "1F"), p(xinteger(31), "1f"), p(xinteger(a), "1f"), p(xinteger(1.5), "1f"), p(xinteger(X), "12"),
    s(xinteger(255)), s(xinteger(-1)), s(xinteger(0)), s(xinteger(100000000000000000000000)),
    all(phrase(xinteger(_), `1F`, _)), d(xinteger(_), "1F"),
    p(xdigit(X), "a"), p(xdigit(X), "F"), p(xdigit(X), "9"), p(xdigit(X), "g"), p(xdigit(X), ""), p(xdigit(a), "a"),
    s(xdigit(10)), s(xdigit(15)), s(xdigit(0)), t(phrase(xdigit(X), L)), t(phrase(xdigit(16), L)), t(phrase(xdigit(X), [0xFF10], R)),
    p(xdigits(X), "1aF g"), p(xdigits(X), "g"), all(phrase(xdigits(_), `1a`, _)), s(xdigits([1, 10])), s(xdigits([1, 15])), d(xdigits(_), "1a"),
    % blank//0, blanks//0, white//0, whites//0
    p(blank, " "), p(blank, "\n"), p(blank, "a"), p(blank, ""), p(blank, "\r"), t(phrase(blank, [12], R)), t(phrase(blank, [0], R)),
    t(phrase(blank, [0xA0], R)), t(phrase(blank, [0x2003], R)), t(phrase(blank, L)), t(phrase(blank, [a], R)),
    p(blanks, "  \n\tx"), p(blanks, "x"), p(blanks, ""), all(phrase(blanks, `  `, _)), t(phrase(blanks, L)), d(blanks, "  "),
    p(white, " "), p(white, "\t"), p(white, "\n"), p(white, ""), t(phrase(white, L)), t(phrase(white, [0xA0], R)),
    p(whites, " \t\nx"), p(whites, ""), t(phrase(whites, L)), all(phrase(whites, `  `, _)), d(whites, "  "),
    % nonblank//1, nonblanks//1
    p(nonblank(X), "ab"), p(nonblank(X), " ab"), p(nonblank(X), ""), t(phrase(nonblank(X), L)), s(nonblank(0'a)),
    t(phrase(nonblank(X), [0xE9], R)), t(phrase(nonblank(X), [0], R)),
    p(nonblanks(X), "ab cd"), p(nonblanks(X), " ab"), p(nonblanks(X), ""), all(phrase(nonblanks(_), `ab`, _)), s(nonblanks(`ab`)),
    t(phrase(nonblanks(X), [a, b], R)), d(nonblanks(_), "ab"),
    % blanks_to_nl//0
    p(blanks_to_nl, "   \nx"), p(blanks_to_nl, "   x\n"), p(blanks_to_nl, "   "), p(blanks_to_nl, ""), p(blanks_to_nl, "\r\n"),
    p(blanks_to_nl, " \t\r\n"), p(blanks_to_nl, "\t\n"), all(phrase(blanks_to_nl, ` \n \n`, _)), t(phrase(blanks_to_nl, L)), d(blanks_to_nl, " \n"),
    % string//1, string_without//2
    all(phrase(string(_), `abc`, _)), p(string(X), "abc"), t(phrase(string(X), `abc`)), s(string(`ab`)), t(phrase(string(X), L)),
    p((string(X), "c"), "abcd"), p((string(X), "x"), "abcd"),
    all(phrase(string_without(`c`, _), `abcd`, _)), p(string_without("c", X), "abcd"), p(string_without(`xy`, X), "abcd"),
    p(string_without(`a`, X), "abcd"), p(string_without([], X), "abcd"), p(string_without(_, X), "abcd"), p(string_without(`c`, X), ""),
    s(string_without(`c`, `ab`)), t(phrase(string_without(`c`, X), L)), f(phrase(string_without(c, _), `abcd`, _)),
    t(phrase(string_without(`c`, X), [a, b, 0'c], R)), d(string_without(`c`, _), "abc"),
    % alpha_to_lower//1
    p(alpha_to_lower(X), "Ab"), p(alpha_to_lower(X), "ab"), p(alpha_to_lower(X), "1b"), p(alpha_to_lower(X), "_b"), p(alpha_to_lower(X), ""),
    p(alpha_to_lower(0'a), "Ab"), p(alpha_to_lower(0'a), "ab"), p(alpha_to_lower(0'A), "Ab"), p(alpha_to_lower(0'B), "b"), p(alpha_to_lower(0'b), "B"),
    p(alpha_to_lower(0'B), "B"), p(alpha_to_lower(0'a), "B"), p(alpha_to_lower(0'A), "a"), p(alpha_to_lower(0'1), "1"),
    s(alpha_to_lower(0'a)), s(alpha_to_lower(0'1)), t(phrase(alpha_to_lower(X), L)), t(phrase(alpha_to_lower(X), [C], R)),
    t(phrase(alpha_to_lower(0'A), [C])), t(phrase(alpha_to_lower(X), [0xC9], R)), t(phrase(alpha_to_lower(X), [0x3A3], R)),
    t(phrase(alpha_to_lower(X), [a], R)), t(phrase(alpha_to_lower(X), [-1], R)), all(phrase(alpha_to_lower(0'a), `A`, _)),
    % eol//0, eos//0, remainder//1
    p(eol, "\n"), p(eol, "\r\nx"), p(eol, ""), p(eol, "\r"), p(eol, "x"), p(eol, "\n\n"), t(phrase(eol, L)), t(phrase(eol, L, [])),
    all(phrase(eol, `\r\n`, _)), d(eol, "\n"),
    p(eos, ""), p(eos, "a"), t(phrase(eos, L)), t(phrase(eos, L, R)),
    p(remainder(X), "abc"), p(remainder(X), ""), t(phrase(remainder(X), L)), t(phrase(remainder(X), L, R)), s(remainder(`ab`)),
    % prolog_var_name//1
    p(prolog_var_name(X), "Abc_1 x"), p(prolog_var_name(X), "_abc"), p(prolog_var_name(X), "_"), p(prolog_var_name(X), "abc"),
    p(prolog_var_name(X), "1A"), p(prolog_var_name(X), "A-b"), p(prolog_var_name(abc), "Abc"), p(prolog_var_name('Abc'), "Abc"),
    t(phrase(prolog_var_name(X), [0xC9, 0'a], R)), all(phrase(prolog_var_name(_), `Ab`, _)), d(prolog_var_name(_), "Ab"),
    % atom//1
    s(atom(abc)), s(atom('A b')), s(atom(f(x))), s(atom(1.5)), s(atom("str")), s(atom([])), s(atom(- 1)), s(atom(a+'B')), s(atom('hello world')),
    t(phrase(atom(abc), `abc`)), t(phrase(atom('hello world'), L, `!`)),
    t(phrase(atom(_), _)), t(phrase(atom(f(_)), _)), t(phrase(atom(_), `abc`, _)),
    % combinations
    t(phrase((whites, integer(_A), whites, ",", whites, integer(_B), blanks), `  12 , -3 \n`)),
    t(phrase((string_without(`=`, _K), "=", remainder(_V)), `key=value`)),
    t(phrase((number(_N1), blanks, number(_N2), eos), `1.5   2`)),
    t(phrase((prolog_var_name(_V1), blanks, "=", blanks, integer(_I1)), `Count = 42`)).
