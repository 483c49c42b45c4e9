//! Propagators of the non-linear arithmetic of library(clpfd): `abs/1`,
//! `min/2`, `max/2`, `//`, `div`, `mod`, `rem` and `^`, with the strength
//! of SWI-Prolog's (bounds reasoning; `abs/1` domain-consistent).

use super::props::{equal_args, Arg};
use super::{Domain, Fail, FdStore, PropResult, Status, Val, INF, SUP};

/// Which integer division.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivKind {
    /// `//`: truncating toward zero.
    Trunc,
    /// `div`: rounding toward minus infinity.
    Floor,
}

/// Which remainder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModKind {
    /// `mod`: the sign of the divisor.
    Mod,
    /// `rem`: the sign of the dividend.
    Rem,
}

/// A non-linear arithmetic constraint `z = f(x, y)`.
#[derive(Clone, Debug)]
pub enum Arith {
    /// `z = abs(x)`.
    Abs(Arg, Arg),
    /// `z = max(x, y)` (true) or `z = min(x, y)` (false).
    MinMax(bool, Arg, Arg, Arg),
    /// `z = x // y` or `z = x div y`.
    Div(DivKind, Arg, Arg, Arg),
    /// `z = x mod y` or `z = x rem y`.
    Mod(ModKind, Arg, Arg, Arg),
    /// `z = x ^ y`.
    Pow(Arg, Arg, Arg),
}

impl Arith {
    /// The arguments, `z` last.
    pub fn args(&self) -> Vec<Arg> {
        match self {
            Arith::Abs(x, z) => vec![*x, *z],
            Arith::MinMax(_, x, y, z)
            | Arith::Div(_, x, y, z)
            | Arith::Mod(_, x, y, z)
            | Arith::Pow(x, y, z) => {
                vec![*x, *y, *z]
            }
        }
    }

    /// Runs the propagator.
    pub fn propagate<C: Clone>(&self, s: &mut FdStore<C>) -> PropResult {
        match self {
            Arith::Abs(x, z) => abs(s, *x, *z),
            Arith::MinMax(is_max, x, y, z) => min_max(s, *is_max, *x, *y, *z),
            Arith::Div(kind, x, y, z) => div(s, *kind, *x, *y, *z),
            Arith::Mod(kind, x, y, z) => modulo(s, *kind, *x, *y, *z),
            Arith::Pow(x, y, z) => pow(s, *x, *y, *z),
        }
    }
}

/// `{|v| : v in d}`.
fn abs_domain(d: &Domain) -> Domain {
    let mut ivs = Vec::new();
    for &(lo, hi) in d.intervals() {
        if lo >= 0 {
            ivs.push((lo, hi));
        } else if hi <= 0 {
            ivs.push((neg(hi), neg(lo)));
        } else {
            ivs.push((0, neg(lo).max(hi)));
        }
    }
    Domain::from_intervals(ivs)
}

fn neg(b: Val) -> Val {
    super::domain::neg_bound(b)
}

fn abs<C: Clone>(s: &mut FdStore<C>, x: Arg, z: Arg) -> PropResult {
    let dx = x.dom(s);
    z.restrict(s, &abs_domain(&dx))?;
    let dz = z.dom(s);
    x.restrict(s, &dz.union(&dz.negate()))?;
    if let Some(v) = x.value(s) {
        z.restrict(s, &Domain::singleton(v.checked_abs().ok_or(Fail)?))?;
        return Ok(Status::Entailed);
    }
    Ok(Status::Alive)
}

fn min_max<C: Clone>(s: &mut FdStore<C>, is_max: bool, x: Arg, y: Arg, z: Arg) -> PropResult {
    let (dx, dy) = (x.dom(s), y.dom(s));
    if let (Some(a), Some(b)) = (x.value(s), y.value(s)) {
        let v = if is_max { a.max(b) } else { a.min(b) };
        z.restrict(s, &Domain::singleton(v))?;
        return Ok(Status::Entailed);
    }
    let (lo, hi) = if is_max {
        (dx.min().max(dy.min()), dx.max().max(dy.max()))
    } else {
        (dx.min().min(dy.min()), dx.max().min(dy.max()))
    };
    z.restrict(s, &Domain::range(lo, hi))?;
    // One argument entirely on the winning side decides.
    let decided = if is_max {
        if dx.min() >= dy.max() {
            Some(x)
        } else if dy.min() >= dx.max() {
            Some(y)
        } else {
            None
        }
    } else if dx.max() <= dy.min() {
        Some(x)
    } else if dy.max() <= dx.min() {
        Some(y)
    } else {
        None
    };
    if let Some(w) = decided {
        let dz = z.dom(s);
        w.restrict(s, &dz)?;
        let dw = w.dom(s);
        z.restrict(s, &dw)?;
    }
    Ok(Status::Alive)
}

/// `a / b` rounded as `kind` divides (b != 0).
fn quot(kind: DivKind, a: i128, b: i128) -> i128 {
    let q = a / b;
    match kind {
        DivKind::Trunc => q,
        DivKind::Floor if (a % b != 0) && ((a < 0) != (b < 0)) => q - 1,
        DivKind::Floor => q,
    }
}

fn fin(b: Val) -> Option<i128> {
    (b != INF && b != SUP).then_some(b)
}

fn bound(v: i128) -> Val {
    super::props::to_lo(v)
}

fn div<C: Clone>(s: &mut FdStore<C>, kind: DivKind, x: Arg, y: Arg, z: Arg) -> PropResult {
    y.remove(s, 0)?;
    if y.value(s) == Some(1) {
        return equal_args(s, x, z);
    }
    let (dx, dy) = (x.dom(s), y.dom(s));
    if let (Some(a), Some(b)) = (x.value(s), y.value(s)) {
        z.restrict(s, &Domain::singleton(bound(quot(kind, a, b))))?;
        return Ok(Status::Entailed);
    }
    // z from the corners of x and y (y excludes 0; its sign parts apart).
    if let (Some(xl), Some(xh)) = (fin(dx.min()), fin(dx.max())) {
        let mut qs = Vec::new();
        for part in [dy.clamp(INF, -1), dy.clamp(1, SUP)] {
            if part.is_empty() {
                continue;
            }
            match (fin(part.min()), fin(part.max())) {
                (Some(yl), Some(yh)) => {
                    for a in [xl, xh] {
                        for b in [yl, yh] {
                            qs.push(quot(kind, a, b));
                        }
                    }
                }
                // An unbounded divisor can bring the quotient to 0.
                _ => {
                    qs.push(0);
                    for a in [xl, xh] {
                        let b = if part.min() > 0 {
                            part.min()
                        } else {
                            part.max()
                        };
                        qs.push(quot(kind, a, b));
                    }
                }
            }
        }
        if let (Some(&lo), Some(&hi)) = (qs.iter().min(), qs.iter().max()) {
            z.restrict(s, &Domain::range(bound(lo), bound(hi)))?;
        }
    }
    // x from z when y is positive (a negative fixed divisor: -x from z).
    let dy = y.dom(s);
    let (sign, yl, yh) = match (fin(dy.min()), fin(dy.max())) {
        // A divisor not yet fixed: only for a fixed positive quotient (as SWI).
        (Some(yl), Some(yh)) if yl > 0 && (yl == yh || z.value(s).is_some_and(|q| q > 0)) => {
            (1, yl, yh)
        }
        (Some(yl), Some(yh)) if yl == yh && yl < 0 => (-1, -yl, -yl),
        _ => return Ok(Status::Alive),
    };
    let dz = z.dom(s);
    // Saturating: a bound beyond the engine's integers is an overflow.
    let lo_of = |q: i128, b: i128| match kind {
        DivKind::Trunc if q > 0 => q.saturating_mul(b),
        DivKind::Trunc => q.saturating_mul(b).saturating_sub(b - 1),
        DivKind::Floor => q.saturating_mul(b),
    };
    let hi_of = |q: i128, b: i128| match kind {
        DivKind::Trunc if q >= 0 => q.saturating_mul(b).saturating_add(b - 1),
        DivKind::Trunc => q.saturating_mul(b),
        DivKind::Floor => q.saturating_mul(b).saturating_add(b - 1),
    };
    let lo = fin(dz.min()).map(|q| lo_of(q, yl).min(lo_of(q, yh)));
    let hi = fin(dz.max()).map(|q| hi_of(q, yl).max(hi_of(q, yh)));
    let (lo, hi) = if sign > 0 {
        (lo, hi)
    } else {
        (hi.map(|h| -h), lo.map(|l| -l))
    };
    x.clamp(s, lo, hi)?;
    if yl == yh && dz.intervals().len() > 1 {
        // A fixed divisor: each interval of quotients gives its interval
        // of dividends (SWI's domain reasoning for a fixed divisor).
        let parts = dz
            .intervals()
            .iter()
            .map(|&(ql, qh)| {
                let l = if ql == INF { INF } else { bound(lo_of(ql, yl)) };
                let h = if qh == SUP { SUP } else { bound(hi_of(qh, yl)) };
                if sign > 0 {
                    (l, h)
                } else {
                    (neg(h), neg(l))
                }
            })
            .collect();
        x.restrict(s, &Domain::from_intervals(parts))?;
    }
    // Entailed once every x gives the one quotient z has.
    let dx = x.dom(s);
    if let (Some(q), Some(b), Some(xl), Some(xh)) =
        (z.value(s), y.value(s), fin(dx.min()), fin(dx.max()))
    {
        let (b, q) = (b, q);
        if quot(kind, xl, b) == q && quot(kind, xh, b) == q {
            return Ok(Status::Entailed);
        }
    }
    Ok(Status::Alive)
}

fn modulo<C: Clone>(s: &mut FdStore<C>, kind: ModKind, x: Arg, y: Arg, z: Arg) -> PropResult {
    y.remove(s, 0)?;
    if let (Some(a), Some(b)) = (x.value(s), y.value(s)) {
        let (a, b) = (a, b);
        let r = match kind {
            ModKind::Mod => a - quot(DivKind::Floor, a, b) * b,
            ModKind::Rem => a % b,
        };
        z.restrict(s, &Domain::singleton(bound(r)))?;
        return Ok(Status::Entailed);
    }
    if let Some(b) = y.value(s) {
        // A dividend already below a positive divisor is its own remainder
        // (SWI unifies the two).
        let dx = x.dom(s);
        let low = match kind {
            ModKind::Mod => 0,
            ModKind::Rem => 1 - b,
        };
        if b > 0 && dx.min() >= low && fin(dx.max()).is_some_and(|h| h < b) {
            return equal_args(s, x, z);
        }
        let m = (b).abs() - 1;
        let range = match kind {
            ModKind::Mod if b > 0 => (0, m),
            ModKind::Mod => (-m, 0),
            ModKind::Rem => {
                let dx = x.dom(s);
                if dx.min() >= 0 {
                    (0, m)
                } else if dx.max() <= 0 {
                    (-m, 0)
                } else {
                    (-m, m)
                }
            }
        };
        z.restrict(s, &Domain::range(bound(range.0), bound(range.1)))?;
        if kind == ModKind::Rem && z.dom(s).min() > 0 {
            // A positive remainder has a dividend at least as large (SWI
            // states the positive side only).
            let low = z.dom(s).min();
            x.clamp(s, Some(low), None)?;
        }
        narrow_dividend(s, kind, x, b, z)?;
    }
    Ok(Status::Alive)
}

/// Moves each bound of `x` inwards, by at most |b| steps, to the nearest
/// value whose remainder by `b` `z` can take; a bound with none so near
/// stays (as SWI's bounds reasoning for mod and rem does).
fn narrow_dividend<C: Clone>(
    s: &mut FdStore<C>,
    kind: ModKind,
    x: Arg,
    b: i128,
    z: Arg,
) -> Result<(), Fail> {
    let rem = |a: i128| match kind {
        ModKind::Mod => a - quot(DivKind::Floor, a, b) * b,
        ModKind::Rem => a % b,
    };
    let dz = z.dom(s);
    let fits = |a: i128| dz.contains(rem(a));
    let dx = x.dom(s);
    let (Some(lo), Some(hi)) = (fin(dx.min()), fin(dx.max())) else {
        return Ok(());
    };
    let steps = b.abs().min(hi - lo + 1);
    let new_lo = (0..steps).map(|i| lo + i).find(|&a| fits(a));
    let new_hi = (0..steps).map(|i| hi - i).find(|&a| fits(a));
    x.clamp(s, new_lo.or(Some(lo)), new_hi.or(Some(hi)))?;
    Ok(())
}

/// The greatest r >= 0 with r^n <= v (v >= 0).
fn iroot(v: i128, n: u32) -> i128 {
    let mut r = (v as f64).powf(1.0 / n as f64) as i128;
    while r > 0 && r.checked_pow(n).is_none_or(|p| p > v) {
        r -= 1;
    }
    while (r + 1).checked_pow(n).is_some_and(|p| p <= v) {
        r += 1;
    }
    r
}

/// The least r >= 0 with r^n >= v (v >= 0).
fn ceil_root(v: i128, n: u32) -> i128 {
    let r = iroot(v, n);
    r + i128::from(r.pow(n) < v)
}

fn pow<C: Clone>(s: &mut FdStore<C>, x: Arg, y: Arg, z: Arg) -> PropResult {
    // To a fixpoint: each side's bounds follow from the other's.
    loop {
        let before = (x.dom(s), z.dom(s));
        let status = pow_once(s, x, y, z)?;
        if status == Status::Entailed || (x.dom(s), z.dom(s)) == before {
            return Ok(status);
        }
    }
}

fn pow_once<C: Clone>(s: &mut FdStore<C>, x: Arg, y: Arg, z: Arg) -> PropResult {
    if let (Some(a), Some(b)) = (x.value(s), y.value(s)) {
        if b < 0 {
            return Err(Fail);
        }
        let p = match a {
            0 | 1 => Val::from(a == 1 || b == 0),
            -1 => 1 - 2 * (b % 2),
            _ => u32::try_from(b)
                .ok()
                .and_then(|e| a.checked_pow(e))
                // Beyond i128: saturates (to an overflow, see `bound`).
                .unwrap_or(if a < 0 && b % 2 == 1 {
                    i128::MIN
                } else {
                    i128::MAX
                }),
        };
        z.restrict(s, &Domain::singleton(bound(p)))?;
        return Ok(Status::Entailed);
    }
    let dx = x.dom(s);
    match y.value(s) {
        Some(1) => return equal_args(s, x, z),
        // A fixed power: the base is one of its exact roots (SWI solves
        // X^2 #= 1000000 with X in 1..1000000 to X = 1000).
        Some(n) if n >= 1 && z.value(s).is_some() => {
            let (n, v) = (n as u32, z.value(s).unwrap_or(0));
            let r = if v >= 0 { iroot(v, n) } else { -iroot(-v, n) };
            if (n % 2 == 0 && v < 0) || r.checked_pow(n) != Some(v) {
                return Err(Fail);
            }
            let roots = if n % 2 == 0 {
                vec![bound(-r), bound(r)]
            } else {
                vec![bound(r)]
            };
            x.restrict(s, &Domain::from_values(roots))?;
            return Ok(Status::Entailed);
        }
        Some(n) if n >= 1 => {
            let n = n as u32;
            if n.is_multiple_of(2) {
                z.clamp(s, Some(0), None)?;
            }
            // z from the bounds of x.
            if let (Some(xl), Some(xh)) = (fin(dx.min()), fin(dx.max())) {
                let ps = [xl.checked_pow(n), xh.checked_pow(n)];
                if let [Some(a), Some(b)] = ps {
                    let (lo, hi) = if n.is_multiple_of(2) && xl <= 0 && xh >= 0 {
                        (0, a.max(b))
                    } else {
                        (a.min(b), a.max(b))
                    };
                    z.restrict(s, &Domain::range(bound(lo), bound(hi)))?;
                }
            }
            let dz = z.dom(s);
            // x from the greatest z: |x| <= root(max z); 0 out when z excludes 0.
            if n.is_multiple_of(2) {
                if let Some(zh) = fin(dz.max()) {
                    if zh < 0 {
                        return Err(Fail);
                    }
                    let r = bound(iroot(zh, n));
                    x.restrict(s, &Domain::range(-r, r))?;
                }
                if !dz.contains(0) {
                    x.remove(s, 0)?;
                }
                // A base that cannot be negative rises to the root of the
                // least power (SWI narrows only that side).
                if let (Some(zl), true) = (fin(dz.min()), x.dom(s).min() >= 0) {
                    if zl > 0 {
                        x.clamp(s, Some(ceil_root(zl, n)), None)?;
                    }
                }
            } else {
                // An odd power narrows its base as SWI's does: from above
                // a positive least power, and below the greatest power
                // once the base is not negative.
                if let Some(zl) = fin(dz.min()).filter(|&zl| zl > 0) {
                    x.clamp(s, Some(ceil_root(zl, n)), None)?;
                }
                let xl = fin(x.dom(s).min());
                if let (Some(zh), true) = (fin(dz.max()), xl.is_some_and(|l| l >= 0)) {
                    x.clamp(s, None, Some(if zh < 0 { -1 } else { iroot(zh, n) }))?;
                }
            }
        }
        _ => {
            // A fixed base above 1: z grows with y.
            if let Some(a) = x.value(s).filter(|&a| a > 1) {
                let dy = y.dom(s);
                let lo = fin(dy.min()).and_then(|e| (a).checked_pow(e.max(0) as u32));
                let hi = fin(dy.max()).and_then(|e| (a).checked_pow(e.max(0) as u32));
                z.restrict(
                    s,
                    &Domain::range(lo.map_or(INF, bound), hi.map_or(SUP, bound)),
                )?;
            } else if let (Some(xl), Some(yl)) = (fin(dx.min()), fin(y.dom(s).min())) {
                // A base and an exponent both at least 1: the power is at
                // least their least values' (SWI leaves other cases be).
                if xl >= 1 && yl >= 1 {
                    let lo = u32::try_from(yl).ok().and_then(|e| xl.checked_pow(e));
                    z.clamp(s, Some(lo.unwrap_or(i128::MAX)), None)?;
                }
            }
        }
    }
    Ok(Status::Alive)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_roots() {
        for v in 0..2000i128 {
            for n in 2..5u32 {
                let r = iroot(v, n);
                assert!(r.pow(n) <= v && (r + 1).pow(n) > v, "{v} {n}");
            }
        }
    }

    #[test]
    fn division_kinds() {
        assert_eq!(quot(DivKind::Trunc, -7, 2), -3);
        assert_eq!(quot(DivKind::Floor, -7, 2), -4);
        assert_eq!(quot(DivKind::Floor, 7, -2), -4);
        assert_eq!(quot(DivKind::Floor, 7, 2), 3);
    }
}
