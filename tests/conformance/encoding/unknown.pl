word(before_unknown, yes).
:- encoding(bogus).
word(after_unknown, yes).
