//! Builtin predicates, one file per family, and the embedded Prolog library.

pub mod arith;
pub mod arith_fns;
pub mod chartype;
pub mod control;
pub mod db;
pub mod files;
pub mod format;
pub mod io;
pub mod limits;
pub mod random;
pub mod sort;
pub mod streams;
pub mod tabling;
pub mod terms;
pub mod text;

use crate::machine::db::Control;
use crate::machine::instr::Instr;
use crate::machine::run::TRAMPOLINE_EXIT;
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
    (
        "solutions.pl",
        Origin::Library,
        include_str!("../library/solutions.pl"),
    ),
    (
        "tabling.pl",
        Origin::Library,
        include_str!("../library/tabling.pl"),
    ),
];

/// Registers every builtin family and loads the embedded library.
pub fn install(m: &mut Machine) {
    for i in 1..=8 {
        m.register_control("call", i, Control::CallN(i as u32));
    }
    m.register_control("catch", 3, Control::Catch);
    m.catch_pred = m.db_pred_id(crate::term::Atom::new("catch"), 3);
    m.register_control("<meta-call>", 1, Control::CallN(1));
    m.meta_call_pred = m.db_pred_id(crate::term::Atom::new("$mc"), 2);
    m.meta_leaf_pred = m.db_pred_id(crate::term::Atom::new("<meta-call>"), 1);
    let call1 = m.db_pred_id(crate::term::atoms::CALL, 1);
    m.db.code.push(Instr::Execute(call1));
    m.db.code.push(Instr::TrampolineExit);
    debug_assert_eq!(m.db.code.len() as u32, TRAMPOLINE_EXIT + 1);
    m.register(terms::TERM_BUILTINS);
    m.register(sort::SORT_BUILTINS);
    m.register(tabling::TABLING_BUILTINS);
    m.register(control::CONTROL_BUILTINS);
    m.register(db::DB_BUILTINS);
    m.register(io::IO_BUILTINS);
    m.register(streams::STREAM_BUILTINS);
    m.register(files::FILE_BUILTINS);
    m.register(arith::ARITH_BUILTINS);
    m.register(text::TEXT_BUILTINS);
    m.register(limits::LIMIT_BUILTINS);
    m.register(random::RANDOM_BUILTINS);
    m.register(crate::puzzles::mastermind::MASTERMIND_BUILTINS);
    m.register(crate::puzzles::mastermind::MMPLAY_BUILTINS);
    m.register(crate::puzzles::tag::TAG_BUILTINS);
    m.register(crate::puzzles::gf2::GF2_BUILTINS);
    for (name, origin, text) in LIBRARY {
        m.set_loading_origin(*origin);
        if let Err(e) = m.consult_str(text, name) {
            let msg = m.error_message(e);
            panic!("the embedded library {name} failed to load: {msg}");
        }
    }
    m.set_loading_origin(Origin::User);
    m.protect(PROTECTED);
}

/// ISO core predicates (and `length/2`, `consult/1`): SWI-Prolog refuses to let
/// user files redefine these; every other system predicate may be redefined.
pub const PROTECTED: &[(&str, usize)] = &[
    ("call", 1),
    ("call", 2),
    ("call", 3),
    ("call", 4),
    ("call", 5),
    ("call", 6),
    ("call", 7),
    ("call", 8),
    ("catch", 3),
    ("throw", 1),
    ("true", 0),
    ("fail", 0),
    ("false", 0),
    ("once", 1),
    ("findall", 3),
    ("findall", 4),
    ("bagof", 3),
    ("setof", 3),
    ("var", 1),
    ("nonvar", 1),
    ("atom", 1),
    ("number", 1),
    ("integer", 1),
    ("float", 1),
    ("atomic", 1),
    ("compound", 1),
    ("callable", 1),
    ("ground", 1),
    ("is_list", 1),
    ("=", 2),
    ("\\=", 2),
    ("==", 2),
    ("\\==", 2),
    ("@<", 2),
    ("@>", 2),
    ("@=<", 2),
    ("@>=", 2),
    ("compare", 3),
    ("functor", 3),
    ("arg", 3),
    ("=..", 2),
    ("copy_term", 2),
    ("term_variables", 2),
    ("unify_with_occurs_check", 2),
    ("is", 2),
    ("=:=", 2),
    ("=\\=", 2),
    ("<", 2),
    (">", 2),
    ("=<", 2),
    (">=", 2),
    ("atom_length", 2),
    ("atom_concat", 3),
    ("sub_atom", 5),
    ("atom_chars", 2),
    ("atom_codes", 2),
    ("char_code", 2),
    ("number_chars", 2),
    ("number_codes", 2),
    ("asserta", 1),
    ("assertz", 1),
    ("assert", 1),
    ("retract", 1),
    ("abolish", 1),
    ("clause", 2),
    ("current_predicate", 1),
    ("keysort", 2),
    ("sort", 2),
    ("op", 3),
    ("current_op", 3),
    ("set_prolog_flag", 2),
    ("current_prolog_flag", 2),
    ("halt", 0),
    ("halt", 1),
    ("write", 1),
    ("writeq", 1),
    ("write_canonical", 1),
    ("write_term", 2),
    ("write", 2),
    ("writeq", 2),
    ("write_term", 3),
    ("nl", 0),
    ("nl", 1),
    ("read", 1),
    ("read_term", 2),
    ("length", 2),
    ("consult", 1),
];
