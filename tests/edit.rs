//! `edit/1` runs `$EDITOR` on the file of a predicate: `+Line File` for an
//! editor known to take a line (a script named `vi` here records its
//! arguments), the file alone for another, as SWI-Prolog.

mod common;
use common::temp_program;
use std::process::Command;

#[test]
fn edit_opens_the_editor_at_the_first_clause() {
    let program = temp_program("edit_target", "foo(1).\nbar(2).\nbar(3).\n");
    let dir = program.parent().unwrap().join("editors");
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("args.log");
    for name in ["vi", "nano"] {
        let script = dir.join(name);
        std::fs::write(
            &script,
            format!("#!/bin/sh\necho \"$@\" >> {}\n", log.display()),
        )
        .unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_puzzlog"))
            .args(["-q", "-g", "edit(bar), edit(nosuch)", "-t", "halt"])
            .arg(&program)
            .env("EDITOR", &script)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "Warning: Cannot find anything to edit from \"nosuch\"\nWarning:     Use edit(file(nosuch)) to create a new file\n"
        );
    }
    let file = program.display();
    assert_eq!(
        std::fs::read_to_string(&log).unwrap(),
        format!("+2 {file}\n{file}\n")
    );
}
