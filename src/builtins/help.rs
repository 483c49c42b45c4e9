//! `help/1` and `apropos/1` over a table of the builtins' one-line summaries
//! (`help.txt`, in puzzlog's own words: `Template<TAB>Summary` a line).

use crate::machine::error::{instantiation_error, type_error, Res};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{Cell, View};

/// Builtins of this family.
pub const HELP_BUILTINS: BuiltinTable = &[
    ("help", 1, Builtin::Det(help)),
    ("apropos", 1, Builtin::Det(apropos)),
];

/// The summaries, one entry a line.
const TABLE: &str = include_str!("help.txt");

/// One entry of the table.
struct Entry<'a> {
    /// `append(?List1, ?List2, ?List3)`.
    template: &'a str,
    /// The name: the template up to its parenthesis.
    name: &'a str,
    /// The number of arguments; None for a variable number (`Arg...`).
    arity: Option<usize>,
    /// One line.
    summary: &'a str,
}

impl Entry<'_> {
    /// `Name/Arity` (`Name/N` for a variable number of arguments).
    fn indicator(&self) -> String {
        match self.arity {
            Some(n) => format!("{}/{n}", self.name),
            None => format!("{}/N", self.name),
        }
    }
}

/// The entries of the table, in its order.
fn entries() -> impl Iterator<Item = Entry<'static>> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('%') && !l.trim().is_empty())
        .filter_map(|l| {
            let (template, summary) = l.split_once('\t')?;
            let (name, arity) = match template.split_once('(') {
                None => (template, Some(0)),
                Some((name, args)) if args.contains("...") => (name, None),
                Some((name, args)) => (name, Some(args.split(", ").count())),
            };
            Some(Entry {
                template,
                name,
                arity,
                summary,
            })
        })
}

/// `Name` or `Name/Arity` from a cell: the name and the arity if given.
fn spec(m: &Machine, c: Cell) -> Result<(String, Option<usize>), crate::machine::error::PlError> {
    let c = m.store.deref(c);
    match m.store.view(c) {
        View::Atom(a) => Ok((a.name().to_string(), None)),
        View::Compound(f, 2, first) if f.name() == "/" => {
            let (n, a) = (
                m.store.deref(m.store.heap[first]),
                m.store.deref(m.store.heap[first + 1]),
            );
            match (m.store.view(n), m.store.view(a)) {
                (View::Atom(n), View::Int(a)) if a >= 0 => {
                    Ok((n.name().to_string(), Some(a as usize)))
                }
                (View::Var(_), _) | (_, View::Var(_)) => Err(instantiation_error()),
                _ => Err(type_error(
                    "predicate_indicator",
                    m.store.to_term(c, &mut Vec::new()),
                )),
            }
        }
        View::Var(_) => Err(instantiation_error()),
        _ => Err(type_error("atom", m.store.to_term(c, &mut Vec::new()))),
    }
}

/// The text of a spec as messages show it (`foo`, `foo/2`).
fn spec_text(m: &Machine, c: Cell) -> String {
    m.format_goal(m.store.deref(c))
}

/// `help(+What)`: the summaries of the builtins named `What` (`Name` or
/// `Name/Arity`), fewest arguments first.
fn help(m: &mut Machine, a: &[Cell]) -> Res {
    let (name, arity) = spec(m, a[0])?;
    let mut found: Vec<Entry> = entries()
        .filter(|e| e.name == name && (arity.is_none() || e.arity == arity || e.arity.is_none()))
        .collect();
    found.sort_by_key(|e| e.arity.unwrap_or(usize::MAX));
    if found.is_empty() {
        let what = spec_text(m, a[0]);
        m.message_out(&format!(
            "Warning: No help for {what}.\nWarning: Use ?- apropos(query). to search for candidates.\n"
        ));
        return Ok(true);
    }
    let text: Vec<String> = found
        .iter()
        .map(|e| format!("{}\n    {}\n", e.template, e.summary))
        .collect();
    m.emit_out(&text.join("\n"))?;
    Ok(true)
}

/// `apropos(+Text)`: the builtins whose name or summary contains `Text`,
/// ignoring case, one a line.
fn apropos(m: &mut Machine, a: &[Cell]) -> Res {
    let c = m.store.deref(a[0]);
    let needle = match m.store.view(c) {
        View::Atom(x) => x.name().to_lowercase(),
        View::Str(s) => s.to_lowercase(),
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(type_error("text", m.store.to_term(c, &mut Vec::new()))),
    };
    let mut out = String::new();
    for e in entries() {
        if e.name.to_lowercase().contains(&needle) || e.summary.to_lowercase().contains(&needle) {
            out.push_str(&format!("{:<28}{}\n", e.indicator(), e.summary));
        }
    }
    if out.is_empty() {
        let what = spec_text(m, a[0]);
        m.message_out(&format!("Warning: No matches for {what}\n"));
        return Ok(true);
    }
    m.emit_out(&out)?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    /// Every line of the table is an entry: a template, a tab, a summary.
    #[test]
    fn every_line_is_an_entry() {
        let lines = super::TABLE
            .lines()
            .filter(|l| !l.starts_with('%') && !l.trim().is_empty());
        assert_eq!(lines.count(), super::entries().count());
    }
}
