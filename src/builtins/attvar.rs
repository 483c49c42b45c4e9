//! Attributed variables with SWI-Prolog's interface: `put_attr/3`,
//! `get_attr/3`, `del_attr/2`, `attvar/1`, `get_attrs/2`, `put_attrs/2`,
//! `del_attrs/1`, `term_attvars/2`, `copy_term_nat/2`.
//!
//! An attributed variable is an unbound variable cell followed by
//! `ATTVAR_MARK` and a cell with its attributes, SWI's chain
//! `att(Module, Value, More)` ending in `[]` (see `Store::new_attvar`). Giving a plain variable its first
//! attribute binds it to a new attributed variable; every later change of
//! the chain is a backtrackable assignment, so backtracking restores the
//! attributes. Binding an attributed variable wakes its hooks (`Machine::bind`).

use crate::machine::error::{instantiation_error, type_error, uninstantiation_error, PlError, Res};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::cell::tag;
use crate::term::store::attrs_at;
use crate::term::{atoms, Atom, Cell, Term, View};
use std::collections::HashMap;

/// Builtins of this family.
pub const ATTVAR_BUILTINS: BuiltinTable = &[
    ("attvar", 1, Builtin::Det(attvar)),
    ("put_attr", 3, Builtin::Det(put_attr)),
    ("get_attr", 3, Builtin::Det(get_attr)),
    ("del_attr", 2, Builtin::Det(del_attr)),
    ("get_attrs", 2, Builtin::Det(get_attrs)),
    ("put_attrs", 2, Builtin::Det(put_attrs)),
    ("del_attrs", 1, Builtin::Det(del_attrs)),
    ("term_attvars", 2, Builtin::Det(term_attvars)),
    ("copy_term_nat", 2, Builtin::Det(copy_term_nat)),
];

/// The address of the attributed variable `c` is, if it is one.
fn attvar_at(m: &Machine, c: Cell) -> Option<usize> {
    let d = m.deref(c);
    (d.is_ref() && m.store.is_attvar(d.val())).then(|| d.val())
}

/// Where the attribute of one module sits in a chain.
enum Slot {
    /// The cell at the address holds `att(Module, Value, More)`, whose
    /// arguments start at the second address.
    Found(usize, usize),
    /// The cell at the address holds the end of the chain.
    End(usize),
}

/// Finds the attribute of `module` in the chain of the attributed variable at `home`.
fn find_slot(m: &Machine, home: usize, module: Atom) -> Slot {
    let att = Cell::functor(atoms::ATT, 3);
    let mut link = attrs_at(home);
    loop {
        // Follow bound variables to the cell that holds the term.
        let mut c = m.store.heap[link];
        while c.is_ref() && c.val() != link && !m.store.is_attvar(c.val()) {
            link = c.val();
            c = m.store.heap[link];
        }
        if c.tag() != tag::STR || m.store.heap[c.val()] != att {
            return Slot::End(link);
        }
        let first = c.val() + 1;
        if m.deref(m.store.heap[first]) == Cell::atom(module) {
            return Slot::Found(link, first);
        }
        link = first + 2;
    }
}

/// The module argument of the attribute predicates: an atom.
fn module_arg(m: &Machine, c: Cell) -> Result<Atom, PlError> {
    match m.store.view(c) {
        View::Atom(a) => Ok(a),
        View::Var(_) => Err(instantiation_error()),
        _ => Err(type_error("atom", m.store.to_term(c, &mut Vec::new()))),
    }
}

/// SWI's error for a first argument that must be a variable.
fn not_a_variable(m: &Machine, c: Cell, name: &str, arity: usize) -> PlError {
    let culprit = m.store.to_term(c, &mut Vec::new());
    let context = Term::compound(
        "context",
        vec![
            Term::indicator(Atom::new(name), arity),
            Term::atom("1-st argument"),
        ],
    );
    uninstantiation_error(culprit).with_context(context)
}

/// Gives the plain variable `var` the attribute chain `attrs`.
fn make_attvar(m: &mut Machine, var: Cell, attrs: Cell) {
    let v = m.store.new_attvar(attrs);
    m.bind(var.val(), v);
}

/// Turns the attributed variable at `home` back into a plain variable.
fn drop_attributes(m: &mut Machine, home: usize) {
    m.assign_backtrackable(home + 1, Cell::atom(atoms::NIL));
}

fn attvar(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(attvar_at(m, a[0]).is_some())
}

/// `put_attr(Var, Module, Value)` for an unbound (dereferenced) `var`.
pub fn set_attr(m: &mut Machine, var: Cell, module: Atom, value: Cell) {
    let nil = Cell::atom(atoms::NIL);
    if !m.store.is_attvar(var.val()) {
        let att = m
            .store
            .new_compound(atoms::ATT, &[Cell::atom(module), value, nil]);
        make_attvar(m, var, att);
        return;
    }
    match find_slot(m, var.val(), module) {
        Slot::Found(_, first) => m.assign_backtrackable(first + 1, value),
        Slot::End(link) => {
            let att = m
                .store
                .new_compound(atoms::ATT, &[Cell::atom(module), value, nil]);
            m.assign_backtrackable(link, att);
        }
    }
}

/// The value of the attribute of `module` of the attributed variable `c`, if any.
pub fn attr_of(m: &Machine, c: Cell, module: Atom) -> Option<Cell> {
    let home = attvar_at(m, c)?;
    match find_slot(m, home, module) {
        Slot::Found(_, first) => Some(m.store.heap[first + 1]),
        Slot::End(_) => None,
    }
}

fn put_attr(m: &mut Machine, a: &[Cell]) -> Res {
    let v = m.deref(a[0]);
    if !v.is_ref() {
        return Err(not_a_variable(m, v, "put_attr", 3));
    }
    let module = module_arg(m, a[1])?;
    set_attr(m, v, module, a[2]);
    Ok(true)
}

fn get_attr(m: &mut Machine, a: &[Cell]) -> Res {
    if attvar_at(m, a[0]).is_none() {
        return Ok(false);
    }
    let module = module_arg(m, a[1])?;
    match attr_of(m, a[0], module) {
        Some(v) => Ok(m.unify(a[2], v)),
        None => Ok(false),
    }
}

fn del_attr(m: &mut Machine, a: &[Cell]) -> Res {
    let Some(home) = attvar_at(m, a[0]) else {
        return Ok(true);
    };
    let module = module_arg(m, a[1])?;
    if let Slot::Found(link, first) = find_slot(m, home, module) {
        m.assign_backtrackable(link, m.store.heap[first + 2]);
        // A variable that loses its last attribute is a plain variable again.
        if m.deref(m.store.heap[attrs_at(home)]) == Cell::atom(atoms::NIL) {
            drop_attributes(m, home);
        }
    }
    Ok(true)
}

fn get_attrs(m: &mut Machine, a: &[Cell]) -> Res {
    match attvar_at(m, a[0]) {
        Some(home) => Ok(m.unify(a[1], m.store.heap[attrs_at(home)])),
        None => Ok(false),
    }
}

fn put_attrs(m: &mut Machine, a: &[Cell]) -> Res {
    let v = m.deref(a[0]);
    if !v.is_ref() {
        return Err(not_a_variable(m, v, "put_attrs", 2));
    }
    if m.store.is_attvar(v.val()) {
        m.assign_backtrackable(attrs_at(v.val()), a[1]);
    } else {
        make_attvar(m, v, a[1]);
    }
    Ok(true)
}

fn del_attrs(m: &mut Machine, a: &[Cell]) -> Res {
    if let Some(home) = attvar_at(m, a[0]) {
        drop_attributes(m, home);
    }
    Ok(true)
}

/// The attributed variables of a term, depth-first and left to right, each
/// followed by those of its attributes (SWI's order).
pub fn attvars_of(m: &Machine, c: Cell) -> Vec<Cell> {
    crate::builtins::terms::vars_of(m, c, true)
}

/// The attributed variables that occur in the term `c` itself (not in
/// their attributes), each once.
fn attvars_in(m: &Machine, c: Cell) -> Vec<Cell> {
    crate::builtins::terms::term_vars(m, c)
        .into_iter()
        .filter(|v| m.store.is_attvar(v.val()))
        .collect()
}

fn term_attvars(m: &mut Machine, a: &[Cell]) -> Res {
    let vars = attvars_of(m, a[0]);
    let l = m.store.new_list_from(&vars, Cell::atom(atoms::NIL));
    Ok(m.unify(a[1], l))
}

fn copy_term_nat(m: &mut Machine, a: &[Cell]) -> Res {
    let copy = m.store.copy_here(a[0], false, &mut m.copy_scratch);
    Ok(m.unify(a[1], copy))
}

impl Machine {
    /// What the `attr_portray_hook/2`s print for each attributed variable
    /// of `c` (`write_term/2` option `attributes(portray)`), keyed by the
    /// variable's address: a module without the hook shows as `Module = ...`.
    pub fn attr_portrayals(&mut self, c: Cell) -> Result<HashMap<usize, String>, PlError> {
        let mut texts = HashMap::new();
        for v in attvars_in(self, c) {
            let text = self.store.new_var();
            let goal = self
                .store
                .new_compound(Atom::new("$attvar_portray"), &[v, text]);
            self.roots.push(text);
            let ok = self.run_once(goal);
            let text = self.roots.pop().expect("pushed above");
            if ok? {
                if let Some(s) = crate::builtins::text::text_of(&self.store, text) {
                    texts.insert(v.val(), s);
                }
            }
        }
        Ok(texts)
    }

    /// Runs `f` on the residual goals of the attributed variables reachable
    /// from `values` (as the toplevel shows them, see `'$residual_goals'/2`),
    /// then undoes whatever computing them changed: collecting the goals of
    /// some constraints consumes their attributes. `f` gets no goals when
    /// there is no attributed variable (no Prolog runs then).
    pub fn with_residual_goals<R>(
        &mut self,
        values: &[Cell],
        f: impl FnOnce(&mut Machine, &[Cell]) -> R,
    ) -> R {
        let top = self.store.top();
        let list = self.store.new_list_from(values, Cell::atom(atoms::NIL));
        if attvars_of(self, list).is_empty() {
            self.store.heap.truncate(top);
            return f(self, &[]);
        }
        let mark = self.trail.len();
        let hb = self.hb;
        // Every binding made from here on is trailed, so all can be undone.
        self.hb = self.store.top();
        let goals = self.store.new_var();
        let query = self
            .store
            .new_compound(Atom::new("$residual_goals"), &[list, goals]);
        let found = match self.run_once(query) {
            Ok(true) => self.store.list_items(goals).unwrap_or_default(),
            _ => Vec::new(),
        };
        let r = f(self, &found);
        self.undo_to(mark);
        self.hb = hb;
        self.reclaim(top, mark);
        r
    }
}

#[cfg(test)]
mod tests {
    use crate::machine::Machine;
    use crate::term::Term;

    /// The answers of `query`, each as its bindings' text and residual goals' text.
    fn answers(m: &mut Machine, query: &str) -> Vec<(Vec<String>, Vec<String>)> {
        m.query(query)
            .unwrap()
            .map(|a| {
                let a = a.unwrap();
                let b = a
                    .bindings
                    .iter()
                    .map(|(n, t)| format!("{n}={t:?}"))
                    .collect();
                let g = a.residual_goals.iter().map(|t| format!("{t:?}")).collect();
                (b, g)
            })
            .collect()
    }

    #[test]
    fn answers_carry_their_residual_goals_with_shared_variables() {
        let mut m = Machine::new();
        let found: Vec<Vec<Term>> = m
            .query("dif(X, a)")
            .unwrap()
            .map(|a| a.unwrap().residual_goals)
            .collect();
        let x = Term::Var(0);
        assert_eq!(
            found,
            vec![vec![Term::compound("dif", vec![x, Term::atom("a")])]]
        );
        let plain = answers(&mut m, "X = 1");
        assert_eq!(plain.len(), 1);
        assert!(plain[0].1.is_empty());
    }

    #[test]
    fn attributes_and_pending_wake_ups_survive_garbage_collection() {
        let mut m = Machine::new();
        m.consult_str(
            "m:attr_unify_hook(V, X) :- X =:= V * 2.
             build(0, []) :- !.
             build(N, [X|Xs]) :- V is N, put_attr(X, m, V), N1 is N - 1, build(N1, Xs).
             bind([], _).
             bind([X|Xs], N) :- X is N * 2, N1 is N - 1, bind(Xs, N1).
             go :- build(2000, L), garbage_collect, bind(L, 2000), garbage_collect.",
            "gc_test",
        )
        .unwrap();
        assert_eq!(answers(&mut m, "go").len(), 1);
        // A wrong value makes a hook fail: the wake-ups really ran.
        assert!(answers(&mut m, "build(3, L), L = [5|_]").is_empty());
        assert_eq!(answers(&mut m, "build(3, L), L = [6|_]").len(), 1);
    }

    #[test]
    fn backtracking_restores_attributes_and_plain_variables() {
        let mut m = Machine::new();
        let a = answers(
            &mut m,
            "put_attr(X, m, 1), (put_attr(X, m, 2), fail ; del_attr(X, m), fail ; get_attr(X, m, V))",
        );
        assert_eq!(a.len(), 1);
        assert!(a[0].0.iter().any(|b| b == "V=Int(1)"), "{a:?}");
    }
}
