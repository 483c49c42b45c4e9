/*  varnumbers.pl -- library(varnumbers): from '$VAR'(N) terms back to
    variables.  Written for puzzlog after the API of SWI-Prolog's
    library(varnumbers).
*/

:- module(varnumbers, [numbervars/1, varnumbers/2, varnumbers/3,
                       max_var_number/3]).

%!  numbervars(+Term)
%
%   Numbers the variables of Term from 0 (numbervars/3).
numbervars(Term) :-
    numbervars(Term, 0, _).

%!  varnumbers(+Term, -Copy)
%
%   Copy is Term with each '$VAR'(N) (N >= 0) a variable, the same for
%   the same N.
varnumbers(Term, Copy) :-
    varnumbers(Term, 0, Copy).

%!  varnumbers(+Term, +Start, -Copy)
%
%   As varnumbers/2 for the numbers from Start on.
varnumbers(Term, Start, Copy) :-
    must_be(integer, Start),
    empty_assoc(A0),
    vn(Term, Start, Copy, A0, _).

vn(T, _, T, A, A) :- var(T), !.
vn('$VAR'(N), S, V, A0, A) :- integer(N), N >= S, !,
    (   get_assoc(N, A0, V)
    ->  A = A0
    ;   put_assoc(N, A0, V, A)
    ).
vn(T, S, C, A0, A) :- compound(T), !,
    T =.. [F|As], vn_list(As, S, Cs, A0, A), C =.. [F|Cs].
vn(T, _, T, A, A).

vn_list([], _, [], A, A).
vn_list([T|Ts], S, [C|Cs], A0, A) :- vn(T, S, C, A0, A1), vn_list(Ts, S, Cs, A1, A).

%!  max_var_number(+Term, +Start, -Max)
%
%   Max is the greatest N of the '$VAR'(N) in Term, Start when it is
%   greater or there are none.
max_var_number(Term, Start, Max) :-
    mvn(Term, Start, Max).

mvn(T, M, M) :- var(T), !.
mvn('$VAR'(N), M0, M) :- integer(N), !, M is max(M0, N).
mvn(T, M0, M) :- compound(T), !, T =.. [_|As], foldl(mvn, As, M0, M).
mvn(_, M, M).
