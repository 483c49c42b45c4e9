% Benchmark: breadth-first closure of Hofstadter's MIU system from "MI" over strings of bounded length.
% Strings are lists of the atoms m, i, u; levels are kept as ordered sets.
step(S, T) :- append(_, [i], S), append(S, [u], T).
step([m|X], T) :- append([m|X], X, T).
step(S, T) :- append(A, [i, i, i|B], S), append(A, [u|B], T).
step(S, T) :- append(A, [u, u|B], S), append(A, B, T).

bench(Bound) :-
    nb_setval(miu_bound, Bound),
    Start = [m, i],
    bfs([Start], [Start], 0, Depth, All),
    length(All, N),
    ( memberchk([m, u], All) -> MU = reachable ; MU = unreachable ),
    include([S]>>(length(S, L), L =:= Bound), All, Longest), length(Longest, NL),
    last(All, Last), atomic_list_concat(Last, LastA), upcase_atom(LastA, LastU),
    format("miu bound ~d: ~d strings, depth ~d, ~d of maximal length, MU ~w, last ~w~n", [Bound, N, Depth, NL, MU, LastU]).

bfs(Frontier, Visited, D0, D, All) :-
    nb_getval(miu_bound, Bound),
    findall(T, (member(S, Frontier), step(S, T), length(T, Len), Len =< Bound), Ts),
    sort(Ts, Sorted),
    ord_subtract(Sorted, Visited, New),
    ord_union(Visited, New, Visited1),
    ( New == [] -> D = D0, All = Visited1
    ; D1 is D0 + 1, bfs(New, Visited1, D1, D, All) ).
bench :- bench(20).
