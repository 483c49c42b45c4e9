% Global variables across toplevel queries (compare with SWI-Prolog): a b_setval/2
% is undone when its query ends; nb_setval/2 values stay.
?- b_setval(v, 1), b_getval(v, X).
?- catch(b_getval(v, X), E, true).
?- nb_setval(w, 2), b_setval(w, 3), b_getval(w, X).
?- b_getval(w, X).
?- nb_setval(counter, 0), forall(between(1, 5, _), (nb_getval(counter, C), C1 is C + 1, nb_setval(counter, C1))), nb_getval(counter, N).
