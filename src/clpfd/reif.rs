//! Reification: constraints whose truth is a 0/1 variable (`B #<==> (X #> 3)`),
//! and the Boolean connectives over such variables (`#/\`, `#\/`, `#\`,
//! `#==>`, `#<==>`), as in SWI-Prolog's library(clpfd).
//!
//! A reified relation waits until its truth value is known (then it posts
//! the relation or its negation) or until the domains decide the relation
//! (then it fixes the truth value). The connectives are kept
//! domain-consistent over 0/1.

use super::props::{Arg, Prop};
use super::{Domain, FdStore, PropResult, Status, Val};

/// A relation between two arguments that can be reified.
#[derive(Clone, Debug)]
pub enum Rel2 {
    /// `x >= y`.
    Geq,
    /// `x = y`.
    Eq,
    /// `x =\= y`.
    Ne,
    /// `x in D` (the second argument is unused).
    In(Domain),
}

/// A Boolean connective `r = a op b` over 0/1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoolOp {
    /// `a #/\ b`.
    And,
    /// `a #\/ b`.
    Or,
    /// `a #\ b` (exclusive or).
    Xor,
    /// `a #==> b`.
    Impl,
    /// `a #<==> b`.
    Equiv,
    /// `#\ a` (b is unused).
    Not,
}

impl BoolOp {
    fn apply(self, a: Val, b: Val) -> Val {
        let (a, b) = (a != 0, b != 0);
        Val::from(match self {
            BoolOp::And => a && b,
            BoolOp::Or => a || b,
            BoolOp::Xor => a != b,
            BoolOp::Impl => !a || b,
            BoolOp::Equiv => a == b,
            BoolOp::Not => !a,
        })
    }
}

/// A reified constraint.
#[derive(Clone, Debug)]
pub enum Reif {
    /// `b <=> (x rel y)`.
    Rel(Rel2, Arg, Arg, Arg),
    /// `r = a op b`.
    Bool(BoolOp, Arg, Arg, Arg),
    /// `d #==> P`: the propagator of a partial function (`X // Y`) inside
    /// a reified constraint, posted once its definedness `d` (`Y #\= 0`)
    /// is 1; nothing when it is 0 (SWI's guard for undefined expressions).
    Guard(Arg, Box<Prop>),
}

impl Reif {
    /// The arguments.
    pub fn args(&self) -> Vec<Arg> {
        match self {
            Reif::Rel(Rel2::In(_), x, _, b) => vec![*x, *b],
            Reif::Rel(_, x, y, b) => vec![*x, *y, *b],
            Reif::Bool(BoolOp::Not, a, _, r) => vec![*a, *r],
            Reif::Bool(_, a, b, r) => vec![*a, *b, *r],
            Reif::Guard(d, _) => vec![*d],
        }
    }

    /// Runs the propagator.
    pub fn propagate<C: Clone>(&self, s: &mut FdStore<C>) -> PropResult {
        match self {
            Reif::Rel(rel, x, y, b) => reified(s, rel, *x, *y, *b),
            Reif::Bool(op, a, b, r) => boolean(s, *op, *a, *b, *r),
            Reif::Guard(d, p) => match d.value(s) {
                Some(Val::ONE) => {
                    let vars = p.vars();
                    s.post((**p).clone(), &vars);
                    Ok(Status::Entailed)
                }
                Some(_) => Ok(Status::Entailed),
                None => Ok(Status::Alive),
            },
        }
    }
}

/// The relation (`positive`) or its negation, as propagators to post; an
/// equation between two variables becomes a unification.
fn post_relation<C: Clone>(
    s: &mut FdStore<C>,
    rel: &Rel2,
    x: Arg,
    y: Arg,
    positive: bool,
) -> Result<(), super::Fail> {
    let prop = match (rel, positive) {
        // Against an integer, a comparison is a bound.
        (Rel2::Geq, true) if y.value(s).is_some() => return x.clamp_to(s, y.value(s), None),
        (Rel2::Geq, true) if x.value(s).is_some() => return y.clamp_to(s, None, x.value(s)),
        (Rel2::Geq, false) if y.value(s).is_some() => {
            return x.clamp_to(s, None, y.value(s).map(Val::pred))
        }
        (Rel2::Geq, false) if x.value(s).is_some() => {
            return y.clamp_to(s, x.value(s).map(Val::succ), None)
        }
        (Rel2::Geq, true) => Prop::Geq(x, y),
        (Rel2::Geq, false) => Prop::LeqPlus(x, y, Val::int(-1)),
        (Rel2::Eq, true) | (Rel2::Ne, false) => {
            match (x, y) {
                (Arg::Var(_), Arg::Var(_)) => s.request_unify(x, y),
                _ => {
                    let d = y.dom(s);
                    x.restrict(s, &d)?;
                    let d = x.dom(s);
                    y.restrict(s, &d)?;
                }
            }
            return Ok(());
        }
        (Rel2::Eq, false) | (Rel2::Ne, true) => match (x.value(s), y.value(s)) {
            (_, Some(v)) => return x.remove(s, v),
            (Some(v), _) => return y.remove(s, v),
            _ => Prop::NeqPlus(x, y, Val::ZERO),
        },
        (Rel2::In(d), true) => return x.restrict(s, d),
        (Rel2::In(d), false) => return x.restrict(s, &d.complement()),
    };
    let vars = prop.vars();
    s.post(prop, &vars);
    Ok(())
}

fn reified<C: Clone>(s: &mut FdStore<C>, rel: &Rel2, x: Arg, y: Arg, b: Arg) -> PropResult {
    b.restrict(s, &Domain::range(Val::ZERO, Val::ONE))?;
    // A truth value that nothing else can read or fix any more: nothing to do.
    if let Arg::Var(v) = b {
        if s.var(v).aux && s.dom(v).value().is_none() && s.props_of(v).len() <= 1 {
            return Ok(Status::Entailed);
        }
    }
    if let Some(v) = b.value(s) {
        post_relation(s, rel, x, y, v == 1)?;
        return Ok(Status::Entailed);
    }
    let (dx, dy) = (x.dom(s), y.dom(s));
    let same = x.same(y, s);
    let truth = match rel {
        // One variable on both sides (also after unification).
        Rel2::Geq | Rel2::Eq if same => Some(Val::ONE),
        Rel2::Ne if same => Some(Val::ZERO),
        Rel2::Geq if dx.min() >= dy.max() => Some(Val::ONE),
        Rel2::Geq if dx.max() < dy.min() => Some(Val::ZERO),
        Rel2::Eq | Rel2::Ne => {
            let eq = match (dx.value(), dy.value()) {
                (Some(a), Some(c)) => Some(a == c),
                _ if dx.intersect(&dy).is_empty() => Some(false),
                _ => None,
            };
            eq.map(|e| Val::from(e == matches!(rel, Rel2::Eq)))
        }
        Rel2::In(d) if dx.is_subset(d) => Some(Val::ONE),
        Rel2::In(d) if dx.intersect(d).is_empty() => Some(Val::ZERO),
        _ => None,
    };
    if let Some(t) = truth {
        b.restrict(s, &Domain::singleton(t))?;
        return Ok(Status::Entailed);
    }
    Ok(Status::Alive)
}

fn boolean<C: Clone>(s: &mut FdStore<C>, op: BoolOp, a: Arg, b: Arg, r: Arg) -> PropResult {
    let bit = Domain::range(Val::ZERO, Val::ONE);
    a.restrict(s, &bit)?;
    if op != BoolOp::Not {
        b.restrict(s, &bit)?;
    }
    r.restrict(s, &bit)?;
    let (da, db, dr) = (
        a.dom(s),
        if op == BoolOp::Not {
            bit.clone()
        } else {
            b.dom(s)
        },
        r.dom(s),
    );
    let mut sa = [false; 2];
    let mut sb = [false; 2];
    let mut sr = [false; 2];
    for (ia, va) in [Val::ZERO, Val::ONE].into_iter().enumerate() {
        for (ib, vb) in [Val::ZERO, Val::ONE].into_iter().enumerate() {
            let vr = op.apply(va, vb);
            if da.contains(va) && db.contains(vb) && dr.contains(vr) {
                sa[ia] = true;
                sb[ib] = true;
                sr[usize::from(vr == 1)] = true;
            }
        }
    }
    let keep =
        |ok: [bool; 2]| Domain::from_values((0..2).filter(|&i| ok[i]).map(|i| Val::from(i == 1)));
    a.restrict(s, &keep(sa))?;
    if op != BoolOp::Not {
        b.restrict(s, &keep(sb))?;
    }
    r.restrict(s, &keep(sr))?;
    // Entailed once the result is fixed and every remaining combination
    // gives it.
    if let Some(vr) = r.value(s) {
        let (da, db) = (a.dom(s), if op == BoolOp::Not { bit } else { b.dom(s) });
        if da
            .values()
            .all(|va| db.values().all(|vb| op.apply(va, vb) == vr))
        {
            return Ok(Status::Entailed);
        }
    }
    Ok(Status::Alive)
}
