//! The bridge to the global constraints of the CLP(FD) engine
//! (`src/clpfd/globals.rs`): the builtins behind `global_cardinality/2,3`,
//! `circuit/1`, `tuples_in/2`, `serialized/2`, `lex_chain/1`,
//! `zcompare/3`, `cumulative/1,2` and `disjoint2/1` of
//! `src/library/clpfd.pl` (which checks the arguments and raises SWI's
//! errors first), and their residual goals.
//!
//! Where a residual goal needs a Prolog term the engine does not hold (the
//! order of `zcompare/3`, the tasks of `cumulative/2`), the propagator
//! keeps an unwatched engine variable whose tag is that term: the garbage
//! collector keeps and moves tags, so the term stays reachable.

use super::clpfd::{
    arg_cell, bare, fd_var_of, int_or_var, int_val, val_cell, with_engine, Poster, FAILED,
};
use crate::builtins::terms::list_arg;
use crate::clpfd::globals::{Gcc, Global};
use crate::clpfd::props::Arg;
use crate::clpfd::scheduling::{Cumulative, Rect, Serial, Task};
use crate::clpfd::{Domain, Prop, Val, VarId, INF, SUP};
use crate::machine::error::{instantiation_error, PlError, Res};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{atoms, Atom, Cell, Term, View};
use std::rc::Rc;

/// Builtins of this family (errors without context, as SWI's clpfd).
pub const GLOBAL_BUILTINS: BuiltinTable = &[
    ("$fd_gcc", 4, Builtin::Det(bare!(fd_gcc))),
    ("$fd_circuit", 1, Builtin::Det(bare!(fd_circuit))),
    ("$fd_tuples_in", 2, Builtin::Det(bare!(fd_tuples_in))),
    ("$fd_serialized", 2, Builtin::Det(bare!(fd_serialized))),
    ("$fd_lex_chain", 1, Builtin::Det(bare!(fd_lex_chain))),
    ("$fd_zcompare", 4, Builtin::Det(bare!(fd_zcompare))),
    ("$fd_cumulative", 3, Builtin::Det(bare!(fd_cumulative))),
    ("$fd_disjoint2", 2, Builtin::Det(bare!(fd_disjoint2))),
];

/// The arguments of the list `c` as engine arguments.
fn args_of(m: &mut Machine, c: Cell) -> Result<Vec<Arg>, PlError> {
    let items = list_arg(m, c)?;
    items.iter().map(|&x| int_or_var(m, x)).collect()
}

/// An integer (checked by the Prolog side).
fn int_of(m: &Machine, c: Cell) -> Result<Val, PlError> {
    int_val(m, c).ok_or_else(instantiation_error)
}

/// Posts a global propagator.
fn post(p: &mut Poster, g: Global) {
    p.post(Prop::Global(g));
}

/// Posts `make(i, j)` for each pair `i < j` of `0..n`.
fn post_pairs(p: &mut Poster, n: usize, make: impl Fn(usize, usize) -> Global) {
    for i in 0..n {
        for j in i + 1..n {
            post(p, make(i, j));
        }
    }
}

/// An engine variable that only carries the term `c` for a residual goal.
fn ghost(m: &mut Machine, c: Cell) -> VarId {
    m.fd.new_var(Domain::full(), c)
}

/// `'$fd_gcc'(Xs, Keys, Nums, Flow)`: global_cardinality/3 once its
/// arguments are checked and the domains set; `Flow` is `true` unless
/// `consistency(value)` was asked for.
fn fd_gcc(m: &mut Machine, a: &[Cell]) -> Res {
    let keys = list_arg(m, a[1])?
        .iter()
        .map(|&k| int_of(m, k))
        .collect::<Result<Vec<Val>, PlError>>()?;
    let flow = matches!(m.store.view(m.deref(a[3])), View::Atom(t) if t == atoms::TRUE);
    with_engine(m, |p| {
        let nums = args_of(p.m, a[2])?;
        let xs = args_of(p.m, a[0])?;
        let g = Rc::new(Gcc { xs, keys, nums });
        post(p, Global::GccCount(g.clone()));
        if flow {
            // One part on Xs shows the residual goal, one on Nums does not.
            post(p, Global::GccFlow(g.clone(), true));
            post(p, Global::GccFlow(g, false));
        }
        Ok(())
    })
}

/// `'$fd_circuit'(Xs)`: Xs in 1..n, no variable its own successor,
/// all_distinct and the connectivity check.
fn fd_circuit(m: &mut Machine, a: &[Cell]) -> Res {
    with_engine(m, |p| {
        let xs = args_of(p.m, a[0])?;
        let n = Val::from(xs.len());
        for (i, &x) in xs.iter().enumerate() {
            let mut d = Domain::range(Val::ONE, n);
            if n > 1 {
                d = d.remove(Val::from(i) + 1);
            }
            x.restrict(&mut p.m.fd, &d).map_err(|_| FAILED.clone())?;
        }
        if n > 1 {
            post(p, Global::CircuitDistinct(xs.clone()));
            post(p, Global::Circuit(xs));
        }
        Ok(())
    })
}

/// `'$fd_tuples_in'(Tuples, Relation)`: one propagator per tuple.
fn fd_tuples_in(m: &mut Machine, a: &[Cell]) -> Res {
    let mut rows = Vec::new();
    for r in list_arg(m, a[1])? {
        let row = list_arg(m, r)?
            .iter()
            .map(|&v| int_of(m, v))
            .collect::<Result<Vec<Val>, PlError>>()?;
        rows.push(row);
    }
    let rel = Rc::new(rows);
    let tuples = list_arg(m, a[0])?;
    with_engine(m, |p| {
        for t in tuples {
            let tuple = args_of(p.m, t)?;
            if rel.iter().any(|r| r.len() != tuple.len()) {
                return Err(FAILED.clone());
            }
            post(
                p,
                Global::Tuples {
                    tuple,
                    rel: rel.clone(),
                },
            );
        }
        Ok(())
    })
}

/// `'$fd_serialized'(Starts, Durations)`: one propagator per pair.
fn fd_serialized(m: &mut Machine, a: &[Cell]) -> Res {
    let durations = list_arg(m, a[1])?
        .iter()
        .map(|&d| int_of(m, d))
        .collect::<Result<Vec<Val>, PlError>>()?;
    with_engine(m, |p| {
        let starts = args_of(p.m, a[0])?;
        let all = Rc::new(Serial { starts, durations });
        post_pairs(p, all.starts.len(), |i, j| Global::Disjunctive {
            i,
            j,
            all: all.clone(),
        });
        Ok(())
    })
}

/// `'$fd_lex_chain'(Lists)`: the residual goal of lex_chain/1, on the
/// variables of the lists but the first (as SWI).
fn fd_lex_chain(m: &mut Machine, a: &[Cell]) -> Res {
    let lists = list_arg(m, a[0])?;
    let term = m.deref(a[0]);
    with_engine(m, |p| {
        let mut watched = Vec::new();
        for &l in lists.iter().skip(1) {
            watched.extend(args_of(p.m, l)?);
        }
        let term = ghost(p.m, term);
        post(p, Global::LexChain { watched, term });
        Ok(())
    })
}

/// `'$fd_zcompare'(Order, A, B, Aux)`: Aux (in -1..1) reports the order
/// of A and B once their domains decide it.
fn fd_zcompare(m: &mut Machine, a: &[Cell]) -> Res {
    let order = m.deref(a[0]);
    with_engine(m, |p| {
        let x = int_or_var(p.m, a[1])?;
        let y = int_or_var(p.m, a[2])?;
        let aux_cell = p.m.deref(a[3]);
        let aux = fd_var_of(p.m, aux_cell);
        p.m.fd
            .clamp(aux, Val::MINUS_ONE, Val::ONE)
            .map_err(|_| FAILED.clone())?;
        let order = ghost(p.m, order);
        post(
            p,
            Global::Zcompare {
                order,
                aux,
                a: x,
                b: y,
            },
        );
        Ok(())
    })
}

/// `'$fd_cumulative'(Tasks, Limit, Goal)`: the tasks `task(S, D, E, C, _)`
/// (D and C checked integers, S + D #= E posted) with the time points
/// between the earliest start and the latest end.
fn fd_cumulative(m: &mut Machine, a: &[Cell]) -> Res {
    let limit = int_of(m, a[1])?;
    let items = list_arg(m, a[0])?;
    let goal = m.deref(a[2]);
    with_engine(m, |p| {
        let mut tasks = Vec::new();
        for t in items {
            let View::Compound(_, 5, first) = p.m.store.view(p.m.deref(t)) else {
                return Err(FAILED.clone());
            };
            let arg = |p: &Poster, i: usize| p.m.store.heap[first + i];
            let (s, d, e, c) = (arg(p, 0), arg(p, 1), arg(p, 2), arg(p, 3));
            tasks.push(Task {
                start: int_or_var(p.m, s)?,
                duration: int_of(p.m, d)?,
                end: int_or_var(p.m, e)?,
                demand: int_of(p.m, c)?,
            });
        }
        let bound = |p: &Poster, x: Arg, low: bool| match x {
            Arg::Int(i) => i,
            Arg::Var(v) if low => p.m.fd.dom(v).min(),
            Arg::Var(v) => p.m.fd.dom(v).max(),
        };
        let from = tasks.iter().map(|t| bound(p, t.start, true)).min();
        let to = tasks.iter().map(|t| bound(p, t.end, false)).max();
        let (Some(from), Some(to)) = (from, to) else {
            return Ok(());
        };
        if from == INF || to == SUP {
            return Err(instantiation_error());
        }
        let term = ghost(p.m, goal);
        let c = Cumulative {
            tasks,
            limit,
            from,
            to,
            term,
        };
        post(p, Global::Cumulative(Rc::new(c)));
        Ok(())
    })
}

/// `'$fd_disjoint2'(Rects, Goal)`: one propagator per pair of the
/// rectangles `f(X, W, Y, H)`.
fn fd_disjoint2(m: &mut Machine, a: &[Cell]) -> Res {
    let items = list_arg(m, a[0])?;
    let goal = m.deref(a[1]);
    with_engine(m, |p| {
        let mut rects = Vec::new();
        for r in items {
            let View::Compound(_, 4, first) = p.m.store.view(p.m.deref(r)) else {
                return Err(FAILED.clone());
            };
            let mut arg = |i: usize| {
                let c = p.m.store.heap[first + i];
                int_or_var(p.m, c)
            };
            let (x, w, y, h) = (arg(0)?, arg(1)?, arg(2)?, arg(3)?);
            rects.push(Rect { x, w, y, h });
        }
        let rects = Rc::new(rects);
        let term = ghost(p.m, goal);
        post_pairs(p, rects.len(), |i, j| Global::Disjoint2 {
            i,
            j,
            rects: rects.clone(),
            term,
        });
        Ok(())
    })
}

/// A list of engine arguments as a Prolog list.
fn list_of(m: &mut Machine, xs: &[Arg]) -> Cell {
    let items: Vec<Cell> = xs.iter().map(|&x| arg_cell(m, x)).collect();
    m.store.new_list_from(&items, Cell::atom(atoms::NIL))
}

/// Marks as shown the other living propagators of a constraint whose
/// parts all show the same goal (`same` tells a part of it).
fn shown_once(m: &mut Machine, vars: &[Arg], same: impl Fn(&Global) -> bool) {
    for v in vars.iter().filter_map(|a| a.var()) {
        for p in m.fd.props_of(v) {
            if matches!(&*m.fd.prop(p).prop, Prop::Global(g) if same(g)) {
                m.fd.set_shown(p);
            }
        }
    }
}

/// The residual goal of a global propagator, None when it shows nothing.
pub fn global_goal(m: &mut Machine, g: &Global) -> Option<Cell> {
    let compound =
        |m: &mut Machine, name: &str, args: &[Cell]| m.store.new_compound(Atom::new(name), args);
    Some(match g {
        Global::GccCount(_) | Global::GccFlow(_, false) | Global::CircuitDistinct(_) => {
            return None
        }
        Global::GccFlow(g, true) => {
            let xs = list_of(m, &g.xs);
            let pairs: Vec<Cell> = g
                .keys
                .iter()
                .zip(&g.nums)
                .map(|(&k, &n)| {
                    let n = arg_cell(m, n);
                    let k = val_cell(m, k);
                    m.store.new_compound(atoms::MINUS, &[k, n])
                })
                .collect();
            let pairs = m.store.new_list_from(&pairs, Cell::atom(atoms::NIL));
            compound(m, "global_cardinality", &[xs, pairs])
        }
        Global::Circuit(xs) => {
            let l = list_of(m, xs);
            compound(m, "circuit", &[l])
        }
        Global::Tuples { tuple, rel } => {
            let t = list_of(m, tuple);
            let ts = m.store.new_list_from(&[t], Cell::atom(atoms::NIL));
            let rows: Vec<Cell> = rel
                .iter()
                .map(|r| {
                    let vs: Vec<Cell> = r.iter().map(|&v| val_cell(m, v)).collect();
                    m.store.new_list_from(&vs, Cell::atom(atoms::NIL))
                })
                .collect();
            let rel = m.store.new_list_from(&rows, Cell::atom(atoms::NIL));
            compound(m, "tuples_in", &[ts, rel])
        }
        Global::Disjunctive { all, .. } => {
            shown_once(
                m,
                &all.starts,
                |g| matches!(g, Global::Disjunctive { all: b, .. } if Rc::ptr_eq(all, b)),
            );
            let starts = list_of(m, &all.starts);
            let ds: Vec<Cell> = all.durations.iter().map(|&d| val_cell(m, d)).collect();
            let ds = m.store.new_list_from(&ds, Cell::atom(atoms::NIL));
            compound(m, "serialized", &[starts, ds])
        }
        Global::LexChain { term, .. } => {
            let l = m.deref(m.fd.var(*term).tag);
            compound(m, "lex_chain", &[l])
        }
        Global::Zcompare { order, a, b, .. } => {
            let o = m.deref(m.fd.var(*order).tag);
            let (x, y) = (arg_cell(m, *a), arg_cell(m, *b));
            compound(m, "zcompare", &[o, x, y])
        }
        Global::Cumulative(c) => m.deref(m.fd.var(c.term).tag),
        Global::Disjoint2 { rects, term, .. } => {
            let all: Vec<Arg> = rects.iter().flat_map(|r| [r.x, r.w, r.y, r.h]).collect();
            shown_once(
                m,
                &all,
                |g| matches!(g, Global::Disjoint2 { term: t, .. } if t == term),
            );
            m.deref(m.fd.var(*term).tag)
        }
    })
}
