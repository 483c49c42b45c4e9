//! The integers of the engine: unbounded, as SWI-Prolog's (GMP) are, yet a
//! plain copyable machine word pair in the common case.
//!
//! A [`Val`] holds an `i128`. Values of magnitude at most `SMALL` (2^125)
//! are that number itself, so the sum of two of them never overflows and
//! the engine's arithmetic stays native. A value beyond is a *handle*: an
//! index into a process-wide table of interned big integers, offset past
//! `SMALL` with the value's sign, so that comparing a big value with a
//! small one is still one `i128` comparison; only two big values of the
//! same sign are looked up. `INF` and `SUP` (the domain bounds `inf` and
//! `sup`) are `i128::MIN` and `i128::MAX`, beyond every handle.
//!
//! Interning keeps equal values equal as words (`==` and hashing are on
//! the word). The table only grows: big values arise from big constants
//! and products in a program, a bounded set in practice.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

/// An integer of the engine (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Val(i128);

/// The greatest magnitude held inline.
const SMALL: i128 = 1 << 125;

/// Minus infinity as a bound.
pub const INF: Val = Val(i128::MIN);
/// Plus infinity as a bound.
pub const SUP: Val = Val(i128::MAX);

/// The table of big values: each has an index, its handle's magnitude
/// past `SMALL`.
#[derive(Default)]
struct BigTable {
    values: Vec<BigInt>,
    index: HashMap<BigInt, i128>,
}

fn table() -> std::sync::MutexGuard<'static, BigTable> {
    static TABLE: OnceLock<Mutex<BigTable>> = OnceLock::new();
    TABLE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner())
}

impl Val {
    /// Zero.
    pub const ZERO: Val = Val(0);
    /// One.
    pub const ONE: Val = Val(1);
    /// Minus one.
    pub const MINUS_ONE: Val = Val(-1);

    /// A value that fits a machine word.
    pub const fn int(x: i64) -> Val {
        Val(x as i128)
    }

    /// Any 128-bit value.
    #[inline(always)]
    pub fn from_i128(x: i128) -> Val {
        if Val::inline(x) {
            Val(x)
        } else {
            Val::from_wide(x)
        }
    }

    /// A 128-bit value beyond `SMALL`.
    #[cold]
    #[inline(never)]
    fn from_wide(x: i128) -> Val {
        Val::from_big(&BigInt::from(x))
    }

    /// Any integer.
    pub fn from_big(b: &BigInt) -> Val {
        if let Some(x) = b.to_i128().filter(|&x| Val::inline(x)) {
            return Val(x);
        }
        let mut t = table();
        let k = match t.index.get(b) {
            Some(&k) => k,
            None => {
                let k = t.values.len() as i128;
                t.values.push(b.clone());
                t.index.insert(b.clone(), k);
                k
            }
        };
        if b.is_negative() {
            Val(-SMALL - 1 - k)
        } else {
            Val(SMALL + 1 + k)
        }
    }

    /// True for `INF` and `SUP`.
    #[inline]
    pub fn is_infinite(self) -> bool {
        self == INF || self == SUP
    }

    /// True for a value held inline.
    #[inline(always)]
    fn is_small(self) -> bool {
        Val::inline(self.0)
    }

    /// True when `x` is held inline (`-SMALL..=SMALL`).
    #[inline(always)]
    fn inline(x: i128) -> bool {
        Val::offset(x) <= 2 * SMALL as u128
    }

    /// `x + SMALL` as unsigned: the small values are `0..=2*SMALL`.
    #[inline(always)]
    fn offset(x: i128) -> u128 {
        (x as u128).wrapping_add(SMALL as u128)
    }

    /// The value as an `i64` when it fits one.
    #[inline]
    pub fn to_i64(self) -> Option<i64> {
        if self.is_small() {
            i64::try_from(self.0).ok()
        } else {
            None
        }
    }

    /// The value as an index (non-negative and small enough).
    #[inline]
    pub fn to_usize(self) -> Option<usize> {
        if self.is_small() {
            usize::try_from(self.0).ok()
        } else {
            None
        }
    }

    /// The value as a big integer (`INF`/`SUP` must not be asked).
    pub fn big(self) -> BigInt {
        debug_assert!(!self.is_infinite());
        if self.is_small() {
            BigInt::from(self.0)
        } else {
            let k = if self.0 > 0 {
                self.0 - SMALL - 1
            } else {
                -SMALL - 1 - self.0
            };
            table().values[k as usize].clone()
        }
    }

    /// The magnitude.
    #[inline]
    pub fn abs(self) -> Val {
        if self.0 < 0 {
            -self
        } else {
            self
        }
    }

    /// A division-like operation: on 64-bit words when both fit (but for a
    /// divisor of -1, whose quotient of `i64::MIN` overflows), on 128-bit
    /// ones when both are small, else on big integers.
    #[inline(always)]
    fn divide(
        self,
        d: Val,
        on64: impl Fn(i64, i64) -> i64,
        on128: impl Fn(i128, i128) -> i128,
        on_big: impl Fn(BigInt, BigInt) -> BigInt,
    ) -> Val {
        match (i64::try_from(self.0), i64::try_from(d.0)) {
            (Ok(a), Ok(b)) if b != -1 => Val::int(on64(a, b)),
            _ if self.is_small() && d.is_small() => Val::from_i128(on128(self.0, d.0)),
            _ => Val::from_big(&on_big(self.big(), d.big())),
        }
    }

    /// The quotient rounded down (`d` non-zero).
    #[inline]
    pub fn div_floor(self, d: Val) -> Val {
        self.divide(
            d,
            |a, b| Integer::div_floor(&a, &b),
            |a, b| Integer::div_floor(&a, &b),
            |a, b| Integer::div_floor(&a, &b),
        )
    }

    /// The quotient rounded up (`d` non-zero).
    #[inline]
    pub fn div_ceil(self, d: Val) -> Val {
        -((-self).div_floor(d))
    }

    /// The quotient rounded toward zero (`d` non-zero).
    #[inline]
    pub fn div_trunc(self, d: Val) -> Val {
        self.divide(d, |a, b| a / b, |a, b| a / b, |a, b| a / b)
    }

    /// The remainder with the sign of the divisor (`mod`; `d` non-zero).
    #[inline]
    pub fn mod_floor(self, d: Val) -> Val {
        self.divide(
            d,
            |a, b| Integer::mod_floor(&a, &b),
            |a, b| Integer::mod_floor(&a, &b),
            |a, b| Integer::mod_floor(&a, &b),
        )
    }

    /// The remainder with the sign of the dividend (`rem`; `d` non-zero).
    #[inline]
    pub fn rem_trunc(self, d: Val) -> Val {
        self.divide(d, |a, b| a % b, |a, b| a % b, |a, b| a % b)
    }

    /// True when `d` divides the value exactly (`d` non-zero).
    pub fn is_multiple_of(self, d: Val) -> bool {
        self.rem_trunc(d) == Val::ZERO
    }

    /// `self ^ e` for a small non-negative `e`.
    pub fn pow(self, e: u32) -> Val {
        if self.is_small() {
            if let Some(p) = self.0.checked_pow(e) {
                return Val::from_i128(p);
            }
        }
        Val::from_big(&num_traits::pow(self.big(), e as usize))
    }

    /// The greatest integer whose `n`-th power is at most the value
    /// (`n` >= 1; for a negative value and odd `n`, rounded toward zero).
    pub fn nth_root(self, n: u32) -> Val {
        Val::from_big(&self.big().nth_root(n))
    }

    /// The greatest common divisor of the magnitudes (0 for 0 and 0).
    pub fn gcd(self, o: Val) -> Val {
        if self.is_small() && o.is_small() {
            Val(Integer::gcd(&self.0, &o.0))
        } else {
            Val::from_big(&self.big().gcd(&o.big()))
        }
    }

    /// The successor.
    #[inline]
    pub fn succ(self) -> Val {
        self + Val::ONE
    }

    /// The predecessor.
    #[inline]
    pub fn pred(self) -> Val {
        self - Val::ONE
    }

    /// The values `lo..=hi` in increasing order (both finite).
    pub fn range(lo: Val, hi: Val) -> impl DoubleEndedIterator<Item = Val> {
        if lo.is_small() && hi.is_small() {
            ValRange::Small(lo.0..=hi.0)
        } else {
            ValRange::Big {
                lo,
                hi,
                done: lo > hi,
            }
        }
    }

    /// The order of two values neither of which is small.
    #[cold]
    #[inline(never)]
    fn cmp_big(self, other: Val) -> Ordering {
        if self.is_infinite() || other.is_infinite() || (self.0 < 0) != (other.0 < 0) {
            self.0.cmp(&other.0)
        } else {
            self.big().cmp(&other.big())
        }
    }
}

/// The iterator of `Val::range`.
enum ValRange {
    /// Between small values: a native range.
    Small(std::ops::RangeInclusive<i128>),
    /// Otherwise: stepping with big arithmetic.
    Big { lo: Val, hi: Val, done: bool },
}

impl ValRange {
    /// The next value of a `Big` range, from the top when `back`.
    fn big_next(lo: &mut Val, hi: &mut Val, done: &mut bool, back: bool) -> Option<Val> {
        if *done {
            return None;
        }
        let (v, last) = if back { (*hi, *lo) } else { (*lo, *hi) };
        if v == last {
            *done = true;
        } else if back {
            *hi = v.pred();
        } else {
            *lo = v.succ();
        }
        Some(v)
    }
}

impl Iterator for ValRange {
    type Item = Val;
    #[inline]
    fn next(&mut self) -> Option<Val> {
        match self {
            ValRange::Small(r) => r.next().map(Val),
            ValRange::Big { lo, hi, done } => ValRange::big_next(lo, hi, done, false),
        }
    }
}

impl DoubleEndedIterator for ValRange {
    #[inline]
    fn next_back(&mut self) -> Option<Val> {
        match self {
            ValRange::Small(r) => r.next_back().map(Val),
            ValRange::Big { lo, hi, done } => ValRange::big_next(lo, hi, done, true),
        }
    }
}

impl Ord for Val {
    #[inline(always)]
    fn cmp(&self, other: &Val) -> Ordering {
        // The words' order is right unless neither value is small.
        if Val::offset(self.0).min(Val::offset(other.0)) > 2 * SMALL as u128 {
            self.cmp_big(*other)
        } else {
            self.0.cmp(&other.0)
        }
    }
}

impl PartialOrd for Val {
    #[inline(always)]
    fn partial_cmp(&self, other: &Val) -> Option<Ordering> {
        Some(self.cmp(other))
    }
    #[inline(always)]
    fn lt(&self, other: &Val) -> bool {
        self.cmp(other) == Ordering::Less
    }
    #[inline(always)]
    fn le(&self, other: &Val) -> bool {
        self.cmp(other) != Ordering::Greater
    }
    #[inline(always)]
    fn gt(&self, other: &Val) -> bool {
        self.cmp(other) == Ordering::Greater
    }
    #[inline(always)]
    fn ge(&self, other: &Val) -> bool {
        self.cmp(other) != Ordering::Less
    }
}

impl From<bool> for Val {
    /// 1 for true, 0 for false (a Boolean as a 0/1 variable holds it).
    fn from(b: bool) -> Val {
        Val(b as i128)
    }
}

impl From<usize> for Val {
    fn from(x: usize) -> Val {
        Val::from_i128(x as i128)
    }
}

impl std::ops::Add for Val {
    type Output = Val;
    /// Exact; an infinite operand gives that infinity (`INF` first).
    #[inline(always)]
    fn add(self, o: Val) -> Val {
        if self.is_small() && o.is_small() {
            Val::from_i128(self.0 + o.0)
        } else {
            self.add_slow(o)
        }
    }
}

impl std::ops::Neg for Val {
    type Output = Val;
    /// Exact; `INF` and `SUP` trade places.
    #[inline(always)]
    fn neg(self) -> Val {
        if self.is_small() {
            Val(-self.0)
        } else {
            self.neg_slow()
        }
    }
}

impl std::ops::Sub for Val {
    type Output = Val;
    /// Exact; see `Add` for infinite operands.
    #[inline(always)]
    fn sub(self, o: Val) -> Val {
        if self.is_small() && o.is_small() {
            Val::from_i128(self.0 - o.0)
        } else {
            self.add_slow(-o)
        }
    }
}

impl std::ops::Mul for Val {
    type Output = Val;
    /// Exact; an infinite operand gives the infinity of the product's sign
    /// (0 times an infinity is 0).
    #[inline(always)]
    fn mul(self, o: Val) -> Val {
        match (i64::try_from(self.0), i64::try_from(o.0)) {
            (Ok(a), Ok(b)) => Val::from_i128(a as i128 * b as i128),
            _ => self.mul_slow(o),
        }
    }
}

impl Val {
    #[cold]
    #[inline(never)]
    fn add_slow(self, o: Val) -> Val {
        if self == INF || o == INF {
            INF
        } else if self == SUP || o == SUP {
            SUP
        } else {
            Val::from_big(&(self.big() + o.big()))
        }
    }

    #[cold]
    #[inline(never)]
    fn neg_slow(self) -> Val {
        match self {
            INF => SUP,
            SUP => INF,
            _ => Val::from_big(&-self.big()),
        }
    }

    #[cold]
    #[inline(never)]
    fn mul_slow(self, o: Val) -> Val {
        if self.is_infinite() || o.is_infinite() {
            return match self.0.signum() * o.0.signum() {
                0 => Val::ZERO,
                1 => SUP,
                _ => INF,
            };
        }
        if self.is_small() && o.is_small() {
            if let Some(p) = self.0.checked_mul(o.0) {
                return Val::from_i128(p);
            }
        }
        Val::from_big(&(self.big() * o.big()))
    }
}

/// Arithmetic and comparison with a machine integer (`x + 1`, `x > 0`).
macro_rules! with_int {
    ($($tr:ident $f:ident),*) => {$(
        impl std::ops::$tr<i64> for Val {
            type Output = Val;
            #[inline]
            fn $f(self, o: i64) -> Val {
                std::ops::$tr::$f(self, Val::int(o))
            }
        }
    )*};
}

with_int!(Add add, Sub sub, Mul mul);

impl PartialEq<i64> for Val {
    #[inline]
    fn eq(&self, o: &i64) -> bool {
        self.0 == *o as i128
    }
}

impl PartialOrd<i64> for Val {
    #[inline]
    fn partial_cmp(&self, o: &i64) -> Option<Ordering> {
        Some(self.cmp(&Val::int(*o)))
    }
}

impl std::ops::AddAssign for Val {
    #[inline]
    fn add_assign(&mut self, o: Val) {
        *self = *self + o;
    }
}

impl std::ops::SubAssign for Val {
    #[inline]
    fn sub_assign(&mut self, o: Val) {
        *self = *self - o;
    }
}

impl std::iter::Sum for Val {
    fn sum<I: Iterator<Item = Val>>(iter: I) -> Val {
        iter.fold(Val::ZERO, |a, b| a + b)
    }
}

impl fmt::Debug for Val {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Val {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            INF => f.write_str("inf"),
            SUP => f.write_str("sup"),
            v if v.is_small() => write!(f, "{}", v.0),
            v => write!(f, "{}", v.big()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Val {
        Val::from_big(&s.parse::<BigInt>().unwrap())
    }

    #[test]
    fn big_values_order_and_compute_exactly() {
        let f47 = v("258623241511168180642964355153611979969197632389120000000000");
        let f46 = v("5502622159812088949850305428800254892961651752960000000000");
        assert_eq!(f46 * Val::int(47), f47);
        assert_eq!(f47.div_floor(Val::int(47)), f46);
        assert!(f46 < f47 && -f47 < -f46 && -f46 < Val::ZERO);
        assert!(Val::int(5) < f46 && f46 < SUP && INF < -f47);
        let s = Val::from_i128(SMALL);
        assert_eq!((s + Val::ONE) - Val::ONE, s);
        assert!(s < s + Val::ONE && (s + Val::ONE).0 > SMALL);
        assert_eq!(v("-7").div_floor(Val::int(2)), Val::int(-4));
        assert_eq!(v("-7").div_ceil(Val::int(2)), Val::int(-3));
        assert_eq!((f47 + Val::int(3)).mod_floor(Val::int(47)), Val::int(3));
        assert_eq!(
            Val::int(2).pow(200),
            v(&BigInt::from(2).pow(200).to_string())
        );
        assert_eq!(Val::range(s - Val::ONE, s + Val::ONE).count(), 3);
        assert_eq!(format!("{}", -f47), format!("-{f47}"));
    }

    #[test]
    fn infinities_absorb() {
        assert_eq!(SUP + Val::int(-3), SUP);
        assert_eq!(INF + SUP, INF);
        assert_eq!(-INF, SUP);
        assert_eq!(SUP * Val::int(-2), INF);
        assert_eq!(INF * Val::ZERO, Val::ZERO);
    }
}
