//! Errors raised by Rust code into Prolog: ISO `error(Formal, Context)` terms,
//! arbitrary thrown balls, and `halt/1`.
//!
//! Builtins return `Res`; an `Err` becomes a Prolog exception that `catch/3`
//! can intercept. When `context` is `None` the machine fills in
//! `context(system:Name/Arity, _)` for the builtin that raised it, as SWI does.
//!
//! Culprits are owned terms, which cannot be cyclic: [`culprit`] stands in
//! for a cyclic one (`X = f(X)`) and [`Machine::finish_error`], run when the
//! builtin returns, puts the term itself back, so that the error is SWI's
//! `type_error(text, @(S_1, [S_1=[a|S_1]]))` and not a cut-down copy.

use super::Machine;
use crate::term::{atoms, Atom, Cell, Copied, Store, Term};
use std::collections::HashMap;

/// An exception raised by Rust code. Its payload is boxed: a result of a
/// builtin (`Res<bool>`) is then two words, returned in registers, where an
/// inline error term made every builtin's result a block of memory that its
/// caller copied out after each call.
#[derive(Debug, Clone)]
pub enum PlError {
    /// `error(Formal, Context)`.
    Error(Box<ErrorTerm>),
    /// `throw(Ball)` of any other ball.
    Throw(Box<Term>),
    /// A ball already copied out of the heap (from `throw/1`).
    Ball(Box<Copied>),
    /// `halt/0,1` was called with this status.
    Halt(i32),
}

/// The arguments of an `error(Formal, Context)` raised by Rust code.
#[derive(Debug, Clone)]
pub struct ErrorTerm {
    /// The formal term, e.g. `type_error(integer, a)`.
    pub formal: Term,
    /// The context term; `None` lets the machine supply the builtin's indicator.
    pub context: Option<Term>,
}

impl PlError {
    /// `error(Formal, Context)`.
    pub fn error(formal: Term, context: Option<Term>) -> PlError {
        PlError::Error(Box::new(ErrorTerm { formal, context }))
    }

    /// `throw(Ball)`.
    pub fn throw(ball: Term) -> PlError {
        PlError::Throw(Box::new(ball))
    }

    /// A ball copied out of the heap.
    pub fn ball(copied: Copied) -> PlError {
        PlError::Ball(Box::new(copied))
    }
}

/// The result of a builtin: `Ok(true)` succeeded, `Ok(false)` failed.
pub type Res<T = bool> = Result<T, PlError>;

fn err(formal: Term) -> PlError {
    PlError::error(formal, None)
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

/// The functor of the stand-in for a cyclic culprit (see [`culprit`]).
const CYCLIC_CULPRIT: &str = "$cyclic_culprit";

/// Variable numbers from which the stand-ins of cyclic culprits are numbered
/// while an error term is rebuilt on the heap (clear of a term's own).
const CULPRIT_VARS: u32 = u32::MAX / 2;

/// The owned form of cell `c` for an error term. A cyclic term becomes a
/// stand-in naming its heap cell, which [`Machine::finish_error`] replaces
/// by the term itself.
pub fn culprit(store: &Store, c: Cell) -> Term {
    if crate::term::cyclic::is_acyclic(store, c) {
        store.to_term(c, &mut Vec::new())
    } else {
        Term::compound(CYCLIC_CULPRIT, vec![Term::Int(store.deref(c).0 as i64)])
    }
}

/// `context(_, Message)`: a context whose predicate [`Machine::finish_error`]
/// fills in with the builtin that raised the error.
pub fn message_context(message: &str) -> Term {
    Term::compound("context", vec![Term::Var(0), Term::atom(message)])
}

/// Replaces the stand-ins of cyclic culprits in `t` by variables numbered
/// from `CULPRIT_VARS`; returns the cells they stood for, in that order.
fn take_cyclic_culprits(t: &mut Term) -> Vec<Cell> {
    let mut cells = Vec::new();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        let stand_in = match &*t {
            Term::Compound(f, args) if f.name() == CYCLIC_CULPRIT && args.len() == 1 => {
                match args[0] {
                    Term::Int(bits) => Some(Cell(bits as u64)),
                    _ => None,
                }
            }
            _ => None,
        };
        if let Some(c) = stand_in {
            cells.push(c);
            *t = Term::Var(CULPRIT_VARS + cells.len() as u32 - 1);
        } else if let Term::Compound(_, args) = t {
            stack.extend(args.iter_mut());
        }
    }
    cells
}

impl Machine {
    /// Completes an error a builtin raised: a context `context(_, Message)`
    /// gets the builtin's predicate, and cyclic culprits (see [`culprit`])
    /// come back as themselves, the error then travelling as a ball.
    pub fn finish_error(&mut self, e: PlError) -> PlError {
        let PlError::Error(mut error) = e else {
            return e;
        };
        let cells = take_cyclic_culprits(&mut error.formal);
        let open_context = matches!(&error.context, Some(Term::Compound(f, a))
            if f.name() == "context" && a.len() == 2 && matches!(a[0], Term::Var(_)));
        if cells.is_empty() && !open_context {
            return PlError::Error(error);
        }
        let ErrorTerm { formal, context } = *error;
        let builtin = self.context_term(self.current_builtin);
        let context = match context {
            Some(mut ctx) if open_context => {
                if let (Term::Compound(_, a), Term::Compound(_, b)) = (&mut ctx, &builtin) {
                    a[0] = b[0].clone();
                }
                ctx
            }
            Some(other) => other,
            None => builtin,
        };
        if cells.is_empty() {
            return PlError::error(formal, Some(context));
        }
        let top = self.store.top();
        let mut vars: HashMap<u32, Cell> = HashMap::new();
        for (k, &c) in cells.iter().enumerate() {
            // A culprit (a compound) is older than anything the builtin built.
            if c.val() < top {
                vars.insert(CULPRIT_VARS + k as u32, c);
            }
        }
        let f = self.store.from_term(&formal, &mut vars);
        let ctx = self.store.from_term(&context, &mut HashMap::new());
        let ball = self.store.new_compound(atoms::ERROR, &[f, ctx]);
        let copied = Copied::new(&self.store, ball);
        self.store.heap.truncate(top);
        PlError::ball(copied)
    }
}

impl PlError {
    /// The same error with an explicit context term.
    pub fn with_context(self, ctx: Term) -> PlError {
        match self {
            PlError::Error(mut error) => {
                error.context = Some(ctx);
                PlError::Error(error)
            }
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{PlError, Res};

    #[test]
    fn a_result_of_a_builtin_is_two_words() {
        // Returned in registers, not through memory (see `PlError`).
        assert_eq!(std::mem::size_of::<Res<bool>>(), 16);
        assert_eq!(std::mem::size_of::<PlError>(), 16);
    }
}
