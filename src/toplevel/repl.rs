//! The interactive toplevel: `?- ` prompt with rustyline (line editing and a
//! history file), multi-line queries until the closing `.`, and SWI's answer
//! interaction (`;` or space for more, Enter or `.` to stop).

use super::{parse_query, run_query, Next, Outcome};
use crate::machine::Machine;
use rustyline::error::ReadlineError;
use std::io::Write;

fn history_path() -> Option<std::path::PathBuf> {
    std::env::var_os("HOME").map(|h| std::path::Path::new(&h).join(".puzzlog_history"))
}

/// Shows `prompt` on standard output and reads one key (see `crate::tty::read_key`).
fn prompt_key(prompt: &str) -> Option<u8> {
    crate::tty::read_key(&mut || {
        print!("{prompt}");
        let _ = std::io::stdout().flush();
    })
}

/// What a key means after an answer.
fn key_action(k: Option<u8>) -> Next {
    match k {
        Some(b';') | Some(b' ') | Some(b'n') | Some(b'r') | Some(b'\t') => Next::More,
        _ => Next::Stop,
    }
}

/// Runs the interactive toplevel until end of input or `halt`; returns the exit status.
pub fn run_repl(m: &mut Machine) -> i32 {
    let mut rl = match rustyline::DefaultEditor::new() {
        Ok(rl) => rl,
        Err(e) => {
            eprintln!("puzzlog: cannot start the line editor: {e}");
            return 1;
        }
    };
    let hist = history_path();
    if let Some(h) = &hist {
        let _ = rl.load_history(h);
    }
    let mut buffer = String::new();
    let status = loop {
        m.flush();
        let prompt = match (buffer.is_empty(), m.debug_mode) {
            (false, _) => "|    ",
            (true, 2) => "[trace]  ?- ",
            (true, 1) => "[debug]  ?- ",
            _ => "?- ",
        };
        match rl.readline(prompt) {
            Ok(line) => {
                buffer.push_str(&line);
                buffer.push('\n');
                if !buffer.trim_end().ends_with('.') {
                    continue;
                }
                let text = std::mem::take(&mut buffer);
                let _ = rl.add_history_entry(text.trim());
                let rt = match parse_query(m, &text) {
                    Ok(Some(rt)) => rt,
                    Ok(None) => continue,
                    Err(msg) => {
                        eprintln!("ERROR: {msg}");
                        continue;
                    }
                };
                let mut out = |m: &mut Machine, s: &str| {
                    m.flush();
                    print!("{s}");
                    let _ = std::io::stdout().flush();
                };
                let mut ask = |m: &mut Machine, answer: &str| {
                    m.flush();
                    key_action(prompt_key(answer))
                };
                m.interrupt
                    .store(false, std::sync::atomic::Ordering::Relaxed);
                // An internal error (a Rust panic) ends the query, not the session.
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    run_query(m, &rt, &mut out, &mut ask)
                }));
                match r {
                    Ok(Outcome::Halt(n)) => break n,
                    Ok(Outcome::Done) => {}
                    Err(_) => {
                        m.recover();
                        eprintln!("ERROR: internal error; the query was abandoned (the database is intact)");
                    }
                }
            }
            Err(ReadlineError::Interrupted) => {
                buffer.clear();
                continue;
            }
            Err(_) => {
                println!();
                break 0;
            }
        }
    };
    if let Some(h) = &hist {
        let _ = rl.save_history(h);
    }
    m.flush();
    status
}
