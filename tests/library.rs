//! The Prolog library's own checks (`tests/library/run_library_tests.pl`),
//! whose expected output was recorded with SWI-Prolog 9 running the same library.

mod common;
use common::puzzlog;

#[test]
fn library_checks_match_swi() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let file = format!("{dir}/tests/library/run_library_tests.pl");
    let r = puzzlog(&["-q", &file, "-g", "halt"], None);
    let expected =
        std::fs::read_to_string(format!("{dir}/tests/library/run_library_tests.expected")).unwrap();
    assert_eq!(
        r.stdout.trim_end(),
        expected.trim_end(),
        "stderr: {}",
        r.stderr
    );
}
