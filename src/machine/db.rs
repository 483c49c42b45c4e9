//! The predicate table and the clause database.
//!
//! Each predicate keeps its clauses in an `Rc<ClauseList>` (`clauses.rs`):
//! `assert` and `retract` change it in place, giving clauses the generation
//! they are born and die in, and a call (its choicepoint holds the `Rc`) sees
//! the clauses alive in the generation it started in: the logical update view.
//!
//! Compiled code lives in one shared area. Each clause owns its region of it
//! (and its boxed constants and arithmetic goals) through a `CodeRegion`; when
//! the last snapshot holding a retracted clause goes, the region is released,
//! and `Machine::recycle_code` hands it out again once no frame, choicepoint or
//! program counter can still be inside it. So assert/retract churn runs in
//! bounded space.

use super::clauses::{ClauseList, ALIVE, INDEX_ARGS};
use super::compile::{compile_clause, Buffers, ClauseParts, Compiled, PredTable};
use super::error::{permission_error, PlError};
use super::instr::{Instr, PredId};
use super::keyhash::BuildKeyHasher;
use super::{Builtin, Machine};
use crate::term::cell::tag;
use crate::term::{atoms, Atom, Cell, Copied, Store, Term};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// One stored clause: what calls need inline (index key, code address) and
/// the rest behind a shared pointer, so that snapshots copy cheaply.
#[derive(Clone)]
pub struct Clause {
    /// First-argument index key (0 when the first argument is a variable or boxed).
    pub key: u64,
    /// Address of the clause's code.
    pub code: u32,
    /// The database generation in which the clause was added.
    pub born: u64,
    /// The database generation from which the clause is retracted
    /// (`clauses::ALIVE` while it is not).
    pub died: std::cell::Cell<u64>,
    /// The clause's term and the space it owns (released with the last copy).
    pub data: Rc<ClauseData>,
}

/// The stored term of a clause and the space of the shared code area,
/// constant pool and arithmetic table it owns. Dropping it (with the last
/// snapshot holding the clause) queues the space for reuse.
pub struct ClauseData {
    /// The clause as a term, for `clause/2`, `retract/1` and `listing/1`.
    term: Copied,
    /// A single-sided unification (`=>`) clause.
    pub ssu: bool,
    /// Index keys of the head's first `clauses::INDEX_ARGS` arguments.
    pub keys: Box<[u64]>,
    /// The source names of its variables, in order of first occurrence in
    /// the stored term (`""` for an unnamed one); empty when the clause was
    /// not read from a file as written (asserted, expanded). `listing/1`
    /// shows them.
    pub var_names: Box<[Box<str>]>,
    /// Its code range, constants and arithmetic goals.
    space: Space,
    released: Rc<RefCell<Vec<Space>>>,
}

impl ClauseData {
    /// Builds the clause term on the heap with fresh variables.
    pub fn restore(&self, store: &mut Store) -> Cell {
        self.term.restore(store)
    }

    /// The clause's code: its first address and number of instructions.
    pub fn code_range(&self) -> (u32, u32) {
        (self.space.start, self.space.len)
    }
}

/// Space in the database's shared areas: a code range, constants, arithmetic goals.
#[derive(Default)]
struct Space {
    start: u32,
    len: u32,
    /// Numbers of the boxed constants, then of the arithmetic goals.
    ids: Box<[u32]>,
    /// How many of `ids` are constants.
    nconsts: u32,
}

impl Space {
    fn new(start: u32, len: u32, consts: Vec<u32>, arith: Vec<u32>) -> Space {
        Space {
            start,
            len,
            nconsts: consts.len() as u32,
            ids: consts.into_iter().chain(arith).collect(),
        }
    }
}

impl Drop for ClauseData {
    fn drop(&mut self) {
        if let Ok(mut released) = self.released.try_borrow_mut() {
            released.push(std::mem::take(&mut self.space));
        }
    }
}

/// Fewer released clauses than this are not worth a scan for reuse.
const RECYCLE_MIN: usize = 1024;

/// Control predicates implemented by the run loop itself.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Control {
    /// `call/N`: the closure plus N-1 extra arguments.
    CallN(u32),
    /// `catch/3`.
    Catch,
}

/// What a predicate is.
#[derive(Clone)]
pub enum PredKind {
    /// Defined by clauses (or not defined at all yet).
    User,
    /// Implemented in Rust.
    Builtin(Builtin),
    /// Implemented by the run loop.
    Control(Control),
}

/// A predicate table entry.
#[derive(Clone)]
pub struct Pred {
    /// Name.
    pub name: Atom,
    /// Arity.
    pub arity: usize,
    /// Kind.
    pub kind: PredKind,
    /// The clauses (user predicates).
    pub clauses: Rc<ClauseList>,
    /// Declared dynamic (or created by assert).
    pub dynamic: bool,
    /// Declared discontiguous.
    pub discontiguous: bool,
    /// Declared multifile: a file that loads clauses for it adds to those
    /// of other files instead of replacing them.
    pub multifile: bool,
    /// Has ever been defined (so an empty predicate fails instead of raising).
    pub defined: bool,
    /// Its clauses are `=>` clauses (single sided unification): a call that
    /// no clause matches raises `existence_error(matching_rule, Goal)`.
    pub ssu: bool,
    /// Part of the system (builtin or boot library).
    pub system: bool,
    /// An ISO core predicate: user programs may not redefine it (others they may, as in SWI).
    pub protected: bool,
    /// Defined by the library: a user file may redefine it.
    pub library: bool,
    /// Declared `:- table`: the clauses loaded for it go to `'Name tabled'`.
    pub tabled: bool,
    /// The file whose load defined the clauses, if any.
    pub file: Option<Rc<str>>,
    /// The line of its first clause in `file` (0 if none).
    pub line: usize,
    /// The module the predicate belongs to.
    pub module: Atom,
    /// The `meta_predicate` declaration (`maplist(1, ?)`), if any.
    pub meta: Option<Rc<Term>>,
    /// For a placeholder (called but not defined here): the predicate the
    /// first call resolved it to (an import, `user`, `system`, a library).
    pub link: Option<PredId>,
}

/// The index key of a dereferenced cell.
#[inline(always)]
pub fn key_of(store: &Store, c: Cell) -> u64 {
    match c.tag() {
        tag::ATOM | tag::INT => c.0,
        tag::STR => store.heap[c.val()].0,
        tag::LIS => Cell::functor(atoms::DOT, 2).0,
        _ => 0,
    }
}

/// Whether a clause with index key `ck` may match a call with key `ak`
/// (0 on either side: a variable or boxed argument, which matches anything).
#[inline(always)]
pub fn key_match(ck: u64, ak: u64) -> bool {
    ck == 0 || ak == 0 || ck == ak
}

/// The index key of a clause head's first argument.
pub fn term_key(t: &Term) -> u64 {
    match t {
        Term::Atom(a) => Cell::atom(*a).0,
        Term::Int(i) if Cell::fits_small(*i) => Cell::small(*i).0,
        Term::Compound(f, args) => Cell::functor(*f, args.len()).0,
        _ => 0,
    }
}

/// The head of a clause term (`Head :- Body`, `Head => Body`, `Head, Guard => Body`, a fact).
pub fn clause_head(t: &Term) -> &Term {
    ClauseParts::of(t).head
}

/// A clause `M:Head :- Body` written in module `source` as a clause of
/// module `M`: `Head :- source:Body` (its body still runs in `source`, as in
/// SWI), and the module it belongs to.
fn localise_head(mut term: Term, source: Atom) -> (Term, Atom) {
    let head = match &mut term {
        Term::Compound(f, args) if *f == atoms::NECK && args.len() == 2 => &mut args[0],
        t => t,
    };
    if !matches!(head, Term::Compound(f, a) if *f == atoms::COLON && a.len() == 2) {
        return (term, source);
    }
    let (module, plain) = super::modules::strip_module(head, source);
    let plain = plain.clone();
    *head = plain;
    if module != source {
        if let Term::Compound(f, args) = &mut term {
            if *f == atoms::NECK && args.len() == 2 {
                let body = std::mem::take(&mut args[1]);
                args[1] = super::modules::qualify(source, body);
            }
        }
    }
    (term, module)
}

/// A clause whose head is a zero-arity compound (`foo() :- Body`) is a
/// clause of `foo/0`, kept with the atom `foo` as its head: SWI stores it so
/// (`listing/1` shows `foo :- Body`, `retract((foo :- Body))` removes it).
fn atom_head(term: &mut Term) {
    let head = match term {
        Term::Compound(f, args) if *f == atoms::NECK && args.len() == 2 => &mut args[0],
        Term::Compound(f, args) if *f == atoms::SSU_ARROW && args.len() == 2 => {
            match &mut args[0] {
                Term::Compound(c, ha) if *c == atoms::COMMA && ha.len() == 2 => &mut ha[0],
                h => h,
            }
        }
        t => t,
    };
    if let Term::Compound(name, args) = head {
        if args.is_empty() {
            *head = Term::Atom(*name);
        }
    }
}

/// The predicate table plus the constant pool: what the compiler writes into.
pub struct Db {
    /// All predicates, indexed by `PredId`.
    pub preds: Vec<Pred>,
    /// `(module, name, arity)` to id.
    pub index: HashMap<(Atom, Atom, usize), PredId, BuildKeyHasher>,
    /// The modules by name.
    pub modules: HashMap<Atom, super::modules::Module, BuildKeyHasher>,
    /// The module that clauses being compiled belong to (their unqualified
    /// body goals resolve there).
    pub module: Atom,
    /// Boxed constants used by compiled code.
    pub consts: Vec<Copied>,
    /// Scratch store for building constants.
    scratch: Store,
    /// The code area.
    pub code: Vec<Instr>,
    /// Compiled arithmetic goals, referenced by `Instr::Arith`.
    pub arith: Vec<super::arith::ArithGoal>,
    /// The largest X register number any code uses, plus one.
    pub xregs: usize,
    /// The generation of the clause database: assert and retract make a new one.
    pub generation: u64,
    /// Space of dropped clauses, not yet known to be out of use.
    released: Rc<RefCell<Vec<Space>>>,
    /// Number of released clauses that triggers the next reuse scan.
    recycle_at: usize,
    /// Reusable code ranges by length.
    free_code: HashMap<u32, Vec<u32>>,
    /// Reusable constant numbers.
    free_consts: Vec<u32>,
    /// Reusable arithmetic goal numbers.
    free_arith: Vec<u32>,
    /// Constants stored by the clause being compiled.
    compiling_consts: Vec<u32>,
    /// Arithmetic goals stored by the clause being compiled.
    compiling_arith: Vec<u32>,
    /// The compiler's tables, kept between clauses.
    buffers: Buffers,
}

impl Db {
    /// The id of `m:name/arity`, created (undefined) when new.
    pub fn local_id(&mut self, m: Atom, name: Atom, arity: usize) -> PredId {
        if let Some(&id) = self.index.get(&(m, name, arity)) {
            return id;
        }
        let id = self.preds.len() as PredId;
        name.pin();
        self.preds.push(Pred {
            name,
            arity,
            kind: PredKind::User,
            clauses: Rc::default(),
            dynamic: false,
            discontiguous: false,
            defined: false,
            ssu: false,
            system: false,
            protected: false,
            library: false,
            tabled: false,
            file: None,
            line: 0,
            multifile: false,
            module: m,
            meta: None,
            link: None,
        });
        self.index.insert((m, name, arity), id);
        // A module comes to exist when anything refers to it, as in SWI-Prolog.
        self.module_mut(m);
        id
    }
}

impl PredTable for Db {
    fn pred_id(&mut self, name: Atom, arity: usize) -> PredId {
        self.call_target(self.module, name, arity)
    }

    fn head_id(&mut self, module: Option<Atom>, name: Atom, arity: usize) -> PredId {
        self.local_id(module.unwrap_or(self.module), name, arity)
    }

    fn qualified_id(&mut self, module: Atom, name: Atom, arity: usize) -> PredId {
        self.call_target(module, name, arity)
    }

    fn is_inline(&self, id: PredId) -> bool {
        matches!(
            self.preds[id as usize].kind,
            PredKind::Builtin(Builtin::Det(_))
        )
    }

    fn name_of(&self, id: PredId) -> (Atom, usize) {
        let p = &self.preds[id as usize];
        (p.name, p.arity)
    }

    fn add_arith(&mut self, goal: super::arith::ArithGoal) -> u32 {
        let k = store_in(&mut self.arith, &mut self.free_arith, goal);
        self.compiling_arith.push(k);
        k
    }

    fn add_const(&mut self, t: &Term) -> u32 {
        let copied = Copied::of_term(&mut self.scratch, t);
        let k = store_in(&mut self.consts, &mut self.free_consts, copied);
        self.compiling_consts.push(k);
        k
    }
}

/// The database as the compiler sees it: with `caller` (a meta-call's
/// temporary clause), the head is that predicate, whatever its name.
struct Compiling<'a> {
    db: &'a mut Db,
    caller: Option<PredId>,
}

impl PredTable for Compiling<'_> {
    fn pred_id(&mut self, name: Atom, arity: usize) -> PredId {
        self.db.pred_id(name, arity)
    }

    fn head_id(&mut self, module: Option<Atom>, name: Atom, arity: usize) -> PredId {
        match self.caller {
            Some(caller) => caller,
            None => self.db.head_id(module, name, arity),
        }
    }

    fn qualified_id(&mut self, module: Atom, name: Atom, arity: usize) -> PredId {
        self.db.qualified_id(module, name, arity)
    }

    fn is_inline(&self, id: PredId) -> bool {
        self.db.is_inline(id)
    }

    fn name_of(&self, id: PredId) -> (Atom, usize) {
        self.db.name_of(id)
    }

    fn add_arith(&mut self, goal: super::arith::ArithGoal) -> u32 {
        self.db.add_arith(goal)
    }

    fn add_const(&mut self, t: &Term) -> u32 {
        self.db.add_const(t)
    }
}

/// Puts `item` in a free slot of `items` (or at the end); returns its number.
fn store_in<T>(items: &mut Vec<T>, free: &mut Vec<u32>, item: T) -> u32 {
    match free.pop() {
        Some(k) => {
            items[k as usize] = item;
            k
        }
        None => {
            items.push(item);
            (items.len() - 1) as u32
        }
    }
}

impl Db {
    /// An empty database whose code area starts with `reserved` instructions.
    pub fn new(reserved: Vec<Instr>) -> Db {
        Db {
            preds: Vec::new(),
            index: HashMap::default(),
            modules: HashMap::default(),
            module: atoms::USER,
            consts: Vec::new(),
            scratch: Store::new(),
            code: reserved,
            arith: Vec::new(),
            xregs: 256,
            generation: 1,
            released: Rc::default(),
            recycle_at: RECYCLE_MIN,
            free_code: HashMap::new(),
            free_consts: Vec::new(),
            free_arith: Vec::new(),
            compiling_consts: Vec::new(),
            compiling_arith: Vec::new(),
            buffers: Buffers::default(),
        }
    }

    /// Looks a predicate up as `user` sees it, without creating it: the
    /// local entry of `user` if there is one, else what `user` resolves to.
    pub fn lookup(&self, name: Atom, arity: usize) -> Option<PredId> {
        self.lookup_in(atoms::USER, name, arity)
    }

    /// Looks `name/arity` up as module `m` sees it, without creating it: a
    /// defined local predicate, else what `m` resolves to, else a local placeholder.
    pub fn lookup_in(&self, m: Atom, name: Atom, arity: usize) -> Option<PredId> {
        self.resolve(m, name, arity)
            .or_else(|| self.local(m, name, arity))
    }

    /// Compiles a clause of module `module` (where its unqualified goals
    /// resolve) and returns it ready to be stored.
    pub fn compile(&mut self, term: Term, nvars: u32, module: Atom) -> Result<Clause, PlError> {
        let (mut term, module) = localise_head(term, module);
        atom_head(&mut term);
        self.module = module;
        let term = self.qualify_clause(self.module, term);
        let (compiled, consts, arith) = self.compile_code(&term, nvars, None);
        let ssu = ClauseParts::of(&term).ssu;
        let compiled = match compiled {
            Ok(c) => c,
            Err(e) => {
                self.reuse(Space::new(0, 0, consts, arith));
                return Err(e);
            }
        };
        let len = compiled.code.len() as u32;
        let code = self.place(compiled.code, compiled.xregs);
        let keys: Box<[u64]> = match super::modules::strip_module(clause_head(&term), self.module).1
        {
            Term::Compound(_, args) => args.iter().take(INDEX_ARGS).map(term_key).collect(),
            _ => Box::new([]),
        };
        let key = keys.first().copied().unwrap_or(0);
        let data = ClauseData {
            term: Copied::of_term(&mut self.scratch, &term),
            ssu,
            keys,
            var_names: Box::new([]),
            space: Space::new(code, len, consts, arith),
            released: self.released.clone(),
        };
        Ok(Clause {
            key,
            code: code + compiled.entry,
            born: 0,
            died: std::cell::Cell::new(ALIVE),
            data: Rc::new(data),
        })
    }

    /// Puts compiled code in the code area (in a free range of its length
    /// when there is one) and returns where it starts.
    fn place(&mut self, code: Vec<Instr>, xregs: usize) -> u32 {
        let len = code.len() as u32;
        self.xregs = self.xregs.max(xregs + 1);
        match self.free_code.get_mut(&len).and_then(Vec::pop) {
            Some(start) => {
                for (i, ins) in code.into_iter().enumerate() {
                    self.code[start as usize + i] = ins.retarget(|a| a + start);
                }
                start
            }
            None => {
                let start = self.code.len() as u32;
                self.code
                    .extend(code.into_iter().map(|ins| ins.retarget(|a| a + start)));
                start
            }
        }
    }

    /// Compiles the temporary clause of a meta-called control construct:
    /// `Body` run in `module` with its variables `0..nargs` in the argument
    /// registers, its frames those of `caller`. The code is kept for good
    /// (the meta-call cache reuses it); returns where calls enter it.
    pub(crate) fn compile_meta(
        &mut self,
        body: Term,
        nargs: u32,
        module: Atom,
        caller: PredId,
    ) -> Result<u32, PlError> {
        self.module = module;
        let head = Term::Compound(
            Atom::new("<meta-call>"),
            (0..nargs).map(Term::Var).collect(),
        );
        let clause = Term::Compound(atoms::NECK, vec![head, body]);
        let clause = self.qualify_clause(module, clause);
        // The constants and arithmetic goals it stores live as long as the code.
        match self.compile_code(&clause, nargs, Some(caller)) {
            (Ok(c), _, _) => Ok(self.place(c.code, c.xregs) + c.entry),
            (Err(e), consts, arith) => {
                self.reuse(Space::new(0, 0, consts, arith));
                Err(e)
            }
        }
    }

    /// Compiles `clause` (already qualified for `self.module`) with the
    /// compiler's kept tables; with `caller`, the code's frames are those of
    /// `caller`, whatever its head. Returns the outcome and the constants
    /// and arithmetic goals the code stored.
    fn compile_code(
        &mut self,
        clause: &Term,
        nvars: u32,
        caller: Option<PredId>,
    ) -> (Result<Compiled, PlError>, Vec<u32>, Vec<u32>) {
        self.compiling_consts.clear();
        self.compiling_arith.clear();
        let mut buffers = std::mem::take(&mut self.buffers);
        let compiled = compile_clause(
            &mut Compiling { db: self, caller },
            clause,
            nvars,
            &mut buffers,
        );
        self.buffers = buffers;
        let consts = std::mem::take(&mut self.compiling_consts);
        let arith = std::mem::take(&mut self.compiling_arith);
        (compiled, consts, arith)
    }

    /// Checks that user code may add clauses to `id`.
    pub fn check_modifiable(&self, id: PredId) -> Result<(), PlError> {
        let p = &self.preds[id as usize];
        if p.system || !matches!(p.kind, PredKind::User) {
            let culprit = Term::indicator(p.name, p.arity);
            return Err(permission_error("modify", "static_procedure", culprit));
        }
        Ok(())
    }

    /// Adds a compiled clause at the end (or the front). A predicate's
    /// clauses are all `=>` clauses or none are (SWI's permission error).
    pub fn add_clause(
        &mut self,
        id: PredId,
        mut clause: Clause,
        front: bool,
    ) -> Result<(), PlError> {
        self.generation += 1;
        clause.born = self.generation;
        let p = &mut self.preds[id as usize];
        if p.clauses.is_empty() {
            p.ssu = clause.data.ssu;
        } else if p.ssu != clause.data.ssu {
            let pi = Term::indicator(p.name, p.arity);
            let pi = if p.module == atoms::USER {
                pi
            } else {
                super::modules::qualify(p.module, pi)
            };
            return Err(permission_error("assert", "procedure", pi));
        }
        p.defined = true;
        p.clauses.push(clause, front);
        self.tidy(id);
        Ok(())
    }

    /// Makes space free for new clauses: its code range, constants and goals.
    fn reuse(&mut self, space: Space) {
        if space.len > 0 {
            self.free_code
                .entry(space.len)
                .or_default()
                .push(space.start);
        }
        let (consts, arith) = space.ids.split_at(space.nconsts as usize);
        for &k in consts {
            self.consts[k as usize] = Copied::new(&self.scratch, Cell::atom(atoms::NIL));
            self.free_consts.push(k);
        }
        for &k in arith {
            let goal = &mut self.arith[k as usize];
            goal.left = Vec::new();
            goal.right = Vec::new();
            self.free_arith.push(k);
        }
    }

    /// Removes all clauses of a predicate (keeping its declarations).
    pub fn wipe(&mut self, id: PredId) {
        self.preds[id as usize].clauses = Rc::default();
    }

    /// Retracts the clause at position `p` of `list` (a list `id` has or
    /// had) from a new generation on; false if it is retracted already.
    /// Compacts the predicate's clauses when the dead outnumber the living.
    pub fn retract_at(&mut self, id: PredId, list: &Rc<ClauseList>, p: i32) -> bool {
        let gen = self.generation + 1;
        let cur = &self.preds[id as usize].clauses;
        let done = if Rc::ptr_eq(cur, list) {
            cur.kill(p, gen)
        } else {
            match cur.find(&list.at(p)) {
                Some(q) => cur.kill(q, gen),
                None => false,
            }
        };
        if done {
            self.generation = gen;
        }
        done
    }

    /// Compacts the clauses of `id` if enough are dead and no call or scan
    /// holds them (positions must not move under a cursor; a held list is
    /// compacted by a later assert or retract).
    pub fn tidy(&mut self, id: PredId) {
        let p = &self.preds[id as usize];
        if Rc::strong_count(&p.clauses) == 1 && p.clauses.wants_compaction() {
            p.clauses.compact_in_place();
        }
    }
}

impl Machine {
    /// Makes the space of dropped clauses reusable once nothing can execute it:
    /// no program counter, continuation or choicepoint alternative points into
    /// it. Runs only in the outermost query (nested queries keep the outer
    /// registers on the Rust stack) and only when enough space waits.
    pub(crate) fn recycle_code(&mut self) {
        let waiting = self.db.released.borrow().len();
        if self.depth > 1 || waiting < self.db.recycle_at {
            return;
        }
        let mut live: Vec<u32> = vec![self.p, self.cp];
        for e in self.live_frames() {
            live.push(self.stack[e + 1].0 as u32);
        }
        for c in &self.cps {
            live.push(c.cp);
            match c.kind {
                super::run::CpKind::Alt(a) => live.push(a),
                super::run::CpKind::Det(d) => live.push(d.cont),
                _ => {}
            }
        }
        live.sort_unstable();
        let in_use = |s: &Space| {
            let i = live.partition_point(|&a| a < s.start);
            live.get(i).is_some_and(|&a| a < s.start + s.len)
        };
        let released = std::mem::take(&mut *self.db.released.borrow_mut());
        let (busy, free): (Vec<Space>, Vec<Space>) = released.into_iter().partition(in_use);
        // Space still in use is looked at again after as much more is released.
        self.db.recycle_at = RECYCLE_MIN.max(2 * busy.len());
        *self.db.released.borrow_mut() = busy;
        for space in free {
            self.db.reuse(space);
        }
    }
}

impl Machine {
    /// Registers a table of builtins as system predicates.
    pub fn register(&mut self, table: super::BuiltinTable) {
        for &(name, arity, b) in table {
            let id = self.db.local_id(atoms::SYSTEM, Atom::new(name), arity);
            let p = &mut self.db.preds[id as usize];
            p.kind = PredKind::Builtin(b);
            p.system = true;
            p.defined = true;
        }
    }

    /// Marks ISO core predicates as protected from redefinition by user files.
    pub fn protect(&mut self, table: &[(&str, usize)]) {
        for &(name, arity) in table {
            if let Some(id) = self.db.lookup(Atom::new(name), arity) {
                self.db.preds[id as usize].protected = true;
            }
        }
    }

    /// Registers a control predicate.
    pub fn register_control(&mut self, name: &str, arity: usize, c: Control) {
        let id = self.db.local_id(atoms::SYSTEM, Atom::new(name), arity);
        let p = &mut self.db.preds[id as usize];
        p.kind = PredKind::Control(c);
        p.system = true;
        p.defined = true;
    }
}

#[cfg(test)]
mod tests {
    use crate::machine::Machine;
    use crate::term::Term;

    /// The answer for `X` of the first solution of `goal`.
    fn first(m: &mut Machine, goal: &str) -> Term {
        let answer = m.query(goal).unwrap().next().unwrap().unwrap();
        answer.get("X").unwrap().clone()
    }

    const CHURN: &str = "
        :- dynamic fact/2, counter/1, r/0.
        churn(0) :- !.
        churn(N) :- assertz(fact(N, f(N, 1.5, \"s\"))), retract(fact(N, _)), N1 is N - 1, churn(N1).
        bump(0) :- !.
        bump(N) :- retract(counter(C)), C1 is C + 1, assertz(counter(C1)), N1 is N - 1, bump(N1).
    ";

    #[test]
    fn assert_retract_churn_reuses_code_space() {
        let mut m = Machine::new();
        m.consult_str(CHURN, "churn").unwrap();
        first(&mut m, "churn(20000), X = ok");
        let after_first = m.db.code.len();
        let consts = m.db.consts.len();
        first(
            &mut m,
            "churn(100000), assertz(counter(0)), bump(100000), X = ok",
        );
        // The second run reuses the space of the first: no growth with the work done.
        assert!(
            m.db.code.len() < after_first + 20_000,
            "{} -> {}",
            after_first,
            m.db.code.len()
        );
        assert!(m.db.consts.len() < consts + 5_000);
        assert_eq!(first(&mut m, "counter(X)"), Term::Int(100000));
    }

    #[test]
    fn a_running_clause_survives_its_retraction_and_reuse_of_space() {
        let mut m = Machine::new();
        let prog = format!(
            "{CHURN}
            r :- retract((r :- _)), churn(5000), Y = done, check(Y).
            check(done).
            :- assertz((r :- retract((r :- _)), churn(5000), atom_length(abc, L), L =:= 3)).
            p(1). p(2). p(3).
            :- dynamic q/1.
            q(1). q(2). q(3).
            "
        );
        m.consult_str(&prog, "running").unwrap();
        // The clause body goes on after its own retraction and after a churn
        // that recycles space: its code must not have been reused.
        assert_eq!(first(&mut m, "r, X = ok"), Term::atom("ok"));
        assert_eq!(first(&mut m, "r, X = ok"), Term::atom("ok"));
        // A call that started before retracting sees all clauses (logical update view).
        assert_eq!(
            first(
                &mut m,
                "findall(Y, (q(Y), once(retract(q(_))), churn(3000)), X)"
            ),
            first(&mut m, "X = [1, 2, 3]")
        );
        assert_eq!(
            first(&mut m, "findall(Y, q(Y), X)"),
            Term::Atom(crate::term::atoms::NIL)
        );
    }
}
