//! Printing answers the way SWI-Prolog's toplevel does: `X = 1`, grouped
//! aliases (`A = B, B = 1`), fresh variables as `_` or `_A`, values written
//! quoted with `max_depth(10)` and `spacing(next_argument)`.

use crate::machine::Machine;
use crate::syntax::writer::{var_letter_name, write_term_prec, WriteOptions};
use crate::term::order::identical;
use crate::term::{Cell, View};
use std::collections::HashMap;

/// The bindings of a query's named variables and the residual goals of its
/// constraints as answer text (without the final `.`/` ;`), or `None` when
/// nothing is bound and no goal is left (the answer is `true`). `full`
/// lifts the depth limit.
pub fn format_answer(
    m: &Machine,
    vars: &[(String, Cell)],
    goals: &[Cell],
    full: bool,
) -> Option<String> {
    // Group variables whose values are identical, in order of first appearance.
    let mut groups: Vec<(Vec<&str>, Cell)> = Vec::new();
    for (name, cell) in vars {
        let v = m.store.deref(*cell);
        match groups.iter_mut().find(|(_, g)| identical(&m.store, *g, v)) {
            Some((names, _)) => names.push(name),
            None => groups.push((vec![name], v)),
        }
    }
    // Names for unbound variables: a query variable's own name when it is
    // unbound (the last of aliased ones: `X = Y` shows the variable as `Y`).
    let mut names: HashMap<usize, String> = HashMap::new();
    for (ns, v) in &groups {
        if v.is_ref() {
            names.insert(v.val(), ns[ns.len() - 1].to_string());
        }
    }
    // Shown: bound groups and aliased unbound ones, unless every name starts with `_`.
    let shown: Vec<&(Vec<&str>, Cell)> = groups
        .iter()
        .filter(|(ns, v)| {
            let lone_unbound = v.is_ref() && ns.len() == 1;
            let all_hidden = ns.iter().all(|n| n.starts_with('_'));
            !lone_unbound && !all_hidden
        })
        .collect();
    // Fresh variables inside shown values: `_` when they occur once, `_A`, `_B`... otherwise.
    let mut counts: HashMap<usize, usize> = HashMap::new();
    let mut order: Vec<usize> = Vec::new();
    let values = shown.iter().map(|(_, v)| *v).filter(|v| !v.is_ref());
    for v in values.chain(goals.iter().copied()) {
        let mut stack = vec![v];
        let mut visited = std::collections::HashSet::new();
        while let Some(c) = stack.pop() {
            match m.store.view(c) {
                // A cyclic term (X = f(X)) is walked once.
                View::Compound(_, _, first) if !visited.insert(first) => {}
                View::Var(a) if !names.contains_key(&a) => {
                    let n = counts.entry(a).or_insert(0);
                    if *n == 0 {
                        order.push(a);
                    }
                    *n += 1;
                }
                View::Compound(_, n, first) => {
                    for i in (0..n).rev() {
                        stack.push(m.store.heap[first + i]);
                    }
                }
                _ => {}
            }
        }
    }
    let mut letter = 0;
    for a in order {
        if counts[&a] == 1 {
            names.insert(a, "_".to_string());
        } else {
            names.insert(a, format!("_{}", var_letter_name(letter)));
            letter += 1;
        }
    }
    // Compound values of the shown variables name the cycles in answers (X = f(X)).
    let mut term_names = HashMap::new();
    for (ns, v) in &shown {
        if let (View::Compound(_, _, first), Some(last)) = (m.store.view(*v), ns.last()) {
            term_names.insert(first, last.to_string());
        }
    }
    let answer = WriteOptions::answer(&names);
    let opts = WriteOptions {
        term_names: Some(&term_names),
        max_depth: if full { 0 } else { answer.max_depth },
        ..answer
    };
    let mut parts = Vec::new();
    for (ns, v) in shown {
        let ns: Vec<&str> = ns.iter().copied().filter(|n| !n.starts_with('_')).collect();
        let mut s = String::new();
        for w in ns.windows(2) {
            s.push_str(&format!("{} = {}, ", w[0], w[1]));
        }
        let last = ns[ns.len() - 1];
        if v.is_ref() {
            // aliased unbound variables: the chain says it all
            if ns.len() < 2 {
                continue;
            }
            s.truncate(s.len() - 2);
        } else {
            s.push_str(last);
            s.push_str(" = ");
            // The value is the right operand of `=`.
            write_term_prec(&mut s, &m.store, &m.ops, *v, 699, &opts);
        }
        parts.push(s);
    }
    for &g in goals {
        let mut s = String::new();
        // A goal is an element of the answer's conjunction.
        write_term_prec(&mut s, &m.store, &m.ops, g, 999, &opts);
        parts.push(s);
    }
    if parts.is_empty() {
        None
    } else {
        Some(parts.join(",\n"))
    }
}
