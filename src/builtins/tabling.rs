//! The builtins under library tabling.pl: the answer tables of tabled
//! predicates and their evaluation stack (`machine::tables`), and
//! `abolish_all_tables/0`.

use super::terms::{culprit, get_int};
use crate::machine::error::{domain_error, permission_error, type_error, PlError, Res};
use crate::machine::tables::{Mode, ModedUpdate, Status};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{atoms, Atom, Cell, Term, View};
use std::any::Any;

/// Builtins of this family.
pub const TABLING_BUILTINS: BuiltinTable = &[
    ("$tbl_table", 3, Builtin::Det(table)),
    ("$tbl_add", 2, Builtin::Det(add)),
    ("$tbl_moded_table", 7, Builtin::Det(moded_table)),
    ("$tbl_moded_update", 4, Builtin::Det(moded_update)),
    ("$tbl_moded_set", 3, Builtin::Det(moded_set)),
    ("$tbl_answer", 2, Builtin::Nondet(answer)),
    ("$tbl_round", 1, Builtin::Det(round)),
    ("$tbl_rerun", 1, Builtin::Det(rerun)),
    ("$tbl_push", 2, Builtin::Det(push)),
    ("$tbl_depends_on", 1, Builtin::Det(depends_on)),
    ("$tbl_looping", 1, Builtin::Det(looping)),
    ("$tbl_pop", 0, Builtin::Det(pop)),
    ("$tbl_abandon", 0, Builtin::Det(abandon)),
    ("abolish_all_tables", 0, Builtin::Det(abolish_all_tables)),
];

/// The table id in `c`: an integer naming an existing table.
fn table_id(m: &Machine, c: Cell) -> Result<usize, PlError> {
    let c = m.deref(c);
    match get_int(m, c)? {
        i if i >= 0 && (i as usize) < m.tables.len() => Ok(i as usize),
        _ => Err(domain_error("table_id", culprit(m, c))),
    }
}

/// `'$tbl_table'(+Goal, -Id, -Status)`: the table of Goal's variant and its
/// status (`fresh`, `active`, `incomplete` or `complete`).
fn table(m: &mut Machine, a: &[Cell]) -> Res {
    let goal = m.deref(a[0]);
    if !crate::term::cyclic::is_acyclic(&m.store, goal) {
        let t = m.store.to_term(goal, &mut Vec::new());
        return Err(type_error("acyclic_term", t));
    }
    let (id, status) = m.tables.table_of(&m.store, goal);
    Ok(m.unify(a[1], Cell::small(id as i64)) && m.unify(a[2], Cell::atom(status_atom(status))))
}

/// The atom naming a table status.
fn status_atom(status: Status) -> Atom {
    Atom::new(match status {
        Status::Fresh => "fresh",
        Status::Active => "active",
        Status::Incomplete => "incomplete",
        Status::Complete => "complete",
    })
}

/// `'$tbl_add'(+Id, +Answer)`: adds Answer unless a variant is there;
/// fails when it was there.
fn add(m: &mut Machine, a: &[Cell]) -> Res {
    let (id, answer) = (table_id(m, a[0])?, m.deref(a[1]));
    if !crate::term::cyclic::is_acyclic(&m.store, answer) {
        let t = m.store.to_term(answer, &mut Vec::new());
        return Err(type_error("acyclic_term", t));
    }
    Ok(m.tables.add(&m.store, id, answer))
}

/// The modes of a moded table: a list of `index`, `first`, `last`, `min`,
/// `max`, `sum`, `lattice(PI)` and `po(PI)`.
fn modes(m: &Machine, c: Cell) -> Result<Vec<Mode>, PlError> {
    let c = m.deref(c);
    let items = m
        .store
        .list_items(c)
        .ok_or_else(|| type_error("list", culprit(m, c)))?;
    Ok(items
        .iter()
        .map(|&i| match m.store.view(m.deref(i)) {
            View::Atom(a) => match a.name() {
                "index" => Mode::Index,
                "first" => Mode::First,
                "last" => Mode::Last,
                "min" => Mode::Min,
                "max" => Mode::Max,
                _ => Mode::Other,
            },
            _ => Mode::Other,
        })
        .collect())
}

/// `'$tbl_moded_table'(+Goal, +Impl, +Modes, -Goal1, -Impl1, -Id, -Status)`:
/// the table of a call of a moded predicate: that of Goal1, Goal with its
/// moded arguments (which must be unbound) replaced by fresh variables;
/// Impl1 is Impl (`M:G`, G with Goal's arguments) with Goal1's arguments.
/// Status is `bound(Arg)` when moded argument Arg is bound.
fn moded_table(m: &mut Machine, a: &[Cell]) -> Res {
    let modes = modes(m, a[2])?;
    let goal = m.deref(a[0]);
    let (name, first, n) = match m.store.view(goal) {
        View::Compound(f, n, first) => (f, first, n),
        _ => (Atom::new("[]"), 0, 0),
    };
    let mut args = Vec::with_capacity(n);
    for i in 0..n {
        let x = m.store.heap[first + i];
        if modes.get(i).is_some_and(|&md| md == Mode::Index) {
            args.push(x);
        } else {
            let d = m.deref(x);
            if !matches!(m.store.view(d), View::Var(_)) {
                // Thrown by the library, without a context, as SWI-Prolog.
                let bound = m.store.new_compound(Atom::new("bound"), &[d]);
                return Ok(m.unify(a[6], bound));
            }
            args.push(m.store.new_var());
        }
    }
    let goal1 = if n == 0 {
        goal
    } else {
        m.store.new_compound(name, &args)
    };
    if !crate::term::cyclic::is_acyclic(&m.store, goal1) {
        let t = m.store.to_term(goal1, &mut Vec::new());
        return Err(type_error("acyclic_term", t));
    }
    let imp = m.deref(a[1]);
    let (module, imp) = match m.store.view(imp) {
        View::Compound(f, 2, first) if f == atoms::COLON => {
            (Some(m.store.heap[first]), m.deref(m.store.heap[first + 1]))
        }
        _ => (None, imp),
    };
    let imp1 = match m.store.view(imp) {
        View::Compound(f, k, _) if k == n => m.store.new_compound(f, &args),
        _ => imp,
    };
    let imp1 = match module {
        Some(md) => m.store.new_compound(atoms::COLON, &[md, imp1]),
        None => imp1,
    };
    let (id, status) = m.tables.table_of(&m.store, goal1);
    Ok(m.unify(a[3], goal1)
        && m.unify(a[4], imp1)
        && m.unify(a[5], Cell::small(id as i64))
        && m.unify(a[6], Cell::atom(status_atom(status))))
}

/// `'$tbl_moded_update'(+Id, +Answer, +Modes, -Result)`: aggregates Answer
/// into the moded table Id. Result is `kept(Kept)` when the answer kept
/// for Answer's index arguments is new or changed by the built-in modes,
/// `old(Old, Slot)` when Prolog code is to aggregate (`sum`, `lattice`,
/// `po`); fails when nothing changed.
fn moded_update(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0])?;
    let answer = m.deref(a[1]);
    if !crate::term::cyclic::is_acyclic(&m.store, answer) {
        let t = m.store.to_term(answer, &mut Vec::new());
        return Err(type_error("acyclic_term", t));
    }
    let modes = modes(m, a[2])?;
    let r = match m.tables.moded_update(&mut m.store, id, answer, &modes) {
        ModedUpdate::Same => return Ok(false),
        ModedUpdate::Kept(k) => m.store.new_compound(Atom::new("kept"), &[k]),
        ModedUpdate::Old(old, slot) => {
            let slot = Cell::small(slot as i64);
            m.store.new_compound(Atom::new("old"), &[old, slot])
        }
    };
    Ok(m.unify(a[3], r))
}

/// `'$tbl_moded_set'(+Id, +Slot, +Answer)`: Answer becomes the one kept in
/// Slot of moded table Id.
fn moded_set(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0])?;
    let slot = get_int(m, m.deref(a[1]))?.max(0) as usize;
    let answer = m.deref(a[2]);
    if !crate::term::cyclic::is_acyclic(&m.store, answer) {
        let t = m.store.to_term(answer, &mut Vec::new());
        return Err(type_error("acyclic_term", t));
    }
    m.tables.moded_set(&m.store, id, slot, answer);
    Ok(true)
}

/// `'$tbl_answer'(+Id, ?Answer)`: the answers of the table in the order
/// found, also those added while they are being read.
fn answer(m: &mut Machine, a: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    let id = table_id(m, a[0])?;
    let i = redo
        .take()
        .and_then(|b| b.downcast::<usize>().ok())
        .map_or(0, |b| *b);
    let Some(c) = m.tables.answer(id, i) else {
        return Ok(false);
    };
    let t = c.restore(&mut m.store);
    // While the table is being evaluated, answers added after this one are
    // read too (a loop then finds a chain of answers in one round).
    if m.tables.answer(id, i + 1).is_some() || m.tables.status(id) != Status::Complete {
        *redo = Some(Box::new(i + 1));
    }
    Ok(m.unify(a[1], t))
}

/// `'$tbl_round'(-N)`: starts a round of the evaluation on top; N is the
/// number of answers added to any table so far.
fn round(m: &mut Machine, a: &[Cell]) -> Res {
    let n = m.tables.round();
    let n = m.store.new_int(n as i64);
    Ok(m.unify(a[0], n))
}

/// `'$tbl_rerun'(+Id)`: the clauses of incomplete table Id are to run now,
/// once in the current round of the evaluation on top.
fn rerun(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0])?;
    Ok(m.tables.rerun(id))
}

/// `'$tbl_push'(+Id, -Depth)`: starts evaluating table Id.
fn push(m: &mut Machine, a: &[Cell]) -> Res {
    let d = m.tables.push(table_id(m, a[0])?);
    Ok(m.unify(a[1], Cell::small(d as i64)))
}

/// `'$tbl_depends_on'(+Id)`: the evaluation on top read table Id's answers.
fn depends_on(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0])?;
    m.tables.depends_on(id);
    Ok(true)
}

/// `'$tbl_looping'(+Depth)`: another round may find more answers.
fn looping(m: &mut Machine, a: &[Cell]) -> Res {
    let depth = get_int(m, m.deref(a[0]))?;
    Ok(m.tables.looping(depth.max(0) as usize))
}

/// `'$tbl_pop'`: ends the evaluation on top (see `Tables::pop`).
fn pop(m: &mut Machine, _: &[Cell]) -> Res {
    m.tables.pop();
    Ok(true)
}

/// `'$tbl_abandon'`: after an exception, abandons every evaluation.
fn abandon(m: &mut Machine, _: &[Cell]) -> Res {
    m.tables.abandon();
    Ok(true)
}

/// `abolish_all_tables`: forgets every table (as SWI-Prolog, refused while
/// a tabled call is being evaluated).
fn abolish_all_tables(m: &mut Machine, _: &[Cell]) -> Res {
    if m.tables.clear() {
        Ok(true)
    } else {
        Err(permission_error("abolish", "table", Term::atom("all")))
    }
}

#[cfg(test)]
mod tests {
    use crate::Machine;

    #[test]
    fn bad_table_ids_raise_errors() {
        let mut m = Machine::new();
        for goal in [
            "'$tbl_add'(99, x)",
            "'$tbl_answer'(foo, _)",
            "'$tbl_push'(-1, _)",
            "'$tbl_depends_on'(_)",
            "'$tbl_looping'(a)",
            "'$tbl_rerun'(7)",
        ] {
            let mut answers = m.query(goal).unwrap();
            assert!(matches!(answers.next(), Some(Err(_))), "{goal}");
        }
    }
}
