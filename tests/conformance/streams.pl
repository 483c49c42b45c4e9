% Conformance: stream I/O: open/3,4, close/1,2, aliases, current input/output, see/tell,
% stream_property/2, character, code, byte and line input, read/read_term from files,
% with_output_to/2 nesting, file builtins. Files are temporary (tmp_file/2); stream handles and
% paths are never printed (handles print as `S`), so the output does not depend on them.
t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( norm(R, N), numbervars(N, 0, _), print(N) ), nl.

% A stream handle (SWI: a blob; puzzlog: '<stream>'(N)).
handle(X) :- catch(blob(X, stream), _, fail), !.
handle(X) :- compound(X), X = '<stream>'(_).

% Replaces stream handles by `s`, the temporary file's name by 'F' and error contexts by `_`.
norm(X, X) :- var(X), !.
norm(X, s) :- handle(X), !.
norm(X, 'F') :- atom(X), nb_getval(conf_file, F), X == F, !.
norm(error(E, _), error(N, _)) :- !, norm(E, N).
norm(X, Y) :- compound(X), !, X =.. [F|As], maplist(norm, As, Bs), Y =.. [F|Bs].
norm(X, X).

write_file(F, Text) :- open(F, write, S), write(S, Text), close(S).
contents(F, Text) :- read_file_to_string(F, Text, []).

main :-
    tmp_file(conf, F),
    nb_setval(conf_file, F),
    % writing and reading back
    t((open(F, write, S), write(S, hello), nl(S), writeq(S, 'a b'), nl(S), close(S), contents(F, T))),
    t((open(F, write, S), format(S, "~w-~a~n", [x, y]), print(S, [1]), write_canonical(S, f(X, X)),
       write_term(S, g('A'), [quoted(true)]), tab(S, 2), put_char(S, z), close(S), contents(F, T))),
    t((open(F, append, S), write(S, more), close(S), contents(F, T))),
    t((open(F, write, S, [alias(out)]), write(out, aliased), close(out), contents(F, T))),
    t((open(F, write, S, [alias(out)]), atom(S), close(S))),
    t((open(F, write, S, [type(text), encoding(utf8), create([default]), eof_action(eof_code), lock(none)]),
       close(S))),
    t((open(F, write, S), portray_clause(S, (a :- b, c)), close(S), contents(F, T))),
    % output positions
    t((open(F, write, S), format(S, "abc~nde", []), line_count(S, L), line_position(S, P),
       character_count(S, C), stream_property(S, position(Pos)), close(S))),
    t((open(F, write, S), format(S, "ab~tcd~10|~w~n", [x]), format(S, "~a~20|~a~n", [l, r]), close(S),
       contents(F, T))),
    % character, code and line input
    write_file(F, 'ab\nc d\n\nlast'),
    t((open(F, read, S), get_char(S, C1), peek_char(S, C2), get_code(S, C3), peek_code(S, C4),
       read_line_to_string(S, L1), read_line_to_codes(S, L2), read_line_to_string(S, L3),
       read_line_to_string(S, L4), read_line_to_string(S, L5), get_char(S, C5), peek_code(S, C6),
       close(S))),
    t((open(F, read, S), read_line_to_string(S, _), line_count(S, N1), get_char(S, _),
       line_position(S, P1), stream_property(S, position(Pos)), close(S))),
    t((open(F, read, S), \+ at_end_of_stream(S), read_line_to_codes(S, _), read_line_to_codes(S, _),
       read_line_to_codes(S, _), read_line_to_codes(S, _), at_end_of_stream(S),
       stream_property(S, end_of_stream(E)), close(S))),
    % whole-text and separator reads, string streams
    t((open_string("ab\ncd\r\n\nef", S), read_string(S, "\n", "\r", Sep1, Str1),
       read_string(S, "\n", "\r", Sep2, Str2), read_string(S, "\n", "\r", Sep3, Str3),
       read_string(S, "\n", "\r", Sep4, Str4), read_string(S, "\n", "\r", Sep5, Str5))),
    t((open_string("hello world", S), read_string(S, 3, A), read_string(S, L, B), read_string(S, L2, C))),
    t((open_string("xyz", S), read_stream_to_codes(S, Cs), read_stream_to_codes(S, Cs2, tail))),
    t((open_string("  pad  ,x", S), read_string(S, ",", " ", Sp, St))),
    t((open_string("copy me", S), open(F, write, W), copy_stream_data(S, W), close(W), contents(F, T))),
    t((open_string("a\nbc", S), read_line_to_string(S, _), get_char(S, _), stream_property(S, position(P)),
       stream_position_data(line_count, P, L), stream_position_data(line_position, P, LP),
       stream_position_data(char_count, P, C))),
    % bytes
    t((open(F, write, S, [type(binary)]), put_byte(S, 104), put_byte(S, 105), close(S), contents(F, T))),
    t((open(F, read, S, [type(binary)]), get_byte(S, B1), peek_byte(S, B2), get_byte(S, B3),
       get_byte(S, B4), close(S))),
    t((open(F, read, S), get_byte(S, _))),
    t((open(F, write, S, [type(binary)]), put_byte(S, 256))),
    % reading terms
    write_file(F, 'foo(X, _Y, Z, X).\nbar("s", \'a b\', [1,2|T]).\n  baz :- (a ; b).\n% comment\nlast'),
    t((open(F, read, S), read_term(S, T1, [variable_names(V1), singletons(S1), variables(Vs)]),
       read(S, T2), read(S, T3), line_count(S, L), close(S))),
    % syntax errors: only the position is compared (puzzlog's message atoms are its own)
    t((open(F, read, S), read(S, _), read(S, _), read(S, _),
       findall(L/LP/C, catch(read(S, _), error(syntax_error(_), file(_, L, LP, C)), true), Pos),
       read(S, T4), read(S, T5), close(S))),
    write_file(F, 'ok(1).\n  bad bad(2).\nok(3).\nx :- .\nok(4). f(\'unterminated).\n'),
    t((open(F, read, S), read(S, A),
       findall(L/LP/C, catch(read(S, _), error(syntax_error(_), file(_, L, LP, C)), true), P1),
       read(S, B),
       findall(L/LP/C, catch(read(S, _), error(syntax_error(_), file(_, L, LP, C)), true), P2),
       read(S, D),
       findall(L/LP/C, catch(read(S, _), error(syntax_error(_), file(_, L, LP, C)), true), P3),
       read(S, E), close(S))),
    write_file(F, 'a.\nb. c.\n% x\nd.'),
    t((open(F, read, S), read(S, A), line_count(S, L), get_char(S, C), read(S, B), get_char(S, C2),
       read(S, D), line_count(S, L2), stream_property(S, position(P)), read(S, E), read(S, G), close(S))),
    t((read_file_to_terms(F, Ts, []))),
    t((open(F, read, S, [eof_action(error)]), read(S, _), read(S, _), read(S, _), read(S, _),
       read(S, X1), catch(read(S, _), error(Err, _), true), close(S))),
    % see/tell
    t((tell(F), write(told_text), nl, telling(Tl), told, telling(Tl2), contents(F, T))),
    t((append(F), write(more), told, contents(F, T))),
    write_file(F, 'x1. x2.'),
    t((see(F), read(X1), seeing(Sg), seen, seeing(Sg2), read_term(user_input, _, []) -> true ; true)),
    t((see(F), read(X1), see(user), see(F), read(X2), seen)),
    % current input/output
    t((open(F, write, S), set_output(S), write(redirected), current_output(C), set_output(user_output),
       close(S), contents(F, T))),
    t((open(F, write, S), set_output(S), close(S), current_output(C), stream_property(C, alias(A)))),
    t((open(F, read, S), set_input(S), read(X), current_input(C), close(S), current_input(C2),
       stream_property(C2, alias(A)))),
    t((current_output(S), stream_property(S, alias(A)))),
    t((current_input(S), stream_property(S, mode(M)))),
    t((stream_property(S, alias(user_error)), stream_property(S, mode(M)), stream_property(S, output))),
    t((open(F, read, S), stream_property(S, file_name(N)), (N == F -> Same = yes ; Same = no),
       stream_property(S, mode(M)), stream_property(S, input), stream_property(S, eof_action(A)),
       stream_property(S, type(Ty)), close(S))),
    t((open(F, write, S, [alias(w1), alias(w2)]), findall(A, stream_property(S, alias(A)), As), close(S))),
    t((open(F, write, S), set_stream(S, alias(w3)), write(w3, x), close(w3), contents(F, T))),
    t((open(F, read, S), is_stream(S), close(S), \+ is_stream(S))),
    % with_output_to and format/3 nest with streams
    t(with_output_to(string(S1), (write(a), with_output_to(string(S2), (write(b), current_output(O),
       format(O, "~w", [c]))), write(S2), format(atom(A), "~a~t~8|~a", [x, y]), write(A)))),
    t((tell(F), write(in_file), with_output_to(string(S3), write(captured)), told, contents(F, T))),
    t((with_output_to(string(S4), (tell(F), write(again), told, write(after))), contents(F, T))),
    t((open(F, write, S), with_output_to(string(S5), (write(S, to_file), write(to_capture))), close(S),
       contents(F, T))),
    t((with_output_to(string(S6), (open(F, write, S), set_output(S), write(x), close(S), write(y))))),
    % errors
    t(open('/nonexistent/dir/x', read, _)),
    t(open('/nonexistent/dir/x', write, _)),
    t(open(_, read, _)),
    t(open(F, readx, _)),
    t(open(F, 1, _)),
    t(open(f(x), read, _)),
    t(open(F, read, _, [bad])),
    t(open(F, write, foo)),
    t((open(F, write, S), close(S), close(S))),
    t((open(F, write, S, [alias(o1)]), close(o1), close(o1))),
    t((open(F, write, S), close(S), write(S, x))),
    t(write(nosuchstream, x)),
    t(write(3, x)),
    t(write(_, x)),
    t(write(f(x), x)),
    t(nl(user_input)),
    t(read(user_output, _)),
    t(get_char(user_error, _)),
    t((open(F, read, S), write(S, x))),
    t((open(F, read, S), put_char(S, x))),
    t((open(F, write, S), read(S, _))),
    t((open(F, write, S), get_char(S, _))),
    t(close(_)),
    t(close(nosuchstream)),
    t(close(user_output)),
    t(close(user_input)),
    t(close(user_error, [force(true)])),
    t(stream_property(nosuchstream, _)),
    t(stream_property(_, bad)),
    t(see('/nonexistent/dir/x')),
    t(set_output(user_input)),
    t(set_input(user_output)),
    t(read_term(user_input, _, bad)),
    % files
    t((exists_file(F), \+ exists_directory(F))),
    t(\+ \+ (tmp_file(conf, F2), F2 \== F, \+ exists_file(F2))),
    t(exists_directory('/')),
    t(exists_file(_)),
    t(exists_file(3)),
    t(delete_file(_)),
    t(delete_file('/nonexistent/dir/x')),
    t(read_file_to_string('/nonexistent/dir/x', _, [])),
    t(absolute_file_name('/a/b/../c/./d', A)),
    t(\+ \+ (absolute_file_name(rel, A), atom_concat('/', _, A), atom_concat(_, '/rel', A))),
    t((delete_file(F), \+ exists_file(F))).
