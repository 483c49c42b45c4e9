//! Modules at run time and load time: `use_module/1,2` of files and of the
//! embedded libraries, autoloading, and the resolution of placeholders and
//! meta-calls (the module records and compile-time resolution are in
//! `modules.rs`).
//!
//! The libraries are Prolog text embedded in the binary, each a module; none
//! is loaded at start-up. An index of their exports, read from their module
//! headers when the machine starts, lets an unknown predicate that a library
//! exports load that library and be imported (SWI's autoloading, flag
//! `autoload`).

use super::error::{existence_error, instantiation_error, type_error, PlError};
use super::instr::PredId;
use super::modules::{is_default_context, qualify, ModuleClass};
use super::{Machine, Origin};
use crate::syntax::reader::{ReadOptions, Reader};
use crate::term::{atoms, Atom, Cell, Term};
use std::collections::HashMap;

/// The directory an embedded library's source is named in (`/library/lists.pl`).
pub(crate) const LIBRARY_DIR: &str = "/library/";

/// An embedded library: its name in `library(Name)` and its text.
pub type Library = (&'static str, &'static str);

/// The embedded libraries and what is known about them.
#[derive(Default)]
pub struct Libraries {
    /// Every embedded library.
    pub all: &'static [Library],
    /// Exported `name/arity` to the library (index into `all`) exporting it.
    pub autoload: HashMap<(Atom, usize), usize>,
    /// The module of each library loaded so far (index into `all`).
    pub loaded: HashMap<usize, Atom>,
    /// The module each loaded module file (absolute path) defines.
    pub file_modules: HashMap<String, Atom>,
}

/// What `use_module/2` imports.
pub enum ImportList {
    /// Every export (`use_module/1`: weak imports).
    All,
    /// The named predicates (`Name/Arity` or `Name/Arity as New`).
    Only(Vec<(Atom, usize, Atom)>),
    /// Every export but these, some renamed (`except([...])`).
    Except(Vec<(Atom, usize)>, Vec<(Atom, usize, Atom)>),
}

impl Libraries {
    /// Indexes the exports of `all` (read from each module header).
    pub fn new(all: &'static [Library], ops: &crate::syntax::ops::Ops) -> Libraries {
        let mut autoload = HashMap::new();
        for (i, (_, text)) in all.iter().enumerate() {
            let mut reader = Reader::new(text);
            let opts = ReadOptions::default();
            let Some(Ok(first)) = reader.next(ops, &opts) else {
                continue;
            };
            let Some(Term::Compound(f, a)) = directive_goal(&first.term) else {
                continue;
            };
            if f.name() != "module" || a.len() != 2 {
                continue;
            }
            for e in a[1].as_list().unwrap_or_default() {
                if let Some((name, arity)) = export_indicator(e) {
                    autoload.entry((name, arity)).or_insert(i);
                }
            }
        }
        Libraries {
            all,
            autoload,
            loaded: HashMap::new(),
            file_modules: HashMap::new(),
        }
    }

    /// The index of library `name` (`lists`, `dcg/basics`).
    pub fn find(&self, name: &str) -> Option<usize> {
        self.all.iter().position(|(n, _)| *n == name)
    }
}

/// The goal of a `:- Goal` term.
fn directive_goal(t: &Term) -> Option<&Term> {
    match t {
        Term::Compound(f, a) if *f == atoms::NECK && a.len() == 1 => Some(&a[0]),
        _ => None,
    }
}

/// `Name/Arity` or `Name//Arity` of an export list entry, as a predicate key.
pub fn export_indicator(t: &Term) -> Option<(Atom, usize)> {
    match t {
        Term::Compound(f, a) if a.len() == 2 && (f.name() == "/" || f.name() == "//") => {
            match (&a[0], &a[1]) {
                (Term::Atom(n), Term::Int(k)) if *k >= 0 => {
                    Some((*n, *k as usize + if f.name() == "//" { 2 } else { 0 }))
                }
                _ => None,
            }
        }
        _ => None,
    }
}

impl Machine {
    /// What `name/arity` means in `module` when called: the resolution of
    /// `Db::resolve`, else a library predicate loaded and imported now.
    pub fn resolve_goal(
        &mut self,
        module: Atom,
        name: Atom,
        arity: usize,
    ) -> Result<Option<PredId>, PlError> {
        if let Some(id) = self.db.resolve(module, name, arity) {
            return Ok(Some(id));
        }
        self.autoload(module, name, arity)
    }

    /// The predicate a placeholder (a called predicate with no definition of
    /// its own) stands for, remembered after the first call.
    pub(crate) fn resolve_placeholder(&mut self, pid: PredId) -> Result<Option<PredId>, PlError> {
        let p = &self.db.preds[pid as usize];
        if let Some(target) = p.link {
            return Ok(Some(target));
        }
        let (module, name, arity) = (p.module, p.name, p.arity);
        let target = match self.resolve_goal(module, name, arity)? {
            Some(t) if t != pid => t,
            _ => return Ok(None),
        };
        self.db.preds[pid as usize].link = Some(target);
        Ok(Some(target))
    }

    /// Loads the library that exports `name/arity` (if the flag `autoload`
    /// allows) and imports the predicate into `module`.
    fn autoload(
        &mut self,
        module: Atom,
        name: Atom,
        arity: usize,
    ) -> Result<Option<PredId>, PlError> {
        if !self.flags.autoload {
            return Ok(None);
        }
        let Some(&lib) = self.libraries.autoload.get(&(name, arity)) else {
            return Ok(None);
        };
        let lm = self.load_library(lib)?;
        let Some(target) = self.db.local(lm, name, arity) else {
            return Ok(None);
        };
        let into = if is_default_context(module) {
            atoms::USER
        } else {
            module
        };
        self.db.import(into, name, arity, target, false)?;
        Ok(Some(target))
    }

    /// Loads embedded library `lib` (once) and returns its module.
    pub fn load_library(&mut self, lib: usize) -> Result<Atom, PlError> {
        if let Some(&m) = self.libraries.loaded.get(&lib) {
            return Ok(m);
        }
        let (name, text) = self.libraries.all[lib];
        let saved = self.loading_as;
        self.loading_as = Origin::Library;
        let file = format!("{LIBRARY_DIR}{name}.pl");
        // Marked loaded first: libraries that use each other load once.
        let module = Atom::new(name.rsplit('/').next().unwrap_or(name));
        self.libraries.loaded.insert(lib, module);
        let r = self.consult_str_into(text, &file, atoms::USER);
        self.loading_as = saved;
        let defined = self.libraries.file_modules.get(&file).copied();
        if let Some(m) = defined {
            self.libraries.loaded.insert(lib, m);
        }
        r?;
        Ok(defined.unwrap_or(module))
    }

    /// Imports the exports of module `from` that `list` selects into `into`.
    pub fn import_module(
        &mut self,
        from: Atom,
        into: Atom,
        list: &ImportList,
    ) -> Result<(), PlError> {
        let into = if into == atoms::SYSTEM {
            atoms::USER
        } else {
            into
        };
        if from == into {
            return Ok(());
        }
        let exports = self
            .db
            .modules
            .get(&from)
            .map(|m| m.exports.clone())
            .unwrap_or_default();
        let mut todo: Vec<(Atom, usize, Atom, bool)> = Vec::new();
        match list {
            ImportList::All => todo.extend(exports.iter().map(|&(n, a)| (n, a, n, false))),
            ImportList::Only(items) => {
                for &(n, a, new) in items {
                    todo.push((n, a, new, true));
                }
            }
            ImportList::Except(skip, renamed) => {
                for &(n, a) in &exports {
                    if skip.contains(&(n, a)) {
                        continue;
                    }
                    let new = renamed
                        .iter()
                        .find(|r| r.0 == n && r.1 == a)
                        .map_or(n, |r| r.2);
                    todo.push((n, a, new, false));
                }
            }
        }
        for (name, arity, new, strong) in todo {
            let pred = match self.db.local(from, name, arity) {
                Some(p) => p,
                None => self.db.local_id(from, name, arity),
            };
            let hidden = self
                .db
                .local(into, new, arity)
                .is_some_and(|id| id != pred && self.db.is_defined(id));
            if hidden && !strong {
                if self.loading_as == Origin::User {
                    self.warn_local_overrides(into, new, arity, from);
                }
                continue;
            }
            if let Err(e) = self.db.import(into, new, arity, pred, strong) {
                self.print_load_warning_error(e);
            }
        }
        Ok(())
    }

    /// Qualifies the meta arguments in the argument registers of a call of
    /// meta-predicate `pid` made from `module` (`module:Arg`).
    pub(crate) fn qualify_meta_registers(&mut self, pid: PredId, module: Atom) {
        let Some(spec) = self.db.preds[pid as usize].meta.clone() else {
            return;
        };
        let Term::Compound(_, specs) = &*spec else {
            return;
        };
        for (i, s) in specs.iter().enumerate() {
            if !super::modules::is_meta_spec(s) {
                continue;
            }
            let a = self.store.deref(self.x[i]);
            let qualified = matches!(self.store.view(a),
                crate::term::View::Compound(f, 2, _) if f == atoms::COLON);
            if !qualified {
                self.x[i] = self
                    .store
                    .new_compound(atoms::COLON, &[Cell::atom(module), a]);
            }
        }
    }

    /// Calls an unknown procedure of module `module` (not `user`): the error
    /// names it `module:name/arity`, as SWI-Prolog does.
    pub(crate) fn unknown_in(
        &mut self,
        module: Atom,
        name: Atom,
        arity: usize,
        ctx: PredId,
    ) -> Result<bool, PlError> {
        match self.flags.unknown {
            super::Unknown::Error => {
                let context = self.context_term(ctx);
                let pi = qualify(module, Term::indicator(name, arity));
                Err(existence_error("procedure", pi).with_context(context))
            }
            _ => Ok(false),
        }
    }

    /// The module and the term of a `Module:Term` cell (`default` when unqualified).
    pub fn strip_module_cell(&self, c: Cell, default: Atom) -> Result<(Atom, Cell), PlError> {
        let mut m = default;
        let mut c = self.store.deref(c);
        loop {
            match self.store.view(c) {
                crate::term::View::Compound(f, 2, first) if f == atoms::COLON => {
                    let q = self.store.deref(self.store.heap[first]);
                    match self.store.view(q) {
                        crate::term::View::Atom(a) => m = a,
                        crate::term::View::Var(_) => return Err(instantiation_error()),
                        _ => {
                            let culprit = self.store.to_term(q, &mut Vec::new());
                            return Err(type_error("module", culprit));
                        }
                    }
                    c = self.store.deref(self.store.heap[first + 1]);
                }
                _ => return Ok((m, c)),
            }
        }
    }

    /// Runs a goal given as a term once (an `op/3` of an export list), undoing its bindings.
    pub(crate) fn run_goal_term(&mut self, goal: &Term) -> Result<bool, PlError> {
        let top = self.store.top();
        let mark = self.trail.len();
        let g = self.store.from_term(goal, &mut HashMap::new());
        let r = self.run_once(g);
        self.reclaim(top, mark);
        r
    }

    /// Starts module `name` for the file being loaded (`:- module(Name, Exports)`):
    /// its exports, exported operators (in force from now on), and the module
    /// its clauses go to.
    pub(crate) fn start_module(&mut self, name: Atom, exports: &Term) -> Result<(), PlError> {
        let items = exports
            .as_list()
            .ok_or_else(|| type_error("list", exports.clone()))?;
        let class = match self.loading_as {
            Origin::User => ModuleClass::Program,
            Origin::Library => ModuleClass::Library,
            Origin::System => ModuleClass::System,
        };
        let file = self.loading.last().map(|c| c.file.clone());
        let mut preds = Vec::new();
        let mut ops = Vec::new();
        for e in items {
            if let Some(pi) = export_indicator(e) {
                preds.push(pi);
            } else if matches!(e, Term::Compound(f, a) if f.name() == "op" && a.len() == 3) {
                ops.push(e.clone());
            } else {
                return Err(type_error("predicate_indicator", e.clone()));
            }
        }
        for op in &ops {
            self.run_goal_term(op)?;
        }
        let md = self.db.module_mut(name);
        md.class = class;
        md.file = file.clone();
        md.exports = preds;
        md.export_ops = ops;
        if let Some(ctx) = self.loading.last_mut() {
            ctx.module = name;
            ctx.module_file = true;
        }
        if let Some(f) = file {
            self.libraries.file_modules.insert(f.to_string(), name);
        }
        Ok(())
    }
}
