% Benchmark: many catch/throw round trips: deep throws, rethrows, error terms from builtins, cleanup.
deep(0, X) :- !, throw(found(X)).
deep(N, X) :- N1 is N - 1, deep(N1, X).

safe_div(X, Y, Z) :- catch(Z is X // Y, error(evaluation_error(zero_divisor), _), Z = inf).
typed(X, R) :- catch((atom_length(X, L), R = len(L)), error(type_error(T, _), _), R = type(T)).

rethrow(N, R) :- catch(catch(throw(level(N)), level(M), (M1 is M + 1, throw(level2(M1)))), level2(R), true).

one(I, Acc0, Acc) :-
    catch(deep(20, I), found(V), true),
    safe_div(I, I mod 3, Q), ( Q == inf -> Q1 = 0 ; Q1 = Q ),
    ( I mod 2 =:= 0 -> typed(f(I), T) ; typed(abc, T) ),
    ( T = len(L) -> TL = L ; TL = 1 ),
    rethrow(I, R),
    catch(undefined_call_target(I), error(existence_error(procedure, _), _), true),
    catch(( member(Z, [1, 2, 3]), Z > 1, throw(z(Z)) ), z(Zc), true),
    Acc is (Acc0 + V + Q1 + TL + R + Zc) mod 1000000007.

loop(I, N, Acc, Acc) :- I > N, !.
loop(I, N, Acc0, Acc) :- one(I, Acc0, Acc1), I1 is I + 1, loop(I1, N, Acc1, Acc).

bench(N) :- loop(1, N, 0, Acc), format("exceptions x~d: checksum ~d~n", [N, Acc]).
bench :- bench(80000).
