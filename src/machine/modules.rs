//! Modules as SWI-Prolog has them: every predicate belongs to a module (its
//! key in the predicate table is `(module, name, arity)`), each module has
//! an export list, an import table and a default module to inherit from.
//!
//! An unqualified goal in module `M` resolves, as in SWI-Prolog, to the local
//! definition, else an import, else what `user` sees (for modules other than
//! `user` and `system`), else `system`, else a library predicate that SWI
//! autoloads (the machine loads that library on first use).
//!
//! Resolution costs nothing on the common call: the compiler binds a body goal
//! to a predicate id once. Goals whose target is not yet known when the
//! clause is compiled (a library predicate, a predicate of `user` called from
//! a module, an import that a later `use_module` brings) get a local
//! placeholder; the first call resolves it and records a `link` that later
//! calls follow (`Machine::resolve_placeholder`). A local definition added
//! later wins over the link, which is SWI's weak import.
//!
//! Meta-predicates (`:- meta_predicate maplist(1, ?)`) get their meta
//! arguments qualified with the calling module (`m:Goal`) where the caller is
//! a module other than `user` and `system` (whose goals resolve in `user`
//! when unqualified): at compile time for body goals ([`Db::qualify_clause`]), at
//! run time for meta-calls.

use super::db::{Db, PredKind};
use super::error::{permission_error, PlError};
use super::instr::PredId;
use super::keyhash::BuildKeyHasher;
use crate::term::{atoms, Atom, Term};
use std::collections::HashMap;
use std::rc::Rc;

/// What a module is, which decides where its unqualified goals go after its
/// own definitions and imports.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ModuleClass {
    /// `user`: programs loaded without a module header; inherits from `system`.
    User,
    /// `system`: builtins and the boot library.
    System,
    /// A library module (`lists`, `apply`, ...).
    Library,
    /// A module of a program (`:- module(...)` in a user's file).
    Program,
}

/// One import: the predicate it brings and whether it was named explicitly.
#[derive(Copy, Clone, Debug)]
pub struct Import {
    /// The imported predicate (in its defining module).
    pub pred: PredId,
    /// Named in an import list (`use_module/2`): a local definition then
    /// clashes; `use_module/1` imports are weak (a local definition wins).
    pub strong: bool,
}

/// A module record.
pub struct Module {
    /// The module's name.
    pub name: Atom,
    /// What kind of module it is.
    pub class: ModuleClass,
    /// The file that defines it (absolute path), if any.
    pub file: Option<Rc<str>>,
    /// Exported predicates, in the order of the export list.
    pub exports: Vec<(Atom, usize)>,
    /// Exported operators as `op(Priority, Type, Name)` terms.
    pub export_ops: Vec<Term>,
    /// Imported predicates by the name and arity they have here.
    pub imports: HashMap<(Atom, usize), Import, BuildKeyHasher>,
}

impl Module {
    /// An empty module of class `class`.
    pub fn new(name: Atom, class: ModuleClass) -> Module {
        Module {
            name,
            class,
            file: None,
            exports: Vec::new(),
            export_ops: Vec::new(),
            imports: HashMap::default(),
        }
    }
}

/// Whether `spec` (an argument of a `meta_predicate` declaration) marks a
/// meta argument: `0..9`, `:`, `^` or `//`.
pub fn is_meta_spec(spec: &Term) -> bool {
    match spec {
        Term::Int(n) => (0..=9).contains(n),
        Term::Atom(a) => matches!(a.name(), ":" | "^" | "//"),
        _ => false,
    }
}

/// Whether `m` is `user` or `system`, whose unqualified goals resolve in `user`.
pub fn is_default_context(m: Atom) -> bool {
    m == atoms::USER || m == atoms::SYSTEM
}

/// `Module:Term` as a term.
pub fn qualify(m: Atom, t: Term) -> Term {
    Term::Compound(atoms::COLON, vec![Term::Atom(m), t])
}

/// Strips `M:` prefixes: the innermost module (or `default`) and the term.
pub fn strip_module(t: &Term, default: Atom) -> (Atom, &Term) {
    let mut m = default;
    let mut t = t;
    while let Term::Compound(f, a) = t {
        if *f != atoms::COLON || a.len() != 2 {
            break;
        }
        match &a[0] {
            Term::Atom(q) => m = *q,
            _ => break,
        }
        t = &a[1];
    }
    (m, t)
}

/// How the meta arguments of one clause's body goals are qualified.
struct Qualifier {
    /// The clause's module.
    ctx: Atom,
    /// Variables that arrive qualified (meta arguments of the head).
    meta_vars: Vec<u32>,
}

/// The control constructs that the compiler opens (their arguments are goals
/// of the same clause).
pub(crate) fn is_control_construct(name: Atom, arity: usize) -> bool {
    (arity == 2
        && (name == atoms::COMMA
            || name == atoms::SEMICOLON
            || name == atoms::ARROW
            || name == atoms::SOFT_ARROW
            || name == atoms::BAR))
        || (arity == 1 && name == atoms::NOT_PROVABLE)
}

/// The control constructs that no program may define (SWI-Prolog's
/// permission error): `,/2`, `;/2`, `->/2`, `\+/1` and `!/0` (not `*->/2`
/// or `|/2`, which SWI-Prolog lets a program define).
pub(crate) fn is_fixed_control(name: Atom, arity: usize) -> bool {
    match arity {
        2 => name == atoms::COMMA || name == atoms::SEMICOLON || name == atoms::ARROW,
        1 => name == atoms::NOT_PROVABLE,
        0 => name == atoms::CUT,
        _ => false,
    }
}

impl Db {
    /// The module record of `name`, created (as a program module) when new.
    pub fn module_mut(&mut self, name: Atom) -> &mut Module {
        name.pin();
        let class = self.module_class(name);
        self.modules
            .entry(name)
            .or_insert_with(|| Module::new(name, class))
    }

    /// The class of module `m` (`Program` for one not created yet).
    pub fn module_class(&self, m: Atom) -> ModuleClass {
        if m == atoms::USER {
            return ModuleClass::User;
        }
        if m == atoms::SYSTEM {
            return ModuleClass::System;
        }
        self.modules
            .get(&m)
            .map_or(ModuleClass::Program, |md| md.class)
    }

    /// The predicate `m:name/arity` itself, if it has an entry.
    pub fn local(&self, m: Atom, name: Atom, arity: usize) -> Option<PredId> {
        self.index.get(&(m, name, arity)).copied()
    }

    /// Whether a predicate has a definition of its own (clauses, a
    /// declaration, or an implementation in Rust), as opposed to a placeholder.
    pub fn is_defined(&self, id: PredId) -> bool {
        let p = &self.preds[id as usize];
        !matches!(p.kind, PredKind::User) || p.defined || p.dynamic || !p.clauses.is_empty()
    }

    /// What an unqualified `name/arity` in module `m` means, among what is
    /// loaded: the local definition, an import, then the default modules.
    /// Autoloading is left to the machine.
    pub fn resolve(&self, m: Atom, name: Atom, arity: usize) -> Option<PredId> {
        if let Some(id) = self.local(m, name, arity) {
            if self.is_defined(id) {
                return Some(id);
            }
        }
        if let Some(imp) = self
            .modules
            .get(&m)
            .and_then(|md| md.imports.get(&(name, arity)))
        {
            return Some(imp.pred);
        }
        if self.module_class(m) == ModuleClass::Program {
            if let Some(id) = self.resolve(atoms::USER, name, arity) {
                return Some(id);
            }
        }
        if m != atoms::SYSTEM {
            if let Some(id) = self.local(atoms::SYSTEM, name, arity) {
                if self.is_defined(id) {
                    return Some(id);
                }
            }
        }
        None
    }

    /// The predicate a body goal `name/arity` of a clause in module `m` calls,
    /// fixed when the clause is compiled: a local entry, a strong import, or
    /// a system predicate; otherwise a local placeholder, resolved when first
    /// called (so a later local definition or import is seen).
    pub fn call_target(&mut self, m: Atom, name: Atom, arity: usize) -> PredId {
        if let Some(id) = self.local(m, name, arity) {
            return id;
        }
        if let Some(imp) = self
            .modules
            .get(&m)
            .and_then(|md| md.imports.get(&(name, arity)))
        {
            if imp.strong {
                return imp.pred;
            }
        }
        if let Some(id) = self.local(atoms::SYSTEM, name, arity) {
            if self.preds[id as usize].system {
                return id;
            }
        }
        self.local_id(m, name, arity)
    }

    /// Imports predicate `pred` into module `into` as `name/arity`. A clash
    /// with a local definition or a different strong import is an error, as
    /// in SWI-Prolog (`No permission to import ...`); a weak import never
    /// replaces a local definition.
    pub fn import(
        &mut self,
        into: Atom,
        name: Atom,
        arity: usize,
        pred: PredId,
        strong: bool,
    ) -> Result<(), PlError> {
        if let Some(local) = self.local(into, name, arity) {
            if local != pred && self.is_defined(local) && !self.preds[local as usize].system {
                if !strong {
                    return Ok(());
                }
                let from = self.preds[pred as usize].module;
                let culprit = qualify(from, Term::indicator(name, arity));
                return Err(permission_error(
                    &format!("import_into({})", into.name()),
                    "procedure",
                    culprit,
                ));
            }
        }
        let md = self.module_mut(into);
        if let Some(old) = md.imports.get(&(name, arity)) {
            if old.pred != pred && old.strong && !strong {
                return Ok(());
            }
        }
        name.pin();
        md.imports.insert((name, arity), Import { pred, strong });
        Ok(())
    }

    /// The import of `name/arity` into module `m`, if any.
    pub fn import_of(&self, m: Atom, name: Atom, arity: usize) -> Option<Import> {
        self.modules
            .get(&m)
            .and_then(|md| md.imports.get(&(name, arity)))
            .copied()
    }

    /// Forgets the import of `name/arity` into module `m` (a local
    /// definition replaces it).
    pub fn drop_import(&mut self, m: Atom, name: Atom, arity: usize) {
        if let Some(md) = self.modules.get_mut(&m) {
            md.imports.remove(&(name, arity));
        }
    }

    /// The meta-argument specification of a predicate, if it is a meta-predicate.
    pub fn meta_spec(&self, id: PredId) -> Option<&Term> {
        self.preds[id as usize].meta.as_deref()
    }

    /// Qualifies the meta arguments of the body goals of a clause compiled in
    /// module `m` with `m:` where they go to a meta-predicate of another
    /// module (SWI's transparent meta-calls), and rewrites `M:(A, B)` bodies
    /// into `(M:A, M:B)`. Clauses of `system` are returned as they are.
    pub fn qualify_clause(&self, m: Atom, mut clause: Term) -> Term {
        if m == atoms::SYSTEM {
            return clause;
        }
        if let Term::Compound(f, a) = &mut clause {
            if (*f == atoms::NECK || *f == atoms::SSU_ARROW) && a.len() == 2 {
                let (lhs, body) = a.split_at_mut(1);
                // `Head, Guard => Body`: the guard is qualified as the body is.
                let (head, guard) = match &mut lhs[0] {
                    Term::Compound(c, h)
                        if *f == atoms::SSU_ARROW && *c == atoms::COMMA && h.len() == 2 =>
                    {
                        let (head, guard) = h.split_at_mut(1);
                        (&head[0], Some(&mut guard[0]))
                    }
                    head => (&*head, None),
                };
                let meta_vars = self.head_meta_vars(m, head);
                let q = Qualifier { ctx: m, meta_vars };
                if let Some(g) = guard {
                    self.qualify_body(&q, m, g);
                }
                self.qualify_body(&q, m, &mut body[0]);
            }
        }
        clause
    }

    /// The module in which a meta-call made by a clause of module `m`
    /// resolves an unqualified goal: `m` itself, or `user` for `system`
    /// (whose predicates are transparent: they run goals in their caller's
    /// context, and goals reach them qualified from modules other than `user`).
    pub fn call_context(&self, m: Atom) -> Atom {
        if m == atoms::SYSTEM {
            atoms::USER
        } else {
            m
        }
    }

    /// Whether a call from context module `ctx` to meta-predicate `pred`
    /// needs its meta arguments qualified with `ctx:`: unless `pred` runs
    /// them in `ctx` anyway (it is local to `ctx`, or `ctx` is `user` and
    /// `pred` a transparent system predicate).
    pub fn needs_qualified_meta(&self, ctx: Atom, pred: PredId) -> bool {
        let p = &self.preds[pred as usize];
        p.meta.is_some() && p.module != ctx && !(p.module == atoms::SYSTEM && ctx == atoms::USER)
    }

    /// Variables of a clause head that stand at meta-argument positions of
    /// its (meta-)predicate: they arrive qualified already.
    fn head_meta_vars(&self, m: Atom, head: &Term) -> Vec<u32> {
        let (hm, head) = strip_module(head, m);
        let Term::Compound(name, args) = head else {
            return Vec::new();
        };
        let Some(spec) = self
            .local(hm, *name, args.len())
            .and_then(|id| self.meta_spec(id))
        else {
            return Vec::new();
        };
        let Term::Compound(_, specs) = spec else {
            return Vec::new();
        };
        args.iter()
            .zip(specs)
            .filter_map(|(a, s)| match a {
                Term::Var(v) if is_meta_spec(s) => Some(*v),
                _ => None,
            })
            .collect()
    }

    /// Qualifies the goals of `body`, a body in context module `ctx` whose
    /// goals resolve in module `target`.
    fn qualify_body(&self, q: &Qualifier, target: Atom, body: &mut Term) {
        /// What a body position holds.
        enum Shape {
            Qualified(Atom),
            Control,
            Var,
            ContextModule,
            Goal,
            Other,
        }
        let ctx = q.ctx;
        // An explicit stack: bodies may be nested 100,000 deep. With each
        // position, whether a `Module:` stands over it.
        let mut stack = vec![(body, target, false)];
        while let Some((body, target, qualified)) = stack.pop() {
            let shape = match &*body {
                Term::Compound(f, a) if *f == atoms::COLON && a.len() == 2 => match a[0] {
                    Term::Atom(m) => Shape::Qualified(m),
                    Term::Var(_) => Shape::Var,
                    _ => Shape::Other,
                },
                Term::Compound(f, a) if is_control_construct(*f, a.len()) => Shape::Control,
                Term::Var(_) => Shape::Var,
                Term::Compound(f, a) if f.name() == "context_module" && a.len() == 1 => {
                    Shape::ContextModule
                }
                Term::Atom(_) | Term::Compound(..) => Shape::Goal,
                _ => Shape::Other,
            };
            match shape {
                Shape::Qualified(m) => {
                    if let Term::Compound(_, a) = body {
                        let goal = std::mem::take(&mut a[1]);
                        *body = goal;
                    }
                    stack.push((body, m, true));
                }
                Shape::Control => {
                    if let Term::Compound(_, a) = body {
                        stack.extend(a.iter_mut().map(|g| (g, target, qualified)));
                    }
                }
                // A variable goal (or one whose module is a variable) is
                // stored as `call(Goal)`, its module kept where one was
                // written, as SWI-Prolog's compiler does (clause/2 shows it).
                Shape::Var => {
                    let mut goal = std::mem::take(body);
                    if qualified || target != ctx {
                        goal = Term::Compound(atoms::COLON, vec![Term::Atom(target), goal]);
                    }
                    *body = Term::Compound(atoms::CALL, vec![goal]);
                }
                Shape::ContextModule if target == ctx => {
                    if let Term::Compound(_, a) = body {
                        let m = std::mem::take(&mut a[0]);
                        *body = Term::Compound(atoms::EQUALS, vec![m, Term::Atom(ctx)]);
                    }
                }
                Shape::Goal | Shape::ContextModule => {
                    self.qualify_args(q, target, body);
                    if target != ctx {
                        let goal = std::mem::take(body);
                        *body = qualify(target, goal);
                    }
                }
                Shape::Other => {}
            }
        }
    }

    /// Qualifies the meta arguments of one goal (resolved in `target`) with `ctx:`.
    fn qualify_args(&self, q: &Qualifier, target: Atom, goal: &mut Term) {
        let ctx = q.ctx;
        let Term::Compound(name, args) = goal else {
            return;
        };
        // call/N qualifies through the caller's module (`Instr::Caller`).
        if *name == atoms::CALL && target == ctx {
            return;
        }
        let Some(id) = self.resolve(target, *name, args.len()) else {
            return;
        };
        if !self.needs_qualified_meta(ctx, id) {
            return;
        }
        let Some(Term::Compound(_, specs)) = self.meta_spec(id) else {
            return;
        };
        for (a, s) in args.iter_mut().zip(specs.iter()) {
            if !is_meta_spec(s) {
                continue;
            }
            let qualified = match &*a {
                Term::Var(v) => q.meta_vars.contains(v),
                Term::Compound(f, q) => *f == atoms::COLON && q.len() == 2,
                _ => false,
            };
            if !qualified {
                let t = std::mem::take(a);
                *a = qualify(ctx, t);
            }
        }
    }
}
