//! Output that cannot be written or is too large to hold (issue 17): a closed pipe or a
//! full disk ends the goal with SWI-Prolog's I/O error and exit status 2; huge counts
//! (`tab/1`, `format/2` columns and precisions) stream their text instead of allocating it;
//! a memory stream stops at the stack limit.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Runs `goal` with standard output piped, reads `keep` bytes of it (up to the first
/// newline when `keep` is 0), closes the pipe and waits (at most a minute) for the exit.
/// Returns the exit status and standard error.
fn close_early(goal: &str, keep: usize) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlog"))
        .args(["-q", "-g", goal, "-t", "halt"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("puzzlog runs");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    if keep == 0 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert_eq!(line, "1\n");
    } else {
        let mut buf = vec![0u8; keep];
        out.read_exact(&mut buf).unwrap();
    }
    drop(out);
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            return (status.code().unwrap_or(-1), err);
        }
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{goal}: still running a minute after its output was closed");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_closed_pipe_ends_the_goal() {
    for (goal, keep, pred) in [
        ("between(1,inf,X),write(X),nl,fail", 0, ""),
        ("tab(1000000000000)", 100, "tab/1: "),
        ("format(\"~t~100000000000|\")", 100, "format/2: "),
        ("format(\"~100000000000d\", [1])", 100, "format/2: "),
        ("format(\"~*c\", [2147483647, 0'x])", 100, "format/2: "),
    ] {
        let (status, err) = close_early(goal, keep);
        assert_eq!(status, 2, "{goal}: {err}");
        let want = format!("{pred}I/O error in write on stream user_output (Broken pipe)");
        assert!(err.contains(&want), "{goal}: {err}");
    }
}

#[test]
fn a_full_disk_is_an_error() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full");
        return;
    }
    for (goal, status, message) in [
        (
            "write(hello), nl",
            2,
            "nl/0: I/O error in write on stream user_output (No space left on device)",
        ),
        (
            "forall(between(1, 100000, X), (write(X), nl))",
            2,
            "No space left on device",
        ),
        // As SWI (line-buffered): text after the last newline is left to halt/0.
        ("write(hello)", 0, ""),
        (
            "open('/dev/full', write, S), write(S, hello), nl(S), close(S)",
            2,
            "close/1: I/O error in write on stream '<stream>'(",
        ),
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_puzzlog"))
            .args(["-q", "-g", goal, "-t", "halt"])
            .stdout(Stdio::from(full))
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(status), "{goal}: {err}");
        assert!(err.contains(message), "{goal}: {err}");
    }
}

#[test]
fn huge_counts_stream_their_text() {
    // SWI writes "1." and 10,000,000 zeros then "e+00"; "0." then the digits for ~d.
    for (goal, len) in [
        ("format(\"~10000000e\", [1.0])", 10_000_006),
        ("format(\"~10000000d\", [1])", 10_000_002),
        ("format(\"~`-t~10000000|\")", 10_000_000),
        ("tab(10000000)", 10_000_000),
    ] {
        let r = crate::common::puzzlog(&["-q", "-g", goal, "-t", "halt"], None);
        assert_eq!(r.stdout.len(), len, "{goal}: {}", r.stderr);
        assert_eq!(r.status, 0, "{goal}: {}", r.stderr);
    }
}

#[test]
fn a_memory_stream_stops_at_the_stack_limit() {
    let r = crate::common::puzzlog(
        &[
            "-q",
            "--stack-limit=20m",
            "-g",
            "catch(with_output_to(string(_), tab(1000000000000)), error(E, _), true), print(E), nl",
            "-t",
            "halt",
        ],
        None,
    );
    assert_eq!(r.stdout, "resource_error(memory)\n", "{}", r.stderr);
}
