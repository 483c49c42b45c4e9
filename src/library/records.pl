/*  records.pl -- SWI-Prolog's recorded database and flag/3.

    Part of puzzlog's Prolog library (autoloaded: SWI has these built
    in).  Terms are recorded under a key: an atom, an integer, or a
    compound term of which only the name and arity count (the key is
    its most general instance).  A record's reference is
    '$record'(N), where SWI prints a blob; erase/1 and instance/2
    take it.  flag/3 keeps one value (an integer, float or atom) per
    key, with the keys of the recorded database.
*/

:- module(records,
          [ recorda/2,
            recorda/3,
            recordz/2,
            recordz/3,
            recorded/2,
            recorded/3,
            erase/1,
            instance/2,
            flag/3
          ]).

:- dynamic record_/3.                   % record_(Key, Ref, Term)
:- dynamic flag_/2.                     % flag_(Key, Value)

%!  recorda(+Key, +Term) is det.
%!  recorda(+Key, +Term, -Ref) is det.
%
%   Records a copy of Term first under Key.
recorda(Key, Term) :-
    record(recorda, Key, Term, _).
recorda(Key, Term, Ref) :-
    record(recorda, Key, Term, Ref).

%!  recordz(+Key, +Term) is det.
%!  recordz(+Key, +Term, -Ref) is det.
%
%   Records a copy of Term last under Key.
recordz(Key, Term) :-
    record(recordz, Key, Term, _).
recordz(Key, Term, Ref) :-
    record(recordz, Key, Term, Ref).

record(How, Key, Term, Ref) :-
    record_key(Key, K, How/2),
    new_ref(Ref),
    (   How == recorda
    ->  asserta(record_(K, Ref, Term))
    ;   assertz(record_(K, Ref, Term))
    ).

%!  recorded(?Key, ?Term) is nondet.
%!  recorded(?Key, ?Term, ?Ref) is nondet.
%
%   Term is recorded under Key (any key when Key is unbound), in order.
recorded(Key, Term) :-
    recorded(Key, Term, _).
recorded(Key, Term, Ref) :-
    (   nonvar(Ref)
    ->  record_(K, Ref, Term),
        Key = K
    ;   var(Key)
    ->  record_(Key, Ref, Term)
    ;   record_key(Key, K, recorded/3),
        record_(K, Ref, Term)
    ).

%!  erase(+Ref) is semidet.
%
%   Removes the record Ref; fails if it was erased already.
erase(Ref) :-
    (   var(Ref)
    ->  throw(error(instantiation_error, context(system:erase/1, _)))
    ;   Ref = '$record'(N), integer(N)
    ->  retract(record_(_, Ref, _)),
        !
    ;   throw(error(type_error(db_reference, Ref), context(system:erase/1, _)))
    ).

%!  instance(+Ref, -Term) is semidet.
%
%   Term is (a copy of) the term recorded as Ref.
instance(Ref, Term) :-
    (   var(Ref)
    ->  throw(error(instantiation_error, context(system:instance/2, _)))
    ;   record_(_, Ref, Term0)
    ->  Term = Term0
    ).

%!  flag(+Key, -Old, +New) is semidet.
%
%   Old is Key's value (0 at first); the value becomes New evaluated
%   (an atom stays as it is).
flag(Key, Old, New) :-
    record_key(Key, K, get_flag/2),
    (   flag_(K, Old0)
    ->  true
    ;   Old0 = 0
    ),
    Old = Old0,
    (   atom(New)
    ->  Value = New
    ;   catch(Value is New, error(E, _),
              throw(error(E, context('$syspreds':update_flag/3, _))))
    ),
    retractall(flag_(K, _)),
    assertz(flag_(K, Value)).

%   record_key(+Key, -Normal, +Culprit): the key's normal form, or SWI's error.
record_key(Key, _, PI) :-
    var(Key),
    !,
    throw(error(instantiation_error, context(system:PI, _))).
record_key(Key, K, _) :-
    compound(Key),
    !,
    functor(Key, Name, Arity),
    functor(K, Name, Arity).
record_key(Key, Key, _) :-
    (   atom(Key)
    ;   integer(Key)
    ),
    !.
record_key(Key, _, PI) :-
    throw(error(type_error(key, Key), context(system:PI, _))).

new_ref('$record'(N)) :-
    (   nb_current('$record_count', N0)
    ->  true
    ;   N0 = 0
    ),
    N is N0+1,
    nb_setval('$record_count', N).
