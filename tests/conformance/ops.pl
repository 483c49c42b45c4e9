% Conformance: op/3: user-defined operators in clauses, reading and writing with them, current_op/3
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

:- op(700, xfx, ===>).
:- op(200, xfy, &).
:- op(900, fy, not).
:- op(100, yf, pct).
:- op(100, xf, ++).
:- op(650, xfx, is_in).
:- op(1150, fx, rule).
:- op(400, yfx, divides).

rule(a ===> b).
rule(x & y & z ===> w).
X is_in L :- memberchk(X, L).
dbl(X ===> Y) :- Y is X * 2.

main :-
    forall(rule(R), (writeq(R), nl)),
    t(1 is_in [1, 2]), t(3 is_in [1, 2]), t(dbl(4 ===> Y)),
    t((T = (a & b & c), T = (A & B))), t((T = (not not a), T = not(X))), t((T = (3 pct pct), T =.. L)),
    t((T = (a ++), T =.. L)),
    t(term_to_atom(T, 'p ===> q & r')), t(term_to_atom(T, 'not a & b')), t(term_to_atom(T, 'x divides y divides z')),
    t(term_to_atom(T, '1 + 2 ===> 3')), t(term_to_atom(T, '(a ===> b) ===> c')), t(syn('a ===> b ===> c', T)),
    t(term_to_atom((a ===> b) ===> c, At)), t(term_to_atom(a & (b & c), At)), t(term_to_atom((a & b) & c, At)),
    t(term_to_atom(not(not(x)), At)), t(term_to_atom(not((a, b)), At)), t(term_to_atom(f(a ===> b), At)),
    t(term_to_atom([a ===> b, c & d], At)), t(term_to_atom(- (a & b), At)), t(term_to_atom((a ++) ++, At)),
    t(term_to_atom(rule(x), At)), t(term_to_atom(f(rule), At)), t(term_to_atom(rule - 1, At)),
    t(current_op(P, Ty, ===>)), t(current_op(P, Ty, &)), t(findall(P-Ty, current_op(P, Ty, -), L)), t(current_op(P, Ty, is)),
    t(findall(P-Ty, current_op(P, Ty, not), L)),
    t(op(0, xfx, ===>)), t(term_to_atom(a ===> b, At)), t(op(700, xfx, ===>)),
    t(op(1201, xfx, bad)), t(op(700, bad, bad)), t(op(700, xfx, ',')), t(op(_, xfx, x)), t(op(700, xfx, [aa, bb])),
    t(syn('x aa y bb z', T)), t(syn('x aa y', T)),
    t((op(700, xfx, ~~>), term_to_atom(T, 'a ~~> b'), T =.. [Op, L, Rt])),
    t(term_to_atom(T, '- (1)')), t(term_to_atom(T, '-(1)')), t(term_to_atom(T, '- 1')), t(term_to_atom(T, '-a')),
    t(term_to_atom(T, 'f(a, -)')), t(term_to_atom(T, '[-, +]')), t(term_to_atom(T, '\\+ (a, b)')), t(term_to_atom(T, 'a = \\+')),
    t(term_to_atom(T, '- - a')), t(term_to_atom(T, '1 - -1')), t(term_to_atom(T, 'a- - - b')),
    t(term_to_atom(T, 'f(:-, a)')), t(term_to_atom(T, '(:-) :- (:-)')), t(term_to_atom(T, 'dynamic foo/1')),
    t(term_to_atom(T, 'a:b:c')), t(term_to_atom(T, '2*3^2')), t(term_to_atom(T, '-2^2')), t(term_to_atom(T, '- 2^2')), t(term_to_atom(T, '-(2)^2')).
syn(A, R) :- catch((term_to_atom(T, A), R = ok(T)), error(syntax_error(_), _), R = syntax_error).
