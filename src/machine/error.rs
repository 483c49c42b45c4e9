//! Errors raised by Rust code into Prolog: ISO `error(Formal, Context)` terms,
//! arbitrary thrown balls, and `halt/1`.
//!
//! Builtins return `Res`; an `Err` becomes a Prolog exception that `catch/3`
//! can intercept. When `context` is `None` the machine fills in
//! `context(system:Name/Arity, _)` for the builtin that raised it, as SWI does.

use crate::term::{Atom, Copied, Term};

/// An exception raised by Rust code.
#[derive(Debug, Clone)]
pub enum PlError {
    /// `error(Formal, Context)`.
    Error {
        /// The formal term, e.g. `type_error(integer, a)`.
        formal: Term,
        /// The context term; `None` lets the machine supply the builtin's indicator.
        context: Option<Term>,
    },
    /// `throw(Ball)` of any other ball.
    Throw(Term),
    /// A ball already copied out of the heap (from `throw/1`).
    Ball(Copied),
    /// `halt/0,1` was called with this status.
    Halt(i32),
}

/// The result of a builtin: `Ok(true)` succeeded, `Ok(false)` failed.
pub type Res<T = bool> = Result<T, PlError>;

fn err(formal: Term) -> PlError {
    PlError::Error {
        formal,
        context: None,
    }
}

/// `instantiation_error`.
pub fn instantiation_error() -> PlError {
    err(Term::atom("instantiation_error"))
}

/// `uninstantiation_error(Culprit)`.
pub fn uninstantiation_error(culprit: Term) -> PlError {
    err(Term::compound("uninstantiation_error", vec![culprit]))
}

/// `type_error(Type, Culprit)`.
pub fn type_error(typ: &str, culprit: Term) -> PlError {
    err(Term::compound("type_error", vec![Term::atom(typ), culprit]))
}

/// `domain_error(Domain, Culprit)`.
pub fn domain_error(domain: &str, culprit: Term) -> PlError {
    err(Term::compound(
        "domain_error",
        vec![Term::atom(domain), culprit],
    ))
}

/// `existence_error(Kind, Culprit)`.
pub fn existence_error(kind: &str, culprit: Term) -> PlError {
    err(Term::compound(
        "existence_error",
        vec![Term::atom(kind), culprit],
    ))
}

/// `existence_error(procedure, Name/Arity)`.
pub fn unknown_procedure(name: Atom, arity: usize) -> PlError {
    existence_error("procedure", Term::indicator(name, arity))
}

/// `permission_error(Action, Type, Culprit)`.
pub fn permission_error(action: &str, typ: &str, culprit: Term) -> PlError {
    err(Term::compound(
        "permission_error",
        vec![Term::atom(action), Term::atom(typ), culprit],
    ))
}

/// `representation_error(What)`.
pub fn representation_error(what: &str) -> PlError {
    err(Term::compound(
        "representation_error",
        vec![Term::atom(what)],
    ))
}

/// `evaluation_error(What)`: `zero_divisor`, `undefined`, `float_overflow`, ...
pub fn evaluation_error(what: &str) -> PlError {
    err(Term::compound("evaluation_error", vec![Term::atom(what)]))
}

/// `resource_error(What)`.
pub fn resource_error(what: &str) -> PlError {
    err(Term::compound("resource_error", vec![Term::atom(what)]))
}

/// `syntax_error(Message)`.
pub fn syntax_error(message: &str) -> PlError {
    err(Term::compound("syntax_error", vec![Term::atom(message)]))
}

/// `context(Name/Arity, _)` without the `system:` module, as SWI writes it
/// for some of its C-defined predicates.
pub fn plain_context(name: &str, arity: usize) -> Term {
    Term::compound(
        "context",
        vec![Term::indicator(Atom::new(name), arity), Term::Var(0)],
    )
}

impl PlError {
    /// The same error with an explicit context term.
    pub fn with_context(self, ctx: Term) -> PlError {
        match self {
            PlError::Error { formal, .. } => PlError::Error {
                formal,
                context: Some(ctx),
            },
            other => other,
        }
    }
}
