% Benchmark: text processing: atom_codes, atom_concat, sub_atom, atom_length, string_concat,
% split_string, atomic_list_concat, upcase_atom, format(atom(_)), number_codes.
word(I, W) :- N is I mod 26, C is 0'a + N, M is 1 + I mod 7, length(Cs, M), maplist(=(C), Cs), atom_codes(W, Cs).

one(I, Acc0, Acc) :-
    word(I, W), atom_length(W, L1),
    atom_concat(W, '_x', W2), upcase_atom(W2, U),
    format(atom(F), "~w-~d-~a", [U, I, W]),
    atom_codes(F, Cs), length(Cs, L2),
    aggregate_all(count, sub_atom(F, _, 1, _, '-'), Dashes),
    atomic_list_concat(Parts, '-', F), length(Parts, NP),
    atom_string(F, S), string_concat(S, "!", S2), string_length(S2, L3),
    split_string(S2, "-", "!", Fields), length(Fields, NF),
    sub_string(S2, 0, 1, _, First), string_code(1, First, FC),
    number_codes(I, NC), atom_codes(NA, NC), atom_number(NA, Back),
    ( sub_atom(F, B, _, 0, W) -> true ; B = 0 ),
    findall(X-Y, atom_concat(X, Y, W), Splits), length(Splits, NS),
    Acc is (Acc0 + L1 + L2 + Dashes + NP + L3 + NF + FC + Back + B + NS) mod 1000000007.

loop(I, N, Acc, Acc) :- I > N, !.
loop(I, N, Acc0, Acc) :- one(I, Acc0, Acc1), I1 is I + 1, loop(I1, N, Acc1, Acc).

bench(N) :-
    loop(1, N, 0, Acc),
    word(N, W), format(atom(Last), "~a/~d", [W, N]),
    format("atoms_strings x~d: checksum ~d, last ~w~n", [N, Acc, Last]).
bench :- bench(60000).
