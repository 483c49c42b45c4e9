//! Tag systems: simulation, census of the numeric maps, search (being written).

/// The Prolog builtins of this engine.
pub const TAG_BUILTINS: crate::machine::BuiltinTable = &[];
