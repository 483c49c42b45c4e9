//! Native puzzle engines: hot loops in Rust behind narrow Prolog builtins.
//! Each module is usable from Rust without the engine and tested on its own;
//! `rules/*.pl` documents and wraps them.

pub mod gf2;
pub mod mastermind;
pub mod perm;
pub mod tag;
