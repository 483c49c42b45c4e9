//! The interactive toplevel: `?- ` prompt with rustyline (line editing and a
//! history file), multi-line queries until the closing `.`, and SWI's answer
//! interaction (`;` or space for more, Enter or `.` to stop), Tab completion
//! of atoms and of file names in quotes.

use super::complete::PrologHelper;
use super::{parse_query, run_query, Next, Outcome, Render, Session};
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

/// Asks `question` until the user types `y` or `n` (a space or Enter is a
/// yes, as in SWI-Prolog); echoes the answer as a word.
fn yes_or_no(question: &str) -> bool {
    let mut prompt = question.to_string();
    loop {
        let yes = match prompt_key(&prompt) {
            Some(b'y' | b'Y' | b'j' | b'J' | b' ' | b'\n' | b'\r') => true,
            Some(b'n' | b'N') | None => false,
            Some(_) => {
                prompt = "\nPlease answer 'y' or 'n'? ".to_string();
                continue;
            }
        };
        println!("{}", if yes { "yes" } else { "no" });
        return yes;
    }
}

/// The actions the toplevel takes after an answer, as `h` lists them
/// (SWI's layout, without the debugger's actions, which puzzlog lacks).
const ACTIONS: &str = "\n  Possible actions:\n  ; (n,r,space,TAB): redo              | c (a,RET): stop\n  w:                 write             | p:         print\n  h (?):             help\nAction? ";

/// Shows an answer that may have more and reads keys until one says what
/// next: `;` (or `n`, `r`, space, Tab) for more, `c` (or `a`, Enter, `.`)
/// to stop; `w` writes the answer again in full, `p` with the depth limit,
/// `h` or `?` lists the actions.
fn ask_answer(m: &mut Machine, render: &Render) -> Next {
    m.flush();
    let mut prompt = format!("{} ", render(m, false));
    loop {
        match prompt_key(&prompt) {
            Some(b';' | b' ' | b'n' | b'r' | b'\t') => return Next::More,
            Some(b'c' | b'a' | b'\n' | b'\r' | b'.') | None => return Next::Stop,
            Some(b'w') => prompt = format!("[write]\n{} ", render(m, true)),
            Some(b'p') => prompt = format!("[print]\n{} ", render(m, false)),
            Some(b'h' | b'?') => prompt = ACTIONS.to_string(),
            Some(k) => {
                prompt = format!("\nUnknown action: {} (h for help)\nAction? ", k as char);
            }
        }
    }
}

/// Runs the interactive toplevel until end of input or `halt`; returns the exit status.
pub fn run_repl(m: &mut Machine) -> i32 {
    let config = rustyline::Config::builder()
        .completion_type(rustyline::CompletionType::List)
        .build();
    let editor =
        rustyline::Editor::<PrologHelper, rustyline::history::DefaultHistory>::with_config(config);
    let mut rl = match editor {
        Ok(rl) => rl,
        Err(e) => {
            eprintln!("puzzlog: cannot start the line editor: {e}");
            return 1;
        }
    };
    rl.set_helper(Some(PrologHelper::default()));
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
        if let Some(h) = rl.helper_mut() {
            h.refresh();
        }
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
                let mut ask = ask_answer;
                let mut confirm = |m: &mut Machine, question: &str| {
                    m.flush();
                    yes_or_no(question)
                };
                m.interrupt
                    .store(false, std::sync::atomic::Ordering::Relaxed);
                // An internal error (a Rust panic) ends the query, not the session.
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    let mut io = Session {
                        out: &mut out,
                        err: &mut |m: &mut Machine, s: &str| m.message_out(s),
                        ask: &mut ask,
                        confirm: &mut confirm,
                    };
                    run_query(m, rt, &mut io)
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
