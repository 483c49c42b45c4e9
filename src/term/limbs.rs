//! Sums and differences of big integers straight on their
//! heap words (64-bit limbs, least significant first, with a sign), so
//! that `C is A+B` over big integers costs one pass over the limbs instead
//! of converting both operands to `BigInt` and the result back; and
//! `Owned`, the values of the machine's limb evaluator, whose products and
//! divisions go through GMP (`term::gmp`).

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

/// An integer with its own limbs: a value of the limb evaluator
/// (`machine::arith`), between reading the heap and writing the result.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Owned {
    /// True for a negative number.
    pub negative: bool,
    /// The magnitude's limbs, without leading zero limbs.
    pub limbs: Vec<u64>,
}

impl Owned {
    /// The machine integer `i`.
    pub fn of_int(i: i64) -> Owned {
        Owned {
            negative: i < 0,
            limbs: if i == 0 {
                Vec::new()
            } else {
                vec![i.unsigned_abs()]
            },
        }
    }

    /// The big integer `x`.
    pub fn of_big(x: &num_bigint::BigInt) -> Owned {
        let (sign, limbs) = x.to_u64_digits();
        Owned {
            negative: sign == num_bigint::Sign::Minus,
            limbs,
        }
    }

    /// The number as a big integer.
    pub fn to_big(&self) -> num_bigint::BigInt {
        super::gmp::from_limbs(self.negative, &self.limbs)
    }

    /// A copy of `x`.
    pub fn of(x: Signed) -> Owned {
        Owned {
            negative: x.negative,
            limbs: x.limbs.to_vec(),
        }
    }

    /// The number as a borrowed signed magnitude.
    pub fn signed(&self) -> Signed<'_> {
        Signed {
            negative: self.negative,
            limbs: &self.limbs,
        }
    }

    fn normalised(negative: bool, limbs: Vec<u64>) -> Owned {
        Owned {
            negative: negative && !limbs.is_empty(),
            limbs,
        }
    }

    /// `self + y`, or `self - y` when `subtract`.
    pub fn add(&self, y: &Owned, subtract: bool) -> Owned {
        let mut out = Vec::new();
        let negative = add(self.signed(), y.signed(), subtract, &mut out);
        Owned::normalised(negative, out)
    }

    /// `self * y` (GMP).
    pub fn mul(&self, y: &Owned) -> Owned {
        let limbs = super::gmp::mul_mag(&self.limbs, &y.limbs);
        Owned::normalised(self.negative != y.negative, limbs)
    }

    /// `-self`.
    pub fn negated(mut self) -> Owned {
        self.negative = !self.negative && !self.limbs.is_empty();
        self
    }

    /// The integer division family by a non-zero `y` (GMP): `//` and `rem`
    /// truncate toward zero, `div` and `mod` floor.
    pub fn divide(&self, y: &Owned, op: Division) -> Owned {
        let (q, r) = super::gmp::div_rem_mag(&self.limbs, &y.limbs);
        let q = Owned::normalised(self.negative != y.negative, q);
        let r = Owned::normalised(self.negative, r);
        // Flooring moves a non-zero remainder of the other sign than the
        // divisor's by one divisor, and the quotient down by one.
        let floor_fix = !r.limbs.is_empty() && r.negative != y.negative;
        match op {
            Division::Trunc => q,
            Division::Rem => r,
            Division::Mod if floor_fix => r.add(y, false),
            Division::Mod => r,
            Division::Floor if floor_fix => q.add(&Owned::of_int(1), true),
            Division::Floor => q,
        }
    }
}

/// The integer divisions of `Owned::divide`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Division {
    /// `//`: quotient truncated toward zero.
    Trunc,
    /// `rem`: remainder of `//`.
    Rem,
    /// `div`: quotient rounded toward negative infinity.
    Floor,
    /// `mod`: remainder of `div`, with the divisor's sign.
    Mod,
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

    /// Sums and differences agree with num-bigint, across
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
        }
    }

    /// Owned values multiply and divide as num-bigint does: `//` and `rem`
    /// truncate, `div` and `mod` floor, and no result is a negative zero.
    #[test]
    fn owned_products_and_divisions_agree_with_num_bigint() {
        use num_integer::Integer;
        let values: Vec<Owned> = [
            (false, vec![]),
            (false, vec![1]),
            (true, vec![3]),
            (true, vec![u64::MAX]),
            (false, vec![u64::MAX, u64::MAX]),
            (true, vec![0, 0, 1]),
            (false, vec![5, 0, 1]),
            (true, vec![u64::MAX, 7, 9, 11]),
        ]
        .into_iter()
        .map(|(negative, limbs)| Owned { negative, limbs })
        .collect();
        let b = |o: &Owned| big(o.negative, &o.limbs);
        let check = |o: Owned, expected: BigInt, what: &str| {
            assert_eq!(b(&o), expected, "{what}");
            assert!(!(o.negative && o.limbs.is_empty()), "{what}: negative zero");
        };
        for x in &values {
            for y in &values {
                check(x.mul(y), b(x) * b(y), "mul");
                if y.limbs.is_empty() {
                    continue;
                }
                check(x.divide(y, Division::Trunc), b(x) / b(y), "//");
                check(x.divide(y, Division::Rem), b(x) % b(y), "rem");
                check(x.divide(y, Division::Floor), b(x).div_floor(&b(y)), "div");
                check(x.divide(y, Division::Mod), b(x).mod_floor(&b(y)), "mod");
            }
            check(x.clone().negated(), -b(x), "neg");
        }
    }
}
