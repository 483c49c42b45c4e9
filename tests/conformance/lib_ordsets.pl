% Conformance: library(ordsets): every exported predicate on proper sets,
% on lists that are not ordered sets (the results of SWI's merge
% algorithms), on partial and malformed lists (which bindings, failures
% and errors), determinism, and a sweep over pairs of argument lists.
:- use_module(library(ordsets)).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; E = error(F, _) -> R = ex(F) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.
% det(G): G succeeds, and leaves no choicepoint
det(G) :- \+ \+ ( call_cleanup(G, Det = true), ( Det == true -> R = det(G) ; R = nondet(G) ), out(R) ).
% up to three answers of G; `loops` for a goal that runs away (as SWI's do on some partial lists)
s(G) :- \+ \+ s_(G).
s_(G) :- ( catch(call_with_inference_limit(findall(G, limit_(3, G), L), 100000, Lim), E, true)
         -> ( var(E) -> ( Lim == inference_limit_exceeded -> R = loops ; R = all(L) ) ; E = error(F, _) -> R = ex(F) ; R = ex(E) )
         ;  R = no ), out(R).
limit_(N, G) :- State = c(0), call(G), arg(1, State, C0), C is C0+1, nb_setarg(1, State, C), ( C >= N -> ! ; true ).

pool([[], [a], [b], [a,b], [b,a], [a,c], [a,b,c], [c,b,a], [a|foo], [b|foo], foo, _, [a|_], [c|_], [1,1.0], [1.0,1], [a,a], [b,c|foo]]).

main :-
    % is_ordset/1
    t(is_ordset([a, b, c])), t(is_ordset([])), t(is_ordset([b, a])), t(is_ordset([a, a])), t(is_ordset(foo)), t(is_ordset(_)),
    t(is_ordset([a|_])), t(is_ordset([a, b|foo])), t(is_ordset([1, 1.0])), t(is_ordset([1.0, 1])), t(is_ordset([a, f(_)])),
    t(is_ordset([f(_), a])),
    % list_to_ord_set/2
    t(list_to_ord_set([c, a, b, a], S)), t(list_to_ord_set([], S)), t(list_to_ord_set(foo, S)), t(list_to_ord_set(_, S)),
    t(list_to_ord_set([a|_], S)), t(list_to_ord_set([a|b], S)), t(list_to_ord_set([1, 1.0, b, 1], S)),
    % ord_empty/1
    t(ord_empty(X)), t(ord_empty([])), t(ord_empty([a])),
    % ord_add_element/3, ord_del_element/3
    t(ord_add_element([a, c], b, S)), t(ord_add_element([a, c], c, S)), t(ord_add_element([], b, S)), t(ord_add_element(foo, b, S)),
    t(ord_add_element(_, b, S)), t(ord_add_element([a, c], X, S)), t(ord_add_element([a|T], b, S)), t(ord_add_element([c, a], b, S)),
    t(ord_add_element([a, c], d, S)), t(ord_add_element([a|foo], b, S)), t(ord_add_element([b|foo], a, S)),
    t(ord_add_element([1], 1.0, S)), t(ord_add_element([1.0], 1, S)),
    t(ord_del_element([a, b, c], b, S)), t(ord_del_element([a, b, c], x, S)), t(ord_del_element([], x, S)),
    t(ord_del_element(foo, x, S)), t(ord_del_element(_, x, S)), t(ord_del_element([a, b], X, S)),
    t(ord_del_element([a|foo], b, S)), t(ord_del_element([b|foo], a, S)), t(ord_del_element([a|foo], a, S)),
    % ord_selectchk/3
    t(ord_selectchk(b, [a, b, c], S)), t(ord_selectchk(x, [a, b, c], S)), t(ord_selectchk(x, [], S)), t(ord_selectchk(X, [a, b], S)),
    t(ord_selectchk(X, [b, a], S)), t(ord_selectchk(a, [a, a], S)), t(ord_selectchk(b, [b, a], S)), t(ord_selectchk(b, [b, c, a], S)),
    t(ord_selectchk(a, foo, S)), t(ord_selectchk(f(X), [f(a), g], S)), t(ord_selectchk(f(X), [f(a), f(b)], S)),
    t(ord_selectchk(c, L, [a, b])), t(ord_selectchk(b, [a, b], [x])), t(ord_selectchk(X, [a, b], [a])), t(ord_selectchk(X, [a, b], [b])),
    t(ord_selectchk(b, [b|_], S)), t(ord_selectchk(a, [a|foo], S)), t(ord_selectchk(b, [a, b|foo], S)), t(ord_selectchk(g(X), [f(z), g(b)], S)),
    t(ord_selectchk(b, [a, X, c], S)),
    % ord_memberchk/2
    t(ord_memberchk(b, [a, b, c])), t(ord_memberchk(x, [a, b, c])), t(ord_memberchk(X, [a, b, c])), t(ord_memberchk(a, foo)),
    t(ord_memberchk(a, [a|foo])), t(ord_memberchk(a, [a, b|foo])), t(ord_memberchk(1, [1.0])), t(ord_memberchk(f(X), [f(a)])),
    t(ord_memberchk(a, [])), t(ord_memberchk(a, [b, a])), t(ord_memberchk(b, [b, a])), t(ord_memberchk(a, [c, b, a])),
    t(ord_memberchk(a, [x, y, z, a])), t(ord_memberchk(b, [a, c, b])), t(ord_memberchk(a, [a, 1])),
    t(findall(X, (member(X, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]), ord_memberchk(X, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])), L)),
    t(findall(X, (between(0, 13, X), ord_memberchk(X, [2, 4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11])), L)),
    % ord_intersect/2, ord_disjoint/2
    t(ord_intersect([a, b], [b, c])), t(ord_intersect([a, b], [c])), t(ord_intersect([], [a])), t(ord_intersect([b, a], [a])),
    t(ord_intersect([a], [b, a])), t(ord_intersect(foo, [a])),
    t(ord_disjoint([a, b], [c, d])), t(ord_disjoint([a, b], [b, d])), t(ord_disjoint([], _)), t(ord_disjoint(_, [])),
    t(ord_disjoint(foo, [a])), t(ord_disjoint([a], foo)),
    % ord_intersection/2,3,4 and ord_intersect/3
    t(ord_intersection([a, b, c], [b, c, d], I)), t(ord_intersection([], [b], I)), t(ord_intersection(_, [b], I)),
    t(ord_intersection([b], _, I)), t(ord_intersection(foo, [b], I)), t(ord_intersection([a, b], [b|foo], I)),
    t(ord_intersection([a], [a|foo], I)), t(ord_intersection([a, b|foo], [b], I)), t(ord_intersection([a|foo], [a], I)),
    t(ord_intersection([a], foo, [])), t(ord_intersection([a], [a], [])), t(ord_intersection([a, b], [b, c], [b])),
    t(ord_intersection([a, b], [b, c], [c])), t(ord_intersection([1, 2], [1.0, 2], I)),
    t(ord_intersect([a, b], [b, c], I)), t(ord_intersect([a], [c], I)), t(ord_intersect([a, b], _, I)), t(ord_intersect([a], foo, [])),
    t(ord_intersection([a, b, c], [b, c, d], I, D)), t(ord_intersection([a, b], [], I, D)), t(ord_intersection([], [a], I, D)),
    t(ord_intersection([a, c, e], [b, c, d, e, f], I, D)), t(ord_intersection(_, [a], I, D)), t(ord_intersection([a], _, I, D)),
    t(ord_intersection(foo, [a], I, D)), t(ord_intersection([], foo, I, D)), t(ord_intersection([a|foo], [b], I, D)),
    t(ord_intersection([1, 2.0], [1.0, 2], I, D)), t(findall(I-D, ord_intersection([a], _, I, D), L)),
    t(ord_intersection([[a, b, c], [b, c], [c, d]], I)), t(ord_intersection([], I)), t(ord_intersection([[a]], I)),
    t(ord_intersection(foo, I)), t(ord_intersection(_, I)), t(ord_intersection([foo], I)), t(ord_intersection([[a]|_], I)),
    t(ord_intersection([[a], foo], I)), t(ord_intersection([[a], [b]|foo], I)), t(ord_intersection([_, [a]], I)),
    t(ord_intersection([[a], [b], foo], I)), t(ord_intersection([[a|foo]], I)), t(ord_intersection([[c, b], [b, c]], I)),
    t(ord_intersection([[a, b], [b, a]], I)), t(ord_intersection([[a, b, c], [c, b, a], [b]], I)),
    % ord_subset/2, ord_seteq/2
    t(ord_subset([a, c], [a, b, c])), t(ord_subset([a, d], [a, b, c])), t(ord_subset([], _)), t(ord_subset(_, [a])),
    t(ord_subset(X, [])), t(ord_subset([a], [a|foo])), t(ord_subset([b], [a|foo])), t(ord_subset([b, a], [a, b])),
    t(ord_subset(foo, [a])), t(ord_seteq([a], [a])), t(ord_seteq([a], [b])), t(ord_seteq(X, [a])), t(ord_seteq([1], [1.0])),
    % ord_subtract/3
    t(ord_subtract([a, b, c, d], [b, d], S)), t(ord_subtract([a], _, S)), t(ord_subtract(_, [a], S)), t(ord_subtract([a], [], S)),
    t(ord_subtract([], [a], S)), t(ord_subtract(foo, [a], S)), t(ord_subtract(foo, [], S)), t(ord_subtract(_, [], S)),
    t(ord_subtract([], foo, S)), t(ord_subtract([a], foo, S)), t(ord_subtract([a|foo], [b], S)), t(ord_subtract([b|foo], [a], S)),
    t(ord_subtract([a|foo], [a], S)), t(ord_subtract([a, b|foo], [b], S)), t(ord_subtract([c], [a|_], S)), t(ord_subtract([a], [a|_], S)),
    t(ord_subtract([b|_], [a], S)), t(ord_subtract([b, a], [a], S)), t(ord_subtract([1, 2.0, 3], [1.0, 2], S)),
    t(ord_subtract([X], [X], S)), t(findall(T-S, ord_subtract([c], [a|T], S), L)),
    % ord_symdiff/3
    t(ord_symdiff([a, b, c], [b, c, d], S)), t(ord_symdiff([], [a], S)), t(ord_symdiff(_, [a], S)), t(ord_symdiff([a], _, S)),
    t(ord_symdiff(foo, [a], S)), t(ord_symdiff([b, a], [a, c], S)), t(ord_symdiff([1, 2.0], [1.0, 2], S)),
    % ord_union/2,3,4
    t(ord_union([a, c], [b, d], S)), t(ord_union([a, c], [a, d], S)), t(ord_union(_, [a], S)), t(ord_union([a], _, S)),
    t(ord_union(foo, [a], S)), t(ord_union([], foo, S)), t(ord_union([], _, S)), t(ord_union([a], foo, S)), t(ord_union(foo, [], S)),
    t(ord_union([a|foo], [b], S)), t(ord_union([b], [a|foo], S)), t(ord_union([b|foo], [a], S)), t(ord_union([a], [b|foo], S)),
    t(ord_union([a|_], [b], S)), t(ord_union([a], [a|_], S)), t(ord_union([1], [1.0], S)),
    t(ord_union([b], [a], S)), t(ord_union([a], [b], [a, c])),
    t(ord_union([[c], [a], [a, b]], S)), t(ord_union([], S)), t(ord_union(foo, S)), t(ord_union(_, S)), t(ord_union([[a]|_], S)),
    t(ord_union([[a], foo], S)), t(ord_union([[a]|foo], S)), t(ord_union([[b, a], [c]], S)), t(ord_union([[a, b], [c, a]], S)),
    t(ord_union([foo, bar, [a]], S)), t(ord_union([[a], foo, bar, [b]], S)), t(ord_union([[a], [b], foo, bar, [c]], S)),
    t(ord_union([[a], [b], [c], [d], [e], foo, bar], S)), t(ord_union([x1, x2, x3, x4, x5, x6, x7], S)), t(ord_union([foo], S)),
    t(ord_union([_], S)), t(ord_union([_, [a]], S)), t(ord_union([[b|_], [a]], S)), t(ord_union([[z], [b, a], [d, c], [f, e], [h, g]], S)),
    t(ord_union([a, c], [b, c, d], S, N)), t(ord_union([], [a], S, N)), t(ord_union([a], [], S, N)), t(ord_union([a], [a], S, N)),
    t(ord_union(_, [a], S, N)), t(ord_union([a], _, S, N)), t(ord_union(foo, [a], S, N)), t(ord_union([], foo, S, N)),
    t(ord_union([a|foo], [b], S, N)), t(ord_union([b, a], [a, c], S, N)),
    % determinism
    det(ord_subtract([a, b], [b], _)), det(ord_subtract([], [a], _)), det(ord_subtract([c], [a, b], _)),
    det(ord_union([a, b], [b], _)), det(ord_union([], [a], _)), det(ord_union([c], [a, b], _)), det(ord_union([[a], [b]], _)),
    det(ord_union([a, b], [b], _, _)), det(ord_union([b], [a, b, c], _, _)), det(ord_union([a], [], _, _)),
    det(ord_intersection([a, b], [b], _)), det(ord_intersection([c], [a, b], _)), det(ord_intersection([a, b], [a, b], _)),
    det(ord_intersection([[a], [b]], _)), det(ord_intersection([b], [a, b, c], _, _)), det(ord_intersection([a], [], _, _)),
    det(ord_symdiff([a, b], [b], _)), det(ord_symdiff([c], [a, b], _)), det(ord_subset([a], [a, b])), det(ord_subset([b], [a, b])),
    det(ord_memberchk(a, [a, b])), det(ord_memberchk(b, [a, b, c, d, e])), det(ord_selectchk(a, [a, b], _)), det(ord_selectchk(b, [a, b], _)),
    det(ord_add_element([a, b], b, _)), det(ord_add_element([a, b], c, _)), det(ord_del_element([a, b], b, _)), det(ord_del_element([a, b], c, _)),
    det(ord_intersect([a, b], [b])), det(ord_intersect([a, b], [b, c], _)), det(is_ordset([a, b])), det(list_to_ord_set([b, a], _)),
    % larger sets
    numlist(1, 50, L50), findall(X, (between(1, 40, I), X is I * 2), E40), findall(X, (between(1, 30, I), X is I * 3), T30),
    t(ord_union(L50, E40, _)), t(ord_subtract(L50, E40, _)), t(ord_intersection(E40, T30, _)), t(ord_symdiff(E40, T30, _)),
    t(ord_union(E40, T30, _, _)), t(ord_intersection(E40, T30, _, _)), t(ord_union([L50, E40, T30], _)), t(ord_intersection([L50, E40, T30], _)),
    t(ord_subset(T30, E40)), t(ord_subset([6, 12, 60], E40)),
    % every pair of lists from a pool, with up to three answers each
    pool(P),
    forall(( member(A, P), member(B, P) ),
           ( s(ord_union(A, B, _)), s(ord_subtract(A, B, _)), s(ord_intersection(A, B, _)), s(ord_intersection(A, B, _, _)),
             s(ord_union(A, B, _, _)), s(ord_symdiff(A, B, _)), s(ord_subset(A, B)), s(ord_disjoint(A, B)),
             s(ord_intersection(A, B, [])), s(ord_union([A, [b], B], _)), s(ord_intersection([A, [a, b], B], _)) )),
    forall(( member(A, P), member(E, [a, b, c, _, 1.0]) ),
           ( s(ord_add_element(A, E, _)), s(ord_del_element(A, E, _)), s(ord_memberchk(E, A)), s(ord_selectchk(E, A, _)),
             s(ord_selectchk(E, _, A)) )).
