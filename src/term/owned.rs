//! `Term`: an owned, machine-independent term.
//!
//! The reader produces it, the embedding API returns answers as it, and error
//! terms are built as it. The machine itself works on cells in the term store;
//! `Store::from_term` and `Store::to_term` convert between the two.

use super::atom::{atoms, Atom};
use num_bigint::BigInt;

/// An owned Prolog term.
#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    /// A variable, numbered within the term (or clause) it belongs to.
    Var(u32),
    /// An atom.
    Atom(Atom),
    /// An integer that fits in 64 bits.
    Int(i64),
    /// An integer that does not fit in 64 bits.
    BigInt(BigInt),
    /// A float.
    Float(f64),
    /// A string (SWI-Prolog 7 string type).
    Str(String),
    /// A compound term `name(args...)`; lists use the functor `'[|]'/2`.
    Compound(Atom, Vec<Term>),
}

impl Default for Term {
    fn default() -> Term {
        Term::Atom(atoms::NIL)
    }
}

/// Dropping is iterative so that a term nested 1,000,000 deep (which the
/// reader can produce) does not overflow the Rust stack.
impl Drop for Term {
    fn drop(&mut self) {
        if let Term::Compound(_, args) = self {
            if args.iter().all(|a| !matches!(a, Term::Compound(..))) {
                return;
            }
            let mut stack = std::mem::take(args);
            while let Some(mut t) = stack.pop() {
                if let Term::Compound(_, inner) = &mut t {
                    stack.append(inner);
                }
            }
        }
    }
}

impl Term {
    /// An atom term from a name.
    pub fn atom(name: &str) -> Term {
        Term::Atom(Atom::new(name))
    }
    /// A compound term from a name and arguments.
    pub fn compound(name: &str, args: Vec<Term>) -> Term {
        Term::Compound(Atom::new(name), args)
    }
    /// An integer term, big when needed.
    pub fn integer(i: BigInt) -> Term {
        use num_traits::ToPrimitive;
        match i.to_i64() {
            Some(s) => Term::Int(s),
            None => Term::BigInt(i),
        }
    }
    /// A proper list of `items`.
    pub fn list(items: Vec<Term>) -> Term {
        Term::list_with_tail(items, Term::Atom(atoms::NIL))
    }
    /// A list of `items` ending in `tail`.
    pub fn list_with_tail(items: Vec<Term>, tail: Term) -> Term {
        items
            .into_iter()
            .rev()
            .fold(tail, |t, h| Term::Compound(atoms::DOT, vec![h, t]))
    }
    /// `Name/Arity`, the usual predicate indicator.
    pub fn indicator(name: Atom, arity: usize) -> Term {
        Term::Compound(
            atoms::SLASH,
            vec![Term::Atom(name), Term::Int(arity as i64)],
        )
    }
    /// Items of a proper list, or `None`.
    pub fn as_list(&self) -> Option<Vec<&Term>> {
        let mut out = Vec::new();
        let mut t = self;
        loop {
            match t {
                Term::Atom(a) if *a == atoms::NIL => return Some(out),
                Term::Compound(f, args) if *f == atoms::DOT && args.len() == 2 => {
                    out.push(&args[0]);
                    t = &args[1];
                }
                _ => return None,
            }
        }
    }
}
