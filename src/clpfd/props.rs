//! The propagators: what each kind of constraint prunes, matching the
//! strength of SWI-Prolog's library(clpfd) propagators of the same shape
//! (so that domains, and the variables `ff` labeling picks, come out the
//! same): `A+B#=C` is domain-consistent when one of its arguments is an
//! integer and bounds-consistent otherwise, `2*X#=Y` scales intervals,
//! linear sums are bounds-consistent, `#\=` waits for all but one
//! variable, `all_different/1` removes the values of fixed variables and
//! `all_distinct/1` prunes by matching.

use super::{Domain, Fail, FdStore, PropId, PropResult, Status, Val, VarId, INF, SUP};

/// An argument of a propagator: a variable or an integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arg {
    /// An engine variable.
    Var(VarId),
    /// An integer.
    Int(Val),
}

/// The relation of a linear constraint `Σ a·x (rel) c`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rel {
    /// `=`.
    Eq,
    /// `=<`.
    Le,
    /// `\=`.
    Ne,
}

/// A propagator (see the module documentation).
#[derive(Clone, Debug)]
pub enum Prop {
    /// `Σ coefficient·var (rel) constant` (SWI's scalar_product_/4).
    Linear {
        /// The terms: coefficient and variable.
        terms: Vec<(Val, VarId)>,
        /// The relation.
        rel: Rel,
        /// The right-hand side.
        c: Val,
    },
    /// `a + b = c` (SWI's pplus/3).
    Plus(Arg, Arg, Arg),
    /// `a * b = c` (SWI's ptimes/3).
    Times(Arg, Arg, Arg),
    /// `a >= b` (SWI's pgeq/2).
    Geq(Arg, Arg),
    /// `a =< b + c` (SWI's x_leq_y_plus_c/3).
    LeqPlus(Arg, Arg, Val),
    /// `a =\= b + c` (SWI's x_neq_y_plus_c/3; `#\=` is the case c = 0).
    NeqPlus(Arg, Arg, Val),
    /// `|a - b| =\= c` (SWI's absdiff_neq/3): once one side is fixed, the
    /// other loses the two values at distance `c`.
    AbsDiffNeq(Arg, Arg, Val),
    /// `|a - b| >= c` (SWI's absdiff_geq/3): once one side is fixed, the
    /// other loses the values nearer than `c`.
    AbsDiffGeq(Arg, Arg, Val),
    /// `a =\= b + c` (SWI's x_neq_y_plus_z/3): once two are fixed, the
    /// third loses a value.
    NeqSum(Arg, Arg, Arg),
    /// `a = b`: the domains of two unified variables kept equal.
    Same(VarId, VarId),
    /// `element(I, List, V)`: `V` is the `I`-th element (from 1) of the
    /// list. `I` keeps the positions whose element can equal `V`, `V` the
    /// values those elements can take; once `I` is fixed, `V` and the
    /// element are unified.
    Element(Arg, Vec<Arg>, Arg),
    /// Non-linear arithmetic: `abs`, `min`, `max`, `//`, `div`, `mod`, `rem`, `^`.
    Arith(super::arith::Arith),
    /// A reified constraint or a Boolean connective.
    Reif(super::reif::Reif),
    /// `all_different/1`: fixed values are removed from the others.
    AllDifferent(Vec<Arg>),
    /// `all_distinct/1`: values no maximum matching can use are removed.
    AllDistinct(Vec<Arg>),
    /// The global constraints of `globals.rs` (global_cardinality, circuit, ...).
    Global(super::globals::Global),
}

/// A finite bound, `None` for an infinite one.
type Bound = Option<Val>;

fn lo_of(d: &Domain) -> Bound {
    (d.min() != INF).then_some(d.min())
}

fn hi_of(d: &Domain) -> Bound {
    (d.max() != SUP).then_some(d.max())
}

impl Arg {
    /// True when both are one variable (the same, or unified: `FdStore::alias`).
    pub(crate) fn same<C: Clone>(self, other: Arg, s: &FdStore<C>) -> bool {
        match (self, other) {
            (Arg::Var(x), Arg::Var(y)) => s.find(x) == s.find(y),
            _ => false,
        }
    }

    /// The domain of the argument.
    pub(crate) fn dom<C: Clone>(self, s: &FdStore<C>) -> Domain {
        match self {
            Arg::Var(v) => s.dom(v).clone(),
            Arg::Int(i) => Domain::singleton(i),
        }
    }
    /// The value, if fixed.
    pub(crate) fn value<C: Clone>(self, s: &FdStore<C>) -> Option<Val> {
        match self {
            Arg::Var(v) => s.dom(v).value(),
            Arg::Int(i) => Some(i),
        }
    }
    /// Narrows the argument to `d` (an integer must be in it).
    pub(crate) fn restrict<C: Clone>(self, s: &mut FdStore<C>, d: &Domain) -> Result<(), Fail> {
        match self {
            Arg::Var(v) => s.restrict(v, d),
            Arg::Int(i) if d.contains(i) => Ok(()),
            Arg::Int(_) => Err(Fail),
        }
    }
    /// Narrows the argument to the bounds `lo..hi` (`None`: unbounded).
    pub(crate) fn clamp<C: Clone>(
        self,
        s: &mut FdStore<C>,
        lo: Bound,
        hi: Bound,
    ) -> Result<bool, Fail> {
        let lo = lo.unwrap_or(INF);
        let hi = hi.unwrap_or(SUP);
        match self {
            Arg::Var(v) => {
                // Clamping removes values from the ends only: it changed
                // the domain when it moved a bound.
                let before = (s.dom(v).min(), s.dom(v).max());
                s.clamp(v, lo, hi)?;
                Ok((s.dom(v).min(), s.dom(v).max()) != before)
            }
            Arg::Int(i) if lo <= i && i <= hi => Ok(false),
            Arg::Int(_) => Err(Fail),
        }
    }
    /// Narrows the argument to `lo..hi` (`None`: that side unbounded).
    pub(crate) fn clamp_to<C: Clone>(
        self,
        s: &mut FdStore<C>,
        lo: Option<Val>,
        hi: Option<Val>,
    ) -> Result<(), Fail> {
        self.restrict(s, &Domain::range(lo.unwrap_or(INF), hi.unwrap_or(SUP)))
    }
    /// Removes `x` from the argument.
    pub(crate) fn remove<C: Clone>(self, s: &mut FdStore<C>, x: Val) -> Result<(), Fail> {
        match self {
            Arg::Var(v) => s.remove(v, x),
            Arg::Int(i) if i == x => Err(Fail),
            Arg::Int(_) => Ok(()),
        }
    }
    /// The variable, if it is one.
    pub fn var(self) -> Option<VarId> {
        match self {
            Arg::Var(v) => Some(v),
            Arg::Int(_) => None,
        }
    }
}

impl Prop {
    /// 0 for propagators that are cheap to run, 1 for expensive ones (run
    /// when the cheap ones are done).
    pub fn priority(&self) -> u8 {
        match self {
            Prop::AllDistinct(_) => 1,
            Prop::Global(g) => g.priority(),
            _ => 0,
        }
    }

    /// True for an expensive propagator with a cheap part that runs first
    /// whenever one of its variables is fixed: `all_distinct/1` takes the
    /// value from the others at once, as SWI's does, before the other
    /// propagators of the variable (the matching waits its turn).
    pub fn excludes_fixed(&self) -> bool {
        matches!(self, Prop::AllDistinct(_))
    }

    /// The cheap part of `excludes_fixed` propagators (it never ends the
    /// propagator: that is the full run's to decide).
    pub fn exclude_fixed<C: Clone>(&self, s: &mut FdStore<C>) -> Result<(), Fail> {
        match self {
            Prop::AllDistinct(xs) => all_different(s, xs).map(|_| ()),
            _ => Ok(()),
        }
    }

    /// True for the propagators that only bounds changes wake: sums and
    /// comparisons, as SWI registers them (a `Z #= X + 3` whose `X` loses an
    /// inner value keeps `Z`'s domain until a bound of `X` moves).
    pub fn bounds_only(&self) -> bool {
        matches!(
            self,
            Prop::Linear { .. } | Prop::Plus(..) | Prop::Geq(..) | Prop::LeqPlus(..)
        )
    }

    /// The variables the propagator watches.
    pub fn vars(&self) -> Vec<VarId> {
        let args = |xs: &[Arg]| xs.iter().filter_map(|a| a.var()).collect::<Vec<_>>();
        match self {
            Prop::Linear { terms, .. } => terms.iter().map(|t| t.1).collect(),
            Prop::Plus(a, b, c) | Prop::Times(a, b, c) | Prop::NeqSum(a, b, c) => {
                args(&[*a, *b, *c])
            }
            Prop::Geq(a, b)
            | Prop::LeqPlus(a, b, _)
            | Prop::NeqPlus(a, b, _)
            | Prop::AbsDiffNeq(a, b, _)
            | Prop::AbsDiffGeq(a, b, _) => args(&[*a, *b]),
            Prop::Same(a, b) => vec![*a, *b],
            Prop::Global(g) => g.vars(),
            Prop::AllDifferent(xs) | Prop::AllDistinct(xs) => args(xs),
            Prop::Arith(a) => args(&a.args()),
            Prop::Reif(r) => args(&r.args()),
            Prop::Element(i, xs, v) => {
                let mut all = vec![*i];
                all.extend_from_slice(xs);
                all.push(*v);
                args(&all)
            }
        }
    }

    /// Runs the propagator (number `id`) on the store.
    pub fn propagate<C: Clone>(&self, id: PropId, s: &mut FdStore<C>) -> PropResult {
        match self {
            Prop::Linear { terms, rel, c } => linear(s, terms, *rel, *c),
            Prop::Plus(a, b, c) => plus(s, id, *a, *b, *c),
            Prop::Times(a, b, c) => times(s, id, *a, *b, *c),
            Prop::Geq(a, b) => leq_plus(s, *b, *a, Val::ZERO),
            Prop::LeqPlus(a, b, c) => leq_plus(s, *a, *b, *c),
            Prop::NeqPlus(a, b, c) => neq_plus(s, *a, *b, *c),
            Prop::AbsDiffNeq(a, b, c) => abs_diff(s, *a, *b, *c, false),
            Prop::AbsDiffGeq(a, b, c) => abs_diff(s, *a, *b, *c, true),
            Prop::NeqSum(a, b, c) => neq_sum(s, *a, *b, *c),
            Prop::Same(a, b) => same(s, *a, *b),
            Prop::AllDifferent(xs) => all_different(s, xs),
            Prop::AllDistinct(xs) => all_distinct(s, xs),
            Prop::Arith(a) => a.propagate(s),
            Prop::Reif(r) => r.propagate(s),
            Prop::Element(i, xs, v) => element(s, *i, xs, *v),
            Prop::Global(g) => g.propagate(id, s),
        }
    }
}

/// Bounds of `Σ a·x` over all the terms: the finite parts and how many
/// terms are unbounded on each side.
struct SumBounds {
    lo: Val,
    hi: Val,
    lo_inf: usize,
    hi_inf: usize,
}

/// `a·v` for a bound `v`.
fn scaled(a: Val, v: Bound) -> Bound {
    Some(v? * a)
}

fn term_bounds<C: Clone>(s: &FdStore<C>, a: Val, x: VarId) -> (Bound, Bound) {
    let d = s.dom(x);
    let (l, h) = (lo_of(d), hi_of(d));
    if a >= 0 {
        (scaled(a, l), scaled(a, h))
    } else {
        (scaled(a, h), scaled(a, l))
    }
}

fn sum_bounds<C: Clone>(s: &FdStore<C>, terms: &[(Val, VarId)]) -> SumBounds {
    let mut b = SumBounds {
        lo: Val::ZERO,
        hi: Val::ZERO,
        lo_inf: 0,
        hi_inf: 0,
    };
    for &(a, x) in terms {
        let (l, h) = term_bounds(s, a, x);
        match l {
            Some(l) => b.lo += l,
            None => b.lo_inf += 1,
        }
        match h {
            Some(h) => b.hi += h,
            None => b.hi_inf += 1,
        }
    }
    b
}

/// `c - Σ a·v` over the fixed terms, and the terms left open.
fn fixed_rest<C: Clone>(
    s: &FdStore<C>,
    terms: &[(Val, VarId)],
    c: Val,
) -> (Val, Vec<(Val, VarId)>) {
    let mut rest = c;
    let mut open = Vec::new();
    for &(a, x) in terms {
        match s.dom(x).value() {
            Some(v) => rest -= a * v,
            None => open.push((a, x)),
        }
    }
    (rest, open)
}

/// `Σ a·x (rel) c`, bounds-consistent.
fn linear<C: Clone>(s: &mut FdStore<C>, terms: &[(Val, VarId)], rel: Rel, c: Val) -> PropResult {
    if rel == Rel::Ne {
        if terms
            .iter()
            .filter(|t| s.dom(t.1).value().is_none())
            .count()
            > 1
        {
            return Ok(Status::Alive);
        }
        let (rest, open) = fixed_rest(s, terms, c);
        return match open.as_slice() {
            [] if rest == 0 => Err(Fail),
            [] => Ok(Status::Entailed),
            [(a, x)] => {
                if rest.is_multiple_of(*a) {
                    s.remove(*x, rest.div_floor(*a))?;
                }
                Ok(Status::Entailed)
            }
            _ => Ok(Status::Alive),
        };
    }
    if let Some(status) = simplify(s, terms, rel, c)? {
        return Ok(status);
    }
    loop {
        let b = sum_bounds(s, terms);
        // Entailed once the greatest sum fits (SWI asks for finite domains).
        if rel == Rel::Le && b.hi_inf == 0 && b.lo_inf == 0 && b.hi <= c {
            return Ok(Status::Entailed);
        }
        let mut changed = false;
        for &(a, x) in terms {
            let (tl, th) = term_bounds(s, a, x);
            // Bounds of the other terms.
            let others_lo = match tl {
                Some(tl) if b.lo_inf == 0 => Some(b.lo - tl),
                None if b.lo_inf == 1 => Some(b.lo),
                _ => None,
            };
            let others_hi = match th {
                Some(th) if b.hi_inf == 0 => Some(b.hi - th),
                None if b.hi_inf == 1 => Some(b.hi),
                _ => None,
            };
            // a·x <= c - others_lo; for =, a·x >= c - others_hi.
            let upper = others_lo.map(|o| c - o);
            let lower = if rel == Rel::Eq {
                others_hi.map(|o| c - o)
            } else {
                None
            };
            let (lo, hi) = if rel == Rel::Le {
                if a > 0 {
                    (None, upper.map(|u| u.div_floor(a)))
                } else {
                    (upper.map(|u| u.div_ceil(a)), None)
                }
            } else if a > 0 {
                (lower.map(|l| l.div_ceil(a)), upper.map(|u| u.div_floor(a)))
            } else {
                (upper.map(|u| u.div_ceil(a)), lower.map(|l| l.div_floor(a)))
            };
            if Arg::Var(x).clamp(s, lo, hi)? {
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if rel == Rel::Eq && terms.iter().all(|&(_, x)| s.dom(x).value().is_some()) {
        return Ok(Status::Entailed);
    }
    Ok(Status::Alive)
}

/// A linear constraint some of whose variables are fixed gives way to one
/// over the others (as SWI's does: the new propagator counts in the degree
/// of the variables and shows first among their residual goals). None when
/// no variable is fixed (or all but one are not: then it runs as it is).
fn simplify<C: Clone>(
    s: &mut FdStore<C>,
    terms: &[(Val, VarId)],
    rel: Rel,
    c: Val,
) -> Result<Option<Status>, Fail> {
    if terms.iter().all(|&(_, x)| s.dom(x).value().is_none()) {
        return Ok(None);
    }
    let (rest, open) = fixed_rest(s, terms, c);
    match (open.as_slice(), rel) {
        ([], Rel::Eq) if rest == 0 => Ok(Some(Status::Entailed)),
        ([], Rel::Le) if rest >= 0 => Ok(Some(Status::Entailed)),
        ([], _) => Err(Fail),
        ([(a, x)], Rel::Eq) => {
            if !rest.is_multiple_of(*a) {
                return Err(Fail);
            }
            s.assign(*x, rest.div_floor(*a))?;
            Ok(Some(Status::Entailed))
        }
        ([(ka, a), (kb, b)], Rel::Eq) if ka.abs() == 1 && kb.abs() == 1 => {
            // Two variables left: SWI's pplus/3 (domain-consistent with the
            // constant), as posting `X+Y #= C` makes.
            let (a, b) = (Arg::Var(*a), Arg::Var(*b));
            let sum = if *ka == 1 { rest } else { -rest };
            let prop = match (ka == kb, *ka == 1) {
                (true, _) => Prop::Plus(a, b, Arg::Int(sum)),
                // a - b = 0 (or b - a = 0): one variable.
                (false, _) if rest == 0 => return equal_args(s, a, b).map(Some),
                // a - b = rest: a = rest + b.
                (false, true) => Prop::Plus(Arg::Int(rest), b, a),
                // b - a = rest: b = rest + a.
                (false, false) => Prop::Plus(Arg::Int(rest), a, b),
            };
            let vars = prop.vars();
            s.post(prop, &vars);
            Ok(Some(Status::Entailed))
        }
        _ => {
            let vars: Vec<VarId> = open.iter().map(|t| t.1).collect();
            s.post(
                Prop::Linear {
                    terms: open,
                    rel,
                    c: rest,
                },
                &vars,
            );
            Ok(Some(Status::Entailed))
        }
    }
}

/// `a + b = c` (SWI's pplus/3): domain-consistent with an integer argument.
fn plus<C: Clone>(s: &mut FdStore<C>, id: PropId, a: Arg, b: Arg, c: Arg) -> PropResult {
    if a.same(b, s) && a.value(s).is_none() {
        // a + a: from now on 2 * a (SWI's normal form after unification).
        let double = Prop::Times(Arg::Int(Val::int(2)), a, c);
        s.update_prop(id, double.clone());
        return double.propagate(id, s);
    }
    // An addend that is the sum too makes the other addend 0.
    for (x, other) in [(a, b), (b, a)] {
        if x.same(c, s) {
            other.restrict(s, &Domain::singleton(Val::ZERO))?;
            return Ok(Status::Entailed);
        }
    }
    match (a.value(s), b.value(s), c.value(s)) {
        (Some(x), Some(y), _) => {
            c.restrict(s, &Domain::singleton(x + y))?;
            Ok(Status::Entailed)
        }
        (Some(x), None, Some(z)) => {
            b.restrict(s, &Domain::singleton(z - x))?;
            Ok(Status::Entailed)
        }
        (None, Some(y), Some(z)) => {
            a.restrict(s, &Domain::singleton(z - y))?;
            Ok(Status::Entailed)
        }
        (Some(x), None, None) => shift_both(s, b, c, x),
        (None, Some(y), None) => shift_both(s, a, c, y),
        (None, None, Some(z)) => {
            // a = z - b and b = z - a.
            let db = b.dom(s);
            a.restrict(s, &db.negate().shift(z))?;
            let da = a.dom(s);
            b.restrict(s, &da.negate().shift(z))?;
            Ok(Status::Alive)
        }
        (None, None, None) => {
            loop {
                let (da, db, dc) = (a.dom(s), b.dom(s), c.dom(s));
                let mut changed =
                    c.clamp(s, add(lo_of(&da), lo_of(&db)), add(hi_of(&da), hi_of(&db)))?;
                let dc2 = c.dom(s);
                changed |= a.clamp(
                    s,
                    sub(lo_of(&dc2), hi_of(&db)),
                    sub(hi_of(&dc2), lo_of(&db)),
                )?;
                let da2 = a.dom(s);
                changed |= b.clamp(
                    s,
                    sub(lo_of(&dc2), hi_of(&da2)),
                    sub(hi_of(&dc2), lo_of(&da2)),
                )?;
                let _ = dc;
                if !changed {
                    break;
                }
            }
            Ok(Status::Alive)
        }
    }
}

/// `y = x + k` kept domain-consistent both ways.
fn shift_both<C: Clone>(s: &mut FdStore<C>, x: Arg, y: Arg, k: Val) -> PropResult {
    if k == 0 {
        return equal_args(s, x, y);
    }
    let dx = x.dom(s);
    y.restrict(s, &dx.shift(k))?;
    let dy = y.dom(s);
    x.restrict(s, &dy.shift(-k))?;
    Ok(Status::Alive)
}

fn add(a: Bound, b: Bound) -> Bound {
    Some(a? + b?)
}

fn sub(a: Bound, b: Bound) -> Bound {
    Some(a? - b?)
}

/// `a * b = c` (SWI's ptimes/3).
fn times<C: Clone>(s: &mut FdStore<C>, id: PropId, a: Arg, b: Arg, c: Arg) -> PropResult {
    if a.same(b, s) && a.value(s).is_none() {
        // a * a: from now on a square (SWI's X^2).
        let square = super::arith::Arith::Pow(a, Arg::Int(Val::int(2)), c);
        s.update_prop(id, Prop::Arith(square.clone()));
        return square.propagate(s);
    }
    match (a.value(s), b.value(s), c.value(s)) {
        (Some(x), Some(y), _) => {
            c.restrict(s, &Domain::singleton(x * y))?;
            Ok(Status::Entailed)
        }
        (Some(k), None, _) => scale_both(s, b, c, k),
        (None, Some(k), _) => scale_both(s, a, c, k),
        _ => {
            // c excludes 0: so do a and b, and |a|, |b| <= max |c|.
            let dc = c.dom(s);
            if !dc.contains(Val::ZERO) {
                a.remove(s, Val::ZERO)?;
                b.remove(s, Val::ZERO)?;
                if dc.is_finite() {
                    let m = (dc.min()).abs().max((dc.max()).abs());
                    a.clamp(s, Some(-m), Some(m))?;
                    b.clamp(s, Some(-m), Some(m))?;
                }
            }
            // One pass, as SWI's propagator makes: iterating to a fixpoint
            // here can narrow big bounds a sliver at a time, hundreds of
            // thousands of times (`N * F1 #= 22!` in reverse).
            let (lo, hi) = product_bounds(&a.dom(s), &b.dom(s));
            c.clamp(s, lo, hi)?;
            let dc = c.dom(s);
            quotient_clamp(s, a, &dc, &b.dom(s))?;
            quotient_clamp(s, b, &dc, &a.dom(s))?;
            supported_bounds(s, a, b, &dc)?;
            supported_bounds(s, b, a, &dc)?;
            if let (Some(_), Some(_)) = (a.value(s), b.value(s)) {
                return times(s, id, a, b, c);
            }
            Ok(Status::Alive)
        }
    }
}

/// How many values `supported_bounds` tries from each bound: SWI's search
/// has no limit (and takes its time: `X*Y #= 1000000007, X in 2..10^7`);
/// beyond it a bound stays where it is, which only weakens the pruning.
const SUPPORT_STEPS: usize = 4096;

/// `x * y = z`: moves each bound of `x` inwards to the nearest value `v`
/// for which some `y` within its bounds makes `v * y` fall within the
/// bounds of `z`, as SWI's ptimes/3 does (`X*Y #= 10, X in -7..3` leaves
/// `X in -5.. -1\/1..2`); values between the bounds stay, and so does a
/// bound with no supported value found on its side.
fn supported_bounds<C: Clone>(s: &mut FdStore<C>, x: Arg, y: Arg, dz: &Domain) -> Result<(), Fail> {
    let (dx, dy) = (x.dom(s), y.dom(s));
    let (zl, zh, yl, yh) = (lo_of(dz), hi_of(dz), lo_of(&dy), hi_of(&dy));
    if zl.is_none() && zh.is_none() {
        return Ok(());
    }
    let supported = |v: Val| {
        if v == 0 {
            return zl.is_none_or(|l| l <= 0) && zh.is_none_or(|h| h >= 0);
        }
        // The ys with v*y within z's bounds, then within y's.
        let (from, to) = if v > 0 { (zl, zh) } else { (zh, zl) };
        let lo = from.map(|f| f.div_ceil(v));
        let hi = to.map(|t| t.div_floor(v));
        let lo = match (lo, yl) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        let hi = match (hi, yh) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        match (lo, hi) {
            (Some(l), Some(h)) => l <= h,
            _ => true,
        }
    };
    // The nearest supported value from `v` on (`step` the next value), if
    // one is found within SUPPORT_STEPS.
    let nearest = |v: Val, step: &dyn Fn(Val) -> Option<Val>| {
        let mut v = v;
        for _ in 0..SUPPORT_STEPS {
            if supported(v) {
                return Some(v);
            }
            v = step(v)?;
        }
        None
    };
    let lo = lo_of(&dx).and_then(|v| nearest(v, &|v| dx.next_above(v)));
    let hi = hi_of(&dx).and_then(|v| nearest(v, &|v| dx.next_below(v)));
    x.clamp(s, lo, hi)?;
    Ok(())
}

/// The bounds of `x * y` for `x` in `dx`, `y` in `dy`.
fn product_bounds(dx: &Domain, dy: &Domain) -> (Bound, Bound) {
    let (xl, xh, yl, yh) = (lo_of(dx), hi_of(dx), lo_of(dy), hi_of(dy));
    // An infinite bound makes the product unbounded on that side unless the
    // other factor is 0..0: keep it simple, as SWI does for infinite domains.
    match (xl, xh, yl, yh) {
        (Some(a), Some(b), Some(c), Some(d)) => {
            let ps = [a, b].map(|x| [c, d].map(|y| x * y));
            let ps = ps.as_flattened();
            (ps.iter().min().copied(), ps.iter().max().copied())
        }
        _ => (None, None),
    }
}

/// Narrows `x` to `z / y` when `y` excludes 0 (`x * y = z`).
fn quotient_clamp<C: Clone>(
    s: &mut FdStore<C>,
    x: Arg,
    dz: &Domain,
    dy: &Domain,
) -> Result<(), Fail> {
    let (zl, zh, yl, yh) = (lo_of(dz), hi_of(dz), lo_of(dy), hi_of(dy));
    let (Some(zl), Some(zh), Some(yl), Some(yh)) = (zl, zh, yl, yh) else {
        return Ok(());
    };
    // y's part without 0: when z excludes 0, x*y = z forces y != 0.
    let (yl, yh) = if zl > 0 || zh < 0 {
        let y = dy.remove(Val::ZERO);
        if y.is_empty() {
            return Err(Fail);
        }
        (y.min(), y.max())
    } else {
        (yl, yh)
    };
    if yl <= 0 && yh >= 0 {
        // y may be 0 (with z = 0): no bound on x.
        return Ok(());
    }
    let qs = [(zl, yl), (zl, yh), (zh, yl), (zh, yh)];
    let lo = qs.iter().map(|&(z, y)| z.div_ceil(y)).min();
    let hi = qs.iter().map(|&(z, y)| z.div_floor(y)).max();
    x.clamp(s, lo, hi)?;
    Ok(())
}

/// `x = y` found by a propagator (`y = x + 0`, `y = 1 * x`): the two are
/// unified, as SWI does, and the propagator goes.
pub(crate) fn equal_args<C: Clone>(s: &mut FdStore<C>, x: Arg, y: Arg) -> PropResult {
    let both = x.dom(s).intersect(&y.dom(s));
    x.restrict(s, &both)?;
    y.restrict(s, &both)?;
    s.request_unify(x, y);
    Ok(Status::Entailed)
}

/// `y = k * x`: intervals scale both ways (SWI's strength).
fn scale_both<C: Clone>(s: &mut FdStore<C>, x: Arg, y: Arg, k: Val) -> PropResult {
    if k == 1 {
        return equal_args(s, x, y);
    }
    if k == 0 {
        y.restrict(s, &Domain::singleton(Val::ZERO))?;
        return Ok(Status::Entailed);
    }
    let dx = x.dom(s);
    let scaled = Domain::from_intervals(
        dx.intervals()
            .iter()
            .map(|&(lo, hi)| {
                let a = lo * k;
                let b = hi * k;
                (a.min(b), a.max(b))
            })
            .collect(),
    );
    y.restrict(s, &scaled)?;
    let dy = y.dom(s);
    let back = Domain::from_intervals(
        dy.intervals()
            .iter()
            .map(|&(lo, hi)| {
                let (lo, hi) = if k > 0 { (lo, hi) } else { (hi, lo) };
                let l = if lo == INF || lo == SUP {
                    if (lo == INF) == (k > 0) {
                        INF
                    } else {
                        SUP
                    }
                } else {
                    lo.div_ceil(k)
                };
                let h = if hi == INF || hi == SUP {
                    if (hi == SUP) == (k > 0) {
                        SUP
                    } else {
                        INF
                    }
                } else {
                    hi.div_floor(k)
                };
                (l, h)
            })
            .collect(),
    );
    x.restrict(s, &back)?;
    if let Some(v) = x.value(s) {
        // x became fixed here: y is k*x before the propagator goes.
        y.restrict(s, &Domain::singleton(v * k))?;
        return Ok(Status::Entailed);
    }
    Ok(Status::Alive)
}

/// `a =< b + c`, bounds.
fn leq_plus<C: Clone>(s: &mut FdStore<C>, a: Arg, b: Arg, c: Val) -> PropResult {
    if a.same(b, s) {
        return if c >= 0 {
            Ok(Status::Entailed)
        } else {
            Err(Fail)
        };
    }
    let (da, db) = (a.dom(s), b.dom(s));
    if let (Some(ah), Some(bl)) = (hi_of(&da), lo_of(&db)) {
        if ah <= bl + c {
            return Ok(Status::Entailed);
        }
    }
    // a =< max(b) + c; b >= min(a) - c.
    a.clamp(s, None, add(hi_of(&db), Some(c)))?;
    let da = a.dom(s);
    b.clamp(s, sub(lo_of(&da), Some(c)), None)?;
    let db = b.dom(s);
    if let (Some(ah), Some(bl)) = (hi_of(&da), lo_of(&db)) {
        if ah <= bl + c {
            return Ok(Status::Entailed);
        }
    }
    Ok(Status::Alive)
}

/// `a =\= b + c`: once one side is fixed, its value leaves the other.
fn neq_plus<C: Clone>(s: &mut FdStore<C>, a: Arg, b: Arg, c: Val) -> PropResult {
    if a.same(b, s) {
        // Holds for every value when c =\= 0 (SWI keeps it as a residual).
        return if c != 0 { Ok(Status::Alive) } else { Err(Fail) };
    }
    match (a.value(s), b.value(s)) {
        (Some(x), Some(y)) => {
            if x == y + c {
                Err(Fail)
            } else {
                Ok(Status::Entailed)
            }
        }
        (Some(x), None) => {
            b.remove(s, x - c)?;
            Ok(Status::Entailed)
        }
        (None, Some(y)) => {
            a.remove(s, y + c)?;
            Ok(Status::Entailed)
        }
        (None, None) if c == 0 && disjoint(s, a, b) => Ok(Status::Entailed),
        (None, None) => Ok(Status::Alive),
    }
}

/// True when `a` and `b` can take no common value.
fn disjoint<C: Clone>(s: &FdStore<C>, a: Arg, b: Arg) -> bool {
    match (a, b) {
        (Arg::Var(x), Arg::Var(y)) => s.dom(x).is_disjoint(s.dom(y)),
        (Arg::Var(x), Arg::Int(i)) | (Arg::Int(i), Arg::Var(x)) => !s.dom(x).contains(i),
        (Arg::Int(i), Arg::Int(j)) => i != j,
    }
}

/// `|a - b| =\= c` (or `|a - b| >= c` when `geq`): waits until one side
/// is fixed, then takes the values `c` from it (or nearer) from the other.
fn abs_diff<C: Clone>(s: &mut FdStore<C>, a: Arg, b: Arg, c: Val, geq: bool) -> PropResult {
    let (fixed, other) = match (a.value(s), b.value(s)) {
        (Some(x), _) => (x, b),
        (None, Some(y)) => (y, a),
        (None, None) => return Ok(Status::Alive),
    };
    let (lo, hi) = (fixed - c, fixed + c);
    if geq {
        // The open interval (fixed - c, fixed + c) goes.
        let gap = Domain::range(lo + 1, hi - 1);
        other.restrict(s, &gap.complement())?;
    } else {
        for v in [lo, hi] {
            other.remove(s, v)?;
        }
    }
    Ok(Status::Entailed)
}

/// `a =\= b + c`: waits until two of them are fixed.
fn neq_sum<C: Clone>(s: &mut FdStore<C>, a: Arg, b: Arg, c: Arg) -> PropResult {
    let (x, y, z) = (a.value(s), b.value(s), c.value(s));
    match (x, y, z) {
        (Some(x), Some(y), Some(z)) if x == y + z => Err(Fail),
        (Some(_), Some(_), Some(_)) => Ok(Status::Entailed),
        (None, Some(y), Some(z)) => {
            a.remove(s, y + z)?;
            Ok(Status::Entailed)
        }
        (Some(x), None, Some(z)) => {
            b.remove(s, x - z)?;
            Ok(Status::Entailed)
        }
        (Some(x), Some(y), None) => {
            c.remove(s, x - y)?;
            Ok(Status::Entailed)
        }
        _ => Ok(Status::Alive),
    }
}

/// Two variables unified: their domains stay equal.
fn same<C: Clone>(s: &mut FdStore<C>, a: VarId, b: VarId) -> PropResult {
    let d = s.dom(a).intersect(s.dom(b));
    s.set_dom(a, d.clone())?;
    s.set_dom(b, d)?;
    Ok(Status::Alive)
}

/// `element(I, Xs, V)` (see `Prop::Element`).
fn element<C: Clone>(s: &mut FdStore<C>, i: Arg, xs: &[Arg], v: Arg) -> PropResult {
    i.restrict(s, &Domain::range(Val::ONE, Val::from(xs.len())))?;
    // The element at position k (1..n, as the domain of I now is).
    let at = |k: Val| xs[(k - 1).to_usize().expect("an index in 1..n")];
    let dv = v.dom(s);
    let di = i.dom(s);
    let keep: Vec<Val> = di
        .values()
        .filter(|&k| !at(k).dom(s).intersect(&dv).is_empty())
        .collect();
    if Some(Val::from(keep.len())) != di.size() {
        i.restrict(s, &Domain::from_values(keep.iter().copied()))?;
    }
    if keep.len() == 1 {
        // The element and V become one.
        let x = at(keep[0]);
        match (x, v) {
            (Arg::Int(a), _) => v.restrict(s, &Domain::singleton(a))?,
            (_, Arg::Int(b)) => x.restrict(s, &Domain::singleton(b))?,
            _ => s.request_unify(x, v),
        }
        return Ok(Status::Entailed);
    }
    let mut union = Domain::empty();
    for &k in &keep {
        union = union.union(&at(k).dom(s));
    }
    v.restrict(s, &union)?;
    Ok(Status::Alive)
}

/// `all_different/1`: the value of a fixed variable leaves the others.
fn all_different<C: Clone>(s: &mut FdStore<C>, xs: &[Arg]) -> PropResult {
    let mut done = vec![false; xs.len()];
    loop {
        let mut changed = false;
        for i in 0..xs.len() {
            if done[i] {
                continue;
            }
            let Some(v) = xs[i].value(s) else {
                continue;
            };
            done[i] = true;
            for (j, x) in xs.iter().enumerate() {
                if j != i {
                    if x.value(s) == Some(v) {
                        return Err(Fail);
                    }
                    if let Arg::Var(y) = x {
                        if s.dom(*y).contains(v) {
                            s.remove(*y, v)?;
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    if done.iter().filter(|d| !**d).count() <= 1 {
        return Ok(Status::Entailed);
    }
    Ok(Status::Alive)
}

/// `all_distinct/1`: a maximum matching of variables to values must cover
/// every variable; an edge (variable, value) that no maximum matching uses
/// is pruned (Régin's filtering by strongly connected components).
/// Variables with infinite domains only take part once fixed.
pub(crate) fn all_distinct<C: Clone>(s: &mut FdStore<C>, xs: &[Arg]) -> PropResult {
    // First the cheap part: fixed values leave the others.
    all_different(s, xs)?;
    let vars: Vec<VarId> = xs
        .iter()
        .filter_map(|x| x.var())
        .filter(|&v| s.dom(v).value().is_none() && s.dom(v).is_finite())
        .collect();
    if vars.len() < 2 {
        return Ok(Status::Alive);
    }
    let doms: Vec<Domain> = vars.iter().map(|&v| s.dom(v).clone()).collect();
    // Values used by fixed variables are out already; collect the others.
    let mut values: Vec<Val> = doms.iter().flat_map(|d| d.values()).collect();
    values.sort_unstable();
    values.dedup();
    let pruned = super::matching::distinct_prune(&doms, &values).ok_or(Fail)?;
    for (i, &v) in vars.iter().enumerate() {
        if pruned[i] != doms[i] {
            s.set_dom(v, pruned[i].clone())?;
        }
    }
    Ok(Status::Alive)
}
