/*  bags.pl -- bagof/3 and setof/3, compatible with SWI-Prolog.

    Part of puzzlog's Prolog library, built on findall/3 and keysort/2.

    The free variables of Goal are the variables of Goal (after
    stripping V^ prefixes) that occur neither in Template nor in any
    stripped V.  Without free variables bagof/3 is findall/3 that fails
    on no solutions.  Otherwise the solutions are collected as
    Witness-Template pairs (the witness is the term v(F1,...) of free
    variables) and grouped by variant witnesses; one group is returned
    per solution, in standard order of the witnesses, each holding its
    templates in solution order.  The last group is returned
    deterministically.  Grouping is O(N log N): ground witnesses are
    keysorted directly, others through a ground "variant key".

    Note: groups whose witnesses contain unbound variables are ordered by
    the standard order of those (fresh) variables, which depends on the
    engine, as in SWI-Prolog.
*/

%!  bagof(+Template, :Goal, -Bag) is nondet.
%
%   Bag holds the Template instances of the solutions of Goal, grouped
%   by the bindings of the free variables of Goal.
bagof(Templ, Goal0, Bag) :-
    bag_free_variables_(Templ, Goal0, Goal, Witness),
    (   Witness == v
    ->  findall(Templ, Goal, Bag0),
        Bag0 \== [],
        Bag = Bag0
    ;   findall(Witness-Templ, Goal, Pairs),
        Pairs \== [],
        bag_groups_(Pairs, Groups),
        bag_pick_(Groups, Witness, Bag)
    ).

%!  setof(+Template, :Goal, -Set) is nondet.
%
%   As bagof/3, but every Set is sorted and free of duplicates.
setof(Templ, Goal0, Set) :-
    bag_free_variables_(Templ, Goal0, Goal, Witness),
    (   Witness == v
    ->  findall(Templ, Goal, Bag),
        Bag \== [],
        sort(Bag, Set)
    ;   findall(Witness-Templ, Goal, Pairs),
        Pairs \== [],
        bag_groups_(Pairs, Groups),
        bag_pick_(Groups, Witness, Bag),
        sort(Bag, Set)
    ).

% bag_free_variables_(+Templ, +Goal0, -Goal, -Witness): strip V^ from
% Goal0 and build Witness = v(F1, ..., Fn) from its free variables.
bag_free_variables_(Templ, Goal0, Goal, Witness) :-
    bag_strip_(Goal0, Goal, Bound),
    strip_module(Goal, _, Plain),
    (   var(Plain)
    ->  throw(error(instantiation_error, _))
    ;   true
    ),
    term_variables(Templ-Bound, BoundVars),
    % The variables of Templ-Bound come first in this list; whatever
    % follows them are the free variables, in order of appearance.
    term_variables(Templ-Bound-Goal, AllVars),
    append(BoundVars, FreeVars, AllVars),
    Witness =.. [v|FreeVars].

% bag_strip_(+Goal0, -Goal, -Bound): remove V1^V2^...^ prefixes, also
% under M: qualifications (Goal keeps the innermost module).
bag_strip_(Goal0, Goal, Bound) :-
    (   nonvar(Goal0),
        Goal0 = V^Goal1
    ->  Bound = [V|Bound1],
        bag_strip_(Goal1, Goal, Bound1)
    ;   nonvar(Goal0),
        Goal0 = M:Goal1,
        atom(M)
    ->  bag_strip_(Goal1, Goal2, Bound),
        strip_module(M:Goal2, M2, Plain),
        Goal = M2:Plain
    ;   Goal = Goal0,
        Bound = []
    ).

% bag_groups_(+Pairs, -Groups): group the Witness-Template pairs (in
% solution order) into Witness-Templates groups, one per class of
% variant witnesses, sorted on the witness (standard order).  Within a
% group the templates keep their solution order.  O(N log N).
bag_groups_(Pairs, Groups) :-
    (   bag_ground_witnesses_(Pairs)
    ->  keysort(Pairs, Sorted),
        bag_runs_(Sorted, Groups)
    ;   bag_variant_keys_(Pairs, Keyed),
        keysort(Keyed, SortedKeyed),
        bag_variant_runs_(SortedKeyed, Groups0),
        keysort(Groups0, Groups)
    ).

bag_ground_witnesses_([]).
bag_ground_witnesses_([W-_|Pairs]) :-
    ground(W),
    bag_ground_witnesses_(Pairs).

% bag_runs_(+SortedPairs, -Groups): ground witnesses are variants only
% if identical, and identical keys are adjacent after the (stable)
% keysort.
bag_runs_([], []).
bag_runs_([W-T|Pairs], [W-[T|Ts]|Groups]) :-
    bag_run_(Pairs, W, Ts, Rest),
    bag_runs_(Rest, Groups).

bag_run_([], _, [], []).
bag_run_([W2-T2|Pairs], W, Ts, Rest) :-
    (   W2 == W
    ->  Ts = [T2|Ts1],
        bag_run_(Pairs, W, Ts1, Rest)
    ;   Ts = [],
        Rest = [W2-T2|Pairs]
    ).

% bag_variant_keys_(+Pairs, -Keyed): W-T becomes Key-(W-T), where Key
% is a ground copy of W with its variables replaced by '$bag_var'(N)
% in order of appearance, so that variant witnesses get identical keys.
% (A witness that itself contains '$bag_var'(N) terms could be
% confused with a variant; such terms are reserved.)
bag_variant_keys_([], []).
bag_variant_keys_([W-T|Pairs], [Key-(W-T)|Keyed]) :-
    copy_term_nat(W, Key),
    term_variables(Key, Vars),
    bag_bind_vars_(Vars, 0),
    bag_variant_keys_(Pairs, Keyed).

bag_bind_vars_([], _).
bag_bind_vars_(['$bag_var'(N)|Vars], N) :-
    N1 is N + 1,
    bag_bind_vars_(Vars, N1).

% bag_variant_runs_(+SortedKeyed, -Groups): one W-Templates group per
% run of identical keys; the witnesses of a run are unified, so that
% variables they share with the templates are joined.
bag_variant_runs_([], []).
bag_variant_runs_([Key-(W-T)|Keyed], [W-[T|Ts]|Groups]) :-
    bag_variant_run_(Keyed, Key, W, Ts, Rest),
    bag_variant_runs_(Rest, Groups).

bag_variant_run_([], _, _, [], []).
bag_variant_run_([Key2-(W2-T2)|Keyed], Key, W, Ts, Rest) :-
    (   Key2 == Key
    ->  W2 = W,
        Ts = [T2|Ts1],
        bag_variant_run_(Keyed, Key, W, Ts1, Rest)
    ;   Ts = [],
        Rest = [Key2-(W2-T2)|Keyed]
    ).

% bag_pick_(+Groups, ?Witness, -Bag): enumerate the groups; the last
% one is returned without leaving a choicepoint.
bag_pick_([W-Ts|Groups], Witness, Bag) :-
    (   Groups == []
    ->  Witness = W,
        Bag = Ts
    ;   (   Witness = W,
            Bag = Ts
        ;   bag_pick_(Groups, Witness, Bag)
        )
    ).
