:- encoding("utf8").
word(after_not_atom, yes).
