//! Fuzz target `roundtrip`: a generated term written with `writeq` (default operators)
//! must read back as a variant of itself.
#![no_main]

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let mut budget = 24;
    if let Ok(t) = puzzlog_fuzz::gen_term(&mut u, &mut budget, 6) {
        if let Err(msg) = puzzlog_fuzz::roundtrip(&t) {
            panic!("round trip: {msg}");
        }
    }
});
