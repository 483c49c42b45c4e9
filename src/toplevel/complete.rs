//! Tab completion at the toplevel: inside an open quote, file names; else
//! the atom (or predicate name) being typed, from the atoms the system knows.

use crate::term::atom::{atom_numbers, Atom};
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::validate::Validator;
use rustyline::{Context, Helper};

/// The REPL's line-editor helper: completion only.
pub struct PrologHelper {
    /// Atoms that read without quotes (`foo`, `my_pred`), as candidates:
    /// valid until the next query, whose atom garbage collection may free
    /// some (see `refresh`).
    words: Vec<&'static str>,
    /// File names, inside quotes.
    files: FilenameCompleter,
}

impl Default for PrologHelper {
    fn default() -> Self {
        PrologHelper {
            words: Vec::new(),
            files: FilenameCompleter::new(),
        }
    }
}

/// Whether `name` is an atom written without quotes: a lower-case letter,
/// then letters, digits and `_`.
fn is_plain(name: &str) -> bool {
    let mut cs = name.chars();
    cs.next().is_some_and(|c| c.is_lowercase()) && cs.all(|c| c.is_alphanumeric() || c == '_')
}

impl PrologHelper {
    /// Takes the atoms of the table anew, before a line is read: a query
    /// may have freed atoms (their slots then have empty names) and reused
    /// their numbers.
    pub fn refresh(&mut self) {
        self.words.clear();
        for i in 0..atom_numbers() {
            let name = Atom(i as u32).name();
            if is_plain(name) {
                self.words.push(name);
            }
        }
    }

    /// The atoms that start with `prefix`, sorted.
    fn candidates(&self, prefix: &str) -> Vec<Pair> {
        let mut found: Vec<&str> = self
            .words
            .iter()
            .copied()
            .filter(|w| w.starts_with(prefix))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
            .into_iter()
            .map(|w| Pair {
                display: w.to_string(),
                replacement: w.to_string(),
            })
            .collect()
    }
}

/// Whether `text` ends inside a quoted atom (an odd number of `'`).
fn in_quotes(text: &str) -> bool {
    text.chars().filter(|&c| c == '\'').count() % 2 == 1
}

impl Completer for PrologHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let before = &line[..pos];
        if in_quotes(before) {
            return self.files.complete(line, pos, ctx);
        }
        let start = before
            .char_indices()
            .rev()
            .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let word = &before[start..];
        if !word.chars().next().is_some_and(|c| c.is_lowercase()) {
            return Ok((pos, Vec::new()));
        }
        Ok((start, self.candidates(word)))
    }
}

impl Hinter for PrologHelper {
    type Hint = String;
}

impl Highlighter for PrologHelper {}

impl Validator for PrologHelper {}

impl Helper for PrologHelper {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_known_atoms_and_not_variables() {
        Atom::new("zz_completion_probe_one");
        Atom::new("zz_completion_probe_two");
        let mut h = PrologHelper::default();
        h.refresh();
        let names: Vec<String> = h
            .candidates("zz_completion_probe")
            .into_iter()
            .map(|p| p.replacement)
            .collect();
        assert_eq!(
            names,
            ["zz_completion_probe_one", "zz_completion_probe_two"]
        );
        assert!(in_quotes("consult('src/ma"));
        assert!(!in_quotes("X = 'a', foo"));
    }
}
