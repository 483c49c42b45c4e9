//! Robustness (issue 7): no input, no program and no interrupt crashes puzzlog or loses the
//! session. Short versions that run on every CI run:
//! - `consult`: files that cannot be consulted, a large file, a raising query keep the database;
//!   load cycles, byte-order marks and bytes that are not UTF-8 (issue 17);
//! - `deep_bodies`: clause bodies nested 100,000 deep compile (linearly) and run (issue 17);
//! - `fuzz`: inputs the fuzz targets once crashed on or timed out with (fuzz/README.md);
//! - `interrupt`: Ctrl-C (SIGINT) during sorting, writing, findall and loading, and inside a
//!   catch-all (issue 17: an abort goes on after the recovery);
//! - `limits`: deep terms and recursion, bounded memory, the stack limit (issue 17: findall/3,
//!   atomic_list_concat/2 and a self-calling recovery end at the limit in bounded memory);
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
