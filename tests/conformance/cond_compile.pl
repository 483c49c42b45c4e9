% Conditional compilation: :- if/1, :- elif/1, :- else, :- endif, as
% SWI-Prolog runs them while loading (before term expansion), with its
% errors for a condition that raises and for a directive out of place.

:- if(fail).
a(1).
:- elif(true).
a(2).
:- elif(true).
a(3).
:- else.
a(4).
:- endif.

:- if(true).
b(1).
:- if(fail).
b(2).
:- if(true).
b(3).
:- else.
b(4).
:- endif.
:- else.
b(5).
:- endif.
:- else.
b(6).
:- endif.

% A condition that raises counts as false, its error printed.
:- if(no_such_predicate(x)).
c(1).
:- else.
c(2).
:- endif.
:- if(throw(ball)).
c(3).
:- endif.
:- if(1).
c(4).
:- endif.

% The usual use: a definition only where the system lacks one.
:- if(\+ current_predicate(length/2)).
length(_, -1).
:- endif.
:- if(\+ current_predicate(my_length/2)).
my_length(L, N) :- length(L, N).
:- endif.

% Directives and clauses in a skipped part are not run, and term
% expansion does not see them; singleton warnings still come.
term_expansion(d(X), d(X, expanded)).
:- if(fail).
:- writeln(not_run).
d(Skipped).
:- endif.
d(1).

% Out of place.
:- else.
:- endif.
:- elif(true).

main :-
    forall(member(P, [a/1, b/1, c/1, d/2]),
           ( P = N/A, functor(H, N, A),
             findall(H, catch(H, _, fail), L),
             writeln(P = L) )),
    my_length([x, y], Len),
    writeln(my_length = Len),
    length([x], One),
    writeln(length = One),
    ( catch(e(X), _, fail) -> writeln(e = X) ; writeln(no_e) ).

% Left open at the end of the file.
:- if(true).
e(1).
