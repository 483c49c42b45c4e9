/*  dcg.pl -- Definite Clause Grammar translation and phrase/2,3,
    producing the same clauses as SWI-Prolog 9's dcg_translate_rule/2.

    Part of puzzlog's Prolog library.  The consult code is expected to
    call dcg_translate_rule/2 on every (Head --> Body) term it reads.

    Translation of a body B between the list states S0 and S:
      Var            phrase(Var, S0, S)
      (A, B)         A from S0 to Mid, then B from Mid to S
      (A ; B), (A|B) (A' ; B'), both from S0 to S
      (A -> B)       (A' -> B'), A from S0 to Mid, B from Mid to S
      (A *-> B)      as (A -> B)
      \+ A           (\+ A', S = S0), A from S0 to a fresh variable
      {G}            (G, S = S0)
      !              (!, S = S0)
      []  or ""      S0 = S
      [a,b]  "ab"    S0 = [a,b|S]   (strings become code lists)
      [a|T] (partial) '$append'([a|T], S, S0)
      call(G, X...)  call(G, X..., S0, S)
      M:NT           M:NT'
      NT             NT with S0 and S appended to its arguments
    A rule (H, PB --> B) with pushback PB translates to
      H(S0, S) :- B from S0 to Mid, PB from S to Mid.

    Depends on error.pl and lists.pl (append/3).
*/

%!  dcg_translate_rule(+Rule, -Clause) is semidet.
%
%   Translate the grammar rule (Head --> Body) to a clause.  Fails if
%   Rule is not a --> term.
dcg_translate_rule(Rule, Clause) :-
    (   var(Rule)
    ->  throw(error(instantiation_error, _))
    ;   Rule = (Left --> Body)
    ->  dcg_rule_(Left, Body, Clause)
    ).

dcg_rule_(Left, Body, Clause) :-
    (   nonvar(Left),
        Left = (Head, PushBack)
    ->  dcg_nonterminal_head_(Head, S0, S, Head1),
        dcg_body_(Body, S0, Mid, Goal1),
        dcg_body_(PushBack, S, Mid, Goal2),
        Clause = (Head1 :- Goal1, Goal2)
    ;   dcg_nonterminal_head_(Left, S0, S, Head1),
        dcg_body_(Body, S0, S, Goal),
        Clause = (Head1 :- Goal)
    ).

% dcg_nonterminal_head_(+Head, S0, S, -Head1): add the two list
% arguments to a rule head, checking that it is a callable term.
dcg_nonterminal_head_(Head, S0, S, Head1) :-
    (   var(Head)
    ->  throw(error(instantiation_error, _))
    ;   Head = M:H
    ->  Head1 = M:H1,
        dcg_nonterminal_head_(H, S0, S, H1)
    ;   dcg_is_nonterminal_(Head)
    ->  dcg_extend_(Head, S0, S, Head1)
    ;   type_error(callable, Head)
    ).

% dcg_is_nonterminal_(@Term): Term can be a non-terminal (callable, and
% not a list or string, which are terminals).
dcg_is_nonterminal_(Term) :-
    callable(Term),
    Term \== [],
    \+ Term = [_|_].

% dcg_extend_(+Callable, ?X, ?Y, -Goal): Goal is Callable with the
% extra arguments X and Y.
dcg_extend_(Callable, X, Y, Goal) :-
    Callable =.. List0,
    append(List0, [X, Y], List),
    Goal =.. List.

% dcg_body_(+Body, ?S0, ?S, -Goal): translate a grammar body.
dcg_body_(Body, S0, S, Goal) :-
    (   var(Body)
    ->  Goal = phrase(Body, S0, S)
    ;   dcg_control_(Body, S0, S, Goal0)
    ->  Goal = Goal0
    ;   string(Body)
    ->  string_codes(Body, Codes),
        dcg_terminals_(Codes, S0, S, Goal)
    ;   Body == []
    ->  Goal = (S0 = S)
    ;   Body = [_|_]
    ->  dcg_terminals_(Body, S0, S, Goal)
    ;   callable(Body)
    ->  dcg_extend_(Body, S0, S, Goal)
    ;   type_error(callable, Body)
    ).

% dcg_control_(+Body, ?S0, ?S, -Goal): the control constructs.
dcg_control_((A, B), S0, S, (GA, GB)) :-
    dcg_body_(A, S0, Mid, GA),
    dcg_body_(B, Mid, S, GB).
dcg_control_((A ; B), S0, S, (GA ; GB)) :-
    dcg_body_(A, S0, S, GA),
    dcg_body_(B, S0, S, GB).
dcg_control_('|'(A, B), S0, S, (GA ; GB)) :-
    dcg_body_(A, S0, S, GA),
    dcg_body_(B, S0, S, GB).
dcg_control_((A -> B), S0, S, (GA -> GB)) :-
    dcg_body_(A, S0, Mid, GA),
    dcg_body_(B, Mid, S, GB).
dcg_control_((A *-> B), S0, S, (GA *-> GB)) :-
    dcg_body_(A, S0, Mid, GA),
    dcg_body_(B, Mid, S, GB).
dcg_control_(\+ A, S0, S, (\+ GA, S = S0)) :-
    dcg_body_(A, S0, _, GA).
dcg_control_({G}, S0, S, (G, S = S0)).
dcg_control_(!, S0, S, (!, S = S0)).
dcg_control_(M:B, S0, S, M:G) :-
    dcg_body_(B, S0, S, G).
dcg_control_(Call, S0, S, Goal) :-
    compound(Call),
    functor(Call, call, N),
    N >= 1,
    dcg_extend_(Call, S0, S, Goal).

% dcg_terminals_(+List, ?S0, ?S, -Goal): a terminal list.
dcg_terminals_(List, S0, S, Goal) :-
    dcg_list_tail_(List, Tail),
    (   Tail == []
    ->  append(List, S, Prefix),
        Goal = (S0 = Prefix)
    ;   var(Tail)
    ->  Goal = '$append'(List, S, S0)
    ;   type_error(list_or_partial_list, List)
    ).

dcg_list_tail_(L, Tail) :-
    (   nonvar(L),
        L = [_|T]
    ->  dcg_list_tail_(T, Tail)
    ;   Tail = L
    ).

%!  '$append'(?L1, ?L2, ?L3) is nondet.
%
%   append/3 under the name used by translated partial-list terminals.
'$append'(L1, L2, L3) :-
    append(L1, L2, L3).

%!  phrase(:RuleSet, ?List) is nondet.
%
%   RuleSet parses all of List.
phrase(RuleSet, List) :-
    phrase(RuleSet, List, []).

%!  phrase(:RuleSet, ?List, ?Rest) is nondet.
%
%   RuleSet parses a prefix of List, leaving Rest.
phrase(RuleSet, List, Rest) :-
    (   var(RuleSet)
    ->  throw(error(instantiation_error, _))
    ;   true
    ),
    dcg_check_list_(List),
    dcg_check_list_(Rest),
    dcg_body_(RuleSet, S0, S, Goal),
    S0 = List,
    S = Rest,
    call(Goal).

% dcg_check_list_(@L): L is unbound or starts like a list.
dcg_check_list_(L) :-
    (   var(L)
    ->  true
    ;   L == []
    ->  true
    ;   L = [_|_]
    ->  true
    ;   type_error(list, L)
    ).
