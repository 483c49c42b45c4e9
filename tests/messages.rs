//! Messages on standard error, as SWI-Prolog writes them: each
//! `tests/messages/NAME.pl` is run with `-q -g main -t halt` and its standard
//! error compared with `NAME.stderr`, recorded from SWI-Prolog 9 with
//! `swipl -q -g main -t halt NAME.pl 2>&1 >/dev/null | sed "s#$PWD/#DIR/#g"`
//! (the folder of the programs written as `DIR/`).

mod common;
use common::puzzlog;

#[test]
fn messages_match_swi() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/messages");
    let mut programs: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pl"))
        .collect();
    programs.sort();
    assert!(!programs.is_empty(), "no programs in {}", dir.display());
    let prefix = format!("{}/", dir.display());
    for program in programs {
        let expected = std::fs::read_to_string(program.with_extension("stderr")).unwrap();
        let r = puzzlog(
            &["-q", "-g", "main", "-t", "halt", program.to_str().unwrap()],
            None,
        );
        let got = r.stderr.replace(&prefix, "DIR/");
        assert_eq!(got, expected, "{}", program.display());
    }
}
