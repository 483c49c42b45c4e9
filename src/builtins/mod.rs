//! Builtin predicates, one file per family.

pub mod arith;
pub mod format;
pub mod text;
