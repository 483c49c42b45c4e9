//! puzzlog: a Prolog engine for solving and studying logic puzzles.
//!
//! See `src/README.md` for a map of the modules, and [`Machine::query`] for
//! the embedding API.

#![warn(missing_docs)]

pub mod api;
pub mod builtins;
pub mod clpfd;
pub mod machine;
pub mod puzzles;
pub mod syntax;
pub mod term;
pub mod toplevel;
pub mod tty;

pub use api::{Answer, Answers};
pub use machine::Machine;
pub use term::Term;
