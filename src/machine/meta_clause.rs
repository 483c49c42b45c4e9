//! Meta-called control constructs run as compiled clauses.
//!
//! SWI-Prolog runs `call((between(1, N, K), f(K, V)))` by compiling the goal
//! into a temporary clause. puzzlog compiles the goal's *skeleton*: its
//! control constructs, the names, arities and modules of its leaves, with
//! every argument of a leaf replaced by a head argument of the clause. The
//! code is cached by skeleton, so a later call of the same shape (findall,
//! forall and aggregate_all run the same goal again and again) only walks
//! the goal and loads the leaves' arguments into the argument registers.
//!
//! A goal the cache does not take (a leaf that is a variable or `[]`, `'|'/2`,
//! a module that is not an atom, a goal too large, a full cache) is
//! interpreted by `'$mc'/3` as before; both run the goal the same way.

use super::db::Db;
use super::instr::{Addr, PredId};
use super::keyhash::BuildKeyHasher;
use super::run::is_control;
use crate::term::cell::tag;
use crate::term::{atoms, Atom, Cell, Store, Term};
use std::collections::HashMap;

/// The most arguments the leaves of a cached goal may have together.
const MAX_ARGS: usize = 64;
/// The most nodes (control constructs, qualifications, leaves) of a cached goal.
const MAX_NODES: usize = 256;
/// The most skeletons kept compiled.
const MAX_CACHED: usize = 4096;

/// The compiled skeletons of meta-called control constructs.
#[derive(Default)]
pub struct MetaClauses {
    /// Where the code of each skeleton starts.
    code: HashMap<Box<[u64]>, Addr, BuildKeyHasher>,
    /// The skeleton of the goal being called.
    key: Vec<u64>,
    /// The arguments of its leaves, in order.
    args: Vec<Cell>,
    /// The goals still to walk, with the module they run in.
    stack: Vec<(Cell, Atom)>,
}

impl MetaClauses {
    /// The code that runs control construct `goal` in `module`, compiling its
    /// skeleton (as a clause of `caller`) on first sight; the leaves'
    /// arguments are left in [`MetaClauses::args`]. None when the goal is
    /// not one the cache takes.
    pub fn code_for(
        &mut self,
        store: &Store,
        db: &mut Db,
        goal: Cell,
        module: Atom,
        caller: PredId,
    ) -> Option<Addr> {
        if !self.skeleton(store, goal, module) {
            return None;
        }
        if let Some(&code) = self.code.get(self.key.as_slice()) {
            return Some(code);
        }
        if self.code.len() >= MAX_CACHED {
            return None;
        }
        let mut next = 0;
        // `(Goal, true)`: as SWI's temporary clause, this one keeps its frame
        // to the end, so that its last leaf too is called from
        // `'<meta-call>'/1` (the context of an unknown procedure's error).
        let body = Term::Compound(
            atoms::COMMA,
            vec![
                body_term(store, goal, module, module, &mut next),
                Term::Atom(atoms::TRUE),
            ],
        );
        let code = db.compile_meta(body, next, module, caller).ok()?;
        // The key names atoms by number: none may be collected and its
        // number given to another atom while the key is kept.
        for &w in &self.key {
            if let Some(a) = Cell(w).named_atom() {
                a.pin();
            }
        }
        self.code.insert(self.key.as_slice().into(), code);
        Some(code)
    }

    /// The arguments of the leaves of the goal last given to `code_for`.
    pub fn args(&self) -> &[Cell] {
        &self.args
    }

    /// Walks `goal` (run in `module`) into `key` and `args`; false when the
    /// cache does not take it.
    fn skeleton(&mut self, store: &Store, goal: Cell, module: Atom) -> bool {
        self.key.clear();
        self.args.clear();
        self.stack.clear();
        self.key.push(Cell::atom(module).0);
        self.stack.push((goal, module));
        while let Some((c, m)) = self.stack.pop() {
            if self.key.len() > MAX_NODES {
                return false;
            }
            let c = store.deref(c);
            match c.tag() {
                tag::ATOM if c.get_atom() != atoms::NIL => self.key.push(c.0),
                tag::STR => {
                    let f = store.heap[c.val()];
                    let (name, arity) = (f.fun_name(), f.fun_arity());
                    self.key.push(f.0);
                    let args = &store.heap[c.val() + 1..c.val() + 1 + arity];
                    if name == atoms::BAR && arity == 2 {
                        return false;
                    } else if is_control(name, arity) {
                        self.stack.extend(args.iter().rev().map(|&a| (a, m)));
                    } else if name == atoms::COLON && arity == 2 {
                        let q = store.deref(args[0]);
                        if q.tag() != tag::ATOM {
                            return false;
                        }
                        self.key.push(q.0);
                        self.stack.push((args[1], q.get_atom()));
                    } else {
                        if self.args.len() + arity > MAX_ARGS {
                            return false;
                        }
                        self.args.extend_from_slice(args);
                    }
                }
                _ => return false,
            }
        }
        true
    }
}

/// The body of the clause of `goal`'s skeleton, run in `module` (the
/// clause's is `context`): the leaves' arguments are variables numbered
/// from `next` on in the order `skeleton` collects them, and leaves run in
/// another module than the clause's are qualified with it.
fn body_term(store: &Store, goal: Cell, module: Atom, context: Atom, next: &mut u32) -> Term {
    let c = store.deref(goal);
    if c.tag() == tag::ATOM {
        let a = c.get_atom();
        let plain = [
            atoms::TRUE,
            atoms::FAIL,
            atoms::FALSE,
            atoms::CUT,
            atoms::DOLLAR,
        ];
        return qualified(Term::Atom(a), module, context, plain.contains(&a));
    }
    let f = store.heap[c.val()];
    let (name, arity) = (f.fun_name(), f.fun_arity());
    let args = &store.heap[c.val() + 1..c.val() + 1 + arity];
    if is_control(name, arity) {
        let parts = args
            .iter()
            .map(|&a| body_term(store, a, module, context, next))
            .collect();
        Term::Compound(name, parts)
    } else if name == atoms::COLON && arity == 2 {
        let m = store.deref(args[0]).get_atom();
        body_term(store, args[1], m, context, next)
    } else {
        let mut vars: Vec<Term> = (0..arity as u32).map(|i| Term::Var(*next + i)).collect();
        *next += arity as u32;
        if name == atoms::CALL && module != atoms::USER {
            // call/N resolves its closure in the module of the clause that
            // calls it, which for this clause is not `module`.
            let closure = std::mem::replace(&mut vars[0], Term::Var(0));
            vars[0] = Term::Compound(atoms::COLON, vec![Term::Atom(module), closure]);
            return Term::Compound(name, vars);
        }
        qualified(Term::Compound(name, vars), module, context, false)
    }
}

/// `Module:Leaf`, or the leaf alone when it runs in the clause's module or
/// is a control atom that no module changes.
fn qualified(leaf: Term, module: Atom, context: Atom, plain: bool) -> Term {
    if plain || module == context {
        leaf
    } else {
        Term::Compound(atoms::COLON, vec![Term::Atom(module), leaf])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn goal(store: &mut Store, name: &str, args: &[Cell]) -> Cell {
        store.new_compound(Atom::new(name), args)
    }

    /// `(p(X, 1), \+ q(Y))` with the given arguments.
    fn shape(store: &mut Store, a: Cell, b: Cell, c: Cell) -> Cell {
        let p = goal(store, "p", &[a, b]);
        let q = goal(store, "q", &[c]);
        let not = goal(store, "\\+", &[q]);
        goal(store, ",", &[p, not])
    }

    #[test]
    fn goals_of_one_shape_share_a_skeleton_and_pass_their_arguments() {
        let mut store = Store::new();
        let mut cache = MetaClauses::default();
        let (x, y) = (store.new_var(), store.new_var());
        let one = Cell::small(1);
        let g1 = shape(&mut store, x, one, y);
        assert!(cache.skeleton(&store, g1, atoms::USER));
        let key = cache.key.clone();
        assert_eq!(cache.args, vec![x, one, y]);
        let f = goal(&mut store, "f", &[x]);
        let g2 = shape(&mut store, f, Cell::small(2), Cell::atom(atoms::NIL));
        assert!(cache.skeleton(&store, g2, atoms::USER));
        assert_eq!(cache.key, key);
        assert_eq!(cache.args[0], f);
        // Another module, another clause.
        assert!(cache.skeleton(&store, g2, Atom::new("m")));
        assert_ne!(cache.key, key);
    }

    #[test]
    fn goals_the_interpreter_keeps_are_refused() {
        let mut store = Store::new();
        let mut cache = MetaClauses::default();
        let (v, m) = (store.new_var(), store.new_var());
        let t = Cell::atom(atoms::TRUE);
        let var_leaf = goal(&mut store, ",", &[t, v]);
        let nil_leaf = goal(&mut store, ",", &[t, Cell::atom(atoms::NIL)]);
        let bar = goal(&mut store, "|", &[t, t]);
        let q = goal(&mut store, ":", &[m, t]);
        let var_module = goal(&mut store, ",", &[t, q]);
        for g in [var_leaf, nil_leaf, bar, var_module] {
            assert!(!cache.skeleton(&store, g, atoms::USER));
        }
    }

    /// Leaves run in another module than the clause's are qualified with
    /// it (call/N through its closure); cut and `true` stay as they are.
    #[test]
    fn the_body_qualifies_leaves_run_in_another_module() {
        let mut store = Store::new();
        let m = Atom::new("m");
        let x = store.new_var();
        let p = goal(&mut store, "p", &[x]);
        let call = goal(&mut store, "call", &[p, x]);
        let inner = goal(&mut store, ",", &[call, Cell::atom(atoms::CUT)]);
        let q = goal(&mut store, ":", &[Cell::atom(m), inner]);
        let g = goal(&mut store, ",", &[p, q]);
        let mut next = 0;
        let body = body_term(&store, g, atoms::USER, atoms::USER, &mut next);
        assert_eq!(next, 3);
        let expected = Term::compound(
            ",",
            vec![
                Term::compound("p", vec![Term::Var(0)]),
                Term::compound(
                    ",",
                    vec![
                        Term::compound(
                            "call",
                            vec![
                                Term::compound(":", vec![Term::Atom(m), Term::Var(1)]),
                                Term::Var(2),
                            ],
                        ),
                        Term::Atom(atoms::CUT),
                    ],
                ),
            ],
        );
        assert_eq!(body, expected);
    }
}
