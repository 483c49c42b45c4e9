//! The database builtins: assert, retract, clause, abolish and declarations.

use super::terms::{culprit, list_arg};
use crate::machine::clauses::{ClauseList, Cursor};
use crate::machine::db::{key_of, ClauseData, PredKind};
use crate::machine::error::{
    domain_error, instantiation_error, permission_error, type_error, PlError, Res,
};
use crate::machine::instr::PredId;
use crate::machine::modules::qualify;
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{atoms, Atom, Cell, Term, View};
use std::any::Any;
use std::collections::HashMap;
use std::rc::Rc;

/// Builtins of this family.
pub const DB_BUILTINS: BuiltinTable = &[
    ("assert", 1, Builtin::Det(assertz)),
    ("assertz", 1, Builtin::Det(assertz)),
    ("asserta", 1, Builtin::Det(asserta)),
    ("retract", 1, Builtin::Nondet(retract)),
    ("retractall", 1, Builtin::Det(retractall)),
    ("abolish", 1, Builtin::Det(abolish)),
    ("clause", 2, Builtin::Nondet(clause)),
    ("dynamic", 1, Builtin::Det(dynamic)),
    ("discontiguous", 1, Builtin::Det(discontiguous)),
    ("current_predicate", 1, Builtin::Nondet(current_predicate)),
    ("$predicate_property", 2, Builtin::Det(predicate_property)),
    ("$clauses", 2, Builtin::Det(clauses_of)),
    ("$code", 1, Builtin::Det(code_of)),
];

/// `'$code'(Name/Arity)`: prints the compiled instructions of each clause (for debugging the compiler).
fn code_of(m: &mut Machine, a: &[Cell]) -> Res {
    let (name, arity) = indicator(m, a[0])?;
    let Some(id) = m.db.lookup(name, arity) else {
        return Ok(false);
    };
    let clauses = m.db.preds[id as usize].clauses.snapshot();
    let mut text = String::new();
    for (i, c) in clauses.iter().enumerate() {
        text.push_str(&format!("% clause {} at {}\n", i + 1, c.code));
        let (start, len) = c.data.code_range();
        for p in start as usize..(start + len) as usize {
            let ins = m.db.code[p];
            text.push_str(&format!("{p:6}  {ins:?}\n"));
        }
    }
    m.emit_out(&text)?;
    Ok(true)
}

/// Name and arity of a callable term.
fn callable_key(m: &Machine, c: Cell) -> Result<(Atom, usize), PlError> {
    match m.store.view(c) {
        View::Atom(a) => Ok((a, 0)),
        View::Compound(f, n, _) => Ok((f, n)),
        View::Var(_) => Err(instantiation_error()),
        _ => Err(type_error("callable", culprit(m, c))),
    }
}

/// The parts of a clause term as cells: `Head :- Body`, `Head => Body`,
/// `Head, Guard => Body` or a fact.
struct ClauseCells {
    head: Cell,
    guard: Option<Cell>,
    body: Option<Cell>,
    ssu: bool,
}

fn clause_cells(m: &Machine, c: Cell) -> ClauseCells {
    let c = m.deref(c);
    let arg = |i: usize, first: usize| m.deref(m.store.heap[first + i]);
    if let View::Compound(f, 2, first) = m.store.view(c) {
        if f == atoms::NECK || f == atoms::SSU_ARROW {
            let (mut head, mut guard) = (arg(0, first), None);
            if f == atoms::SSU_ARROW {
                if let View::Compound(atoms::COMMA, 2, hf) = m.store.view(head) {
                    (head, guard) = (arg(0, hf), Some(arg(1, hf)));
                }
            }
            return ClauseCells {
                head,
                guard,
                body: Some(m.store.heap[first + 1]),
                ssu: f == atoms::SSU_ARROW,
            };
        }
    }
    ClauseCells {
        head: c,
        guard: None,
        body: None,
        ssu: false,
    }
}

/// Splits a clause term into head and body cells; the body of `Head, Guard
/// => Body` is `Guard, !, Body` (the guard's conjunction flattened into it),
/// as SWI's `clause/2` shows it.
fn head_body(m: &mut Machine, c: Cell) -> (Cell, Option<Cell>) {
    let parts = clause_cells(m, c);
    let (Some(guard), Some(body)) = (parts.guard, parts.body) else {
        return (parts.head, parts.body);
    };
    let mut goals = Vec::new();
    let mut g = guard;
    while let View::Compound(atoms::COMMA, 2, first) = m.store.view(g) {
        goals.push(m.store.heap[first]);
        g = m.deref(m.store.heap[first + 1]);
    }
    goals.push(g);
    goals.push(Cell::atom(atoms::CUT));
    let body = goals.into_iter().rev().fold(body, |rest, goal| {
        m.store.new_compound(atoms::COMMA, &[goal, rest])
    });
    (parts.head, Some(body))
}

fn do_assert(m: &mut Machine, a: &[Cell], front: bool) -> Res {
    if !crate::term::cyclic::is_acyclic(&m.store, a[0]) {
        return Err(crate::machine::error::representation_error("cyclic_term"));
    }
    let (ctx, clause) = m.strip_module_cell(a[0], atoms::USER)?;
    let ClauseCells {
        head,
        guard,
        body,
        ssu,
    } = clause_cells(m, clause);
    let (mut module, head) = m.strip_module_cell(head, ctx)?;
    let (name, arity) = callable_key(m, head)?;
    if crate::machine::modules::is_fixed_control(name, arity) {
        let pi = Term::indicator(name, arity);
        return Err(permission_error("modify", "static_procedure", pi));
    }
    if let Some(b) = body {
        let b = m.deref(b);
        if let View::Int(_) | View::Float(_) | View::BigInt(_) = m.store.view(b) {
            return Err(type_error("callable", culprit(m, b)));
        }
    }
    // A name imported into `module` (and not defined there) is the imported
    // predicate: assert adds to it only if it is dynamic, as in SWI.
    let imported =
        m.db.import_of(module, name, arity)
            .filter(|_| {
                !m.db
                    .local(module, name, arity)
                    .is_some_and(|id| m.db.is_defined(id))
            })
            .map(|imp| imp.pred);
    let id = match imported {
        Some(id) if !m.db.preds[id as usize].dynamic => {
            let owner = m.db.preds[id as usize].module;
            let pi = qualify(owner, Term::indicator(name, arity));
            return Err(permission_error("modify", "static_procedure", pi));
        }
        Some(id) => {
            module = m.db.preds[id as usize].module;
            id
        }
        None => m.declared_pred(module, name, arity),
    };
    m.db.check_modifiable(id).map_err(|e| {
        let pi = Term::indicator(name, arity);
        match e {
            PlError::Error(_) => permission_error("modify", "static_procedure", pi),
            e => e,
        }
    })?;
    check_not_static(m, id)?;
    // The clause as `Head :- Body` (or `Head, Guard => Body`) of `module`,
    // its body in the context module.
    let mut vars = Vec::new();
    let head_t = m.store.to_term(head, &mut vars);
    let in_context = |t: Term| {
        if ctx == module {
            t
        } else {
            crate::machine::modules::qualify(ctx, t)
        }
    };
    let lhs = match guard {
        Some(g) => {
            let guard_t = in_context(m.store.to_term(g, &mut vars));
            Term::Compound(atoms::COMMA, vec![head_t, guard_t])
        }
        None => head_t,
    };
    let term = match body {
        Some(b) => {
            let body_t = in_context(m.store.to_term(b, &mut vars));
            let neck = if ssu { atoms::SSU_ARROW } else { atoms::NECK };
            Term::Compound(neck, vec![lhs, body_t])
        }
        None => lhs,
    };
    m.recycle_code();
    let clause = m.db.compile(term, vars.len() as u32, module)?;
    m.ensure_regs_pub();
    let p = &mut m.db.preds[id as usize];
    if !p.defined || p.clauses.is_empty() {
        p.dynamic = true;
    }
    m.db.add_clause(id, clause, front)?;
    Ok(true)
}

fn assertz(m: &mut Machine, a: &[Cell]) -> Res {
    do_assert(m, a, false)
}
fn asserta(m: &mut Machine, a: &[Cell]) -> Res {
    do_assert(m, a, true)
}

/// assert/retract may not change a static predicate that a file defined
/// (not declared dynamic), as in SWI.
fn check_not_static(m: &Machine, id: PredId) -> Result<(), PlError> {
    let p = &m.db.preds[id as usize];
    if p.dynamic || p.file.is_none() || p.clauses.is_empty() {
        return Ok(());
    }
    let pi = Term::indicator(p.name, p.arity);
    let pi = if p.module == atoms::USER {
        pi
    } else {
        qualify(p.module, pi)
    };
    Err(permission_error("modify", "static_procedure", pi))
}

/// The predicate of a (possibly module-qualified) head for inspection or
/// change, and the head without its module; Err for system predicates.
fn user_pred(m: &mut Machine, head: Cell, action: &str) -> Result<(Option<PredId>, Cell), PlError> {
    let (module, head) = m.strip_module_cell(head, atoms::USER)?;
    let (name, arity) = callable_key(m, head)?;
    if action != "access" && crate::machine::modules::is_fixed_control(name, arity) {
        let pi = Term::indicator(name, arity);
        return Err(permission_error(action, "static_procedure", pi));
    }
    let Some(id) = m.db.lookup_in(module, name, arity) else {
        return Ok((None, head));
    };
    let p = &m.db.preds[id as usize];
    if p.system || !matches!(p.kind, PredKind::User) {
        let kind = if action == "access" {
            "private_procedure"
        } else {
            "static_procedure"
        };
        return Err(permission_error(action, kind, Term::indicator(name, arity)));
    }
    Ok((Some(id), head))
}

/// The head that `clause/2` and `retractall/1` match clauses with: they
/// match a clause's arguments, so the zero-arity compound `foo()` matches the
/// clauses of `foo/0` (stored with the head `foo`), as in SWI; `retract/1`
/// matches the whole clause, and `retract(foo())` fails.
fn by_arguments(m: &Machine, head: Cell) -> Cell {
    match m.store.view(head) {
        View::Compound(name, 0, _) => Cell::atom(name),
        _ => head,
    }
}

/// State of a retract/clause enumeration: the clauses (logical update
/// view by the cursor's generation) and where the scan is.
struct Scan {
    clauses: Rc<ClauseList>,
    cur: Cursor,
}

impl Scan {
    /// Keeps the scan for backtracking if another candidate remains.
    fn keep(mut self, redo: &mut Option<Box<dyn Any>>) {
        if let Some(j) = self.clauses.candidate(&self.cur) {
            self.cur.next = j;
            *redo = Some(Box::new(self));
        }
    }
}

/// Finds the next clause from `scan` whose `Head :- Body` unifies; leaves
/// bindings. Returns its position.
fn next_match(m: &mut Machine, scan: &mut Scan, head: Cell, body: Cell) -> Option<i32> {
    loop {
        let i = scan.clauses.candidate(&scan.cur)?;
        scan.cur.next = i + 1;
        let c = scan.clauses.at(i).data.restore(&mut m.store);
        let (h, b) = head_body(m, c);
        let b = b.unwrap_or(Cell::atom(atoms::TRUE));
        if m.attempt(|m| m.unify(head, h) && m.unify(body, b)) {
            return Some(i);
        }
    }
}

fn start_scan(m: &Machine, id: PredId, head: Cell, redo: &mut Option<Box<dyn Any>>) -> Scan {
    match redo.take() {
        Some(b) => *b.downcast::<Scan>().unwrap(),
        None => {
            let clauses = m.db.preds[id as usize].clauses.clone();
            let (arity, first) = match m.store.view(head) {
                View::Compound(_, n, first) => (n, first),
                _ => (0, 0),
            };
            let key_at = |i: usize| key_of(&m.store, m.deref(m.store.heap[first + i]));
            let cur = clauses.cursor(m.db.generation, arity, &key_at);
            Scan { clauses, cur }
        }
    }
}

fn retract(m: &mut Machine, a: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    let (ctx, clause) = m.strip_module_cell(a[0], atoms::USER)?;
    let (head, body) = head_body(m, clause);
    let body = body.unwrap_or(Cell::atom(atoms::TRUE));
    let head = m.store.new_compound(atoms::COLON, &[Cell::atom(ctx), head]);
    let (Some(id), head) = user_pred(m, head, "modify")? else {
        return Ok(false);
    };
    check_not_static(m, id)?;
    if redo.is_none() {
        m.db.tidy(id);
    }
    let mut scan = start_scan(m, id, head, redo);
    loop {
        let mark = m.trail.len();
        let Some(i) = next_match(m, &mut scan, head, body) else {
            drop(scan);
            m.db.tidy(id);
            return Ok(false);
        };
        // A clause that another retract removed since the scan started is skipped.
        if m.db.retract_at(id, &scan.clauses, i) {
            scan.keep(redo);
            m.db.tidy(id);
            return Ok(true);
        }
        m.undo_to(mark);
    }
}

fn clause(m: &mut Machine, a: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    // A body that cannot be one (`5`) is no error, as in SWI-Prolog: no
    // clause has it.
    let head = m.deref(a[0]);
    let b = m.deref(a[1]);
    let (Some(id), head) = user_pred(m, head, "access")? else {
        return Ok(false);
    };
    let head = by_arguments(m, head);
    let mut scan = start_scan(m, id, head, redo);
    match next_match(m, &mut scan, head, b) {
        Some(_) => {
            scan.keep(redo);
            Ok(true)
        }
        None => Ok(false),
    }
}

fn retractall(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, plain) = m.strip_module_cell(a[0], atoms::USER)?;
    let (name, arity) = callable_key(m, plain)?;
    let (id, head) = match user_pred(m, a[0], "modify")? {
        (Some(id), head) => (id, by_arguments(m, head)),
        (None, _) => {
            let id = m.db.local_id(module, name, arity);
            let p = &mut m.db.preds[id as usize];
            p.dynamic = true;
            p.defined = true;
            return Ok(true);
        }
    };
    let snapshot = m.db.preds[id as usize].clauses.snapshot();
    let mut keep = Vec::new();
    for c in snapshot.iter() {
        let t = c.data.restore(&mut m.store);
        let (h, _) = head_body(m, t);
        if !m.unify_or_undo_all(head, h) {
            keep.push(c.clone());
        }
    }
    let p = &mut m.db.preds[id as usize];
    if keep.len() < snapshot.len() {
        // A fresh list: calls running on the old one keep seeing all of it.
        let list = ClauseList::default();
        for c in keep {
            list.push(c, false);
        }
        p.clauses = Rc::new(list);
    }
    p.dynamic = true;
    p.defined = true;
    Ok(true)
}

/// Parses `Name/Arity`.
fn indicator(m: &Machine, c: Cell) -> Result<(Atom, usize), PlError> {
    match m.store.view(c) {
        View::Compound(f, 2, first) if f == atoms::SLASH => indicator_parts(m, first),
        View::Var(_) => Err(instantiation_error()),
        _ => Err(type_error("predicate_indicator", culprit(m, c))),
    }
}

/// Parses `Name/Arity` or `Name//Arity`, a non-terminal, whose predicate
/// has two more arguments.
pub fn indicator_or_nonterminal(m: &Machine, c: Cell) -> Result<(Atom, usize), PlError> {
    match m.store.view(c) {
        View::Compound(f, 2, first) if f.name() == "//" => {
            indicator_parts(m, first).map(|(name, arity)| (name, arity + 2))
        }
        _ => indicator(m, c),
    }
}

/// The name and arity of an indicator whose two arguments start at `first`.
fn indicator_parts(m: &Machine, first: usize) -> Result<(Atom, usize), PlError> {
    let n = m.deref(m.store.heap[first]);
    let ar = m.deref(m.store.heap[first + 1]);
    let name = match m.store.view(n) {
        View::Atom(a) => a,
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(type_error("atom", culprit(m, n))),
    };
    let arity = match m.store.view(ar) {
        View::Int(i) if i >= 0 => i as usize,
        View::Int(i) => return Err(domain_error("not_less_than_zero", Term::Int(i))),
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(type_error("integer", culprit(m, ar))),
    };
    Ok((name, arity))
}

fn abolish(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, spec) = m.strip_module_cell(a[0], atoms::USER)?;
    let (name, arity) = indicator(m, spec)?;
    if crate::machine::modules::is_fixed_control(name, arity) {
        let pi = Term::indicator(name, arity);
        return Err(permission_error("modify", "static_procedure", pi));
    }
    if let Some(id) = m.db.lookup_in(module, name, arity) {
        let p = &m.db.preds[id as usize];
        if p.system || !matches!(p.kind, PredKind::User) || (!p.dynamic && p.defined) {
            return Err(permission_error(
                "modify",
                "static_procedure",
                Term::indicator(name, arity),
            ));
        }
        m.db.wipe(id);
        let p = &mut m.db.preds[id as usize];
        p.defined = false;
        p.dynamic = false;
    }
    Ok(true)
}

/// Applies `f` to each item of a declaration argument (`a/1, b/2`, a list,
/// any of them `Module:`-qualified) with the module it names (unqualified:
/// the module of the file being loaded, else `user`).
pub fn each_declared(
    m: &mut Machine,
    c: Cell,
    f: impl FnMut(&mut Machine, Atom, Cell) -> Result<(), PlError>,
) -> Res {
    walk_declared(m, c, true, f)
}

/// `each_declared` where `lists` tells whether lists are taken apart (SWI's
/// export/1 takes only conjunctions: a list goes to `f` as an item).
pub fn walk_declared(
    m: &mut Machine,
    c: Cell,
    lists: bool,
    mut f: impl FnMut(&mut Machine, Atom, Cell) -> Result<(), PlError>,
) -> Res {
    let mut stack = vec![(c, m.source_module())];
    while let Some((c, module)) = stack.pop() {
        let (module, c) = m.strip_module_cell(c, module)?;
        match m.store.view(c) {
            View::Compound(g, 2, first) if g == atoms::COMMA => {
                stack.push((m.store.heap[first + 1], module));
                stack.push((m.store.heap[first], module));
            }
            View::Compound(g, 2, _) if lists && g == atoms::DOT => {
                for it in list_arg(m, c)?.into_iter().rev() {
                    stack.push((it, module));
                }
            }
            View::Atom(x) if lists && x == atoms::NIL => {}
            _ => f(m, module, c)?,
        }
    }
    Ok(true)
}

/// Applies `f` to each predicate a declaration names (`Name/Arity` items).
fn each_indicator(m: &mut Machine, c: Cell, f: fn(&mut Machine, PredId)) -> Res {
    each_declared(m, c, |m, module, c| {
        let (name, arity) = indicator(m, c)?;
        let id = m.declared_pred(module, name, arity);
        m.db.check_modifiable(id)?;
        f(m, id);
        Ok(())
    })
}

fn dynamic(m: &mut Machine, a: &[Cell]) -> Res {
    each_indicator(m, a[0], |m, id| {
        let p = &mut m.db.preds[id as usize];
        p.dynamic = true;
        p.defined = true;
        m.note_declared(id);
    })
}

fn discontiguous(m: &mut Machine, a: &[Cell]) -> Res {
    each_indicator(m, a[0], |m, id| {
        m.db.preds[id as usize].discontiguous = true
    })
}

fn current_predicate(m: &mut Machine, a: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    // `M:Name/Arity` with M unbound enumerates every module's predicates.
    let spec = m.deref(a[0]);
    let (module_c, spec) = match m.store.view(spec) {
        View::Compound(f, 2, first) if f == atoms::COLON => (
            Some(m.deref(m.store.heap[first])),
            m.deref(m.store.heap[first + 1]),
        ),
        _ => (None, spec),
    };
    let (name_c, arity_c) = match m.store.view(spec) {
        View::Compound(f, 2, first) if f == atoms::SLASH => {
            let (n, ar) = (
                m.deref(m.store.heap[first]),
                m.deref(m.store.heap[first + 1]),
            );
            // Name an atom and arity an integer, each or unbound (ISO).
            let name_ok = n.is_ref() || matches!(m.store.view(n), View::Atom(_));
            let arity_ok = matches!(
                m.store.view(ar),
                View::Var(_) | View::Int(_) | View::BigInt(_)
            );
            if !name_ok || !arity_ok {
                return Err(type_error("predicate_indicator", culprit(m, spec)));
            }
            if matches!(m.store.view(ar), View::Int(k) if k < 0) {
                return Err(domain_error("not_less_than_zero", culprit(m, ar)));
            }
            (n, ar)
        }
        View::Var(_) => {
            let n = m.store.new_var();
            let ar = m.store.new_var();
            let pi = m.store.new_compound(atoms::SLASH, &[n, ar]);
            m.unify(spec, pi);
            (n, ar)
        }
        _ => return Err(type_error("predicate_indicator", culprit(m, spec))),
    };
    let mut i = redo.take().map_or(0, |b| *b.downcast::<usize>().unwrap());
    if let View::Atom(name) = m.store.view(name_c) {
        let module = match module_c.map(|c| m.store.view(c)) {
            None => Some(atoms::USER),
            Some(View::Atom(module)) => Some(module),
            Some(_) => None,
        };
        if let Some(module) = module {
            return visible_predicate(m, module, name, arity_c, i, redo);
        }
    }
    while i < m.db.preds.len() {
        let p = &m.db.preds[i];
        i += 1;
        let defined = !p.clauses.is_empty() || p.dynamic;
        if !matches!(p.kind, PredKind::User)
            || !defined
            || (p.library && module_c.is_none())
            || p.name.name().starts_with('$')
        {
            continue;
        }
        let (name, arity, module) = (p.name, p.arity, p.module);
        if module_c.is_none() && module != atoms::USER {
            continue;
        }
        let ar = Cell::small(arity as i64);
        let mc = module_c.unwrap_or(Cell::atom(module));
        if m.attempt(|m| {
            m.unify(mc, Cell::atom(module))
                && m.unify(name_c, Cell::atom(name))
                && m.unify(arity_c, ar)
        }) {
            *redo = Some(Box::new(i));
            return Ok(true);
        }
    }
    Ok(false)
}

/// The control constructs that SWI-Prolog counts as defined system predicates.
const CONTROL: &[(&str, usize)] = &[
    (",", 2),
    (";", 2),
    ("->", 2),
    ("*->", 2),
    ("\\+", 1),
    ("!", 0),
    ("$", 0),
];

/// `current_predicate(Module:Name/Arity)` with Name and Module given: the
/// arities (from the `i`th on, in increasing order) of the predicates named
/// Name that a call in Module reaches without autoloading (its own, those it
/// imports, the system's, the control constructs), as SWI-Prolog resolves
/// them; none in a module that does not exist.
fn visible_predicate(
    m: &mut Machine,
    module: Atom,
    name: Atom,
    arity_c: Cell,
    mut i: usize,
    redo: &mut Option<Box<dyn Any>>,
) -> Res {
    let hidden = name.name().len() > 1 && name.name().starts_with('$');
    if !m.db.modules.contains_key(&module) || hidden {
        return Ok(false);
    }
    let control = |arity: usize| CONTROL.contains(&(name.name(), arity));
    let mut arities: Vec<usize> = match m.store.view(arity_c) {
        View::Int(k) => usize::try_from(k).into_iter().collect(),
        View::Var(_) => {
            m.db.preds
                .iter()
                .filter(|p| p.name == name)
                .map(|p| p.arity)
                .chain((0..3).filter(|&k| control(k)))
                .collect()
        }
        _ => Vec::new(),
    };
    arities.sort_unstable();
    arities.dedup();
    arities.retain(|&arity| {
        control(arity)
            || m.db.resolve(module, name, arity).is_some_and(|id| {
                let p = &m.db.preds[id as usize];
                !matches!(p.kind, PredKind::User) || !p.clauses.is_empty() || p.dynamic
            })
    });
    while let Some(&arity) = arities.get(i) {
        i += 1;
        if m.attempt(|m| m.unify(arity_c, Cell::small(arity as i64))) {
            if i < arities.len() {
                *redo = Some(Box::new(i));
            }
            return Ok(true);
        }
    }
    Ok(false)
}

/// `'$predicate_property'(Head, List)`: the properties of a defined predicate.
fn predicate_property(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, head) = m.strip_module_cell(a[0], atoms::USER)?;
    let (name, arity) = callable_key(m, head)?;
    let id = match m.resolve_goal(module, name, arity)? {
        Some(id) => id,
        None => match m.db.local(module, name, arity) {
            Some(id) => id,
            None => return Ok(false),
        },
    };
    let p = &m.db.preds[id as usize];
    if !p.defined && p.clauses.is_empty() && matches!(p.kind, PredKind::User) {
        return Ok(false);
    }
    let mut props = vec![Term::atom("defined"), Term::atom("visible")];
    match p.kind {
        PredKind::User => {
            props.push(Term::atom(if p.dynamic { "dynamic" } else { "static" }));
            props.push(Term::compound(
                "number_of_clauses",
                vec![Term::Int(p.clauses.len() as i64)],
            ));
        }
        _ => {
            props.push(Term::atom("built_in"));
            props.push(Term::atom("static"));
            props.push(Term::atom("system"));
        }
    }
    if p.discontiguous {
        props.push(Term::atom("discontiguous"));
    }
    if p.multifile {
        props.push(Term::atom("multifile"));
    }
    let owner = p.module;
    if owner != module && owner != atoms::SYSTEM {
        props.push(Term::compound("imported_from", vec![Term::Atom(owner)]));
    }
    if let Some(spec) = &p.meta {
        props.push(Term::compound("meta_predicate", vec![(**spec).clone()]));
    }
    if let Some(file) = &p.file {
        props.push(Term::compound("file", vec![Term::atom(file)]));
        if p.line > 0 {
            props.push(Term::compound("line_count", vec![Term::Int(p.line as i64)]));
        }
    }
    let exported =
        m.db.modules
            .get(&owner)
            .is_some_and(|md| md.exports.contains(&(name, arity)));
    if exported {
        props.push(Term::atom("exported"));
    }
    if p.tabled {
        props.push(Term::atom("tabled"));
    }
    let l = m.store.from_term(&Term::list(props), &mut HashMap::new());
    Ok(m.unify(a[1], l))
}

/// `'$clauses'(Name/Arity, List)`: the clause terms of a user predicate (for listing/1).
fn clauses_of(m: &mut Machine, a: &[Cell]) -> Res {
    clause_list(m, a, |m, data| data.restore(&mut m.store))
}

/// `a[1]` unified with the list of `item(clause)` for the clauses of the
/// predicate `M:Name/Arity` in `a[0]`; fails for an unknown predicate.
pub fn clause_list(
    m: &mut Machine,
    a: &[Cell],
    item: impl Fn(&mut Machine, &ClauseData) -> Cell,
) -> Res {
    let (module, spec) = m.strip_module_cell(a[0], atoms::USER)?;
    let (name, arity) = indicator(m, spec)?;
    let Some(id) = m.db.lookup_in(module, name, arity) else {
        return Ok(false);
    };
    let snapshot = m.db.preds[id as usize].clauses.snapshot();
    let mut items = Vec::new();
    for c in snapshot.iter() {
        items.push(item(m, &c.data));
    }
    let nil = Cell::atom(atoms::NIL);
    let l = m.store.new_list_from(&items, nil);
    Ok(m.unify(a[1], l))
}

impl Machine {
    /// The predicate that a declaration or an assert of `module:name/arity`
    /// changes: the local one (created when new), or for `user` a system
    /// predicate of that name (which the caller then refuses to change).
    pub fn declared_pred(&mut self, module: Atom, name: Atom, arity: usize) -> PredId {
        if let Some(id) = self.db.local(module, name, arity) {
            return id;
        }
        if let Some(id) = self.db.local(atoms::SYSTEM, name, arity) {
            if self.db.preds[id as usize].system {
                return id;
            }
        }
        self.db.local_id(module, name, arity)
    }

    /// Grows the register file after new code was compiled.
    pub fn ensure_regs_pub(&mut self) {
        self.ensure_regs();
    }
}
