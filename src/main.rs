//! The `puzzlog` command: the same flags as `swipl` (`-q`, `-g Goal`, `-t Goal`,
//! files to load), the interactive toplevel, and `--transcript` for query scripts.

use puzzlog::machine::error::PlError;
use puzzlog::machine::messages::prefix_lines;
use puzzlog::machine::Machine;
use puzzlog::toplevel::{parse_query, repl, transcript};
use std::io::Write;
use std::process::exit;

const HELP: &str = "\
puzzlog: a Prolog for solving and studying logic puzzles

Usage: puzzlog [options] [file [file.pl ...]] [arg ...]

Options:
  -q                  quiet: no banner
  -g Goal             run Goal after loading the files (may be repeated);
                      a goal that fails exits with status 1, one that raises with 2
  -t Goal             run Goal instead of the interactive toplevel (e.g. -t halt)
  --stack-limit=SIZE  limit the memory of a query's stacks (heap, frames,
                      choicepoints, trail) to SIZE bytes, with a suffix k, m
                      or g (default 1g); beyond it a query raises
                      resource_error(stack), as in SWI-Prolog
  --transcript FILE   run a query script: load its clauses in order and answer
                      each `?- Query.` as the toplevel would, printing a transcript
  -h, --help          show this help
  --version           show the version

The first argument after the options is a program file to load, and so is
each next one while all of them end in .pl; the arguments after the files
(and after a `--`) are the program's, in the flag argv, as in SWI-Prolog.
Without -t, puzzlog starts the interactive toplevel after loading the files.
";

/// Writes to standard output directly (help, banner), ignoring a closed pipe.
fn say(text: &str) {
    let _ = std::io::stdout().write_all(text.as_bytes());
}

/// Writes a line to standard error, ignoring a closed pipe.
fn complain(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

struct Options {
    quiet: bool,
    goals: Vec<String>,
    toplevel: Option<String>,
    transcript: Option<String>,
    stack_limit: Option<usize>,
    files: Vec<String>,
    /// The arguments after the files: the `argv` flag.
    argv: Vec<String>,
}

/// Parses a size such as `100m`, `2g`, `512k` or `1000000` (bytes).
fn parse_size(text: &str) -> Option<usize> {
    let t = text.trim().to_ascii_lowercase();
    let t = t.strip_suffix('b').unwrap_or(&t);
    let (digits, unit) = match t.char_indices().last()? {
        (i, 'k') => (&t[..i], 1usize << 10),
        (i, 'm') => (&t[..i], 1 << 20),
        (i, 'g') => (&t[..i], 1 << 30),
        _ => (t, 1),
    };
    digits
        .parse::<usize>()
        .ok()?
        .checked_mul(unit)
        .filter(|&n| n > 0)
}

fn parse_args() -> Options {
    let mut o = Options {
        quiet: false,
        goals: Vec::new(),
        toplevel: None,
        transcript: None,
        stack_limit: None,
        files: Vec::new(),
        argv: Vec::new(),
    };
    // Arguments that are not UTF-8 (file names in another encoding) are read
    // with U+FFFD for the bytes that do not decode; such a file is then not
    // found, an error rather than a crash.
    let mut args = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned());
    while let Some(a) = args.next() {
        let mut value = |flag: &str| {
            args.next().unwrap_or_else(|| {
                complain(&format!(
                    "puzzlog: option {flag} needs an argument (see --help)"
                ));
                exit(2)
            })
        };
        match a.as_str() {
            "-q" | "--quiet" => o.quiet = true,
            "-g" => o.goals.push(value("-g")),
            "-t" => o.toplevel = Some(value("-t")),
            "--transcript" => o.transcript = Some(value("--transcript")),
            s if s == "--stack-limit" || s.starts_with("--stack-limit=") => {
                let text = match s.strip_prefix("--stack-limit=") {
                    Some(t) => t.to_string(),
                    None => value("--stack-limit"),
                };
                match parse_size(&text) {
                    Some(n) => o.stack_limit = Some(n),
                    None => {
                        complain(&format!(
                            "puzzlog: bad --stack-limit size {text} (e.g. 100m, 2g)"
                        ));
                        exit(2)
                    }
                }
            }
            "-h" | "--help" => {
                say(HELP);
                exit(0)
            }
            "--version" => {
                say(&format!("puzzlog version {}\n", env!("CARGO_PKG_VERSION")));
                exit(0)
            }
            "--" => {
                o.argv.extend(args.by_ref());
                break;
            }
            s if s.starts_with('-') && s.len() > 1 => {
                complain(&format!("puzzlog: unknown option {s} (see --help)"));
                exit(2)
            }
            _ => {
                // The script, and the .pl files after a .pl script; the
                // rest is the program's (a first `--` dropped).
                let script_pl = a.ends_with(".pl");
                o.files.push(a);
                let mut rest = args.by_ref().peekable();
                if script_pl {
                    while let Some(f) = rest.next_if(|f| f.ends_with(".pl")) {
                        o.files.push(f);
                    }
                }
                o.argv = rest.collect();
                if o.argv.first().is_some_and(|r| r == "--") {
                    o.argv.remove(0);
                }
                break;
            }
        }
    }
    o
}

/// Runs a goal given as text; returns the exit status it implies, or None when it succeeded.
/// A `-g` goal runs under the debugger when that is on, at recursion depth
/// `traced` (SWI numbers its i-th `-g` goal 9 + i); the `-t` goal does not.
fn run_goal_text(m: &mut Machine, text: &str, quiet: bool, traced: Option<i64>) -> Option<i32> {
    let rt = match parse_query(m, &format!("{text} .")) {
        Ok(Some(rt)) => rt,
        Ok(None) => return None,
        Err(msg) => {
            m.message_out(&prefix_lines("ERROR: ", &format!("-g {text}: {msg}")));
            return Some(2);
        }
    };
    let goal = m.store.from_term(&rt.term, &mut Default::default());
    let goal = match traced {
        Some(depth) => m.debuggable(goal, depth),
        None => goal,
    };
    let r = m.run_once(goal);
    // What the goal wrote must reach standard output: a closed pipe or a
    // full disk is the goal's error, as in SWI-Prolog. Its standard output is
    // line-buffered: only complete lines fail the goal (text after the last
    // newline is left to halt/0, which ignores a failure to write it).
    let complete_lines = m.out.contains('\n');
    let r = match (r, m.flush_checked()) {
        (Ok(_) | Err(PlError::Halt(_)), Err(e)) if complete_lines => Err(e),
        (r, _) => r,
    };
    match r {
        Ok(true) => None,
        Ok(false) => {
            if !quiet {
                m.message_out(&format!("ERROR: -g {text}: false\n"));
            }
            Some(1)
        }
        Err(PlError::Halt(n)) => Some(n),
        // As SWI-Prolog: an abort (Ctrl-C, abort/0) is not an error of the goal.
        Err(e) if m.is_abort(&e) => {
            if !quiet {
                m.message_out("% Execution Aborted\n");
            }
            Some(1)
        }
        Err(e) => {
            let msg = m.goal_error_message(e);
            m.message_out(&prefix_lines("ERROR: ", &format!("-g {text}: {msg}")));
            Some(2)
        }
    }
}

fn main() {
    let o = parse_args();
    let mut m = Machine::new();
    m.flags.verbose_silent = o.quiet;
    if let Some(n) = o.stack_limit {
        m.limits.stack = n;
    }
    m.set_argv(&o.argv);
    let flag = m.interrupt.clone();
    let _ = ctrlc::set_handler(move || flag.store(true, std::sync::atomic::Ordering::Relaxed));
    for f in &o.files {
        match m.consult_file(f) {
            Ok(()) => {}
            Err(PlError::Halt(n)) => {
                m.flush();
                exit(n)
            }
            Err(e) if m.is_abort(&e) => {
                // Ctrl-C during the load: what was loaded so far stays.
                m.message_out("% Execution Aborted\n");
            }
            Err(e) => {
                // As SWI-Prolog: an error that ends the load of a file given
                // on the command line (it does not exist, an unknown
                // `:- encoding/1`) ends the start-up.
                let msg = m.error_message_with_caller(e);
                m.message_out(&format!(
                    "ERROR: Prolog initialisation failed:\nERROR: {msg}\n"
                ));
                m.flush();
                exit(1)
            }
        }
    }
    m.flush();
    for (i, g) in o.goals.iter().enumerate() {
        if let Some(status) = run_goal_text(&mut m, g, o.quiet, Some(9 + i as i64)) {
            exit(status)
        }
    }
    if let Some(status) = m.run_main_goal() {
        m.flush();
        exit(status)
    }
    if let Some(script) = &o.transcript {
        let text = match std::fs::read_to_string(script) {
            Ok(t) => t,
            Err(e) => {
                complain(&format!("puzzlog: cannot read {script}: {e}"));
                exit(2)
            }
        };
        let out = transcript::run_script(&mut m, &text, script);
        m.flush();
        say(&out);
        exit(0)
    }
    if let Some(t) = &o.toplevel {
        let status = run_goal_text(&mut m, t, true, None).unwrap_or(0);
        exit(status)
    }
    if !o.quiet {
        say(&format!(
            "Welcome to puzzlog {} — a Prolog for logic puzzles.\n\
             Type a query ending in a full stop, e.g. ?- member(X, [a,b]).  Ctrl-D exits.\n\n",
            env!("CARGO_PKG_VERSION")
        ));
    }
    let status = repl::run_repl(&mut m);
    exit(status)
}
