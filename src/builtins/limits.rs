//! Primitives behind `call_with_inference_limit/3` and
//! `call_with_time_limit/2` (src/library/control.pl): reading and setting the
//! absolute limits of `Machine::limits` (see src/machine/limits.rs).

use super::terms::culprit;
use crate::machine::error::{instantiation_error, type_error, Res};
use crate::machine::limits::now;
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{Cell, View};

/// Builtins of this family.
pub const LIMIT_BUILTINS: BuiltinTable = &[
    ("$inference_limit", 1, Builtin::Det(inference_limit)),
    ("$set_inference_limit", 1, Builtin::Det(set_inference_limit)),
    ("$deadline", 1, Builtin::Det(deadline)),
    ("$set_deadline", 1, Builtin::Det(set_deadline)),
    ("get_time", 1, Builtin::Det(get_time)),
];

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

    fn answer(m: &mut Machine, goal: &str) -> Term {
        let a = m.query(goal).unwrap().next().unwrap().unwrap();
        a.get("R").unwrap().clone()
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
