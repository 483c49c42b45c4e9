:- include(latin1_part).
word(after_include, 'é').
