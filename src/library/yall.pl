/*  yall.pl -- lambda expressions ("yet another lambda library"),
    compatible with SWI-Prolog's library(yall) when lambdas are called
    dynamically (puzzlog does no goal expansion).

    Part of puzzlog's Prolog library.

      Params>>Body          Params is a proper list of parameters.
      Free/Params>>Body     Free = {V1,...} lists variables shared with
                            the context.  (/ and >> are both op(400,
                            yfx), so this is (Free/Params)>>Body.)
      Free/Goal             Goal called with the extra arguments.
      \X1^...^Xn^Body       X1..Xn are parameters (not supported by
                            SWI-Prolog 9.0.4, provided here as in the
                            yall documentation).

    Calling a lambda with arguments A1..An first copies the lambda term
    (copy_term_nat/2: constraints stay behind, as in SWI), except for the
    variables of Free, which stay shared.
    So variables that are bound when the lambda is called act as
    constants, and bindings made inside the body to other variables are
    not visible outside (as in SWI-Prolog).  Then the copied parameters
    are unified with A1.. in order; arguments beyond the parameters are
    appended to Body.  More parameters than arguments raises
    domain_error(lambda_parameters, Lambda).

    Depends on error.pl (type_error/2, domain_error/2).
*/
:- module(yall,
          [ (>>)/2, (>>)/3, (>>)/4, (>>)/5, (>>)/6, (>>)/7, (>>)/8, (>>)/9,
            (/)/2, (/)/3, (/)/4, (/)/5, (/)/6, (/)/7, (/)/8, (/)/9,
            (\)/1, (\)/2, (\)/3, (\)/4, (\)/5, (\)/6, (\)/7, (\)/8
          ]).
:- meta_predicate '>>'(?, :), '>>'(?, :, ?), '>>'(?, :, ?, ?), '>>'(?, :, ?, ?, ?), '>>'(?, :, ?, ?, ?, ?), '>>'(?, :, ?, ?, ?, ?, ?), '>>'(?, :, ?, ?, ?, ?, ?, ?), '>>'(?, :, ?, ?, ?, ?, ?, ?, ?).
:- meta_predicate '/'(?, :), '/'(?, :, ?), '/'(?, :, ?, ?), '/'(?, :, ?, ?, ?), '/'(?, :, ?, ?, ?, ?), '/'(?, :, ?, ?, ?, ?, ?), '/'(?, :, ?, ?, ?, ?, ?, ?), '/'(?, :, ?, ?, ?, ?, ?, ?, ?).
:- meta_predicate '\\'(:), '\\'(:, ?), '\\'(:, ?, ?), '\\'(:, ?, ?, ?), '\\'(:, ?, ?, ?, ?), '\\'(:, ?, ?, ?, ?, ?), '\\'(:, ?, ?, ?, ?, ?, ?), '\\'(:, ?, ?, ?, ?, ?, ?, ?).

%!  >>(+Params, :Lambda) is nondet.
%!  >>(+Params, :Lambda, ?A1, ...) is nondet.
%
%   Call the lambda Params>>Lambda with 0..7 extra arguments.
'>>'(Ps, B) :-
    yall_arrow_(Ps, B, []).
'>>'(Ps, B, A1) :-
    yall_arrow_(Ps, B, [A1]).
'>>'(Ps, B, A1, A2) :-
    yall_arrow_(Ps, B, [A1,A2]).
'>>'(Ps, B, A1, A2, A3) :-
    yall_arrow_(Ps, B, [A1,A2,A3]).
'>>'(Ps, B, A1, A2, A3, A4) :-
    yall_arrow_(Ps, B, [A1,A2,A3,A4]).
'>>'(Ps, B, A1, A2, A3, A4, A5) :-
    yall_arrow_(Ps, B, [A1,A2,A3,A4,A5]).
'>>'(Ps, B, A1, A2, A3, A4, A5, A6) :-
    yall_arrow_(Ps, B, [A1,A2,A3,A4,A5,A6]).
'>>'(Ps, B, A1, A2, A3, A4, A5, A6, A7) :-
    yall_arrow_(Ps, B, [A1,A2,A3,A4,A5,A6,A7]).

%!  /(+Free, :Lambda) is nondet.
%!  /(+Free, :Lambda, ?A1, ...) is nondet.
%
%   Call Lambda with 0..7 extra arguments, sharing the variables of
%   Free = {V1,...} with the context.
'/'(Free, L) :-
    yall_free_call_(Free, L, []).
'/'(Free, L, A1) :-
    yall_free_call_(Free, L, [A1]).
'/'(Free, L, A1, A2) :-
    yall_free_call_(Free, L, [A1,A2]).
'/'(Free, L, A1, A2, A3) :-
    yall_free_call_(Free, L, [A1,A2,A3]).
'/'(Free, L, A1, A2, A3, A4) :-
    yall_free_call_(Free, L, [A1,A2,A3,A4]).
'/'(Free, L, A1, A2, A3, A4, A5) :-
    yall_free_call_(Free, L, [A1,A2,A3,A4,A5]).
'/'(Free, L, A1, A2, A3, A4, A5, A6) :-
    yall_free_call_(Free, L, [A1,A2,A3,A4,A5,A6]).
'/'(Free, L, A1, A2, A3, A4, A5, A6, A7) :-
    yall_free_call_(Free, L, [A1,A2,A3,A4,A5,A6,A7]).

%!  \(:Lambda) is nondet.
%!  \(:Lambda, ?A1, ...) is nondet.
%
%   Call \X1^...^Body with 0..7 extra arguments; Xi are parameters.
'\\'(L) :-
    yall_backslash_(L, []).
'\\'(L, A1) :-
    yall_backslash_(L, [A1]).
'\\'(L, A1, A2) :-
    yall_backslash_(L, [A1,A2]).
'\\'(L, A1, A2, A3) :-
    yall_backslash_(L, [A1,A2,A3]).
'\\'(L, A1, A2, A3, A4) :-
    yall_backslash_(L, [A1,A2,A3,A4]).
'\\'(L, A1, A2, A3, A4, A5) :-
    yall_backslash_(L, [A1,A2,A3,A4,A5]).
'\\'(L, A1, A2, A3, A4, A5, A6) :-
    yall_backslash_(L, [A1,A2,A3,A4,A5,A6]).
'\\'(L, A1, A2, A3, A4, A5, A6, A7) :-
    yall_backslash_(L, [A1,A2,A3,A4,A5,A6,A7]).

% yall_arrow_(+Params, +Body, +Args): call a copy of Params>>Body on
% Args.  Params may be Free/List (>> and / are both op(400, yfx), so
% Free/[X]>>Body is (Free/[X])>>Body); the variables of Free are kept.
yall_arrow_(Ps, MBody, Args) :-
    strip_module(MBody, M, Body),
    copy_term_nat(Ps>>Body, Copy),
    Copy = (CopyPs>>CopyBody),
    (   nonvar(Ps),
        Ps = Free/_
    ->  yall_check_free_(Free),
        CopyPs = Free/Params
    ;   Params = CopyPs
    ),
    yall_bind_params_(Params, Args, Rest, Ps>>Body),
    yall_call_(Rest, M:CopyBody).

% yall_backslash_(+Lambda, +Args): call a copy of \Lambda on Args.
yall_backslash_(MLambda, Args) :-
    strip_module(MLambda, M, Lambda),
    copy_term_nat(Lambda, Copy),
    yall_bind_hats_(Copy, Args, Body, Rest),
    yall_call_(Rest, M:Body).

% yall_free_call_(+Free, +Lambda, +Args): call a copy of Lambda, sharing
% the variables of Free, on Args.
yall_free_call_(Free, MLambda, Args) :-
    yall_check_free_(Free),
    strip_module(MLambda, M, Lambda),
    copy_term_nat(Free/Lambda, Free/Copy),
    (   var(Copy)
    ->  yall_call_(Args, M:Copy)
    ;   Copy = (Params>>Body)
    ->  yall_bind_params_(Params, Args, Rest, Free/Lambda),
        yall_call_(Rest, M:Body)
    ;   Copy = \(Lambda1)
    ->  yall_bind_hats_(Lambda1, Args, Body, Rest),
        yall_call_(Rest, M:Body)
    ;   yall_call_(Args, M:Copy)
    ).

% yall_check_free_(@Free): Free must be a {...} term.
yall_check_free_(Free) :-
    (   var(Free)
    ->  throw(error(instantiation_error, _))
    ;   Free = {_}
    ->  true
    ;   type_error(lambda_free, Free)
    ).

% yall_bind_params_(+Params, +Args, -Rest, +Culprit): unify the
% parameters with the first arguments; Rest are the unused arguments.
yall_bind_params_(Ps, Args, Rest, Culprit) :-
    (   var(Ps)
    ->  throw(error(instantiation_error, _))
    ;   Ps == []
    ->  Rest = Args
    ;   Ps = [P|Ps1]
    ->  (   Args = [A|Args1]
        ->  P = A,
            yall_bind_params_(Ps1, Args1, Rest, Culprit)
        ;   domain_error(lambda_parameters, Culprit)
        )
    ;   type_error(lambda_parameters, Ps)
    ).

% yall_bind_hats_(+Lambda, +Args, -Body, -Rest): peel X^ parameters of
% a \X^... lambda, one per argument.
yall_bind_hats_(Lambda, Args, Body, Rest) :-
    (   Args = [A|Args1],
        nonvar(Lambda),
        Lambda = X^Lambda1
    ->  X = A,
        yall_bind_hats_(Lambda1, Args1, Body, Rest)
    ;   Body = Lambda,
        Rest = Args
    ).

% yall_call_(+ExtraArgs, :Goal): call Goal with the extra arguments.
% Written as a chain of two-clause predicates so that first-argument
% indexing leaves no choicepoint.
yall_call_([], G) :-
    call(G).
yall_call_([A|As], G) :-
    yall_call1_(As, G, A).

yall_call1_([], G, A) :-
    call(G, A).
yall_call1_([B|As], G, A) :-
    yall_call2_(As, G, A, B).

yall_call2_([], G, A, B) :-
    call(G, A, B).
yall_call2_([C|As], G, A, B) :-
    yall_call3_(As, G, A, B, C).

yall_call3_([], G, A, B, C) :-
    call(G, A, B, C).
yall_call3_([D|As], G, A, B, C) :-
    yall_call4_(As, G, A, B, C, D).

yall_call4_([], G, A, B, C, D) :-
    call(G, A, B, C, D).
yall_call4_([E|As], G, A, B, C, D) :-
    yall_call5_(As, G, A, B, C, D, E).

yall_call5_([], G, A, B, C, D, E) :-
    call(G, A, B, C, D, E).
yall_call5_([F|As], G, A, B, C, D, E) :-
    yall_call6_(As, G, A, B, C, D, E, F).

yall_call6_([], G, A, B, C, D, E, F) :-
    call(G, A, B, C, D, E, F).
yall_call6_([H], G, A, B, C, D, E, F) :-
    call(G, A, B, C, D, E, F, H).
