% Which calls leave a choicepoint, as SWI-Prolog's clause indexing decides
% (an answer ending in `.` left none; checked with swipl): a small
% predicate is scanned by its first argument, or, when that is unbound, by
% the first other argument that is bound and on which no clause has a
% variable (q's second argument has one: its clauses are all tried).
p(1, a, x). p(2, a, y). p(3, b, x).
q(1, a). q(2, _). q(3, b).
s(1, a, x). s(2, _, y). s(3, b, x). s(4, c, z).
?- p(X, a, x).
?- p(X, a, y).
?- p(X, b, x).
?- p(X, Y, x).
?- p(2, Y, Z).
?- q(X, a).
?- q(X, b).
?- q(X, c).
?- q(X, Y).
?- s(X, a, y).
?- s(X, c, z).
?- s(X, Y, y).
