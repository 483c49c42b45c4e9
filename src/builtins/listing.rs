//! What `listing/1` needs beyond `portray_clause/1`: the clauses of a
//! predicate with the source names of their variables, and a clause written
//! with them (`_` for another variable that occurs once, letters that no
//! source name uses for the rest), as SWI-Prolog's listing shows it.

use super::db::clause_list;
use crate::machine::error::Res;
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::syntax::portray::portray_clause_named;
use crate::syntax::writer::var_occurrences;
use crate::term::{atoms, Atom, Cell, View};
use std::collections::HashMap;

/// Builtins of this family.
pub const LISTING_BUILTINS: BuiltinTable = &[
    ("$source_clauses", 2, Builtin::Det(source_clauses)),
    ("$occurrences", 3, Builtin::Det(occurrences)),
    (
        "$portray_clause_named",
        2,
        Builtin::Det(portray_clause_named2),
    ),
];

/// `'$source_clauses'(:Name/Arity, -Clauses)`: each clause as
/// `Clause-Bindings`, `Bindings` the `Name = Var` pairs of its source
/// variable names (`[]` for a clause not loaded as written).
fn source_clauses(m: &mut Machine, a: &[Cell]) -> Res {
    let eq = Atom::new("=");
    let pair = Atom::new("-");
    clause_list(m, a, |m, data| {
        let c = data.restore(&mut m.store);
        let vars = var_occurrences(&m.store, c);
        let mut bindings = Vec::new();
        for ((v, _), name) in vars.iter().zip(data.var_names.iter()) {
            if !name.is_empty() {
                let n = Cell::atom(Atom::new(name));
                bindings.push(m.store.new_compound(eq, &[n, Cell::var(*v)]));
            }
        }
        let list = m.store.new_list_from(&bindings, Cell::atom(atoms::NIL));
        m.store.new_compound(pair, &[c, list])
    })
}

/// `'$occurrences'(@Term, @Var, ?N)`: `Var` occurs `N` times in `Term`.
fn occurrences(m: &mut Machine, a: &[Cell]) -> Res {
    let v = m.store.deref(a[1]);
    let n = if v.is_ref() {
        var_occurrences(&m.store, a[0])
            .into_iter()
            .find(|&(addr, _)| addr == v.val())
            .map_or(0, |(_, n)| n)
    } else {
        0
    };
    let n = Cell::small(n as i64);
    Ok(m.unify(a[2], n))
}

/// `'$portray_clause_named'(+Clause, +Bindings)`: `portray_clause/1` of
/// `Clause` with the variables of `Bindings` (`Name = Var`) written with
/// their source names.
fn portray_clause_named2(m: &mut Machine, a: &[Cell]) -> Res {
    let mut source: HashMap<usize, String> = HashMap::new();
    let mut list = m.store.deref(a[1]);
    while let View::Compound(f, 2, first) = m.store.view(list) {
        if f != atoms::DOT {
            break;
        }
        let b = m.store.deref(m.store.heap[first]);
        if let View::Compound(_, 2, bf) = m.store.view(b) {
            let (n, v) = (
                m.store.deref(m.store.heap[bf]),
                m.store.deref(m.store.heap[bf + 1]),
            );
            if let (View::Atom(name), true) = (m.store.view(n), v.is_ref()) {
                source.insert(v.val(), name.name().to_string());
            }
        }
        list = m.store.deref(m.store.heap[first + 1]);
    }
    let mut s = String::new();
    portray_clause_named(&mut s, &m.store, &m.ops, a[0], &source);
    m.emit_out(&s)?;
    Ok(true)
}
