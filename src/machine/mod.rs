//! The abstract machine: clause compiler, instructions, run loop, unification,
//! database and exceptions.

pub mod error;
