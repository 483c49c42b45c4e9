//! The abstract machine: clause compiler, instructions, run loop, unification,
//! database and exceptions.
//!
//! Builtins see the machine through a small surface: `store` (the heap),
//! `unify`, `flags`, `ops`, and the output buffer.

pub mod error;
pub mod unify;

use crate::syntax::ops::Ops;
use crate::term::{Atom, Cell, Store};
use std::any::Any;

pub use error::{PlError, Res};

/// A deterministic builtin: reads its argument cells, unifies outputs.
pub type DetFn = fn(&mut Machine, &[Cell]) -> Res;

/// A nondeterministic builtin. Called first with `*redo == None`; it leaves
/// `Some(state)` in `redo` when more solutions may follow, and is then called
/// again with that state after backtracking has undone its bindings. The state
/// must hold Rust values, not heap cells built by the builtin (those are
/// reclaimed on backtracking).
pub type NondetFn = fn(&mut Machine, &[Cell], &mut Option<Box<dyn Any>>) -> Res;

/// A builtin's implementation.
#[derive(Copy, Clone)]
pub enum Builtin {
    /// Deterministic: never leaves a choicepoint.
    Det(DetFn),
    /// Nondeterministic: may be retried on backtracking.
    Nondet(NondetFn),
}

/// A family's table of builtins: (name, arity, implementation).
pub type BuiltinTable = &'static [(&'static str, usize, Builtin)];

/// How `"text"` is read (flag `double_quotes`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DoubleQuotes {
    /// A string object (SWI-Prolog 7 default).
    String,
    /// A list of character codes.
    Codes,
    /// A list of one-character atoms.
    Chars,
    /// An atom.
    Atom,
}

/// What to do when an unknown procedure is called (flag `unknown`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// Raise `existence_error(procedure, PI)`.
    Error,
    /// Print a warning and fail.
    Warning,
    /// Fail silently.
    Fail,
}

/// Prolog flags that change the machine's behaviour.
#[derive(Clone, Debug)]
pub struct Flags {
    /// `double_quotes`.
    pub double_quotes: DoubleQuotes,
    /// `unknown`.
    pub unknown: Unknown,
}

impl Default for Flags {
    fn default() -> Flags {
        Flags {
            double_quotes: DoubleQuotes::String,
            unknown: Unknown::Error,
        }
    }
}

/// The Prolog machine.
pub struct Machine {
    /// The term heap.
    pub store: Store,
    /// Bindings to undo on backtracking: (heap address, previous cell).
    pub trail: Vec<(usize, Cell)>,
    /// Heap top at the newest choicepoint: bindings below it are trailed.
    pub hb: usize,
    /// The operator table.
    pub ops: Ops,
    /// Prolog flags.
    pub flags: Flags,
    /// Text written to the current output and not yet flushed.
    pub out: String,
}

impl Default for Machine {
    fn default() -> Machine {
        Machine::new()
    }
}

impl Machine {
    /// A machine with an empty database.
    pub fn new() -> Machine {
        Machine {
            store: Store::new(),
            trail: Vec::new(),
            hb: 0,
            ops: Ops::swi_default(),
            flags: Flags::default(),
            out: String::new(),
        }
    }

    /// Dereferences a cell.
    #[inline(always)]
    pub fn deref(&self, c: Cell) -> Cell {
        self.store.deref(c)
    }

    /// Binds the unbound variable at `addr` to `value`, trailing when needed.
    #[inline(always)]
    pub fn bind(&mut self, addr: usize, value: Cell) {
        if addr < self.hb {
            self.trail.push((addr, self.store.heap[addr]));
        }
        self.store.heap[addr] = value;
    }

    /// Overwrites heap cell `addr` (setarg/3), trailing its old value unconditionally.
    pub fn assign_backtrackable(&mut self, addr: usize, value: Cell) {
        self.trail.push((addr, self.store.heap[addr]));
        self.store.heap[addr] = value;
    }

    /// Undoes bindings back to trail length `mark`.
    pub fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (addr, old) = self.trail.pop().unwrap();
            self.store.heap[addr] = old;
        }
    }

    /// Writes text to the current output.
    pub fn write_out(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// An atom cell.
    pub fn atom_cell(&self, name: &str) -> Cell {
        Cell::atom(Atom::new(name))
    }
}
