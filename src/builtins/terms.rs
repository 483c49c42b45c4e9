//! Type tests, unification and comparison, term construction and inspection,
//! `length/2` and `between/3`.

use crate::machine::error::{
    domain_error, instantiation_error, plain_context, representation_error, type_error, PlError,
    Res,
};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::cell::{boxkind, tag};
use crate::term::cyclic::{proper_list, skip_list};
use crate::term::order::{compare, identical};
use crate::term::store::{attrs_at, CycleGuard};
use crate::term::{atoms, Atom, Cell, Term, View};
use num_bigint::BigInt;
use std::any::Any;
use std::cmp::Ordering;
use std::collections::HashMap;

/// Builtins of this family.
pub const TERM_BUILTINS: BuiltinTable = &[
    ("var", 1, Builtin::Det(is_var)),
    ("nonvar", 1, Builtin::Det(is_nonvar)),
    ("atom", 1, Builtin::Det(is_atom)),
    ("number", 1, Builtin::Det(is_number)),
    ("integer", 1, Builtin::Det(is_integer)),
    ("float", 1, Builtin::Det(is_float)),
    ("atomic", 1, Builtin::Det(is_atomic)),
    ("compound", 1, Builtin::Det(is_compound)),
    ("callable", 1, Builtin::Det(is_callable)),
    ("is_list", 1, Builtin::Det(is_list)),
    ("$skip_list", 3, Builtin::Det(skip_list_cells)),
    ("string", 1, Builtin::Det(is_string)),
    ("ground", 1, Builtin::Det(is_ground)),
    ("term_hash", 2, Builtin::Det(term_hash)),
    ("acyclic_term", 1, Builtin::Det(acyclic_term)),
    ("cyclic_term", 1, Builtin::Det(cyclic_term)),
    ("is_dict", 1, Builtin::Det(never)),
    ("=", 2, Builtin::Det(unify)),
    ("\\=", 2, Builtin::Det(not_unify)),
    ("unifiable", 3, Builtin::Det(unifiable)),
    ("?=", 2, Builtin::Det(can_compare)),
    ("unify_with_occurs_check", 2, Builtin::Det(unify_occurs)),
    ("==", 2, Builtin::Det(eq)),
    ("\\==", 2, Builtin::Det(neq)),
    ("@<", 2, Builtin::Det(lt)),
    ("@>", 2, Builtin::Det(gt)),
    ("@=<", 2, Builtin::Det(le)),
    ("@>=", 2, Builtin::Det(ge)),
    ("compare", 3, Builtin::Det(compare3)),
    ("=@=", 2, Builtin::Det(variant)),
    ("\\=@=", 2, Builtin::Det(not_variant)),
    ("functor", 3, Builtin::Det(functor)),
    ("arg", 3, Builtin::Nondet(arg)),
    ("=..", 2, Builtin::Det(univ)),
    ("$copy_term", 3, Builtin::Det(copy_term)),
    ("term_variables", 2, Builtin::Det(term_variables)),
    ("setarg", 3, Builtin::Det(setarg)),
    ("nb_setarg", 3, Builtin::Det(nb_setarg)),
    ("$length", 4, Builtin::Det(length)),
    ("between", 3, Builtin::Nondet(between)),
    ("numbervars", 3, Builtin::Det(numbervars)),
    ("compound_name_arity", 3, Builtin::Det(compound_name_arity)),
    (
        "compound_name_arguments",
        3,
        Builtin::Det(compound_name_arguments),
    ),
];

fn compound_name_arity(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.deref(a[0]);
    match view(m, t) {
        View::Compound(f, n, _) => {
            let fc = Cell::atom(f);
            let nc = Cell::small(n as i64);
            Ok(m.unify(a[1], fc) && m.unify(a[2], nc))
        }
        View::Var(_) => {
            let name = compound_name(m, a[1])?;
            let n = get_int(m, a[2])?;
            if n < 0 {
                return Err(domain_error("not_less_than_zero", Term::Int(n)));
            }
            let (c, _) = new_compound(m, name, n as usize)?;
            Ok(m.unify(t, c))
        }
        _ => Err(type_error("compound", culprit(m, t))),
    }
}

fn compound_name_arguments(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.deref(a[0]);
    match view(m, t) {
        View::Compound(f, n, first) => {
            let args: Vec<Cell> = (0..n).map(|i| m.store.heap[first + i]).collect();
            let fc = Cell::atom(f);
            let nil = Cell::atom(atoms::NIL);
            let l = m.store.new_list_from(&args, nil);
            Ok(m.unify(a[1], fc) && m.unify(a[2], l))
        }
        View::Var(_) => {
            let name = compound_name(m, a[1])?;
            let args = list_arg(m, a[2])?;
            let (c, first) = new_compound(m, name, args.len())?;
            m.store.heap[first..first + args.len()].copy_from_slice(&args);
            Ok(m.unify(t, c))
        }
        _ => Err(type_error("compound", culprit(m, t))),
    }
}

/// The name argument of `compound_name_arity/3` and
/// `compound_name_arguments/3` when they build a compound (of any arity,
/// `foo()` included): an atom.
fn compound_name(m: &Machine, c: Cell) -> Result<Atom, PlError> {
    match view(m, c) {
        View::Atom(x) => Ok(x),
        View::Var(_) => Err(instantiation_error()),
        _ => Err(type_error("atom", culprit(m, c))),
    }
}

fn view(m: &Machine, c: Cell) -> View<'_> {
    m.store.view(c)
}

/// The owned form of a cell, for error culprits.
pub fn culprit(m: &Machine, c: Cell) -> Term {
    crate::machine::error::culprit(&m.store, c)
}

fn is_var(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(m.deref(a[0]).is_ref())
}
fn is_nonvar(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(!m.deref(a[0]).is_ref())
}
fn is_atom(m: &mut Machine, a: &[Cell]) -> Res {
    // `[]` is a reserved constant, not an atom (SWI-Prolog 7).
    let c = m.deref(a[0]);
    Ok(c.is_atom() && c.get_atom() != atoms::NIL)
}
fn is_number(m: &mut Machine, a: &[Cell]) -> Res {
    let c = m.deref(a[0]);
    Ok(c.tag() == tag::INT || boxed_kind(m, c).is_some_and(|k| k != boxkind::STRING))
}
fn is_integer(m: &mut Machine, a: &[Cell]) -> Res {
    let c = m.deref(a[0]);
    Ok(c.tag() == tag::INT
        || boxed_kind(m, c).is_some_and(|k| k != boxkind::STRING && k != boxkind::FLOAT))
}
fn is_float(m: &mut Machine, a: &[Cell]) -> Res {
    let c = m.deref(a[0]);
    Ok(boxed_kind(m, c) == Some(boxkind::FLOAT))
}
fn is_atomic(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(!matches!(
        m.deref(a[0]).tag(),
        tag::REF | tag::STR | tag::LIS
    ))
}
fn is_compound(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(matches!(m.deref(a[0]).tag(), tag::STR | tag::LIS))
}
/// The kind of boxed value (`boxkind`) a dereferenced cell is, if it is one.
fn boxed_kind(m: &Machine, c: Cell) -> Option<u64> {
    (c.tag() == tag::BOX).then(|| m.store.heap[c.val()].hdr_kind())
}
fn is_callable(m: &mut Machine, a: &[Cell]) -> Res {
    let c = m.deref(a[0]);
    Ok(match c.tag() {
        tag::ATOM => c.get_atom() != atoms::NIL,
        tag::STR | tag::LIS => true,
        _ => false,
    })
}
fn is_list(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(skip_list(&m.store, a[0]).1 == Cell::atom(atoms::NIL))
}

/// `'$skip_list'(-Length, +List, -Rest)`: Rest is what follows the list
/// cells of List (`[]`, a variable, another term, or for a cyclic list one
/// of its cells), Length how many were skipped.
fn skip_list_cells(m: &mut Machine, a: &[Cell]) -> Res {
    let (n, rest) = skip_list(&m.store, a[1]);
    let n = Cell::small(n as i64);
    Ok(m.unify(a[0], n) && m.unify(a[2], rest))
}
fn is_string(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(matches!(view(m, a[0]), View::Str(_)))
}
fn never(_: &mut Machine, _: &[Cell]) -> Res {
    Ok(false)
}

/// True when the term has no unbound variables.
pub fn ground(m: &Machine, c: Cell) -> bool {
    let mut stack = vec![c];
    let mut guard = CycleGuard::default();
    while let Some(c) = stack.pop() {
        match m.store.view(c) {
            View::Var(_) => return false,
            View::Compound(_, n, first) if guard.first_visit(first) => {
                stack.extend((0..n).map(|i| m.store.heap[first + i]))
            }
            _ => {}
        }
    }
    true
}
fn is_ground(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(ground(m, a[0]))
}

/// A hash of a ground term in `0..2^24` (as SWI-Prolog's range; the values
/// differ from SWI's), or `None` if the term has a variable. Equal (`==`)
/// terms hash alike: atoms by name, numbers by value and type, compounds by
/// name, arity and arguments in order.
pub fn hash_ground(m: &Machine, c: Cell) -> Option<u32> {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut mix = |bytes: &[u8]| {
        for &b in bytes {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    };
    let mut stack = vec![c];
    let mut guard = CycleGuard::default();
    while let Some(c) = stack.pop() {
        match m.store.view(c) {
            View::Var(_) => return None,
            View::Atom(a) => {
                mix(b"a");
                mix(a.name().as_bytes());
            }
            View::Int(i) => {
                mix(b"i");
                mix(&i.to_le_bytes());
            }
            View::BigInt(b) => {
                mix(b"b");
                mix(&m.store.bigint(b).to_signed_bytes_le());
            }
            View::Float(f) => {
                mix(b"f");
                mix(&f.to_bits().to_le_bytes());
            }
            View::Str(t) => {
                mix(b"s");
                mix(&(t.len() as u64).to_le_bytes());
                mix(t.as_bytes());
            }
            View::Compound(name, n, first) => {
                mix(b"c");
                mix(name.name().as_bytes());
                mix(&(n as u64).to_le_bytes());
                if guard.first_visit(first) {
                    stack.extend((0..n).rev().map(|i| m.store.heap[first + i]));
                }
            }
        }
    }
    Some(((h ^ h >> 24 ^ h >> 48) & 0xff_ffff) as u32)
}

/// `term_hash(+Term, -Hash)`: `Hash` is a hash of a ground `Term` (see
/// `hash_ground`); for a term with variables `Hash` is left unbound.
fn term_hash(m: &mut Machine, a: &[Cell]) -> Res {
    match hash_ground(m, a[0]) {
        Some(h) => Ok(m.unify(a[1], Cell::small(h as i64))),
        None => Ok(true),
    }
}

fn acyclic_term(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(crate::term::cyclic::is_acyclic(&m.store, a[0]))
}
fn cyclic_term(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(!crate::term::cyclic::is_acyclic(&m.store, a[0]))
}

fn unify(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(m.unify(a[0], a[1]))
}
/// `\=`: the terms do not unify. As in SWI-Prolog, the hooks of the
/// attributed variables the unification binds run (a failing hook makes
/// the terms not unifiable); all bindings are undone.
fn not_unify(m: &mut Machine, a: &[Cell]) -> Res {
    let mark = m.trail.len();
    let hb = m.hb;
    m.hb = m.store.top();
    let mut r = Ok(m.unify(a[0], a[1]));
    m.hb = hb;
    if matches!(r, Ok(true)) && !m.wake.is_empty() {
        // A nested query runs the pending wake-up before its first goal.
        r = m.run_once(Cell::atom(atoms::TRUE));
    }
    m.undo_to(mark);
    Ok(!r?)
}

/// `unifiable(X, Y, Unifier)`: X and Y unify by the bindings `Var = Value`
/// of Unifier (newest first, as SWI-Prolog lists them; `[X = Y]` for a
/// variable X); nothing is bound.
fn unifiable(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.deref(a[0]);
    if x.is_ref() {
        // A variable on the left is the binding itself (as SWI-Prolog has it).
        let list = if identical(&m.store, x, a[1]) {
            Cell::atom(atoms::NIL)
        } else {
            let pair = m.store.new_compound(atoms::EQUALS, &[x, a[1]]);
            m.store.new_list(pair, Cell::atom(atoms::NIL))
        };
        return Ok(m.unify(a[2], list));
    }
    let mark = m.trail.len();
    let hb = m.hb;
    m.hb = m.store.top();
    let ok = m.unify(a[0], a[1]);
    m.hb = hb;
    let bound: Vec<(usize, Cell)> = m.trail[mark..]
        .iter()
        .rev()
        .map(|&(addr, _)| (addr, m.store.heap[addr]))
        .collect();
    m.undo_to(mark);
    if !ok {
        return Ok(false);
    }
    let pairs: Vec<Cell> = bound
        .into_iter()
        .map(|(addr, value)| {
            m.store
                .new_compound(atoms::EQUALS, &[Cell::var(addr), value])
        })
        .collect();
    let list = m.store.new_list_from(&pairs, Cell::atom(atoms::NIL));
    Ok(m.unify(a[2], list))
}

/// `?=(X, Y)`: X and Y are identical or cannot unify (their comparison is decided).
fn can_compare(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(identical(&m.store, a[0], a[1]) || !m.unify_or_undo_all(a[0], a[1]))
}

/// Occurs check: does the variable at `addr` occur in `c`?
fn occurs(m: &Machine, addr: usize, c: Cell) -> bool {
    // The variable at `addr` is already bound (to `c`), so dereferencing must
    // stop at it: look for it along every reference chain.
    let mut visited = std::collections::HashSet::new();
    let mut stack = vec![c];
    while let Some(mut c) = stack.pop() {
        while c.is_ref() {
            if c.val() == addr {
                return true;
            }
            let next = m.store.heap[c.val()];
            if next == c {
                break;
            }
            c = next;
        }
        if let View::Compound(_, n, first) = m.store.view(c) {
            // Bindings made by this unification may have closed cycles elsewhere.
            if visited.insert(first) {
                stack.extend((0..n).map(|i| m.store.heap[first + i]));
            }
        }
    }
    false
}

fn unify_occurs(m: &mut Machine, a: &[Cell]) -> Res {
    let mark = m.trail.len();
    Ok(m.attempt(|m| {
        // Every binding made must not create a cycle.
        m.unify(a[0], a[1])
            && m.trail[mark..]
                .iter()
                .all(|&(addr, _)| !occurs(m, addr, m.store.heap[addr]))
    }))
}

fn eq(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(identical(&m.store, a[0], a[1]))
}
fn neq(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(!identical(&m.store, a[0], a[1]))
}
fn lt(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(compare(&m.store, a[0], a[1]) == Ordering::Less)
}
fn gt(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(compare(&m.store, a[0], a[1]) == Ordering::Greater)
}
fn le(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(compare(&m.store, a[0], a[1]) != Ordering::Greater)
}
fn ge(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(compare(&m.store, a[0], a[1]) != Ordering::Less)
}
fn compare3(m: &mut Machine, a: &[Cell]) -> Res {
    let o = m.deref(a[0]);
    match view(m, o) {
        View::Var(_) => {}
        View::Atom(x) if [atoms::LESS, atoms::EQUALS, atoms::GREATER].contains(&x) => {}
        View::Atom(_) => return Err(domain_error("order", culprit(m, o))),
        _ => return Err(type_error("atom", culprit(m, o))),
    }
    let r = match compare(&m.store, a[1], a[2]) {
        Ordering::Less => atoms::LESS,
        Ordering::Equal => atoms::EQUALS,
        Ordering::Greater => atoms::GREATER,
    };
    Ok(m.unify(o, Cell::atom(r)))
}

/// Structural equivalence up to variable renaming (`=@=`).
pub fn is_variant(m: &Machine, a: Cell, b: Cell) -> bool {
    let mut map_ab: HashMap<usize, usize> = HashMap::new();
    let mut map_ba: HashMap<usize, usize> = HashMap::new();
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        match (m.store.view(a), m.store.view(b)) {
            (View::Var(x), View::Var(y)) => {
                if *map_ab.entry(x).or_insert(y) != y || *map_ba.entry(y).or_insert(x) != x {
                    return false;
                }
            }
            (View::Compound(f, n, pa), View::Compound(g, k, pb)) => {
                if f != g || n != k {
                    return false;
                }
                for i in 0..n {
                    stack.push((m.store.heap[pa + i], m.store.heap[pb + i]));
                }
            }
            (View::Var(_), _)
            | (_, View::Var(_))
            | (View::Compound(..), _)
            | (_, View::Compound(..)) => return false,
            _ => {
                if !identical(&m.store, a, b) {
                    return false;
                }
            }
        }
    }
    true
}
fn variant(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(is_variant(m, a[0], a[1]))
}
fn not_variant(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(!is_variant(m, a[0], a[1]))
}

/// Reads a small integer argument (an arity, an argument position): a big
/// one is `representation_error(size_t)` as in SWI, a big negative one
/// `domain_error(not_less_than_zero, N)`.
pub(crate) fn get_int(m: &Machine, c: Cell) -> Result<i64, PlError> {
    match m.store.view(c) {
        View::Int(i) => Ok(i),
        View::Var(_) => Err(instantiation_error()),
        View::BigInt(b) if m.store.bigint(b).sign() == num_bigint::Sign::Minus => {
            Err(domain_error("not_less_than_zero", culprit(m, c)))
        }
        View::BigInt(_) => Err(representation_error("size_t")),
        _ => Err(type_error("integer", culprit(m, c))),
    }
}

fn functor(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.deref(a[0]);
    // The usual calls, read from the cells: the name and arity of a
    // compound, or a small compound built from an atom and an arity.
    match t.tag() {
        tag::STR => {
            let f = m.store.heap[t.val()];
            if f.fun_arity() > 0 {
                let (name, n) = (Cell::atom(f.fun_name()), Cell::small(f.fun_arity() as i64));
                return Ok(m.unify(a[1], name) && m.unify(a[2], n));
            }
        }
        tag::LIS => {
            let (name, n) = (Cell::atom(atoms::DOT), Cell::small(2));
            return Ok(m.unify(a[1], name) && m.unify(a[2], n));
        }
        tag::REF => {
            let (name, n) = (m.deref(a[1]), m.deref(a[2]));
            if name.tag() == tag::ATOM
                && n.tag() == tag::INT
                && (1..=SMALL_ARITY).contains(&n.get_int())
            {
                let (c, _) = m
                    .store
                    .new_compound_vars(name.get_atom(), n.get_int() as usize);
                return Ok(m.unify(t, c));
            }
        }
        _ => {}
    }
    functor_general(m, a, t)
}

/// The arity up to which `functor/3` builds a compound without looking at
/// the stack limit first (as a compiled body term is built).
const SMALL_ARITY: i64 = 64;

/// `functor/3` past its usual calls: atomic terms, errors, big arities.
#[inline(never)]
fn functor_general(m: &mut Machine, a: &[Cell], t: Cell) -> Res {
    match view(m, t) {
        View::Var(_) => {
            let name = m.deref(a[1]);
            let n = get_int(m, a[2]).map_err(|e| match e {
                PlError::Error(_) if m.deref(a[2]).is_ref() => instantiation_error(),
                e => e,
            })?;
            if name.is_ref() {
                return Err(instantiation_error());
            }
            if n < 0 {
                return Err(domain_error("not_less_than_zero", Term::Int(n)));
            }
            if n == 0 {
                if let View::Compound(..) = view(m, name) {
                    return Err(type_error("atomic", culprit(m, name)));
                }
                return Ok(m.unify(t, name));
            }
            let nm = match view(m, name) {
                View::Atom(x) => x,
                View::Compound(..) => return Err(type_error("atomic", culprit(m, name))),
                _ => return Err(type_error("atom", culprit(m, name))),
            };
            let (c, _) = new_compound(m, nm, n as usize)?;
            Ok(m.unify(t, c))
        }
        View::Compound(_, 0, _) => Err(zero_arity_error(m, t)),
        View::Compound(f, n, _) => {
            let fc = Cell::atom(f);
            let nc = Cell::small(n as i64);
            Ok(m.unify(a[1], fc) && m.unify(a[2], nc))
        }
        _ => {
            let z = Cell::small(0);
            Ok(m.unify(a[1], t) && m.unify(a[2], z))
        }
    }
}

/// A new compound `name(_, ..., _)` of arity `n` (0 included) with its first
/// argument's address; past the arity a functor cell holds, SWI's stacks
/// would be full.
fn new_compound(m: &mut Machine, name: Atom, n: usize) -> Result<(Cell, usize), PlError> {
    m.ensure_room(n + 1)?;
    if n >= 1 << 24 {
        return Err(crate::machine::limits::stack_overflow());
    }
    Ok(m.store.new_compound_vars(name, n))
}

/// SWI's error for a zero-arity compound (`foo()`) given to `functor/3` or
/// `=../2`, which cannot tell it from the atom: use `compound_name_arity/3`.
fn zero_arity_error(m: &Machine, t: Cell) -> PlError {
    domain_error("compound_non_zero_arity", culprit(m, t))
}

fn arg(m: &mut Machine, a: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    let t = m.deref(a[1]);
    // The usual call: a small index into a compound, read from the cells.
    let idx = m.deref(a[0]);
    if idx.tag() == tag::INT {
        let i = idx.get_int();
        let args = match t.tag() {
            tag::STR => Some((m.store.heap[t.val()].fun_arity(), t.val() + 1)),
            tag::LIS => Some((2, t.val())),
            _ => None,
        };
        if let (Some((arity, first)), true) = (args, i >= 1) {
            return Ok(i as usize <= arity && m.unify(a[2], m.store.heap[first + i as usize - 1]));
        }
    }
    arg_general(m, a, t, idx, redo)
}

/// `arg/3` past its usual call: errors, big indices, enumeration.
#[inline(never)]
fn arg_general(
    m: &mut Machine,
    a: &[Cell],
    t: Cell,
    idx: Cell,
    redo: &mut Option<Box<dyn Any>>,
) -> Res {
    let (n, first) = match view(m, t) {
        View::Compound(_, n, first) => (n, first),
        View::Var(_) => return Err(instantiation_error().with_context(plain_context("arg", 3))),
        _ => {
            return Err(type_error("compound", culprit(m, t)).with_context(plain_context("arg", 3)))
        }
    };
    match view(m, idx) {
        View::Int(i) => {
            if i < 0 {
                return Err(domain_error("not_less_than_zero", Term::Int(i)));
            }
            if i == 0 || i as usize > n {
                return Ok(false);
            }
            Ok(m.unify(a[2], m.store.heap[first + i as usize - 1]))
        }
        // Past any arity, as SWI: a big positive index fails, a negative one is an error.
        View::BigInt(b) if m.store.bigint(b).sign() == num_bigint::Sign::Minus => {
            Err(domain_error("not_less_than_zero", culprit(m, idx)))
        }
        View::BigInt(_) => Ok(false),
        View::Var(_) => {
            let i = redo.take().map_or(0, |b| *b.downcast::<usize>().unwrap());
            if i >= n {
                return Ok(false);
            }
            if i + 1 < n {
                *redo = Some(Box::new(i + 1));
            }
            let ic = Cell::small(i as i64 + 1);
            Ok(m.unify(idx, ic) && m.unify(a[2], m.store.heap[first + i]))
        }
        _ => Err(type_error("integer", culprit(m, idx))),
    }
}

fn univ(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.deref(a[0]);
    match view(m, t) {
        View::Compound(_, 0, _) => Err(zero_arity_error(m, t)),
        View::Compound(f, n, first) => {
            let mut items = vec![Cell::atom(f)];
            items.extend((0..n).map(|i| m.store.heap[first + i]));
            let nil = Cell::atom(atoms::NIL);
            let l = m.store.new_list_from(&items, nil);
            Ok(m.unify(a[1], l))
        }
        View::Var(_) => {
            let l = m.deref(a[1]);
            let items = match m.store.list_items(l) {
                Some(items) => items,
                None => {
                    return Err(if partial_list(m, l) {
                        instantiation_error()
                    } else {
                        type_error("list", culprit(m, l))
                    })
                }
            };
            if items.is_empty() {
                return Err(domain_error("non_empty_list", Term::Atom(atoms::NIL)));
            }
            let head = m.deref(items[0]);
            if items.len() == 1 {
                return match view(m, head) {
                    View::Var(_) => Err(instantiation_error()),
                    View::Compound(..) => Err(type_error("atomic", culprit(m, head))),
                    _ => Ok(m.unify(t, head)),
                };
            }
            let name = match view(m, head) {
                View::Atom(x) => x,
                View::Var(_) => return Err(instantiation_error()),
                _ => return Err(type_error("atom", culprit(m, head))),
            };
            let c = m.store.new_compound(name, &items[1..]);
            Ok(m.unify(t, c))
        }
        _ => {
            let nil = Cell::atom(atoms::NIL);
            let l = m.store.new_list(t, nil);
            Ok(m.unify(a[1], l))
        }
    }
}

/// True when `c` is a list ending in an unbound variable.
fn partial_list(m: &Machine, c: Cell) -> bool {
    skip_list(&m.store, c).1.is_ref()
}

/// `'$copy_term'(Term, Copy, Goals)`: copy_term/2's copy, and the goals
/// (`[]` if none) that give it the finite-domain constraints of Term's
/// variables; copy_term/2 calls them.
fn copy_term(m: &mut Machine, a: &[Cell]) -> Res {
    let (copy, goals) = m.copy_with_constraints(a[0]);
    Ok(m.unify(a[1], copy) && m.unify(a[2], goals))
}

/// The unbound variables of a term in depth-first left-to-right order.
pub fn term_vars(m: &Machine, c: Cell) -> Vec<Cell> {
    vars_of(m, c, false)
}

/// The unbound variables of a term in depth-first left-to-right order; with
/// `attributed`, only its attributed variables, each followed by those in
/// its attributes (`term_attvars/2`, SWI's order).
pub fn vars_of(m: &Machine, c: Cell, attributed: bool) -> Vec<Cell> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut guard = CycleGuard::default();
    let mut stack = vec![c];
    while let Some(c) = stack.pop() {
        let d = m.deref(c);
        match m.store.view(d) {
            View::Var(addr) if !attributed && seen.insert(addr) => {
                out.push(d);
            }
            View::Var(addr) if m.store.is_attvar(addr) && seen.insert(addr) => {
                out.push(d);
                // The variables of its finite-domain constraints come after
                // those of its attributes (they live in the engine).
                let mut next = crate::builtins::clpfd::fd_neighbours(m, d);
                next.reverse();
                stack.extend(next);
                stack.push(m.store.heap[attrs_at(addr)]);
            }
            View::Compound(_, n, first) if guard.first_visit(first) => {
                for i in (0..n).rev() {
                    stack.push(m.store.heap[first + i]);
                }
            }
            _ => {}
        }
    }
    out
}

fn term_variables(m: &mut Machine, a: &[Cell]) -> Res {
    let vars = term_vars(m, a[0]);
    let nil = Cell::atom(atoms::NIL);
    let l = m.store.new_list_from(&vars, nil);
    Ok(m.unify(a[1], l))
}

fn setarg_common(m: &mut Machine, a: &[Cell], backtrackable: bool) -> Res {
    let i = get_int(m, a[0])?;
    let t = m.deref(a[1]);
    let (n, first) = match view(m, t) {
        View::Compound(_, n, first) => (n, first),
        View::Var(_) => return Err(instantiation_error()),
        _ => return Ok(false),
    };
    if i < 1 || i as usize > n {
        return Ok(false);
    }
    let addr = first + i as usize - 1;
    if backtrackable {
        m.assign_backtrackable(addr, a[2]);
    } else {
        let top = m.store.top();
        let v = m.copy_cell(a[2]);
        // A copy on the heap must survive backtracking: no choicepoint may
        // reclaim it. An atom or small integer takes no heap: nothing to
        // protect, and no later binding needs trailing for it.
        if m.store.top() > top {
            m.freeze_heap();
        }
        m.store.heap[addr] = v;
    }
    Ok(true)
}
fn setarg(m: &mut Machine, a: &[Cell]) -> Res {
    setarg_common(m, a, true)
}
fn nb_setarg(m: &mut Machine, a: &[Cell]) -> Res {
    setarg_common(m, a, false)
}

/// `'$length'(?List, ?Length, -Tail, -Prefix)`: the work of `length/2` (see
/// boot.pl). Checks the arguments, and when the length is known (a proper list,
/// or an integer Length) unifies and gives `Tail = []`; for a partial list and
/// an unbound Length it binds nothing and gives the open tail and the number
/// of elements before it, from which length/2 enumerates longer lists one
/// cell at a time. Fails for `length(L, L)`, as SWI-Prolog.
fn length(m: &mut Machine, a: &[Cell]) -> Res {
    length_impl(m, a).map_err(|e| e.with_context(plain_context("length", 2)))
}

fn length_impl(m: &mut Machine, a: &[Cell]) -> Res {
    // Walk the list prefix.
    let (n, c) = skip_list(&m.store, a[0]);
    if c.tag() == tag::LIS {
        // A cyclic list.
        return Err(type_error("list", culprit(m, a[0])));
    }
    let n = n as i64;
    let len = m.deref(a[1]);
    let check_len = |m: &Machine| match view(m, len) {
        View::Var(_) | View::Int(_) | View::BigInt(_) => Ok(()),
        _ => Err(type_error("integer", culprit(m, len))),
    };
    let nil = Cell::atom(atoms::NIL);
    match c.tag() {
        tag::ATOM if c.get_atom() == atoms::NIL => {
            check_len(m)?;
            let nc = Cell::small(n);
            return Ok(m.unify(len, nc) && m.unify(a[2], nil));
        }
        tag::REF => {}
        _ => return Err(type_error("list", culprit(m, a[0]))),
    }
    check_len(m)?;
    // Partial list ending in variable c.
    match view(m, len) {
        View::Int(want) => {
            if want < 0 {
                return Err(domain_error("not_less_than_zero", Term::Int(want)));
            }
            if want < n {
                return Ok(false);
            }
            let k = (want - n) as usize;
            m.ensure_room(k.saturating_mul(3))?;
            let vars: Vec<Cell> = (0..k).map(|_| m.store.new_var()).collect();
            let l = m.store.new_list_from(&vars, nil);
            Ok(m.unify(c, l) && m.unify(a[2], nil))
        }
        View::Var(_) if c == len => Ok(false),
        View::Var(_) => {
            let nc = Cell::small(n);
            Ok(m.unify(a[2], c) && m.unify(a[3], nc))
        }
        // A big length: past the stack limit, or negative.
        View::BigInt(b) if m.store.bigint(b).sign() == num_bigint::Sign::Minus => {
            Err(domain_error("not_less_than_zero", culprit(m, len)))
        }
        _ => Err(crate::machine::limits::stack_overflow()),
    }
}

/// The items of a proper list argument, with ISO errors otherwise.
pub fn list_arg(m: &Machine, c: Cell) -> Result<Vec<Cell>, PlError> {
    match proper_list(&m.store, c) {
        Some(v) => Ok(v),
        None if partial_list(m, c) => Err(instantiation_error()),
        None => Err(type_error("list", culprit(m, c))),
    }
}

/// An integer argument of between/3 as a big integer (`inf`/`infinite` give None).
fn bound_arg(m: &Machine, c: Cell, allow_inf: bool) -> Result<Option<BigInt>, PlError> {
    match view(m, c) {
        View::Int(i) => Ok(Some(BigInt::from(i))),
        View::BigInt(b) => Ok(Some(m.store.bigint(b))),
        View::Atom(x) if allow_inf && (x.name() == "inf" || x.name() == "infinite") => Ok(None),
        View::Var(_) => Err(instantiation_error()),
        _ => Err(type_error("integer", culprit(m, c))),
    }
}

fn between(m: &mut Machine, a: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    // Fast path: small bounds, and on retry the boxed counter is reused in place.
    if let Some(b) = redo.as_mut() {
        if let Some(next) = b.downcast_mut::<(i64, i64)>() {
            let (v, hi) = *next;
            if v < hi {
                next.0 += 1;
            } else {
                *redo = None;
            }
            let c = m.store.new_int(v);
            return Ok(m.unify(a[2], c));
        }
    }
    if redo.is_none() {
        if let (View::Int(lo), hi, true) = (view(m, a[0]), view(m, a[1]), m.deref(a[2]).is_ref()) {
            let hi = match hi {
                View::Int(h) => Some(h),
                View::Atom(x) if x.name() == "inf" || x.name() == "infinite" => Some(i64::MAX),
                _ => None,
            };
            if let Some(hi) = hi {
                if lo > hi {
                    return Ok(false);
                }
                if lo < hi {
                    *redo = Some(Box::new((lo + 1, hi)));
                }
                let c = m.store.new_int(lo);
                return Ok(m.unify(a[2], c));
            }
        }
    }
    let lo = bound_arg(m, a[0], false)?.expect("finite");
    let hi = bound_arg(m, a[1], true)?;
    let x = m.deref(a[2]);
    let in_range = |v: &BigInt| lo <= *v && hi.as_ref().is_none_or(|h| v <= h);
    match view(m, x) {
        View::Int(v) => Ok(in_range(&BigInt::from(v))),
        View::BigInt(b) => Ok(in_range(&m.store.bigint(b))),
        View::Var(_) => {
            let next = redo.take().map_or(lo, |b| *b.downcast::<BigInt>().unwrap());
            if hi.as_ref().is_some_and(|h| next > *h) {
                return Ok(false);
            }
            if hi.as_ref().is_none_or(|h| next < *h) {
                *redo = Some(Box::new(&next + 1));
            }
            let c = m.store.new_bigint(&next);
            Ok(m.unify(x, c))
        }
        _ => Err(type_error("integer", culprit(m, x))),
    }
}

fn numbervars(m: &mut Machine, a: &[Cell]) -> Res {
    let mut n = match view(m, a[1]) {
        View::BigInt(_) => return Err(representation_error("long")),
        _ => get_int(m, a[1])?,
    };
    let vars = term_vars(m, a[0]);
    let var_f = Atom::new("$VAR");
    for v in vars {
        // SWI's default attvar(error): the variables before stay numbered
        // in the culprit (the error undoes them).
        if m.store.is_attvar(v.val()) {
            return Err(type_error("free_of_attvar", culprit(m, a[0])));
        }
        let num = Cell::small(n);
        let t = m.store.new_compound(var_f, &[num]);
        m.bind(v.val(), t);
        n += 1;
    }
    let e = Cell::small(n);
    Ok(m.unify(a[2], e))
}

impl Machine {
    /// A copy of a term with fresh variables.
    pub fn copy_cell(&mut self, c: Cell) -> Cell {
        self.store.copy_here(c, true, &mut self.copy_scratch)
    }

    /// A copy of a term, with the list of goals that give the copy the
    /// finite-domain constraints of the term's variables (see
    /// [`constrained`]).
    pub fn copy_with_constraints(&mut self, c: Cell) -> (Cell, Cell) {
        let nil = Cell::atom(atoms::NIL);
        let c = constrained(self, c);
        let copy = self.copy_cell(c);
        unwrap_constrained(self, copy).unwrap_or((copy, nil))
    }
}

/// `'$constrained'(Term, Goals)` when the variables of `c` carry
/// finite-domain constraints (Goals restate them: the engine's state is not
/// part of a copy), else `c`.
pub fn constrained(m: &mut Machine, c: Cell) -> Cell {
    match crate::builtins::clpfd::fd_snapshot(m, c) {
        Some(goals) => m.store.new_compound(Atom::new("$constrained"), &[c, goals]),
        None => c,
    }
}

/// The term and goals of a copied `'$constrained'(Term, Goals)`.
pub fn unwrap_constrained(m: &Machine, c: Cell) -> Option<(Cell, Cell)> {
    match m.store.view(m.deref(c)) {
        View::Compound(f, 2, first) if f.name() == "$constrained" => {
            Some((m.store.heap[first], m.store.heap[first + 1]))
        }
        _ => None,
    }
}
