//! `Term`: an owned, machine-independent term.
//!
//! The reader produces it, the embedding API returns answers as it, and error
//! terms are built as it. The machine itself works on cells in the term store;
//! `Store::from_term` and `Store::to_term` convert between the two.

use super::atom::{atoms, Atom};
use num_bigint::BigInt;

/// An owned Prolog term. Cloning, comparing and dropping are iterative, so
/// terms nested 1,000,000 deep are safe.
#[derive(Debug)]
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

impl Clone for Term {
    fn clone(&self) -> Term {
        // Post-order rebuild with an explicit stack.
        enum Job<'a> {
            Visit(&'a Term),
            Build(Atom, usize),
        }
        let mut out: Vec<Term> = Vec::new();
        let mut jobs = vec![Job::Visit(self)];
        while let Some(job) = jobs.pop() {
            match job {
                Job::Visit(t) => match t {
                    Term::Compound(f, args) => {
                        jobs.push(Job::Build(*f, args.len()));
                        jobs.extend(args.iter().rev().map(Job::Visit));
                    }
                    Term::Var(v) => out.push(Term::Var(*v)),
                    Term::Atom(a) => out.push(Term::Atom(*a)),
                    Term::Int(i) => out.push(Term::Int(*i)),
                    Term::BigInt(b) => out.push(Term::BigInt(b.clone())),
                    Term::Float(f) => out.push(Term::Float(*f)),
                    Term::Str(s) => out.push(Term::Str(s.clone())),
                },
                Job::Build(f, n) => {
                    let args = out.split_off(out.len() - n);
                    out.push(Term::Compound(f, args));
                }
            }
        }
        out.pop().expect("clone produced a term")
    }
}

impl PartialEq for Term {
    fn eq(&self, other: &Term) -> bool {
        let mut stack = vec![(self, other)];
        while let Some((a, b)) = stack.pop() {
            match (a, b) {
                (Term::Compound(f, x), Term::Compound(g, y)) => {
                    if f != g || x.len() != y.len() {
                        return false;
                    }
                    stack.extend(x.iter().zip(y.iter()));
                }
                (Term::Var(x), Term::Var(y)) if x == y => {}
                (Term::Atom(x), Term::Atom(y)) if x == y => {}
                (Term::Int(x), Term::Int(y)) if x == y => {}
                (Term::BigInt(x), Term::BigInt(y)) if x == y => {}
                (Term::Float(x), Term::Float(y)) if x.to_bits() == y.to_bits() => {}
                (Term::Str(x), Term::Str(y)) if x == y => {}
                _ => return false,
            }
        }
        true
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_terms_clone_and_compare_iteratively() {
        let mut t = Term::atom("a");
        for _ in 0..1_000_000 {
            t = Term::compound("f", vec![t]);
        }
        let u = t.clone();
        assert!(t == u);
        let v = Term::compound("f", vec![Term::atom("b")]);
        assert!(t != v);
    }
}
