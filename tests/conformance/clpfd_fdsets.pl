% The FD-set API of library(clpfd): SWI's fdset trees, conversions, set operations, in_set/2.
:- use_module(library(clpfd)).
main :- is_fdsets, main_sets, complements.
main_sets :- forall(member(L, [[1,3,5],[1,3,5,7],[1,3,5,7,9],[1,3,5,7,9,11],[],[4],[5,1,2,3,9]]), (list_to_fdset(L,S), print(S), nl, fdset_to_list(S, L2), print(L2), nl)),
     X #> 3, fd_set(X, S1), print(S1), nl, Y in inf..2 \/ 5..sup, fd_set(Y,S2), print(S2), nl,
     fdset_size(S2, Z), print(Z), nl, range_to_fdset(1..3\/8..9, R), print(R), nl, fdset_to_range(R, RR), print(RR), nl,
     list_to_fdset([1,2,5], S5), W in_set S5, fd_dom(W, DW), print(DW), nl,
     fdset_complement(S5, C5), fdset_to_range(C5, CR), print(CR), nl,
     list_to_fdset([2,3,4,9], S6), fdset_union(S5, S6, U), print(U), nl, fdset_intersection(S5, S6, I), print(I), nl,
     fdset_subtract(S6, S5, D), print(D), nl, (fdset_subset(S5, U) -> print(sub) ; print(nosub)), nl,
     fdset_size(S6, N6), fdset_min(S6, Mi), fdset_max(S6, Ma), print(N6/Mi/Ma), nl,
     (fdset_member(3, S6) -> print(mem) ; print(nomem)), nl, findall(E, fdset_member(E, S6), Es), print(Es), nl,
     fdset_add_element(S6, 7, S7), print(S7), nl, fdset_del_element(S7, 3, S8), print(S8), nl,
     fdset_parts(S8, A, B, Rest), print(A/B/Rest), nl, empty_fdset(Em), print(Em), nl,
     (is_fdset(S8) -> print(yes) ; print(no)), nl, (fdset_disjoint(S5, D) -> print(disj) ; print(nodisj)), nl,
     fdset_union([S5, S6, S7], UU), print(UU), nl, fdset_interval(FI, 2, 6), print(FI), nl, fdset_singleton(FS, 3), print(FS), nl,
     empty_fdset(E0), fdset_to_range(E0, ER), print(ER), nl.

% is_fdset/1 checks without binding.
is_fdsets :- forall(member(S, [_, foo, from_to(n(1),n(3)), empty,
                               split(5, from_to(n(1),n(7)), from_to(n(3),n(9))), split(5, from_to(n(1),n(3)), from_to(n(7),n(9))),
                               split(2, from_to(n(1),n(3)), from_to(n(7),n(9))), split(7, from_to(n(1),n(3)), from_to(n(7),n(9))),
                               from_to(n(3),n(1)), from_to(inf,sup), from_to(n(1),inf), split(5,empty,from_to(n(7),n(9))),
                               split(4,from_to(n(1),n(4)),from_to(n(5),n(9))), split(4,from_to(inf,n(3)),from_to(inf,n(9)))]),
                    ((is_fdset(S) -> print(yes) ; print(no)), nl)).

% fdset_complement/2 shapes its result as SWI does.
complements :- forall(member(D, [1..3, 1..3\/5..7, inf..0\/3..sup, 5, 1..2\/4..4\/8..9,
                                 10..20\/30..40\/50..60, inf..5, 7..sup]),
                      (X in D, fd_set(X, S), fdset_complement(S, C), print(S-C), nl)).
