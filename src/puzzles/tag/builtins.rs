//! stub
/// The Prolog builtins of this engine.
pub const TAG_BUILTINS: crate::machine::BuiltinTable = &[];
