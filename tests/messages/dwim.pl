% Unknown procedures: the names that may have been meant ("However, there
% are definitions for:"), in a caught error, a directive and a -g goal.
:- use_module(library(lists)).

foo(1, 2).
fooBar(1).
file_exists_x(1).
my_pred(a).

t(G) :- catch(G, E, print_message(error, E)).

:- foo(1).

main :-
    t(apend([], [], _)),
    t(foo(1, 2, 3)),
    t(foo_bar(1)),
    t(barFoo(1)),
    t(fileExistsX(1)),
    t(mypred(a)),
    t(writ(a)),
    t(lenght(a, b)),
    t(atom_length(a)),
    t(lists:foo(1)),
    t(qqq).

helper(1).
