//! The native side of the debugger (`library/tracer.pl`): the debug mode
//! (off, debug, trace), what kind of box a predicate is to the tracer, the
//! port prompt's key reader, and the wrapping of toplevel and `-g` goals.
//! When the debug mode is off and no program calls `trace/0`, goals run as
//! compiled: the run loop knows nothing of the debugger.

use super::terms::culprit;
use crate::machine::db::PredKind;
use crate::machine::error::{domain_error, PlError, Res};
use crate::machine::run::CpKind;
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{atoms, Atom, Cell, Copied, Term, View};
use std::collections::HashMap;

/// Builtins of this family.
pub const DEBUGGER_BUILTINS: BuiltinTable = &[
    ("$debug_mode", 2, Builtin::Det(debug_mode)),
    ("$trace_pred", 3, Builtin::Det(trace_pred)),
    ("$trace_key", 3, Builtin::Det(trace_key)),
    ("$caught", 1, Builtin::Det(caught)),
    ("$print_uncaught", 1, Builtin::Det(print_uncaught)),
];

/// The debugger's modes, in the order `'$debug_mode'/2` names them.
const MODES: [&str; 3] = ["off", "debug", "trace"];

/// `'$debug_mode'(-Old, +New)`: unifies Old with the mode (`off`, `debug`,
/// `trace`) and, when New is bound, sets it.
fn debug_mode(m: &mut Machine, a: &[Cell]) -> Res {
    let old = Cell::atom(Atom::new(MODES[m.debug_mode as usize]));
    if !m.unify(a[0], old) {
        return Ok(false);
    }
    match m.store.view(a[1]) {
        View::Var(_) => Ok(true),
        View::Atom(x) => match MODES.iter().position(|s| *s == x.name()) {
            Some(i) => {
                m.debug_mode = i as u8;
                Ok(true)
            }
            None => Err(domain_error("debug_mode", Term::Atom(x))),
        },
        _ => Err(domain_error("debug_mode", culprit(m, a[1]))),
    }
}

/// `'$trace_pred'(+M:Goal, -Kind, -Meta)`: what the tracer makes of a goal.
/// Kind is `user(Module)` (clauses the tracer walks through, defined in
/// Module), `library(Module)` (one box, shown as `Module:Goal`), `system`
/// (one box, unqualified: also tabled and `=>` predicates) or `undefined`;
/// Meta is the `meta_predicate` declaration or `none`.
fn trace_pred(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, head) = m.strip_module_cell(a[0], atoms::USER)?;
    let (name, arity) = match m.store.view(head) {
        View::Atom(x) => (x, 0),
        View::Compound(f, n, _) => (f, n),
        _ => return Ok(false),
    };
    let id = match m.resolve_goal(module, name, arity)? {
        Some(id) => Some(id),
        None => m.db.local(module, name, arity),
    };
    let p = id.map(|id| &m.db.preds[id as usize]);
    let (kind, meta) = match p {
        None => (Cell::atom(Atom::new("undefined")), None),
        Some(p) => {
            let meta = p.meta.clone();
            let kind = match p.kind {
                // Tabled and `=>` predicates run as compiled: walking their
                // clauses would lose the tables or the matching semantics.
                PredKind::User if p.module == atoms::SYSTEM || p.system || p.tabled || p.ssu => {
                    Cell::atom(Atom::new("system"))
                }
                PredKind::User if p.library => {
                    let lm = Cell::atom(p.module);
                    m.store.new_compound(Atom::new("library"), &[lm])
                }
                PredKind::User if p.clauses.is_empty() && !p.dynamic && !p.defined => {
                    Cell::atom(Atom::new("undefined"))
                }
                PredKind::User => {
                    let um = Cell::atom(p.module);
                    m.store.new_compound(Atom::new("user"), &[um])
                }
                _ => Cell::atom(Atom::new("system")),
            };
            (kind, meta)
        }
    };
    let meta = match meta {
        Some(t) => m.store.from_term(&t, &mut HashMap::new()),
        None => Cell::atom(Atom::new("none")),
    };
    Ok(m.unify(a[1], kind) && m.unify(a[2], meta))
}

/// `'$trace_key'(+Prompt, -Code, -Tty)`: writes Prompt on standard error and
/// reads one key (one line when standard input is not a terminal); Code is -1
/// at end of input, Tty `true` when standard input is a terminal (the port
/// prompt then echoes the command's name).
fn trace_key(m: &mut Machine, a: &[Cell]) -> Res {
    use std::io::Write;
    let prompt = match m.store.view(a[0]) {
        View::Atom(x) => x.name().to_string(),
        View::Str(s) => s.to_string(),
        _ => String::new(),
    };
    m.flush();
    let key = crate::tty::read_key(&mut || {
        let mut e = std::io::stderr();
        let _ = e.write_all(prompt.as_bytes());
        let _ = e.flush();
    });
    let code = key.map_or(-1, i64::from);
    let tty = std::io::IsTerminal::is_terminal(&std::io::stdin());
    let tty = Cell::atom(if tty { atoms::TRUE } else { atoms::FALSE });
    Ok(m.unify(a[1], Cell::small(code)) && m.unify(a[2], tty))
}

/// `'$caught'(+Ball)`: an active catch/3 would catch Ball (its catcher
/// unifies). The tracer's own catches (whose recovery is `'$tracer_...'`:
/// its Exception ports, its query) do not count: an exception that nothing
/// else catches is reported before its Exception ports, as SWI-Prolog does.
fn caught(m: &mut Machine, a: &[Cell]) -> Res {
    for i in (0..m.cps.len()).rev() {
        let cp = &m.cps[i];
        if !matches!(cp.kind, CpKind::Catch) || !m.frame_active(cp.e) {
            continue;
        }
        let (catcher, recovery) = (m.argstack[cp.args_at + 1], m.argstack[cp.args_at + 2]);
        let recovery = match m.store.view(m.store.deref(recovery)) {
            View::Compound(f, 2, first) if f == atoms::COLON => m.store.heap[first + 1],
            _ => recovery,
        };
        if matches!(m.store.view(m.store.deref(recovery)),
            View::Compound(f, _, _) if f.name().starts_with("$tracer_"))
        {
            continue;
        }
        if m.unify_or_undo_all(catcher, a[0]) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// `'$print_uncaught'(+Ball)`: prints the toplevel's message for Ball, as
/// the tracer does when an exception that nothing catches is raised.
fn print_uncaught(m: &mut Machine, a: &[Cell]) -> Res {
    let ball = Copied::new(&m.store, a[0]);
    let msg = m.error_message(PlError::ball(ball));
    m.message_out(&format!("ERROR: {msg}\n"));
    Ok(true)
}

impl Machine {
    /// A toplevel (`base` 10) or `-g` (`base` 9 and up) goal as it should run: as
    /// it is, or under the tracer when the debugger is on or a program calls
    /// `trace/0` (so that the goals after that call are traced).
    pub fn debuggable(&mut self, goal: Cell, base: i64) -> Cell {
        let trace = Atom::new("trace");
        let wanted = self.debug_mode != 0
            || self.db.local(atoms::USER, trace, 0).is_some()
            || self.starts_debugger(goal);
        if !wanted {
            return goal;
        }
        let b = Cell::small(base);
        self.store
            .new_compound(Atom::new("$trace_query"), &[goal, b])
    }

    /// Whether a goal of the query's control structure (`,`, `;`, `->`)
    /// switches the debugger on: `trace/0,1,2` or `debug/0` (as in SWI, not
    /// `spy/1`, whose debug mode starts with the next query).
    fn starts_debugger(&self, goal: Cell) -> bool {
        let mut todo = vec![goal];
        while let Some(g) = todo.pop() {
            match self.store.view(self.store.deref(g)) {
                View::Atom(x) => {
                    if matches!(x.name(), "trace" | "debug") {
                        return true;
                    }
                }
                View::Compound(f, 2, first) if matches!(f.name(), "," | ";" | "->" | "*->") => {
                    todo.push(self.store.heap[first]);
                    todo.push(self.store.heap[first + 1]);
                }
                View::Compound(f, n, _) => {
                    if matches!((f.name(), n), ("trace", 1 | 2)) {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// Whether an error is the tracer's `'$tracer_reported'`: an uncaught
    /// exception whose message the tracer printed already.
    pub fn is_reported(&mut self, e: &PlError) -> bool {
        let PlError::Ball(c) = e else {
            return false;
        };
        let top = self.store.top();
        let b = c.restore(&mut self.store);
        let r = matches!(self.store.view(b), View::Atom(a) if a.name() == "$tracer_reported");
        self.store.heap.truncate(top);
        r
    }
}
