//! Fuzz target `machine`: a generated small program is consulted into a fresh machine and a
//! generated goal run for at most 5 answers, under a 50 ms watchdog that sets the machine's
//! interrupt flag. Errors are fine; panics and hangs are not.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(p) = puzzlog_fuzz::program::gen_program(&mut u) else {
        return;
    };
    puzzlog_fuzz::run_program(&p, Duration::from_millis(50), None);
});
