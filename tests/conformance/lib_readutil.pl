% Conformance: library(readutil): read_line_to_codes/2,3, read_line_to_string/2, read_stream_to_codes/2,3, read_file_to_codes/3, read_file_to_string/3, read_file_to_terms/3 on files the program writes itself (lines with and without newlines, \r\n, empty lines, empty files), options and errors.
:- use_module(library(readutil)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
% f(G): as t/1, printing only the formal part of an error.
f(G) :- \+ \+ f_(G).
f_(G) :- ( catch(G, error(F, _), true) -> ( var(F) -> R = yes(G) ; R = ex(F) ) ; R = no ), out(R).
% c(G): as t/1 on a goal whose first argument is a file name; the name is not printed.
c(G) :- \+ \+ c_(G).
c_(G) :- G =.. [Name, _|Args], ( catch(G, E, true) -> ( var(E) -> R = yes(Name, Args) ; R = ex(E) ) ; R = no ), out(R).

write_file(Text, File) :- tmp_file(readutil, File), open(File, write, S), write(S, Text), close(S).
with_input(File, G) :- setup_call_cleanup(open(File, read, S), call(G, S), close(S)).

% All lines of a stream with read_line_to_codes/3, then one read more.
lines3(S) :- read_line_to_codes(S, L, T), out(L-T), ( L == [] -> read_line_to_codes(S, L2, T2), out(again(L2-T2)) ; lines3(S) ).
lines2(S) :- read_line_to_codes(S, L), out(L), ( L == end_of_file -> true ; lines2(S) ).
strings(S) :- read_line_to_string(S, L), out(L), ( L == end_of_file -> true ; strings(S) ).
block(S) :- read_line_to_codes(S, L, T), ( L == [] -> T = [] ; L = [0'-|_] -> T = [] ; block(S), T = [] ).

main :-
    write_file("line1\nline2\r\nlast", F1), write_file("a\n\nb\n", F2), write_file("", F3),
    write_file("p(1).\nq(X, Y, X).\n% comment\n\"str\".\n", F4), write_file("one\ntwo\n--\nthree\n", F5),
    % read_line_to_codes/3
    with_input(F1, lines3), with_input(F2, lines3), with_input(F3, lines3),
    with_input(F1, [S]>>(read_line_to_codes(S, [0'x|_], _) -> out(matched) ; read_line_to_codes(S, L, T), out(next(L-T)))),
    with_input(F1, [S]>>(read_line_to_codes(S, L, []), out(closed(L)))),
    f(read_line_to_codes(_, _, _)), f(read_line_to_codes(foo, _, _)),
    ( open(F1, read, S1), close(S1), catch(read_line_to_codes(S1, _, _), error(existence_error(stream, S0), _), true), S0 == S1 -> out(closed_stream_error) ; out(no_error) ),
    % read_line_to_codes/2, read_line_to_string/2
    with_input(F1, lines2), with_input(F2, lines2), with_input(F3, lines2),
    with_input(F1, strings), with_input(F2, strings), with_input(F3, strings),
    f(read_line_to_codes(_, _)), f(read_line_to_string(foo, _)),
    % read_stream_to_codes/2,3
    with_input(F1, [S]>>(read_stream_to_codes(S, C), out(C))),
    with_input(F2, [S]>>(read_stream_to_codes(S, C, T), out(C-T))),
    with_input(F3, [S]>>(read_stream_to_codes(S, C), out(C))),
    with_input(F2, [S]>>(read_line_to_codes(S, _), read_stream_to_codes(S, C, [0'!]), out(C))),
    f(read_stream_to_codes(_, _)), f(read_stream_to_codes(foo, _, _)),
    % read_file_to_codes/3
    c(read_file_to_codes(F1, C, [])), c(read_file_to_codes(F1, C, [tail(T)])), c(read_file_to_codes(F3, C, [])),
    c(read_file_to_codes(F2, C, [tail([0'x])])), c(read_file_to_codes(F1, [0'l|_], [])), c(read_file_to_codes(F1, [0'x|_], [])),
    c(read_file_to_codes(F1, C, [foo(bar)])), c(read_file_to_codes(F2, C, [_])),
    f(read_file_to_codes(no_such_file_here, _, [])), f(read_file_to_codes('no_such_dir/x.txt', _, [])),
    f(read_file_to_codes(_, _, [])), f(read_file_to_codes(F1, _, foo)), f(read_file_to_codes(F1, _, _)),
    % read_file_to_string/3
    c(read_file_to_string(F1, Str, [])), c(read_file_to_string(F3, Str, [])), c(read_file_to_string(F2, "a\n\nb\n", [])),
    f(read_file_to_string(no_such_file_here, _, [])), f(read_file_to_string(_, _, [])),
    % read_file_to_terms/3
    c(read_file_to_terms(F4, Terms, [])), c(read_file_to_terms(F3, Terms, [])),
    f(read_file_to_terms(no_such_file_here, _, [])), f(read_file_to_terms(_, _, [])),
    % a block of lines up to a delimiter, as difference lists
    with_input(F5, [S]>>(block(S), out(done))),
    with_input(F5, [S]>>(read_line_to_codes(S, L1, T1), read_line_to_codes(S, T1, []), atom_codes(A, L1), out(A))),
    forall(member(F, [F1, F2, F3, F4, F5]), delete_file(F)).
