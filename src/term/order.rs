//! The standard order of terms (`compare/3`, `@<`, `sort/2`) and structural
//! equality (`==`), both iterative so deep terms cannot overflow the stack.
//!
//! Order: Var < Number < String < Atom < Compound (what SWI-Prolog 9 does,
//! although its manual lists atoms before strings). Numbers compare by value;
//! a float and an integer that are equal order the float first. Compounds
//! compare by arity, then name, then arguments left to right.

use super::atom::atoms;
use super::cell::{tag, Cell};
use super::store::{Store, View};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::cmp::Ordering;

/// Steps of `compare` and `identical` before they remember compound pairs.
const CYCLE_CHECK_AFTER: usize = 100_000;

fn class(v: &View) -> u8 {
    match v {
        View::Var(_) => 0,
        View::Int(_) | View::BigInt(_) | View::Float(_) => 1,
        View::Str(_) => 3,
        View::Atom(_) => 4,
        View::Compound(..) => 5,
    }
}

/// Compares two numbers in standard order.
fn compare_numbers(store: &Store, a: &View, b: &View) -> Ordering {
    let big = |v: &View| -> Option<BigInt> {
        match v {
            View::Int(i) => Some(BigInt::from(*i)),
            View::BigInt(c) => Some(store.bigint(*c)),
            _ => None,
        }
    };
    let as_f = |v: &View| -> f64 {
        match v {
            View::Int(i) => *i as f64,
            View::BigInt(c) => store.bigint(*c).to_f64().unwrap_or(f64::NAN),
            View::Float(f) => *f,
            _ => unreachable!(),
        }
    };
    match (a, b) {
        (View::Int(x), View::Int(y)) => x.cmp(y),
        (View::Float(x), View::Float(y)) => x.total_cmp(y),
        (View::Float(_), _) | (_, View::Float(_)) => {
            let (x, y) = (as_f(a), as_f(b));
            match x.partial_cmp(&y) {
                Some(Ordering::Equal) | None => {
                    let fa = matches!(a, View::Float(_));
                    let fb = matches!(b, View::Float(_));
                    // equal values: Float < Int
                    fb.cmp(&fa)
                }
                Some(o) => o,
            }
        }
        _ => big(a).unwrap().cmp(&big(b).unwrap()),
    }
}

/// Compares two terms in the standard order of terms.
pub fn compare(store: &Store, a: Cell, b: Cell) -> Ordering {
    // Atomic terms (the common case when sorting) need no work stack.
    let (da, db) = (store.deref(a), store.deref(b));
    if da.tag() == tag::INT && db.tag() == tag::INT {
        return da.get_int().cmp(&db.get_int());
    }
    // The stack allocates only when a compound has compound arguments.
    let mut stack = Vec::new();
    let o = compare_one(store, da, db, &mut stack);
    if o != Ordering::Equal {
        return o;
    }
    // Cyclic terms: after many steps, a pair of compounds met again is taken
    // as equal (co-induction), as for `==`, so comparing them ends.
    let mut steps = 0usize;
    let mut seen: std::collections::HashSet<(usize, usize)> = std::collections::HashSet::new();
    while let Some((a, b)) = stack.pop() {
        steps += 1;
        if steps > CYCLE_CHECK_AFTER {
            let (da, db) = (store.deref(a), store.deref(b));
            let compound = |c: Cell| matches!(c.tag(), tag::STR | tag::LIS);
            if compound(da) && compound(db) && !seen.insert((da.val(), db.val())) {
                continue;
            }
        }
        let o = compare_one(store, a, b, &mut stack);
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

/// Compares the principal parts of two terms; pushes argument pairs still to compare.
fn compare_one(store: &Store, a: Cell, b: Cell, stack: &mut Vec<(Cell, Cell)>) -> Ordering {
    {
        let (a, b) = (store.deref(a), store.deref(b));
        if a == b && a.tag() != tag::BOX {
            return Ordering::Equal;
        }
        if a.tag() == tag::INT && b.tag() == tag::INT {
            return a.get_int().cmp(&b.get_int());
        }
        let (va, vb) = (store.view(a), store.view(b));
        let (ca, cb) = (class(&va), class(&vb));
        if ca != cb {
            return ca.cmp(&cb);
        }

        match (&va, &vb) {
            (View::Var(x), View::Var(y)) => x.cmp(y),
            // `[]` orders before the atom '[]', which has the same name.
            (View::Atom(x), View::Atom(y)) => x
                .name()
                .cmp(y.name())
                .then_with(|| (*x != atoms::NIL).cmp(&(*y != atoms::NIL))),
            (View::Str(x), View::Str(y)) => x.cmp(y),
            (View::Compound(fa, na, pa), View::Compound(fb, nb, pb)) => {
                let o = na.cmp(nb).then_with(|| {
                    if fa == fb {
                        Ordering::Equal
                    } else {
                        fa.name().cmp(fb.name())
                    }
                });
                if o != Ordering::Equal {
                    return o;
                }
                // Atomic arguments are compared here; from the first compound
                // one on, the pairs go on the stack (first argument on top).
                for i in 0..*na {
                    let (x, y) = (
                        store.deref(store.heap[pa + i]),
                        store.deref(store.heap[pb + i]),
                    );
                    let compound = |c: Cell| matches!(c.tag(), tag::STR | tag::LIS);
                    if compound(x) || compound(y) {
                        for j in (i..*na).rev() {
                            stack.push((store.heap[pa + j], store.heap[pb + j]));
                        }
                        return Ordering::Equal;
                    }
                    let o = compare_one(store, x, y, stack);
                    if o != Ordering::Equal {
                        return o;
                    }
                }
                Ordering::Equal
            }
            _ => compare_numbers(store, &va, &vb),
        }
    }
}

/// Structural identity (`==/2`): same shape, same atoms and numbers, same variables.
/// Terminates on cyclic terms: after many steps it remembers the pairs of
/// compounds already compared (bisimulation), so a cycle is walked once.
pub fn identical(store: &Store, a: Cell, b: Cell) -> bool {
    let (a, b) = (store.deref(a), store.deref(b));
    if a == b {
        return true;
    }
    // Distinct variables, atoms and small integers are different terms.
    let simple = |c: Cell| matches!(c.tag(), tag::REF | tag::ATOM | tag::INT);
    if simple(a) || simple(b) {
        return false;
    }
    let mut stack: smallvec::SmallVec<[(Cell, Cell); 16]> = smallvec::smallvec![(a, b)];
    let mut steps = 0usize;
    let mut seen: Option<std::collections::HashSet<(usize, usize)>> = None;
    while let Some((a, b)) = stack.pop() {
        steps += 1;
        let (a, b) = (store.deref(a), store.deref(b));
        if a == b {
            continue;
        }
        match (store.view(a), store.view(b)) {
            (View::Compound(fa, na, pa), View::Compound(fb, nb, pb)) => {
                if fa != fb || na != nb {
                    return false;
                }
                if steps > CYCLE_CHECK_AFTER && !seen.get_or_insert_default().insert((pa, pb)) {
                    continue;
                }
                for i in 0..na {
                    stack.push((store.heap[pa + i], store.heap[pb + i]));
                }
            }
            (View::Float(x), View::Float(y)) => {
                if x.to_bits() != y.to_bits() {
                    return false;
                }
            }
            (View::Str(x), View::Str(y)) => {
                if x != y {
                    return false;
                }
            }
            (View::BigInt(x), View::BigInt(y)) => {
                if store.bigint(x) != store.bigint(y) {
                    return false;
                }
            }
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::{Store, Term};
    use std::collections::HashMap;

    fn cell(s: &mut Store, t: Term) -> Cell {
        s.from_term(&t, &mut HashMap::new())
    }

    #[test]
    fn standard_order_classes() {
        let mut s = Store::new();
        let v = s.new_var();
        let one = cell(&mut s, Term::Int(1));
        let onef = cell(&mut s, Term::Float(1.0));
        let a = cell(&mut s, Term::atom("a"));
        let st = cell(&mut s, Term::Str("a".into()));
        let f = cell(&mut s, Term::compound("f", vec![Term::Int(1)]));
        let order = [v, onef, one, st, a, f];
        for w in order.windows(2) {
            assert_eq!(compare(&s, w[0], w[1]), Ordering::Less, "{:?}", w);
        }
    }

    #[test]
    fn compounds_by_arity_then_name_then_args() {
        let mut s = Store::new();
        let a = cell(&mut s, Term::compound("z", vec![Term::Int(1)]));
        let b = cell(
            &mut s,
            Term::compound("a", vec![Term::Int(1), Term::Int(2)]),
        );
        assert_eq!(compare(&s, a, b), Ordering::Less);
        let c = cell(
            &mut s,
            Term::compound("f", vec![Term::Int(1), Term::Int(3)]),
        );
        let d = cell(
            &mut s,
            Term::compound("f", vec![Term::Int(1), Term::Int(2)]),
        );
        assert_eq!(compare(&s, c, d), Ordering::Greater);
        assert!(identical(&s, c, c));
        assert!(!identical(&s, c, d));
    }
}
