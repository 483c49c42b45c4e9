//! Query scripts: every `tests/scripts/*.pl` is run with `puzzlog --transcript`
//! and its transcript compared with an insta snapshot (`cargo insta review`
//! after a change). The transcripts read like toplevel sessions.

mod common;
use common::puzzlog;

#[test]
fn query_scripts_match_their_snapshots() {
    let scripts = common::pl_files("scripts");
    for script in scripts {
        let name = script.file_stem().unwrap().to_string_lossy().into_owned();
        let r = puzzlog(&["-q", "--transcript", script.to_str().unwrap()], None);
        assert_eq!(r.status, 0, "{name}: {}", r.stderr);
        // Snapshots live beside the scripts: tests/scripts/snapshots/NAME.snap.
        insta::with_settings!({ snapshot_path => "scripts/snapshots", prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(name.as_str(), r.stdout);
        });
    }
}
