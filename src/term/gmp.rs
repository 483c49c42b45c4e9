//! Products, quotients and powers of big integers through GMP's `mpn`
//! layer, which works on bare limb arrays (64-bit, least significant
//! first: the layout of `num_bigint`'s digits and of the heap's big
//! integers). GMP's subquadratic algorithms and assembly kernels make
//! these several times faster than `num_bigint`'s at the sizes puzzle
//! programs reach (Lucas-Lehmer tests, factorials); sums, differences and
//! everything else stay with `num_bigint` and `term::limbs`.
//!
//! The system's GMP library is linked (Debian's `libgmp-dev`; `build.rs`
//! checks for it).

use num_bigint::{BigInt, BigUint, Sign};
use std::os::raw::c_long;

#[link(name = "gmp")]
extern "C" {
    // rp[0..s1n+s2n] = s1 * s2, with s1n >= s2n >= 1.
    fn __gmpn_mul(rp: *mut u64, s1p: *const u64, s1n: c_long, s2p: *const u64, s2n: c_long) -> u64;
    // rp[0..2n] = s^2, n >= 1.
    fn __gmpn_sqr(rp: *mut u64, s1p: *const u64, n: c_long);
    // q[0..nn-dn+1], r[0..dn] = n / d, with nn >= dn >= 1 and d's top limb non-zero.
    fn __gmpn_tdiv_qr(
        qp: *mut u64,
        rp: *mut u64,
        qxn: c_long,
        np: *const u64,
        nn: c_long,
        dp: *const u64,
        dn: c_long,
    );
    // {rp, return value} = gcd of {xp, xn} and {yp, yn}, with xn >= yn > 0,
    // y's top limb non-zero and one operand odd; both operands are destroyed.
    fn __gmpn_gcd(rp: *mut u64, xp: *mut u64, xn: c_long, yp: *mut u64, yn: c_long) -> c_long;
    // The digits (values 0..base-1, most significant first) of {up, un},
    // un >= 1 and up's top limb non-zero, into str; returns their count. The
    // operand is destroyed.
    fn __gmpn_get_str(str: *mut u8, base: i32, up: *mut u64, un: c_long) -> usize;
}

/// Drops leading zero limbs.
fn trim(mut v: Vec<u64>) -> Vec<u64> {
    while v.last() == Some(&0) {
        v.pop();
    }
    v
}

/// The product of two magnitudes (no leading zero limbs, either may be empty).
pub(crate) fn mul_mag(a: &[u64], b: &[u64]) -> Vec<u64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = vec![0u64; long.len() + short.len()];
    // SAFETY: `out` has room for s1n + s2n limbs, the operands are
    // non-empty with the longer first, and `out` overlaps neither.
    unsafe {
        if long == short {
            __gmpn_sqr(out.as_mut_ptr(), long.as_ptr(), long.len() as c_long);
        } else {
            __gmpn_mul(
                out.as_mut_ptr(),
                long.as_ptr(),
                long.len() as c_long,
                short.as_ptr(),
                short.len() as c_long,
            );
        }
    }
    trim(out)
}

/// Truncated quotient and remainder of two magnitudes; `d` is not empty.
pub(crate) fn div_rem_mag(n: &[u64], d: &[u64]) -> (Vec<u64>, Vec<u64>) {
    if n.len() < d.len() {
        return (Vec::new(), n.to_vec());
    }
    let mut q = vec![0u64; n.len() - d.len() + 1];
    let mut r = vec![0u64; d.len()];
    // SAFETY: q and r have the sizes GMP writes, nn >= dn >= 1, d has no
    // leading zero limb, and the outputs overlap no input.
    unsafe {
        __gmpn_tdiv_qr(
            q.as_mut_ptr(),
            r.as_mut_ptr(),
            0,
            n.as_ptr(),
            n.len() as c_long,
            d.as_ptr(),
            d.len() as c_long,
        );
    }
    (trim(q), trim(r))
}

/// The limbs of a big integer's magnitude.
fn mag(x: &BigInt) -> Vec<u64> {
    x.magnitude().to_u64_digits()
}

/// The big integer with sign `negative` and magnitude `limbs` (least
/// significant first).
pub fn from_limbs(negative: bool, limbs: &[u64]) -> BigInt {
    let mag = if cfg!(target_endian = "little") {
        // SAFETY: in little-endian order a 64-bit limb is its low then its
        // high 32-bit digit.
        let digits =
            unsafe { std::slice::from_raw_parts(limbs.as_ptr() as *const u32, 2 * limbs.len()) };
        BigUint::from_slice(digits)
    } else {
        BigUint::new(
            limbs
                .iter()
                .flat_map(|&l| [l as u32, (l >> 32) as u32])
                .collect(),
        )
    };
    BigInt::from_biguint(if negative { Sign::Minus } else { Sign::Plus }, mag)
}

/// `a * b`.
pub fn mul(a: &BigInt, b: &BigInt) -> BigInt {
    let negative = (a.sign() == Sign::Minus) != (b.sign() == Sign::Minus);
    from_limbs(negative, &mul_mag(&mag(a), &mag(b)))
}

/// The quotient truncated toward zero and the remainder (with the
/// dividend's sign) of `a / b`; `b` is not zero.
pub fn div_rem(a: &BigInt, b: &BigInt) -> (BigInt, BigInt) {
    let (q, r) = div_rem_mag(&mag(a), &mag(b));
    let (na, nb) = (a.sign() == Sign::Minus, b.sign() == Sign::Minus);
    (from_limbs(na != nb, &q), from_limbs(na, &r))
}

/// `base ^ e`, by squaring.
pub fn pow(base: &BigInt, mut e: u32) -> BigInt {
    let negative = base.sign() == Sign::Minus && e % 2 == 1;
    let mut acc = vec![1u64];
    let mut sq = mag(base);
    while e > 0 {
        if e & 1 == 1 {
            acc = mul_mag(&acc, &sq);
        }
        e >>= 1;
        if e > 0 {
            sq = mul_mag(&sq, &sq);
        }
    }
    from_limbs(negative, &acc)
}

/// The greatest common divisor of two integers, non-negative.
pub fn gcd(a: &BigInt, b: &BigInt) -> BigInt {
    use num_traits::Zero;
    let (a, b) = (a.magnitude(), b.magnitude());
    if a.is_zero() || b.is_zero() {
        return BigInt::from(a + b);
    }
    // gcd(a, b) = 2^min(i, j) gcd(a / 2^i, b / 2^j), both of these odd.
    let (i, j) = (
        a.trailing_zeros().unwrap_or(0),
        b.trailing_zeros().unwrap_or(0),
    );
    let mut x = (a >> i).to_u64_digits();
    let mut y = (b >> j).to_u64_digits();
    if x.len() < y.len() {
        std::mem::swap(&mut x, &mut y);
    }
    let mut g = vec![0u64; y.len()];
    // SAFETY: x is at least as long as y, y is non-empty with a non-zero top
    // limb (no leading zeros from to_u64_digits), both are odd, and `g` has
    // room for the at most y.len() limbs of the result.
    let n = unsafe {
        __gmpn_gcd(
            g.as_mut_ptr(),
            x.as_mut_ptr(),
            x.len() as c_long,
            y.as_mut_ptr(),
            y.len() as c_long,
        )
    };
    g.truncate(n as usize);
    from_limbs(false, &g) << i.min(j)
}

/// The decimal digits of an integer, with a `-` for a negative one.
pub fn to_decimal(x: &BigInt) -> String {
    let mut limbs = mag(x);
    if limbs.is_empty() {
        return "0".to_string();
    }
    // At most 20 decimal digits a limb, plus one.
    let mut digits = vec![0u8; limbs.len() * 20 + 1];
    // SAFETY: `limbs` is non-empty with a non-zero top limb, and `digits`
    // has room for every digit of its value.
    let n = unsafe {
        __gmpn_get_str(
            digits.as_mut_ptr(),
            10,
            limbs.as_mut_ptr(),
            limbs.len() as c_long,
        )
    };
    let mut text = String::with_capacity(n + 1);
    if x.sign() == Sign::Minus {
        text.push('-');
    }
    // GMP may leave a leading zero digit.
    let start = digits[..n].iter().position(|&d| d != 0).unwrap_or(n - 1);
    text.extend(digits[start..n].iter().map(|&d| (b'0' + d) as char));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_integer::Integer;

    /// Numbers across signs and sizes, from zero to a few hundred limbs.
    fn samples() -> Vec<BigInt> {
        let mut v: Vec<BigInt> = vec![0.into(), 1.into(), (-7).into(), u64::MAX.into()];
        let mut x = BigInt::from(0x1234_5678_9abc_def1u64);
        for k in 0..12 {
            x = &x * &x + k;
            v.push(x.clone());
            v.push(-x.clone() + 3);
        }
        v.push((BigInt::from(1) << 4096) - 1);
        v
    }

    #[test]
    fn products_quotients_and_powers_agree_with_num_bigint() {
        let xs = samples();
        for a in &xs {
            for b in &xs {
                assert_eq!(mul(a, b), a * b, "{a} * {b}");
                if b.sign() != Sign::NoSign {
                    assert_eq!(div_rem(a, b), a.div_rem(b), "{a} / {b}");
                }
            }
            for e in [0u32, 1, 2, 3, 7, 20] {
                if a.bits() * (e as u64) < 200_000 {
                    assert_eq!(pow(a, e), num_traits::pow(a.clone(), e as usize), "{a}^{e}");
                }
            }
        }
    }

    #[test]
    fn gcds_and_decimals_agree_with_num_bigint() {
        // num-bigint's gcd is too slow for the largest samples.
        let xs: Vec<BigInt> = samples().into_iter().filter(|x| x.bits() < 5000).collect();
        for a in &samples() {
            assert_eq!(to_decimal(a), a.to_string());
        }
        for a in &xs {
            for b in &xs {
                let g = gcd(a, b);
                assert_eq!(g, a.gcd(b), "gcd({a}, {b})");
                let six = BigInt::from(6);
                assert_eq!(gcd(&(a * &six), &(b * &six)), a.gcd(b) * &six);
            }
        }
    }

    #[test]
    fn limbs_convert_both_ways() {
        for a in samples() {
            let (sign, limbs) = a.to_u64_digits();
            assert_eq!(from_limbs(sign == Sign::Minus, &limbs), a);
        }
    }
}
