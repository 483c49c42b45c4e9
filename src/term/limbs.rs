//! Sums, differences and small multiples of big integers straight on their
//! heap words (64-bit limbs, least significant first, with a sign), so
//! that `C is A+B` over big integers costs one pass over the limbs instead
//! of converting both operands to `BigInt` and the result back.

use std::cmp::Ordering;

/// A signed magnitude: `negative` and the limbs, least significant first,
/// without leading zero limbs (zero has none).
#[derive(Clone, Copy, Debug)]
pub struct Signed<'a> {
    /// True for a negative number.
    pub negative: bool,
    /// The magnitude's limbs.
    pub limbs: &'a [u64],
}

impl Signed<'_> {
    /// The limbs of a machine integer: its magnitude goes in `buf`.
    pub fn of_int(i: i64, buf: &mut [u64; 1]) -> Signed<'_> {
        buf[0] = i.unsigned_abs();
        Signed {
            negative: i < 0,
            limbs: if i == 0 { &buf[..0] } else { &buf[..] },
        }
    }
}

/// Compares two magnitudes.
fn cmp_mag(a: &[u64], b: &[u64]) -> Ordering {
    a.len()
        .cmp(&b.len())
        .then_with(|| a.iter().rev().cmp(b.iter().rev()))
}

/// `a + b` (magnitudes) into `out` (which is empty).
fn add_mag(a: &[u64], b: &[u64], out: &mut Vec<u64>) {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    out.resize(long.len() + 1, 0);
    let (low, high) = out.split_at_mut(short.len());
    let mut carry = 0u64;
    for ((d, &x), &y) in low.iter_mut().zip(long).zip(short) {
        let s = x as u128 + y as u128 + carry as u128;
        *d = s as u64;
        carry = (s >> 64) as u64;
    }
    for (d, &x) in high.iter_mut().zip(&long[short.len()..]) {
        let s = x as u128 + carry as u128;
        *d = s as u64;
        carry = (s >> 64) as u64;
    }
    out[long.len()] = carry;
    if carry == 0 {
        out.pop();
    }
}

/// `a - b` (magnitudes, `a >= b`) into `out` (which is empty), without
/// leading zero limbs.
fn sub_mag(a: &[u64], b: &[u64], out: &mut Vec<u64>) {
    out.resize(a.len(), 0);
    let (low, high) = out.split_at_mut(b.len());
    let mut borrow = 0u64;
    for ((d, &x), &y) in low.iter_mut().zip(a).zip(b) {
        let (t, b1) = x.overflowing_sub(y);
        let (t, b2) = t.overflowing_sub(borrow);
        *d = t;
        borrow = (b1 | b2) as u64;
    }
    for (d, &x) in high.iter_mut().zip(&a[b.len()..]) {
        let (t, b1) = x.overflowing_sub(borrow);
        *d = t;
        borrow = b1 as u64;
    }
    debug_assert_eq!(borrow, 0, "a >= b");
    while out.last() == Some(&0) {
        out.pop();
    }
}

/// `x + y` (or `x - y` when `subtract`) into `out` (which is empty);
/// returns the sign of the result.
pub fn add(x: Signed, y: Signed, subtract: bool, out: &mut Vec<u64>) -> bool {
    let y_negative = y.negative != subtract;
    if x.negative == y_negative {
        add_mag(x.limbs, y.limbs, out);
        return x.negative;
    }
    match cmp_mag(x.limbs, y.limbs) {
        Ordering::Less => {
            sub_mag(y.limbs, x.limbs, out);
            y_negative
        }
        _ => {
            sub_mag(x.limbs, y.limbs, out);
            x.negative
        }
    }
}

/// `x * m` for a machine integer `m` into `out` (which is empty); returns
/// the sign of the result.
pub fn mul_small(x: Signed, m: i64, out: &mut Vec<u64>) -> bool {
    let k = m.unsigned_abs() as u128;
    if k == 0 || x.limbs.is_empty() {
        return false;
    }
    out.reserve(x.limbs.len() + 1);
    let mut carry = 0u128;
    for &l in x.limbs {
        let p = l as u128 * k + carry;
        out.push(p as u64);
        carry = p >> 64;
    }
    if carry != 0 {
        out.push(carry as u64);
    }
    x.negative != (m < 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::{BigInt, Sign};

    fn big(negative: bool, limbs: &[u64]) -> BigInt {
        let digits: Vec<u32> = limbs
            .iter()
            .flat_map(|&l| [l as u32, (l >> 32) as u32])
            .collect();
        BigInt::from_slice(if negative { Sign::Minus } else { Sign::Plus }, &digits)
    }

    /// Sums, differences and small multiples agree with num-bigint, across
    /// signs, carries out of the top limb and cancellation down to zero.
    #[test]
    fn limb_arithmetic_agrees_with_num_bigint() {
        let values: Vec<(bool, Vec<u64>)> = vec![
            (false, vec![]),
            (false, vec![1]),
            (true, vec![u64::MAX]),
            (false, vec![u64::MAX, u64::MAX]),
            (true, vec![0, 0, 1]),
            (false, vec![5, 0, 1]),
            (true, vec![u64::MAX, 7]),
        ];
        for (xn, xl) in &values {
            for (yn, yl) in &values {
                let (x, y) = (
                    Signed {
                        negative: *xn,
                        limbs: xl,
                    },
                    Signed {
                        negative: *yn,
                        limbs: yl,
                    },
                );
                for subtract in [false, true] {
                    let mut out = Vec::new();
                    let neg = add(x, y, subtract, &mut out);
                    let expected = if subtract {
                        big(*xn, xl) - big(*yn, yl)
                    } else {
                        big(*xn, xl) + big(*yn, yl)
                    };
                    assert_eq!(big(neg, &out), expected, "{x:?} {subtract} {y:?}");
                    assert_ne!(out.last(), Some(&0));
                }
            }
            for m in [0, 1, -1, 3, i64::MIN, i64::MAX] {
                let mut out = Vec::new();
                let neg = mul_small(
                    Signed {
                        negative: *xn,
                        limbs: xl,
                    },
                    m,
                    &mut out,
                );
                assert_eq!(big(neg, &out), big(*xn, xl) * m);
            }
        }
    }
}
