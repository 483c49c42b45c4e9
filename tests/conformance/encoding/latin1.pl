% Latin-1 text after the directive, then UTF-8 again.
:- encoding(iso_latin_1).
word(latin1, 'café').
word(latin1, 'naïve ©').
:- encoding(utf8).
word(utf8, 'naÃ¯ve â‚¬').
