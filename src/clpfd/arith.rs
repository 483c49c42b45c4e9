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
            ivs.push((-hi, -lo));
        } else {
            ivs.push((Val::ZERO, (-lo).max(hi)));
        }
    }
    Domain::from_intervals(ivs)
}

fn abs<C: Clone>(s: &mut FdStore<C>, x: Arg, z: Arg) -> PropResult {
    let dx = x.dom(s);
    z.restrict(s, &abs_domain(&dx))?;
    let dz = z.dom(s);
    x.restrict(s, &dz.union(&dz.negate()))?;
    if let Some(v) = x.value(s) {
        z.restrict(s, &Domain::singleton(v.abs()))?;
        return Ok(Status::Entailed);
    }
    Ok(Status::Alive)
}

/// `z = max(x, y)` (or min), as SWI's propagator: once one argument
/// surely wins, `z` becomes it. An integer wins ties: it fixes `z` and the
/// constraint goes; a variable must win strictly: it is unified with `z`,
/// and the constraint stays when the other argument is an integer (SWI
/// shows `A#=max(A,5)`) and goes when it is a variable, which SWI decides
/// only for the first argument winning.
fn min_max<C: Clone>(s: &mut FdStore<C>, is_max: bool, x: Arg, y: Arg, z: Arg) -> PropResult {
    let (dx, dy) = (x.dom(s), y.dom(s));
    // `a` surely wins over `b` (ties included); strictly.
    let wins = |a: &Domain, b: &Domain| {
        if is_max {
            a.min() >= b.max()
        } else {
            a.max() <= b.min()
        }
    };
    let beats = |a: &Domain, b: &Domain| {
        if is_max {
            a.min() > b.max()
        } else {
            a.max() < b.min()
        }
    };
    match (x.value(s), y.value(s)) {
        (Some(a), Some(b)) => {
            let v = if is_max { a.max(b) } else { a.min(b) };
            z.restrict(s, &Domain::singleton(v))?;
            return Ok(Status::Entailed);
        }
        (Some(c), None) | (None, Some(c)) => {
            let (v, dv, dc) = if x.value(s).is_some() {
                (y, &dy, &dx)
            } else {
                (x, &dx, &dy)
            };
            if wins(dc, dv) {
                z.restrict(s, &Domain::singleton(c))?;
                return Ok(Status::Entailed);
            }
            if beats(dv, dc) {
                if !v.same(z, s) {
                    equal_args(s, v, z)?;
                }
                return Ok(Status::Alive);
            }
        }
        (None, None) if beats(&dx, &dy) => return equal_args(s, x, z),
        (None, None) => {}
    }
    let (lo, hi) = if is_max {
        (dx.min().max(dy.min()), dx.max().max(dy.max()))
    } else {
        (dx.min().min(dy.min()), dx.max().min(dy.max()))
    };
    z.restrict(s, &Domain::range(lo, hi))?;
    // The second argument winning narrows `z` to it and back.
    if wins(&dy, &dx) {
        let dz = z.dom(s);
        y.restrict(s, &dz)?;
        let dw = y.dom(s);
        z.restrict(s, &dw)?;
    }
    Ok(Status::Alive)
}

/// `a / b` rounded as `kind` divides (b != 0).
fn quot(kind: DivKind, a: Val, b: Val) -> Val {
    match kind {
        DivKind::Trunc => a.div_trunc(b),
        DivKind::Floor => a.div_floor(b),
    }
}

fn fin(b: Val) -> Option<Val> {
    (!b.is_infinite()).then_some(b)
}

fn div<C: Clone>(s: &mut FdStore<C>, kind: DivKind, x: Arg, y: Arg, z: Arg) -> PropResult {
    y.remove(s, Val::ZERO)?;
    if y.value(s) == Some(Val::ONE) {
        return equal_args(s, x, z);
    }
    let (dx, dy) = (x.dom(s), y.dom(s));
    if let (Some(a), Some(b)) = (x.value(s), y.value(s)) {
        z.restrict(s, &Domain::singleton(quot(kind, a, b)))?;
        return Ok(Status::Entailed);
    }
    // z from the corners of x and y (y excludes 0; its sign parts apart).
    if let (Some(xl), Some(xh)) = (fin(dx.min()), fin(dx.max())) {
        let mut qs = Vec::new();
        for part in [dy.clamp(INF, Val::int(-1)), dy.clamp(Val::ONE, SUP)] {
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
                    qs.push(Val::ZERO);
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
            z.restrict(s, &Domain::range(lo, hi))?;
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
    let lo_of = |q: Val, b: Val| match kind {
        DivKind::Trunc if q > 0 => q * b,
        DivKind::Trunc => q * b - (b - 1),
        DivKind::Floor => q * b,
    };
    let hi_of = |q: Val, b: Val| match kind {
        DivKind::Trunc if q >= 0 => q * b + (b - 1),
        DivKind::Trunc => q * b,
        DivKind::Floor => q * b + (b - 1),
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
                let l = if ql == INF { INF } else { lo_of(ql, yl) };
                let h = if qh == SUP { SUP } else { hi_of(qh, yl) };
                if sign > 0 {
                    (l, h)
                } else {
                    (-h, -l)
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
    y.remove(s, Val::ZERO)?;
    if let (Some(a), Some(b)) = (x.value(s), y.value(s)) {
        let r = match kind {
            ModKind::Mod => a.mod_floor(b),
            ModKind::Rem => a.rem_trunc(b),
        };
        z.restrict(s, &Domain::singleton(r))?;
        return Ok(Status::Entailed);
    }
    if let Some(b) = y.value(s) {
        if b.abs() == 1 {
            // Every remainder by 1 or -1 is 0.
            z.restrict(s, &Domain::singleton(Val::ZERO))?;
            return Ok(Status::Entailed);
        }
        // A dividend already below a positive divisor is its own remainder
        // (SWI unifies the two).
        let dx = x.dom(s);
        let low = match kind {
            ModKind::Mod => Val::ZERO,
            ModKind::Rem => -b + 1,
        };
        if b > 0 && dx.min() >= low && fin(dx.max()).is_some_and(|h| h < b) {
            return equal_args(s, x, z);
        }
        let m = b.abs() - 1;
        let range = match kind {
            ModKind::Mod if b > 0 => (Val::ZERO, m),
            ModKind::Mod => (-m, Val::ZERO),
            ModKind::Rem => {
                let dx = x.dom(s);
                if dx.min() >= 0 {
                    (Val::ZERO, m)
                } else if dx.max() <= 0 {
                    (-m, Val::ZERO)
                } else {
                    (-m, m)
                }
            }
        };
        z.restrict(s, &Domain::range(range.0, range.1))?;
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
    b: Val,
    z: Arg,
) -> Result<(), Fail> {
    let rem = |a: Val| match kind {
        ModKind::Mod => a.mod_floor(b),
        ModKind::Rem => a.rem_trunc(b),
    };
    let dz = z.dom(s);
    let fits = |a: Val| dz.contains(rem(a));
    let dx = x.dom(s);
    let (Some(lo), Some(hi)) = (fin(dx.min()), fin(dx.max())) else {
        return Ok(());
    };
    let last = b.abs().min(hi - lo + 1) - 1;
    let new_lo = Val::range(lo, lo + last).find(|&a| fits(a));
    let new_hi = Val::range(hi - last, hi).rev().find(|&a| fits(a));
    x.clamp(s, new_lo.or(Some(lo)), new_hi.or(Some(hi)))?;
    Ok(())
}

/// The greatest r >= 0 with r^n <= v (v >= 0).
fn iroot(v: Val, n: u32) -> Val {
    v.nth_root(n)
}

/// The least r >= 0 with r^n >= v (v >= 0).
fn ceil_root(v: Val, n: u32) -> Val {
    let r = iroot(v, n);
    if r.pow(n) < v {
        r + 1
    } else {
        r
    }
}

/// The greatest exponent for which a bound `a^e` of a domain is computed
/// (beyond, the bound stays open: a bound is only an approximation, but a
/// power with millions of digits would cost its millions).
const MAX_BOUND_EXPONENT: i64 = 4096;

/// `a^e` as a bound: `None` when `e` is too great (see `MAX_BOUND_EXPONENT`).
fn pow_bound(a: Val, e: Val) -> Option<Val> {
    let e = e.to_i64()?.max(0);
    (e <= MAX_BOUND_EXPONENT).then(|| a.pow(e as u32))
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
        let p = if a == 0 || a == 1 {
            Val::from(a == 1 || b == 0)
        } else if a == -1 {
            Val::from(b.mod_floor(Val::int(2)) == 0) * 2 - 1
        } else {
            // As SWI, the exact power, however large (an exponent beyond
            // 32 bits has more digits than memory holds).
            let e = b.to_i64().and_then(|e| u32::try_from(e).ok()).ok_or(Fail)?;
            a.pow(e)
        };
        z.restrict(s, &Domain::singleton(p))?;
        return Ok(Status::Entailed);
    }
    let dx = x.dom(s);
    match y.value(s).and_then(|n| n.to_i64()) {
        Some(1) => return equal_args(s, x, z),
        // A fixed power: the base is one of its exact roots (SWI solves
        // X^2 #= 1000000 with X in 1..1000000 to X = 1000).
        Some(n) if n >= 1 && z.value(s).is_some() => {
            let Ok(n) = u32::try_from(n) else {
                return Ok(Status::Alive);
            };
            let v = z.value(s).unwrap_or(Val::ZERO);
            let r = if v >= 0 { iroot(v, n) } else { -iroot(-v, n) };
            if (n % 2 == 0 && v < 0) || r.pow(n) != v {
                return Err(Fail);
            }
            let roots = if n % 2 == 0 { vec![-r, r] } else { vec![r] };
            x.restrict(s, &Domain::from_values(roots))?;
            return Ok(Status::Entailed);
        }
        Some(n) if n >= 1 => {
            let Ok(n) = u32::try_from(n) else {
                return Ok(Status::Alive);
            };
            if n.is_multiple_of(2) {
                z.clamp(s, Some(Val::ZERO), None)?;
            }
            // z from the bounds of x.
            if let (Some(xl), Some(xh)) = (fin(dx.min()), fin(dx.max())) {
                let e = Val::from(n as usize);
                if let (Some(a), Some(b)) = (pow_bound(xl, e), pow_bound(xh, e)) {
                    let (lo, hi) = if n.is_multiple_of(2) && xl <= 0 && xh >= 0 {
                        (Val::ZERO, a.max(b))
                    } else {
                        (a.min(b), a.max(b))
                    };
                    z.restrict(s, &Domain::range(lo, hi))?;
                }
            }
            let dz = z.dom(s);
            // x from the greatest z: |x| <= root(max z); 0 out when z excludes 0.
            if n.is_multiple_of(2) {
                if let Some(zh) = fin(dz.max()) {
                    if zh < 0 {
                        return Err(Fail);
                    }
                    let r = iroot(zh, n);
                    x.restrict(s, &Domain::range(-r, r))?;
                }
                if !dz.contains(Val::ZERO) {
                    x.remove(s, Val::ZERO)?;
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
                    let top = if zh < 0 { Val::int(-1) } else { iroot(zh, n) };
                    x.clamp(s, None, Some(top))?;
                }
            }
        }
        _ => {
            // A fixed base above 1: z grows with y.
            if let Some(a) = x.value(s).filter(|&a| a > 1) {
                let dy = y.dom(s);
                let lo = fin(dy.min()).and_then(|e| pow_bound(a, e));
                let hi = fin(dy.max()).and_then(|e| pow_bound(a, e));
                z.restrict(s, &Domain::range(lo.unwrap_or(INF), hi.unwrap_or(SUP)))?;
            } else if let (Some(xl), Some(yl)) = (fin(dx.min()), fin(y.dom(s).min())) {
                // A base and an exponent both at least 1: the power is at
                // least their least values' (SWI leaves other cases be).
                if xl >= 1 && yl >= 1 {
                    if let Some(lo) = pow_bound(xl, yl) {
                        z.clamp(s, Some(lo), None)?;
                    }
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
        for v in 0..2000i64 {
            for n in 2..5u32 {
                let (v, r) = (Val::int(v), iroot(Val::int(v), n));
                assert!(r.pow(n) <= v && (r + 1).pow(n) > v, "{v} {n}");
            }
        }
    }

    #[test]
    fn division_kinds() {
        let q = |k, a, b| quot(k, Val::int(a), Val::int(b));
        assert_eq!(q(DivKind::Trunc, -7, 2), -3);
        assert_eq!(q(DivKind::Floor, -7, 2), -4);
        assert_eq!(q(DivKind::Floor, 7, -2), -4);
        assert_eq!(q(DivKind::Floor, 7, 2), 3);
    }
}
