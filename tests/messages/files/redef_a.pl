% Defines foo/1, which redef_b.pl redefines.
foo(1).
:- dynamic dd/1.
dd(1).
