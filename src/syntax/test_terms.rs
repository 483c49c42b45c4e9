//! Short term builders for the writer and portray tests (their SWI-generated
//! tables are written with these).

use crate::term::{atoms, Term};

/// An atom; `[]` is the empty list (SWI-Prolog 7's reserved `[]`).
pub fn a(s: &str) -> Term {
    if s == "[]" {
        Term::Atom(atoms::NIL)
    } else {
        Term::atom(s)
    }
}
/// A compound; a functor `[]` is the empty list's (as in the SWI text the tables come from).
pub fn c(s: &str, args: Vec<Term>) -> Term {
    match a(s) {
        Term::Atom(f) => Term::Compound(f, args),
        _ => unreachable!("a/1 gives an atom"),
    }
}
/// An integer.
pub fn i(n: i64) -> Term {
    Term::Int(n)
}
/// A big integer from its decimal digits.
pub fn bi(s: &str) -> Term {
    Term::BigInt(s.parse().unwrap())
}
/// A float.
pub fn fl(f: f64) -> Term {
    Term::Float(f)
}
/// A string.
pub fn s(x: &str) -> Term {
    Term::Str(x.to_string())
}
/// Variable number `n`.
pub fn v(n: u32) -> Term {
    Term::Var(n)
}
