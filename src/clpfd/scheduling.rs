//! The scheduling constraints of library(clpfd): `serialized/2` (one
//! propagator per pair of tasks), `cumulative/1,2` and `disjoint2/1`. SWI
//! decomposes the last two into reified constraints; the propagators here
//! prune what those decompositions prune, on bounds (see each function).

use super::globals::{bounds, clamp};
use super::props::Arg;
use super::{Fail, FdStore, PropResult, Status, Val, VarId, INF, SUP};

/// The arguments of `serialized(Starts, Durations)`.
#[derive(Clone, Debug)]
pub struct Serial {
    /// The start times.
    pub starts: Vec<Arg>,
    /// The durations.
    pub durations: Vec<Val>,
}

/// A task of `cumulative/2`: `task(Start, Duration, End, Demand, _)`.
#[derive(Clone, Debug)]
pub struct Task {
    /// Its start time.
    pub start: Arg,
    /// Its duration.
    pub duration: Val,
    /// Its end (start + duration, kept by a separate constraint).
    pub end: Arg,
    /// The amount of the resource it uses while it runs.
    pub demand: Val,
}

/// The arguments of `cumulative(Tasks, [limit(L)])`.
#[derive(Clone, Debug)]
pub struct Cumulative {
    /// The tasks.
    pub tasks: Vec<Task>,
    /// The resource limit.
    pub limit: Val,
    /// The time points looked at: `from..to` (the earliest start and the
    /// latest end when the constraint was posted).
    pub from: Val,
    /// See `from` (exclusive).
    pub to: Val,
    /// An engine variable whose tag is the constraint's Prolog term (for
    /// the residual goal); never watched.
    pub term: VarId,
}

/// A rectangle of `disjoint2/1`: origin `x`, `y`, width `w`, height `h`.
#[derive(Clone, Copy, Debug)]
pub struct Rect {
    /// Its left side.
    pub x: Arg,
    /// Its width.
    pub w: Arg,
    /// Its bottom side.
    pub y: Arg,
    /// Its height.
    pub h: Arg,
}

/// `u + du =< v` as far as bounds tell: (possible, certain).
fn before<C: Clone>(s: &FdStore<C>, u: Arg, du: Arg, v: Arg) -> (bool, bool) {
    let ((ul, uh), (dl, dh), (vl, vh)) = (bounds(s, u), bounds(s, du), bounds(s, v));
    let possible = ul == INF || vh == SUP || ul + dl <= vh;
    let certain = uh != SUP && vl != INF && dh != SUP && uh + dh <= vl;
    (possible, certain)
}

/// Enforces `u + du =< v` on bounds.
fn enforce_before<C: Clone>(s: &mut FdStore<C>, u: Arg, du: Arg, v: Arg) -> Result<(), Fail> {
    let ((ul, _), (dl, _), (_, vh)) = (bounds(s, u), bounds(s, du), bounds(s, v));
    if ul != INF {
        clamp(s, v, ul + dl, SUP)?;
    }
    if vh != SUP {
        clamp(s, u, INF, vh - dl)?;
        let ul = bounds(s, u).0;
        if ul != INF {
            clamp(s, du, INF, vh - ul)?;
        }
    }
    Ok(())
}

/// At least one of the orderings `u + du =< v` holds: done when one is
/// certain, enforced when only one is possible.
fn some_before<C: Clone>(s: &mut FdStore<C>, orders: &[(Arg, Arg, Arg)]) -> PropResult {
    let mut open = Vec::new();
    for &(u, du, v) in orders {
        let (possible, certain) = before(s, u, du, v);
        if certain {
            return Ok(Status::Entailed);
        }
        if possible {
            open.push((u, du, v));
        }
    }
    match open.as_slice() {
        [] => Err(Fail),
        [(u, du, v)] => {
            enforce_before(s, *u, *du, *v)?;
            if before(s, *u, *du, *v).1 {
                Ok(Status::Entailed)
            } else {
                Ok(Status::Alive)
            }
        }
        _ => Ok(Status::Alive),
    }
}

/// serialized/2 for two tasks: one ends before the other starts.
pub(super) fn disjunctive<C: Clone>(
    s: &mut FdStore<C>,
    a: (Arg, Arg),
    b: (Arg, Arg),
) -> PropResult {
    some_before(s, &[(a.0, a.1, b.0), (b.0, b.1, a.0)])
}

/// `Σ lhs >= Σ rhs + k` over bounds (as SWI's reified `#>=` over sums).
struct Cmp<'a> {
    lhs: &'a [Arg],
    rhs: &'a [Arg],
    k: Val,
}

impl Cmp<'_> {
    /// The least and greatest value of a sum (`None`: unbounded).
    fn sum<C: Clone>(s: &FdStore<C>, xs: &[Arg]) -> (Option<Val>, Option<Val>) {
        let mut lo = Some(Val::ZERO);
        let mut hi = Some(Val::ZERO);
        for &x in xs {
            let (l, h) = bounds(s, x);
            lo = lo.filter(|_| l != INF).map(|v| v + l);
            hi = hi.filter(|_| h != SUP).map(|v| v + h);
        }
        (lo, hi)
    }

    /// Some(true) when it surely holds, Some(false) when it cannot.
    fn truth<C: Clone>(&self, s: &FdStore<C>) -> Option<bool> {
        let ((ll, lh), (rl, rh)) = (Self::sum(s, self.lhs), Self::sum(s, self.rhs));
        let k = self.k;
        match (ll, rh) {
            (Some(ll), Some(rh)) if ll >= rh + k => return Some(true),
            _ => {}
        }
        match (lh, rl) {
            (Some(lh), Some(rl)) if lh < rl + k => Some(false),
            _ => None,
        }
    }

    /// Makes it hold (`holds`) or fail, on bounds; true when a domain changed.
    fn enforce<C: Clone>(&self, s: &mut FdStore<C>, holds: bool) -> Result<bool, Fail> {
        // Not (l >= r + k) is r >= l + (1 - k).
        let (lhs, rhs, k) = if holds {
            (self.lhs, self.rhs, self.k)
        } else {
            (self.rhs, self.lhs, -self.k + 1)
        };
        let mut changed = false;
        let without = |xs: &[Arg], i: usize| -> Vec<Arg> {
            xs.iter()
                .enumerate()
                .filter(|p| p.0 != i)
                .map(|p| *p.1)
                .collect()
        };
        for (i, &x) in lhs.iter().enumerate() {
            // x >= min(rhs) + k - max(other lhs).
            if let (Some(rl), Some(oh)) = (Self::sum(s, rhs).0, Self::sum(s, &without(lhs, i)).1) {
                changed |= clamp(s, x, rl + k - oh, SUP)?;
            }
        }
        for (i, &y) in rhs.iter().enumerate() {
            // y <= max(lhs) - k - min(other rhs).
            if let (Some(lh), Some(ol)) = (Self::sum(s, lhs).1, Self::sum(s, &without(rhs, i)).0) {
                changed |= clamp(s, y, INF, lh - k - ol)?;
            }
        }
        Ok(changed)
    }
}

/// `p ∧ q ⇒ r ∨ t` over reified comparisons, as SWI propagates them:
/// true when a domain changed; `done` is set when it can prune no more.
fn implication<C: Clone>(
    s: &mut FdStore<C>,
    [p, q, r, t]: [&Cmp; 4],
    done: &mut bool,
) -> Result<bool, Fail> {
    let (tp, tq, tr, tt) = (p.truth(s), q.truth(s), r.truth(s), t.truth(s));
    if tp == Some(false) || tq == Some(false) || tr == Some(true) || tt == Some(true) {
        *done = true;
        return Ok(false);
    }
    *done = false;
    match (tp, tq, tr, tt) {
        (Some(true), Some(true), Some(false), _) => t.enforce(s, true),
        (Some(true), Some(true), _, Some(false)) => r.enforce(s, true),
        (Some(true), _, Some(false), Some(false)) => q.enforce(s, false),
        (_, Some(true), Some(false), Some(false)) => p.enforce(s, false),
        _ => Ok(false),
    }
}

/// disjoint2/1 for two rectangles, as SWI's decomposition: when the
/// origin of one lies (surely) within the other's extent along one axis,
/// they are apart along the other axis; and conversely.
pub(super) fn disjoint2<C: Clone>(s: &mut FdStore<C>, a: Rect, b: Rect) -> PropResult {
    let one = Arg::Int(Val::ONE);
    let (ax, bx) = ([a.x, a.w], [b.x, b.w]);
    let (ay, by) = ([a.y, a.h], [b.y, b.h]);
    let cmp = |lhs, rhs, k| Cmp { lhs, rhs, k };
    let (ax1, bx1, ay1, by1) = ([a.x], [b.x], [a.y], [b.y]);
    let (bx_one, ax_one, by_one, ay_one) = ([b.x, one], [a.x, one], [b.y, one], [a.y, one]);
    // Per axis: b's origin in a's extent (and a's in b's); apart along the other.
    let x_apart = [cmp(&bx1, &ax, Val::ZERO), cmp(&ax1, &bx, Val::ZERO)];
    let y_apart = [cmp(&by1, &ay, Val::ZERO), cmp(&ay1, &by, Val::ZERO)];
    let within = [
        [cmp(&bx1, &ax1, Val::ZERO), cmp(&ax, &bx_one, Val::ZERO)],
        [cmp(&ax1, &bx1, Val::ZERO), cmp(&bx, &ax_one, Val::ZERO)],
        [cmp(&by1, &ay1, Val::ZERO), cmp(&ay, &by_one, Val::ZERO)],
        [cmp(&ay1, &by1, Val::ZERO), cmp(&by, &ay_one, Val::ZERO)],
    ];
    loop {
        let mut changed = false;
        let mut all_done = true;
        for (i, [p, q]) in within.iter().enumerate() {
            let [r, t] = if i < 2 { &y_apart } else { &x_apart };
            let mut done = false;
            changed |= implication(s, [p, q, r, t], &mut done)?;
            all_done &= done;
        }
        if all_done {
            return Ok(Status::Entailed);
        }
        if !changed {
            return Ok(Status::Alive);
        }
    }
}

/// cumulative/2, as SWI's decomposition prunes: at each time point `t`,
/// the tasks that surely run at `t` (start `=< t` and end `> t` on bounds)
/// use at most the limit; a task that would exceed it cannot run at `t`,
/// so when one of its two conditions is sure, the other is made false.
/// Besides, the tasks' total area must fit between the earliest start and
/// the latest end (SWI's `min`/`max` of the starts and ends).
pub(super) fn cumulative<C: Clone>(s: &mut FdStore<C>, c: &Cumulative) -> PropResult {
    while time_points(s, c)? | elastic(s, c)? {}
    Ok(Status::Alive)
}

/// One pass over the time points (see `cumulative`): true when a domain
/// changed.
fn time_points<C: Clone>(s: &mut FdStore<C>, c: &Cumulative) -> Result<bool, Fail> {
    let mut changed = false;
    for t in Val::range(c.from, c.to - 1) {
        let mut load = Val::ZERO;
        let mut maybe = Vec::new();
        for task in &c.tasks {
            let ((sl, sh), (el, eh)) = (bounds(s, task.start), bounds(s, task.end));
            let starts = if sh <= t {
                Some(true)
            } else if sl > t {
                Some(false)
            } else {
                None
            };
            let runs_on = if el > t {
                Some(true)
            } else if eh <= t {
                Some(false)
            } else {
                None
            };
            match (starts, runs_on) {
                (Some(true), Some(true)) => load += task.demand,
                (Some(false), _) | (_, Some(false)) => {}
                _ => maybe.push((task, starts, runs_on)),
            }
        }
        if load > c.limit {
            return Err(Fail);
        }
        for (task, starts, runs_on) in maybe {
            if load + task.demand <= c.limit {
                continue;
            }
            if starts == Some(true) {
                changed |= clamp(s, task.end, INF, t)?;
            } else if runs_on == Some(true) {
                changed |= clamp(s, task.start, t + 1, SUP)?;
            }
        }
    }
    Ok(changed)
}

/// The earliest start is at most the latest end less the tasks' area
/// divided by the limit. SWI states this over `min`/`max` chains of
/// auxiliary variables, which pass a bound on only to the last task's
/// start (or end), once it is surely the earliest (latest) one. True when
/// a domain changed.
fn elastic<C: Clone>(s: &mut FdStore<C>, c: &Cumulative) -> Result<bool, Fail> {
    let area: Val = c.tasks.iter().map(|t| t.duration * t.demand).sum();
    let span = (area + c.limit - 1).div_floor(c.limit.max(Val::ONE));
    let starts: Vec<(Val, Val)> = c.tasks.iter().map(|t| bounds(s, t.start)).collect();
    let ends: Vec<(Val, Val)> = c.tasks.iter().map(|t| bounds(s, t.end)).collect();
    let (first, first_task) = extreme(&starts, false);
    let (last, last_task) = extreme(&ends, true);
    // first <= last - span, on bounds.
    let first_hi = first.1.min(last.1 - span);
    let last_lo = last.0.max(first.0 + span);
    if first.0 > first_hi {
        return Err(Fail);
    }
    let mut changed = false;
    if let Some(i) = first_task {
        changed |= clamp(s, c.tasks[i].start, INF, first_hi)?;
    }
    if let Some(i) = last_task {
        changed |= clamp(s, c.tasks[i].end, last_lo as Val, SUP)?;
    }
    Ok(changed)
}

/// The bounds of the least (`max`: greatest) of the values whose bounds
/// are given, as SWI folds them (`min(X3, min(X2, X1))`), and the value
/// that the bound passes back to: SWI's `Z #= min(X, Y)` narrows `X` (only
/// the first argument, the last value here) once `X` is surely below `Y`.
fn extreme(bs: &[(Val, Val)], max: bool) -> ((Val, Val), Option<usize>) {
    let key = |b: (Val, Val)| if max { (-b.1, -b.0) } else { b };
    let n = bs.len();
    let last = key(bs[n - 1]);
    let (acc, which) = if n == 1 {
        (last, Some(0))
    } else {
        let mut rest = key(bs[0]);
        for &b in &bs[1..n - 1] {
            let x = key(b);
            rest = (rest.0.min(x.0), rest.1.min(x.1));
        }
        let acc = (rest.0.min(last.0), rest.1.min(last.1));
        (acc, (last.1 < rest.0).then_some(n - 1))
    };
    let acc = if max { (-acc.1, -acc.0) } else { acc };
    (acc, which)
}

#[cfg(test)]
mod tests {
    use super::super::globals::tests::{doms, post, rng, store, vals};
    use super::super::globals::Global;
    use super::*;
    use crate::clpfd::Domain;
    use std::rc::Rc;

    #[test]
    fn disjunctive_pairs_prune_bounds_when_one_order_is_left() {
        let (mut s, xs) = store(&[vec![1], (0..=3).collect()]);
        let all = Rc::new(Serial {
            starts: xs.clone(),
            durations: vals(&[2, 3]),
        });
        post(&mut s, Global::Disjunctive { i: 0, j: 1, all }).unwrap();
        assert_eq!(doms(&s, &xs), vec![vec![1], vec![3]]);
        // Both orders possible: nothing pruned, holes never made.
        let (mut s, xs) = store(&[(0..=3).collect(), (0..=3).collect()]);
        let all = Rc::new(Serial {
            starts: xs.clone(),
            durations: vals(&[2, 3]),
        });
        post(&mut s, Global::Disjunctive { i: 0, j: 1, all }).unwrap();
        assert_eq!(doms(&s, &xs), vec![vec![0, 1, 2, 3], vec![0, 1, 2, 3]]);
    }

    #[test]
    fn cumulative_accepts_exactly_the_feasible_fixed_schedules() {
        let mut seed = 9;
        for _ in 0..300 {
            let n = 1 + rng(&mut seed, 3) as usize;
            let durations: Vec<i64> = (0..n).map(|_| rng(&mut seed, 3) as i64).collect();
            let demands: Vec<i64> = (0..n).map(|_| 1 + rng(&mut seed, 2) as i64).collect();
            let starts: Vec<i64> = (0..n).map(|_| rng(&mut seed, 4) as i64).collect();
            let limit = 1 + rng(&mut seed, 3) as i64;
            let mut s: FdStore<()> = FdStore::new();
            let term = s.new_var(Domain::full(), ());
            let tasks: Vec<Task> = (0..n)
                .map(|i| Task {
                    start: Arg::Int(Val::int(starts[i])),
                    duration: Val::int(durations[i]),
                    end: Arg::Int(Val::int(starts[i] + durations[i])),
                    demand: Val::int(demands[i]),
                })
                .collect();
            let ok = (0..8).all(|t| {
                (0..n)
                    .filter(|&i| starts[i] <= t && t < starts[i] + durations[i])
                    .map(|i| demands[i])
                    .sum::<i64>()
                    <= limit
            });
            let c = Cumulative {
                tasks,
                limit: Val::int(limit),
                from: Val::ZERO,
                to: Val::int(8),
                term,
            };
            let area: i64 = (0..n).map(|i| durations[i] * demands[i]).sum();
            let span = (area + limit - 1) / limit;
            let first = *starts.iter().min().unwrap();
            let last = (0..n).map(|i| starts[i] + durations[i]).max().unwrap();
            let r = post(&mut s, Global::Cumulative(Rc::new(c)));
            assert_eq!(
                r.is_ok(),
                ok && last - first >= span,
                "{starts:?} {durations:?}"
            );
        }
    }

    #[test]
    fn disjoint2_accepts_exactly_the_non_overlapping_fixed_rectangles() {
        let mut seed = 21;
        for _ in 0..400 {
            let r: Vec<i64> = (0..8).map(|_| rng(&mut seed, 4) as i64).collect();
            let mut s: FdStore<()> = FdStore::new();
            let term = s.new_var(Domain::full(), ());
            let rect = |i: usize| Rect {
                x: Arg::Int(Val::int(r[i])),
                w: Arg::Int(Val::int(r[i + 1])),
                y: Arg::Int(Val::int(r[i + 2])),
                h: Arg::Int(Val::int(r[i + 3])),
            };
            let rects = Rc::new(vec![rect(0), rect(4)]);
            let apart = r[0] + r[1] <= r[4]
                || r[4] + r[5] <= r[0]
                || r[2] + r[3] <= r[6]
                || r[6] + r[7] <= r[2];
            // An empty rectangle (as in SWI's decomposition) conflicts with
            // one that holds its origin: left out here.
            if r[1] == 0 || r[3] == 0 || r[5] == 0 || r[7] == 0 {
                continue;
            }
            let g = Global::Disjoint2 {
                i: 0,
                j: 1,
                rects,
                term,
            };
            let ok = post(&mut s, g).is_ok();
            assert_eq!(ok, apart, "{r:?}");
        }
    }
}
