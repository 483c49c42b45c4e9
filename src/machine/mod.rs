//! The abstract machine: clause compiler, instructions, run loop, unification,
//! database and exceptions.
//!
//! Builtins see the machine through a small surface: `store` (the heap),
//! `unify`, `flags`, `ops`, and the output buffer.

pub mod arith;
pub mod atom_gc;
pub mod clauses;
pub mod compile;
pub mod db;
pub mod depth;
pub mod det;
pub mod dwim;
pub mod error;
pub mod gc;
pub mod instr;
pub mod keyhash;
pub mod limits;
pub mod load;
pub mod messages;
pub mod meta_clause;
pub mod modules;
pub mod run;
pub mod streams;
pub mod tables;
pub mod unify;
pub mod use_module;

use crate::syntax::ops::Ops;
use crate::term::{Atom, Cell, Copied, CopiedList, Store};
use db::Db;
use instr::{Addr, Instr};
use run::ChoicePoint;
use std::any::Any;
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub use error::{ErrorTerm, PlError, Res};

/// The trail entry address that stands for a mark of the constraint store:
/// the entry's value is the store's trail length (a small integer) to undo
/// back to.
pub const FD_MARK: usize = usize::MAX;

/// A deterministic builtin: reads its argument cells, unifies outputs.
pub type DetFn = fn(&mut Machine, &[Cell]) -> Res;

/// A nondeterministic builtin. Called first with `*redo == None`; it leaves
/// `Some(state)` in `redo` when more solutions may follow, and is then called
/// again with that state after backtracking has undone its bindings. The state
/// must hold Rust values, not heap cells built by the builtin (those are
/// reclaimed on backtracking).
pub type NondetFn = fn(&mut Machine, &[Cell], &mut Option<Box<dyn Any>>) -> Res;

/// A builtin's implementation.
#[derive(Copy, Clone)]
pub enum Builtin {
    /// Deterministic: never leaves a choicepoint.
    Det(DetFn),
    /// Nondeterministic: may be retried on backtracking.
    Nondet(NondetFn),
}

/// A family's table of builtins: (name, arity, implementation).
pub type BuiltinTable = &'static [(&'static str, usize, Builtin)];

/// Who defines the clauses being loaded.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A user's program: may redefine library predicates.
    User,
    /// The library: user files may redefine these predicates.
    Library,
    /// The system: nobody may redefine these predicates.
    System,
}

/// How `"text"` is read (flag `double_quotes`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DoubleQuotes {
    /// A string object (SWI-Prolog 7 default).
    String,
    /// A list of character codes.
    Codes,
    /// A list of one-character atoms.
    Chars,
    /// An atom.
    Atom,
}

/// What to do when an unknown procedure is called (flag `unknown`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// Raise `existence_error(procedure, PI)`.
    Error,
    /// Print a warning and fail.
    Warning,
    /// Fail silently.
    Fail,
}

/// The type of a flag made by `create_prolog_flag/3` (or by setting a flag
/// nobody made): what `set_prolog_flag/2` accepts for it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FlagType {
    /// `true` or `false`.
    Boolean,
    /// Any atom.
    Atom,
    /// Any integer.
    Integer,
    /// Any number, stored as a float.
    Float,
    /// Any term.
    Term,
}

/// A flag made by the program, with its value.
#[derive(Clone, Debug)]
pub struct UserFlag {
    /// The flag's name (pinned).
    pub name: Atom,
    /// Its value.
    pub value: Copied,
    /// What values it takes.
    pub typ: FlagType,
    /// Made with `access(read_only)`.
    pub read_only: bool,
}

/// Prolog flags that change the machine's behaviour.
#[derive(Clone, Debug)]
pub struct Flags {
    /// `double_quotes`.
    pub double_quotes: DoubleQuotes,
    /// `unknown`.
    pub unknown: Unknown,
    /// `autoload`: load a library that exports an unknown predicate.
    pub autoload: bool,
    /// `verbose`: `silent` (`-q`) suppresses informational messages.
    pub verbose_silent: bool,
    /// `debug`: debug mode (kept for programs that read or set it).
    pub debug: bool,
}

impl Default for Flags {
    fn default() -> Flags {
        Flags {
            double_quotes: DoubleQuotes::String,
            unknown: Unknown::Error,
            autoload: true,
            verbose_silent: false,
            debug: false,
        }
    }
}

/// The Prolog machine.
pub struct Machine {
    /// The term heap.
    pub store: Store,
    /// Bindings to undo on backtracking: (heap address, previous cell).
    pub trail: Vec<(usize, Cell)>,
    /// Heap top at the newest choicepoint: bindings below it are trailed.
    pub hb: usize,
    /// Heap below this mark survives backtracking (set by `freeze_heap`):
    /// choicepoints keep their own marks, so trail tidying stays exact.
    pub(crate) frozen: usize,
    /// The operator table.
    pub ops: Ops,
    /// Prolog flags.
    pub flags: Flags,
    /// The flags the program made (`create_prolog_flag/3`), in order.
    pub user_flags: Vec<UserFlag>,
    /// Text written to the current output and not yet flushed.
    pub out: String,
    /// Output captures of query transcripts: standard output goes to the innermost one.
    pub captures: Vec<String>,
    /// Open streams, aliases, current input and output.
    pub streams: streams::Streams,
    /// Predicates, clauses, code and constants.
    pub db: Db,
    /// Argument and temporary registers.
    pub(crate) x: Vec<Cell>,
    /// Environment frames: [previous frame, continuation, size, slots...].
    pub(crate) stack: Vec<Cell>,
    /// Choicepoints.
    pub(crate) cps: Vec<ChoicePoint>,
    /// Saved argument registers of choicepoints.
    pub(crate) argstack: Vec<Cell>,
    /// Program counter.
    pub(crate) p: Addr,
    /// Continuation.
    pub(crate) cp: Addr,
    /// Current environment frame.
    pub(crate) e: usize,
    /// Cut barrier of the current call.
    pub(crate) b0: usize,
    /// findall/3 result bags.
    pub(crate) bags: Vec<CopiedList>,
    /// Global variables (`nb_setval/2`).
    pub globals: HashMap<Atom, Copied>,
    /// Backtrackable global variables (`b_setval/2`): the heap cell holding each value.
    pub b_globals: HashMap<Atom, usize>,
    /// Set from another thread (Ctrl-C) to interrupt the running query.
    pub interrupt: Arc<AtomicBool>,
    /// The debugger's mode: 0 off, 1 debug, 2 trace (`builtins/debugger.rs`).
    pub debug_mode: u8,
    /// Column of standard output after the last flush.
    pub(crate) flushed_column: usize,
    /// Counts calls, for `statistics(inferences, N)`.
    pub inferences: u64,
    /// Inference count at which the run loop next looks at limits and interrupts.
    pub(crate) event_at: u64,
    /// Stack, inference and time limits.
    pub limits: limits::Limits,
    /// Nesting depth of running queries (garbage collection runs only at depth 1).
    pub(crate) depth: usize,
    /// Recursion level of the running clause (see the `depth` module): frames and
    /// choicepoints save it.
    pub(crate) call_depth: u32,
    /// Recursion levels a meta-call adds to the next call entering clauses
    /// (call/N or catch/3 called as a goal, a meta-called control construct).
    pub(crate) pending_levels: u32,
    /// Calls deeper than this take the depth-limit slow path (`depth::NO_LIMIT`: no limit).
    pub(crate) depth_watch: u32,
    /// The depth limit of `call_with_depth_limit/3` in force.
    pub depth_limit: depth::DepthLimit,
    /// Heap size that triggers the next garbage collection.
    pub(crate) gc_at: usize,
    /// The smallest heap size that triggers a garbage collection.
    pub(crate) gc_min: usize,
    /// Transient atoms made (`Store::atoms_made`) that trigger the next atom
    /// garbage collection (see `atom_gc.rs`).
    pub(crate) atom_gc_at: usize,
    /// The smallest `atom_gc_at`.
    pub(crate) atom_gc_min: usize,
    /// Cells held by Rust code across a query (answers to read back); the
    /// garbage collector updates them.
    pub roots: Vec<Cell>,
    /// Number of garbage collections so far, and cells reclaimed (statistics).
    pub gc_stats: (u64, u64),
    /// Attributed variables bound since the last wake-up, oldest first: the
    /// address of each and the trail position of its binding. Their
    /// `attr_unify_hook/2`s run before the next goal (see `run.rs`).
    pub(crate) wake: Vec<(usize, usize)>,
    /// The CLP(FD) constraint store; each variable carries (a reference to)
    /// its Prolog variable.
    pub fd: crate::clpfd::FdStore<Cell>,
    /// Set once the constraint store has been used: from then on undoing
    /// the trail looks for its marks (`FD_MARK` entries).
    pub fd_used: bool,
    /// Scratch stack of `unify`, kept to avoid allocating on every call.
    pub(crate) unify_stack: Vec<(Cell, Cell)>,
    /// Number of cleanup choicepoints (`setup_call_cleanup/3`) on the stack.
    pub(crate) cleanups: usize,
    /// An exception raised by a cleanup goal that a cut ran, waiting to be raised.
    pub(crate) cleanup_error: Option<PlError>,
    /// Files being loaded, innermost last.
    pub(crate) loading: Vec<load::LoadCtx>,
    /// The goal of an `:- initialization(Goal, main)` loaded, with its
    /// file and line: run once everything is loaded (`run_main_goal`).
    pub(crate) main_goal: Option<(crate::term::Term, String, usize)>,
    /// Absolute paths of files loaded so far.
    pub loaded_files: std::collections::HashSet<String>,
    /// The files loaded by `consult/1` (or the command line) with their
    /// modification times when loaded and the module they were loaded
    /// into, for `make/0`.
    pub consulted: HashMap<String, (Option<std::time::SystemTime>, Atom)>,
    /// What clauses being loaded become: user code, library or system.
    pub(crate) loading_as: Origin,
    /// The predicate being run by the builtin currently executing (for error contexts).
    pub(crate) current_builtin: u32,
    /// The id of catch/3: the context of errors raised at the top of a query.
    pub(crate) catch_pred: u32,
    /// The id of `'$mc'/2`, the meta-call interpreter of control constructs.
    pub(crate) meta_call_pred: u32,
    /// The id of `'<meta-call>'/1`, which `'$mc'/2` calls on the leaves of a
    /// control construct (unlike call/1, it adds no recursion level).
    pub(crate) meta_leaf_pred: u32,
    /// Buffers reused by copy_term/2 and copy_term_nat/2.
    pub(crate) copy_scratch: crate::term::CopyScratch,
    /// The compiled clauses of meta-called control constructs, by skeleton.
    pub(crate) meta_clauses: meta_clause::MetaClauses,
    /// The id of `'$wakeup'/1`, which runs the hooks of bound attributed variables.
    pub(crate) wakeup_pred: u32,
    /// Set by `Instr::Caller` for the call/N that follows: the predicate of
    /// the clause making the call, for the context of its errors.
    pub(crate) meta_caller: Option<u32>,
    /// The answer tables of tabled predicates.
    pub tables: tables::Tables,
    /// The embedded libraries, their exports (for autoloading) and the
    /// modules loaded from them and from files.
    pub libraries: use_module::Libraries,
    /// Modules whose `reexport/1,2` is running (innermost last).
    pub(crate) reexporting: Vec<Atom>,
}

impl Default for Machine {
    fn default() -> Machine {
        Machine::new()
    }
}

impl Machine {
    /// A machine with every builtin and the library loaded, ready to consult programs.
    pub fn new() -> Machine {
        let mut m = Machine::bare();
        crate::builtins::install(&mut m);
        m
    }

    /// Sets what clauses loaded from now on become.
    pub fn set_loading_origin(&mut self, origin: Origin) {
        self.loading_as = origin;
    }

    /// A machine with no builtins and no library (for unit tests of the core).
    pub fn bare() -> Machine {
        Machine {
            store: Store::new(),
            trail: Vec::new(),
            hb: 0,
            frozen: 0,
            ops: Ops::swi_default(),
            flags: Flags::default(),
            user_flags: Vec::new(),
            out: String::new(),
            captures: Vec::new(),
            streams: streams::Streams::new(),
            db: Db::new(vec![
                Instr::Succeed,
                Instr::Exhausted,
                Instr::CatchExit,
                Instr::Fail,
            ]),
            x: vec![Cell::atom(crate::term::atoms::NIL); 256],
            stack: vec![Cell(0); 1024],
            cps: Vec::new(),
            argstack: Vec::new(),
            p: 0,
            cp: 0,
            e: 0,
            b0: 0,
            bags: Vec::new(),
            globals: HashMap::new(),
            b_globals: HashMap::new(),
            interrupt: Arc::new(AtomicBool::new(false)),
            debug_mode: 0,
            inferences: 0,
            event_at: 0,
            limits: limits::Limits::default(),
            call_depth: 0,
            pending_levels: 0,
            depth_watch: depth::NO_LIMIT,
            depth_limit: depth::DepthLimit::default(),
            flushed_column: 0,
            current_builtin: 0,
            catch_pred: 0,
            meta_call_pred: 0,
            meta_leaf_pred: 0,
            meta_clauses: Default::default(),
            copy_scratch: Default::default(),
            wakeup_pred: 0,
            meta_caller: None,
            tables: Default::default(),
            libraries: Default::default(),
            reexporting: Vec::new(),
            depth: 0,
            gc_at: Machine::initial_gc_min(),
            atom_gc_at: Machine::initial_atom_gc_min(),
            atom_gc_min: Machine::initial_atom_gc_min(),
            gc_min: Machine::initial_gc_min(),
            roots: Vec::new(),
            gc_stats: (0, 0),
            unify_stack: Vec::with_capacity(64),
            fd: Default::default(),
            fd_used: false,
            wake: Vec::new(),
            cleanups: 0,
            cleanup_error: None,
            loading: Vec::new(),
            main_goal: None,
            loaded_files: Default::default(),
            consulted: Default::default(),
            loading_as: Origin::User,
        }
    }

    /// Dereferences a cell.
    #[inline(always)]
    pub fn deref(&self, c: Cell) -> Cell {
        self.store.deref(c)
    }

    /// Binds the unbound variable at `addr` to `value`, trailing when needed.
    #[inline(always)]
    pub fn bind(&mut self, addr: usize, value: Cell) {
        if self.store.has_attvars && self.store.is_attvar(addr) {
            return self.bind_attvar(addr, value);
        }
        if addr < self.hb {
            self.trail.push((addr, self.store.heap[addr]));
        }
        self.store.heap[addr] = value;
    }

    /// Binds the attributed variable at `addr` (the slow path of `bind`):
    /// a plain variable given as the value is bound to it instead; otherwise
    /// the binding is trailed (always: the wake-up list is cut back by trail
    /// position) and the variable joins the wake-up list, whose hooks run
    /// before the next goal.
    #[cold]
    #[inline(never)]
    fn bind_attvar(&mut self, addr: usize, value: Cell) {
        let v = self.store.deref(value);
        if v.is_ref() && !self.store.is_attvar(v.val()) {
            return self.bind(v.val(), Cell::var(addr));
        }
        if v == Cell::var(addr) {
            return;
        }
        self.wake.push((addr, self.trail.len()));
        // Calls leave their fast path to run the wake-up first (see `run.rs`).
        self.event_at = 0;
        self.trail.push((addr, self.store.heap[addr]));
        self.store.heap[addr] = value;
    }

    /// Records the constraint store's trail length on the trail, before the
    /// store changes: undoing the trail past this point undoes the changes.
    pub fn fd_checkpoint(&mut self) {
        self.fd_used = true;
        let mark = Cell::small(self.fd.mark() as i64);
        self.trail.push((FD_MARK, mark));
    }

    /// Overwrites heap cell `addr` (setarg/3), trailing its old value unconditionally.
    pub fn assign_backtrackable(&mut self, addr: usize, value: Cell) {
        self.trail.push((addr, self.store.heap[addr]));
        self.store.heap[addr] = value;
    }

    /// Undoes bindings back to trail length `mark`.
    pub fn undo_to(&mut self, mark: usize) {
        if self.fd_used {
            // The trail also holds marks of the constraint store.
            while self.trail.len() > mark {
                let (addr, old) = self.trail.pop().unwrap();
                if addr == FD_MARK {
                    self.fd.undo_to(old.get_int() as usize);
                } else {
                    self.store.heap[addr] = old;
                }
            }
        }
        while self.trail.len() > mark {
            let (addr, old) = self.trail.pop().unwrap();
            self.store.heap[addr] = old;
        }
        // Wake-ups of the undone bindings of attributed variables are void.
        if !self.wake.is_empty() {
            while self.wake.last().is_some_and(|&(_, at)| at >= mark) {
                self.wake.pop();
            }
        }
    }

    /// Reclaims the heap above `heap_top` after a finished nested query, dropping
    /// trail entries (made since `trail_mark`) that point into the reclaimed part.
    pub fn reclaim(&mut self, heap_top: usize, trail_mark: usize) {
        if self.cps.last().is_some_and(|c| c.h > heap_top) {
            return;
        }
        // Values frozen by the finished query are unreachable now.
        self.frozen = self.frozen.min(heap_top);
        let start = trail_mark.min(self.trail.len());
        // The constraints of the finished query go with its variables.
        if let Some(&(_, fd_mark)) = self.trail[start..].iter().find(|e| e.0 == FD_MARK) {
            self.fd.undo_to(fd_mark.get_int() as usize);
        }
        let mut keep = start;
        for i in start..self.trail.len() {
            if self.trail[i].0 < heap_top {
                self.trail[keep] = self.trail[i];
                keep += 1;
            }
        }
        self.trail.truncate(keep);
        self.store.heap.truncate(heap_top);
        // Backtrackable global variables set by the finished query are undone with it.
        self.b_globals.retain(|_, addr| *addr < heap_top);
    }

    /// Puts the machine back in a usable state after a query was abandoned by a
    /// Rust panic (an internal error): the database, flags and global variables
    /// stay; the stacks of the abandoned query are dropped.
    pub fn recover(&mut self) {
        self.cps.clear();
        self.argstack.clear();
        self.trail.clear();
        self.wake.clear();
        self.fd = Default::default();
        self.hb = 0;
        self.frozen = 0;
        self.e = 0;
        self.depth = 0;
        self.call_depth = 0;
        self.set_depth_limit(depth::DepthLimit::default());
        self.cleanups = 0;
        self.cleanup_error = None;
        self.captures.clear();
        self.streams.recover();
        self.roots.clear();
        self.bags.clear();
        self.loading.clear();
        self.stack[..run::FRAME].fill(Cell(0));
    }

    /// Writes text to the current output.
    pub fn write_out(&mut self, s: &str) {
        if self.streams.cur_out != streams::USER_OUTPUT {
            return self.write_stream(self.streams.cur_out, s);
        }
        match self.captures.last_mut() {
            Some(c) => c.push_str(s),
            None => {
                self.out.push_str(s);
                if self.out.len() > 1 << 16 {
                    self.flush();
                }
            }
        }
    }

    /// Writes pending standard output.
    pub fn flush(&mut self) {
        use std::io::Write;
        if !self.out.is_empty() {
            let mut so = std::io::stdout().lock();
            let _ = so.write_all(self.out.as_bytes());
            let _ = so.flush();
            self.streams.count_flushed_output(&self.out);
            self.flushed_column = match self.out.rfind('\n') {
                Some(i) => self.out[i + 1..].chars().count(),
                None => self.flushed_column + self.out.chars().count(),
            };
            self.out.clear();
        }
        self.streams.flush_files();
    }

    /// The column the current output is at (for `format/2` column stops).
    pub fn column(&self) -> usize {
        if self.streams.cur_out != streams::USER_OUTPUT {
            return self.stream_column(self.streams.cur_out);
        }
        let text = match self.captures.last() {
            Some(c) => c.as_str(),
            None => self.out.as_str(),
        };
        match text.rfind('\n') {
            Some(i) => text[i + 1..].chars().count(),
            None => {
                text.chars().count()
                    + if self.captures.is_empty() {
                        self.flushed_column
                    } else {
                        0
                    }
            }
        }
    }

    /// An atom cell.
    pub fn atom_cell(&self, name: &str) -> Cell {
        Cell::atom(Atom::new(name))
    }
}

/// Test support: the binding of `var` in the first answer of `goal`.
#[cfg(test)]
pub(crate) fn first_binding(m: &mut Machine, goal: &str, var: &str) -> crate::term::Term {
    let mut q = m.query(goal).expect("a goal");
    let a = q.next().expect("an answer").expect("no error");
    a.get(var).expect("the variable is bound").clone()
}
