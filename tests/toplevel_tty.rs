//! The interactive toplevel driven in a real terminal: tmux runs puzzlog,
//! `send-keys` types, `capture-pane` reads the screen. Skipped when tmux is
//! not installed.

use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    session: String,
}

impl Tmux {
    /// Starts `cmd` in a new session, named after the process and `tag`
    /// (tests run in parallel).
    fn start(tag: &str, cmd: &str) -> Option<Tmux> {
        let session = format!("puzzlog-test-{}-{tag}", std::process::id());
        let ok = Command::new("tmux")
            .args([
                "new-session",
                "-d",
                "-s",
                &session,
                "-x",
                "100",
                "-y",
                "40",
                cmd,
            ])
            .status()
            .ok()?
            .success();
        ok.then_some(Tmux { session })
    }

    fn keys(&self, keys: &[&str]) {
        Command::new("tmux")
            .args(["send-keys", "-t", &self.session])
            .args(keys)
            .status()
            .unwrap();
    }

    /// Types text literally. A lone `;` argument is tmux's command separator
    /// (even with `-l`), so it is sent escaped.
    fn type_text(&self, text: &str) {
        if text == ";" {
            self.keys(&["\\;"]);
        } else {
            Command::new("tmux")
                .args(["send-keys", "-t", &self.session, "-l", text])
                .status()
                .unwrap();
        }
    }

    /// Types `text`, then Enter.
    fn line(&self, text: &str) {
        self.type_text(text);
        self.keys(&["Enter"]);
    }

    fn screen(&self) -> String {
        let out = Command::new("tmux")
            .args(["capture-pane", "-t", &self.session, "-p"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until the screen contains `text` (up to 20 s). The screen has no
    /// trailing spaces, so neither has the pattern.
    fn wait_for(&self, text: &str) -> String {
        let text: String = text
            .lines()
            .map(str::trim_end)
            .collect::<Vec<_>>()
            .join("\n");
        let text = text.as_str();
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            if start.elapsed() > Duration::from_secs(20) {
                let ls = Command::new("tmux")
                    .args(["list-sessions"])
                    .output()
                    .unwrap();
                panic!(
                    "timed out waiting for {text:?}; sessions: {}; screen:\n{s}",
                    String::from_utf8_lossy(&ls.stdout)
                );
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.session])
            .status();
    }
}

#[test]
fn toplevel_in_a_terminal_answers_like_swi() {
    let Some((t, _)) = session("answers", "") else {
        return;
    };
    t.wait_for("?- ");
    // `;` asks for the next answer, Enter stops.
    t.line("member(X, [a,b,c]).");
    t.wait_for("X = a ");
    t.type_text(";");
    t.wait_for("X = a ;\nX = b ");
    t.keys(&["Enter"]);
    t.wait_for("X = b .");
    // A query over two lines, bindings on separate lines.
    t.line("X = f(Y),");
    t.wait_for("|    ");
    t.line("Y = 2.");
    t.wait_for("X = f(2),\nY = 2.");
    // The last answer ends with a full stop by itself; failure says false.
    t.line("member(X, [z]).");
    t.wait_for("X = z.");
    t.line("fail.");
    t.wait_for("false.");
    // Constraints left on the variables follow the bindings, on every answer.
    t.line("dif(X, a), member(Y, [1,2]).");
    t.wait_for("Y = 1,\ndif(X, a) ");
    t.type_text(";");
    t.wait_for("Y = 1,\ndif(X, a) ;\nY = 2,\ndif(X, a).");
    // Errors are reported in words and the session goes on.
    t.line("atom_length(X, Y).");
    t.wait_for("ERROR: Arguments are not sufficiently instantiated");
    // Ctrl-C interrupts a running query and returns to the prompt.
    t.line("repeat, fail.");
    std::thread::sleep(Duration::from_millis(300));
    t.keys(&["C-c"]);
    t.wait_for("% Execution Aborted");
    t.line("X = still_alive.");
    t.wait_for("X = still_alive.");
    // halt leaves.
    t.line("halt.");
    let start = Instant::now();
    while t.screen().contains("?- halt.") && start.elapsed() < Duration::from_secs(5) {
        let out = Command::new("tmux")
            .args(["has-session", "-t", &t.session])
            .output()
            .unwrap();
        if !out.status.success() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn tracing_in_a_terminal_creeps_skips_and_leaps() {
    let program = "len([], 0).\nlen([_|T], N) :- len(T, M), N is M+1.\n";
    let Some((t, _)) = session("trace", program) else {
        return;
    };
    t.wait_for("?- ");
    t.type_text("trace.");
    t.keys(&["Enter"]);
    t.wait_for("[trace]  ?- ");
    t.type_text("len([a,b],N).");
    t.keys(&["Enter"]);
    t.wait_for("   Call: (10) len([a, b], _");
    // One key, no Enter: c creeps, s skips over a call, l leaps to the end.
    t.type_text("c");
    t.wait_for("creep\n   Call: (11) len([b], _");
    t.type_text("s");
    t.wait_for("skip\n   Exit: (11) len([b], 1) ? ");
    t.type_text("l");
    t.wait_for("leap\nN = 2.");
    t.wait_for("[debug]  ?- ");
    t.type_text("halt.");
    t.keys(&["Enter"]);
}

/// A session of puzzlog (`-q`, a fresh HOME so the history file is its
/// own) on a program file `prog.pl` with `text`, at its first prompt; None
/// (skipped) when tmux is missing or cannot start. Returns the HOME folder.
fn session(tag: &str, text: &str) -> Option<(Tmux, std::path::PathBuf)> {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("skipped: tmux is not installed");
        return None;
    }
    let home = std::env::temp_dir().join(format!("puzzlog-tty-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&home).unwrap();
    let file = home.join("prog.pl");
    std::fs::write(&file, text).unwrap();
    let bin = env!("CARGO_BIN_EXE_puzzlog");
    let cmd = format!("HOME={} {bin} -q {}", home.display(), file.display());
    let Some(t) = Tmux::start(tag, &cmd) else {
        eprintln!("skipped: tmux could not start a session");
        return None;
    };
    t.wait_for("?- ");
    Some((t, home))
}

#[test]
fn dwim_correction_and_make_in_a_terminal() {
    let Some((t, home)) = session("dwim", "my_pred(a).\n") else {
        return;
    };
    let file = home.join("prog.pl");
    // A goal of an unknown procedure with a close name is offered a correction.
    t.line("mypred(X).");
    t.wait_for("Correct to: \"my_pred(X)\"?");
    t.type_text("y");
    t.wait_for("Correct to: \"my_pred(X)\"? yes\nX = a.");
    // Refused, the goal runs as typed.
    t.line("mypred(X).");
    t.wait_for("?- mypred(X).\nCorrect to: \"my_pred(X)\"?");
    t.type_text("n");
    t.wait_for("? no\nERROR: Unknown procedure: mypred/1");
    // make/0 loads the file again once it has changed.
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(&file, "my_pred(b).\nnew_pred.\n").unwrap();
    t.line("make.");
    t.wait_for("?- make.\ntrue.");
    t.line("my_pred(X), new_pred.");
    t.wait_for("X = b.");
}

#[test]
fn answer_actions_in_a_terminal() {
    let Some((t, _)) = session("actions", "") else {
        return;
    };
    // Answers are written with a depth limit; `w` writes one in full, `p` limited again.
    t.line("numlist(1, 20, L), member(X, [a,b]).");
    t.wait_for("L = [1, 2, 3, 4, 5, 6, 7, 8, 9|...],\nX = a ");
    t.type_text("w");
    t.wait_for("X = a [write]\nL = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],\nX = a ");
    t.type_text("p");
    t.wait_for("X = a [print]\nL = [1, 2, 3, 4, 5, 6, 7, 8, 9|...],\nX = a ");
    t.type_text("c");
    t.wait_for("X = a .");
    // `h` lists the actions; an unknown key says so.
    t.line("member(X, [a,b]).");
    t.wait_for("?- member(X, [a,b]).\nX = a ");
    t.type_text("h");
    t.wait_for("  Possible actions:");
    t.wait_for("Action? ");
    t.type_text("x");
    t.wait_for("Unknown action: x (h for help)\nAction? ");
    t.type_text(";");
    t.wait_for("X = b.");
}

#[test]
fn tab_completion_in_a_terminal() {
    let Some((t, home)) = session("complete", "my_unique_predicate(1).\n") else {
        return;
    };
    std::fs::write(home.join("unique_file_name.txt"), "").unwrap();
    // A predicate name completes from its start.
    t.type_text("my_uniq");
    t.keys(&["Tab"]);
    t.wait_for("?- my_unique_predicate");
    t.line("(X).");
    t.wait_for("X = 1.");
    // Inside quotes, a file name completes.
    t.type_text(&format!("atom_length('{}/unique_f", home.display()));
    t.keys(&["Tab"]);
    t.wait_for("unique_file_name.txt");
}
