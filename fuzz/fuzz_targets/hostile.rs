//! Fuzz target `hostile` (issue 17): programs with clause bodies nested thousands deep,
//! cyclic terms given to every builtin family, and extreme numbers given to every builtin
//! that takes a count (src/hostile.rs), each consulted into a fresh machine whose goal runs
//! for at most 5 answers under a 500 ms watchdog. Errors are fine; a crash (panic, abort,
//! stack overflow) or a hang past the watchdog is not.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(p) = puzzlog_fuzz::hostile::gen_hostile(&mut u) else {
        return;
    };
    // Small stacks (and memory streams) keep a run within libFuzzer's RSS limit.
    puzzlog_fuzz::run_program(&p, Duration::from_millis(500), Some(128 << 20));
});
