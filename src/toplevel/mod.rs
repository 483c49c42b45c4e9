//! The toplevel: running queries typed by a user (the interactive REPL) or
//! written in a query script (`--transcript`), and printing their answers as
//! SWI-Prolog does.

pub mod answer;
pub mod complete;
pub mod dwim;
pub mod repl;
pub mod transcript;

use crate::machine::error::PlError;
use crate::machine::messages::prefix_lines;
use crate::machine::Machine;
use crate::syntax::reader::{read_term_from_str, ReadOptions, ReadTerm};
use crate::term::Cell;
use std::collections::HashMap;

/// What the user wants after an answer that may have more.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// `;`: the next answer.
    More,
    /// Enter or `.`: stop here.
    Stop,
}

/// How a query ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Finished normally.
    Done,
    /// `halt/0,1` was called with this status.
    Halt(i32),
}

/// An answer's text: `render(m, full)` writes it with SWI's depth limit, or
/// in full (`w` at the toplevel).
pub type Render<'r> = dyn Fn(&Machine, bool) -> String + 'r;

/// How a toplevel talks with its user: where output goes and how questions
/// are answered.
pub struct Session<'a> {
    /// Writes toplevel output (answers, `false.`).
    pub out: &'a mut dyn FnMut(&mut Machine, &str),
    /// Writes error messages (whole lines; at the terminal on standard
    /// error, after a newline if standard output is in mid-line, as SWI).
    pub err: &'a mut dyn FnMut(&mut Machine, &str),
    /// Shows an answer that may have more (without its final ` ;` or ` .`)
    /// and says whether to go on.
    pub ask: &'a mut dyn FnMut(&mut Machine, &Render) -> Next,
    /// Asks a yes/no question (`Correct to: "G"? `); true for yes.
    pub confirm: &'a mut dyn FnMut(&mut Machine, &str) -> bool,
}

/// Runs one query read from `rt`, writing its answers as the toplevel prints
/// them, after the DWIM pass has corrected (or refused) its unknown goals.
pub fn run_query(m: &mut Machine, mut rt: ReadTerm, io: &mut Session) -> Outcome {
    match dwim::correct_query(m, &mut rt, io.confirm) {
        dwim::Correction::Run => run_goal(m, &rt, io),
        dwim::Correction::Fail(msg) => {
            (io.err)(m, &prefix_lines("ERROR: ", &msg));
            (io.out)(m, "false.\n\n");
            Outcome::Done
        }
        dwim::Correction::Error(e) => {
            let msg = m.error_message(e);
            (io.err)(m, &prefix_lines("ERROR: ", &msg));
            Outcome::Done
        }
    }
}

/// Runs the goal of `rt` and writes its answers to `io.out`. An answer that
/// may have more is handed to `io.ask`, which shows it and decides whether to go on.
fn run_goal(m: &mut Machine, rt: &ReadTerm, io: &mut Session) -> Outcome {
    let (out, ask, err) = (&mut *io.out, &mut *io.ask, &mut *io.err);
    let top = m.store.top();
    let trail = m.trail.len();
    let mut vars = HashMap::new();
    let goal = m.store.from_term(&rt.term, &mut vars);
    let goal = m.debuggable(goal, 10);
    // The answer variables are garbage-collection roots while the query runs.
    let base = m.roots.len();
    let mut names: Vec<String> = Vec::new();
    for (n, i) in &rt.var_names {
        if let Some(c) = vars.get(i) {
            names.push(n.clone());
            m.roots.push(*c);
        }
    }
    let mut q = m.query_open(goal);
    let mut first = true;
    let outcome = loop {
        let r = m.query_next(&mut q, first);
        first = false;
        match r {
            Ok(true) => {
                fresh_line(m, out);
                let named: Vec<(String, Cell)> = names
                    .iter()
                    .cloned()
                    .zip(m.roots[base..].iter().copied())
                    .collect();
                let values: Vec<Cell> = named.iter().map(|(_, c)| *c).collect();
                let more = m.level() > q.barrier() + 1;
                // The answer is shown (and asked about) while its residual goals are known.
                let next = m.with_residual_goals(&values, |m, goals| {
                    let render = |m: &Machine, full: bool| {
                        answer::format_answer(m, &named, goals, full)
                            .unwrap_or_else(|| "true".to_string())
                    };
                    if more {
                        Some(ask(m, &render))
                    } else {
                        let text = render(m, false);
                        out(m, &format!("{text}.\n\n"));
                        None
                    }
                });
                match next {
                    Some(Next::More) => {
                        out(m, ";\n");
                        continue;
                    }
                    Some(Next::Stop) => {
                        out(m, ".\n\n");
                        break Outcome::Done;
                    }
                    None => break Outcome::Done,
                }
            }
            Ok(false) => {
                fresh_line(m, out);
                out(m, "false.\n\n");
                break Outcome::Done;
            }
            Err(PlError::Halt(n)) => break Outcome::Halt(n),
            Err(e) => {
                m.flush();
                let aborted = matches!(&e, PlError::Ball(_)) && m.is_abort(&e);
                let reported = m.is_reported(&e);
                let msg = m.error_message(e);
                if reported {
                    // The tracer reported it before its Exception ports.
                } else if aborted {
                    out(m, "% Execution Aborted\n");
                } else {
                    err(m, &prefix_lines("ERROR: ", &msg));
                }
                // The message ended the line (SWI's column goes back to 0 too).
                m.flushed_column = 0;
                break Outcome::Done;
            }
        }
    };
    m.query_close(q);
    m.roots.truncate(base);
    // Nothing can backtrack into this query any more: reclaim its heap.
    m.reclaim(top, trail);
    outcome
}

/// Writes pending output, then a newline if the query left standard output
/// in mid-line, so that what the toplevel says next starts a line, as in
/// SWI-Prolog. The toplevel's own lines end where its input begins.
fn fresh_line(m: &mut Machine, out: &mut dyn FnMut(&mut Machine, &str)) {
    m.flush();
    if m.flushed_column != 0 {
        out(m, "\n");
    }
    m.flushed_column = 0;
}

/// Parses query text (ending in `.`); Err carries the syntax error message.
pub fn parse_query(m: &Machine, text: &str) -> Result<Option<ReadTerm>, String> {
    let opts = ReadOptions {
        double_quotes: m.flags.double_quotes,
    };
    read_term_from_str(text, &m.ops, &opts).map_err(|e| format!("Syntax error: {}", e.message))
}
