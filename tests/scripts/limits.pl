% Resource limits end a query with an error, and the toplevel goes on with
% its database intact (issue 7). A small stack limit keeps this quick.
:- dynamic seen/1.
loop :- loop, done.
done.
grow(X) :- grow(f(X)).
count_to(N) :- count_to(0, N).
count_to(N, N) :- !.
count_to(I, N) :- T = f(I, [a, b, c], "garbage"), keep(T), I1 is I + 1, count_to(I1, N).
keep(_).

?- set_prolog_flag(stack_limit, 20000000).
?- current_prolog_flag(stack_limit, L).
?- loop.
?- grow(a).
?- catch(loop, error(E, _), true).
?- length(L, 100000000).
?- X = still_alive.
?- catch((assertz(seen(1)), loop), error(E, _), true), seen(X).
?- count_to(3000000).
?- call_with_inference_limit(true, 100, R).
?- call_with_inference_limit(member(X, [a, b]), 1000, R).
?- call_with_inference_limit(loop, 10000, R).
?- call_with_inference_limit(call_with_inference_limit(loop, 100000, R1), 1000, R2).
?- call_with_inference_limit(call_with_inference_limit(loop, 1000, R1), 100000, R2).
?- findall(X-R, call_with_inference_limit(member(X, [a, b, c]), 100000, R), L).
?- catch(call_with_time_limit(0.05, (repeat, fail)), E, true).
?- call_with_time_limit(5, member(X, [a, b])).
?- catch(call_with_time_limit(0, true), E, true).
?- catch(call_with_inference_limit(true, -1, _), error(E, _), true).
?- catch(call_with_time_limit(0.05, (between(1, inf, _), fail)), E, true).
?- X = f(X).
?- X = [a|X].
?- X = f(X, Y), Y = g(X).
?- f(f(W)) =.. W.
?- X = f(X), catch(assertz(p(X)), error(E, _), true).
