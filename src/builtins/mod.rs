//! Builtin predicates, one file per family, and the embedded Prolog library.

pub mod arith;
pub mod arith_fns;
pub mod attvar;
pub mod chartype;
pub mod clpfd;
pub mod clpfd_globals;
pub mod control;
pub mod db;
pub mod debugger;
pub mod edit;
pub mod files;
pub mod format;
pub mod help;
pub mod io;
pub mod limits;
pub mod listing;
pub mod modules;
pub mod random;
pub mod sort;
pub mod streams;
pub mod tabling;
pub mod terms;
pub mod text;
pub mod user_flags;

use crate::machine::db::Control;
use crate::machine::instr::Instr;
use crate::machine::run::{TRAMPOLINE_EXIT, WAKE_RESUME};
use crate::machine::use_module::{Libraries, Library};
use crate::machine::{Machine, Origin};
use crate::term::atoms;

/// The Prolog-written part of the system, loaded at start-up into module
/// `system`: boot (cannot be redefined) and the rest (user files may
/// redefine these predicates, as SWI-Prolog lets them).
pub const SYSTEM_LIBRARY: &[(&str, Origin, &str)] = &[
    (
        "boot.pl",
        Origin::System,
        include_str!("../library/boot.pl"),
    ),
    (
        "control.pl",
        Origin::System,
        include_str!("../library/control.pl"),
    ),
    (
        "bags.pl",
        Origin::System,
        include_str!("../library/bags.pl"),
    ),
    ("dcg.pl", Origin::System, include_str!("../library/dcg.pl")),
    (
        "tabling.pl",
        Origin::System,
        include_str!("../library/tabling.pl"),
    ),
    (
        "expand.pl",
        Origin::System,
        include_str!("../library/expand.pl"),
    ),
    (
        "terms_builtins.pl",
        Origin::System,
        include_str!("../library/terms_builtins.pl"),
    ),
    (
        "attvar.pl",
        Origin::System,
        include_str!("../library/attvar.pl"),
    ),
];

/// The libraries (`library(Name)`), each a module loaded on first use: by
/// `use_module/1,2` or when a program calls a predicate one of them exports
/// (autoloading).
pub const LIBRARIES: &[Library] = &[
    ("lists", include_str!("../library/lists.pl")),
    ("apply", include_str!("../library/apply.pl")),
    ("error", include_str!("../library/error.pl")),
    ("yall", include_str!("../library/yall.pl")),
    (
        "solution_sequences",
        include_str!("../library/solution_sequences.pl"),
    ),
    ("aggregate", include_str!("../library/aggregate.pl")),
    ("pairs", include_str!("../library/pairs.pl")),
    ("ordsets", include_str!("../library/ordsets.pl")),
    ("sort", include_str!("../library/sort.pl")),
    ("backcomp", include_str!("../library/backcomp.pl")),
    ("quintus", include_str!("../library/quintus.pl")),
    ("assoc", include_str!("../library/assoc.pl")),
    ("rbtrees", include_str!("../library/rbtrees.pl")),
    ("heaps", include_str!("../library/heaps.pl")),
    ("nb_set", include_str!("../library/nb_set.pl")),
    ("ugraphs", include_str!("../library/ugraphs.pl")),
    ("occurs", include_str!("../library/occurs.pl")),
    ("terms", include_str!("../library/terms.pl")),
    ("gensym", include_str!("../library/gensym.pl")),
    ("records", include_str!("../library/records.pl")),
    ("option", include_str!("../library/option.pl")),
    ("strings", include_str!("../library/strings.pl")),
    ("random", include_str!("../library/random.pl")),
    ("dcg/basics", include_str!("../library/dcg/basics.pl")),
    (
        "dcg/high_order",
        include_str!("../library/dcg/high_order.pl"),
    ),
    ("readutil", include_str!("../library/readutil.pl")),
    ("debug", include_str!("../library/debug.pl")),
    ("tracer", include_str!("../library/tracer.pl")),
    ("prolog_debug", include_str!("../library/prolog_debug.pl")),
    ("statistics", include_str!("../library/statistics.pl")),
    ("dif", include_str!("../library/dif.pl")),
    ("when", include_str!("../library/when.pl")),
    ("clpfd", include_str!("../library/clpfd.pl")),
    ("clpr", include_str!("../library/clpr.pl")),
    ("clpb", include_str!("../library/clpb.pl")),
    ("writef", include_str!("../library/writef.pl")),
    ("main", include_str!("../library/main.pl")),
    ("pio", include_str!("../library/pio.pl")),
    ("varnumbers", include_str!("../library/varnumbers.pl")),
    ("apply_macros", include_str!("../library/apply_macros.pl")),
    ("listing", include_str!("../library/listing.pl")),
    ("tabling", include_str!("../library/tabling_module.pl")),
];

/// Registers every builtin family and loads the embedded library.
pub fn install(m: &mut Machine) {
    for i in 1..=8 {
        m.register_control("call", i, Control::CallN(i as u32));
    }
    m.register_control("catch", 3, Control::Catch);
    let system = |m: &mut Machine, name: &str, arity| {
        m.db.local_id(atoms::SYSTEM, crate::term::Atom::new(name), arity)
    };
    m.catch_pred = system(m, "catch", 3);
    m.register_control("<meta-call>", 1, Control::CallN(1));
    m.meta_call_pred = system(m, "$mc", 3);
    m.meta_leaf_pred = system(m, "<meta-call>", 1);
    let call1 = system(m, "call", 1);
    m.db.code.push(Instr::Execute(call1));
    m.db.code.push(Instr::TrampolineExit);
    debug_assert_eq!(m.db.code.len() as u32, TRAMPOLINE_EXIT + 1);
    m.db.code.push(Instr::WakeResume);
    debug_assert_eq!(m.db.code.len() as u32, WAKE_RESUME + 1);
    m.db.code.push(Instr::DetExit);
    debug_assert_eq!(m.db.code.len() as u32, crate::machine::det::DET_EXIT + 1);
    m.wakeup_pred = system(m, "$wakeup", 1);
    m.register(terms::TERM_BUILTINS);
    m.register(attvar::ATTVAR_BUILTINS);
    m.register(clpfd::CLPFD_BUILTINS);
    m.register(clpfd_globals::GLOBAL_BUILTINS);
    m.register(sort::SORT_BUILTINS);
    m.register(tabling::TABLING_BUILTINS);
    m.register(control::CONTROL_BUILTINS);
    m.register(user_flags::USER_FLAG_BUILTINS);
    m.register(db::DB_BUILTINS);
    m.register(debugger::DEBUGGER_BUILTINS);
    m.register(listing::LISTING_BUILTINS);
    m.register(help::HELP_BUILTINS);
    m.register(edit::EDIT_BUILTINS);
    m.register(io::IO_BUILTINS);
    m.register(modules::MODULE_BUILTINS);
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
    for (name, origin, text) in SYSTEM_LIBRARY {
        m.set_loading_origin(*origin);
        if let Err(e) = m.consult_str_into(text, name, atoms::SYSTEM) {
            let msg = m.error_message(e);
            panic!("the embedded library {name} failed to load: {msg}");
        }
    }
    m.set_loading_origin(Origin::User);
    m.libraries = Libraries::new(LIBRARIES, &m.ops);
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
