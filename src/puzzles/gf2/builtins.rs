//! The Prolog builtins of the GF(2) engine (documented and wrapped by
//! `rules/magic.pl`).
//!
//! A *vector* argument is a list of bits `0`/`1`, or a board: a list of rows,
//! each a list of bits, read row by row. A *press set* (an answer, or a
//! null-space vector) is the ascending list of the 0-based indices of its
//! one bits: the masks to press.
//!
//! - `gf2_solve(+Columns, +B, -X, -Basis)`: `Columns` a list of vectors
//!   (masks) of the length of `B`. `X` is a press set with
//!   `sum of Columns[i], i in X = B`, `Basis` a list of press sets spanning
//!   the null space (so every solution is `X` plus a sum of some of them).
//!   Fails when there is no solution.
//! - `gf2_lights_out(+Rows, +Cols, +B, -X, -Basis)`: the same for the
//!   Lights Out masks of a `Rows x Cols` board, by light chasing.
//! - `gf2_fractal(+K, +B, -X)`: the press set of the fractal masks on 2^K
//!   cells (mask `i` flips the cells `j` with `j /\ i =:= j`) that changes a
//!   board by `B`; the matrix is its own inverse, so the system is always
//!   solvable with a unique answer. Also maps presses to their change.
//! - `gf2_xor(+A, +B, -C)`: the bitwise exclusive or of two vectors of one
//!   length; `C` has the shape of `A` (a board if `A` is a board).
//! - `gf2_min_weight(+X, +Basis, -Min)`: the press set with the fewest
//!   elements among `X` plus sums of `Basis` (the first in standard order
//!   among equally short ones), exact, by a Walsh-Hadamard search of all
//!   2^k sums (k the rank of `Basis`) on every core; raises
//!   `resource_error(gf2_nullity)`, with a message saying what to do, when k
//!   exceeds 36 (under two minutes of work).
//! - `gf2_min_weight(+X, +Basis, +MaxNullity, -Min)`: the same with the
//!   limit `MaxNullity` (at most 62) instead of 36. A long search ends with
//!   the interrupt (Ctrl-C) or `time_limit_exceeded` (`call_with_time_limit/2`).

use super::chase::lights_out;
use super::matrix::{solve_columns, BitVec, Solution};
use super::minimum::{min_weight, MinError, DEFAULT_MAX_NULLITY, HARD_MAX_NULLITY};
use super::transform::{fractal_presses, MAX_K};
use crate::builtins::terms::{culprit, list_arg};
use crate::machine::error::{
    domain_error, instantiation_error, resource_error, type_error, PlError, Res,
};
use crate::machine::limits::now;
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{atoms, Cell, Term, View};
use std::sync::atomic::Ordering;

/// The Prolog builtins of this engine.
pub const GF2_BUILTINS: BuiltinTable = &[
    ("gf2_solve", 4, Builtin::Det(gf2_solve)),
    ("gf2_lights_out", 5, Builtin::Det(gf2_lights_out)),
    ("gf2_fractal", 3, Builtin::Det(gf2_fractal)),
    ("gf2_min_weight", 3, Builtin::Det(gf2_min_weight)),
    ("gf2_min_weight", 4, Builtin::Det(gf2_min_weight_limited)),
    ("gf2_xor", 3, Builtin::Det(gf2_xor)),
];

/// The largest index a press set may hold (2^31 - 1): beyond it, the vector
/// would not fit in memory anyway.
const MAX_INDEX: i64 = (1 << 31) - 1;

/// The most bits a builtin allocates for its work: 2^33 bits (1 GiB).
const MAX_BITS: usize = 1 << 33;

/// `resource_error(memory)` when a computation needs more than [`MAX_BITS`].
fn check_bits(bits: usize) -> Res<()> {
    if bits > MAX_BITS {
        Err(resource_error("memory"))
    } else {
        Ok(())
    }
}

/// One bit `0` or `1`.
fn bit_arg(m: &Machine, c: Cell) -> Res<bool> {
    match m.store.view(c) {
        View::Var(_) => Err(instantiation_error()),
        View::Int(0) => Ok(false),
        View::Int(1) => Ok(true),
        View::Int(_) | View::BigInt(_) => Err(domain_error("bit", culprit(m, c))),
        _ => Err(type_error("integer", culprit(m, c))),
    }
}

/// A vector: a list of bits, or a list of rows of bits read row by row.
fn vector_arg(m: &Machine, c: Cell) -> Res<BitVec> {
    Ok(shaped_vector_arg(m, c)?.0)
}

/// A vector and its shape: the length of each row for a board, `None` for
/// a flat list of bits.
fn shaped_vector_arg(m: &Machine, c: Cell) -> Res<(BitVec, Option<Vec<usize>>)> {
    let mut bits = Vec::new();
    let mut rows = Vec::new();
    let items = list_arg(m, c)?;
    for &item in &items {
        let is_row = matches!(m.store.view(item), View::Compound(f, 2, _) if f == atoms::DOT)
            || matches!(m.store.view(item), View::Atom(a) if a == atoms::NIL);
        if is_row {
            let row = list_arg(m, item)?;
            rows.push(row.len());
            for b in row {
                bits.push(bit_arg(m, b)? as u8);
            }
        } else {
            bits.push(bit_arg(m, item)? as u8);
        }
    }
    let shape = (!items.is_empty() && rows.len() == items.len()).then_some(rows);
    Ok((BitVec::from_bits(&bits), shape))
}

/// A vector that must have `len` bits.
fn vector_of_len(m: &Machine, c: Cell, len: usize) -> Res<BitVec> {
    let v = vector_arg(m, c)?;
    if v.len() == len {
        Ok(v)
    } else {
        let expected = Term::compound("length", vec![Term::Int(len as i64)]);
        Err(domain_error(
            "gf2_vector",
            Term::compound("-", vec![expected, culprit(m, c)]),
        ))
    }
}

/// A non-negative integer no larger than `max`.
fn size_arg(m: &Machine, c: Cell, max: i64) -> Res<usize> {
    match m.store.view(c) {
        View::Var(_) => Err(instantiation_error()),
        View::Int(i) if i < 0 => Err(domain_error("not_less_than_zero", culprit(m, c))),
        View::Int(i) if i <= max => Ok(i as usize),
        View::Int(_) => Err(resource_error("memory")),
        View::BigInt(_) => Err(resource_error("memory")),
        _ => Err(type_error("integer", culprit(m, c))),
    }
}

/// A press set: a list of indices (any order; a repeated index cancels).
fn index_list_arg(m: &Machine, c: Cell) -> Res<Vec<usize>> {
    list_arg(m, c)?
        .into_iter()
        .map(|i| size_arg(m, i, MAX_INDEX))
        .collect()
}

/// The press set of a vector, as a Prolog list.
fn press_set_cell(m: &mut Machine, v: &BitVec) -> Cell {
    let items: Vec<Cell> = v
        .ones()
        .into_iter()
        .map(|i| Cell::small(i as i64))
        .collect();
    m.store.new_list_from(&items, Cell::atom(atoms::NIL))
}

/// Unifies `x` and `basis` with a solution, or fails when there is none.
fn unify_solution(m: &mut Machine, s: Option<Solution>, x: Cell, basis: Cell) -> Res {
    let Some(s) = s else { return Ok(false) };
    let p = press_set_cell(m, &s.particular);
    let vs: Vec<Cell> = s.null_basis.iter().map(|v| press_set_cell(m, v)).collect();
    let b = m.store.new_list_from(&vs, Cell::atom(atoms::NIL));
    Ok(m.unify(x, p) && m.unify(basis, b))
}

/// `gf2_solve(+Columns, +B, -X, -Basis)`.
fn gf2_solve(m: &mut Machine, a: &[Cell]) -> Res {
    let b = vector_arg(m, a[1])?;
    let columns = list_arg(m, a[0])?
        .into_iter()
        .map(|c| vector_of_len(m, c, b.len()))
        .collect::<Res<Vec<BitVec>>>()?;
    // The null basis may hold up to `vars` vectors of `vars` bits.
    check_bits(columns.len().saturating_mul(columns.len() + b.len()))?;
    let s = solve_columns(&columns, &b);
    unify_solution(m, s, a[2], a[3])
}

/// `gf2_lights_out(+Rows, +Cols, +B, -X, -Basis)`.
fn gf2_lights_out(m: &mut Machine, a: &[Cell]) -> Res {
    let rows = size_arg(m, a[0], MAX_INDEX)?;
    let cols = size_arg(m, a[1], MAX_INDEX)?;
    let cells = rows
        .checked_mul(cols)
        .filter(|&n| n as i64 <= MAX_INDEX)
        .ok_or_else(|| resource_error("memory"))?;
    let b = vector_of_len(m, a[2], cells)?;
    // The null basis may hold up to min(Rows, Cols) vectors of `cells` bits.
    check_bits(rows.min(cols).saturating_mul(cells))?;
    let s = lights_out(rows, cols, &b);
    unify_solution(m, s, a[3], a[4])
}

/// `gf2_fractal(+K, +B, -X)`.
fn gf2_fractal(m: &mut Machine, a: &[Cell]) -> Res {
    let k = size_arg(m, a[0], MAX_K as i64)? as u32;
    let b = vector_of_len(m, a[1], 1usize << k)?;
    let x = fractal_presses(k, &b);
    let out = press_set_cell(m, &x);
    Ok(m.unify(a[2], out))
}

/// `gf2_xor(+A, +B, -C)`.
fn gf2_xor(m: &mut Machine, a: &[Cell]) -> Res {
    let (mut x, shape) = shaped_vector_arg(m, a[0])?;
    x.xor_assign(&vector_of_len(m, a[1], x.len())?);
    let bit = |i: usize| Cell::small(x.get(i) as i64);
    let nil = Cell::atom(atoms::NIL);
    let out = match shape {
        None => {
            let bits: Vec<Cell> = (0..x.len()).map(bit).collect();
            m.store.new_list_from(&bits, nil)
        }
        Some(rows) => {
            let mut at = 0;
            let mut row_cells = Vec::with_capacity(rows.len());
            for len in rows {
                let bits: Vec<Cell> = (at..at + len).map(bit).collect();
                row_cells.push(m.store.new_list_from(&bits, nil));
                at += len;
            }
            m.store.new_list_from(&row_cells, nil)
        }
    };
    Ok(m.unify(a[2], out))
}

/// `gf2_min_weight(+X, +Basis, -Min)`.
fn gf2_min_weight(m: &mut Machine, a: &[Cell]) -> Res {
    min_weight_builtin(m, a[0], a[1], DEFAULT_MAX_NULLITY, a[2], 3)
}

/// `gf2_min_weight(+X, +Basis, +MaxNullity, -Min)`.
fn gf2_min_weight_limited(m: &mut Machine, a: &[Cell]) -> Res {
    let limit = match m.store.view(a[2]) {
        View::Int(i) if i > HARD_MAX_NULLITY as i64 => {
            return Err(domain_error("gf2_max_nullity", culprit(m, a[2])))
        }
        _ => size_arg(m, a[2], HARD_MAX_NULLITY as i64)?,
    };
    min_weight_builtin(m, a[0], a[1], limit, a[3], 4)
}

/// The minimum of `x` plus sums of `basis` under a nullity limit, unified
/// with `out`; `arity` names the builtin in errors.
fn min_weight_builtin(
    m: &mut Machine,
    x: Cell,
    basis: Cell,
    limit: usize,
    out: Cell,
    arity: i64,
) -> Res {
    let x = index_list_arg(m, x)?;
    let basis = list_arg(m, basis)?
        .into_iter()
        .map(|v| index_list_arg(m, v))
        .collect::<Res<Vec<Vec<usize>>>>()?;
    let len = basis
        .iter()
        .chain(std::iter::once(&x))
        .flatten()
        .max()
        .map_or(0, |&i| i + 1);
    // Each of the k + 2 vectors kept has `len` bits.
    check_bits(len.saturating_mul(basis.len() + 2))?;
    let x = BitVec::from_indices(len, &x);
    let basis: Vec<BitVec> = basis.iter().map(|v| BitVec::from_indices(len, v)).collect();
    // Stopped by Ctrl-C or by the deadline of call_with_time_limit/2.
    let interrupt = m.interrupt.clone();
    let deadline = m.limits.deadline;
    let stop = || interrupt.load(Ordering::Relaxed) || (deadline.is_finite() && now() >= deadline);
    match min_weight(&x, &basis, limit, &stop) {
        Ok(best) => {
            let best = press_set_cell(m, &best);
            Ok(m.unify(out, best))
        }
        Err(MinError::TooLarge { nullity, limit }) => Err(nullity_error(nullity, limit, arity)),
        // Raised and consumed as the run loop does when it sees them.
        Err(MinError::Interrupted) if m.interrupt.swap(false, Ordering::Relaxed) => {
            Err(PlError::throw(Term::atom("$aborted")))
        }
        Err(MinError::Interrupted) => {
            m.limits.deadline = f64::INFINITY;
            Err(PlError::throw(Term::atom("time_limit_exceeded")))
        }
    }
}

/// `resource_error(gf2_nullity)` with a message that says what to do.
fn nullity_error(nullity: usize, limit: usize, arity: i64) -> PlError {
    let any = "use option minimal(false) of magic_solve/5 for a solution that need not be the \
               fewest";
    let message = if nullity <= HARD_MAX_NULLITY {
        format!(
            "the null space has dimension {nullity}, above the limit {limit} of the exhaustive \
             search for the fewest presses, which examines 2^{nullity} candidates (2^32 take \
             about 6 s on two cores, each further dimension doubles the time): {any}, or \
             max_nullity({nullity}) to search anyway"
        )
    } else {
        format!(
            "the null space has dimension {nullity}: the exhaustive search for the fewest \
             presses would examine 2^{nullity} candidates, far beyond reach (its limit is at \
             most {HARD_MAX_NULLITY}): {any}"
        )
    };
    let indicator = Term::compound("/", vec![Term::atom("gf2_min_weight"), Term::Int(arity)]);
    resource_error("gf2_nullity").with_context(Term::compound(
        "context",
        vec![indicator, Term::atom(&message)],
    ))
}

#[cfg(test)]
mod tests {
    use crate::{Machine, Term};

    /// The first answer of `q`, written with `~q`, or `false`.
    fn text(m: &mut Machine, q: &str) -> String {
        let q = format!("(({q}) -> format(atom(A), '~q', [X]) ; A = false)");
        let ans = m.query(&q).unwrap().next().expect("an answer");
        match ans.expect("no error").get("A").unwrap().clone() {
            Term::Atom(a) => a.name().to_string(),
            t => panic!("{t:?}"),
        }
    }

    fn error(m: &mut Machine, q: &str) -> String {
        text(m, &format!("catch(({q}), error(X, _), true)"))
    }

    #[test]
    fn solves_with_columns_and_boards() {
        let mut m = Machine::new();
        assert_eq!(
            text(
                &mut m,
                "gf2_solve([[1,0,0],[1,1,0],[0,1,1]], [1,0,1], P, B), X = P-B"
            ),
            "[1,2]-[]"
        );
        assert_eq!(
            text(&mut m, "gf2_solve([[[1,1],[0,0]], [[1,1],[0,0]], [[0,0],[1,0]]], [[1,1],[1,0]], P, B), X = P-B"),
            "[0,2]-[[0,1]]"
        );
        assert_eq!(
            text(
                &mut m,
                "gf2_solve([[1,1,0],[1,1,0]], [1,0,0], P, B), X = P-B"
            ),
            "false"
        );
        assert_eq!(text(&mut m, "gf2_solve([], [], P, B), X = P-B"), "[]-[]");
    }

    #[test]
    fn lights_out_fractal_and_minimum() {
        let mut m = Machine::new();
        assert_eq!(
            text(&mut m, "gf2_lights_out(2, 2, [[1,1],[1,1]], P, B), X = P-B"),
            "[0,1,2,3]-[]"
        );
        assert_eq!(
            text(
                &mut m,
                "length(L, 25), maplist(=(1), L), gf2_lights_out(5, 5, L, P, B), \
                 length(B, 2), gf2_min_weight(P, B, M), length(M, X)"
            ),
            "15"
        );
        assert_eq!(
            text(
                &mut m,
                "length(L, 24), maplist(=(0), L), gf2_lights_out(5, 5, [1|L], _, _)"
            ),
            "false"
        );
        assert_eq!(
            text(
                &mut m,
                "gf2_fractal(4, [1,1,1,0,1,1,0,1,0,0,1,1,0,0,1,1], X)"
            ),
            "[1,3,4,5,6,13,15]"
        );
        assert_eq!(text(&mut m, "gf2_fractal(0, [1], X)"), "[0]");
        assert_eq!(
            text(&mut m, "gf2_min_weight([1,2], [[0,1,2,3]], X)"),
            "[0,3]"
        );
        assert_eq!(text(&mut m, "gf2_min_weight([], [], X)"), "[]");
        assert_eq!(
            text(&mut m, "gf2_min_weight([1,2], [[0,1,2,3],[0,1,2,3]], 1, X)"),
            "[0,3]"
        );
        assert_eq!(
            text(&mut m, "gf2_xor([[1,0],[1]], [0,1,1], X)"),
            "[[1,1],[0]]"
        );
        assert_eq!(text(&mut m, "gf2_xor([1,0], [[1,1]], X)"), "[0,1]");
        assert_eq!(text(&mut m, "gf2_xor([], [], X)"), "[]");
    }

    #[test]
    fn bad_input_raises_iso_errors() {
        let mut m = Machine::new();
        let cases = [
            ("gf2_solve(_, [1], _, _)", "instantiation_error"),
            ("gf2_solve([[1]], [2], _, _)", "domain_error(bit,2)"),
            ("gf2_solve([[1]], [a], _, _)", "type_error(integer,a)"),
            ("gf2_solve([[1]], [1|_], _, _)", "instantiation_error"),
            ("gf2_solve([[1,0]], [1], _, _)", "domain_error(gf2_vector"),
            ("gf2_solve(foo, [1], _, _)", "type_error(list,foo)"),
            (
                "gf2_lights_out(-1, 2, [], _, _)",
                "domain_error(not_less_than_zero",
            ),
            ("gf2_lights_out(2, 2, [1], _, _)", "domain_error(gf2_vector"),
            (
                "gf2_lights_out(99999999999, 99999999999, [], _, _)",
                "resource_error(memory)",
            ),
            ("gf2_fractal(41, [], _)", "resource_error(memory)"),
            ("gf2_fractal(2, [1,0,1], _)", "domain_error(gf2_vector"),
            ("gf2_fractal(x, [], _)", "type_error(integer,x)"),
            ("gf2_xor([[1]], [1,0], _)", "domain_error(gf2_vector"),
            (
                "gf2_min_weight([2147483647], [[0],[1],[2],[3]], _)",
                "resource_error(memory)",
            ),
            (
                "length(L, 100000), maplist(=([]), L), gf2_solve(L, [], _, _)",
                "resource_error(memory)",
            ),
            (
                "gf2_min_weight([-1], [], _)",
                "domain_error(not_less_than_zero",
            ),
            (
                "gf2_min_weight([], [[0],[1],[2],[3],[4]], 4, _)",
                "resource_error(gf2_nullity)",
            ),
            (
                "gf2_min_weight([], [], 63, _)",
                "domain_error(gf2_max_nullity,63)",
            ),
            (
                "gf2_min_weight([], [], -1, _)",
                "domain_error(not_less_than_zero",
            ),
            ("gf2_min_weight([], [], _, _)", "instantiation_error"),
        ];
        for (q, want) in cases {
            let e = error(&mut m, q);
            assert!(e.starts_with(want), "{q}: {e}");
        }
    }

    #[test]
    fn the_nullity_error_says_what_to_do() {
        let mut m = Machine::new();
        let q = "findall([I], between(0, 4, I), B), \
                 catch(gf2_min_weight([], B, 4, _), error(E, context(P, Msg)), true), \
                 X = E-P-Msg";
        let e = text(&mut m, q);
        assert!(
            e.starts_with(
                "resource_error(gf2_nullity)-gf2_min_weight/4-'the null space has dimension 5"
            ),
            "{e}"
        );
        assert!(
            e.contains("minimal(false)") && e.contains("max_nullity(5)"),
            "{e}"
        );
        // Beyond the hard limit, raising the limit is no advice.
        let q = "findall([I], between(0, 62, I), B), \
                 catch(gf2_min_weight([], B, _), error(_, context(_, X)), true)";
        let e = text(&mut m, q);
        assert!(
            e.contains("dimension 63") && !e.contains("max_nullity"),
            "{e}"
        );
    }

    #[test]
    fn ctrl_c_interrupts_a_long_search() {
        // 2^34 candidates (half a minute on two cores); the flag is raised after
        // 100 ms, as the Ctrl-C handler does, and consumed by the builtin.
        let mut m = Machine::new();
        let flag = m.interrupt.clone();
        let raiser = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(100));
            flag.store(true, std::sync::atomic::Ordering::Relaxed);
        });
        let q = "findall([I, 40], between(0, 33, I), B), gf2_min_weight([], B, 34, _)";
        let r = m.query(q).unwrap().next().expect("an answer");
        raiser.join().unwrap();
        let e = r.expect_err("interrupted");
        assert!(m.is_abort(&e), "{e:?}");
        assert!(!m.interrupt.load(std::sync::atomic::Ordering::Relaxed));
        assert_eq!(
            text(&mut m, "gf2_min_weight([1,2], [[0,1,2,3]], X)"),
            "[0,3]"
        );
    }

    #[test]
    fn a_time_limit_ends_a_long_search() {
        let mut m = Machine::new();
        let q = "findall([I, 40], between(0, 33, I), B), \
                 catch(call_with_time_limit(0.1, gf2_min_weight([], B, 34, _)), X, true)";
        assert_eq!(text(&mut m, q), "time_limit_exceeded");
        // The limit is gone afterwards: a short search runs to its end.
        assert_eq!(
            text(
                &mut m,
                "call_with_time_limit(5, gf2_min_weight([1,2], [[0,1,2,3]], X))"
            ),
            "[0,3]"
        );
    }
}
