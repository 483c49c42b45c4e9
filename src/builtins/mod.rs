//! Builtin predicates, one file per family.

pub mod arith;
pub mod chartype;
pub mod format;
pub mod text;
