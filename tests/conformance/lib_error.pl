% library(error): types added through the multifile hook error:has_type/2
% (clauses loaded before the library), prefix/2, subset/2, the error
% helpers, current_type/3 (recorded from swipl).
:- multifile error:has_type/2.
error:has_type(even, X) :- integer(X), 0 is X mod 2.
t(G) :- catch((call(G) -> format("yes ~q~n", [G]) ; format("no ~q~n", [G])), E, format("ex ~q~n", [E])).
main :- t(must_be(even, 2)), t(must_be(even, 3)), t(must_be(even, _)), t(is_of_type(even, 4)), t(must_be(odd, 1)),
  t(prefix(_, [a,b])), t(findall(P2, prefix(P2, [a,b]), _)), t(subset([a], [b,a])), t(subset([c], [b,a])),
  t(existence_error(a, b, c)), t(uninstantiation_error(x)), t(syntax_error(bad)), t(resource_error(mem)),
  t(\+ \+ current_type(integer, _, _)),
  t(predicate_property(error:has_type(_, _), multifile)).
