% Conformance: library(writef), autoloaded: writef/1,2 with %w, %p, %d,
% %s, column directives %Nl, %Nr, %Nc, \l and \n newlines, atoms, strings
% and code lists as format text, arguments left over or missing.
main :-
    writef('plain text\n'),
    writef("a string\\l"),
    writef('%w and %w\n', [foo, "bar"]),
    writef('%p|%d\n', ['A b', 42]),
    writef('%s!\n', [[0'h, 0'i]]),
    writef('[%5l][%5r][%5c]\n', [ab, cd, ef]),
    writef('[%3l][%2r][%5l][%4c][%1c][%7c]\n', [abcdef, 12345, abcde, a, abc, abcd]),
    writef('%w-%w\n', [f(X, Y, X), [1, 2|Y]]),
    writef('percent %% and back\\slash\n'),
    writef('%w\n', [1, 2]),
    writef('missing %w %w\n', [only]),
    writef("codes"), nl,
    writef('%d%%\n', [50]).
