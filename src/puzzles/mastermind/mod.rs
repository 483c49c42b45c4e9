//! Mastermind: scoring, consistent sets, strategies and their evaluation (being written).

/// The Prolog builtins of this engine.
pub const MASTERMIND_BUILTINS: crate::machine::BuiltinTable = &[];
