//! Error messages in words, as SWI-Prolog prints them (`ERROR: ...`).

use super::error::PlError;
use super::Machine;
use crate::syntax::writer::{write_term, WriteOptions};
use crate::term::{Cell, View};

/// What SWI puts before the message of a ball that is not an error term,
/// uncaught at the toplevel or in a directive.
const UNHANDLED: &str = "Unhandled exception: ";

impl Machine {
    /// `writeq` of a cell, as used in messages.
    pub fn format_goal(&self, c: Cell) -> String {
        let mut s = String::new();
        write_term(&mut s, &self.store, &self.ops, c, &WriteOptions::writeq());
        s
    }

    /// The message for an error uncaught at the toplevel (which SWI-Prolog
    /// follows with a backtrace, not the predicate that raised it), without
    /// the `ERROR: ` prefix.
    pub fn error_message(&mut self, e: PlError) -> String {
        self.message(e, false)
    }

    /// The message for an error of a `-g` goal, a directive or
    /// `print_message/2`: as `error_message`, after the predicate named in
    /// the error's context (`atom_length/2: Arguments are ...`), as SWI-Prolog.
    pub fn error_message_with_caller(&mut self, e: PlError) -> String {
        self.message(e, true)
    }

    /// The message for the error of a `-g` goal or a term given to
    /// `print_message/2`: as `error_message_with_caller`, but a ball that is
    /// not an error term is not called unhandled (`Unknown message: foo`,
    /// `Time limit exceeded`).
    pub fn goal_error_message(&mut self, e: PlError) -> String {
        let msg = self.message(e, true);
        match msg.strip_prefix(UNHANDLED) {
            Some(rest) => rest.to_string(),
            None => msg,
        }
    }

    fn message(&mut self, e: PlError, caller: bool) -> String {
        if let PlError::Halt(n) = e {
            return format!("halt({n})");
        }
        let top = self.store.top();
        let ball = self.make_ball(e);
        let b = ball.restore(&mut self.store);
        let msg = self.ball_message(b);
        let msg = match self.caller(b) {
            Some(pi) if caller => format!("{pi}: {msg}"),
            _ => msg,
        };
        self.store.heap.truncate(top);
        msg
    }

    /// The predicate indicator of `error(_, context(Caller, _))`, if the
    /// caller is known, as SWI-Prolog writes it: the module left out when it
    /// is `user` or `system`, the name quoted but not as an operator (`is/2`).
    fn caller(&self, b: Cell) -> Option<String> {
        let ctx = self.store.deref(self.arg(b, 1));
        if !matches!(self.name_of(b), Some(("error", 2)))
            || !matches!(self.name_of(ctx), Some(("context", 2)))
        {
            return None;
        }
        let mut pi = self.store.deref(self.arg(ctx, 0));
        let mut module = String::new();
        if let Some((":", 2)) = self.name_of(pi) {
            let m = self.store.deref(self.arg(pi, 0));
            if !matches!(self.name_of(m), Some(("user" | "system", 0))) {
                module = format!("{}:", self.format_goal(m));
            }
            pi = self.store.deref(self.arg(pi, 1));
        }
        if !crate::builtins::terms::ground(self, pi) {
            return None;
        }
        let (name, arity) = (self.arg(pi, 0), self.arg(pi, 1));
        Some(match (self.name_of(pi), self.store.view(name)) {
            (Some((slash @ ("/" | "//"), 2)), View::Atom(n)) => {
                let mut text = module;
                crate::syntax::writer::format_atom(&mut text, n.name(), true);
                format!("{text}{slash}{}", self.format_goal(arity))
            }
            _ => module + &self.format_goal(pi),
        })
    }

    /// The DWIM candidates of the predicate indicator `[M:]Name/Arity` of an
    /// unknown procedure, as they are listed in its message.
    pub fn dwim_candidates(&self, pi: Cell) -> Vec<String> {
        let (mut module, mut pi) = (crate::term::atoms::USER, pi);
        if let Some((":", 2)) = self.name_of(pi) {
            if let View::Atom(q) = self.store.view(self.store.deref(self.arg(pi, 0))) {
                module = q;
            }
            pi = self.store.deref(self.arg(pi, 1));
        }
        match (
            self.name_of(pi),
            self.store.view(self.store.deref(self.arg(pi, 0))),
        ) {
            (Some(("/", 2)), View::Atom(name)) => self
                .dwim_predicates(module, name.name())
                .into_iter()
                .map(super::dwim::dwim_indicator)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// `write` of a cell (atoms unquoted), as `~w` in SWI's messages.
    fn plain(&self, c: Cell) -> String {
        let mut s = String::new();
        write_term(&mut s, &self.store, &self.ops, c, &WriteOptions::write());
        s
    }

    fn arg(&self, c: Cell, i: usize) -> Cell {
        match self.store.view(c) {
            View::Compound(_, n, first) if i < n => self.store.heap[first + i],
            _ => c,
        }
    }

    fn name_of(&self, c: Cell) -> Option<(&'static str, usize)> {
        match self.store.view(c) {
            View::Atom(a) => Some((a.name(), 0)),
            View::Compound(f, n, _) => Some((f.name(), n)),
            _ => None,
        }
    }

    /// Describes a culprit the way SWI does: `a' (an atom)`.
    fn found(&self, c: Cell) -> String {
        let kind = match self.store.view(c) {
            View::Atom(a) if a == crate::term::atoms::NIL => "an empty_list",
            View::Atom(_) => "an atom",
            View::Int(_) | View::BigInt(_) => "an integer",
            View::Float(_) => "a float",
            View::Str(_) => "a string",
            View::Compound(..) if !crate::term::cyclic::is_acyclic(&self.store, c) => "a cyclic",
            // A partial or improper list is "a compound" to SWI.
            View::Compound(f, 2, _)
                if f == crate::term::atoms::DOT
                    && self.store.list_end(c) == Some(Cell::atom(crate::term::atoms::NIL)) =>
            {
                "a list"
            }
            View::Compound(..) => "a compound",
            View::Var(_) => "a var",
        };
        format!("`{}' ({})", self.format_goal(c), kind)
    }

    fn ball_message(&self, b: Cell) -> String {
        if let Some(("$aborted", 0)) = self.name_of(b) {
            return "Execution Aborted".to_string();
        }
        let Some(("error", 2)) = self.name_of(b) else {
            let text = match self.name_of(b) {
                Some(("time_limit_exceeded", 0)) => "Time limit exceeded".to_string(),
                _ => format!("Unknown message: {}", self.format_goal(b)),
            };
            return format!("{UNHANDLED}{text}");
        };
        let formal = self.store.deref(self.arg(b, 0));
        let ctx = self.store.deref(self.arg(b, 1));
        let a0 = self.store.deref(self.arg(formal, 0));
        let a1 = self.store.deref(self.arg(formal, 1));
        let g = |c: Cell| self.format_goal(c);
        let mut msg = match self.name_of(formal) {
            Some(("instantiation_error", 0)) => {
                "Arguments are not sufficiently instantiated".to_string()
            }
            Some(("type_error", 2)) => {
                if let Some(("evaluable", 0)) = self.name_of(a0) {
                    format!("Arithmetic: `{}' is not a function", g(a1))
                } else {
                    format!("Type error: `{}' expected, found {}", g(a0), self.found(a1))
                }
            }
            Some(("domain_error", 2)) => {
                format!("Domain error: `{}' expected, found `{}'", g(a0), g(a1))
            }
            Some(("existence_error", 2)) => match self.name_of(a0) {
                Some(("procedure", 0)) => {
                    let mut msg = format!("Unknown procedure: {}", g(a1));
                    let candidates = self.dwim_candidates(a1);
                    if !candidates.is_empty() {
                        msg.push_str("\n  However, there are definitions for:");
                        for c in candidates {
                            msg.push_str(&format!("\n        {c}"));
                        }
                    }
                    msg
                }
                Some(("source_sink", 0)) => format!("source_sink `{}' does not exist", g(a1)),
                Some(("file", 0)) => {
                    let is_dir = matches!(
                        self.name_of(self.store.deref(self.arg(ctx, 1))),
                        Some(("directory", 1))
                    );
                    let why = if is_dir { " (is a directory)" } else { "" };
                    format!("file `{}' does not exist{why}", g(a1))
                }
                Some(("matching_rule", 0)) => format!("No rule matches {}", g(a1)),
                _ => format!("{} `{}' does not exist", g(a0), g(a1)),
            },
            Some(("permission_error", 3)) => {
                let a2 = self.store.deref(self.arg(formal, 2));
                // SWI spells out this one type only.
                let what = match g(a1).as_str() {
                    "static_procedure" => "static procedure".to_string(),
                    other => other.to_string(),
                };
                format!("No permission to {} {} `{}'", g(a0), what, g(a2))
            }
            Some(("evaluation_error", 1)) => format!("Arithmetic: evaluation error: `{}'", g(a0)),
            Some(("representation_error", 1)) => format!("Cannot represent due to `{}'", g(a0)),
            Some(("resource_error", 1)) if matches!(self.name_of(a0), Some(("stack", 0))) => {
                format!("Stack limit ({}) exceeded", human_size(self.limits.stack))
            }
            Some(("resource_error", 1)) => format!("Not enough resources: {}", g(a0)),
            Some(("syntax_error", 1)) => format!("Syntax error: {}", g(a0)),
            Some(("format", 1)) => format!("Format error: {}", self.plain(a0)),
            Some(("format_argument_type", 2)) => format!(
                "Illegal argument to format sequence ~{}: {}",
                self.plain(a0),
                g(a1)
            ),
            Some(("io_error", 2)) => {
                format!("I/O error in {} on stream {}", self.plain(a0), g(a1))
            }
            Some(("determinism_error", 4)) => {
                let outcome = self.store.deref(self.arg(formal, 2));
                let kind = self.store.deref(self.arg(formal, 3));
                match (self.name_of(outcome), self.name_of(kind)) {
                    (Some(("fail", 0)), Some(("goal", 0))) => format!("Goal {} failed", g(a0)),
                    (Some(("nondet", 0)), Some(("goal", 0))) => {
                        format!("Goal {} succeeded with a choice point", g(a0))
                    }
                    (Some(("fail", 0)), Some(("guard", 0))) => {
                        format!("Procedure {} failed after $-guard", g(a0))
                    }
                    (Some(("fail", 0)), Some(("guard_in_caller", 0))) => {
                        format!("Procedure {} failed after $-guard in caller", g(a0))
                    }
                    // SWI 9 has no words for a choicepoint left after `$`.
                    _ => format!("Unknown error term: {}", g(formal)),
                }
            }
            Some(("uninstantiation_error", 1)) => {
                format!("Uninstantiated argument expected, found {}", g(a0))
            }
            _ => format!("Unknown error term: {}", g(formal)),
        };
        // context(Pred, Message): append a message text when there is one.
        if let Some(("context", 2)) = self.name_of(ctx) {
            let m = self.store.deref(self.arg(ctx, 1));
            if let View::Atom(a) = self.store.view(m) {
                msg.push_str(&format!(" ({})", a.name()));
            } else if let View::Str(s) = self.store.view(m) {
                msg.push_str(&format!(" ({s})"));
            }
        }
        msg
    }
}

/// A message of one or more lines, each line after `prefix`, each ended by a newline.
pub fn prefix_lines(prefix: &str, msg: &str) -> String {
    let mut s = String::new();
    for line in msg.split('\n') {
        s.push_str(prefix);
        s.push_str(line);
        s.push('\n');
    }
    s
}

/// A byte count as SWI-Prolog prints stack sizes: gigabytes from 100 MB
/// on (`0.1Gb`, `1.0Gb`), megabytes from 100 KB on (`0.9Mb`, `50.0Mb`), else kilobytes.
fn human_size(bytes: usize) -> String {
    let b = bytes as f64;
    let (kb, mb, gb) = (1024.0, 1024.0 * 1024.0, 1024.0 * 1024.0 * 1024.0);
    if b >= 100.0 * mb {
        format!("{:.1}Gb", b / gb)
    } else if b >= 100.0 * kb {
        format!("{:.1}Mb", b / mb)
    } else {
        format!("{}Kb", bytes >> 10)
    }
}
