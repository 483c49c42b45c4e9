//! The global constraints of SWI-Prolog's library(clpfd) that have
//! propagators of their own there: `global_cardinality/2,3`, `circuit/1`,
//! `tuples_in/2`, `zcompare/3`, `lex_chain/1`'s residual; the [`Global`]
//! enum also dispatches to the scheduling constraints of `scheduling.rs`
//! (`serialized/2`, `cumulative/1,2`, `disjoint2/1`).
//!
//! Each propagator prunes as much as SWI's does, no more: domains after
//! posting decide which variable `ff` labeling picks, so a stronger
//! propagator would change what programs print.

use super::matching::{distinct_prune, scc};
use super::props::{all_distinct, Arg};
use super::scheduling::{cumulative, disjoint2, disjunctive, Cumulative, Rect, Serial};
use super::{Domain, Fail, FdStore, Prop, PropId, PropResult, Status, Val, VarId};
use std::rc::Rc;

/// The arguments of `global_cardinality(Xs, Pairs)`: `Pairs` as keys and
/// counts.
#[derive(Clone, Debug)]
pub struct Gcc {
    /// The variables.
    pub xs: Vec<Arg>,
    /// The keys, in the order of the pairs.
    pub keys: Vec<Val>,
    /// How many of `xs` take each key.
    pub nums: Vec<Arg>,
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
        rel: Rc<Vec<Vec<Val>>>,
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
pub(super) fn bounds<C: Clone>(s: &FdStore<C>, a: Arg) -> (Val, Val) {
    match a {
        Arg::Var(v) => (s.dom(v).min(), s.dom(v).max()),
        Arg::Int(i) => (i, i),
    }
}

/// Narrows an argument to `lo..hi`; true when it changed.
pub(super) fn clamp<C: Clone>(s: &mut FdStore<C>, a: Arg, lo: Val, hi: Val) -> Result<bool, Fail> {
    let (l, h) = bounds(s, a);
    if l >= lo && h <= hi {
        return Ok(false);
    }
    a.restrict(s, &Domain::range(lo, hi))?;
    Ok(true)
}

/// True when `a` may take the value `k`.
fn may_be<C: Clone>(s: &FdStore<C>, a: Arg, k: Val) -> bool {
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
            let fixed =
                g.xs.iter()
                    .filter(|x| x.value(s) == Some(key))
                    .count()
                    .into();
            let possible = g.xs.iter().filter(|x| may_be(s, **x, key)).count().into();
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
    let n = Val::from(g.xs.len());
    // The counts' lower bounds must not add up to more than the variables.
    let least: Val = g.nums.iter().map(|&c| bounds(s, c).0.max(Val::ZERO)).sum();
    if least > n {
        return Err(Fail);
    }
    let mut offsets = Vec::with_capacity(g.keys.len());
    let mut next = Val::ZERO;
    for (j, _) in g.keys.iter().enumerate() {
        let cap = bounds(s, g.nums[j]).1.clamp(Val::ZERO, n);
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
    let values: Vec<Val> = Val::range(Val::ZERO, next - 1).collect();
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
    let n = Val::from(xs.len());
    let out: Vec<Vec<usize>> = xs
        .iter()
        .map(|&x| {
            x.dom(s)
                .clamp(Val::ONE, n)
                .values()
                .filter_map(|j| (j - 1).to_usize())
                .collect()
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
fn row_fits<C: Clone>(s: &FdStore<C>, tuple: &[Arg], row: &[Val]) -> bool {
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
    rel: &Rc<Vec<Vec<Val>>>,
) -> PropResult {
    let mut open: Vec<VarId> = Vec::new();
    for v in tuple.iter().filter_map(|a| a.var()) {
        if s.dom(v).value().is_none() && !open.contains(&v) {
            open.push(v);
        }
    }
    let rows: Vec<Vec<Val>> = rel
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
    s.settled();
    Ok(Status::Alive)
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
    s.assign(aux, Val::int(order))?;
    Ok(Status::Entailed)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A store with one variable per domain (given as value lists).
    pub(crate) fn store(doms: &[Vec<i64>]) -> (FdStore<()>, Vec<Arg>) {
        let mut s = FdStore::new();
        let args = doms
            .iter()
            .map(|d| {
                let d = Domain::from_values(d.iter().map(|&v| Val::int(v)));
                Arg::Var(s.new_var(d, ()))
            })
            .collect();
        (s, args)
    }

    pub(crate) fn post(s: &mut FdStore<()>, g: Global) -> Result<(), Fail> {
        let vars = g.vars();
        s.post(Prop::Global(g), &vars);
        s.propagate()
    }

    pub(crate) fn doms(s: &FdStore<()>, args: &[Arg]) -> Vec<Vec<i64>> {
        args.iter()
            .map(|a| a.dom(s).values().filter_map(Val::to_i64).collect())
            .collect()
    }

    /// Machine integers as engine values.
    pub(crate) fn vals(xs: &[i64]) -> Vec<Val> {
        xs.iter().map(|&x| Val::int(x)).collect()
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

    pub(crate) fn rng(seed: &mut u64, k: u64) -> u64 {
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
                .map(|&c| Arg::Var(s.new_var(Domain::range(Val::ZERO, Val::int(c)), ())))
                .collect();
            let g = Gcc {
                xs: xs.clone(),
                keys: vals(&keys),
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
        let n1 = Arg::Var(s.new_var(Domain::range(Val::ZERO, Val::int(3)), ()));
        let g = Gcc {
            xs: xs.clone(),
            keys: vals(&[1, 2, 3]),
            nums: vec![
                n1,
                Arg::Int(Val::ZERO),
                Arg::Var(s.new_var(Domain::range(Val::ZERO, Val::int(3)), ())),
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
                    rel: Rc::new(rows.iter().map(|r| vals(r)).collect()),
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
        let rel = Rc::new(vec![vals(&[1, 2]), vals(&[2, 3]), vals(&[3, 3])]);
        post(&mut s, Global::Tuples { tuple, rel }).unwrap();
        assert_eq!(doms(&s, &xs), vec![vec![3]]);
    }

    #[test]
    fn zcompare_reports_decided_orders() {
        let (mut s, xs) = store(&[vec![1, 2], vec![3, 4]]);
        let aux = s.new_var(Domain::range(Val::int(-1), Val::ONE), ());
        let g = Global::Zcompare {
            order: aux,
            aux,
            a: xs[0],
            b: xs[1],
        };
        post(&mut s, g).unwrap();
        assert_eq!(s.dom(aux).value(), Some(Val::MINUS_ONE));
    }
}
