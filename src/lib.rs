//! puzzlog: a Prolog engine for solving and studying logic puzzles.
//!
//! See `src/README.md` for a map of the modules.

pub mod builtins;
pub mod machine;
pub mod syntax;
pub mod term;
