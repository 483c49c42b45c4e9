//! The embedding API: consult Prolog text and iterate over the answers of a
//! query, reading bindings back as owned [`Term`]s.
//!
//! ```
//! use puzzlog::{Machine, Term};
//! let mut m = Machine::new();
//! m.consult_str("edge(a, b). edge(b, c).
//!                path(X, Y) :- edge(X, Y).
//!                path(X, Z) :- edge(X, Y), path(Y, Z).", "graph").unwrap();
//! let ends: Vec<Term> = m
//!     .query("path(a, Z)")
//!     .unwrap()
//!     .map(|answer| answer.unwrap().get("Z").unwrap().clone())
//!     .collect();
//! assert_eq!(ends, vec![Term::atom("b"), Term::atom("c")]);
//! ```

use crate::machine::error::{syntax_error, PlError};
use crate::machine::run::Query;
use crate::machine::Machine;
use crate::term::{Cell, Term};

/// One answer: the values of the query's named variables and the goals
/// that constrain them (attributed variables: `dif/2`, `freeze/2`, ...).
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// `(name, value)` in the order the variables appear in the query.
    pub bindings: Vec<(String, Term)>,
    /// The residual goals, as the toplevel prints them after the bindings;
    /// their variables are numbered together with those of the bindings.
    pub residual_goals: Vec<Term>,
}

impl Answer {
    /// The value of variable `name`, if the query has it.
    pub fn get(&self, name: &str) -> Option<&Term> {
        self.bindings
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t)
    }
}

/// The answers of a query, computed lazily; dropping it ends the query.
pub struct Answers<'m> {
    m: &'m mut Machine,
    q: Option<Query>,
    names: Vec<String>,
    base: usize,
    first: bool,
}

impl Machine {
    /// Starts a query given as text (a final `.` is optional).
    pub fn query(&mut self, text: &str) -> Result<Answers<'_>, PlError> {
        let rt = match crate::toplevel::parse_query(self, text) {
            Ok(Some(rt)) => rt,
            Ok(None) => return Err(syntax_error("end_of_file")),
            Err(msg) => return Err(syntax_error(&msg)),
        };
        let mut map = Default::default();
        let goal = self.store.from_term(&rt.term, &mut map);
        // The answer variables are garbage-collection roots while the query runs.
        let base = self.roots.len();
        let mut names = Vec::new();
        for (n, i) in &rt.var_names {
            if let Some(c) = map.get(i) {
                names.push(n.clone());
                self.roots.push(*c);
            }
        }
        let q = self.query_open(goal);
        Ok(Answers {
            m: self,
            q: Some(q),
            names,
            base,
            first: true,
        })
    }
}

impl Iterator for Answers<'_> {
    type Item = Result<Answer, PlError>;

    fn next(&mut self) -> Option<Self::Item> {
        let q = self.q.as_mut()?;
        let r = self.m.query_next(q, self.first);
        self.first = false;
        match r {
            Ok(true) => {
                let values: Vec<Cell> = self.m.roots[self.base..].to_vec();
                let names = &self.names;
                let answer = self.m.with_residual_goals(&values, |m, goals| {
                    let mut seen = Vec::new();
                    let bindings = names
                        .iter()
                        .zip(&values)
                        .map(|(n, c)| (n.clone(), m.store.to_term(*c, &mut seen)))
                        .collect();
                    let residual_goals = goals
                        .iter()
                        .map(|g| m.store.to_term(*g, &mut seen))
                        .collect();
                    Answer {
                        bindings,
                        residual_goals,
                    }
                });
                Some(Ok(answer))
            }
            Ok(false) => {
                self.finish();
                None
            }
            Err(e) => {
                self.finish();
                Some(Err(e))
            }
        }
    }
}

impl Answers<'_> {
    fn finish(&mut self) {
        if let Some(q) = self.q.take() {
            self.m.query_close(q);
            self.m.roots.truncate(self.base);
        }
    }
}

impl Drop for Answers<'_> {
    fn drop(&mut self) {
        self.finish();
    }
}
