//! Prolog builtins of the Mastermind engine.

/// The Prolog builtins of this engine.
pub const MASTERMIND_BUILTINS: crate::machine::BuiltinTable = &[];
