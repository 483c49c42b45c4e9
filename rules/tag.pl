% rules/tag.pl -- tag systems (seed "Dave Computes with Tag Systems").
%
% A tag system with deletion number M rewrites a string S whose first symbol
% has the production W into S minus its first M symbols, followed by W.
% It is written tag(M, Rules), Rules a list of Symbol-Word: a symbol is a
% one-character atom (or a digit), a word an atom or a string, e.g. Post's
% system tag(3, ['0'-'00', '1'-'1101']). A symbol without a rule halts.
%
% Native builtins (src/puzzles/tag):
%
%   tag_run(+System, +Word, +MaxSteps, -Outcome)
%       Runs System on Word. Step 1 examines Word itself, step 2 its rewrite,
%       and so on. Outcome is the first of
%         underflow(Step)       the string at Step is shorter than M;
%         halt(Step, String)    the string at Step starts with a halting symbol;
%         repeat(Step, Earlier) the string at Step was examined at Earlier;
%         running(MaxSteps, Length)  none of these by step MaxSteps.
%       Repeats are found in bounded memory (Brent's cycle finding), so
%       10^9 steps on long words are fine; the answer is exact.
%
%   tag_trace(+System, +Word, +N, -Strings)
%       The strings of steps 1..N, ending early at an underflow or a halt.
%       Strings are atoms if Word is an atom, strings if it is a string.
%
%   tag_search(+Options, -Ranking)
%   tag_search(+Options, -Ranking, -Stats)
%       Runs every tag system of a space on a set of inputs and ranks the
%       runs, longest-lived first: Ranking is a list of
%       Steps-entry(System, Input, Outcome) (Outcome as for tag_run/4, or
%       outgrown(Step, Length)); ties by system number, then input order.
%       Stats = stats(Raw, Distinct, Runs, [underflow-U, halt-H, repeat-R,
%       running-N, outgrown-G]): the systems in the space, those run (one per
%       renaming class: systems that differ by a renaming of the symbols
%       which keeps the space and the set of inputs behave alike), the runs
%       made and how they ended. Options (first occurrence wins; unknown
%       options are a domain error):
%         deletion(M) or deletion(Lo-Hi)   deletion numbers (default 2)
%         symbols(K)          ruled symbols '0','1',...,'9','a',... (default 2)
%         alphabet(Symbols)   the ruled symbols, instead of symbols(K)
%         halting(H)          false (default), true (the next digit) or a
%                             symbol: it may appear in productions, has no
%                             rule, and halts a string it starts (the seed's
%                             0x -> 0, 1x -> 1212 with halting symbol 2)
%         min_length(L), max_length(L)  production lengths (default 0..3)
%         fix([Symbol-Word, ...])  productions fixed for some symbols
%         inputs(Words), unary(Lo-Hi), unary(Symbol, Lo-Hi), words(Lo-Hi)
%                             the inputs: given words, N copies of '1' (or
%                             Symbol) for N in Lo..Hi, all words over the
%                             ruled symbols with lengths Lo..Hi; these
%                             accumulate (default unary(1-10))
%         max_steps(S)        step bound of every run (default 10000)
%         max_string(L)       stop a run when its string gets longer than L
%                             (outcome outgrown(Step, Length); default none):
%                             makes growing systems cheap; a run that would
%                             shrink back and terminate later is then missed
%         criterion(C)        what is ranked: terminates (underflow or halt,
%                             the default), underflow, halt, repeat, running,
%                             outgrown, any, or a list of these
%         per(system)         one entry per system, its best input (default);
%                             per(run): one entry per system and input
%         top(N)              entries kept (default 10)
%         threads(T)          worker threads (default: all cores)
%       Integer options are plain integers; ranges are Lo-Hi or N (= N-N).
%
%   tag_plot(+System, +Word, +Steps, +File)
%       Writes to File an SVG picture of the string length against the step
%       for at most Steps steps (a polyline with axes, ticks and a title
%       naming the system, the input and the outcome; a run that repeats is
%       drawn up to its first repeated string). Long runs are
%       downsampled to the least and greatest length per pixel column, so the
%       file stays under 100 KB whatever Steps is.
%
%   map_census(+Map, +N, -Counts)
%       Map = map(D, [R-f(A,B,C), ...]) maps n with n mod D = R to
%       (A*n+B) div C (floor division, C > 0; every residue needs a branch).
%       For each start 1..N the map is iterated until it enters a cycle;
%       Counts lists Least-Count per cycle (Least its smallest member), in
%       increasing order, then unresolved-Count for trajectories beyond
%       10^6 steps or 4096 bits. Uses all cores and N+1 bytes of memory.

%!  tag_system(?Name, ?System) is nondet.
%
%   The systems of the seed.
tag_system(post,        tag(3, ['0'-'00', '1'-'1101'])).
tag_system(favourite,   tag(3, ['0'-'0', '1'-'11001'])).
tag_system(collatz,     tag(2, ['0'-'1', '1'-'02', '2'-'111'])).
tag_system(three_halves, tag(2, ['0'-'1', '1'-'20', '2'-'111'])).
tag_system(mod3,        tag(3, ['0'-'11', '1'-'002', '2'-'11111'])).
tag_system(grow,        tag(2, ['0'-'20', '1'-'01010'])).
tag_system(long_a,      tag(2, ['0'-'0', '1'-'002', '2'-'112'])).
tag_system(long_b,      tag(2, ['0'-'0', '1'-'012', '2'-'0102'])).
tag_system(long_c,      tag(3, ['0'-'00', '1'-'10011'])).
tag_system(long_d,      tag(2, ['0'-'0', '1'-'0022', '2'-'0102'])).
tag_system(fibonacci,   tag(1, ['0'-'1', '1'-'01'])).
tag_system(adder,       tag(2, ['0'-'0', '1'-'1212'])).

%!  tag_map(?Name, ?Map) is nondet.
%
%   The numeric maps the seed reads off its unary tag systems (the length of
%   one all-ones string to the next): three_halves gives n even -> 3n/2,
%   n odd -> (n-1)/2; mod3 gives 2n/3, (5n+4)/3, (2n-1)/3 by n mod 3.
tag_map(three_halves, map(2, [0-f(3,0,2), 1-f(1,-1,2)])).
tag_map(mod3,         map(3, [0-f(2,0,3), 1-f(5,4,3), 2-f(2,-1,3)])).
tag_map(collatz,      map(2, [0-f(1,0,2), 1-f(3,1,2)])).

%!  ones(+N, -Word) is det.
%
%   Word is the atom of N ones (the unary input of the seed's experiments).
ones(N, Word) :-
    length(Cs, N),
    maplist(=('1'), Cs),
    atom_chars(Word, Cs).

%!  tag_outcome(+System, +Word, -Outcome) is det.
%
%   tag_run/4 with a limit of 10^7 steps.
tag_outcome(System, Word, Outcome) :-
    tag_run(System, Word, 10000000, Outcome).

%!  tag_ones_table(+System, +From, +To, -Rows) is det.
%
%   Rows lists N-Outcome for inputs of N ones, N in From..To.
tag_ones_table(System, From, To, Rows) :-
    findall(N-O, ( between(From, To, N), ones(N, W), tag_outcome(System, W, O) ), Rows).

%!  tag_lengths(+System, +Word, +N, -Lengths) is det.
%
%   The lengths of the strings of steps 1..N (what tag_plot will draw).
tag_lengths(System, Word, N, Lengths) :-
    tag_trace(System, Word, N, Strings),
    maplist(atom_length, Strings, Lengths).

%!  census_percentages(+Counts, -Percents) is det.
%
%   Least-Count pairs as Least-Percent atoms with 7 decimals, as the seed
%   prints them.
census_percentages(Counts, Percents) :-
    foldl([_-C, S0, S]>>(S is S0 + C), Counts, 0, Total),
    maplist([K-C, K-P]>>(X is 100 * C / Total, format(atom(P), "~7f%", [X])), Counts, Percents).

%!  tag_seed_space(?Name, ?Input, ?Options) is nondet.
%
%   The search spaces of the seed's long-lived systems: each system with the
%   input the seed quotes lies in the space of its size (deletion number,
%   symbols, longest production); long_b and long_d keep the seed's
%   0x -> 0 fixed so that the space stays small (the full 3-symbol spaces
%   with productions up to 4 hold 1.77 million systems). long_c repeats at
%   step 11200 (see above), so its space ranks repeats.
tag_seed_space(post,      '11111111111111', [deletion(3), symbols(2), max_length(4)]).
tag_seed_space(favourite, '111',  [deletion(3), symbols(2), max_length(5)]).
tag_seed_space(long_a,    '11',   [deletion(2), symbols(3), max_length(3)]).
tag_seed_space(long_b,    '111',  [deletion(2), symbols(3), max_length(4), fix(['0'-'0'])]).
tag_seed_space(long_c,    '1111', [deletion(3), symbols(2), max_length(5), criterion(repeat)]).
tag_seed_space(long_d,    '1111', [deletion(2), symbols(3), max_length(4), fix(['0'-'0'])]).

%!  tag_seed_rank(+Name, -Rank, -Best, -Stats) is det.
%
%   Searches the space of the seed's system Name on its input (10^5 steps,
%   strings capped at 2000 symbols: the seed's long runs stay under 1520)
%   and gives the rank of Name's system among the top 10 (0 if absent),
%   the best entry and the statistics.
tag_seed_rank(Name, Rank, Best, Stats) :-
    tag_seed_space(Name, Input, Space),
    tag_system(Name, System),
    append(Space, [inputs([Input]), max_steps(100000), max_string(2000), top(10)], Options),
    tag_search(Options, Ranking, Stats),
    Ranking = [Best|_],
    (   nth1(Rank, Ranking, _-entry(System, _, _))
    ->  true
    ;   Rank = 0
    ).

%!  print_ranking(+Ranking) is det.
%
%   Prints one Steps-entry(System, Input, Outcome) per line.
print_ranking(Ranking) :-
    forall(member(E, Ranking), (print(E), nl)).

%!  tag_plot_named(+Name, +Word, +Steps, +File) is det.
%
%   tag_plot/4 for one of the seed's systems by name.
tag_plot_named(Name, Word, Steps, File) :-
    tag_system(Name, System),
    tag_plot(System, Word, Steps, File).
