:- encoding(iso_latin_1).
word(included, 'é').
