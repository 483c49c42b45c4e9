:- encoding(text).
:- encoding(bom).
word(text, 'é€').
