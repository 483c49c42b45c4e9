//! Primitives behind `call_with_inference_limit/3`, `call_with_time_limit/2`
//! and `call_with_depth_limit/3` (src/library/control.pl): reading and setting
//! the absolute limits of `Machine::limits` (see src/machine/limits.rs) and the
//! depth limit (src/machine/depth.rs).

use super::terms::culprit;
use crate::machine::depth::DepthLimit;
use crate::machine::error::{
    domain_error, instantiation_error, representation_error, type_error, PlError, Res,
};
use crate::machine::limits::now;
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{Atom, Cell, View};

/// Builtins of this family.
pub const LIMIT_BUILTINS: BuiltinTable = &[
    ("$inference_limit", 1, Builtin::Det(inference_limit)),
    ("$set_inference_limit", 1, Builtin::Det(set_inference_limit)),
    ("$deadline", 1, Builtin::Det(deadline)),
    ("$set_deadline", 1, Builtin::Det(set_deadline)),
    ("get_time", 1, Builtin::Det(get_time)),
    ("$depth_limit", 3, Builtin::Det(depth_limit)),
    ("$depth_exit", 4, Builtin::Det(depth_exit)),
    ("$depth_failed", 2, Builtin::Det(depth_failed)),
    ("$set_depth_limit", 1, Builtin::Det(set_depth_limit)),
];

/// A depth-limit state as a term `'$depth'(Limit, Reached)`.
fn depth_term(m: &mut Machine, d: DepthLimit) -> Cell {
    let args = [Cell::small(d.limit as i64), Cell::small(d.reached as i64)];
    m.store.new_compound(Atom::new("$depth"), &args)
}

/// Reads back a term made by `depth_term`.
fn depth_state(m: &Machine, c: Cell) -> Result<DepthLimit, PlError> {
    let c = m.deref(c);
    if let View::Compound(_, 2, first) = m.store.view(c) {
        let field = |i: usize| match m.store.view(m.deref(m.store.heap[first + i])) {
            View::Int(n) => u32::try_from(n).ok(),
            _ => None,
        };
        if let (Some(limit), Some(reached)) = (field(0), field(1)) {
            return Ok(DepthLimit { limit, reached });
        }
    }
    Err(type_error("depth_limit", culprit(m, c)))
}

/// `'$depth_limit'(+Limit, -Old, -Base)`: checks `Limit` (a non-negative
/// integer), unifies `Old` with the depth-limit state in force and `Base` with
/// the recursion level of the calling clause, and sets a limit of `Limit`
/// levels below it.
fn depth_limit(m: &mut Machine, a: &[Cell]) -> Res {
    let c = m.deref(a[0]);
    let levels = match m.store.view(c) {
        View::Int(n) if n < 0 => return Err(domain_error("not_less_than_zero", culprit(m, c))),
        View::Int(n) => n as u64,
        View::BigInt(b) if m.store.bigint(b).sign() == num_bigint::Sign::Minus => {
            return Err(domain_error("not_less_than_zero", culprit(m, c)))
        }
        View::BigInt(_) => return Err(representation_error("size_t")),
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(type_error("integer", culprit(m, c))),
    };
    let base = m.call_depth;
    let old = depth_term(m, m.depth_limit);
    // Levels beyond u32 are never reached: such a limit only records depths.
    let limit = (base as u64 + levels).min(crate::machine::depth::NO_LIMIT as u64 - 1) as u32;
    m.set_depth_limit(DepthLimit {
        limit,
        reached: base,
    });
    Ok(m.unify(a[1], old) && m.unify(a[2], Cell::small(base as i64)))
}

/// `'$depth_exit'(+Old, +Base, -Inner, -Depth)`: the goal succeeded: `Depth`
/// is the deepest level it reached below `Base` (at least 1, the goal itself),
/// `Inner` the limit's state for re-entry on backtracking (as SWI-Prolog, the
/// depth is measured afresh from there); `Old` is restored.
fn depth_exit(m: &mut Machine, a: &[Cell]) -> Res {
    let old = depth_state(m, a[0])?;
    let base = m.deref(a[1]).get_int() as u32;
    let mut inner = m.depth_limit;
    let depth = inner.reached.saturating_sub(base).max(1);
    inner.reached = base;
    let inner_term = depth_term(m, inner);
    m.set_depth_limit(old);
    Ok(m.unify(a[2], inner_term) && m.unify(a[3], Cell::small(depth as i64)))
}

/// `'$depth_failed'(+Old, -Result)`: the goal has no (more) solutions:
/// restores `Old`; `Result = depth_limit_exceeded` when the limit cut a branch
/// off, failure otherwise.
fn depth_failed(m: &mut Machine, a: &[Cell]) -> Res {
    let old = depth_state(m, a[0])?;
    let exceeded = m.depth_limit.exceeded();
    m.set_depth_limit(old);
    Ok(exceeded && m.unify(a[1], Cell::atom(Atom::new("depth_limit_exceeded"))))
}

/// `'$set_depth_limit'(+State)`: restores a state from `'$depth_limit'/3` or `'$depth_exit'/4`.
fn set_depth_limit(m: &mut Machine, a: &[Cell]) -> Res {
    let d = depth_state(m, a[0])?;
    m.set_depth_limit(d);
    Ok(true)
}

/// `'$inference_limit'(-Limit)`: the inference count at which the innermost
/// limit is exceeded, or `infinite`.
fn inference_limit(m: &mut Machine, a: &[Cell]) -> Res {
    let v = match m.limits.inferences {
        u64::MAX => Cell::atom(crate::term::Atom::new("infinite")),
        n => m.store.new_int(i64::try_from(n).unwrap_or(i64::MAX)),
    };
    Ok(m.unify(a[0], v))
}

/// `'$set_inference_limit'(+Limit)`: an inference count or `infinite`.
fn set_inference_limit(m: &mut Machine, a: &[Cell]) -> Res {
    let c = m.deref(a[0]);
    m.limits.inferences = match m.store.view(c) {
        View::Int(n) => u64::try_from(n).unwrap_or(0),
        View::BigInt(_) => u64::MAX,
        View::Atom(x) if x.name() == "infinite" => u64::MAX,
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(type_error("integer", culprit(m, c))),
    };
    m.schedule_events();
    Ok(true)
}

/// `'$deadline'(-Time)`: the innermost time limit (seconds since the epoch) or `infinite`.
fn deadline(m: &mut Machine, a: &[Cell]) -> Res {
    let v = if m.limits.deadline.is_finite() {
        m.store.new_float(m.limits.deadline)
    } else {
        Cell::atom(crate::term::Atom::new("infinite"))
    };
    Ok(m.unify(a[0], v))
}

/// `'$set_deadline'(+Time)`: seconds since the epoch, or `infinite`.
fn set_deadline(m: &mut Machine, a: &[Cell]) -> Res {
    let c = m.deref(a[0]);
    m.limits.deadline = match m.store.view(c) {
        View::Int(n) => n as f64,
        View::Float(f) => f,
        View::Atom(x) if x.name() == "infinite" => f64::INFINITY,
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(type_error("number", culprit(m, c))),
    };
    // Look at the clock soon: the deadline may be close.
    m.event_at = m.inferences;
    Ok(true)
}

/// `get_time(-Time)`: the wall-clock time in seconds since the epoch (a float).
fn get_time(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.store.new_float(now());
    Ok(m.unify(a[0], t))
}

#[cfg(test)]
mod tests {
    use crate::machine::Machine;
    use crate::term::Term;

    /// The binding of `R` in the first answer of `goal`.
    fn answer(m: &mut Machine, goal: &str) -> Term {
        crate::machine::first_binding(m, goal, "R")
    }

    #[test]
    fn limits_are_read_back_as_set() {
        let mut m = Machine::new();
        assert_eq!(
            answer(&mut m, "'$inference_limit'(R)"),
            Term::atom("infinite")
        );
        assert_eq!(
            answer(
                &mut m,
                "'$set_inference_limit'(123456789), '$inference_limit'(R)"
            ),
            Term::Int(123456789)
        );
        assert_eq!(
            answer(&mut m, "'$set_deadline'(infinite), '$deadline'(R)"),
            Term::atom("infinite")
        );
    }
}
