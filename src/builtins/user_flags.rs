//! Flags the program makes: `create_prolog_flag/3`, and `set_prolog_flag/2`
//! on a flag nobody made (which makes it, as SWI-Prolog does). Each has a
//! type that later values must fit (`type_error` otherwise) and may be
//! read-only (`permission_error(modify, flag, Name)`).

use super::terms::{culprit, list_arg};
use crate::machine::error::{
    domain_error, instantiation_error, permission_error, type_error, PlError, Res,
};
use crate::machine::{BuiltinTable, FlagType, Machine, UserFlag};
use crate::term::{atoms, Atom, Cell, Copied, Term, View};

/// The builtins of program-made flags.
pub const USER_FLAG_BUILTINS: BuiltinTable = &[(
    "create_prolog_flag",
    3,
    crate::machine::Builtin::Det(create_prolog_flag),
)];

/// The type a flag made with `value` takes unless told: booleans, atoms,
/// integers and floats by their value, anything else a term.
fn type_of(m: &Machine, value: Cell) -> FlagType {
    match m.store.view(value) {
        View::Atom(a) if a == atoms::TRUE || a == atoms::FALSE => FlagType::Boolean,
        View::Atom(_) => FlagType::Atom,
        View::Int(_) | View::BigInt(_) => FlagType::Integer,
        View::Float(_) => FlagType::Float,
        _ => FlagType::Term,
    }
}

/// The truth a Boolean flag's value stands for, as SWI-Prolog reads one:
/// `true`, `on` or `1`; `false`, `off` or `0`.
pub fn bool_value(m: &Machine, value: Cell) -> Option<bool> {
    match m.store.view(value) {
        View::Atom(a) => match a.name() {
            "true" | "on" => Some(true),
            "false" | "off" => Some(false),
            _ => None,
        },
        View::Int(1) => Some(true),
        View::Int(0) => Some(false),
        _ => None,
    }
}

/// `value` as a value of a flag of type `typ` (an integer becomes a float
/// for a float flag, `on` is `true` for a Boolean one), or SWI's type error.
fn fit(m: &mut Machine, typ: FlagType, value: Cell) -> Result<Cell, PlError> {
    let ok = match (typ, m.store.view(value)) {
        (FlagType::Term, _) => true,
        (FlagType::Boolean, _) => match bool_value(m, value) {
            Some(b) => return Ok(Cell::atom(if b { atoms::TRUE } else { atoms::FALSE })),
            None => false,
        },
        (FlagType::Atom, View::Atom(_)) => true,
        (FlagType::Integer, View::Int(_) | View::BigInt(_)) => true,
        (FlagType::Float, View::Float(_)) => true,
        (FlagType::Float, View::Int(i)) => return Ok(m.store.new_float(i as f64)),
        _ => false,
    };
    if ok {
        return Ok(value);
    }
    let expected = match typ {
        FlagType::Boolean => "bool",
        FlagType::Atom => "atom",
        FlagType::Integer => "integer",
        _ => "float",
    };
    Err(type_error(expected, culprit(m, value)))
}

/// `set_prolog_flag(Name, Value)` for a flag that is not the system's:
/// sets a program-made flag, or makes one of the value's type.
pub fn set_user_flag(m: &mut Machine, name: Atom, value: Cell) -> Res {
    match m.user_flags.iter().position(|f| f.name == name) {
        Some(k) => {
            if m.user_flags[k].read_only {
                return Err(permission_error("modify", "flag", Term::Atom(name)));
            }
            let v = fit(m, m.user_flags[k].typ, value)?;
            m.user_flags[k].value = Copied::new(&m.store, v);
        }
        None => {
            let typ = type_of(m, value);
            make(m, name, value, typ, false);
        }
    }
    Ok(true)
}

impl Machine {
    /// Sets the flag `argv`, the program's command-line arguments (those
    /// after its files), as a list of atoms.
    pub fn set_argv(&mut self, args: &[String]) {
        let items: Vec<Cell> = args.iter().map(|a| self.atom_cell(a)).collect();
        let list = self.store.new_list_from(&items, Cell::atom(atoms::NIL));
        make(self, Atom::new("argv"), list, FlagType::Term, false);
    }
}

/// Adds flag `name` (pinned) with `value`, or replaces it.
fn make(m: &mut Machine, name: Atom, value: Cell, typ: FlagType, read_only: bool) {
    name.pin();
    let flag = UserFlag {
        name,
        value: Copied::new(&m.store, value),
        typ,
        read_only,
    };
    match m.user_flags.iter_mut().find(|f| f.name == name) {
        Some(old) => *old = flag,
        None => m.user_flags.push(flag),
    }
}

/// `create_prolog_flag(+Name, +Value, +Options)`: options `type(T)` (boolean,
/// atom, integer, float, term), `access(read_write | read_only)` and
/// `keep(Bool)` (leave a flag that exists as it is).
fn create_prolog_flag(m: &mut Machine, a: &[Cell]) -> Res {
    let name = match m.store.view(a[0]) {
        View::Atom(n) => n,
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(type_error("atom", culprit(m, a[0]))),
    };
    let value = m.deref(a[1]);
    if value.is_ref() {
        return Err(instantiation_error());
    }
    if super::control::is_system_flag(m, name.name()) {
        return super::control::set_flag(m, &[a[0], value]);
    }
    let (mut typ, mut read_only, mut keep) = (None, false, false);
    for opt in list_arg(m, a[2])? {
        let bad = |m: &Machine| domain_error("create_prolog_flag_option", culprit(m, opt));
        let View::Compound(key, 1, at) = m.store.view(opt) else {
            return Err(bad(m));
        };
        let arg = match m.store.view(m.store.heap[at]) {
            View::Atom(v) => v.name(),
            _ => return Err(bad(m)),
        };
        match (key.name(), arg) {
            ("type", "boolean") => typ = Some(FlagType::Boolean),
            ("type", "atom") => typ = Some(FlagType::Atom),
            ("type", "integer") => typ = Some(FlagType::Integer),
            ("type", "float") => typ = Some(FlagType::Float),
            ("type", "term") => typ = Some(FlagType::Term),
            ("access", "read_only") => read_only = true,
            ("access", "read_write") => read_only = false,
            ("keep", "true") => keep = true,
            ("keep", "false") => keep = false,
            _ => return Err(bad(m)),
        }
    }
    let existing = m.user_flags.iter().find(|f| f.name == name);
    if keep && existing.is_some() {
        return Ok(true);
    }
    if existing.is_some_and(|f| f.read_only) {
        return Err(permission_error("modify", "flag", Term::Atom(name)));
    }
    let typ = typ.unwrap_or_else(|| type_of(m, value));
    let v = fit(m, typ, value)?;
    make(m, name, v, typ, read_only);
    Ok(true)
}
