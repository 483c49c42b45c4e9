//! Messages on standard error, as SWI-Prolog writes them: each
//! `tests/messages/NAME.pl` is run with `-q -g main -t halt` and its standard
//! error compared with `NAME.stderr`, recorded from SWI-Prolog 9 with
//! `swipl -q -g main -t halt NAME.pl 2>&1 >/dev/null | sed "s#$PWD/#DIR/#g"`
//! (the folder of the programs written as `DIR/`).

mod common;
use common::puzzlog;

#[test]
fn messages_match_swi() {
    let programs = common::pl_files("messages");
    let prefix = format!("{}/tests/messages/", env!("CARGO_MANIFEST_DIR"));
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
