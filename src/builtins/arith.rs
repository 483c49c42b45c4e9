//! Arithmetic: evaluation of arithmetic expressions as SWI-Prolog 9 does it
//! (default flags: `prefer_rationals=false`, `iso=false`), number comparison,
//! and the builtins `is/2`, `=:=/2`, `=\=/2`, `</2`, `>/2`, `=</2`, `>=/2`,
//! `succ/2` and `plus/3`.
//!
//! Integers are unbounded: `Number::Int` holds everything that fits an `i64`
//! and `Number::Big` only what does not. The evaluator walks the expression
//! with an explicit stack, evaluating the arguments of a function right to
//! left and looking the function up afterwards, as SWI does (so `f(foo, bar)`
//! reports `bar/0`). The evaluable functions themselves live in `arith_fns`.
//!
//! Floats follow SWI's checks: a float result that is infinite raises
//! `evaluation_error(float_overflow)`, a NaN result raises
//! `evaluation_error(undefined)`; functions that convert their arguments to
//! floats (`sqrt`, `sin`, `float`, ...) also reject infinite or NaN arguments,
//! while `abs`, `sign`, `min`, `max`, unary `-` and the rounding functions
//! pass them through.

use super::arith_fns;
use crate::machine::error::{culprit, message_context};
use crate::machine::error::{
    domain_error, evaluation_error, instantiation_error, type_error, PlError, Res,
};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::cell::tag;
use crate::term::cyclic::is_acyclic;
use crate::term::{atoms, Atom, Cell, Store, Term, View};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use std::cmp::Ordering;

/// A number produced by evaluation. `Big` is used only for values that do
/// not fit an `i64`; every constructor here normalises.
#[derive(Clone, Debug, PartialEq)]
pub enum Number {
    /// An integer that fits 64 bits.
    Int(i64),
    /// An integer that does not fit 64 bits.
    Big(BigInt),
    /// A double-precision float.
    Float(f64),
}

impl Number {
    /// A normalised integer from a big integer (`Int` when it fits).
    pub fn from_big(b: BigInt) -> Number {
        match b.to_i64() {
            Some(i) => Number::Int(i),
            None => Number::Big(b),
        }
    }

    /// True for `Int` and `Big`.
    pub fn is_integer(&self) -> bool {
        !matches!(self, Number::Float(_))
    }

    /// The number as an owned term (for error culprits and answers).
    pub fn to_term(&self) -> Term {
        match self {
            Number::Int(i) => Term::Int(*i),
            Number::Big(b) => Term::integer(b.clone()),
            Number::Float(f) => Term::Float(*f),
        }
    }

    /// The integer as a big integer; `None` for a float.
    pub fn to_bigint(&self) -> Option<BigInt> {
        match self {
            Number::Int(i) => Some(BigInt::from(*i)),
            Number::Big(b) => Some(b.clone()),
            Number::Float(_) => None,
        }
    }

    /// Sign of an integer: -1, 0 or 1 (floats by their value, NaN as 0).
    pub(crate) fn signum(&self) -> i32 {
        match self {
            Number::Int(i) => i.signum() as i32,
            Number::Big(b) => {
                if b.is_negative() {
                    -1
                } else if b.is_zero() {
                    0
                } else {
                    1
                }
            }
            Number::Float(f) => {
                if *f > 0.0 {
                    1
                } else if *f < 0.0 {
                    -1
                } else {
                    0
                }
            }
        }
    }
}

/// `evaluation_error(float_overflow)`.
pub(crate) fn float_overflow() -> PlError {
    evaluation_error("float_overflow")
}

/// `evaluation_error(undefined)`.
pub(crate) fn undefined() -> PlError {
    evaluation_error("undefined")
}

/// A float result, checked as SWI does: infinity overflows, NaN is undefined.
pub(crate) fn check_float(f: f64) -> Res<Number> {
    if f.is_nan() {
        Err(undefined())
    } else if f.is_infinite() {
        Err(float_overflow())
    } else {
        Ok(Number::Float(f))
    }
}

/// An integer converted to a float; too large a big integer overflows.
fn int_to_f(n: &Number) -> Res<f64> {
    match n {
        Number::Int(i) => Ok(*i as f64),
        Number::Big(b) => {
            let f = b.to_f64().unwrap_or(f64::INFINITY);
            if f.is_finite() {
                Ok(f)
            } else {
                Err(float_overflow())
            }
        }
        Number::Float(f) => Ok(*f),
    }
}

/// An argument promoted to a float for a float function: integers convert
/// (big ones may overflow) and float arguments must be finite and not NaN.
pub(crate) fn to_f(n: &Number) -> Res<f64> {
    match n {
        Number::Float(f) => {
            if f.is_nan() {
                Err(undefined())
            } else if f.is_infinite() {
                Err(float_overflow())
            } else {
                Ok(*f)
            }
        }
        _ => int_to_f(n),
    }
}

/// An operand promoted to a float for mixed `+ - * /`: integers convert with
/// an overflow check, floats are taken as they are (the result is checked).
pub(crate) fn promote(n: &Number) -> Res<f64> {
    int_to_f(n)
}

/// A number as a float without any check (big integers may become infinite).
fn lossy_f(n: &Number) -> f64 {
    match n {
        Number::Int(i) => *i as f64,
        Number::Big(b) => b.to_f64().unwrap_or(if b.is_negative() {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }),
        Number::Float(f) => *f,
    }
}

/// Compares two numbers as SWI's `=:=`, `<` etc. do: integers exactly, and
/// an integer against a float by converting the integer to a float.
/// `None` when a NaN is involved (every comparison with NaN is false).
pub fn num_partial_cmp(a: &Number, b: &Number) -> Option<Ordering> {
    match (a, b) {
        (Number::Int(x), Number::Int(y)) => Some(x.cmp(y)),
        (Number::Float(x), Number::Float(y)) => x.partial_cmp(y),
        (Number::Float(x), o) => x.partial_cmp(&lossy_f(o)),
        (o, Number::Float(y)) => lossy_f(o).partial_cmp(y),
        (Number::Int(x), Number::Big(y)) => Some(BigInt::from(*x).cmp(y)),
        (Number::Big(x), Number::Int(y)) => Some(x.cmp(&BigInt::from(*y))),
        (Number::Big(x), Number::Big(y)) => Some(x.cmp(y)),
    }
}

/// Compares two numbers as `num_partial_cmp` does, made total for sorting:
/// NaN equals NaN and is smaller than every other number. (The comparison
/// builtins use `num_partial_cmp`, under which every test against NaN fails.)
pub fn compare_num(a: &Number, b: &Number) -> Ordering {
    num_partial_cmp(a, b).unwrap_or_else(|| {
        let an = matches!(a, Number::Float(f) if f.is_nan());
        let bn = matches!(b, Number::Float(f) if f.is_nan());
        match (an, bn) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            _ => Ordering::Greater,
        }
    })
}

/// Pushes a number onto the heap: small integers inline, others boxed.
pub fn number_cell(store: &mut Store, n: &Number) -> Cell {
    match n {
        Number::Int(i) => store.new_int(*i),
        Number::Big(b) => store.new_bigint(b),
        Number::Float(f) => store.new_float(*f),
    }
}

/// The number a cell holds, without evaluating; `None` for a non-number.
pub fn number_of(store: &Store, c: Cell) -> Option<Number> {
    match store.view(c) {
        View::Int(i) => Some(Number::Int(i)),
        View::BigInt(b) => Some(Number::from_big(store.bigint(b))),
        View::Float(f) => Some(Number::Float(f)),
        _ => None,
    }
}

/// Evaluates an arithmetic expression (for `is/2`).
pub fn eval(store: &Store, c: Cell) -> Res<Number> {
    eval_for(store, c, "is", 2)
}

/// A pending step of the evaluator.
enum Job {
    /// Evaluate this term and push its value.
    Visit(Cell),
    /// Apply the function `name/arity` to the values on top of the stack.
    Apply(Atom, usize),
}

/// Evaluates an arithmetic expression on behalf of the builtin `pred/arity`
/// (named in the context of the few errors SWI attributes to the predicate
/// with a message, such as a string of the wrong length).
pub fn eval_for(store: &Store, c: Cell, pred: &str, arity: usize) -> Res<Number> {
    let c = store.deref(c);
    let root = c;
    if c.tag() == tag::INT {
        return Ok(Number::Int(c.get_int()));
    }
    // Fast path without allocation: a binary function of two small integers.
    if c.tag() == tag::STR {
        let f = store.heap[c.val()];
        if f.fun_arity() == 2 {
            let a = store.deref(store.heap[c.val() + 1]);
            let b = store.deref(store.heap[c.val() + 2]);
            if a.tag() == tag::INT && b.tag() == tag::INT {
                return arith_fns::apply2(
                    f.fun_name(),
                    Number::Int(a.get_int()),
                    Number::Int(b.get_int()),
                );
            }
        }
    }
    let mut jobs = vec![Job::Visit(c)];
    // Values of evaluated arguments; a function's arguments lie on top of it,
    // the first argument topmost (arguments are evaluated right to left).
    let mut vals: Vec<Number> = Vec::new();
    // Compound terms met; past a bound the expression is checked for cycles once.
    let mut compounds = 0usize;
    while let Some(job) = jobs.pop() {
        match job {
            Job::Visit(c) => {
                let v = match store.view(c) {
                    View::Var(_) => return Err(instantiation_error()),
                    View::Int(i) => Number::Int(i),
                    View::BigInt(b) => Number::from_big(store.bigint(b)),
                    View::Float(f) => Number::Float(f),
                    View::Str(s) => one_char_string(store, c, s, pred, arity)?,
                    View::Atom(a) => arith_fns::apply(a, 0, &mut vals)?,
                    View::Compound(name, 2, first) if name == atoms::DOT => {
                        list_char(store, c, first, pred, arity)?
                    }
                    View::Compound(name, 0, _) if !arith_fns::is_evaluable(name, 0) => {
                        // SWI names a zero-arity compound itself (`foo()`), not `foo/0`.
                        return Err(type_error("evaluable", Term::Compound(name, Vec::new())));
                    }
                    View::Compound(name, n, first) => {
                        compounds += 1;
                        if compounds == CYCLE_CHECK_AFTER && !is_acyclic(store, root) {
                            return Err(cyclic_expression(store, root));
                        }
                        jobs.push(Job::Apply(name, n));
                        for i in 0..n {
                            jobs.push(Job::Visit(store.heap[first + i]));
                        }
                        continue;
                    }
                };
                vals.push(v);
            }
            Job::Apply(name, n) => {
                let v = arith_fns::apply(name, n, &mut vals)?;
                vals.push(v);
            }
        }
    }
    Ok(vals.pop().expect("evaluation leaves one value"))
}

/// Compound terms the evaluator meets before it checks the expression for
/// cycles (few expressions are larger; a cyclic one would never end).
const CYCLE_CHECK_AFTER: usize = 10_000;

/// SWI's error for a cyclic expression: `type_error(expression, E)` with the
/// message `cyclic term`.
pub fn cyclic_expression(store: &Store, c: Cell) -> PlError {
    type_error("expression", culprit(store, c)).with_context(message_context("cyclic term"))
}

/// The error SWI raises for a string or list that is not one character.
fn not_one_char(store: &Store, c: Cell, pred: &str, arity: usize) -> PlError {
    let culprit = culprit(store, c);
    PlError::error(
        Term::compound("type_error", vec![Term::Atom(atoms::NIL), culprit]),
        Some(Term::compound(
            "context",
            vec![
                Term::compound(
                    ":",
                    vec![
                        Term::atom("system"),
                        Term::indicator(Atom::new(pred), arity),
                    ],
                ),
                Term::atom("\"x\" must hold one character"),
            ],
        )),
    )
}

/// `"a"` evaluates to its character code.
fn one_char_string(store: &Store, c: Cell, s: &str, pred: &str, arity: usize) -> Res<Number> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(ch), None) => Ok(Number::Int(ch as i64)),
        _ => Err(not_one_char(store, c, pred, arity)),
    }
}

/// `[X]` evaluates to the character code X (a code or a one-character atom).
fn list_char(store: &Store, c: Cell, first: usize, pred: &str, arity: usize) -> Res<Number> {
    let tail = store.deref(store.heap[first + 1]);
    if tail != Cell::atom(atoms::NIL) {
        return Err(not_one_char(store, c, pred, arity));
    }
    let head = store.heap[first];
    match store.view(head) {
        View::Var(_) => Err(instantiation_error()),
        View::Int(i) if (0..=0x10FFFF).contains(&i) => Ok(Number::Int(i)),
        View::Atom(a) => {
            let mut chars = a.name().chars();
            match (chars.next(), chars.next()) {
                (Some(ch), None) => Ok(Number::Int(ch as i64)),
                _ => Err(type_error("character", Term::Atom(a))),
            }
        }
        _ => Err(type_error("character", culprit(store, head))),
    }
}

// ---------------------------------------------------------------- builtins

/// `is/2`, the comparisons, `succ/2` and `plus/3`.
pub const ARITH_BUILTINS: BuiltinTable = &[
    ("is", 2, Builtin::Det(bi_is)),
    ("=:=", 2, Builtin::Det(bi_eq)),
    ("=\\=", 2, Builtin::Det(bi_ne)),
    ("<", 2, Builtin::Det(bi_lt)),
    (">", 2, Builtin::Det(bi_gt)),
    ("=<", 2, Builtin::Det(bi_le)),
    (">=", 2, Builtin::Det(bi_ge)),
    ("succ", 2, Builtin::Det(bi_succ)),
    ("plus", 3, Builtin::Det(bi_plus)),
];

/// `X is Expr`.
fn bi_is(m: &mut Machine, args: &[Cell]) -> Res {
    let n = eval_for(&m.store, args[1], "is", 2)?;
    let c = number_cell(&mut m.store, &n);
    Ok(m.unify(args[0], c))
}

/// Evaluates both sides (left first) and compares them.
fn compare_sides(m: &Machine, args: &[Cell], name: &str) -> Res<Option<Ordering>> {
    let (a, b) = (m.store.deref(args[0]), m.store.deref(args[1]));
    if a.tag() == tag::INT && b.tag() == tag::INT {
        return Ok(Some(a.get_int().cmp(&b.get_int())));
    }
    let x = eval_for(&m.store, a, name, 2)?;
    let y = eval_for(&m.store, b, name, 2)?;
    Ok(num_partial_cmp(&x, &y))
}

fn bi_eq(m: &mut Machine, args: &[Cell]) -> Res {
    Ok(compare_sides(m, args, "=:=")? == Some(Ordering::Equal))
}

fn bi_ne(m: &mut Machine, args: &[Cell]) -> Res {
    Ok(compare_sides(m, args, "=\\=")? != Some(Ordering::Equal))
}

fn bi_lt(m: &mut Machine, args: &[Cell]) -> Res {
    Ok(compare_sides(m, args, "<")? == Some(Ordering::Less))
}

fn bi_gt(m: &mut Machine, args: &[Cell]) -> Res {
    Ok(compare_sides(m, args, ">")? == Some(Ordering::Greater))
}

fn bi_le(m: &mut Machine, args: &[Cell]) -> Res {
    Ok(matches!(
        compare_sides(m, args, "=<")?,
        Some(Ordering::Less | Ordering::Equal)
    ))
}

fn bi_ge(m: &mut Machine, args: &[Cell]) -> Res {
    Ok(matches!(
        compare_sides(m, args, ">=")?,
        Some(Ordering::Greater | Ordering::Equal)
    ))
}

/// An argument of `succ/2` or `plus/3`: `None` when unbound, else an integer
/// (anything else is a type error).
fn int_arg(store: &Store, c: Cell) -> Res<Option<Number>> {
    match store.view(c) {
        View::Var(_) => Ok(None),
        View::Int(i) => Ok(Some(Number::Int(i))),
        View::BigInt(b) => Ok(Some(Number::from_big(store.bigint(b)))),
        _ => Err(type_error("integer", culprit(store, c))),
    }
}

/// Raises `domain_error(not_less_than_zero, N)` for a negative integer.
fn non_negative(n: &Number) -> Res<()> {
    if n.signum() < 0 {
        Err(domain_error("not_less_than_zero", n.to_term()))
    } else {
        Ok(())
    }
}

/// Unifies `c` with the number `n`.
fn unify_number(m: &mut Machine, c: Cell, n: &Number) -> bool {
    let v = number_cell(&mut m.store, n);
    m.unify(c, v)
}

/// `succ(?Int1, ?Int2)`: Int2 = Int1 + 1, both non-negative.
fn bi_succ(m: &mut Machine, args: &[Cell]) -> Res {
    let a = int_arg(&m.store, args[0])?;
    if let Some(a) = &a {
        non_negative(a)?;
    }
    let b = int_arg(&m.store, args[1])?;
    if let Some(b) = &b {
        non_negative(b)?;
    }
    match (a, b) {
        (Some(a), _) => {
            let s = arith_fns::add(a, Number::Int(1))?;
            Ok(unify_number(m, args[1], &s))
        }
        (None, Some(b)) => {
            if b.signum() == 0 {
                return Ok(false);
            }
            let p = arith_fns::add(b, Number::Int(-1))?;
            Ok(unify_number(m, args[0], &p))
        }
        (None, None) => Err(instantiation_error()),
    }
}

/// `plus(?Int1, ?Int2, ?Int3)`: Int3 = Int1 + Int2 with any two known.
fn bi_plus(m: &mut Machine, args: &[Cell]) -> Res {
    let x = int_arg(&m.store, args[0])?;
    let y = int_arg(&m.store, args[1])?;
    let z = int_arg(&m.store, args[2])?;
    match (x, y, z) {
        (Some(x), Some(y), _) => {
            let s = arith_fns::add(x, y)?;
            Ok(unify_number(m, args[2], &s))
        }
        (Some(x), None, Some(z)) => {
            let d = arith_fns::sub(z, x)?;
            Ok(unify_number(m, args[1], &d))
        }
        (None, Some(y), Some(z)) => {
            let d = arith_fns::sub(z, y)?;
            Ok(unify_number(m, args[0], &d))
        }
        _ => Err(instantiation_error()),
    }
}

// ------------------------------------------------------- random numbers

/// The state of the xoshiro256** generator behind `random/1` and `random_float`.
struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator seeded from `seed` through splitmix64.
    fn seeded(seed: u64) -> Rng {
        let mut x = seed;
        let mut next = || {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            s: [next(), next(), next(), next()],
        }
    }

    fn next(&mut self) -> u64 {
        let s = &mut self.s;
        let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }
}

thread_local! {
    static RNG: std::cell::RefCell<Rng> = std::cell::RefCell::new(Rng::seeded({
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        t ^ (std::process::id() as u64).rotate_left(32)
    }));
}

/// Reseeds this thread's random generator (`random/1`, `random_float`).
pub fn set_random_seed(seed: u64) {
    RNG.with(|r| *r.borrow_mut() = Rng::seeded(seed));
}

/// The 256 bits of this thread's generator state (`random_property(state(S))`).
pub(crate) fn random_state() -> [u64; 4] {
    RNG.with(|r| r.borrow().s)
}

/// Restores a state read by `random_state`; `false` (and no change) for the
/// all-zero state, on which xoshiro256** would stay stuck.
pub(crate) fn set_random_state(s: [u64; 4]) -> bool {
    if s == [0; 4] {
        return false;
    }
    RNG.with(|r| r.borrow_mut().s = s);
    true
}

/// 64 random bits.
pub(crate) fn random_u64() -> u64 {
    RNG.with(|r| r.borrow_mut().next())
}

/// A uniform integer in `[0, n)`, `n >= 1`.
pub(crate) fn random_below(n: &BigInt) -> Number {
    if let Some(n) = n.to_u64() {
        // Rejection sampling avoids modulo bias.
        let zone = u64::MAX - (u64::MAX - n + 1) % n;
        loop {
            let r = random_u64();
            if r <= zone {
                return Number::Int((r % n) as i64);
            }
        }
    }
    let bits = n.bits();
    let words = bits.div_ceil(64) as usize;
    let excess = (words as u64) * 64 - bits;
    loop {
        let mut digits: Vec<u64> = (0..words).map(|_| random_u64()).collect();
        if let Some(top) = digits.last_mut() {
            *top >>= excess;
        }
        let r = BigInt::from_biguint(
            num_bigint::Sign::Plus,
            num_bigint::BigUint::new(to_u32s(&digits)),
        );
        if &r < n {
            return Number::from_big(r);
        }
    }
}

fn to_u32s(words: &[u64]) -> Vec<u32> {
    words
        .iter()
        .flat_map(|w| [*w as u32, (*w >> 32) as u32])
        .collect()
}

/// A uniform float in the open interval (0, 1).
pub(crate) fn random_float() -> f64 {
    loop {
        let f = (random_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
        if f > 0.0 {
            return f;
        }
    }
}

/// Seconds of CPU time used by this process.
pub(crate) fn cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec we pass and has no other effect.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return 0.0;
    }
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

#[cfg(test)]
#[path = "arith_tests.rs"]
mod tests;
