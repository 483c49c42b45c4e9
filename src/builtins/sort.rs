//! Sorting builtins: `msort/2`, `sort/2`, `sort/4` and `keysort/2`, in the
//! standard order of terms and stable, as SWI-Prolog's.
//!
//! Long sorts stay interruptible: the items are sorted in chunks, then the
//! chunks are merged pairwise, and Ctrl-C is looked at between chunks and
//! every `CHUNK` merged items, so a sort of millions of items stops at once.

use super::terms::{culprit, list_arg};
use crate::machine::error::{domain_error, instantiation_error, plain_context, type_error};
use crate::machine::error::{PlError, Res};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::cell::tag;
use crate::term::cyclic::{list_skeleton, skip_list, ListEnd};
use crate::term::order::compare;
use crate::term::{atoms, Cell, Store, Term, View};
use std::cmp::Ordering;

/// The sorting builtins.
pub const SORT_BUILTINS: BuiltinTable = &[
    ("msort", 2, Builtin::Det(msort)),
    ("sort", 2, Builtin::Det(sort2)),
    ("sort", 4, Builtin::Det(sort4)),
    ("keysort", 2, Builtin::Det(keysort)),
];

/// Items sorted (or merged) between two looks at Ctrl-C.
const CHUNK: usize = 1 << 16;

/// A `(key, item)` pair: items are ordered by their keys.
type Keyed = (Cell, Cell);

/// The order of two pairs: standard order of the keys, reversed when `desc`.
fn key_order(store: &Store, x: &Keyed, y: &Keyed, desc: bool) -> Ordering {
    let o = compare(store, x.0, y.0);
    if desc {
        o.reverse()
    } else {
        o
    }
}

/// Sorts `v` stably by `key_order`; raises the interrupt if Ctrl-C comes meanwhile.
fn stable_sort(m: &Machine, v: &mut Vec<Keyed>, desc: bool) -> Res<()> {
    let store = &m.store;
    for chunk in v.chunks_mut(CHUNK) {
        m.check_interrupt()?;
        chunk.sort_by(|x, y| key_order(store, x, y, desc));
    }
    let n = v.len();
    let mut width = CHUNK;
    let mut buf = Vec::with_capacity(if n > CHUNK { n } else { 0 });
    while width < n {
        buf.clear();
        for start in (0..n).step_by(2 * width) {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            merge(m, &v[start..mid], &v[mid..end], &mut buf, desc)?;
        }
        std::mem::swap(v, &mut buf);
        width *= 2;
    }
    Ok(())
}

/// Appends the merge of the sorted runs `a` and `b` to `out`; on equal keys
/// the item of `a` comes first (stability).
fn merge(m: &Machine, a: &[Keyed], b: &[Keyed], out: &mut Vec<Keyed>, desc: bool) -> Res<()> {
    let store = &m.store;
    if let (Some(x), Some(y)) = (a.last(), b.first()) {
        if key_order(store, x, y, desc) != Ordering::Greater {
            out.extend_from_slice(a);
            out.extend_from_slice(b);
            return Ok(());
        }
    }
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if (i + j) % CHUNK == 0 {
            m.check_interrupt()?;
        }
        if key_order(store, &b[j], &a[i], desc) == Ordering::Less {
            out.push(b[j]);
            j += 1;
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    Ok(())
}

/// Sorts the pairs, drops the later of two pairs with equal keys when
/// `dedup`, and unifies the list of the items with `out`.
fn sort_pairs(m: &mut Machine, mut pairs: Vec<Keyed>, desc: bool, dedup: bool, out: Cell) -> Res {
    stable_sort(m, &mut pairs, desc)?;
    if dedup {
        pairs.dedup_by(|x, y| compare(&m.store, x.0, y.0) == Ordering::Equal);
    }
    let items: Vec<Cell> = pairs.into_iter().map(|(_, it)| it).collect();
    let nil = Cell::atom(atoms::NIL);
    let l = m.store.new_list_from(&items, nil);
    Ok(m.unify(out, l))
}

/// The items of the input list as pairs keyed by themselves.
fn self_keyed(m: &Machine, list: Cell) -> Result<Vec<Keyed>, PlError> {
    Ok(list_arg(m, list)?.into_iter().map(|c| (c, c)).collect())
}

/// The output argument must be a list or a partial list (or a cyclic one,
/// which the result will not unify with).
fn check_out_list(m: &Machine, c: Cell) -> Result<(), PlError> {
    let (_, end) = skip_list(&m.store, c);
    match end.tag() {
        tag::LIS | tag::REF => Ok(()),
        tag::ATOM if end.get_atom() == atoms::NIL => Ok(()),
        _ => Err(type_error("list", culprit(m, end))),
    }
}

/// The items of the list a sort that removes duplicates reads: as SWI, a
/// cyclic list stands for the elements of its cells.
fn set_items(m: &Machine, c: Cell) -> Result<Vec<Cell>, PlError> {
    match list_skeleton(&m.store, c) {
        (items, ListEnd::Cyclic) => Ok(items),
        _ => list_arg(m, c),
    }
}

fn msort(m: &mut Machine, a: &[Cell]) -> Res {
    let pairs = self_keyed(m, a[0])?;
    check_out_list(m, a[1])?;
    sort_pairs(m, pairs, false, false, a[1])
}

fn sort2(m: &mut Machine, a: &[Cell]) -> Res {
    let pairs = set_items(m, a[0])?.into_iter().map(|c| (c, c)).collect();
    check_out_list(m, a[1])?;
    sort_pairs(m, pairs, false, true, a[1])
}

/// The key of `item` for `sort/4`: the item itself (`key` 0) or its argument `key`.
fn nth_key(m: &Machine, key: i64, item: Cell) -> Result<Cell, PlError> {
    if key == 0 {
        return Ok(item);
    }
    match m.store.view(item) {
        View::Compound(_, n, first) if key as usize <= n => {
            Ok(m.store.heap[first + key as usize - 1])
        }
        View::Compound(..) => Err(PlError::error(
            Term::compound(
                "existence_error",
                vec![Term::atom("argument"), Term::Int(key), culprit(m, item)],
            ),
            None,
        )),
        View::Var(_) => Err(instantiation_error()),
        _ => Err(type_error("compound", culprit(m, item))),
    }
}

fn sort4(m: &mut Machine, a: &[Cell]) -> Res {
    let key = match m.store.view(m.deref(a[0])) {
        View::Var(_) => return Err(instantiation_error()),
        View::Int(k) => k,
        // Past any arity: SWI fails (a negative one is the error below).
        View::BigInt(b) if m.store.bigint(b).sign() != num_bigint::Sign::Minus => return Ok(false),
        View::BigInt(_) => -1,
        _ => return Err(type_error("sort_key", culprit(m, a[0]))),
    };
    // SWI says `not_less_than_one` although key 0 (the whole term) is allowed.
    if key < 0 {
        return Err(domain_error("not_less_than_one", culprit(m, a[0])));
    }
    let ord = m.deref(a[1]);
    let ord = match m.store.view(ord) {
        View::Atom(o) => o.name(),
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(type_error("atom", culprit(m, ord))),
    };
    let (desc, dedup) = match ord {
        "@<" => (false, true),
        "@=<" => (false, false),
        "@>" => (true, true),
        "@>=" => (true, false),
        _ => return Err(domain_error("order", Term::atom(ord))),
    };
    let items = if dedup {
        set_items(m, a[2])?
    } else {
        list_arg(m, a[2])?
    };
    check_out_list(m, a[3])?;
    let pairs = items
        .into_iter()
        .map(|it| Ok((nth_key(m, key, it)?, it)))
        .collect::<Result<Vec<_>, PlError>>()?;
    sort_pairs(m, pairs, desc, dedup, a[3])
}

fn keysort(m: &mut Machine, a: &[Cell]) -> Res {
    let items = list_arg(m, a[0])?;
    check_out_list(m, a[1])?;
    let mut pairs = Vec::with_capacity(items.len());
    for it in items {
        let d = m.deref(it);
        match m.store.view(d) {
            View::Compound(f, 2, first) if f == atoms::MINUS => {
                pairs.push((m.store.heap[first], d))
            }
            View::Var(_) => return Err(instantiation_error()),
            _ => {
                return Err(
                    type_error("pair", culprit(m, d)).with_context(plain_context("keysort", 2))
                )
            }
        }
    }
    sort_pairs(m, pairs, false, false, a[1])
}

#[cfg(test)]
mod tests {
    use crate::term::Term;
    use crate::Machine;

    /// The binding of `S` in the first answer of `goal`.
    fn answer(m: &mut Machine, goal: &str) -> Term {
        crate::machine::first_binding(m, goal, "S")
    }

    /// Sorting more items than one chunk (merges, stability, duplicates, descending order).
    #[test]
    fn chunked_sorts_agree_with_a_plain_sort() {
        let mut m = Machine::new();
        let n = 3 * super::CHUNK + 123;
        let goal = |g: &str| {
            format!("findall(K-I, (between(1, {n}, I), K is (I * 7919) mod 1000), L), {g}")
        };
        // Both orders are stable: within a key, the I stay ascending.
        let s = answer(
            &mut m,
            &goal(
                "keysort(L, S0), S0 = [_|_], \
            forall(nextto(K1-I1, K2-I2, S0), (K1 < K2 ; K1 =:= K2, I1 < I2)), S = ok",
            ),
        );
        assert_eq!(s, Term::atom("ok"));
        let s = answer(
            &mut m,
            &goal(
                "sort(1, @>=, L, S0), \
            forall(nextto(K1-I1, K2-I2, S0), (K1 > K2 ; K1 =:= K2, I1 < I2)), length(S0, N), S = N",
            ),
        );
        assert_eq!(s, Term::Int(n as i64));
        let s = answer(
            &mut m,
            &goal("pairs_keys(L, Ks), sort(Ks, S0), length(S0, S)"),
        );
        assert_eq!(s, Term::Int(1000));
        let s = answer(&mut m, &goal("sort(1, @>, L, S0), length(S0, S)"));
        assert_eq!(s, Term::Int(1000));
    }

    /// Ctrl-C stops a long sort with the abort ball; without it the sort completes.
    #[test]
    fn an_interrupt_stops_a_long_sort() {
        use crate::term::Cell;
        use std::sync::atomic::Ordering::Relaxed;
        let m = Machine::new();
        let pairs = |n: i64| -> Vec<(Cell, Cell)> {
            (0..n)
                .rev()
                .map(|i| (Cell::small(i % 977), Cell::small(i)))
                .collect()
        };
        let n = 3 * super::CHUNK as i64;
        let mut v = pairs(n);
        super::stable_sort(&m, &mut v, false).unwrap();
        assert!(v.windows(2).all(|w| w[0].0.get_int() <= w[1].0.get_int()));
        let mut v = pairs(n);
        m.interrupt.store(true, Relaxed);
        assert!(super::stable_sort(&m, &mut v, false).is_err());
        assert!(!m.interrupt.load(Relaxed), "the interrupt is taken");
    }
}
