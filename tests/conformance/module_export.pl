% export/1: as a directive in a module file (one indicator, Name//Arity, a conjunction, qualified)
% and as a goal (into user, into another module, at run time); what importers see; errors.
:- use_module(modules/exporting).

t(G) :- \+ \+ t_(G).
t_(G) :- ( catch(G, E, true) -> ( var(E) -> R = yes(G) ; R = ex(E) ) ; R = no ), out(R).
out(R) :- \+ \+ ( numbervars(R, 0, _), print(R) ), nl.

exports(M, L) :- module_property(M, exports(L0)), msort(L0, L).

main :-
    t(listed), t(late), t(early(1)), t(both_a), t(both_b), t(phrase(greeting(world), L)), t(qualified),
    t(hidden), t(exports(exporting, L)),
    t(exporting:export(exported_at_run_time/0)), t(exports(exporting, L)),
    t(exported_at_run_time),            % user imported exporting before the export
    t(use_module(modules/exporting_user)), t(run_late_import),
    t(export(in_user/0)), t(export(in_user/0)), t(exports(user, L)),
    t(export(elsewhere:(p/1, q//0))), t(exports(elsewhere, L)),
    t(export((other:r/0, s/2))), t(exports(other, L)), t(exports(user, L)),
    t(export((u/0, bad, v/0))), t(exports(user, L)),
    t(export(_)), t(export(foo)), t(export(foo/a)), t(export(1/2)), t(export(f/(-1))),
    t(export(f//(-1))), t(export(_/1)), t(export(f/_)), t(export("s"/1)), t(export([x/1])),
    t(export([x/1|_])), t(export(m:[a/1])), t(export(op(700, xfx, ===>))), t(export(m:_)), t(exporting:export(1)),
    catch(export([y/1|_]), E1, (print_message(error, E1))),
    catch(export([y/1]), E2, (print_message(error, E2))),
    catch(export([]), E3, (print_message(error, E3))).
