//! Fuzz target `read`: any bytes (lossily decoded as UTF-8) through the clause reader and
//! `read_term_from_str`. Must never panic; syntax errors are fine.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlog::syntax::ops::Ops;
use puzzlog::syntax::reader::{read_term_from_str, ReadOptions, Reader};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let ops = Ops::default();
    let opts = ReadOptions::default();
    let mut reader = Reader::new(&text);
    let mut n = 0;
    while let Some(_clause) = reader.next(&ops, &opts) {
        n += 1;
        // The reader must make progress: at most one item per byte (plus the end).
        assert!(n <= text.len() + 1, "reader does not advance");
    }
    let _ = read_term_from_str(&text, &ops, &opts);
});
