//! Fuzz target `machine`: a generated small program is consulted into a fresh machine and a
//! generated goal run for at most 5 answers, under a 50 ms watchdog that sets the machine's
//! interrupt flag. Errors are fine; panics and hangs are not.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use puzzlog::Machine;
use std::time::Duration;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(p) = puzzlog_fuzz::program::gen_program(&mut u) else {
        return;
    };
    if std::env::var_os("PUZZLOG_FUZZ_SHOW").is_some() {
        eprintln!("{}?- {}.", p.text, p.goal);
    }
    let mut m = Machine::new();
    puzzlog_fuzz::watch(m.interrupt.clone(), Duration::from_millis(50));
    let _ = m.consult_str(&p.text, "fuzz");
    m.out.clear();
    if let Ok(answers) = m.query(&p.goal) {
        for a in answers.take(5) {
            if a.is_err() {
                break;
            }
        }
    }
    m.out.clear();
    puzzlog_fuzz::unwatch();
});
