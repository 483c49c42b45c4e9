//! Builtin predicates, one file per family, and the embedded Prolog library.

pub mod arith;
pub mod arith_fns;
pub mod chartype;
pub mod control;
pub mod db;
pub mod format;
pub mod io;
pub mod terms;
pub mod text;

use crate::machine::db::Control;
use crate::machine::instr::Instr;
use crate::machine::run::QUERY_ENTRY;
use crate::machine::{Machine, Origin};

/// The Prolog-written library, loaded at start-up in this order: the system
/// part (cannot be redefined) and the library (user files may redefine it).
pub const LIBRARY: &[(&str, Origin, &str)] = &[
    (
        "boot.pl",
        Origin::System,
        include_str!("../library/boot.pl"),
    ),
    (
        "error.pl",
        Origin::Library,
        include_str!("../library/error.pl"),
    ),
    (
        "lists.pl",
        Origin::Library,
        include_str!("../library/lists.pl"),
    ),
    (
        "apply.pl",
        Origin::Library,
        include_str!("../library/apply.pl"),
    ),
    (
        "control.pl",
        Origin::Library,
        include_str!("../library/control.pl"),
    ),
    (
        "bags.pl",
        Origin::Library,
        include_str!("../library/bags.pl"),
    ),
    (
        "yall.pl",
        Origin::Library,
        include_str!("../library/yall.pl"),
    ),
    ("dcg.pl", Origin::Library, include_str!("../library/dcg.pl")),
];

/// Registers every builtin family and loads the embedded library.
pub fn install(m: &mut Machine) {
    for i in 1..=8 {
        m.register_control("call", i, Control::CallN(i as u32));
    }
    m.register_control("catch", 3, Control::Catch);
    m.catch_pred = m.db_pred_id(crate::term::Atom::new("catch"), 3);
    m.register_control("<meta-call>", 1, Control::CallN(1));
    let call1 = m.db_pred_id(crate::term::atoms::CALL, 1);
    m.db.code.push(Instr::Execute(call1));
    debug_assert_eq!(m.db.code.len() as u32, QUERY_ENTRY + 1);
    m.register(terms::TERM_BUILTINS);
    m.register(control::CONTROL_BUILTINS);
    m.register(db::DB_BUILTINS);
    m.register(io::IO_BUILTINS);
    m.register(arith::ARITH_BUILTINS);
    m.register(text::TEXT_BUILTINS);
    for (name, origin, text) in LIBRARY {
        m.set_loading_origin(*origin);
        if let Err(e) = m.consult_str(text, name) {
            let msg = m.error_message(e);
            panic!("the embedded library {name} failed to load: {msg}");
        }
    }
    m.set_loading_origin(Origin::User);
}
