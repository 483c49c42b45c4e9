//! The builtins under library tabling.pl: the answer tables of tabled
//! predicates and their evaluation stack (`machine::tables`), and
//! `abolish_all_tables/0`.

use super::terms::{culprit, get_int};
use crate::machine::error::{domain_error, permission_error, type_error, PlError, Res};
use crate::machine::tables::Status;
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{Atom, Cell, Term};
use std::any::Any;

/// Builtins of this family.
pub const TABLING_BUILTINS: BuiltinTable = &[
    ("$tbl_table", 3, Builtin::Det(table)),
    ("$tbl_add", 2, Builtin::Det(add)),
    ("$tbl_moded_get", 3, Builtin::Det(moded_get)),
    ("$tbl_moded_put", 3, Builtin::Det(moded_put)),
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
    let name = match status {
        Status::Fresh => "fresh",
        Status::Active => "active",
        Status::Incomplete => "incomplete",
        Status::Complete => "complete",
    };
    Ok(m.unify(a[1], Cell::small(id as i64)) && m.unify(a[2], Cell::atom(Atom::new(name))))
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

/// `'$tbl_moded_get'(+Id, +Key, -Answer)`: the answer kept for index
/// arguments Key (answer subsumption); fails when there is none.
fn moded_get(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0])?;
    let Some(c) = m.tables.moded_get(&m.store, id, a[1]) else {
        return Ok(false);
    };
    let t = c.restore(&mut m.store);
    Ok(m.unify(a[2], t))
}

/// `'$tbl_moded_put'(+Id, +Key, +Answer)`: Answer becomes the one kept for Key.
fn moded_put(m: &mut Machine, a: &[Cell]) -> Res {
    let id = table_id(m, a[0])?;
    for c in [a[1], a[2]] {
        if !crate::term::cyclic::is_acyclic(&m.store, c) {
            let t = m.store.to_term(c, &mut Vec::new());
            return Err(type_error("acyclic_term", t));
        }
    }
    m.tables.moded_put(&m.store, id, a[1], a[2]);
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
