//! The predicate table and the clause database.
//!
//! Each predicate keeps its clauses in an `Rc<Vec<Clause>>`. A call takes a
//! snapshot of that vector (an `Rc` clone held by its choicepoint), and
//! `assert`/`retract` replace the vector copy-on-write, so a running call keeps
//! seeing the clauses as they were when it started: the logical update view.

use super::compile::{compile_clause, PredTable};
use super::error::{permission_error, PlError};
use super::instr::{Instr, PredId};
use super::{Builtin, Machine};
use crate::term::cell::tag;
use crate::term::{atoms, Atom, Cell, Copied, Store, Term};
use std::collections::HashMap;
use std::rc::Rc;

/// One stored clause.
#[derive(Clone)]
pub struct Clause {
    /// First-argument index key (0 when the first argument is a variable or boxed).
    pub key: u64,
    /// Address of the clause's code.
    pub code: u32,
    /// The clause as a term, for `clause/2`, `retract/1` and `listing/1`.
    pub term: Rc<Term>,
    /// Number of distinct variables in `term`.
    pub nvars: u32,
}

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
    pub clauses: Rc<Vec<Clause>>,
    /// Declared dynamic (or created by assert).
    pub dynamic: bool,
    /// Declared discontiguous.
    pub discontiguous: bool,
    /// Has ever been defined (so an empty predicate fails instead of raising).
    pub defined: bool,
    /// Part of the system (builtin or boot library).
    pub system: bool,
    /// An ISO core predicate: user programs may not redefine it (others they may, as in SWI).
    pub protected: bool,
    /// Defined by the library: a user file may redefine it.
    pub library: bool,
    /// The file whose load defined the clauses, if any.
    pub file: Option<Rc<str>>,
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

/// The index key of a clause head's first argument.
pub fn term_key(t: &Term) -> u64 {
    match t {
        Term::Atom(a) => Cell::atom(*a).0,
        Term::Int(i) if Cell::fits_small(*i) => Cell::small(*i).0,
        Term::Compound(f, args) => Cell::functor(*f, args.len()).0,
        _ => 0,
    }
}

/// Name and arguments of a clause head.
pub fn clause_head(t: &Term) -> &Term {
    match t {
        Term::Compound(f, args) if *f == atoms::NECK && args.len() == 2 => &args[0],
        t => t,
    }
}

/// The predicate table plus the constant pool: what the compiler writes into.
pub struct Db {
    /// All predicates, indexed by `PredId`.
    pub preds: Vec<Pred>,
    /// `(name, arity)` to id.
    pub index: HashMap<(Atom, usize), PredId>,
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
}

impl PredTable for Db {
    fn pred_id(&mut self, name: Atom, arity: usize) -> PredId {
        if let Some(&id) = self.index.get(&(name, arity)) {
            return id;
        }
        let id = self.preds.len() as PredId;
        self.preds.push(Pred {
            name,
            arity,
            kind: PredKind::User,
            clauses: Rc::new(Vec::new()),
            dynamic: false,
            discontiguous: false,
            defined: false,
            system: false,
            protected: false,
            library: false,
            file: None,
        });
        self.index.insert((name, arity), id);
        id
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
        self.arith.push(goal);
        (self.arith.len() - 1) as u32
    }

    fn add_const(&mut self, t: &Term) -> u32 {
        self.scratch.heap.clear();
        let c = self.scratch.from_term(t, &mut HashMap::new());
        self.consts.push(Copied::new(&self.scratch, c));
        (self.consts.len() - 1) as u32
    }
}

impl Db {
    /// An empty database whose code area starts with `reserved` instructions.
    pub fn new(reserved: Vec<Instr>) -> Db {
        Db {
            preds: Vec::new(),
            index: HashMap::new(),
            consts: Vec::new(),
            scratch: Store::new(),
            code: reserved,
            arith: Vec::new(),
            xregs: 256,
        }
    }

    /// Looks a predicate up without creating it.
    pub fn lookup(&self, name: Atom, arity: usize) -> Option<PredId> {
        self.index.get(&(name, arity)).copied()
    }

    /// Compiles a clause and returns it ready to be stored.
    pub fn compile(&mut self, term: Term, nvars: u32) -> Result<Clause, PlError> {
        let compiled = compile_clause(self, &term, nvars)?;
        let code = self.code.len() as u32;
        for ins in compiled.code {
            self.code.push(relocate(ins, code));
        }
        self.xregs = self.xregs.max(compiled.xregs + 1);
        let key = match clause_head(&term) {
            Term::Compound(_, args) => term_key(&args[0]),
            _ => 0,
        };
        Ok(Clause {
            key,
            code,
            term: Rc::new(term),
            nvars,
        })
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

    /// Adds a compiled clause at the end (or the front).
    pub fn add_clause(&mut self, id: PredId, clause: Clause, front: bool) {
        let p = &mut self.preds[id as usize];
        p.defined = true;
        let v = Rc::make_mut(&mut p.clauses);
        if front {
            v.insert(0, clause);
        } else {
            v.push(clause);
        }
    }

    /// Removes all clauses of a predicate (keeping its declarations).
    pub fn wipe(&mut self, id: PredId) {
        self.preds[id as usize].clauses = Rc::new(Vec::new());
    }
}

fn relocate(ins: Instr, base: u32) -> Instr {
    match ins {
        Instr::TryElse(a, r) => Instr::TryElse(a + base, r),
        Instr::Jump(a) => Instr::Jump(a + base),
        other => other,
    }
}

impl Machine {
    /// Registers a table of builtins as system predicates.
    pub fn register(&mut self, table: super::BuiltinTable) {
        for &(name, arity, b) in table {
            let id = self.db.pred_id(Atom::new(name), arity);
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
        let id = self.db.pred_id(Atom::new(name), arity);
        let p = &mut self.db.preds[id as usize];
        p.kind = PredKind::Control(c);
        p.system = true;
        p.defined = true;
    }
}
