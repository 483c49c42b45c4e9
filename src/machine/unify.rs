//! Unification, iterative so deeply nested terms cannot overflow the stack.
//!
//! Cyclic (rational) terms such as `X = f(X)` are unified too: after many
//! compound pairs (more than any ordinary term needs before it is done) the
//! unifier starts remembering the pairs of compound terms it has taken
//! apart, and a pair met again is taken as unifying (co-induction), so
//! unifying two cyclic terms ends.

use super::Machine;
use crate::term::cell::tag;
use crate::term::store::CYCLE_CHECK_AFTER;
use crate::term::{Cell, View};
use std::collections::HashSet;

/// False when the compound pair at heap addresses `pa`, `pb` was taken apart
/// before in this unification (only remembered once the budget is spent;
/// the set is made then: most unifications never need it).
#[inline(always)]
fn first_visit(
    budget: &mut usize,
    seen: &mut Option<HashSet<(usize, usize)>>,
    pa: usize,
    pb: usize,
) -> bool {
    if *budget > 0 {
        *budget -= 1;
        return true;
    }
    seen.get_or_insert_with(HashSet::new).insert((pa, pb))
}

/// What one step of unification (`Machine::settle`) leaves of a pair.
enum Pair {
    /// Unified (equal, or a variable bound).
    Settled,
    /// Two lists or two compounds: their arguments are still to unify.
    Compounds,
    /// No unifier.
    Clash,
}

impl Machine {
    /// Unifies `a` and `b`, binding and trailing variables. On failure some
    /// bindings may remain; the caller backtracks (or undoes to a trail mark).
    pub fn unify(&mut self, a: Cell, b: Cell) -> bool {
        // Most unifications bind a variable: they need no work stack.
        let (a, b) = (self.store.deref(a), self.store.deref(b));
        if a.is_ref() || b.is_ref() {
            self.bind_either(a, b);
            return true;
        }
        // The work stack is kept in the machine so that unification allocates nothing.
        let mut stack = std::mem::take(&mut self.unify_stack);
        stack.clear();
        let ok = self.unify_with(a, b, &mut stack);
        self.unify_stack = stack;
        ok
    }

    fn unify_with(&mut self, a: Cell, b: Cell, stack: &mut Vec<(Cell, Cell)>) -> bool {
        let (mut a, mut b) = (a, b);
        // Compound pairs left before pairs are remembered (cycle safety).
        let mut budget = CYCLE_CHECK_AFTER;
        let mut seen = None;
        loop {
            a = self.store.deref(a);
            b = self.store.deref(b);
            match self.settle(a, b) {
                Pair::Settled => {}
                Pair::Clash => return false,
                Pair::Compounds if a.tag() == tag::LIS => {
                    let (pa, pb) = (a.val(), b.val());
                    // A pair met before is taken as unifying: on to the next pair.
                    if first_visit(&mut budget, &mut seen, pa, pb) {
                        stack.push((self.store.heap[pa + 1], self.store.heap[pb + 1]));
                        a = self.store.heap[pa];
                        b = self.store.heap[pb];
                        continue;
                    }
                }
                Pair::Compounds => {
                    let (pa, pb) = (a.val(), b.val());
                    let f = self.store.heap[pa];
                    if f != self.store.heap[pb] {
                        return false;
                    }
                    let n = f.fun_arity();
                    // A zero-arity compound (`foo()`) has nothing more to unify.
                    if n > 0 && first_visit(&mut budget, &mut seen, pa, pb) {
                        // The leading arguments that settle at once are settled
                        // here, in order; from the first compound pair on, the
                        // rest wait on the stack as usual.
                        let mut i = 1;
                        while i <= n {
                            let x = self.store.deref(self.store.heap[pa + i]);
                            let y = self.store.deref(self.store.heap[pb + i]);
                            match self.settle(x, y) {
                                Pair::Settled => i += 1,
                                Pair::Clash => return false,
                                Pair::Compounds => break,
                            }
                        }
                        if i <= n {
                            for j in (i + 1..=n).rev() {
                                stack.push((self.store.heap[pa + j], self.store.heap[pb + j]));
                            }
                            a = self.store.heap[pa + i];
                            b = self.store.heap[pb + i];
                            continue;
                        }
                    }
                }
            }
            match stack.pop() {
                Some((x, y)) => {
                    a = x;
                    b = y;
                }
                None => return true,
            }
        }
    }

    /// One step of unifying the dereferenced `a` and `b`: equal cells and a
    /// variable (bound now) settle, two lists or two compounds remain to be
    /// opened, anything else clashes.
    #[inline(always)]
    fn settle(&mut self, a: Cell, b: Cell) -> Pair {
        if a == b {
            return Pair::Settled;
        }
        match (a.tag(), b.tag()) {
            (tag::REF, _) | (_, tag::REF) => {
                self.bind_either(a, b);
                Pair::Settled
            }
            (tag::LIS, tag::LIS) | (tag::STR, tag::STR) => Pair::Compounds,
            (tag::BOX, tag::BOX) if self.boxed_equal(a, b) => Pair::Settled,
            _ => Pair::Clash,
        }
    }

    /// Binds one of the dereferenced `a` and `b`, at least one a variable
    /// (the same one when both are): the younger variable to the older one,
    /// a plain variable to an attributed one (see `bind`), else the variable
    /// to the other term.
    #[inline(always)]
    fn bind_either(&mut self, a: Cell, b: Cell) {
        match (a.is_ref(), b.is_ref()) {
            (true, true) if a.val() < b.val() => self.bind(b.val(), a),
            (true, true) if a == b => {}
            (true, _) => self.bind(a.val(), b),
            _ => self.bind(b.val(), a),
        }
    }

    /// Equality of two boxed values (floats compare bitwise except 0.0 == -0.0 is false, as in SWI).
    fn boxed_equal(&self, a: Cell, b: Cell) -> bool {
        match (self.store.view(a), self.store.view(b)) {
            (View::Float(x), View::Float(y)) => x.to_bits() == y.to_bits() || (x == y && x != 0.0),
            (View::Str(x), View::Str(y)) => x == y,
            (View::BigInt(_), View::BigInt(_)) => {
                let n = self.store.boxed_size(a);
                n == self.store.boxed_size(b)
                    && self.store.heap[a.val()..a.val() + n]
                        == self.store.heap[b.val()..b.val() + n]
            }
            _ => false,
        }
    }

    /// Runs `f` as a trial: every binding it makes is trailed, and all of
    /// them are undone when it returns false.
    pub fn attempt(&mut self, f: impl FnOnce(&mut Machine) -> bool) -> bool {
        let mark = self.trail.len();
        let hb = self.hb;
        self.hb = self.store.top();
        let ok = f(self);
        self.hb = hb;
        if !ok {
            self.undo_to(mark);
        }
        ok
    }

    /// Unifies `a` with `b` and undoes any partial bindings on failure.
    pub fn unify_or_undo(&mut self, a: Cell, b: Cell) -> bool {
        self.attempt(|m| m.unify(a, b))
    }

    /// Tests whether `a` and `b` unify, always undoing the bindings (`\=`).
    pub fn unify_or_undo_all(&mut self, a: Cell, b: Cell) -> bool {
        let mark = self.trail.len();
        let ok = self.attempt(|m| m.unify(a, b));
        self.undo_to(mark);
        ok
    }
}

#[cfg(test)]
mod tests {
    use crate::machine::Machine;
    use crate::term::Term;
    use std::collections::HashMap;

    #[test]
    fn unify_binds_shared_variables() {
        let mut m = Machine::new();
        let mut vars = HashMap::new();
        let a = m.store.from_term(
            &Term::compound("f", vec![Term::Var(0), Term::Var(0)]),
            &mut vars,
        );
        let b = m.store.from_term(
            &Term::compound("f", vec![Term::Int(1), Term::Var(1)]),
            &mut vars,
        );
        assert!(m.unify(a, b));
        let y = vars[&1];
        assert_eq!(m.store.to_term(y, &mut Vec::new()), Term::Int(1));
    }

    #[test]
    fn unify_fails_on_clash_and_undo_restores() {
        let mut m = Machine::new();
        let mut vars = HashMap::new();
        let a = m.store.from_term(
            &Term::compound("f", vec![Term::Var(0), Term::atom("a")]),
            &mut vars,
        );
        let b = m.store.from_term(
            &Term::compound("f", vec![Term::Int(1), Term::atom("b")]),
            &mut vars,
        );
        assert!(!m.unify_or_undo(a, b));
        let x = vars[&0];
        assert!(m.store.deref(x).is_ref());
    }

    #[test]
    fn unify_deep_lists() {
        let mut m = Machine::new();
        let mut vars = HashMap::new();
        let items: Vec<Term> = (0..1_000_000).map(Term::Int).collect();
        let l = Term::list(items);
        let a = m.store.from_term(&l, &mut vars);
        let b = m.store.from_term(&l, &mut vars);
        assert!(m.unify(a, b));
    }
}
