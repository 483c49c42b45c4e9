:- encoding(ascii).
word(ascii, plain).
word(ascii, 'café').
