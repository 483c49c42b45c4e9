//! The global constraints of SWI-Prolog's library(clpfd) that have
//! propagators of their own there: `global_cardinality/2,3`, `circuit/1`,
//! `tuples_in/2`, `serialized/2`, `zcompare/3`, `lex_chain/1`'s residual,
//! and `cumulative/1,2` and `disjoint2/1` (which SWI decomposes into
//! reified constraints: here native propagators that prune what the
//! decomposition prunes on bounds).
//!
//! Each propagator prunes as much as SWI's does, no more: domains after
//! posting decide which variable `ff` labeling picks, so a stronger
//! propagator would change what programs print.

use super::matching::{distinct_prune, scc};
use super::props::{all_distinct, Arg};
use super::{Domain, Fail, FdStore, Prop, PropId, PropResult, Status, VarId, INF, SUP};
use std::rc::Rc;

/// The arguments of `global_cardinality(Xs, Pairs)`: `Pairs` as keys and
/// counts.
#[derive(Clone, Debug)]
pub struct Gcc {
    /// The variables.
    pub xs: Vec<Arg>,
    /// The keys, in the order of the pairs.
    pub keys: Vec<i64>,
    /// How many of `xs` take each key.
    pub nums: Vec<Arg>,
}

/// The arguments of `serialized(Starts, Durations)`.
#[derive(Clone, Debug)]
pub struct Serial {
    /// The start times.
    pub starts: Vec<Arg>,
    /// The durations.
    pub durations: Vec<i64>,
}

/// A task of `cumulative/2`: `task(Start, Duration, End, Demand, _)`.
#[derive(Clone, Debug)]
pub struct Task {
    /// Its start time.
    pub start: Arg,
    /// Its duration.
    pub duration: i64,
    /// Its end (start + duration, kept by a separate constraint).
    pub end: Arg,
    /// The amount of the resource it uses while it runs.
    pub demand: i64,
}

/// The arguments of `cumulative(Tasks, [limit(L)])`.
#[derive(Clone, Debug)]
pub struct Cumulative {
    /// The tasks.
    pub tasks: Vec<Task>,
    /// The resource limit.
    pub limit: i64,
    /// The time points looked at: `from..to` (the earliest start and the
    /// latest end when the constraint was posted).
    pub from: i64,
    /// See `from` (exclusive).
    pub to: i64,
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

/// A global constraint's propagator (see the module documentation).
#[derive(Clone, Debug)]
pub enum Global {
    /// global_cardinality: each count lies between the number of variables
    /// fixed to its key and the number that may take it; a count at its
    /// bound fixes or frees the undecided variables (SWI's gcc_check).
    GccCount(Rc<Gcc>),
    /// global_cardinality: the values that no assignment within the counts'
    /// upper bounds uses are removed (a matching, as SWI's gcc_global).
    /// Posted twice: on the variables (true: shows the residual goal) and
    /// on the counts (false).
    GccFlow(Rc<Gcc>, bool),
    /// circuit/1: the successor graph must stay strongly connected.
    Circuit(Vec<Arg>),
    /// circuit/1's `all_distinct/1` part (shows no residual goal).
    CircuitDistinct(Vec<Arg>),
    /// tuples_in/2 for one tuple: the relation's rows still compatible
    /// with the domains (trailed as they shrink).
    Tuples {
        /// The tuple of variables and integers.
        tuple: Vec<Arg>,
        /// The rows left.
        rel: Rc<Vec<Vec<i64>>>,
    },
    /// serialized/2 for the tasks `i` and `j`: one runs before the other.
    Disjunctive {
        /// The first task.
        i: usize,
        /// The second task.
        j: usize,
        /// All the tasks (shared by the pairs, for the residual goal).
        all: Rc<Serial>,
    },
    /// lex_chain/1's residual goal: prunes nothing (the pairwise `lex_le`
    /// coroutines do).
    LexChain {
        /// The variables of the lists but the first.
        watched: Vec<Arg>,
        /// An engine variable whose tag is the list of lists.
        term: VarId,
    },
    /// zcompare/3: once the domains of `a` and `b` decide their order,
    /// `aux` becomes -1, 0 or 1 (the Prolog side binds the order).
    Zcompare {
        /// An engine variable whose tag is the order (for the residual goal).
        order: VarId,
        /// The engine variable that reports the order.
        aux: VarId,
        /// The left side.
        a: Arg,
        /// The right side.
        b: Arg,
    },
    /// cumulative/2 (see [`Cumulative`]).
    Cumulative(Rc<Cumulative>),
    /// disjoint2/1 for the rectangles `i` and `j`.
    Disjoint2 {
        /// The first rectangle.
        i: usize,
        /// The second rectangle.
        j: usize,
        /// All the rectangles.
        rects: Rc<Vec<Rect>>,
        /// An engine variable whose tag is the constraint's Prolog term.
        term: VarId,
    },
}

fn vars_of(xs: &[Arg]) -> Vec<VarId> {
    xs.iter().filter_map(|a| a.var()).collect()
}

impl Global {
    /// 1 for the propagators that are expensive to run, else 0.
    pub fn priority(&self) -> u8 {
        match self {
            Global::GccFlow(..)
            | Global::Circuit(_)
            | Global::CircuitDistinct(_)
            | Global::Tuples { .. }
            | Global::Cumulative(_) => 1,
            _ => 0,
        }
    }

    /// The variables the propagator watches.
    pub fn vars(&self) -> Vec<VarId> {
        match self {
            Global::GccCount(g) => {
                let mut v = vars_of(&g.xs);
                v.extend(vars_of(&g.nums));
                v
            }
            Global::GccFlow(g, true) => vars_of(&g.xs),
            Global::GccFlow(g, false) => vars_of(&g.nums),
            Global::Circuit(xs) | Global::CircuitDistinct(xs) => vars_of(xs),
            Global::Tuples { tuple, .. } => vars_of(tuple),
            Global::Disjunctive { i, j, all } => vars_of(&[all.starts[*i], all.starts[*j]]),
            Global::LexChain { watched, .. } => vars_of(watched),
            Global::Zcompare { a, b, .. } => vars_of(&[*a, *b]),
            Global::Cumulative(c) => c
                .tasks
                .iter()
                .flat_map(|t| vars_of(&[t.start, t.end]))
                .collect(),
            Global::Disjoint2 { i, j, rects, .. } => {
                let (p, q) = (rects[*i], rects[*j]);
                vars_of(&[p.x, p.w, p.y, p.h, q.x, q.w, q.y, q.h])
            }
        }
    }

    /// Runs the propagator (number `id`) on the store.
    pub fn propagate<C: Clone>(&self, id: PropId, s: &mut FdStore<C>) -> PropResult {
        match self {
            Global::GccCount(g) => gcc_count(s, g),
            Global::GccFlow(g, _) => gcc_flow(s, g),
            Global::Circuit(xs) => circuit(s, xs),
            Global::CircuitDistinct(xs) => all_distinct(s, xs),
            Global::Tuples { tuple, rel } => tuples(id, s, tuple, rel),
            Global::Disjunctive { i, j, all } => disjunctive(
                s,
                (all.starts[*i], Arg::Int(all.durations[*i])),
                (all.starts[*j], Arg::Int(all.durations[*j])),
            ),
            Global::LexChain { .. } => Ok(Status::Alive),
            Global::Zcompare { aux, a, b, .. } => zcompare(s, *aux, *a, *b),
            Global::Cumulative(c) => cumulative(s, c),
            Global::Disjoint2 { i, j, rects, .. } => disjoint2(s, rects[*i], rects[*j]),
        }
    }
}

/// The least and greatest value of an argument.
fn bounds<C: Clone>(s: &FdStore<C>, a: Arg) -> (i64, i64) {
    match a {
        Arg::Var(v) => (s.dom(v).min(), s.dom(v).max()),
        Arg::Int(i) => (i, i),
    }
}

/// Narrows an argument to `lo..hi`; true when it changed.
fn clamp<C: Clone>(s: &mut FdStore<C>, a: Arg, lo: i64, hi: i64) -> Result<bool, Fail> {
    let (l, h) = bounds(s, a);
    if l >= lo && h <= hi {
        return Ok(false);
    }
    a.restrict(s, &Domain::range(lo, hi))?;
    Ok(true)
}

/// True when `a` may take the value `k`.
fn may_be<C: Clone>(s: &FdStore<C>, a: Arg, k: i64) -> bool {
    match a {
        Arg::Var(v) => s.dom(v).contains(k),
        Arg::Int(i) => i == k,
    }
}

/// global_cardinality's counting part (see `Global::GccCount`).
fn gcc_count<C: Clone>(s: &mut FdStore<C>, g: &Gcc) -> PropResult {
    loop {
        let mut changed = false;
        for (j, &key) in g.keys.iter().enumerate() {
            let fixed = g.xs.iter().filter(|x| x.value(s) == Some(key)).count() as i64;
            let possible = g.xs.iter().filter(|x| may_be(s, **x, key)).count() as i64;
            clamp(s, g.nums[j], fixed, possible)?;
            if possible == fixed {
                continue;
            }
            let (lo, hi) = bounds(s, g.nums[j]);
            if hi == fixed {
                for &x in &g.xs {
                    if x.value(s).is_none() {
                        x.remove(s, key)?;
                    }
                }
                changed = true;
            } else if lo == possible {
                for &x in &g.xs {
                    if may_be(s, x, key) {
                        x.restrict(s, &Domain::singleton(key))?;
                    }
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    if g.xs.iter().all(|x| x.value(s).is_some()) {
        return Ok(Status::Entailed);
    }
    Ok(Status::Alive)
}

/// global_cardinality's matching part: a variable keeps the keys that some
/// assignment of all variables, each key taken at most as often as its
/// count's upper bound allows, gives it. Key `j` becomes `cap[j]` slots,
/// and the slots are matched as all_distinct matches values.
fn gcc_flow<C: Clone>(s: &mut FdStore<C>, g: &Gcc) -> PropResult {
    let n = g.xs.len() as i64;
    // The counts' lower bounds must not add up to more than the variables.
    let least: i64 = g.nums.iter().map(|&c| bounds(s, c).0).sum();
    if least > n {
        return Err(Fail);
    }
    let mut offsets = Vec::with_capacity(g.keys.len());
    let mut next = 0i64;
    for (j, _) in g.keys.iter().enumerate() {
        let cap = bounds(s, g.nums[j]).1.clamp(0, n);
        offsets.push((next, next + cap - 1));
        next += cap;
    }
    let doms: Vec<Domain> =
        g.xs.iter()
            .map(|&x| {
                Domain::from_intervals(
                    g.keys
                        .iter()
                        .zip(&offsets)
                        .filter(|(&k, _)| may_be(s, x, k))
                        .map(|(_, &r)| r)
                        .collect(),
                )
            })
            .collect();
    let values: Vec<i64> = (0..next).collect();
    let pruned = distinct_prune(&doms, &values).ok_or(Fail)?;
    for (i, &x) in g.xs.iter().enumerate() {
        let keep = g
            .keys
            .iter()
            .zip(&offsets)
            .filter(|(_, &(lo, hi))| !pruned[i].clamp(lo, hi).is_empty())
            .map(|(&k, _)| k);
        x.restrict(s, &Domain::from_values(keep))?;
    }
    if g.xs.iter().all(|x| x.value(s).is_some()) {
        return Ok(Status::Entailed);
    }
    Ok(Status::Alive)
}

/// circuit/1's check: the graph with an edge `i -> j` for each value `j`
/// of the `i`-th variable must be strongly connected.
fn circuit<C: Clone>(s: &mut FdStore<C>, xs: &[Arg]) -> PropResult {
    let n = xs.len() as i64;
    let out: Vec<Vec<usize>> = xs
        .iter()
        .map(|&x| match x {
            Arg::Var(v) => s
                .dom(v)
                .clamp(1, n)
                .values()
                .map(|j| (j - 1) as usize)
                .collect(),
            Arg::Int(j) => vec![(j - 1) as usize],
        })
        .collect();
    let comp = scc(&out);
    if comp.iter().any(|&c| c != comp[0]) {
        return Err(Fail);
    }
    Ok(Status::Alive)
}

/// True when `row` can be the values of `tuple`: each in its domain, and
/// equal where the tuple repeats a variable.
fn row_fits<C: Clone>(s: &FdStore<C>, tuple: &[Arg], row: &[i64]) -> bool {
    tuple.iter().zip(row).enumerate().all(|(p, (&a, &v))| {
        may_be(s, a, v)
            && tuple[..p]
                .iter()
                .zip(row)
                .all(|(&b, &w)| b != a || w == v || matches!(a, Arg::Int(_)))
    })
}

/// tuples_in/2 for one tuple: the rows that fit stay; each variable keeps
/// the values of its column in them. Once at most one variable of the
/// tuple is left undecided when it runs, the propagator is done.
fn tuples<C: Clone>(
    id: PropId,
    s: &mut FdStore<C>,
    tuple: &[Arg],
    rel: &Rc<Vec<Vec<i64>>>,
) -> PropResult {
    let mut open: Vec<VarId> = Vec::new();
    for v in tuple.iter().filter_map(|a| a.var()) {
        if s.dom(v).value().is_none() && !open.contains(&v) {
            open.push(v);
        }
    }
    let rows: Vec<Vec<i64>> = rel
        .iter()
        .filter(|r| row_fits(s, tuple, r))
        .cloned()
        .collect();
    if rows.is_empty() {
        return Err(Fail);
    }
    for (p, &a) in tuple.iter().enumerate() {
        a.restrict(s, &Domain::from_values(rows.iter().map(|r| r[p])))?;
    }
    if open.len() <= 1 {
        return Ok(Status::Entailed);
    }
    if rows.len() != rel.len() {
        let prop = Global::Tuples {
            tuple: tuple.to_vec(),
            rel: Rc::new(rows),
        };
        s.update_prop(id, Prop::Global(prop));
    }
    Ok(Status::Alive)
}

/// `u + du =< v` as far as bounds tell: (possible, certain).
fn before<C: Clone>(s: &FdStore<C>, u: Arg, du: Arg, v: Arg) -> (bool, bool) {
    let ((ul, uh), (dl, dh), (vl, vh)) = (bounds(s, u), bounds(s, du), bounds(s, v));
    let sum = |a: i64, b: i64| a as i128 + b as i128;
    let possible = ul == INF || vh == SUP || sum(ul, dl) <= vh as i128;
    let certain = uh != SUP && vl != INF && dh != SUP && sum(uh, dh) <= vl as i128;
    (possible, certain)
}

/// Enforces `u + du =< v` on bounds.
fn enforce_before<C: Clone>(s: &mut FdStore<C>, u: Arg, du: Arg, v: Arg) -> Result<(), Fail> {
    let ((ul, _), (dl, _), (_, vh)) = (bounds(s, u), bounds(s, du), bounds(s, v));
    let to_i64 = |x: i128| x.clamp(INF as i128 + 1, SUP as i128 - 1) as i64;
    if ul != INF {
        clamp(s, v, to_i64(ul as i128 + dl as i128), SUP)?;
    }
    if vh != SUP {
        clamp(s, u, INF, to_i64(vh as i128 - dl as i128))?;
        let ul = bounds(s, u).0;
        if ul != INF {
            clamp(s, du, INF, to_i64(vh as i128 - ul as i128))?;
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
fn disjunctive<C: Clone>(s: &mut FdStore<C>, a: (Arg, Arg), b: (Arg, Arg)) -> PropResult {
    some_before(s, &[(a.0, a.1, b.0), (b.0, b.1, a.0)])
}

/// `Σ lhs >= Σ rhs + k` over bounds (as SWI's reified `#>=` over sums).
struct Cmp<'a> {
    lhs: &'a [Arg],
    rhs: &'a [Arg],
    k: i64,
}

impl Cmp<'_> {
    /// The least and greatest value of a sum (`None`: unbounded).
    fn sum<C: Clone>(s: &FdStore<C>, xs: &[Arg]) -> (Option<i128>, Option<i128>) {
        let mut lo = Some(0i128);
        let mut hi = Some(0i128);
        for &x in xs {
            let (l, h) = bounds(s, x);
            lo = lo.filter(|_| l != INF).map(|v| v + l as i128);
            hi = hi.filter(|_| h != SUP).map(|v| v + h as i128);
        }
        (lo, hi)
    }

    /// Some(true) when it surely holds, Some(false) when it cannot.
    fn truth<C: Clone>(&self, s: &FdStore<C>) -> Option<bool> {
        let ((ll, lh), (rl, rh)) = (Self::sum(s, self.lhs), Self::sum(s, self.rhs));
        let k = self.k as i128;
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
            (self.lhs, self.rhs, self.k as i128)
        } else {
            (self.rhs, self.lhs, 1 - self.k as i128)
        };
        let mut changed = false;
        let to_i64 = |x: i128| x.clamp(INF as i128 + 1, SUP as i128 - 1) as i64;
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
                changed |= clamp(s, x, to_i64(rl + k - oh), SUP)?;
            }
        }
        for (i, &y) in rhs.iter().enumerate() {
            // y <= max(lhs) - k - min(other rhs).
            if let (Some(lh), Some(ol)) = (Self::sum(s, lhs).1, Self::sum(s, &without(rhs, i)).0) {
                changed |= clamp(s, y, INF, to_i64(lh - k - ol))?;
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
fn disjoint2<C: Clone>(s: &mut FdStore<C>, a: Rect, b: Rect) -> PropResult {
    let one = Arg::Int(1);
    let (ax, bx) = ([a.x, a.w], [b.x, b.w]);
    let (ay, by) = ([a.y, a.h], [b.y, b.h]);
    let cmp = |lhs, rhs, k| Cmp { lhs, rhs, k };
    let (ax1, bx1, ay1, by1) = ([a.x], [b.x], [a.y], [b.y]);
    let (bx_one, ax_one, by_one, ay_one) = ([b.x, one], [a.x, one], [b.y, one], [a.y, one]);
    // Per axis: b's origin in a's extent (and a's in b's); apart along the other.
    let x_apart = [cmp(&bx1, &ax, 0), cmp(&ax1, &bx, 0)];
    let y_apart = [cmp(&by1, &ay, 0), cmp(&ay1, &by, 0)];
    let within = [
        [cmp(&bx1, &ax1, 0), cmp(&ax, &bx_one, 0)],
        [cmp(&ax1, &bx1, 0), cmp(&bx, &ax_one, 0)],
        [cmp(&by1, &ay1, 0), cmp(&ay, &by_one, 0)],
        [cmp(&ay1, &by1, 0), cmp(&by, &ay_one, 0)],
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

/// zcompare/3: reports the order of `a` and `b` in `aux` once decided.
fn zcompare<C: Clone>(s: &mut FdStore<C>, aux: VarId, a: Arg, b: Arg) -> PropResult {
    let ((al, ah), (bl, bh)) = (bounds(s, a), bounds(s, b));
    let order = if ah < bl {
        -1
    } else if al > bh {
        1
    } else if al == ah && bl == bh {
        0
    } else {
        return Ok(Status::Alive);
    };
    s.assign(aux, order)?;
    Ok(Status::Entailed)
}

/// cumulative/2, as SWI's decomposition prunes: at each time point `t`,
/// the tasks that surely run at `t` (start `=< t` and end `> t` on bounds)
/// use at most the limit; a task that would exceed it cannot run at `t`,
/// so when one of its two conditions is sure, the other is made false.
/// Besides, the tasks' total area must fit between the earliest start and
/// the latest end.
fn cumulative<C: Clone>(s: &mut FdStore<C>, c: &Cumulative) -> PropResult {
    let area: i128 = c
        .tasks
        .iter()
        .map(|t| t.duration as i128 * t.demand as i128)
        .sum();
    loop {
        let mut changed = false;
        for t in c.from..c.to {
            let mut load = 0i128;
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
                    (Some(true), Some(true)) => load += task.demand as i128,
                    (Some(false), _) | (_, Some(false)) => {}
                    _ => maybe.push((task, starts, runs_on)),
                }
            }
            if load > c.limit as i128 {
                return Err(Fail);
            }
            for (task, starts, runs_on) in maybe {
                if load + task.demand as i128 <= c.limit as i128 {
                    continue;
                }
                if starts == Some(true) {
                    changed |= clamp(s, task.end, INF, t)?;
                } else if runs_on == Some(true) {
                    changed |= clamp(s, task.start, t + 1, SUP)?;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let first = c.tasks.iter().map(|t| bounds(s, t.start).0).min();
    let last = c.tasks.iter().map(|t| bounds(s, t.end).1).max();
    if let (Some(first), Some(last)) = (first, last) {
        let span = (area + c.limit as i128 - 1) / c.limit.max(1) as i128;
        if (last as i128 - first as i128) < span {
            return Err(Fail);
        }
    }
    Ok(Status::Alive)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A store with one variable per domain (given as value lists).
    fn store(doms: &[Vec<i64>]) -> (FdStore<()>, Vec<Arg>) {
        let mut s = FdStore::new();
        let args = doms
            .iter()
            .map(|d| Arg::Var(s.new_var(Domain::from_values(d.iter().copied()), ())))
            .collect();
        (s, args)
    }

    fn post(s: &mut FdStore<()>, g: Global) -> Result<(), Fail> {
        let vars = g.vars();
        s.post(Prop::Global(g), &vars);
        s.propagate()
    }

    fn doms(s: &FdStore<()>, args: &[Arg]) -> Vec<Vec<i64>> {
        args.iter()
            .map(|a| match a {
                Arg::Var(v) => s.dom(*v).values().collect(),
                Arg::Int(i) => vec![*i],
            })
            .collect()
    }

    /// Every assignment of values from `doms`.
    fn assignments(doms: &[Vec<i64>]) -> Vec<Vec<i64>> {
        let mut out = vec![Vec::new()];
        for d in doms {
            out = out
                .into_iter()
                .flat_map(|a| {
                    d.iter().map(move |&v| {
                        let mut b = a.clone();
                        b.push(v);
                        b
                    })
                })
                .collect();
        }
        out
    }

    /// The values each variable takes in the assignments that `ok` accepts.
    fn supports(doms: &[Vec<i64>], ok: impl Fn(&[i64]) -> bool) -> Option<Vec<Vec<i64>>> {
        let sols: Vec<Vec<i64>> = assignments(doms).into_iter().filter(|a| ok(a)).collect();
        if sols.is_empty() {
            return None;
        }
        Some(
            (0..doms.len())
                .map(|i| {
                    let mut vs: Vec<i64> = sols.iter().map(|a| a[i]).collect();
                    vs.sort_unstable();
                    vs.dedup();
                    vs
                })
                .collect(),
        )
    }

    fn rng(seed: &mut u64, k: u64) -> u64 {
        *seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*seed >> 33) % k
    }

    fn random_dom(seed: &mut u64, lo: i64, hi: i64) -> Vec<i64> {
        let mut d: Vec<i64> = (lo..=hi).filter(|_| rng(seed, 3) != 0).collect();
        if d.is_empty() {
            d.push(lo + rng(seed, (hi - lo + 1) as u64) as i64);
        }
        d
    }

    #[test]
    fn gcc_flow_is_domain_consistent_for_upper_bounds() {
        let mut seed = 11;
        for _ in 0..400 {
            let n = 1 + rng(&mut seed, 4) as usize;
            let keys = vec![1, 2, 3];
            let caps: Vec<i64> = (0..3).map(|_| rng(&mut seed, 3) as i64).collect();
            let xd: Vec<Vec<i64>> = (0..n).map(|_| random_dom(&mut seed, 1, 3)).collect();
            let (mut s, xs) = store(&xd);
            let nums = caps
                .iter()
                .map(|&c| Arg::Var(s.new_var(Domain::range(0, c), ())))
                .collect();
            let g = Gcc {
                xs: xs.clone(),
                keys: keys.clone(),
                nums,
            };
            let r = post(&mut s, Global::GccFlow(Rc::new(g), true));
            let want = supports(&xd, |a| {
                keys.iter()
                    .zip(&caps)
                    .all(|(k, &c)| a.iter().filter(|v| *v == k).count() as i64 <= c)
            });
            match want {
                None => assert!(r.is_err(), "{xd:?} {caps:?}"),
                Some(w) => assert_eq!(doms(&s, &xs), w, "{xd:?} {caps:?}"),
            }
        }
    }

    #[test]
    fn gcc_count_bounds_counts_and_fixes_variables() {
        let (mut s, xs) = store(&[vec![1, 2], vec![1, 2], vec![2, 3]]);
        let n1 = Arg::Var(s.new_var(Domain::range(0, 3), ()));
        let g = Gcc {
            xs: xs.clone(),
            keys: vec![1, 2, 3],
            nums: vec![
                n1,
                Arg::Int(0),
                Arg::Var(s.new_var(Domain::range(0, 3), ())),
            ],
        };
        post(&mut s, Global::GccCount(Rc::new(g))).unwrap();
        // No 2: the first two take 1, the third 3.
        assert_eq!(doms(&s, &xs), vec![vec![1], vec![1], vec![3]]);
        assert_eq!(doms(&s, &[n1]), vec![vec![2]]);
    }

    #[test]
    fn circuit_check_fails_on_subtours_only() {
        let mut seed = 5;
        for _ in 0..300 {
            let n = 2 + rng(&mut seed, 3) as usize;
            let xd: Vec<Vec<i64>> = (0..n).map(|_| random_dom(&mut seed, 1, n as i64)).collect();
            let (mut s, xs) = store(&xd);
            let r = post(&mut s, Global::Circuit(xs.clone()));
            let tour = |a: &[i64]| {
                let (mut i, mut k) = (0, 0);
                loop {
                    i = (a[i] - 1) as usize;
                    k += 1;
                    if i == 0 {
                        return k == a.len();
                    }
                    if k > a.len() {
                        return false;
                    }
                }
            };
            // A graph with a Hamiltonian circuit is strongly connected.
            if supports(&xd, tour).is_some() {
                assert!(r.is_ok(), "{xd:?}");
            }
            if r.is_ok() {
                assert_eq!(doms(&s, &xs), xd, "a check prunes nothing");
            }
        }
    }

    #[test]
    fn tuples_are_generalised_arc_consistent() {
        let mut seed = 3;
        for _ in 0..300 {
            let xd: Vec<Vec<i64>> = (0..3).map(|_| random_dom(&mut seed, 0, 3)).collect();
            let rows: Vec<Vec<i64>> = (0..1 + rng(&mut seed, 8))
                .map(|_| (0..3).map(|_| rng(&mut seed, 4) as i64).collect())
                .collect();
            let (mut s, xs) = store(&xd);
            let r = post(
                &mut s,
                Global::Tuples {
                    tuple: xs.clone(),
                    rel: Rc::new(rows.clone()),
                },
            );
            match supports(&xd, |a| rows.iter().any(|r| r.as_slice() == a)) {
                None => assert!(r.is_err()),
                Some(w) => assert_eq!(doms(&s, &xs), w, "{xd:?} {rows:?}"),
            }
        }
    }

    #[test]
    fn tuples_with_a_repeated_variable() {
        let (mut s, xs) = store(&[vec![1, 2, 3]]);
        let tuple = vec![xs[0], xs[0]];
        let rel = Rc::new(vec![vec![1, 2], vec![2, 3], vec![3, 3]]);
        post(&mut s, Global::Tuples { tuple, rel }).unwrap();
        assert_eq!(doms(&s, &xs), vec![vec![3]]);
    }

    #[test]
    fn disjunctive_pairs_prune_bounds_when_one_order_is_left() {
        let (mut s, xs) = store(&[vec![1], (0..=3).collect()]);
        let all = Rc::new(Serial {
            starts: xs.clone(),
            durations: vec![2, 3],
        });
        post(&mut s, Global::Disjunctive { i: 0, j: 1, all }).unwrap();
        assert_eq!(doms(&s, &xs), vec![vec![1], vec![3]]);
        // Both orders possible: nothing pruned, holes never made.
        let (mut s, xs) = store(&[(0..=3).collect(), (0..=3).collect()]);
        let all = Rc::new(Serial {
            starts: xs.clone(),
            durations: vec![2, 3],
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
                    start: Arg::Int(starts[i]),
                    duration: durations[i],
                    end: Arg::Int(starts[i] + durations[i]),
                    demand: demands[i],
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
                limit,
                from: 0,
                to: 8,
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
                x: Arg::Int(r[i]),
                w: Arg::Int(r[i + 1]),
                y: Arg::Int(r[i + 2]),
                h: Arg::Int(r[i + 3]),
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

    #[test]
    fn zcompare_reports_decided_orders() {
        let (mut s, xs) = store(&[vec![1, 2], vec![3, 4]]);
        let aux = s.new_var(Domain::range(-1, 1), ());
        let g = Global::Zcompare {
            order: aux,
            aux,
            a: xs[0],
            b: xs[1],
        };
        post(&mut s, g).unwrap();
        assert_eq!(s.dom(aux).value(), Some(-1));
    }
}
