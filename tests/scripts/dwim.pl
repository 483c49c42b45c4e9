% The toplevel corrects a goal whose procedure is unknown when a predicate of
% the same arity has a similar name (a script answers yes), lists similar names
% of other arities, and refuses a goal it cannot correct (compare with swipl).
my_pred(a).
my_pred(b).
foo(1, 2).
?- mypred(X).
?- X = 1, (myPred(Y) ; true).
?- findall(X, my_prde(X), L).
?- foo(1, 2, 3).
?- write(hi), foo(1).
?- qqq.
?- X = 1, nosuch(X).
?- lists:appendd(a, b, c).
