/*  run_library_tests.pl -- behaviour checks for puzzlog's Prolog library
    (the src/library files).

    Each test/1 fact is one check; run_library_tests/0 prints one line
    per check:   Goal => Solutions
    where Solutions is the list of all solutions of Goal (each shown as
    the instantiated goal), or ex(Formal) when Goal raised
    error(Formal, _) (the context part is left out because it differs
    between systems).  A goal wrapped in first/1 only shows its first
    solution.  Variables are printed as A, B, ... ('$VAR'(N) terms).

    The expected output run_library_tests.expected was produced by
    SWI-Prolog 9 running this library (tests/library/swi_wrapper.pl).
*/

run_library_tests :-
    (   test(Goal),
        run_test_(Goal),
        fail
    ;   true
    ).

run_test_(first(Goal)) :-
    !,
    copy_term(Goal, G),
    catch(( call(G) -> Result = [G] ; Result = [] ), E, true),
    show_test_(first(Goal), E, Result).
run_test_(Goal) :-
    copy_term(Goal, G),
    catch(findall(G, G, Result), E, true),
    show_test_(Goal, E, Result).

show_test_(Goal, E, Result) :-
    (   var(E)
    ->  Shown = Result
    ;   E = error(Formal, _)
    ->  Shown = ex(Formal)
    ;   Shown = ex(E)
    ),
    copy_term(Goal-Shown, Term),
    term_variables(Term, Vars),
    name_vars_(Vars, 0),
    Term = G1-S1,
    writeq(G1),
    write(' => '),
    writeq(S1),
    nl.

name_vars_([], _).
name_vars_(['$VAR'(N)|Vs], N) :-
    N1 is N + 1,
    name_vars_(Vs, N1).

% Test data.
lt_data(1, b, x).
lt_data(2, a, y).
lt_data(3, b, z).
lt_data(4, a, x).
lt_data(5, c, w).

lt_greet --> [hello], lt_name.
lt_name --> [world].
lt_name --> [prolog].

lt_digits([D|T]) --> lt_digit(D), lt_digits(T).
lt_digits([D]) --> lt_digit(D).
lt_digit(D) --> [D], { D >= 0'0, D =< 0'9 }.

lt_double(X, Y) :- Y is 2 * X.
lt_cmp_len(O, A, B) :- atom_length(A, LA), atom_length(B, LB), compare(O, LA, LB).

/* ---------------- error.pl ---------------- */
test(must_be(integer, 1)).
test(must_be(integer, a)).
test(must_be(integer, _)).
test(must_be(nonneg, -1)).
test(must_be(nonneg, 0)).
test(must_be(nonneg, a)).
test(must_be(positive_integer, 0)).
test(must_be(positive_integer, 1.0)).
test(must_be(atom, 3)).
test(must_be(callable, 3)).
test(must_be(callable, foo(_))).
test(must_be(var, a)).
test(must_be(var, _)).
test(must_be(boolean, x)).
test(must_be(boolean, true)).
test(must_be(boolean, _)).
test(must_be(list, [a|_])).
test(must_be(list, foo)).
test(must_be(list, [a|b])).
test(must_be(list, [a,b])).
test(must_be(list(integer), [1,a])).
test(must_be(list(integer), [1,_])).
test(must_be(list(integer), foo)).
test(must_be(list(integer), [1,2])).
test(must_be(oneof([a,b]), c)).
test(must_be(oneof([a,b]), a)).
test(must_be(oneof([a]), _)).
test(must_be(between(1,3), 5)).
test(must_be(between(1,3), 2)).
test(must_be(between(1,3), 2.0)).
test(must_be(between(1.0,3), 2)).
test(must_be(between(1,3), a)).
test(must_be(foo, 3)).
test(must_be(_, 3)).
test(is_of_type(integer, 1)).
test(is_of_type(integer, a)).
test(is_of_type(foo, 1)).
test(is_of_type(list(atom), [a,b])).
test(is_of_type(positive_integer, 0)).

/* ---------------- lists.pl ---------------- */
test(append(X, Y, [1,2])).
test(append([1], [2], L)).
test(append([a], X, [a,b,c])).
test(append([[1],[2,3],[]], L)).
test(append(foo, _)).
test(append(_, [a])).
test(append([[a]|_], _)).
test(member(X, [a,b,c])).
test(member(b, [a,b,c])).
test(member(x, [a,b,c])).
test(first(member(a, L))).
test(memberchk(b, [a,b,c,b])).
test(memberchk(X, [a,b])).
test(memberchk(a, foo)).
test(memberchk(a, [b|c])).
test(memberchk(a, [a|c])).
test(memberchk(a, [b|L])).
test(first(memberchk(a, L))).
test(reverse([1,2,3], L)).
test(reverse([], L)).
test(reverse(L, [1,2])).
test(reverse(foo, L)).
test(nth0(1, [a,b,c], E)).
test(nth0(I, [a,b,c], E)).
test(nth0(-1, [a], E)).
test(nth0(5, [a], E)).
test(nth0(a, [a], E)).
test(nth0(1.0, [a], E)).
test(nth0(_, foo, _)).
test(nth0(2, L, x)).
test(nth1(1, [a,b,c], E)).
test(nth1(0, [a], E)).
test(nth1(I, [a,b,c], c)).
test(nth0(I, [a,b,c], E, R)).
test(nth0(1, L, x, [a,b])).
test(nth1(I, L, x, [a,b])).
test(nth1(2, [a,b,c], E, R)).
test(nth1(a, [a,b,c], E, R)).
test(nth0(a, [a], E, R)).
test(nth0(-1, [a], E, R)).
test(nth1(0, [a], E, R)).
test(nth0(1.5, [a], E, R)).
test(nth0(-1, [a], E)).
test(nth1(a, [a], E)).
test(last([1,2,3], X)).
test(last([], X)).
test(last([1,2], 2)).
test(proper_length([a,b], N)).
test(proper_length([a|_], N)).
test(same_length([a|T], [1,2])).
test(nextto(X, Y, [1,2,3])).
test(sum_list([1,2,3], S)).
test(sum_list([], S)).
test(sum_list([1,2.5], S)).
test(sum_list([a], S)).
test(sumlist([1,2], S)).
test(max_list([1,5,3], M)).
test(max_list([1,2.0,2], M)).
test(max_list([], M)).
test(max_list([a], M)).
test(min_list([3,1.0,1], M)).
test(min_list([4,2,8], M)).
test(max_member(M, [a,1,f(x)])).
test(max_member(M, [])).
test(min_member(M, [b,1,f(x)])).
test(max_member(@>=, M, [1,3,2])).
test(max_member(@=<, M, [1,3,2])).
test(min_member(@=<, M, [2,1,3])).
test(numlist(1, 5, L)).
test(numlist(3, 3, L)).
test(numlist(5, 1, L)).
test(numlist(a, 1, L)).
test(numlist(1, _, L)).
test(is_set([a,b])).
test(is_set([a,b,a])).
test(is_set(foo)).
test(list_to_set([a,b,a,c,b], S)).
test(list_to_set([a,X,a,Y,X,1,1.0], S)).
test(list_to_set(foo, S)).
test(list_to_set([a|_], S)).
test(delete([a,b,a,c], a, L)).
test(delete([a,B,c,a], a, L)).
test(delete([f(1),f(2),g(1)], f(_), L)).
test(delete(foo, a, L)).
test(subtract([a,b,c,d], [b,d], L)).
test(subtract([a,b,c], [b,X], L)).
test(intersection([a,b,c,d], [d,b,e], L)).
test(union([a,b,c], [d,b,e], L)).
test(select(b, [a,b,c,b], R)).
test(select(X, [a,b,c], R)).
test(select(x, L, [a,b])).
test(selectchk(b, [a,b,c,b], R)).
test(selectchk(z, [a,b], R)).
test(select(b, [a,b,c,b], x, R)).
test(selectchk(b, [a,b,c,b], x, R)).
test(select(X, [a,b], Y, [a,c])).
test(permutation([1,2,3], P)).
test(permutation(P, [1,2])).
test(permutation([a,b], [b,a])).
test(permutation([a,b], [b,a,c])).
test(permutation(foo, X)).
test(first(permutation(X, Y))).
test(flatten([a,[b,[c|X]],[]], F)).
test(flatten([a,[[]],b], F)).
test(flatten(a, F)).
test(flatten(X, F)).
test(flatten([[1,[2]],[[3]],4], F)).
test(flatten([a|b], F)).
test(permutation([a|b], P)).
test(clumped([a-1,a-2,b-1,c-1,c-1], C)).
test(clumped([a,a,b,a], C)).
test(clumped([], C)).
test(pairs_keys_values(P, [a,b], [1,2])).
test(pairs_keys_values([a-1,b-2], K, V)).
test(pairs_keys([a-1,b-2], K)).
test(pairs_values([a-1,b-2], V)).
test(predsort([O,A,B]>>compare(O,A,B), [c,a,b,a], P)).
test(predsort(lt_cmp_len, [abc,a,ab,xy,abcd], P)).
test(predsort([O,A,B]>>compare(O,B,A), [3,1,4,1,5,9,2,6], P)).
test(predsort([_,_,_]>>fail, [b,a], P)).
test(predsort([O,_,_]>>(O = <), [], P)).
test(list_to_ord_set([c,a,b,a], S)).
test(ord_union([a,c], [b,c,d], U)).
test(ord_union([], [a], U)).
test(ord_union([a,b], [], U)).
test(ord_union([[c],[a,b],[b,d]], U)).
test(ord_subtract([a,b,c,d], [b,d,e], D)).
test(ord_subtract([a,b], [], D)).
test(ord_subtract([c,d], [a,b], D)).
test(ord_intersection([a,b,c,d], [b,d,e], I)).
test(ord_intersection([a], [b], I)).
test(ord_memberchk(b, [a,b,c])).
test(ord_memberchk(d, [a,b,c])).
test(ord_memberchk(0, [a,b,c])).
test(ord_subset([a,c], [a,b,c])).
test(ord_subset([a,d], [a,b,c])).
test(ord_subset([], [a])).
test(ord_add_element([a,c], b, S)).
test(ord_add_element([a,c], c, S)).
test(ord_add_element([a,c], d, S)).
test(ord_del_element([a,b,c], b, S)).
test(ord_del_element([a,b,c], z, S)).

/* ---------------- apply.pl ---------------- */
test(once(member(X, [a,b]))).
test(once(fail)).
test(ignore(fail)).
test(ignore(member(X, [a,b]))).
test(forall(member(X, [1,2,3]), X > 0)).
test(forall(member(X, [1,2,3]), X > 1)).
test(forall(fail, fail)).
test(maplist(atom, [a,b])).
test(maplist(atom, [a,1])).
test(maplist(lt_double, [1,2,3], L)).
test(maplist(lt_double, L, [2,4])).
test(maplist([X,Y,Z]>>(Z is X+Y), [1,2], [10,20], L)).
test(maplist([A,B,C,D]>>(D is A+B+C), [1], [2], [3], L)).
test(maplist([A,B,C,D,E]>>(E is A+B+C+D), [1], [2], [3], [4], L)).
test(maplist([A,B,C,D,E,F]>>(F is A+B+C+D+E), [1], [2], [3], [4], [5], L)).
test(maplist(=(Z), [X,Y])).
test(maplist(lt_double, [1,2], [2,5])).
test(first(maplist(=(a), L))).
test(foldl([X,A0,A]>>(A is A0+X), [1,2,3], 0, S)).
test(foldl([X,Y,A0,A]>>(A is A0+X*Y), [1,2,3], [4,5,6], 0, S)).
test(foldl([X,Y,Z,A0,A]>>(A is A0+X+Y+Z), [1], [2], [3], 0, S)).
test(foldl([X,Y,Z,W,A0,A]>>(A is A0+X+Y+Z+W), [1], [2], [3], [4], 0, S)).
test(foldl([X,A0,[X|A0]]>>true, [a,b,c], [], R)).
test(include([X]>>(X > 1), [1,2,3], L)).
test(exclude([X]>>(X > 1), [1,2,3], L)).
test(partition([X]>>(X > 1), [1,2,3], I, E)).
test(partition([X,D]>>compare(D,X,2), [1,2,3,2,4], L, E, G)).
test(partition([_,D]>>(D = foo), [1], L, E, G)).
test(convlist([X,Y]>>(X > 1, Y is X*2), [1,2,3], L)).
test(aggregate_all(count, member(_, [a,b,c]), C)).
test(aggregate_all(count, fail, C)).
test(aggregate_all(sum(X), member(X, [1,2,3]), S)).
test(aggregate_all(sum(X), member(X, [1,2.5]), S)).
test(aggregate_all(sum(X), fail, S)).
test(aggregate_all(sum(X), member(X, [1+1]), S)).
test(aggregate_all(sum(X), member(X, [a]), S)).
test(aggregate_all(max(X), member(X, [1,3.0,3,2]), M)).
test(aggregate_all(max(X), member(X, [1,2.0,2]), M)).
test(aggregate_all(max(X), member(X, [2,1+3]), M)).
test(aggregate_all(max(X), member(X, [1+1]), M)).
test(aggregate_all(max(X), fail, M)).
test(aggregate_all(max(X), member(X, [a,b]), M)).
test(aggregate_all(min(X), member(X, [3,1,1.0]), M)).
test(aggregate_all(min(X), fail, M)).
test(aggregate_all(max(X,W), member(X-W, [1-a,3-b,3-c,2-d]), M)).
test(aggregate_all(max(X,W), member(X-W, [1-a,1.0-b,2-c,2.0-d]), M)).
test(aggregate_all(min(X,W), member(X-W, [1-a,3-b,1-c,2-d]), M)).
test(aggregate_all(min(X,W), fail, M)).
test(aggregate_all(min(X,W), member(X-W, [a-1,b-2]), M)).
test(aggregate_all(max(X,W), member(X-W, [1+1-a]), M)).
test(aggregate_all(bag(X), member(X, [c,a,c]), B)).
test(aggregate_all(bag(X), fail, B)).
test(aggregate_all(set(X), member(X, [c,a,c]), S)).
test(aggregate_all(set(X-Y), member(X, [2,1]), S)).
test(aggregate_all(foo, true, R)).
test(aggregate_all(_, true, R)).
test(aggregate_all(count, 3, C)).
test(aggregate_all(count, _, C)).
test(forall(3, true)).
test(once(_)).
test(ignore(3)).
test(setof(X, member(X, [b,a]), [a|T])).

/* ---------------- bags.pl ---------------- */
test(bagof(X, member(X-Y, [1-b,2-a,3-b]), L)).
test(setof(X, member(X-Y, [3-b,2-a,1-b,1-b]), L)).
test(bagof(X, Y^member(X-Y, [1-b,2-a,3-b]), L)).
test(setof(X-Y, member(X-Y, [3-b,2-a,1-b]), L)).
test(bagof(X, lt_data(X, Y, Z), L)).
test(bagof(X, Z^lt_data(X, Y, Z), L)).
test(setof(X, Z^lt_data(X, Y, Z), L)).
test(setof(Y, X^Z^lt_data(X, Y, Z), L)).
test(setof(Y-Z, X^lt_data(X, Y, Z), L)).
test(bagof(X, Y^Z^lt_data(X, Y, Z), L)).
test(bagof(X, fail, L)).
test(setof(X, fail, L)).
test(bagof(X, _, L)).
test(bagof(X, Y^_, L)).
test(bagof(X, 3, L)).
test(bagof(X, (member(X, [1,2,3]), X > 1), L)).
test(bagof(X, \+ member(X-Y, [1-a]), L)).
test(bagof(X, member(X, [1,2]), [_])).
test(bagof(X, member(X, [1,2]), foo)).
test(bagof(X, (X = 1 ; X = 2), [A|B])).
test(setof(X, member(X-Y, [1-a,2-b]), [2])).
test(setof(K-V, member(K-V, [b-1,a-2,b-1]), L)).
test(setof(X, member(X, [c,b,a,b]), L)).
test(bagof(X, member(X-Y, [1-2.0,2-2,3-1,4-2.0]), L)).
test(bagof(X-Z, member(X, [A,B,A]), L)).
test((Y = g(W), bagof(X, member(X-W, [1-a,2-b,3-a]), L))).
test((bagof(X, K^(member(X-K, [1-b,2-a,3-b]), functor(Y, f, 2), arg(2, Y, K)), L), arg(2, Y, b))).
test(setof(N-Ls, setof(X, Z^lt_data(X, N, Z), Ls), R)).

/* ---------------- yall.pl ---------------- */
test(maplist([X,Y]>>(Y is X*2), [1,2], L)).
test((N = 3, maplist([X,Y]>>(Y is X*N), [1,2], L))).
test(foldl([X,A0,A]>>(A is A0+X), [1,2,3], 0, S)).
test((G = ([X]>>(Z = X)), call(G, 1))).
test((G = ({Z}/[X]>>(Z = X)), call(G, 1))).
test((G = ([X,Y]>>(Z = X-Y)), call(G, 1))).
test((G = ([X]>>Z), call(G, 1, 2))).
test((G = ([X]>>foo(X)), \+ catch(call(G, 1, 2), error(existence_error(procedure, _), _), fail))).
test((G = ([X]>>atom_length(X)), call(G, abc, L))).
test((G = ({Z}/[X]>>(Z = X)), call(G, 1), call(G, 1))).
test((G = ({Z}/[X]>>(Z = X)), call(G, 1), call(G, 2))).
test((G = ({Z}/[X]>>(W = X)), call(G, 1), call(G, 2))).
test((G = ({Z}/(W = Z)), call(G))).
test((G = ({Z}/(W = Z, Z = 1)), call(G))).
test((G = ([]>>(W = 1)), call(G))).
test((G = (f(Z)/(Z = 1)), call(G))).
test((G = (Z/(Z = 1)), call(G))).
test((G = ({Z}/[X,Y]>>(Z = X)), call(G, 1))).
test((G = ({Z}/[X,Y]>>(Z = X)), call(G, 1, 2))).
test((G = ({Z,W}/[X]>>(W = X)), call(G, 1))).
test(call([X|T]>>(Z = X-T), 1, 2)).
test(call([X]>>true)).
test(call([X,Y]>>(Z = X), 1, 2)).
test(call([X]>>([Y]>>(Z = X-Y)), 1, 2)).
test(call([X]>>([Y,W]>>(W = X-Y)), 1, 2, R)).
test(call([X1,X2,X3,X4,X5,X6,X7]>>(R = [X1,X2,X3,X4,X5,X6,X7]), 1, 2, 3, 4, 5, 6, 7)).
test(call([]>>plus(1), 2, R)).
test(call(\X^(Y = X), 1)).
test(call(\X^Y^(Z = X-Y), 1, 2)).
test(call(\X^atom_length(X), abc, N)).
test(call({R}/ \X^(R = X), 1)).
test(foldl({N}/[X,A0,A]>>(A is A0+X*N), [1,2], 0, S)).
test((N = 2, foldl({N}/[X,A0,A]>>(A is A0+X*N), [1,2], 0, S))).
test((N = 10, foldl([X,A0,A]>>(A is A0+X*N), [1,2], 0, S))).
test(include([X]>>memberchk(X, [b,c]), [a,b,c,d], L)).

/* ---------------- dcg.pl ---------------- */
test(dcg_translate_rule((a --> [x], b, {c}), C)).
test(dcg_translate_rule((a --> []), C)).
test(dcg_translate_rule((a --> [x]), C)).
test(dcg_translate_rule((a --> [x,y]), C)).
test(dcg_translate_rule((a --> b), C)).
test(dcg_translate_rule((a --> b, c), C)).
test(dcg_translate_rule((a --> (b, c), d), C)).
test(dcg_translate_rule((a --> {c}), C)).
test(dcg_translate_rule((a --> {c}, b), C)).
test(dcg_translate_rule((a --> b, {c}), C)).
test(dcg_translate_rule((a --> !), C)).
test(dcg_translate_rule((a --> !, b), C)).
test(dcg_translate_rule((a --> b, !), C)).
test(dcg_translate_rule((a --> b, !, c), C)).
test(dcg_translate_rule((a --> \+ b), C)).
test(dcg_translate_rule((a --> \+ b, c), C)).
test(dcg_translate_rule((a --> call(foo)), C)).
test(dcg_translate_rule((a --> call(foo, x)), C)).
test(dcg_translate_rule((a --> c, call(X, y)), C)).
test(dcg_translate_rule((a --> b ; c), C)).
test(dcg_translate_rule((a --> (b -> c ; d)), C)).
test(dcg_translate_rule((a --> (b -> c)), C)).
test(dcg_translate_rule((a --> (b *-> c ; d)), C)).
test(dcg_translate_rule((a(X) --> [X], b(X)), C)).
test(dcg_translate_rule((a, [p] --> b), C)).
test(dcg_translate_rule((a, [p,q] --> [x], b), C)).
test(dcg_translate_rule((a, [x] --> []), C)).
test(dcg_translate_rule((a, [x|T] --> b), C)).
test(dcg_translate_rule((a, b --> c), C)).
test(dcg_translate_rule((a --> X), C)).
test(dcg_translate_rule((a --> b, X), C)).
test(dcg_translate_rule((a --> [x], X, [y]), C)).
test(dcg_translate_rule((a --> [X|T]), C)).
test(dcg_translate_rule((a --> [a|b]), C)).
test(dcg_translate_rule((a --> {a}, {b}), C)).
test(dcg_translate_rule((a --> {a}, !), C)).
test(dcg_translate_rule((a --> [], b), C)).
test(dcg_translate_rule((a --> b, []), C)).
test(dcg_translate_rule((a --> ([x] ; [y])), C)).
test(dcg_translate_rule((a --> ([x] -> [y] ; [z])), C)).
test(dcg_translate_rule((a --> ({x} -> [y] ; [z])), C)).
test(dcg_translate_rule((a --> \+ [x], [y]), C)).
test(dcg_translate_rule((a --> m:b), C)).
test(dcg_translate_rule((a --> [x], !, [y]), C)).
test(dcg_translate_rule((a --> ([x], !) ; [y]), C)).
test(dcg_translate_rule((a --> {X = 1}, [X]), C)).
test(dcg_translate_rule((a --> {X}), C)).
test(dcg_translate_rule((a --> {a, b}), C)).
test(dcg_translate_rule((a --> ({a} ; {b})), C)).
test(dcg_translate_rule((a --> ! ; b), C)).
test(dcg_translate_rule((a --> b, c, d), C)).
test(dcg_translate_rule((a --> (b ; c), d), C)).
test(dcg_translate_rule((a:b --> c), C)).
test(dcg_translate_rule((a --> 3), C)).
test(dcg_translate_rule((a --> b ; 3), C)).
test(dcg_translate_rule((X --> b), C)).
test(dcg_translate_rule((3 --> b), C)).
test(dcg_translate_rule(([] --> b), C)).
test(dcg_translate_rule(_, C)).
test(dcg_translate_rule(foo, C)).
test(phrase(lt_greet, [hello, world])).
test(phrase(lt_greet, L)).
test(phrase(lt_greet, [hello|R], [])).
test(phrase(lt_greet, [hello, prolog, x], R)).
test(phrase(lt_digits(Ds), [0'1, 0'2, 0'a], R)).
test(phrase(([a], [b]), L)).
test(phrase(([a], {true}), L)).
test(phrase(([a] ; [b]), L)).
test(phrase([], L)).
test(phrase((\+ [b]), [a], R)).
test(phrase(_, [a])).
test(phrase(3, [a])).
test(phrase([a], foo)).
test(phrase([a], [a], foo)).
test(phrase([a], [a|_])).
test(phrase([a], [a|b], [])).
test(phrase(call([S0,S]>>(S0 = [a|S])), [a,b], R)).

/* ---------------- control.pl ---------------- */
test(setup_call_cleanup(true, true, write('[cleanup] '))).
test(setup_call_cleanup(true, fail, write('[cleanup] '))).
test(setup_call_cleanup(true, throw(oops), write('[cleanup] '))).
test(setup_call_cleanup(true, true, throw(x))).
test(setup_call_cleanup(true, fail, throw(x))).
test(setup_call_cleanup(true, throw(y), throw(x))).
test(setup_call_cleanup(true, true, fail)).
test(setup_call_cleanup(fail, true, write('[cleanup] '))).
test(setup_call_cleanup(X = 1, true, Y = X)).
test(setup_call_cleanup(_, true, true)).
test(first(setup_call_cleanup(true, member(X, [1,2]), write('[cleanup] ')))).
test(call_cleanup(true, write('[cleanup] '))).
test(call_cleanup(throw(a), write('[cleanup] '))).

:- initialization(run_library_tests).
