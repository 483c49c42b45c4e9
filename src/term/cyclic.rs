//! Cyclic (rational) terms such as `X = f(X)`: finding the compound terms
//! through which a term refers back to itself, for `acyclic_term/1`,
//! `cyclic_term/1` and for writing such terms as SWI-Prolog does
//! (`@(S_1, [S_1=f(S_1)])`); and walking list skeletons that may be cyclic
//! (`X = [a|X]`) in bounded work, for the builtins that read lists.

use super::atom::atoms;
use super::cell::tag;
use super::store::{Store, View, CYCLE_CHECK_AFTER};
use super::Cell;
use smallvec::SmallVec;

/// The compound terms that the term `c` reaches again from inside
/// themselves, in order of discovery, each as the address of its first
/// argument (as in `View::Compound`) and its cell; empty for an acyclic term.
pub fn cycle_entries(store: &Store, c: Cell) -> Vec<(usize, Cell)> {
    if plain_walk_ends(store, c) {
        return Vec::new();
    }
    // Depth-first search; a compound met again while it is on the path is an entry.
    let mut on_path = Bits::new(store.heap.len());
    let mut seen = Bits::new(store.heap.len());
    let mut entries = Vec::new();
    // (compound address, arity, next argument)
    let mut path: Vec<(usize, usize, usize)> = Vec::new();
    let mut visit = |c: Cell, path: &mut Vec<(usize, usize, usize)>, on_path: &mut Bits| {
        if let View::Compound(_, n, first) = store.view(c) {
            if on_path.get(first) {
                if !entries.iter().any(|&(e, _)| e == first) {
                    entries.push((first, store.deref(c)));
                }
            } else if !seen.get(first) {
                seen.set(first);
                on_path.set(first);
                path.push((first, n, 0));
            }
        }
    };
    visit(c, &mut path, &mut on_path);
    while let Some(top) = path.last_mut() {
        let (first, n, i) = *top;
        if i == n {
            on_path.clear(first);
            path.pop();
            continue;
        }
        top.2 += 1;
        visit(store.heap[first + i], &mut path, &mut on_path);
    }
    entries
}

/// One bit per heap address (zeroed pages cost nothing until touched).
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len / 64 + 1])
    }
    #[inline]
    fn get(&self, a: usize) -> bool {
        self.0[a >> 6] & (1 << (a & 63)) != 0
    }
    #[inline]
    fn set(&mut self, a: usize) {
        self.0[a >> 6] |= 1 << (a & 63);
    }
    #[inline]
    fn clear(&mut self, a: usize) {
        self.0[a >> 6] &= !(1 << (a & 63));
    }
}

/// True when the term has no cycles.
pub fn is_acyclic(store: &Store, c: Cell) -> bool {
    cycle_entries(store, c).is_empty()
}

/// Walks the term without remembering anything; true when it ends within
/// `CYCLE_CHECK_AFTER` compounds (then the term is certainly acyclic).
fn plain_walk_ends(store: &Store, c: Cell) -> bool {
    // Most terms checked (asserted clauses, recorded values) are small: the
    // walk allocates nothing for them.
    let mut stack: SmallVec<[Cell; 32]> = SmallVec::new();
    stack.push(c);
    let mut compounds = 0usize;
    while let Some(c) = stack.pop() {
        if let View::Compound(_, n, first) = store.view(c) {
            compounds += 1;
            if compounds > CYCLE_CHECK_AFTER {
                return false;
            }
            stack.extend_from_slice(&store.heap[first..first + n]);
        }
    }
    true
}

/// Brent's cycle detection along the cells of a list skeleton: one
/// comparison per cell, and a cyclic list is recognised within about twice
/// its length.
pub struct TailCycle {
    saved: usize,
    power: usize,
    steps: usize,
}

impl Default for TailCycle {
    fn default() -> TailCycle {
        TailCycle {
            saved: usize::MAX,
            power: 1,
            steps: 0,
        }
    }
}

impl TailCycle {
    /// Notes the list cell at heap address `addr`; true once the walk has
    /// come round to a cell it met before (the list is cyclic).
    #[inline]
    pub fn seen_again(&mut self, addr: usize) -> bool {
        if addr == self.saved {
            return true;
        }
        self.steps += 1;
        if self.steps == self.power {
            self.saved = addr;
            self.power *= 2;
            self.steps = 0;
        }
        false
    }
}

/// What a list skeleton ends in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListEnd {
    /// `[]`: a proper list.
    Nil,
    /// An unbound variable: a partial list.
    Var(Cell),
    /// Anything else (dereferenced).
    Other(Cell),
    /// No end: the skeleton is cyclic.
    Cyclic,
}

/// The items of the list skeleton `c` (up to where it ends, or until its
/// cycle is recognised) and what it ends in.
pub fn list_skeleton(store: &Store, c: Cell) -> (Vec<Cell>, ListEnd) {
    let mut items = Vec::new();
    let mut cycle = TailCycle::default();
    let mut c = store.deref(c);
    loop {
        match c.tag() {
            tag::LIS => {
                if cycle.seen_again(c.val()) {
                    return (items, ListEnd::Cyclic);
                }
                items.push(store.heap[c.val()]);
                c = store.deref(store.heap[c.val() + 1]);
            }
            tag::REF => return (items, ListEnd::Var(c)),
            _ if c == Cell::atom(atoms::NIL) => return (items, ListEnd::Nil),
            _ => return (items, ListEnd::Other(c)),
        }
    }
}

/// Skips the list cells of `c`: how many, and the term after them (for a
/// cyclic skeleton, a list cell of it, as SWI's `'$skip_list'/3`).
pub fn skip_list(store: &Store, c: Cell) -> (usize, Cell) {
    let mut cycle = TailCycle::default();
    let mut n = 0;
    let mut c = store.deref(c);
    while c.tag() == tag::LIS {
        if cycle.seen_again(c.val()) {
            break;
        }
        n += 1;
        c = store.deref(store.heap[c.val() + 1]);
    }
    (n, c)
}

/// The items of a proper list; None for a partial, improper or cyclic list.
pub fn proper_list(store: &Store, c: Cell) -> Option<Vec<Cell>> {
    match list_skeleton(store, c) {
        (items, ListEnd::Nil) => Some(items),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::{Atom, Store};

    #[test]
    fn finds_the_entries_of_cycles_only() {
        let mut s = Store::new();
        let a = Cell::atom(Atom::new("a"));
        let f = s.new_compound(Atom::new("f"), &[a, a]);
        let g = s.new_compound(Atom::new("g"), &[f, f]);
        assert!(is_acyclic(&s, g));
        // X = f(X, a)
        let x = s.new_var();
        let fx = s.new_compound(Atom::new("f"), &[x, a]);
        s.heap[x.val()] = fx;
        let entries = cycle_entries(&s, x);
        assert_eq!(entries.len(), 1);
        assert!(!is_acyclic(&s, fx));
        // L = [a|L]
        let l = s.new_var();
        let cons = s.new_list_from(&[a], l);
        s.heap[l.val()] = cons;
        assert_eq!(cycle_entries(&s, cons).len(), 1);
    }

    #[test]
    fn cyclic_lists_end_their_walk() {
        let mut s = Store::new();
        let a = Cell::atom(Atom::new("a"));
        let nil = Cell::atom(atoms::NIL);
        let proper = s.new_list_from(&[a, a, a], nil);
        assert_eq!(proper_list(&s, proper).map(|v| v.len()), Some(3));
        // L = [a, a, a, a, a | T] with T = the third cell: a cycle of three after two.
        let t = s.new_var();
        let l = s.new_list_from(&[a, a, a, a, a], t);
        let third = s.heap[s.heap[l.val() + 1].val() + 1];
        s.heap[t.val()] = third;
        let (items, end) = list_skeleton(&s, l);
        assert_eq!(end, ListEnd::Cyclic);
        assert!(items.len() <= 2 * 5 + 2, "{}", items.len());
        assert_eq!(proper_list(&s, l), None);
        let v = s.new_var();
        let partial = s.new_list_from(&[a], v);
        assert_eq!(list_skeleton(&s, partial).1, ListEnd::Var(s.deref(v)));
    }
}
