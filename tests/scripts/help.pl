% help/1 and apropos/1 over the builtins' summaries (puzzlog's own table).
?- help(append).
?- help(msort/2).
?- help(no_such_builtin).
?- apropos(sort).
?- apropos(no_such_text).
