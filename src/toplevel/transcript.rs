//! Query scripts: a Prolog file whose clauses are loaded in order and whose
//! `?- Query.` lines are run as at the toplevel, every answer shown as if the
//! user typed `;` (up to a bound), so the output reads like a session.

use super::{run_query, Next, Outcome, Session};
use crate::machine::messages::prefix_lines;
use crate::machine::Machine;
use crate::syntax::reader::{ReadOptions, Reader};
use crate::term::{atoms, Term};

/// At most this many answers are shown per query.
pub const MAX_ANSWERS: usize = 50;

/// Runs a query script and returns the transcript (program output included).
pub fn run_script(m: &mut Machine, text: &str, name: &str) -> String {
    m.captures.push(String::new());
    let mut reader = Reader::new(text);
    m.begin_load(name);
    loop {
        let before = reader.offset();
        let opts = ReadOptions {
            double_quotes: m.flags.double_quotes,
        };
        let Some(item) = reader.next(&m.ops, &opts) else {
            break;
        };
        let source = query_source(&text[before..reader.offset()]);
        let mut rt = match item {
            Ok(rt) => rt,
            Err(e) => {
                let out = m.captures.last_mut().unwrap();
                out.push_str(&format!(
                    "ERROR: {}:{}:{}: Syntax error: {}\n",
                    name,
                    e.pos.line,
                    e.pos.col.saturating_sub(1),
                    e.message
                ));
                continue;
            }
        };
        let query = match &rt.term {
            Term::Compound(f, a) if *f == atoms::QUERY && a.len() == 1 => Some(a[0].clone()),
            _ => None,
        };
        match query {
            Some(q) => {
                m.captures
                    .last_mut()
                    .unwrap()
                    .push_str(&format!("{source}\n"));
                rt.term = q;
                let mut answers = 0;
                let mut out = |m: &mut Machine, s: &str| m.captures.last_mut().unwrap().push_str(s);
                let mut ask = |m: &mut Machine, render: &super::Render| {
                    let text = render(m, false);
                    let out = m.captures.last_mut().unwrap();
                    out.push_str(&text);
                    out.push(' ');
                    answers += 1;
                    if answers < MAX_ANSWERS {
                        Next::More
                    } else {
                        Next::Stop
                    }
                };
                // A script answers yes to the toplevel's questions.
                let mut confirm = |m: &mut Machine, question: &str| {
                    let out = m.captures.last_mut().unwrap();
                    out.push_str(question);
                    out.push_str("yes\n");
                    true
                };
                let mut io = Session {
                    out: &mut out,
                    err: &mut |m: &mut Machine, s: &str| m.captures.last_mut().unwrap().push_str(s),
                    ask: &mut ask,
                    confirm: &mut confirm,
                };
                if let Outcome::Halt(_) = run_query(m, rt, &mut io) {
                    break;
                }
            }
            None => {
                if let Err(e) = m.load_term(rt) {
                    let msg = m.error_message(e);
                    m.captures
                        .last_mut()
                        .unwrap()
                        .push_str(&prefix_lines("ERROR: ", &msg));
                }
            }
        }
    }
    if let Err(e) = m.end_load() {
        let msg = m.error_message(e);
        m.captures
            .last_mut()
            .unwrap()
            .push_str(&prefix_lines("ERROR: ", &msg));
    }
    m.captures.pop().unwrap_or_default()
}

/// The text of a query as written: without leading comment lines and layout.
fn query_source(slice: &str) -> String {
    let mut lines: Vec<&str> = slice.trim().lines().collect();
    while lines
        .first()
        .is_some_and(|l| l.trim_start().starts_with('%') || l.trim().is_empty())
    {
        lines.remove(0);
    }
    lines.join("\n").trim().to_string()
}
