:- encoding(octet).
word(octet, 'é').
