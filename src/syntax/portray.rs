//! `portray_clause/1` (and so `listing/1`) layout, as SWI-Prolog 9 prints clauses.
//!
//! Variables are named `A`, `B`, ... (singletons `_`); the head goes on the
//! first line with `:-`, body goals one per line indented four spaces;
//! if-then-else and disjunctions use SWI's `(   If\n    ->  Then\n    ;   Else\n    )`
//! blocks; conjunctions passed to meta-predicates (`findall/3`, `forall/2`, ...)
//! are written as `( G1,\n  G2\n)` blocks with the call's arguments one per line;
//! goals wider than the right margin get their arguments one per line. As in
//! SWI, a goal's width is measured as `print/1` would write it without quotes
//! and with `'$VAR'` terms as such: a variable named `X` takes `$VAR(X)`.

use crate::syntax::ops::Ops;
use crate::syntax::writer::{
    format_atom, var_letter_name, var_occurrences, write_term_prec, WriteOptions,
};
use crate::term::{atoms, Atom, Cell, Store, View};
use std::collections::HashMap;

/// Goals may run up to this column, as measured, before their arguments are
/// split over lines.
const RIGHT_MARGIN: usize = 79;
/// Control constructs nested deeper than this are written inline (keeps recursion bounded).
const MAX_LAYOUT_NESTING: usize = 64;

/// Writes `c` as `portray_clause/1` does, including the final ".\n".
pub fn portray_clause(out: &mut String, store: &Store, ops: &Ops, c: Cell) {
    portray_clause_named(out, store, ops, c, &HashMap::new());
}

/// `portray_clause`, with the variables of `source` (heap address to name)
/// written with those names, as `listing/1` shows a clause loaded from a
/// file; the others are `_` when they occur once, else named by the letters
/// (`A`, `B`, ...) that no source name uses.
pub fn portray_clause_named(
    out: &mut String,
    store: &Store,
    ops: &Ops,
    c: Cell,
    source: &HashMap<usize, String>,
) {
    let mut names = HashMap::new();
    let mut measured = HashMap::new();
    let mut letter = 0;
    for (a, count) in var_occurrences(store, c) {
        let name = match source.get(&a) {
            Some(name) => name.clone(),
            None if count == 1 => "_".to_string(),
            None => loop {
                let l = var_letter_name(letter);
                letter += 1;
                if !source.values().any(|n| *n == l) {
                    break l;
                }
            },
        };
        measured.insert(a, format!("$VAR({name})"));
        names.insert(a, name);
    }
    let opts = WriteOptions {
        quoted: true,
        numbervars: true,
        spacing_next_argument: true,
        var_names: Some(&names),
        ..Default::default()
    };
    let measure = WriteOptions {
        quoted: false,
        numbervars: false,
        var_names: Some(&measured),
        ..opts
    };
    let mut p = Portray {
        out,
        store,
        ops,
        opts: &opts,
        measure: &measure,
    };
    p.clause(c);
    p.out.push_str(".\n");
}

struct Portray<'a, 'o> {
    out: &'o mut String,
    store: &'a Store,
    ops: &'a Ops,
    opts: &'a WriteOptions<'a>,
    /// The options that measure a goal's width.
    measure: &'a WriteOptions<'a>,
}

/// The meta-argument positions (0-based) of predicates whose goal arguments
/// SWI lays out as blocks.
fn meta_args(name: &str, arity: usize) -> &'static [usize] {
    match (name, arity) {
        ("call", _) | ("once", 1) | ("ignore", 1) | ("not", 1) | ("time", 1) => &[0],
        ("findall", 3) | ("findall", 4) | ("bagof", 3) | ("setof", 3) | ("aggregate_all", 3) => {
            &[1]
        }
        ("forall", 2) | ("call_cleanup", 2) => &[0, 1],
        ("catch", 3) => &[0, 2],
        ("setup_call_cleanup", 3) => &[0, 1, 2],
        ("with_output_to", 2) => &[1],
        _ => &[],
    }
}

impl Portray<'_, '_> {
    fn text(&self, c: Cell, prec: u16) -> String {
        let mut s = String::new();
        write_term_prec(&mut s, self.store, self.ops, c, prec, self.opts);
        s
    }

    /// The width of `c` as SWI measures it against the margin.
    fn width(&self, c: Cell, prec: u16) -> usize {
        let mut s = String::new();
        write_term_prec(&mut s, self.store, self.ops, c, prec, self.measure);
        s.chars().count()
    }

    fn write(&mut self, c: Cell, prec: u16) {
        let s = self.text(c, prec);
        self.out.push_str(&s);
    }

    fn newline(&mut self, col: usize) {
        self.out.push('\n');
        self.out.extend(std::iter::repeat_n(' ', col));
    }

    /// `name(args)` pieces of a compound, if `c` is one.
    fn compound(&self, c: Cell) -> Option<(Atom, usize, usize)> {
        match self.store.view(c) {
            View::Compound(name, n, first) => Some((name, n, first)),
            _ => None,
        }
    }

    fn arg(&self, first: usize, i: usize) -> Cell {
        self.store.heap[first + i]
    }

    fn is_control(&self, c: Cell) -> bool {
        matches!(self.compound(c), Some((name, 2, _))
            if name == atoms::SEMICOLON || name == atoms::ARROW || name == atoms::SOFT_ARROW || name == atoms::BAR)
    }

    fn is_conj(&self, c: Cell) -> bool {
        matches!(self.compound(c), Some((name, 2, _)) if name == atoms::COMMA)
    }

    fn clause(&mut self, c: Cell) {
        if let Some((name, n, first)) = self.compound(c) {
            let neck = name.name();
            if n == 2 && matches!(neck, ":-" | "-->" | "=>") {
                let (head, body) = (self.arg(first, 0), self.arg(first, 1));
                if neck == ":-" && self.store.view(body) == View::Atom(atoms::TRUE) {
                    return self.write(head, 1200);
                }
                self.write(head, 1199);
                self.out.push(' ');
                self.out.push_str(neck);
                self.newline(4);
                return self.goal(body, 4, 0);
            }
            if n == 1 && neck == ":-" {
                self.out.push_str(":- ");
                return self.write(self.arg(first, 0), 999);
            }
        }
        self.write(c, 1200)
    }

    /// The items of a conjunction, flattened (iteratively) left to right.
    fn conj_items(&self, c: Cell) -> Vec<Cell> {
        let mut items = Vec::new();
        let mut stack = vec![c];
        while let Some(g) = stack.pop() {
            match self.compound(g) {
                Some((name, 2, first)) if name == atoms::COMMA => {
                    stack.push(self.arg(first, 1));
                    stack.push(self.arg(first, 0));
                }
                _ => items.push(g),
            }
        }
        items
    }

    /// Writes a body goal whose first character goes at column `col` (already reached).
    fn goal(&mut self, g: Cell, col: usize, nesting: usize) {
        if nesting > MAX_LAYOUT_NESTING {
            return self.write(g, 999);
        }
        if self.is_conj(g) {
            let items = self.conj_items(g);
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    self.out.push(',');
                    self.newline(col);
                }
                self.goal(*item, col, nesting + 1);
            }
            return;
        }
        if self.is_control(g) {
            return self.control_block(g, col, nesting + 1);
        }
        if let Some((name, n, first)) = self.compound(g) {
            if name == atoms::NOT_PROVABLE && n == 1 {
                self.out.push_str("\\+ ");
                let arg = self.arg(first, 0);
                return self.block_or_goal(arg, col + 3, nesting + 1, true);
            }
            if name == atoms::COLON && n == 2 {
                let inner = self.arg(first, 1);
                if self.is_conj(inner) || self.is_control(inner) {
                    // m:Goal with a compound body: "m:" on its own line, then a block.
                    self.write(self.arg(first, 0), 199);
                    self.out.push(':');
                    self.newline(col);
                    return self.control_block(inner, col, nesting + 1);
                }
            }
            let metas = meta_args(name.name(), n);
            let has_block = metas.iter().any(|&i| {
                i < n && (self.is_conj(self.arg(first, i)) || self.is_control(self.arg(first, i)))
            });
            if has_block {
                return self.split_args(name, n, first, col, metas, nesting + 1);
            }
        }
        self.inline_or_split(g, col, 999, nesting)
    }

    /// A conjunction as `( a,\n  b\n)`, a control construct as a block, else a goal.
    fn block_or_goal(&mut self, g: Cell, col: usize, nesting: usize, as_goal: bool) {
        if self.is_conj(g) {
            self.out.push_str("( ");
            self.goal(g, col + 2, nesting);
            self.newline(col);
            self.out.push(')');
        } else if self.is_control(g) {
            self.control_block(g, col, nesting);
        } else if as_goal {
            self.goal(g, col, nesting);
        } else {
            self.inline_or_split(g, col, 999, nesting);
        }
    }

    /// `(   If\n->  Then\n;   Else\n)` with every line starting at `col`.
    fn control_block(&mut self, g: Cell, col: usize, nesting: usize) {
        // Flatten the right-nested disjunction chain.
        let mut disjuncts = Vec::new();
        let mut rest = g;
        loop {
            match self.compound(rest) {
                Some((name, 2, first)) if name == atoms::SEMICOLON || name == atoms::BAR => {
                    disjuncts.push(self.arg(first, 0));
                    rest = self.arg(first, 1);
                }
                _ => {
                    disjuncts.push(rest);
                    break;
                }
            }
        }
        self.out.push_str("(   ");
        for (i, d) in disjuncts.iter().enumerate() {
            if i > 0 {
                self.newline(col);
                self.out.push_str(";   ");
            }
            match self.compound(*d) {
                Some((name, 2, first)) if name == atoms::ARROW || name == atoms::SOFT_ARROW => {
                    self.goal(self.arg(first, 0), col + 4, nesting);
                    self.newline(col);
                    self.out
                        .push_str(if name == atoms::ARROW { "->  " } else { "*-> " });
                    self.goal(self.arg(first, 1), col + 4, nesting);
                }
                _ => self.goal(*d, col + 4, nesting),
            }
        }
        self.newline(col);
        self.out.push(')');
    }

    /// Writes `c` on one line, or with its arguments one per line when it is a
    /// plain compound too wide for the margin.
    fn inline_or_split(&mut self, c: Cell, col: usize, prec: u16, nesting: usize) {
        if col + self.width(c, prec) > RIGHT_MARGIN && nesting <= MAX_LAYOUT_NESTING {
            if let Some((name, n, first)) = self.compound(c) {
                let op_form = (n == 2 && self.ops.infix(name).is_some())
                    || (n == 1
                        && (self.ops.prefix(name).is_some() || self.ops.postfix(name).is_some()))
                    || name == atoms::DOT
                    || (name == atoms::CURLY && n == 1);
                if !op_form {
                    return self.split_args(name, n, first, col, &[], nesting + 1);
                }
            }
        }
        self.write(c, prec);
    }

    /// `name(A1,\n     A2,\n     ...)` with the arguments aligned after the parenthesis.
    fn split_args(
        &mut self,
        name: Atom,
        n: usize,
        first: usize,
        col: usize,
        metas: &[usize],
        nesting: usize,
    ) {
        let mut head = String::new();
        format_atom(&mut head, name.name(), true);
        head.push('(');
        let acol = col + head.chars().count();
        self.out.push_str(&head);
        for i in 0..n {
            if i > 0 {
                self.out.push(',');
                self.newline(acol);
            }
            let a = self.arg(first, i);
            if metas.contains(&i) {
                self.block_or_goal(a, acol, nesting, false);
            } else {
                self.inline_or_split(a, acol, 999, nesting);
            }
        }
        self.out.push(')');
    }
}

#[cfg(test)]
#[path = "portray_tests.rs"]
mod tests;
