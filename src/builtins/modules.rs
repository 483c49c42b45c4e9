//! Loading files and modules: `consult/1`, `ensure_loaded/1`,
//! `use_module/1,2`, `reexport/1,2`, and the module builtins
//! (`meta_predicate/1`, `multifile/1`, `export/1`, `current_module/1`,
//! `module_property/2`, `strip_module/3`, `context_module/1`).
//!
//! The builtins that act on "the current module" are meta-predicates with a
//! `:` argument: called from a module other than `user` their argument
//! arrives as `Module:Arg`; unqualified, it belongs to `user`.

use super::db::{each_declared, indicator_or_nonterminal, walk_declared};
use super::terms::culprit;
use crate::machine::error::{existence_error, instantiation_error, type_error, PlError, Res};
use crate::machine::modules::is_meta_spec;
use crate::machine::use_module::{export_indicator, ImportList};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{atoms, Atom, Cell, Term, View};
use std::any::Any;
use std::collections::HashMap;
use std::rc::Rc;

/// Builtins of this family.
pub const MODULE_BUILTINS: BuiltinTable = &[
    ("consult", 1, Builtin::Det(consult)),
    ("make", 0, Builtin::Det(make)),
    ("ensure_loaded", 1, Builtin::Det(ensure_loaded)),
    ("use_module", 1, Builtin::Det(use_module1)),
    ("use_module", 2, Builtin::Det(use_module2)),
    ("reexport", 1, Builtin::Det(reexport1)),
    ("reexport", 2, Builtin::Det(reexport2)),
    ("meta_predicate", 1, Builtin::Det(meta_predicate)),
    ("multifile", 1, Builtin::Det(multifile)),
    ("export", 1, Builtin::Det(export)),
    ("current_module", 1, Builtin::Nondet(current_module)),
    ("$module_property", 2, Builtin::Det(module_properties)),
    ("strip_module", 3, Builtin::Det(strip_module)),
    ("context_module", 1, Builtin::Det(context_module)),
    ("$hook_modules", 3, Builtin::Det(hook_modules)),
];

/// What a file specification names: a library or a file path.
enum Source {
    Library(String),
    File(String),
}

/// Reads a file specification: an atom or string path, `library(Name)`
/// with `Name` an atom or a path such as `dcg/basics`.
fn source_spec(m: &Machine, c: Cell) -> Result<Source, PlError> {
    let c = m.deref(c);
    match m.store.view(c) {
        View::Compound(f, 1, first) if f.name() == "library" => {
            Ok(Source::Library(path_spec(m, m.store.heap[first])?))
        }
        _ => Ok(Source::File(path_spec(m, c)?)),
    }
}

/// A path written as an atom, a string or `a/b/c`.
pub(crate) fn path_spec(m: &Machine, c: Cell) -> Result<String, PlError> {
    let c = m.deref(c);
    match m.store.view(c) {
        View::Atom(a) => Ok(a.name().to_string()),
        View::Str(s) => Ok(s.to_string()),
        View::Compound(f, 2, first) if f == atoms::SLASH => Ok(format!(
            "{}/{}",
            path_spec(m, m.store.heap[first])?,
            path_spec(m, m.store.heap[first + 1])?
        )),
        View::Var(_) => Err(instantiation_error()),
        _ => Err(type_error("atom", culprit(m, c))),
    }
}

/// The term of a file specification, for error messages.
fn spec_term(m: &Machine, c: Cell) -> Term {
    m.store.to_term(c, &mut Vec::new())
}

impl Machine {
    /// A file path resolved as SWI-Prolog does for loading: relative to the
    /// directory of the file being loaded, then to the working directory;
    /// `.pl` added when needed. Returns the path to open.
    pub(crate) fn resolve_source(&self, path: &str) -> Option<String> {
        let base = self.loading.last().map(|c| c.file.to_string());
        let mut dirs = Vec::new();
        if let Some(b) = &base {
            if let Some(d) = std::path::Path::new(b).parent() {
                dirs.push(d.to_path_buf());
            }
        }
        dirs.push(std::path::PathBuf::new());
        for d in dirs {
            for cand in [path.to_string(), format!("{path}.pl")] {
                let p = if std::path::Path::new(&cand).is_absolute() {
                    std::path::PathBuf::from(&cand)
                } else {
                    d.join(&cand)
                };
                if p.is_file() {
                    return Some(p.to_string_lossy().into_owned());
                }
            }
        }
        None
    }

    /// Loads a source for `into` (once when `once`) and returns the module
    /// it defines, if it is a module file.
    fn load_source(&mut self, spec: Cell, into: Atom, once: bool) -> Result<Option<Atom>, PlError> {
        match source_spec(self, spec)? {
            Source::Library(name) => {
                let Some(lib) = self.libraries.find(&name) else {
                    let t = spec_term(self, spec);
                    return Err(existence_error("source_sink", t).with_context(Term::Var(0)));
                };
                self.load_library(lib).map(Some)
            }
            Source::File(path) => {
                let Some(found) = self.resolve_source(&path) else {
                    // consult_file raises SWI's errors (directories included).
                    self.consult_file_into(&path, into)?;
                    return Ok(None);
                };
                let abs = std::fs::canonicalize(&found)
                    .map(|p| p.to_string_lossy().into_owned())
                    .unwrap_or(found.clone());
                let known = self.loaded_files.contains(&abs)
                    || self.loading.iter().any(|c| *c.file == *abs);
                if !(once && known) {
                    self.consult_file_into(&found, into)?;
                }
                Ok(self.libraries.file_modules.get(&abs).copied())
            }
        }
    }

    /// Loads each source of `specs` (one or a list) for `into` and imports
    /// what `list` selects from the modules they define.
    fn use_sources(
        &mut self,
        specs: Cell,
        into: Atom,
        once: bool,
        list: Option<&ImportList>,
    ) -> Res {
        let c = self.deref(specs);
        let items = match self.store.list_items(c) {
            Some(items) if !matches!(self.store.view(c), View::Atom(_)) => items,
            _ => vec![c],
        };
        for s in items {
            if let Some(module) = self.load_source(s, into, once)? {
                self.import_module(module, into, list.unwrap_or(&ImportList::All))?;
                if let Some(re) = self.reexporting.last().copied() {
                    if re == into {
                        self.reexport_from(module, into, list);
                    }
                }
            }
        }
        Ok(true)
    }

    /// Adds the exports of `from` that `list` selects to the exports of `into`.
    fn reexport_from(&mut self, from: Atom, into: Atom, list: Option<&ImportList>) {
        let exports = self
            .db
            .modules
            .get(&from)
            .map(|m| (m.exports.clone(), m.export_ops.clone()))
            .unwrap_or_default();
        let selected: Vec<(Atom, usize)> = match list {
            None | Some(ImportList::All) => exports.0,
            Some(ImportList::Only(items)) => items.iter().map(|&(_, a, new)| (new, a)).collect(),
            Some(ImportList::Except(skip, _)) => exports
                .0
                .into_iter()
                .filter(|e| !skip.contains(e))
                .collect(),
        };
        let md = self.db.module_mut(into);
        for e in selected {
            if !md.exports.contains(&e) {
                e.0.pin();
                md.exports.push(e);
            }
        }
        md.export_ops.extend(exports.1);
    }
}

/// Parses an import list: `[p/1, q/2 as r, op(...)]` or `except([...])`.
fn import_list(m: &Machine, c: Cell) -> Result<ImportList, PlError> {
    let c = m.deref(c);
    if let View::Compound(f, 1, first) = m.store.view(c) {
        if f.name() == "except" {
            let mut skip = Vec::new();
            let mut renamed = Vec::new();
            for it in m.store.list_items(m.store.heap[first]).unwrap_or_default() {
                match import_item(m, it)? {
                    Some((n, a, new)) if new == n => skip.push((n, a)),
                    Some(r) => renamed.push(r),
                    None => {}
                }
            }
            return Ok(ImportList::Except(skip, renamed));
        }
    }
    let Some(items) = m.store.list_items(c) else {
        return Err(type_error("list", culprit(m, c)));
    };
    let mut out = Vec::new();
    for it in items {
        if let Some(r) = import_item(m, it)? {
            out.push(r);
        }
    }
    Ok(ImportList::Only(out))
}

/// One import list item: `Name/Arity`, `Name//Arity`, `PI as NewName`
/// (operators are skipped: exported operators are always imported).
fn import_item(m: &Machine, c: Cell) -> Result<Option<(Atom, usize, Atom)>, PlError> {
    let t = m.store.to_term(c, &mut Vec::new());
    let (pi, new) = match &t {
        Term::Compound(f, a) if f.name() == "as" && a.len() == 2 => match &a[1] {
            Term::Atom(n) => (&a[0], Some(*n)),
            _ => return Err(type_error("atom", a[1].clone())),
        },
        Term::Compound(f, a) if f.name() == "op" && a.len() == 3 => return Ok(None),
        t => (t, None),
    };
    let Some((name, arity)) = export_indicator(pi) else {
        return Err(type_error("predicate_indicator", pi.clone()));
    };
    Ok(Some((name, arity, new.unwrap_or(name))))
}

fn consult(m: &mut Machine, a: &[Cell]) -> Res {
    let (into, specs) = m.strip_module_cell(a[0], atoms::USER)?;
    let c = m.deref(specs);
    let items = match m.store.list_items(c) {
        Some(items) if !matches!(m.store.view(c), View::Atom(_)) => items,
        _ => vec![c],
    };
    for s in items {
        if let Some(module) = m.load_source(s, into, false)? {
            m.import_module(module, into, &ImportList::All)?;
        }
    }
    Ok(true)
}

/// `make/0`: loads again each consulted file modified since it was loaded,
/// its old clauses removed first (of multifile predicates, those of other
/// files stay). Silent, as SWI's under `-q` (puzzlog prints no load
/// messages).
pub(crate) fn make(m: &mut Machine, _: &[Cell]) -> Res {
    let mut changed: Vec<(String, Atom)> = m
        .consulted
        .iter()
        .filter(|(file, (when, _))| {
            let now = std::fs::metadata(file).and_then(|md| md.modified()).ok();
            now.is_some() && now != *when
        })
        .map(|(file, (_, into))| (file.clone(), *into))
        .collect();
    changed.sort_by(|x, y| x.0.cmp(&y.0));
    for (file, into) in changed {
        for p in m.db.preds.iter_mut() {
            if p.file.as_deref() == Some(file.as_str()) && !p.multifile {
                // Gone unless the new text defines it again, as in SWI.
                p.clauses = Default::default();
                p.defined = false;
            }
        }
        if let Some(module) = m.load_source(Cell::atom(Atom::new(&file)), into, false)? {
            m.import_module(module, into, &ImportList::All)?;
        }
    }
    Ok(true)
}

fn ensure_loaded(m: &mut Machine, a: &[Cell]) -> Res {
    let (into, specs) = m.strip_module_cell(a[0], atoms::USER)?;
    m.use_sources(specs, into, true, None)
}

fn use_module1(m: &mut Machine, a: &[Cell]) -> Res {
    let (into, specs) = m.strip_module_cell(a[0], atoms::USER)?;
    m.use_sources(specs, into, true, None)
}

fn use_module2(m: &mut Machine, a: &[Cell]) -> Res {
    let (into, specs) = m.strip_module_cell(a[0], atoms::USER)?;
    let list = import_list(m, a[1])?;
    m.use_sources(specs, into, true, Some(&list))
}

/// `reexport/1,2`: import, and export again from the loading module.
fn reexport(m: &mut Machine, spec: Cell, list: Option<ImportList>) -> Res {
    let (into, specs) = m.strip_module_cell(spec, atoms::USER)?;
    m.reexporting.push(into);
    let r = m.use_sources(specs, into, true, list.as_ref());
    m.reexporting.pop();
    r
}

fn reexport1(m: &mut Machine, a: &[Cell]) -> Res {
    reexport(m, a[0], None)
}

fn reexport2(m: &mut Machine, a: &[Cell]) -> Res {
    let list = import_list(m, a[1])?;
    reexport(m, a[0], Some(list))
}

/// `meta_predicate Head, ...`: records the argument specifications.
fn meta_predicate(m: &mut Machine, a: &[Cell]) -> Res {
    each_declared(m, a[0], |m, module, c| {
        let spec = m.store.to_term(c, &mut Vec::new());
        let (name, arity) = match &spec {
            Term::Compound(name, args) => {
                if let Some(bad) = args.iter().find(|s| !is_meta_spec(s) && !is_mode(s)) {
                    return Err(crate::machine::error::domain_error(
                        "meta_argument_specifier",
                        bad.clone(),
                    ));
                }
                (*name, args.len())
            }
            Term::Var(_) => return Err(instantiation_error()),
            t => return Err(type_error("compound", t.clone())),
        };
        let id = m.declared_pred(module, name, arity);
        m.db.preds[id as usize].meta = Some(Rc::new(spec));
        Ok(())
    })
}

/// A mode of a non-meta argument in a `meta_predicate` declaration.
fn is_mode(t: &Term) -> bool {
    matches!(t, Term::Atom(a) if matches!(a.name(), "+" | "-" | "?" | "*" | "@"))
}

/// `multifile Spec`: clauses may come from several files; the predicate is
/// defined (an empty one fails).
fn multifile(m: &mut Machine, a: &[Cell]) -> Res {
    each_declared(m, a[0], |m, module, c| {
        let t = m.store.to_term(c, &mut Vec::new());
        let Some((name, arity)) = export_indicator(&t) else {
            return Err(type_error("predicate_indicator", t));
        };
        let id = m.declared_pred(module, name, arity);
        if m.db.check_modifiable(id).is_ok() {
            let p = &mut m.db.preds[id as usize];
            p.defined = true;
            p.multifile = true;
            m.note_declared(id);
        }
        Ok(())
    })
}

/// `export(:PIs)`: adds `Name/Arity` or `Name//Arity`, or a conjunction of
/// them (each may be `Module:PI`), to the exports of its module. Modules
/// that import that module from then on import them; as in SWI, those that
/// imported it before keep their imports, and an error stops at the item
/// it meets (the items before it are exported).
fn export(m: &mut Machine, a: &[Cell]) -> Res {
    walk_declared(m, a[0], false, |m, module, c| {
        let pi = indicator_or_nonterminal(m, c)?;
        let exports = &mut m.db.module_mut(module).exports;
        if !exports.contains(&pi) {
            pi.0.pin();
            exports.push(pi);
        }
        Ok(())
    })
}

/// The names of all modules: `user`, `system`, then the others as created.
fn module_names(m: &Machine) -> Vec<Atom> {
    let mut names = vec![atoms::USER, atoms::SYSTEM];
    let mut rest: Vec<Atom> =
        m.db.modules
            .keys()
            .copied()
            .filter(|&a| a != atoms::USER && a != atoms::SYSTEM)
            .collect();
    rest.sort_by(|a, b| a.name().cmp(b.name()));
    names.extend(rest);
    names
}

fn current_module(m: &mut Machine, a: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    let c = m.deref(a[0]);
    match m.store.view(c) {
        View::Atom(name) => {
            return Ok(name == atoms::USER
                || name == atoms::SYSTEM
                || m.db.modules.contains_key(&name))
        }
        View::Var(_) => {}
        _ => return Err(type_error("atom", culprit(m, c))),
    }
    let names = module_names(m);
    let mut i = redo.take().map_or(0, |b| *b.downcast::<usize>().unwrap());
    while i < names.len() {
        let name = names[i];
        i += 1;
        if m.attempt(|m| m.unify(c, Cell::atom(name))) {
            if i < names.len() {
                *redo = Some(Box::new(i));
            }
            return Ok(true);
        }
    }
    Ok(false)
}

/// `'$module_property'(Module, List)`: the properties of a module (library
/// boot.pl enumerates them for module_property/2).
fn module_properties(m: &mut Machine, a: &[Cell]) -> Res {
    let c = m.deref(a[0]);
    let name = match m.store.view(c) {
        View::Atom(n) => n,
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(type_error("atom", culprit(m, c))),
    };
    let class = match m.db.module_class(name) {
        crate::machine::modules::ModuleClass::User => "user",
        crate::machine::modules::ModuleClass::System => "system",
        crate::machine::modules::ModuleClass::Library => "library",
        crate::machine::modules::ModuleClass::Program => "user",
    };
    let mut props = vec![Term::compound("class", vec![Term::atom(class)])];
    if let Some(md) = m.db.modules.get(&name) {
        if let Some(f) = &md.file {
            props.push(Term::compound("file", vec![Term::atom(f)]));
        }
        let exports: Vec<Term> = md
            .exports
            .iter()
            .map(|&(n, ar)| Term::indicator(n, ar))
            .collect();
        props.push(Term::compound("exports", vec![Term::list(exports)]));
        if !md.export_ops.is_empty() {
            props.push(Term::compound(
                "exported_operators",
                vec![Term::list(md.export_ops.clone())],
            ));
        }
    } else if name != atoms::USER && name != atoms::SYSTEM {
        return Ok(false);
    }
    let l = m.store.from_term(&Term::list(props), &mut HashMap::new());
    Ok(m.unify(a[1], l))
}

/// `strip_module(+Term, -Module, -Plain)`; Module is `user` when Term is
/// not qualified (from a module, the meta argument arrives qualified).
fn strip_module(m: &mut Machine, a: &[Cell]) -> Res {
    let (module, plain) = m.strip_module_cell(a[0], atoms::USER)?;
    Ok(m.unify(a[1], Cell::atom(module)) && m.unify(a[2], plain))
}

/// `context_module(-Module)`: `user` here; a clause of another module gets
/// its module at compile time (see `Db::qualify_clause`).
fn context_module(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(m.unify(a[0], Cell::atom(atoms::USER)))
}

/// `'$hook_modules'(+Module, +Name, -Modules)`: the modules whose `Name/2`
/// expansion hook applies to terms of `Module` (see `Machine::hook_modules`).
fn hook_modules(m: &mut Machine, a: &[Cell]) -> Res {
    let (View::Atom(module), View::Atom(name)) =
        (m.store.view(m.deref(a[0])), m.store.view(m.deref(a[1])))
    else {
        return Err(type_error(
            "atom",
            m.store.to_term(m.deref(a[0]), &mut Vec::new()),
        ));
    };
    let items: Vec<Cell> = m
        .hook_modules(module, name)
        .into_iter()
        .map(Cell::atom)
        .collect();
    let list = m.store.new_list_from(&items, Cell::atom(atoms::NIL));
    Ok(m.unify(a[2], list))
}
