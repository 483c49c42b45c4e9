% The `:- encoding(Enc)` directive: the rest of the file being loaded is read in Enc (SWI's names
% and MIME names; `text` is the locale's, UTF-8 here); `bom` is accepted; within an included file
% it applies to that file; an unknown name is an error that ends the load (consult/1 raises it);
% encoding/1 is no predicate.
:- dynamic word/2.

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

words :-
    forall(word(Where, W), ( atom_codes(W, Cs), writeq(Where-W-Cs), nl )),
    retractall(word(_, _)).

main :-
    forall(member(F, [latin1, octet, mime, ascii, text, utf16le, wchar_t, includer]),
           ( t(consult(encoding/F)), words )),
    t(consult(encoding/unknown)), words,
    t(consult(encoding/not_atom)), words,
    t(encoding(utf8)).
