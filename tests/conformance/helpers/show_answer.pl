% t(+Goal, +Vars), included by the CLP(B) tests: one line for Goal's
% first answer: yes(Values, ResidualGoals) (copy_term/3, variables
% numbered), no, or ex(Formal) for an error (ex(Ball) for another ball).

t(G, Vs) :-
    \+ \+ ( catch(G, E, true)
          ->  (   var(E)
              ->  copy_term(Vs, Vs1, Gs),
                  numbervars(Vs1-Gs, 0, _),
                  print(yes(Vs1, Gs))
              ;   E = error(Formal, _)
              ->  print(ex(Formal))
              ;   print(ex(E))
              )
          ;   print(no)
          ),
    nl.
