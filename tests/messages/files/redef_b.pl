% Redefines foo/1 and dd/1 of redef_a.pl (SWI says "Redefined static procedure").
foo(2).
dd(2).
asserted(2).
