//! The toplevel's "do what I mean" pass over a query before it runs, as
//! SWI-Prolog's: a goal calling an unknown procedure (in the query, its
//! control constructs and the goal arguments of meta-predicates) is offered a
//! correction (`Correct to: "my_pred(X)"?`) when a predicate of the same arity
//! has a similar name; with similar names of other arities only, the query
//! fails after listing them; with none, it is an error.

use crate::machine::dwim::dwim_indicator;
use crate::machine::error::{existence_error, PlError};
use crate::machine::modules::is_control_construct;
use crate::machine::Machine;
use crate::syntax::reader::ReadTerm;
use crate::syntax::writer::{write_term, WriteOptions};
use crate::term::{atoms, Atom, Cell, Term};
use std::collections::HashMap;

/// What the pass decided.
pub enum Correction {
    /// Run the query (corrected where the user agreed).
    Run,
    /// Do not run it: print this message (lines without `ERROR: `) and fail.
    Fail(String),
    /// Do not run it: this error.
    Error(PlError),
}

/// Checks the goals of the query in `rt` (left to right) and corrects them
/// where `confirm` accepts the question it is given (`Correct to: "G"? `).
pub fn correct_query(
    m: &mut Machine,
    rt: &mut ReadTerm,
    confirm: &mut dyn FnMut(&mut Machine, &str) -> bool,
) -> Correction {
    let names: Vec<(String, u32)> = rt.var_names.clone();
    let mut stack: Vec<(&mut Term, Atom)> = vec![(&mut rt.term, atoms::USER)];
    while let Some((goal, module)) = stack.pop() {
        let (name, arity) = match &*goal {
            Term::Atom(a) => (*a, 0),
            Term::Compound(f, args) => (*f, args.len()),
            _ => continue,
        };
        if name == atoms::COLON && arity == 2 {
            if let Term::Compound(_, args) = goal {
                if let [Term::Atom(q), _] = args.as_slice() {
                    let q = *q;
                    stack.push((&mut args[1], q));
                }
            }
            continue;
        }
        if name == atoms::CUT && arity == 0 {
            continue;
        }
        if is_control_construct(name, arity) {
            if let Term::Compound(_, args) = goal {
                stack.extend(args.iter_mut().rev().map(|a| (a, module)));
            }
            continue;
        }
        if let Some(id) = m.db.resolve(module, name, arity) {
            // The goal arguments (meta argument `0`) of a meta-predicate.
            let spec = m.db.meta_spec(id).cloned();
            if let (Some(Term::Compound(_, specs)), Term::Compound(_, args)) = (&spec, goal) {
                let goals = args.iter_mut().zip(specs.iter()).rev();
                stack.extend(
                    goals
                        .filter(|(_, s)| matches!(s, Term::Int(0)))
                        .map(|(a, _)| (a, module)),
                );
            }
            continue;
        }
        if m.flags.autoload && m.libraries.autoload.contains_key(&(name, arity)) {
            continue;
        }
        let candidates = m.dwim_predicates(module, name.name());
        let indicator = Term::indicator(name, arity);
        let pi = if module == atoms::USER {
            indicator
        } else {
            crate::machine::modules::qualify(module, indicator)
        };
        if candidates.is_empty() {
            let ctx = Term::compound(
                "context",
                vec![
                    Term::atom("toplevel"),
                    Term::atom("DWIM could not correct goal"),
                ],
            );
            return Correction::Error(existence_error("procedure", pi).with_context(ctx));
        }
        if let Some(&(cm, cname, _)) = candidates.iter().find(|c| c.2 == arity) {
            let mut fixed = match &*goal {
                Term::Compound(_, args) => Term::Compound(cname, args.clone()),
                _ => Term::Atom(cname),
            };
            if cm != atoms::USER && cm != atoms::SYSTEM && cm != module {
                fixed = crate::machine::modules::qualify(cm, fixed);
            }
            let text = goal_text(m, &fixed, &names);
            if confirm(m, &format!("Correct to: \"{text}\"? ")) {
                *goal = fixed;
            }
            continue;
        }
        let mut msg = format!("Unknown procedure: {}", pi_text(m, &pi));
        msg.push_str("\n    However, there are definitions for:");
        for c in candidates {
            msg.push_str(&format!("\n        {}", dwim_indicator(c)));
        }
        return Correction::Fail(msg);
    }
    Correction::Run
}

/// A goal as the question shows it: quoted, with the query's variable names.
fn goal_text(m: &mut Machine, goal: &Term, names: &[(String, u32)]) -> String {
    let top = m.store.top();
    let mut vars: HashMap<u32, Cell> = HashMap::new();
    let c = m.store.from_term(goal, &mut vars);
    let mut by_addr = HashMap::new();
    for (n, i) in names {
        if let Some(v) = vars.get(i) {
            by_addr.insert(m.store.deref(*v).val(), n.clone());
        }
    }
    let mut s = String::new();
    write_term(
        &mut s,
        &m.store,
        &m.ops,
        c,
        &WriteOptions::writeq().named(&by_addr),
    );
    m.store.heap.truncate(top);
    s
}

/// A predicate indicator written as in messages.
fn pi_text(m: &mut Machine, pi: &Term) -> String {
    goal_text(m, pi, &[])
}
