//! Control builtins: `halt`, `throw/1`, the cut primitive behind `call/1`,
//! the findall bags, flags, global variables and `op/3`.

use super::arith::cpu_seconds;
use super::terms::{culprit, list_arg};
use crate::machine::error::{
    domain_error, instantiation_error, permission_error, type_error, PlError, Res,
};
use crate::machine::{Builtin, BuiltinTable, DoubleQuotes, Machine, Unknown};
use crate::syntax::ops::OpType;
use crate::term::{atoms, Atom, Cell, Copied, CopiedList, Term, View};
use std::any::Any;

/// Builtins of this family.
pub const CONTROL_BUILTINS: BuiltinTable = &[
    ("halt", 0, Builtin::Det(halt0)),
    ("halt", 1, Builtin::Det(halt1)),
    ("throw", 1, Builtin::Det(throw)),
    ("$cut", 1, Builtin::Det(cut)),
    ("prolog_cut_to", 1, Builtin::Det(cut)),
    ("prolog_current_choice", 1, Builtin::Det(current_choice)),
    ("$level", 1, Builtin::Det(level)),
    ("$cleanup_push", 2, Builtin::Det(cleanup_push)),
    ("$cleanup_exit", 1, Builtin::Det(cleanup_exit)),
    ("$bag_new", 1, Builtin::Det(bag_new)),
    ("$bag_add", 2, Builtin::Det(bag_add)),
    ("$bag_collect", 4, Builtin::Det(bag_collect)),
    ("set_prolog_flag", 2, Builtin::Det(set_flag)),
    ("current_prolog_flag", 2, Builtin::Nondet(current_flag)),
    ("nb_setval", 2, Builtin::Det(nb_setval)),
    ("b_setval", 2, Builtin::Det(b_setval)),
    ("nb_getval", 2, Builtin::Det(nb_getval)),
    ("b_getval", 2, Builtin::Det(nb_getval)),
    ("nb_current", 2, Builtin::Nondet(nb_current)),
    ("op", 3, Builtin::Det(op)),
    ("current_op", 3, Builtin::Nondet(current_op)),
    ("$garbage_collect", 0, Builtin::Det(garbage_collect)),
    (
        "garbage_collect_atoms",
        0,
        Builtin::Det(garbage_collect_atoms),
    ),
    ("statistics", 2, Builtin::Det(statistics)),
];

/// `'$garbage_collect'/0`: collect at the next call (builtins run between
/// call boundaries); garbage_collect/0 (boot.pl) makes that call at once.
fn garbage_collect(m: &mut Machine, _: &[Cell]) -> Res {
    m.gc_at = 0;
    Ok(true)
}

/// `garbage_collect_atoms/0`: collect atoms now (in a nested query, whose
/// callers may hold atoms in Rust, at the next look in the outermost one).
fn garbage_collect_atoms(m: &mut Machine, _: &[Cell]) -> Res {
    if m.depth == 1 {
        m.collect_atoms();
    } else {
        m.atom_gc_at = 0;
    }
    Ok(true)
}

fn halt0(_: &mut Machine, _: &[Cell]) -> Res {
    Err(PlError::Halt(0))
}

fn halt1(m: &mut Machine, a: &[Cell]) -> Res {
    match m.store.view(a[0]) {
        View::Int(i) => Err(PlError::Halt(i as i32)),
        View::Var(_) => Err(instantiation_error()),
        _ => Err(type_error("integer", culprit(m, a[0]))),
    }
}

fn throw(m: &mut Machine, a: &[Cell]) -> Res {
    if m.deref(a[0]).is_ref() {
        return Err(instantiation_error());
    }
    Err(PlError::ball(Copied::new(&m.store, a[0])))
}

/// `prolog_current_choice(-Choice)`: a reference to the newest choicepoint,
/// for `prolog_cut_to/1` (and for telling whether a goal left choicepoints).
fn current_choice(m: &mut Machine, a: &[Cell]) -> Res {
    let level = Cell::small(m.level() as i64);
    Ok(m.unify(a[0], level))
}

fn cut(m: &mut Machine, a: &[Cell]) -> Res {
    let level = m.deref(a[0]).get_int() as usize;
    m.cut_to(level);
    match m.cleanup_error.take() {
        Some(e) => Err(e),
        None => Ok(true),
    }
}

fn level(m: &mut Machine, a: &[Cell]) -> Res {
    let l = Cell::small(m.level() as i64);
    Ok(m.unify(a[0], l))
}

/// `'$cleanup_push'(Cleanup, Level)`: the choicepoint that runs Cleanup when the goal is done.
fn cleanup_push(m: &mut Machine, a: &[Cell]) -> Res {
    let level = m.push_cleanup(a[0]);
    let l = Cell::small(level as i64);
    Ok(m.unify(a[1], l))
}

/// `'$cleanup_exit'(Level)`: the goal exited; run Cleanup now if it left no choicepoints.
fn cleanup_exit(m: &mut Machine, a: &[Cell]) -> Res {
    let level = m.deref(a[0]).get_int() as usize;
    m.exit_cleanup(level)?;
    Ok(true)
}

fn bag_new(m: &mut Machine, a: &[Cell]) -> Res {
    m.bags.push(CopiedList::default());
    let id = Cell::small(m.bags.len() as i64 - 1);
    Ok(m.unify(a[0], id))
}

/// `'$bag_add'(Bag, Term)`: a copy of Term goes into the bag (with the
/// goals of its finite-domain constraints, see `terms::constrained`).
fn bag_add(m: &mut Machine, a: &[Cell]) -> Res {
    let id = m.deref(a[0]).get_int() as usize;
    let t = super::terms::constrained(m, a[1]);
    m.bags[id].push(&m.store, t);
    Ok(true)
}

/// `'$bag_collect'(Bag, List, Tail, Goals)`: the bag's terms as a list
/// ending in Tail, and the goals that restate their finite-domain
/// constraints (findall/3 calls them).
/// The list must fit under the stack limit next to the bag it is copied from
/// (`Machine::stack_usage` counts the bag and its list).
fn bag_collect(m: &mut Machine, a: &[Cell]) -> Res {
    m.ensure_room(0)?;
    let id = m.deref(a[0]).get_int() as usize;
    let items = m.bags.split_off(id).into_iter().next().unwrap_or_default();
    let l = items.restore_list(&mut m.store, a[2]);
    // Unwrap the constrained terms in place (the list is new), gathering
    // their goals.
    let mut goals = Vec::new();
    let mut at = m.deref(l);
    for _ in 0..items.len() {
        let head = at.val();
        if let Some((t, gs)) = super::terms::unwrap_constrained(m, m.store.heap[head]) {
            m.store.heap[head] = t;
            goals.extend(list_arg(m, gs)?);
        }
        at = m.deref(m.store.heap[head + 1]);
    }
    let goals = m.store.new_list_from(&goals, Cell::atom(atoms::NIL));
    Ok(m.unify(a[1], l) && m.unify(a[3], goals))
}

fn atom_arg(m: &Machine, c: Cell) -> Result<Atom, PlError> {
    match m.store.view(c) {
        View::Atom(a) => Ok(a),
        View::Var(_) => Err(instantiation_error()),
        _ => Err(type_error("atom", culprit(m, c))),
    }
}

/// `set_prolog_flag/2`.
pub(crate) fn set_flag(m: &mut Machine, a: &[Cell]) -> Res {
    let flag = atom_arg(m, a[0])?;
    let value = m.deref(a[1]);
    if value.is_ref() {
        return Err(instantiation_error());
    }
    let v = match m.store.view(value) {
        View::Atom(v) => v.name(),
        _ => "",
    };
    // SWI's errors for a value outside an atom-valued flag's domain.
    let bad = |m: &Machine| match m.store.view(value) {
        View::Atom(_) => domain_error(flag.name(), culprit(m, value)),
        _ => type_error("atom", culprit(m, value)),
    };
    let truth = |m: &Machine| {
        super::user_flags::bool_value(m, value).ok_or_else(|| type_error("bool", culprit(m, value)))
    };
    match flag.name() {
        "bounded"
        | "max_arity"
        | "max_tagged_integer"
        | "min_tagged_integer"
        | "version"
        | "dialect"
        | "integer_rounding_function" => {
            return Err(permission_error("modify", "flag", Term::Atom(flag)))
        }
        "debug" => m.flags.debug = truth(m)?,
        "last_call_optimisation" | "character_escapes" => {
            truth(m)?;
        }
        "double_quotes" => {
            m.flags.double_quotes = match v {
                "codes" => DoubleQuotes::Codes,
                "chars" => DoubleQuotes::Chars,
                "atom" => DoubleQuotes::Atom,
                "string" => DoubleQuotes::String,
                _ => return Err(bad(m)),
            }
        }
        "stack_limit" => {
            m.limits.stack = match m.store.view(value) {
                View::Int(n) if n > 0 => n as usize,
                View::BigInt(_) => usize::MAX,
                View::Int(_) => return Err(domain_error("stack_limit", culprit(m, value))),
                _ => return Err(type_error("integer", culprit(m, value))),
            }
        }
        "unknown" => {
            m.flags.unknown = match v {
                "error" => Unknown::Error,
                "fail" => Unknown::Fail,
                "warning" => Unknown::Warning,
                _ => return Err(bad(m)),
            }
        }
        // Any atom, as in SWI-Prolog; only `silent` means something.
        "verbose" => match m.store.view(value) {
            View::Atom(_) => m.flags.verbose_silent = v == "silent",
            _ => return Err(bad(m)),
        },
        "autoload" => {
            m.flags.autoload = match v {
                "true" | "explicit" | "user" | "user_or_explicit" => true,
                "false" => false,
                _ => return Err(bad(m)),
            }
        }
        name if is_system_flag(m, name) => {}
        _ => return super::user_flags::set_user_flag(m, flag, value),
    }
    Ok(true)
}

/// The system's flags whose values are Booleans.
const BOOLEAN_FLAGS: &[&str] = &["debug", "last_call_optimisation", "character_escapes"];

/// True for a flag of the system's (one `current_prolog_flag/2` lists first).
pub(crate) fn is_system_flag(m: &Machine, name: &str) -> bool {
    flag_values(m).iter().any(|(n, _)| *n == name)
}

fn flag_values(m: &Machine) -> Vec<(&'static str, Term)> {
    let dq = match m.flags.double_quotes {
        DoubleQuotes::Codes => "codes",
        DoubleQuotes::Chars => "chars",
        DoubleQuotes::Atom => "atom",
        DoubleQuotes::String => "string",
    };
    let unknown = match m.flags.unknown {
        Unknown::Error => "error",
        Unknown::Fail => "fail",
        Unknown::Warning => "warning",
    };
    vec![
        ("bounded", Term::atom("false")),
        ("double_quotes", Term::atom(dq)),
        ("unknown", Term::atom(unknown)),
        (
            "autoload",
            Term::atom(if m.flags.autoload { "true" } else { "false" }),
        ),
        (
            "verbose",
            Term::atom(if m.flags.verbose_silent {
                "silent"
            } else {
                "normal"
            }),
        ),
        (
            "max_tagged_integer",
            Term::Int(crate::term::cell::MAX_SMALL),
        ),
        (
            "min_tagged_integer",
            Term::Int(crate::term::cell::MIN_SMALL),
        ),
        ("max_arity", Term::atom("unbounded")),
        ("integer_rounding_function", Term::atom("toward_zero")),
        (
            "debug",
            Term::atom(if m.flags.debug { "true" } else { "false" }),
        ),
        ("last_call_optimisation", Term::atom("true")),
        ("character_escapes", Term::atom("true")),
        ("version", Term::Int(90004)),
        ("dialect", Term::atom("puzzlog")),
        ("occurs_check", Term::atom("false")),
        (
            "stack_limit",
            Term::Int(i64::try_from(m.limits.stack).unwrap_or(i64::MAX)),
        ),
    ]
}

/// `current_prolog_flag/2`: the system's flags, then those the program made.
fn current_flag(m: &mut Machine, a: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    let flags = flag_values(m);
    let total = flags.len() + m.user_flags.len();
    let mut i = redo.take().map_or(0, |b| *b.downcast::<usize>().unwrap());
    let key = m.deref(a[0]);
    if !key.is_ref() && !matches!(m.store.view(key), View::Atom(_)) {
        return Err(type_error("atom", culprit(m, key)));
    }
    while i < total {
        let (name, value) = match flags.get(i) {
            Some((name, value)) => (Atom::new(name), Err(value)),
            None => {
                let f = &m.user_flags[i - flags.len()];
                (f.name, Ok(f.value.clone()))
            }
        };
        i += 1;
        if !key.is_ref() && key != Cell::atom(name) {
            continue;
        }
        // A flag named is found once: no choicepoint then.
        if i < total && key.is_ref() {
            *redo = Some(Box::new(i));
        }
        // (Not those the program made: SWI keeps their values as atoms.)
        let boolean = value.is_err() && BOOLEAN_FLAGS.contains(&name.name());
        let v = match value {
            Err(term) => m.store.from_term(term, &mut Default::default()),
            Ok(copied) => copied.restore(&mut m.store),
        };
        // A Boolean flag's value compares as SWI-Prolog's does: `off` is `false`.
        let wanted = m.deref(a[1]);
        if boolean && !wanted.is_ref() {
            let same = super::user_flags::bool_value(m, wanted)
                .is_some_and(|b| super::user_flags::bool_value(m, v) == Some(b));
            return Ok(same && m.unify(a[0], Cell::atom(name)));
        }
        return Ok(m.unify(a[0], Cell::atom(name)) && m.unify(a[1], v));
    }
    Ok(false)
}

fn nb_setval(m: &mut Machine, a: &[Cell]) -> Res {
    let key = atom_arg(m, a[0])?;
    let v = Copied::new(&m.store, a[1]);
    m.b_globals.remove(&key);
    key.pin();
    m.globals.insert(key, v);
    Ok(true)
}

/// `b_setval/2`: the value lives in a heap cell that no backtracking reclaims,
/// assigned with a trailed write, so backtracking restores the previous value.
fn b_setval(m: &mut Machine, a: &[Cell]) -> Res {
    let key = atom_arg(m, a[0])?;
    let addr = match m.b_globals.get(&key) {
        Some(&addr) => addr,
        None => {
            let old = match m.globals.get(&key).cloned() {
                Some(v) => v.restore(&mut m.store),
                None => Cell::atom(atoms::NIL),
            };
            let addr = m.store.top();
            m.store.heap.push(old);
            m.freeze_heap();
            key.pin();
            m.b_globals.insert(key, addr);
            addr
        }
    };
    m.assign_backtrackable(addr, a[1]);
    Ok(true)
}

fn nb_getval(m: &mut Machine, a: &[Cell]) -> Res {
    let key = atom_arg(m, a[0])?;
    if let Some(&addr) = m.b_globals.get(&key) {
        let c = m.store.heap[addr];
        return Ok(m.unify(a[1], c));
    }
    match m.globals.get(&key).cloned() {
        Some(v) => {
            let c = v.restore(&mut m.store);
            Ok(m.unify(a[1], c))
        }
        None => Err(crate::machine::error::existence_error(
            "variable",
            Term::Atom(key),
        )),
    }
}

fn nb_current(m: &mut Machine, a: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    let mut keys: Vec<Atom> = m
        .globals
        .keys()
        .chain(m.b_globals.keys())
        .copied()
        .collect();
    keys.sort_by(|x, y| x.name().cmp(y.name()));
    keys.dedup();
    let mut i = redo.take().map_or(0, |b| *b.downcast::<usize>().unwrap());
    while i < keys.len() {
        let key = keys[i];
        i += 1;
        let kc = Cell::atom(key);
        // The key exists, so nb_getval/2 cannot raise here.
        if m.attempt(|m| m.unify(a[0], kc) && matches!(nb_getval(m, &[kc, a[1]]), Ok(true))) {
            if i < keys.len() {
                *redo = Some(Box::new(i));
            }
            return Ok(true);
        }
    }
    Ok(false)
}

fn op(m: &mut Machine, a: &[Cell]) -> Res {
    let p = match m.store.view(a[0]) {
        View::Int(p) if (0..=1200).contains(&p) => p as u16,
        View::Int(p) => return Err(domain_error("operator_priority", Term::Int(p))),
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(type_error("integer", culprit(m, a[0]))),
    };
    let t = atom_arg(m, a[1])?;
    let typ = OpType::from_name(t.name())
        .ok_or_else(|| domain_error("operator_specifier", Term::Atom(t)))?;
    let names = match m.store.view(a[2]) {
        View::Atom(n) if n != atoms::NIL => vec![m.deref(a[2])],
        _ => list_arg(m, a[2])?,
    };
    for n in names {
        let name = atom_arg(m, n)?;
        if name == atoms::COMMA {
            return Err(permission_error("modify", "operator", Term::Atom(name)));
        }
        m.ops.add(p, typ, name);
    }
    Ok(true)
}

fn current_op(m: &mut Machine, a: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    let all = m.ops.all();
    let mut i = redo.take().map_or(0, |b| *b.downcast::<usize>().unwrap());
    while i < all.len() {
        let (name, def) = all[i];
        i += 1;
        let p = Cell::small(def.priority as i64);
        let t = m.atom_cell(def.typ.name());
        if m.attempt(|m| m.unify(a[0], p) && m.unify(a[1], t) && m.unify(a[2], Cell::atom(name))) {
            if i < all.len() {
                *redo = Some(Box::new(i));
            }
            return Ok(true);
        }
    }
    Ok(false)
}

fn statistics(m: &mut Machine, a: &[Cell]) -> Res {
    let key = atom_arg(m, a[0])?;
    let v = match key.name() {
        "runtime" | "cputime" | "process_cputime" => {
            let seconds = cpu_seconds();
            if key.name() == "cputime" {
                m.store.new_float(seconds)
            } else {
                let ms = (seconds * 1000.0) as i64;
                let z = Cell::small(0);
                let t = Cell::small(ms);
                let nil = Cell::atom(atoms::NIL);
                m.store.new_list_from(&[t, z], nil)
            }
        }
        "walltime" | "real_time" => {
            let ms = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis() as i64)
                .unwrap_or(0);
            let z = Cell::small(0);
            let t = m.store.new_int(ms);
            let nil = Cell::atom(atoms::NIL);
            m.store.new_list_from(&[t, z], nil)
        }
        "inferences" => m.store.new_int(m.inferences as i64),
        "globalused" => m.store.new_int((m.store.top() * 8) as i64),
        "localused" => m.store.new_int((m.stack.len() * 8) as i64),
        "trailused" => m.store.new_int((m.trail.len() * 16) as i64),
        "atoms" => m.store.new_int(crate::term::atom::atom_count() as i64),
        "garbage_collection" => {
            // [Collections, BytesFreed, Milliseconds]
            let (n, cells) = m.gc_stats;
            let items = [
                Cell::small(n as i64),
                m.store.new_int((cells * 8) as i64),
                Cell::small(0),
            ];
            let nil = Cell::atom(atoms::NIL);
            m.store.new_list_from(&items, nil)
        }
        _ => return Err(domain_error("statistics_key", Term::Atom(key))),
    };
    Ok(m.unify(a[1], v))
}
