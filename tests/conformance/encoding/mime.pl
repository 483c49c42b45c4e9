:- encoding('ISO-8859-1').
word(mime_latin1, 'é').
:- encoding('UTF-8').
word(mime_utf8, 'Ã©').
