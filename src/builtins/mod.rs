//! Builtin predicates, one file per family.

pub mod arith;
pub mod arith_fns;
pub mod format;
pub mod text;
