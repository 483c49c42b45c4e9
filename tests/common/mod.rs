//! Helpers shared by the integration tests: running the `puzzlog` binary and
//! reading the seed documents from `../shared/seeds/`.

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// The output of one run of the binary.
pub struct Run {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// Exit status.
    pub status: i32,
}

/// Runs `puzzlog` with `args` (and optional standard input).
pub fn puzzlog(args: &[&str], stdin: Option<&str>) -> Run {
    use std::io::Write;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzzlog"));
    cmd.args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("puzzlog runs");
    {
        let mut input = child.stdin.take().unwrap();
        if let Some(s) = stdin {
            input.write_all(s.as_bytes()).unwrap();
        }
    }
    let out = child.wait_with_output().expect("puzzlog finishes");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code().unwrap_or(-1),
    }
}

/// The `.pl` files of the folder `tests/NAME` (not its subfolders), sorted.
pub fn pl_files(name: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pl"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no programs in {}", dir.display());
    files
}

/// Writes `text` to a fresh temporary `.pl` file and returns its path.
pub fn temp_program(tag: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlog-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{tag}.pl"));
    std::fs::write(&path, text).unwrap();
    path
}

/// The text of a seed document, or None (with a message) when `../shared/seeds/` is absent.
pub fn seed(file: &str) -> Option<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/seeds")
        .join(file);
    match std::fs::read_to_string(&path) {
        Ok(t) => Some(t),
        Err(_) => {
            eprintln!("skipped: seed document {} not found", path.display());
            None
        }
    }
}

/// The fenced ```prolog blocks of a markdown text with their byte offsets.
pub fn prolog_blocks(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut rest = text;
    let mut base = 0;
    while let Some(start) = rest.find("```prolog\n") {
        let body_start = start + "```prolog\n".len();
        let Some(len) = rest[body_start..].find("```") else {
            break;
        };
        out.push((base + start, rest[body_start..body_start + len].to_string()));
        base += body_start + len + 3;
        rest = &rest[body_start + len + 3..];
    }
    out
}
