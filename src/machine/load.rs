//! Loading Prolog text: consult a file or a string clause by clause, run
//! directives, translate DCG rules, and warn (on stderr, with file:line) about
//! syntax errors, singleton variables and discontiguous clauses, as SWI does.

use super::db::{clause_head, PredKind};
use super::error::{existence_error, PlError};
use super::instr::PredId;
use super::messages::prefix_lines;
use super::modules::{qualify, strip_module, ModuleClass};
use super::{Machine, Origin};
use crate::syntax::encoding::{Encoding, Problem, SourceText};
use crate::syntax::reader::{ReadOptions, ReadTerm, Reader};
use crate::term::{atoms, Atom, Term};
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// Book-keeping for one file being loaded.
pub(crate) struct LoadCtx {
    pub(crate) file: Rc<str>,
    defined: HashSet<PredId>,
    first_line: HashMap<PredId, usize>,
    warned: HashSet<PredId>,
    last: Option<PredId>,
    line: usize,
    init_goals: Vec<(Term, bool, usize)>,
    /// The module clauses go to (the loader's, until `:- module/2`).
    pub(crate) module: Atom,
    /// The file has a module header: its local operators end with it.
    pub(crate) module_file: bool,
    /// The operator table when the file started (restored after a module
    /// file, whose exported operators are then added again).
    ops_before: Option<crate::syntax::ops::Ops>,
    /// The files being included into it, outermost first (`:- include/1`).
    includes: Vec<std::path::PathBuf>,
    /// The encoding that a `:- encoding(Enc)` directive just read asks the
    /// rest of the text being loaded to be read in.
    encoding: Option<Encoding>,
    /// The open `:- if/1` directives, outermost first, each with its line.
    conds: Vec<(Cond, usize)>,
}

/// Where the loader is in one `:- if(G) ... :- elif(G) ... :- else ... :- endif`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cond {
    /// In the branch being loaded.
    Taking,
    /// No branch taken yet: the next true `elif` or the `else` is.
    Waiting,
    /// A branch was taken, or the whole `if` is in a skipped part: the rest is skipped.
    Done,
}

/// Source names of variables, by the variable numbers of a term.
type VarNames = Vec<(String, u32)>;

/// A list of atoms as a term.
fn atom_list(atoms: &[Atom]) -> Term {
    Term::list(atoms.iter().map(|a| Term::Atom(*a)).collect())
}

/// Highest variable number in a term, plus one.
pub fn var_count(t: &Term) -> u32 {
    let mut n = 0;
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match t {
            Term::Var(v) => n = n.max(v + 1),
            Term::Compound(_, a) => stack.extend(a.iter()),
            _ => {}
        }
    }
    n
}

/// The source names of the variables of `t` (`names` maps a reader's
/// variable number to its name) in order of first occurrence, `""` for an
/// unnamed one.
fn names_in_order(t: &Term, names: &[(String, u32)]) -> Box<[Box<str>]> {
    if names.is_empty() {
        return Box::new([]);
    }
    let mut seen = HashSet::new();
    let mut out: Vec<Box<str>> = Vec::new();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match t {
            Term::Var(v) if seen.insert(*v) => {
                let name = names.iter().find(|(_, i)| i == v).map_or("", |(n, _)| n);
                out.push(name.into());
            }
            Term::Compound(_, a) => stack.extend(a.iter().rev()),
            _ => {}
        }
    }
    out.into_boxed_slice()
}

/// SWI-Prolog's error for a file to load that cannot be read: it names no
/// predicate (`error(existence_error(source_sink, Path), _)`).
fn no_source(path: &str) -> PlError {
    existence_error("source_sink", Term::atom(path)).with_context(Term::Var(0))
}

/// The encoding that `:- encoding(Enc)` names. As in SWI-Prolog, which
/// sets it with `set_stream/2`, an unknown one is an error that ends the
/// load (the error of `consult/1`), not a failed directive. `bom` (look for
/// a byte order mark) keeps the encoding: where the directive ends, after
/// its `.`, comes the layout that ends it, never a mark.
fn source_encoding(name: &Term) -> Result<Option<Encoding>, PlError> {
    let error = match name {
        Term::Atom(a) if a.name() == "bom" => return Ok(None),
        Term::Atom(a) => match Encoding::from_name(a.name()) {
            Some(encoding) => return Ok(Some(encoding)),
            None => super::error::domain_error("encoding", name.clone()),
        },
        Term::Var(_) => super::error::instantiation_error(),
        t => super::error::type_error("atom", t.clone()),
    };
    let set_stream = Term::indicator(Atom::new("set_stream"), 2);
    Err(error.with_context(Term::compound(
        "context",
        vec![qualify(atoms::SYSTEM, set_stream), Term::Var(0)],
    )))
}

/// True for a mode of answer subsumption in a table declaration.
fn is_table_mode(t: &Term) -> bool {
    match t {
        Term::Var(_) => true,
        Term::Atom(a) => matches!(
            a.name(),
            "+" | "-" | "index" | "first" | "last" | "min" | "max" | "sum"
        ),
        Term::Compound(f, a) => a.len() == 1 && matches!(f.name(), "lattice" | "po"),
        _ => false,
    }
}

impl Machine {
    pub(crate) fn warn(&mut self, at: &str, lines: &[String]) {
        let mut text = format!("Warning: {at}:\n");
        for l in lines {
            text.push_str(&format!("Warning:    {l}\n"));
        }
        self.message_out(&text);
    }

    pub(crate) fn position(&self) -> String {
        self.loading
            .last()
            .map_or_else(|| "user".to_string(), |c| format!("{}:{}", c.file, c.line))
    }

    /// `file:line` of the clause or directive being loaded, if any, for
    /// the messages a program prints: those a library prints while it
    /// loads are placed at the directive of the program that loads it.
    pub fn load_position(&self) -> Option<String> {
        self.loading
            .iter()
            .rev()
            .find(|c| !c.file.starts_with(super::use_module::LIBRARY_DIR))
            .or(self.loading.last())
            .map(|c| format!("{}:{}", c.file, c.line))
    }

    /// The module that unqualified declarations (`dynamic`, `multifile`,
    /// `meta_predicate`) name: the module of the file being loaded, else `user`.
    pub fn source_module(&self) -> Atom {
        self.loading.last().map_or(atoms::USER, |c| c.module)
    }

    /// Marks a predicate declared in the file being loaded (so later clauses do not wipe it).
    pub(crate) fn note_declared(&mut self, id: PredId) {
        if let Some(ctx) = self.loading.last_mut() {
            ctx.defined.insert(id);
        }
    }

    /// Loads a file (`consult/1`) into `user`. A missing `.pl` extension is added when needed.
    pub fn consult_file(&mut self, path: &str) -> Result<(), PlError> {
        let abs = self.consult_file_into(path, atoms::USER)?;
        // A module file's exports, those of export/1 during its load too,
        // are imported once it is loaded, as consult/1 does.
        if let Some(module) = self.libraries.file_modules.get(&abs).copied() {
            self.import_module(module, atoms::USER, &super::use_module::ImportList::All)?;
        }
        Ok(())
    }

    /// Loads a file whose clauses go to `module` unless it has a module
    /// header; returns its absolute path.
    pub fn consult_file_into(&mut self, path: &str, module: Atom) -> Result<String, PlError> {
        let candidates = [path.to_string(), format!("{path}.pl")];
        // Anything but a directory may be read (SWI loads /dev/null, an empty file).
        let found = candidates.iter().find(|p| {
            let p = std::path::Path::new(p);
            p.exists() && !p.is_dir()
        });
        let Some(file) = found else {
            if let Ok(abs) = std::fs::canonicalize(path) {
                if abs.is_dir() {
                    // As SWI-Prolog: existence_error(file, Spec) with context(_, directory(Path)).
                    let dir = Term::compound("directory", vec![Term::atom(&abs.to_string_lossy())]);
                    return Err(PlError::error(
                        Term::compound(
                            "existence_error",
                            vec![Term::atom("file"), Term::atom(path)],
                        ),
                        Some(Term::compound("context", vec![Term::Var(0), dir])),
                    ));
                }
            }
            return Err(no_source(path));
        };
        let Ok(bytes) = std::fs::read(file) else {
            return Err(no_source(path));
        };
        let abs = std::fs::canonicalize(file)
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_else(|_| file.clone());
        // A file that loads itself, directly or through others, is not
        // loaded again while it is being loaded (as ensure_loaded/1 in SWI).
        if self.loading.iter().any(|c| *c.file == *abs) {
            return Ok(abs);
        }
        self.loaded_files.insert(abs.clone());
        let modified = std::fs::metadata(file).and_then(|md| md.modified()).ok();
        self.consulted.insert(abs.clone(), (modified, module));
        self.load_into(&bytes, &abs, module)?;
        Ok(abs)
    }

    /// Loads Prolog text into `user`; `name` is used in messages.
    pub fn consult_str(&mut self, text: &str, name: &str) -> Result<(), PlError> {
        self.consult_str_into(text, name, atoms::USER)
    }

    /// Loads Prolog text whose clauses go to `module` unless it has a
    /// module header; `name` is used in messages.
    pub fn consult_str_into(
        &mut self,
        text: &str,
        name: &str,
        module: Atom,
    ) -> Result<(), PlError> {
        self.load_into(text.as_bytes(), name, module)
    }

    /// One whole load of the source `bytes` into `module`.
    fn load_into(&mut self, bytes: &[u8], name: &str, module: Atom) -> Result<(), PlError> {
        self.begin_load_into(name, module);
        let r = self.load_text(bytes, name);
        let end = self.end_load();
        r.and(end)
    }

    /// Starts loading a file or script named `name` into `user`.
    pub fn begin_load(&mut self, name: &str) {
        self.begin_load_into(name, atoms::USER);
    }

    /// Starts loading a file or script named `name` whose clauses go to `module`.
    pub fn begin_load_into(&mut self, name: &str, module: Atom) {
        let ops_before = Some(self.ops.clone());
        self.loading.push(LoadCtx {
            module,
            module_file: false,
            ops_before,
            file: name.into(),
            defined: HashSet::new(),
            first_line: HashMap::new(),
            warned: HashSet::new(),
            last: None,
            line: 0,
            init_goals: Vec::new(),
            includes: Vec::new(),
            encoding: None,
            conds: Vec::new(),
        });
    }

    /// Finishes the innermost load: restores file-scoped flags, runs `initialization/1` goals.
    pub fn end_load(&mut self) -> Result<(), PlError> {
        let Some(mut ctx) = self.loading.pop() else {
            return Ok(());
        };
        // Operators defined in a module file stay local to it; the exported
        // ones are in force for the importer.
        if let (true, Some(ops)) = (ctx.module_file, ctx.ops_before.take()) {
            self.ops = ops;
            let exported = self
                .db
                .modules
                .get(&ctx.module)
                .map(|m| m.export_ops.clone())
                .unwrap_or_default();
            for op in &exported {
                // Checked when the module started: cannot fail now.
                let _ = self.run_goal_term(op);
            }
        }
        for (goal, is_main, line) in ctx.init_goals {
            if is_main {
                self.main_goal = Some((goal, ctx.file.to_string(), line));
            } else {
                self.run_directive(&goal, &ctx.file, ctx.line)?;
            }
        }
        Ok(())
    }

    /// Loads the source `bytes` clause by clause, in UTF-8 and, after a
    /// `:- encoding(Enc)` directive, in the encoding it names.
    fn load_text(&mut self, bytes: &[u8], name: &str) -> Result<(), PlError> {
        let mut source = SourceText::new(bytes);
        let mut from = 0;
        while let Some((end, encoding)) = self.load_clauses(&source, from, name)? {
            source.switch(end, encoding);
            from = end;
        }
        Ok(())
    }

    /// Loads the clauses of `source` from text offset `from` on, up to the
    /// end, or up to the end of a `:- encoding(Enc)` directive: then that
    /// offset and the encoding. The places where the source did not decode
    /// cleanly are warned about with the clause they are in, as SWI-Prolog does.
    fn load_clauses(
        &mut self,
        source: &SourceText,
        from: usize,
        name: &str,
    ) -> Result<Option<(usize, Encoding)>, PlError> {
        let text = &source.text;
        let mut reader = Reader::starting_at(text, from);
        let mut bad = source.bad.iter().skip_while(|b| b.offset < from).peekable();
        // A warning waiting for the next clause.
        let mut pending: Option<Problem> = None;
        loop {
            // Ctrl-C stops the load; what was loaded so far stays, as in SWI-Prolog.
            self.check_interrupt()?;
            let opts = ReadOptions {
                double_quotes: self.flags.double_quotes,
            };
            let Some(item) = reader.next(&self.ops, &opts) else {
                let line = text.matches('\n').count() + 1;
                self.unterminated_if(name, line);
                self.expand_end_of_file(name)?;
                break;
            };
            let end = reader.offset();
            let mut here = pending.take();
            if let Some(first) = bad.next_if(|b| b.offset < end) {
                while bad.next_if(|b| b.offset < end).is_some() {}
                here = here.or(Some(first.problem));
            }
            match (&item, here) {
                // SWI tells with the next clause read after a syntax error.
                (Err(_), Some(problem)) => pending = Some(problem),
                (Ok(rt), Some(problem)) => {
                    self.warn_bad_bytes(text, end, rt.start.line, name, problem);
                }
                _ => {}
            }
            match item {
                Ok(rt) => {
                    self.load_term(rt)?;
                    if let Some(e) = self.loading.last_mut().and_then(|c| c.encoding.take()) {
                        return Ok(Some((end, e)));
                    }
                }
                Err(e) => {
                    let text = format!(
                        "ERROR: {}:{}:{}: Syntax error: {}\n",
                        name,
                        e.pos.line,
                        e.pos.col.saturating_sub(1),
                        e.message
                    );
                    self.message_out(&text);
                }
            }
        }
        Ok(None)
    }

    /// SWI's warning for a clause holding bytes that did not decode, at the
    /// position after the clause (text offset `end`), under its first line `start`.
    fn warn_bad_bytes(
        &mut self,
        text: &str,
        end: usize,
        start: usize,
        name: &str,
        problem: Problem,
    ) {
        let end = text[..end].trim_end().len();
        let line = text[..end].matches('\n').count() + 1;
        let col = text[..end]
            .rsplit('\n')
            .next()
            .map_or(0, |l| l.chars().count());
        let mut quoted = String::new();
        crate::syntax::writer::format_atom(&mut quoted, name, true);
        let at = format!("{name}:{start}");
        self.warn(
            &at,
            &[format!("{quoted}:{line}:{col}: {}", problem.message())],
        );
    }

    /// Loads one read clause or directive into the innermost load.
    /// Errors in the clause are reported on stderr; only `halt` and an abort are returned.
    pub fn load_term(&mut self, mut rt: ReadTerm) -> Result<(), PlError> {
        let name = self
            .loading
            .last()
            .map(|c| c.file.clone())
            .unwrap_or_else(|| "user".into());
        if let Some(c) = self.loading.last_mut() {
            c.line = rt.start.line;
        }
        // Singletons are reported for directives too, as SWI-Prolog does.
        if !rt.singletons.is_empty() {
            let at = self.position();
            let list = rt.singletons.join(",");
            self.warn(&at, &[format!("Singleton variables: [{list}]")]);
        }
        // Not for directives, as in SWI-Prolog.
        let directive =
            matches!(&rt.term, Term::Compound(f, a) if *f == atoms::NECK && a.len() == 1);
        if !directive && !rt.marked_shared.is_empty() {
            let at = self.position();
            let lines: Vec<String> = rt
                .marked_shared
                .iter()
                .map(|n| format!("Singleton-marked variable appears more than once: {n}"))
                .collect();
            self.warn(&at, &lines);
        }
        let term = std::mem::take(&mut rt.term);
        if self.conditional(&term, &name, rt.start.line)? {
            return Ok(());
        }
        let module = self.source_module();
        let hooks = self.hook_modules(module, Atom::new("term_expansion"));
        if hooks.is_empty() {
            return self.load_expanded(term, &name, rt.start.line, &rt.var_names);
        }
        let expanded = match self.translate("$expand_term", &[atom_list(&hooks), term]) {
            Ok(Some(t)) => t,
            Ok(None) => return Ok(()),
            Err(e) => {
                self.print_load_error(e);
                return Ok(());
            }
        };
        match expanded.as_list() {
            Some(terms) => {
                for t in terms {
                    self.load_expanded(t.clone(), &name, rt.start.line, &[])?;
                }
                Ok(())
            }
            None => self.load_expanded(expanded, &name, rt.start.line, &[]),
        }
    }

    /// Loads one clause or directive after term expansion: DCG translation,
    /// then goal expansion when `goal_expansion/2` hooks exist. `names` are
    /// the source names of the variables of a clause loaded as written.
    fn load_expanded(
        &mut self,
        term: Term,
        name: &str,
        line: usize,
        names: &[(String, u32)],
    ) -> Result<(), PlError> {
        let mut names = names.to_vec();
        let term = if matches!(&term, Term::Compound(f, a) if *f == atoms::DCG_ARROW && a.len() == 2)
        {
            match self.dcg_translate(&term, &names) {
                Ok((t, renamed)) => {
                    names = renamed;
                    t
                }
                Err(e) => {
                    self.print_load_error(e);
                    return Ok(());
                }
            }
        } else {
            term
        };
        let hooks = self.hook_modules(self.source_module(), Atom::new("goal_expansion"));
        let term = if hooks.is_empty() {
            term
        } else {
            names.clear();
            match self.translate("$expand_goals", &[atom_list(&hooks), term]) {
                Ok(Some(t)) => t,
                Ok(None) => return Ok(()),
                Err(e) => {
                    self.print_load_error(e);
                    return Ok(());
                }
            }
        };
        match &term {
            Term::Compound(f, args)
                if (*f == atoms::NECK || *f == atoms::QUERY) && args.len() == 1 =>
            {
                return self.directive(args[0].clone(), name, line);
            }
            Term::Atom(a) if *a == atoms::END_OF_FILE => return Ok(()),
            _ => {}
        }
        let term = self.tabled_clause(term);
        if let Err(e) = self.add_loaded_clause(term, &names) {
            self.print_load_error(e);
        }
        Ok(())
    }

    /// The modules whose `name/2` hook (`term_expansion`, `goal_expansion`)
    /// applies to what is loaded into `module`: `module`, then `user`, those
    /// that define it. The system and its libraries are not expanded.
    pub(crate) fn hook_modules(&self, module: Atom, name: Atom) -> Vec<Atom> {
        let mut ms = Vec::new();
        if matches!(
            self.db.module_class(module),
            ModuleClass::Library | ModuleClass::System
        ) || self.loading_as != Origin::User
        {
            return ms;
        }
        for m in [module, atoms::USER] {
            let defined = self
                .db
                .local(m, name, 2)
                .is_some_and(|id| !self.db.preds[id as usize].clauses.is_empty());
            if defined && !ms.contains(&m) {
                ms.push(m);
            }
        }
        ms
    }

    /// Passes the end of a file to the `term_expansion/2` hooks (as SWI
    /// does): what they make of `end_of_file` is loaded.
    fn expand_end_of_file(&mut self, name: &str) -> Result<(), PlError> {
        let hooks = self.hook_modules(self.source_module(), Atom::new("term_expansion"));
        if hooks.is_empty() {
            return Ok(());
        }
        let line = self.loading.last().map_or(0, |c| c.line);
        let eof = Term::Atom(atoms::END_OF_FILE);
        match self.translate("$expand_term", &[atom_list(&hooks), eof]) {
            Ok(Some(t)) => match t.as_list() {
                Some(terms) => {
                    for t in terms {
                        self.load_expanded(t.clone(), name, line, &[])?;
                    }
                    Ok(())
                }
                None => self.load_expanded(t, name, line, &[]),
            },
            Ok(None) => Ok(()),
            Err(e) => {
                self.print_load_error(e);
                Ok(())
            }
        }
    }

    /// Conditional compilation, before term expansion as in SWI-Prolog: runs
    /// `term` when it is `:- if(G)`, `:- elif(G)`, `:- else` or `:- endif`;
    /// true when `term` is one of those or lies in a skipped part.
    fn conditional(&mut self, term: &Term, name: &str, line: usize) -> Result<bool, PlError> {
        let Term::Compound(f, a) = term else {
            return Ok(self.skipping());
        };
        if *f != atoms::NECK || a.len() != 1 {
            return Ok(self.skipping());
        }
        let (what, goal) = match &a[0] {
            Term::Compound(f, g) if g.len() == 1 && matches!(f.name(), "if" | "elif") => {
                (f.name(), Some(&g[0]))
            }
            Term::Atom(w) if matches!(w.name(), "else" | "endif") => (w.name(), None),
            _ => return Ok(self.skipping()),
        };
        let top = self
            .loading
            .last()
            .and_then(|c| c.conds.last())
            .map(|c| c.0);
        let next = match (what, top, goal) {
            ("if", Some(Cond::Waiting | Cond::Done), _) => Some(Cond::Done),
            ("if", _, Some(g)) => Some(self.eval_if(g, name, line)?),
            (_, None, _) => {
                self.message_out(&format!(
                    "ERROR: {name}:{line}:\nERROR:    :- {what} without :- if\n"
                ));
                return Ok(true);
            }
            ("elif", Some(Cond::Waiting), Some(g)) => Some(self.eval_if(g, name, line)?),
            ("elif", Some(_), _) => Some(Cond::Done),
            ("else", Some(Cond::Waiting), _) => Some(Cond::Taking),
            ("else", Some(_), _) => Some(Cond::Done),
            _ => None,
        };
        if let Some(ctx) = self.loading.last_mut() {
            match next {
                Some(c) if what == "if" => ctx.conds.push((c, line)),
                Some(c) => {
                    if let Some(last) = ctx.conds.last_mut() {
                        last.0 = c;
                    }
                }
                None => {
                    ctx.conds.pop();
                }
            }
        }
        Ok(true)
    }

    /// True while the loader is in a branch of an `:- if/1` that is skipped.
    fn skipping(&self) -> bool {
        self.loading
            .last()
            .and_then(|c| c.conds.last())
            .is_some_and(|c| c.0 != Cond::Taking)
    }

    /// The condition `g` of `:- if(g)` or `:- elif(g)` at `name:line`, run in
    /// the source module by `'$eval_if'/1`: an error is printed and counts as
    /// false; only `halt` and an abort are returned.
    fn eval_if(&mut self, g: &Term, name: &str, line: usize) -> Result<Cond, PlError> {
        let module = self.source_module();
        let goal = Term::compound("$eval_if", vec![qualify(module, g.clone())]);
        let top = self.store.top();
        let mark = self.trail.len();
        let gc = self.store.from_term(&goal, &mut HashMap::new());
        let r = self.run_once(gc);
        let r = match r {
            Ok(ok) => ok,
            Err(PlError::Halt(n)) => return Err(PlError::Halt(n)),
            Err(e) if self.is_abort(&e) => return Err(e),
            Err(e) => {
                let msg = self.goal_error_message(e);
                self.message_out(&format!(
                    "ERROR: {name}:{line}:\n{}",
                    prefix_lines("ERROR:    ", &msg)
                ));
                false
            }
        };
        self.flush();
        self.reclaim(top, mark);
        Ok(if r { Cond::Taking } else { Cond::Waiting })
    }

    /// At the end of the text of `name` (line `line`): the error for an
    /// `:- if/1` left open, as SWI-Prolog reports it; the open ones are dropped.
    fn unterminated_if(&mut self, name: &str, line: usize) {
        let Some(ctx) = self.loading.last_mut() else {
            return;
        };
        let Some(&(_, from)) = ctx.conds.last() else {
            return;
        };
        ctx.conds.clear();
        self.message_out(&format!(
            "ERROR: {name}:{line}:\nERROR:    Unterminated conditional compilation from {name}:{from}\n"
        ));
    }

    fn print_load_error(&mut self, e: PlError) {
        let at = self.position();
        let msg = self.error_message(e);
        self.message_out(&format!(
            "ERROR: {at}:\n{}",
            prefix_lines("ERROR:    ", &msg)
        ));
    }

    /// Translates a DCG rule with the library's `dcg_translate_rule/2`; the
    /// source names of the rule's variables (`names`) are returned for the
    /// variables of the clause.
    fn dcg_translate(
        &mut self,
        rule: &Term,
        names: &[(String, u32)],
    ) -> Result<(Term, VarNames), PlError> {
        self.translate_renaming("dcg_translate_rule", std::slice::from_ref(rule), names)?
            .ok_or_else(|| PlError::throw(Term::atom("dcg_translation_failed")))
    }

    /// Runs `pred(Inputs..., Out)` once (a translation written in Prolog)
    /// and returns `Out`, or `None` if it fails.
    fn translate(&mut self, pred: &str, inputs: &[Term]) -> Result<Option<Term>, PlError> {
        Ok(self.translate_renaming(pred, inputs, &[])?.map(|(t, _)| t))
    }

    /// `translate`, with the names of the inputs' variables (`names`, by
    /// variable number) given for the variables of the output they became.
    fn translate_renaming(
        &mut self,
        pred: &str,
        inputs: &[Term],
        names: &[(String, u32)],
    ) -> Result<Option<(Term, VarNames)>, PlError> {
        let top = self.store.top();
        let mark = self.trail.len();
        let mut vars = HashMap::new();
        let mut args: Vec<_> = inputs
            .iter()
            .map(|t| self.store.from_term(t, &mut vars))
            .collect();
        let out = self.store.new_var();
        args.push(out);
        let goal = self.store.new_compound(Atom::new(pred), &args);
        // `out` is read after the query: keep it a garbage-collection root.
        self.roots.push(out);
        let ok = self.run_once(goal);
        let out = self.roots.pop().expect("root pushed above");
        let t = match ok {
            Ok(true) => {
                let mut addrs = Vec::new();
                let t = self.store.to_term(out, &mut addrs);
                let mut renamed = Vec::new();
                for (name, i) in names {
                    let Some(v) = vars.get(i).map(|&c| self.store.deref(c)) else {
                        continue;
                    };
                    if let Some(n) = addrs.iter().position(|&a| v.is_ref() && a == v.val()) {
                        renamed.push((name.clone(), n as u32));
                    }
                }
                Ok(Some((t, renamed)))
            }
            Ok(false) => Ok(None),
            Err(e) => Err(e),
        };
        self.reclaim(top, mark);
        t
    }

    /// Adds a clause read from a file, handling redefinition and discontiguity.
    fn add_loaded_clause(&mut self, term: Term, names: &[(String, u32)]) -> Result<(), PlError> {
        let source = self.loading.last().map_or(atoms::USER, |c| c.module);
        let (module, head) = strip_module(clause_head(&term), source);
        let (name, arity) = match head {
            Term::Atom(a) => (*a, 0),
            Term::Compound(f, a) => (*f, a.len()),
            Term::Var(_) => return Err(super::error::instantiation_error()),
            t => return Err(super::error::type_error("callable", t.clone())),
        };
        let id = self.defining_pred(module, name, arity)?;
        let origin = self.loading_as;
        let library = origin == Origin::Library;
        let ctx = self.loading.last_mut().expect("loading");
        let line = ctx.line;
        let mut discontiguous_warning = None;
        let mut redefined = None;
        if !ctx.defined.contains(&id) {
            ctx.defined.insert(id);
            ctx.first_line.insert(id, line);
            let p = &mut self.db.preds[id as usize];
            let elsewhere = p.file.as_deref() != Some(&*ctx.file);
            if !p.clauses.is_empty() && !p.multifile {
                if !p.library && !library && elsewhere {
                    // Clauses from another file or asserted: SWI replaces them, and says so.
                    let from = p.file.as_ref().map(|f| format!("{f}:{}", p.line));
                    redefined = (origin == Origin::User).then_some(from);
                    p.clauses = Rc::default();
                } else if p.library != library || !elsewhere || p.library {
                    p.clauses = Rc::default();
                }
            }
            p.library = library;
            p.system = origin == Origin::System;
            p.file = Some(ctx.file.clone());
            p.line = line;
        } else if let Entry::Vacant(e) = ctx.first_line.entry(id) {
            // Declared (dynamic, multifile) earlier in the file: its first clause.
            e.insert(line);
            let p = &mut self.db.preds[id as usize];
            p.line = line;
            p.file = Some(ctx.file.clone());
        } else if ctx.last != Some(id)
            && !self.db.preds[id as usize].discontiguous
            && !ctx.warned.contains(&id)
        {
            ctx.warned.insert(id);
            let first = ctx.first_line.get(&id).copied().unwrap_or(0);
            let current = ctx.last.map(|l| {
                let p = &self.db.preds[l as usize];
                format!("{}/{}", p.name, p.arity)
            });
            discontiguous_warning = Some((first, current, ctx.file.clone()));
        }
        ctx.last = Some(id);
        if let Some(from) = redefined {
            let at = self.position();
            let mut lines = vec![format!("Redefined static procedure {name}/{arity}")];
            lines.extend(from.map(|f| format!("Previously defined at {f}")));
            self.warn(&at, &lines);
        }
        if let Some((first, current, file)) = discontiguous_warning {
            let at = self.position();
            let mut lines = vec![
                format!(
                    "Clauses of {}/{} are not together in the source-file",
                    name, arity
                ),
                format!("Earlier definition at {}:{}", file, first),
            ];
            if let Some(c) = current {
                lines.push(format!("Current predicate: {c}"));
            }
            lines.push(format!(
                "Use :- discontiguous {}/{}. to suppress this message",
                name, arity
            ));
            self.warn(&at, &lines);
        }
        let nvars = var_count(&term);
        let var_names = names_in_order(&term, names);
        self.recycle_code();
        let mut clause = self.db.compile(term, nvars, source)?;
        if let Some(data) = Rc::get_mut(&mut clause.data) {
            data.var_names = var_names;
        }
        self.ensure_regs_pub();
        self.db.add_clause(id, clause, false)
    }

    /// The predicate that clauses for `module:name/arity` loaded from a file
    /// go to. A system predicate that is not ISO core may be redefined by
    /// a `user` file, as in SWI-Prolog: it then becomes `user`'s.
    fn defining_pred(&mut self, module: Atom, name: Atom, arity: usize) -> Result<PredId, PlError> {
        // The system's own files define in `system`, but for `M:Head` clauses.
        let source = self.loading.last().map_or(atoms::USER, |c| c.module);
        if module == atoms::SYSTEM || (self.loading_as == Origin::System && module == source) {
            return Ok(self.db.local_id(atoms::SYSTEM, name, arity));
        }
        if super::modules::is_fixed_control(name, arity) {
            let pi = Term::indicator(name, arity);
            return Err(super::error::permission_error(
                "modify",
                "static_procedure",
                pi,
            ));
        }
        if let Some(id) = self.db.local(module, name, arity) {
            if self.db.is_defined(id) {
                return Ok(id);
            }
        }
        if let Some(imp) = self.db.import_of(module, name, arity) {
            let from = self.db.preds[imp.pred as usize].module;
            if imp.strong {
                let pi = qualify(from, Term::indicator(name, arity));
                return Err(super::error::permission_error(
                    "redefine",
                    "imported_procedure",
                    pi,
                ));
            }
            self.db.drop_import(module, name, arity);
            if self.loading_as == Origin::User {
                self.warn_local_overrides(module, name, arity, from);
            }
        }
        if let Some(id) = self.db.local(atoms::SYSTEM, name, arity) {
            let p = &self.db.preds[id as usize];
            if p.system || !matches!(p.kind, PredKind::User) {
                if p.protected {
                    return Err(super::error::permission_error(
                        "modify",
                        "static_procedure",
                        Term::indicator(name, arity),
                    ));
                }
                if module == atoms::USER {
                    self.db.index.remove(&(atoms::SYSTEM, name, arity));
                    self.db.index.insert((atoms::USER, name, arity), id);
                    let p = &mut self.db.preds[id as usize];
                    p.module = atoms::USER;
                    p.kind = PredKind::User;
                    p.system = false;
                    p.clauses = Rc::default();
                    return Ok(id);
                }
            }
        }
        Ok(self.db.local_id(module, name, arity))
    }

    /// SWI's warning when a definition in `module` hides a weak import from `from`.
    pub(crate) fn warn_local_overrides(
        &mut self,
        module: Atom,
        name: Atom,
        arity: usize,
        from: Atom,
    ) {
        let at = self.position();
        let mut pi = String::new();
        crate::syntax::writer::format_atom(&mut pi, name.name(), true);
        let text = format!(
            "Local definition of {}:{pi}/{arity} overrides weak import from {}",
            module.name(),
            from.name()
        );
        self.warn(&at, &[text]);
    }

    /// `:- include(File)`: the file's clauses are read as if they stood
    /// here. A file that cannot be included is reported and skipped; what
    /// ends its load (`halt`, an abort, an unknown encoding) ends the
    /// includer's too.
    fn include(&mut self, spec: &Term) -> Result<(), PlError> {
        let (bytes, shown) = match self.include_source(spec) {
            Ok(found) => found,
            Err(e) => {
                self.print_load_error(e);
                return Ok(());
            }
        };
        let r = self.load_text(&bytes, &shown);
        if let Some(ctx) = self.loading.last_mut() {
            ctx.includes.pop();
        }
        r
    }

    /// The bytes and the name of the file that `:- include(Spec)` names,
    /// which is now being included.
    fn include_source(&mut self, spec: &Term) -> Result<(Vec<u8>, String), PlError> {
        // A path as use_module/1 reads one (an atom, a string, `dir/file`),
        // found as it finds one.
        let spec = self.store.from_term(spec, &mut HashMap::new());
        let path = crate::builtins::modules::path_spec(self, spec)?;
        let Some(file) = self.resolve_source(&path).map(std::path::PathBuf::from) else {
            return Err(existence_error("source_sink", Term::atom(&path)));
        };
        let Ok(bytes) = std::fs::read(&file) else {
            return Err(existence_error("source_sink", Term::atom(&path)));
        };
        let shown = file.to_string_lossy().into_owned();
        // A file that includes itself, directly or through others, would be
        // read forever (SWI-Prolog reads on until it runs out of file handles).
        let abs = std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone());
        let ctx = self.loading.last_mut().expect("loading");
        if std::path::Path::new(&*ctx.file) == abs || ctx.includes.contains(&abs) {
            let culprit = Term::atom(&abs.to_string_lossy());
            return Err(super::error::permission_error(
                "include",
                "source_sink",
                culprit,
            ));
        }
        ctx.includes.push(abs);
        Ok((bytes, shown))
    }

    fn directive(&mut self, goal: Term, name: &str, line: usize) -> Result<(), PlError> {
        // include/1 reads another file in place; initialization/1,2 wait until the file is loaded.
        if let Term::Compound(f, a) = &goal {
            if f.name() == "include" && a.len() == 1 {
                return self.include(&a[0]);
            }
            if f.name() == "encoding" && a.len() == 1 {
                let encoding = source_encoding(&a[0])?;
                if let Some(ctx) = self.loading.last_mut() {
                    ctx.encoding = encoding;
                }
                return Ok(());
            }
            if f.name() == "table" && a.len() == 1 {
                if let Err(e) = self.declare_tabled(&a[0]) {
                    self.print_load_error(e);
                }
                return Ok(());
            }
            if f.name() == "initialization" && (a.len() == 1 || a.len() == 2) {
                let main = a.len() == 2 && matches!(&a[1], Term::Atom(w) if w.name() == "main");
                if let Some(ctx) = self.loading.last_mut() {
                    let g = if ctx.module == atoms::USER {
                        a[0].clone()
                    } else {
                        qualify(ctx.module, a[0].clone())
                    };
                    ctx.init_goals.push((g, main, line));
                }
                return Ok(());
            }
            if f.name() == "module" && a.len() == 2 {
                let r = match &a[0] {
                    Term::Atom(m) => self.start_module(*m, &a[1]),
                    Term::Var(_) => Err(super::error::instantiation_error()),
                    t => Err(super::error::type_error("atom", t.clone())),
                };
                if let Err(e) = r {
                    self.print_load_error(e);
                }
                return Ok(());
            }
        }
        let module = self.loading.last().map_or(atoms::USER, |c| c.module);
        if module == atoms::USER {
            self.run_directive(&goal, name, line).map(|_| ())
        } else {
            self.run_directive(&qualify(module, goal), name, line)
                .map(|_| ())
        }
    }

    /// Prints an error met while loading as a warning-level message and goes on.
    pub(crate) fn print_load_warning_error(&mut self, e: PlError) {
        self.print_load_error(e);
    }

    /// `:- table Specs`: each `Name/Arity` (or `Name//Arity`) of the comma
    /// list becomes tabled (library tabling.pl): `Name/Arity` is defined as
    /// `'$tbl_call'(Goal, 'Name tabled'(Args...))` and the clauses that follow
    /// are loaded as `'Name tabled'/Arity`. Tables made so far are dropped.
    fn declare_tabled(&mut self, specs: &Term) -> Result<(), PlError> {
        let mut todo = vec![specs];
        while let Some(spec) = todo.pop() {
            let (name, arity) = match spec {
                Term::Compound(f, a) if *f == atoms::COMMA && a.len() == 2 => {
                    todo.push(&a[1]);
                    todo.push(&a[0]);
                    continue;
                }
                Term::Compound(f, a) if a.len() == 2 && matches!(f.name(), "/" | "//") => {
                    match (&a[0], &a[1]) {
                        (Term::Atom(n), Term::Int(k)) if *k >= 0 => {
                            (*n, *k as usize + if f.name() == "//" { 2 } else { 0 })
                        }
                        _ => {
                            return Err(super::error::type_error(
                                "predicate_indicator",
                                spec.clone(),
                            ))
                        }
                    }
                }
                Term::Var(_) => return Err(super::error::instantiation_error()),
                // Answer subsumption: `path(_, _, min)`.
                Term::Compound(f, a) if a.iter().all(is_table_mode) => {
                    self.declare_moded(*f, a)?;
                    continue;
                }
                _ => {
                    return Err(super::error::domain_error(
                        "table_specification",
                        spec.clone(),
                    ))
                }
            };
            let args: Vec<Term> = (0..arity).map(|i| Term::Var(i as u32)).collect();
            let goal = |name: Atom, args: Vec<Term>| {
                if args.is_empty() {
                    Term::Atom(name)
                } else {
                    Term::Compound(name, args)
                }
            };
            let head = goal(name, args.clone());
            let imp = goal(Atom::new(&format!("{} tabled", name.name())), args);
            let body = Term::compound("$tbl_call", vec![head.clone(), imp]);
            self.add_loaded_clause(Term::Compound(atoms::NECK, vec![head, body]), &[])?;
            let module = self.loading.last().map_or(atoms::USER, |c| c.module);
            let id = self.db.local_id(module, name, arity);
            self.db.preds[id as usize].tabled = true;
        }
        self.tables.clear();
        Ok(())
    }

    /// `:- table Name(Modes...)`: answer subsumption. `Name/Arity` is
    /// defined as `'$tbl_moded_call'(Goal, 'Name tabled'(Args...), Modes)`
    /// (library tabling.pl): the answers are kept one per combination of the
    /// index arguments (`_`, `+`, `index`), the others aggregated by their
    /// mode (`-`/`first`, `last`, `min`, `max`, `sum`, `lattice(PI)`, `po(PI)`).
    fn declare_moded(&mut self, name: Atom, modes: &[Term]) -> Result<(), PlError> {
        let arity = modes.len();
        let args: Vec<Term> = (0..arity).map(|i| Term::Var(i as u32)).collect();
        let head = Term::Compound(name, args.clone());
        let imp = Term::Compound(Atom::new(&format!("{} tabled", name.name())), args);
        let modes: Vec<Term> = modes
            .iter()
            .map(|m| match m {
                Term::Var(_) => Term::atom("index"),
                Term::Atom(a) if a.name() == "+" => Term::atom("index"),
                Term::Atom(a) if a.name() == "-" => Term::atom("first"),
                other => other.clone(),
            })
            .collect();
        let body = Term::compound(
            "$tbl_moded_call",
            vec![head.clone(), imp, Term::list(modes)],
        );
        self.add_loaded_clause(Term::Compound(atoms::NECK, vec![head, body]), &[])?;
        let module = self.loading.last().map_or(atoms::USER, |c| c.module);
        let id = self.db.local_id(module, name, arity);
        self.db.preds[id as usize].tabled = true;
        Ok(())
    }

    /// A clause of a tabled predicate with its head renamed `'Name tabled'`.
    fn tabled_clause(&self, mut term: Term) -> Term {
        let head = match &mut term {
            Term::Compound(f, a) if *f == atoms::NECK && a.len() == 2 => &mut a[0],
            t => t,
        };
        let (name, arity) = match head {
            Term::Atom(a) => (a, 0),
            Term::Compound(f, args) => (f, args.len()),
            _ => return term,
        };
        let module = self.loading.last().map_or(atoms::USER, |c| c.module);
        let tabled = self
            .db
            .local(module, *name, arity)
            .is_some_and(|id| self.db.preds[id as usize].tabled);
        if tabled {
            *name = Atom::new(&format!("{} tabled", name.name()));
        }
        term
    }

    /// Warns that the directive `goal` at `name:line` failed.
    fn directive_failed(&mut self, goal: &Term, name: &str, line: usize) {
        let shown = self.qualified_goal_text(goal);
        self.warn(
            &format!("{name}:{line}"),
            &[format!("Goal (directive) failed: {shown}")],
        );
    }

    /// A directive's goal as SWI names it in messages: `user:main`.
    fn qualified_goal_text(&mut self, goal: &Term) -> String {
        let gc = self.store.from_term(goal, &mut HashMap::new());
        let text = self.format_goal(gc);
        if matches!(goal, Term::Compound(f, a) if *f == atoms::COLON && a.len() == 2) {
            text
        } else {
            format!("user:{text}")
        }
    }

    /// Runs the goal of the `:- initialization(Goal, main)` loaded, if any
    /// (the command line's files loaded and its `-g` goals run, as in
    /// SWI-Prolog): the status the process then ends with (see `run_main`).
    pub fn run_main_goal(&mut self) -> Option<i32> {
        let (goal, file, line) = self.main_goal.take()?;
        Some(match self.run_main(&goal, &file, line) {
            PlError::Halt(n) => n,
            _ => {
                self.message_out("% Execution Aborted\n");
                1
            }
        })
    }

    /// `:- initialization(Goal, main)` at `name:line`: Goal runs, then the
    /// process ends, as in SWI-Prolog: status 0, 1 when Goal fails, 2 when
    /// it raises (each reported with the directive's place), or what
    /// `halt/1` asked for (an abort is returned as it is).
    fn run_main(&mut self, goal: &Term, name: &str, line: usize) -> PlError {
        let g = self.store.from_term(goal, &mut HashMap::new());
        let r = self.run_once(g);
        self.flush();
        let status = match r {
            Ok(true) => 0,
            Ok(false) => {
                let shown = self.qualified_goal_text(goal);
                self.message_out(&format!("ERROR: {name}:{line}: {shown}: false\n"));
                1
            }
            Err(PlError::Halt(n)) => n,
            Err(e) if self.is_abort(&e) => return e,
            Err(e) => {
                let shown = self.qualified_goal_text(goal);
                let msg = self.goal_error_message(e);
                self.message_out(&prefix_lines(
                    "ERROR: ",
                    &format!("{name}:{line}: {shown} {msg}"),
                ));
                2
            }
        };
        PlError::Halt(status)
    }

    /// Runs a directive goal; prints a warning when it fails and the error when it raises.
    fn run_directive(&mut self, goal: &Term, name: &str, line: usize) -> Result<bool, PlError> {
        let top = self.store.top();
        let mark = self.trail.len();
        let g = self.store.from_term(goal, &mut HashMap::new());
        let r = self.run_once(g);
        let ok = match r {
            Ok(true) => true,
            Ok(false) => {
                self.directive_failed(goal, name, line);
                false
            }
            Err(PlError::Halt(n)) => return Err(PlError::Halt(n)),
            Err(e) if self.is_abort(&e) => return Err(e),
            Err(e) => {
                // As SWI-Prolog 9: the error, then the directive as failed.
                let msg = self.error_message_with_caller(e);
                self.message_out(&format!(
                    "ERROR: {name}:{line}:\n{}",
                    prefix_lines("ERROR:    ", &msg)
                ));
                self.directive_failed(goal, name, line);
                false
            }
        };
        self.flush();
        self.reclaim(top, mark);
        Ok(ok)
    }
}

#[cfg(test)]
mod tests {
    use crate::Machine;
    use std::sync::atomic::Ordering::Relaxed;

    /// A Ctrl-C that comes while a file loads stops the load with the abort
    /// ball; what was loaded before stays.
    #[test]
    fn an_interrupt_stops_a_load() {
        let mut m = Machine::new();
        m.consult_str("a(1).\n", "first").unwrap();
        m.interrupt.store(true, Relaxed);
        let e = m.consult_str("b(1).\n", "second").unwrap_err();
        assert!(m.is_abort(&e));
        let mut q = m
            .query("findall(X, a(X), [1]), \\+ catch(b(_), _, fail)")
            .unwrap();
        assert!(q.next().expect("an answer").is_ok());
    }
}
