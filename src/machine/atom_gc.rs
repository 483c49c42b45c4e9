//! Atom garbage collection: frees the transient atoms (see `term::atom`)
//! that this machine made and no longer holds.
//!
//! The marking is conservative: every cell of the heap up to its top (dead
//! cells below the top included), of the registers, the environment stack,
//! the saved arguments, the trail and the other cell roots of `gc.rs`, and of
//! the findall bags in flight, counts if it looks like an atom or a functor
//! header (the raw words of boxed numbers and strings too: they may keep an
//! atom alive, never free one). Everything else that keeps atoms (clauses,
//! predicate, module and operator tables, aliases, global variables, tables,
//! owned terms, exception balls) pins them when it takes them, so it needs no
//! marking. A collection runs at a call boundary of the outermost query,
//! where no Rust code holds an atom it has not pinned.

use super::run::CpKind;
use super::Machine;
use crate::term::atom::{atom_numbers, collect_transient};
use crate::term::Cell;

/// Transient atoms made between two collections, at least.
const MIN_ATOMS: usize = 10_000;

/// A bit per atom number: the atoms met while marking.
struct AtomMarks(Vec<u64>);

impl AtomMarks {
    #[inline]
    fn cell(&mut self, c: Cell) {
        let Some(a) = c.named_atom() else {
            return;
        };
        if let Some(w) = self.0.get_mut(a.0 as usize / 64) {
            *w |= 1 << (a.0 % 64);
        }
    }

    fn cells(&mut self, cells: impl IntoIterator<Item = Cell>) {
        for c in cells {
            self.cell(c);
        }
    }
}

impl Machine {
    /// Collects atoms if enough transient atoms were made since the last
    /// collection; at a call boundary (see the module's comment).
    #[inline]
    pub(crate) fn atom_gc_point(&mut self) {
        if self.store.atoms_made >= self.atom_gc_at && self.depth == 1 {
            self.collect_atoms();
        }
    }

    /// The smallest number of atoms made that triggers a collection:
    /// `MIN_ATOMS`, or one when `PUZZLOG_GC_STRESS` is set (a testing aid
    /// that collects at nearly every look at the limits).
    pub(crate) fn initial_atom_gc_min() -> usize {
        if std::env::var_os("PUZZLOG_GC_STRESS").is_some() {
            1
        } else {
            MIN_ATOMS
        }
    }

    /// Marks the atoms the machine's cells name and frees this machine's
    /// transient atoms among the others. Schedules the next collection when
    /// as many atoms were made again as survived, and not before the heap
    /// could be walked again at a cost of a few cells per atom.
    pub fn collect_atoms(&mut self) {
        let mut marks = AtomMarks(vec![0; atom_numbers() / 64 + 1]);
        marks.cells(self.store.heap.iter().copied());
        marks.cells(self.x.iter().copied());
        marks.cells(self.stack.iter().copied());
        marks.cells(self.argstack.iter().copied());
        marks.cells(self.trail.iter().map(|&(_, old)| old));
        marks.cells(self.roots.iter().copied());
        for cp in &self.cps {
            match cp.kind {
                CpKind::Cleanup(g) => marks.cell(g),
                CpKind::Det(d) => marks.cell(d.goal),
                _ => {}
            }
        }
        for bag in &self.bags {
            marks.cells(bag.raw_cells());
        }
        let kept = collect_transient(self.store.atom_owner, &marks.0);
        self.store.atoms_made = 0;
        self.atom_gc_at = kept.max(self.store.heap.len() / 8).max(self.atom_gc_min);
    }
}

#[cfg(test)]
mod tests {
    use crate::machine::Machine;
    use crate::term::atom::atom_count;

    fn succeeds(m: &mut Machine, goal: &str) -> bool {
        let ok = matches!(m.query(goal).unwrap().next(), Some(Ok(_)));
        ok
    }

    /// Atoms made in a failure-driven loop are freed; those a clause, a
    /// global variable or a live term keeps stay, with their names.
    #[test]
    fn loop_atoms_are_freed_and_kept_atoms_stay() {
        let mut m = Machine::new();
        m.consult_str(
            "keep :- atom_concat(kept_by_clause_, 1, A), assertz(kept(A)),
                     atom_concat(kept_by_global_, 1, B), nb_setval(k, B).
             churn(N) :- between(1, N, I), atom_concat(churned_atom_, I, _), fail.
             churn(_).",
            "atom_gc_test",
        )
        .unwrap();
        assert!(succeeds(&mut m, "keep"));
        assert!(succeeds(
            &mut m,
            "atom_concat(live_, 1, L), churn(200000), atom_concat(live_, 1, L2), L == L2"
        ));
        let before = atom_count();
        assert!(succeeds(&mut m, "churn(200000)"));
        m.collect_atoms();
        assert!(
            atom_count() < before + 100_000,
            "the churned atoms were freed"
        );
        assert!(succeeds(
            &mut m,
            "kept(A), atom_concat(kept_by_clause_, 1, A2), A == A2"
        ));
        assert!(succeeds(
            &mut m,
            "nb_getval(k, B), atom_concat(kept_by_global_, 1, B2), B == B2"
        ));
        assert!(succeeds(
            &mut m,
            "atom_concat(churned_atom_, 7, X), atom_length(X, 14)"
        ));
    }
}
