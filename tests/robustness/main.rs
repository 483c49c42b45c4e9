//! Robustness (issue 7): no input, no program and no interrupt crashes puzzlog or loses the
//! session. Short versions that run on every CI run:
//! - `consult`: files that cannot be consulted, a large file, a raising query keep the database;
//! - `deep_bodies`: clause bodies nested 100,000 deep compile (linearly) and run (issue 17);
//! - `fuzz`: inputs the fuzz targets once crashed on (fuzz/README.md);
//! - `interrupt`: Ctrl-C (SIGINT) during sorting, writing, findall and loading;
//! - `limits`: deep terms and recursion, bounded memory, the stack limit;
//! - `output`: closed pipes and full disks, huge counts streamed (issue 17).
//!
//! More of issue 7 runs elsewhere on every CI run: the SWI-recorded conformance programs
//! tests/conformance/depth_limit.pl and cyclic.pl (cyclic terms in write, copy, compare and
//! `==`), the query script tests/scripts/limits.pl (stack, inference and time limits,
//! infinite recursion), and tests/toplevel_tty.rs (Ctrl-C at the interactive prompt).

#[path = "../common/mod.rs"]
mod common;

mod consult;
mod deep_bodies;
mod fuzz;
mod interrupt;
mod limits;
mod output;
