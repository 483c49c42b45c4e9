//! The run loop: one iterative loop over instructions, with choicepoints,
//! backtracking, cut, `call/N`, `catch/3` and exception unwinding.
//!
//! Reserved code addresses: 0 `Succeed` (continuation of a query), 1
//! `Exhausted`, 2 `CatchExit` (continuation of a catch/3 goal), 3 `Fail`,
//! 4 `Execute(call/1)` (entry of a query), 5 `TrampolineExit`, 6 `WakeResume`.
//!
//! Wake-up of attributed variables: `bind` lists every attributed variable
//! it binds (`Machine::wake`); before the next instruction that is not part of
//! a unification (a call, a test, a cut, the end of the query), the loop
//! saves the registers that instruction reads in a frame and calls
//! `'$wakeup'/1` on the bound variables, whose continuation `WakeResume`
//! restores them and resumes the instruction. So all the bindings of a
//! unification (a clause head, `=/2`, a builtin's output) are made before the
//! hooks run, and the hooks run before the next goal, as in SWI-Prolog.

use super::clauses::{ClauseList, Cursor, NONE};
use super::db::{key_of, Control, PredKind};
use super::det::DetCheck;
use super::error::{instantiation_error, type_error, unknown_procedure, ErrorTerm, PlError};
use super::instr::{Addr, Instr, PredId, Reg};
use super::{Builtin, DetFn, Machine, NondetFn, Unknown};
use crate::term::cell::tag;
use crate::term::{atoms, Atom, Cell, Copied, Term};
use std::any::Any;
use std::ptr::addr_of_mut;
use std::rc::Rc;

/// Continuation address that ends a query with success.
pub const SUCCEED: Addr = 0;
/// Continuation address of a catch/3 goal.
pub const CATCH_EXIT: Addr = 2;
/// Entry address of a query (`Execute(call/1)`).
pub const QUERY_ENTRY: Addr = 4;

/// Continuation of a call made for an inline builtin that a user file redefined.
pub const TRAMPOLINE_EXIT: Addr = 5;

/// Continuation of the wake-up of attributed variables.
pub const WAKE_RESUME: Addr = 6;

/// Slots of a wake-up frame before the saved argument registers: what to
/// resume and the cut barrier.
const WAKE_SLOTS: usize = 2;

/// What follows a wake-up.
#[derive(Copy, Clone)]
enum Resume {
    /// The instruction at this address.
    At(Addr),
    /// A call of this predicate (arguments in the saved registers).
    Call(PredId),
}

/// Cells in an environment frame's header: previous frame, continuation,
/// number of slots, and the predicate whose clause allocated it.
pub const FRAME: usize = 4;

/// What a choicepoint resumes.
///
/// `repr(u8)` gives every variant a defined layout (a `repr(C)` struct of
/// the tag and the fields in order), which `push_clauses_cp` relies on to
/// write a `Clauses` kind straight into its slot.
#[repr(u8)]
pub(crate) enum CpKind {
    /// Remaining clauses of a predicate call (a snapshot: logical update view).
    /// (The cursor's fields flattened, so that the kind stays 32 bytes; the
    /// layout is `ClausesLayout`.)
    #[allow(dead_code, reason = "built in place by `push_clauses_cp`")]
    Clauses {
        arg: u8,
        next: i32,
        clauses: Rc<ClauseList>,
        gen: u64,
        key: u64,
    } = CLAUSES_TAG,
    /// The other branch of a disjunction or if-then-else.
    Alt(Addr),
    /// A nondeterministic builtin to call again.
    Native {
        pred: PredId,
        f: NondetFn,
        state: Option<Box<dyn Any>>,
    },
    /// A catch/3 frame: never resumed by backtracking.
    Catch,
    /// The bottom of a query: backtracking into it means no more answers.
    Barrier,
    /// A branch disabled by a soft cut.
    Dead,
    /// The cleanup goal of `setup_call_cleanup/3`: run when this choicepoint is
    /// backtracked into, cut away, or unwound by an exception.
    Cleanup(Cell),
    /// A determinism check (`$/0`, `$/1`, see `det.rs`): backtracking into
    /// it raises `determinism_error(.., fail, ..)`.
    Det(DetCheck),
}

/// The layout of `CpKind::Clauses` (`repr(u8)`: the tag, then the fields in
/// declaration order, as a `repr(C)` struct).
#[repr(C)]
struct ClausesLayout {
    tag: u8,
    arg: u8,
    next: i32,
    clauses: Rc<ClauseList>,
    gen: u64,
    key: u64,
}

/// The tag of `CpKind::Clauses` (its discriminant).
const CLAUSES_TAG: u8 = 0;

/// The outcome of one step of `call/N` (`Machine::call_n_step`).
enum Step {
    /// The call was made: its success flag.
    Done(bool),
    /// call/N or catch/3 was entered: call its goal (X0) with this many arguments.
    Again(usize),
}

/// A choicepoint: the machine state to restore on backtracking.
pub(crate) struct ChoicePoint {
    pub(crate) kind: CpKind,
    pub(crate) h: usize,
    pub(crate) tr: usize,
    pub(crate) e: usize,
    pub(crate) cp: Addr,
    pub(crate) b0: usize,
    pub(crate) stack_top: usize,
    pub(crate) args_at: usize,
    pub(crate) nargs: usize,
    pub(crate) bags: usize,
    /// The recursion level (`Machine::call_depth`) to resume at.
    pub(crate) call_depth: u32,
}

/// Registers saved around a nested query.
pub(crate) struct Saved {
    p: Addr,
    cp: Addr,
    e: usize,
    b0: usize,
    x: Vec<Cell>,
    barrier: usize,
    call_depth: u32,
    hb: usize,
}

/// A query in progress (see `Machine::query_open`).
pub struct Query {
    saved: Saved,
}

impl Query {
    /// The choicepoint level of the query's barrier: answers with choicepoints
    /// above `barrier() + 1` may have more solutions.
    pub fn barrier(&self) -> usize {
        self.saved.barrier
    }
}

pub(crate) fn is_control(name: Atom, arity: usize) -> bool {
    match arity {
        2 => {
            name == atoms::COMMA
                || name == atoms::SEMICOLON
                || name == atoms::ARROW
                || name == atoms::SOFT_ARROW
                || name == atoms::BAR
        }
        1 => name == atoms::NOT_PROVABLE,
        0 => name == atoms::CUT || name == atoms::DOLLAR,
        _ => false,
    }
}

impl Machine {
    #[inline(always)]
    fn frame_end(&self, e: usize) -> usize {
        e + FRAME + self.stack[e + 2].0 as usize
    }

    #[inline(always)]
    pub(crate) fn alloc_top(&self) -> usize {
        let top = self.frame_end(self.e);
        match self.cps.last() {
            Some(c) if c.stack_top > top => c.stack_top,
            _ => top,
        }
    }

    #[inline(always)]
    fn set_hb(&mut self) {
        self.hb = self.heap_floor(self.cps.last().map_or(0, |c| c.h));
    }

    /// Where backtracking to a choicepoint with heap mark `h` truncates the heap:
    /// never below the frozen part (values of `nb_setarg/3`, `b_setval/2`).
    #[inline(always)]
    pub(crate) fn heap_floor(&self, h: usize) -> usize {
        h.max(self.frozen)
    }

    #[inline(always)]
    pub(crate) fn push_cp(&mut self, kind: CpKind, nargs: usize) {
        self.push_cp_from(kind, nargs, self.store.top(), self.trail.len());
    }

    /// Pushes a choicepoint whose heap and trail marks are `h` and `tr`
    /// (taken before a builtin that decides afterwards that it needs one).
    #[inline(always)]
    fn push_cp_from(&mut self, kind: CpKind, nargs: usize, h: usize, tr: usize) {
        let slot = self.open_cp(nargs, h, tr);
        // SAFETY: `open_cp` wrote every field but the kind into the slot past
        // the last choicepoint, inside the vector's capacity.
        unsafe {
            addr_of_mut!((*slot).kind).write(kind);
            self.cps.set_len(self.cps.len() + 1);
        }
    }

    /// Pushes the choicepoint of a call whose clauses after the cursor's may
    /// match. It is written field by field into its slot: a kind built
    /// first and then moved in is written in narrow stores and read back
    /// in wide loads, a store-forwarding stall on every nondeterministic call.
    #[inline(always)]
    fn push_clauses_cp(&mut self, clauses: Rc<ClauseList>, cur: &Cursor, nargs: usize) {
        let slot = self.open_cp(nargs, self.store.top(), self.trail.len());
        // SAFETY: `open_cp` wrote every field but the kind into the slot past
        // the last choicepoint, inside the vector's capacity; `CpKind` is
        // `repr(u8)`, so `ClausesLayout` is the layout of its `Clauses` variant.
        unsafe {
            let k = addr_of_mut!((*slot).kind) as *mut ClausesLayout;
            addr_of_mut!((*k).tag).write(CLAUSES_TAG);
            addr_of_mut!((*k).arg).write(cur.arg);
            addr_of_mut!((*k).next).write(cur.next);
            addr_of_mut!((*k).clauses).write(clauses);
            addr_of_mut!((*k).gen).write(cur.gen);
            addr_of_mut!((*k).key).write(cur.key);
            self.cps.set_len(self.cps.len() + 1);
        }
    }

    /// Saves the `nargs` argument registers and writes every field of a new
    /// choicepoint but its kind into the slot past the last one (reserved
    /// here), whose pointer it returns; the caller writes the kind and then
    /// extends the vector's length over the slot.
    #[inline(always)]
    fn open_cp(&mut self, nargs: usize, h: usize, tr: usize) -> *mut ChoicePoint {
        let args_at = self.argstack.len();
        self.argstack.extend_from_slice(&self.x[..nargs]);
        let stack_top = self.alloc_top();
        self.cps.reserve(1);
        self.hb = self.heap_floor(h);
        // SAFETY: `reserve` made room for one more choicepoint past the length.
        unsafe {
            let slot = self.cps.as_mut_ptr().add(self.cps.len());
            addr_of_mut!((*slot).h).write(h);
            addr_of_mut!((*slot).tr).write(tr);
            addr_of_mut!((*slot).e).write(self.e);
            addr_of_mut!((*slot).cp).write(self.cp);
            addr_of_mut!((*slot).b0).write(self.b0);
            addr_of_mut!((*slot).stack_top).write(stack_top);
            addr_of_mut!((*slot).args_at).write(args_at);
            addr_of_mut!((*slot).nargs).write(nargs);
            addr_of_mut!((*slot).bags).write(self.bags.len());
            addr_of_mut!((*slot).call_depth).write(self.call_depth);
            slot
        }
    }

    /// Protects everything now on the heap from being reclaimed by backtracking
    /// (for `nb_setarg/3`, whose value must outlive the choicepoints around it).
    pub fn freeze_heap(&mut self) {
        let top = self.store.top();
        self.frozen = top;
        self.hb = top;
    }

    /// Removes every choicepoint at index `level` and above, running the
    /// cleanup goals of `setup_call_cleanup/3` that this cuts away.
    #[inline(always)]
    pub fn cut_to(&mut self, level: usize) {
        if level >= self.cps.len() {
            return;
        }
        if self.cleanups == 0 {
            self.drop_cps(level);
            return;
        }
        self.cut_with_cleanups(level);
    }

    /// `cut_to` when cleanup goals are pending somewhere.
    #[cold]
    #[inline(never)]
    fn cut_with_cleanups(&mut self, level: usize) {
        let cleanups: Vec<Cell> = self.cps[level..]
            .iter()
            .rev()
            .filter_map(|c| match c.kind {
                CpKind::Cleanup(g) => Some(g),
                _ => None,
            })
            .collect();
        self.drop_cps(level);
        for g in cleanups {
            if let Err(e) = self.run_cleanup(g) {
                self.cleanup_error.get_or_insert(e);
            }
        }
    }

    /// Raises the exception of a cleanup goal that a cut just ran, if any.
    fn cleanup_raised(&mut self) -> Result<(), PlError> {
        match self.cleanup_error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Removes choicepoints from `level` up without running anything.
    #[inline(never)]
    fn drop_cps(&mut self, level: usize) {
        if level < self.cps.len() {
            if self.cleanups > 0 {
                let gone = self.cps[level..]
                    .iter()
                    .filter(|c| matches!(c.kind, CpKind::Cleanup(_)))
                    .count();
                self.cleanups -= gone;
            }
            let at = self.cps[level].args_at;
            self.cps.truncate(level);
            self.argstack.truncate(at);
            self.set_hb();
        }
    }

    /// Runs a cleanup goal once; its failure is ignored and its bindings kept.
    fn run_cleanup(&mut self, goal: Cell) -> Result<(), PlError> {
        self.run_once(goal).map(|_| ())
    }

    /// Pushes the cleanup choicepoint of `setup_call_cleanup/3`; returns its level.
    pub fn push_cleanup(&mut self, goal: Cell) -> usize {
        self.push_cp(CpKind::Cleanup(goal), 0);
        self.cleanups += 1;
        self.cps.len() - 1
    }

    /// The goal of `setup_call_cleanup/3` exited: when it left no choicepoints,
    /// its cleanup runs now; otherwise it stays until they are gone.
    pub fn exit_cleanup(&mut self, level: usize) -> Result<(), PlError> {
        if self.cps.len() == level + 1 {
            if let CpKind::Cleanup(g) = self.cps[level].kind {
                self.drop_cps(level);
                return self.run_cleanup(g);
            }
        }
        Ok(())
    }

    /// Number of choicepoints (a cut level).
    pub fn level(&self) -> usize {
        self.cps.len()
    }

    fn restore_args(&mut self, i: usize) {
        let (at, n) = (self.cps[i].args_at, self.cps[i].nargs);
        self.x[..n].copy_from_slice(&self.argstack[at..at + n]);
    }

    /// Reads X register `i` (compiled code only names registers below `db.xregs`).
    #[inline(always)]
    fn xr(&self, i: u32) -> Cell {
        debug_assert!((i as usize) < self.x.len());
        // SAFETY: `ensure_regs` keeps the register file as large as any compiled code needs.
        unsafe { *self.x.get_unchecked(i as usize) }
    }

    /// Writes X register `i`.
    #[inline(always)]
    fn xw(&mut self, i: u32, c: Cell) {
        debug_assert!((i as usize) < self.x.len());
        // SAFETY: as for `xr`.
        unsafe { *self.x.get_unchecked_mut(i as usize) = c }
    }

    /// Reads slot `y` of the current environment frame.
    #[inline(always)]
    fn yr(&self, y: u32) -> Cell {
        self.stack[self.e + FRAME + y as usize]
    }

    /// Writes slot `y` of the current environment frame.
    #[inline(always)]
    fn yw(&mut self, y: u32, c: Cell) {
        self.stack[self.e + FRAME + y as usize] = c;
    }

    /// The common case of a call: a user predicate with clauses. None sends
    /// the call to `call_pred` (builtins, control, unknown procedures, interrupts).
    #[inline(always)]
    fn call_user(&mut self, pid: PredId) -> Option<bool> {
        let pred = &self.db.preds[pid as usize];
        if !matches!(pred.kind, PredKind::User)
            || pred.clauses.is_empty()
            || self.inferences >= self.event_at
        {
            return None;
        }
        self.inferences += 1;
        Some(self.enter_clauses(pid, 0))
    }

    /// Jumps to the first clause of user predicate `pid` whose first-argument
    /// key matches, leaving a choicepoint when another one may match.
    #[inline(always)]
    fn enter_clauses(&mut self, pid: PredId, extra: u32) -> bool {
        if !self.enter_level(extra + (pid != self.meta_call_pred) as u32) {
            return false;
        }
        let pred = &self.db.preds[pid as usize];
        let arity = pred.arity;
        let key_at = |i: usize| key_of(&self.store, self.store.deref(self.xr(i as u32)));
        let mut cur = Cursor::default();
        let (code, more) = pred
            .clauses
            .enter(self.db.generation, arity, key_at, &mut cur);
        if code == NONE {
            return self.no_candidate(pid);
        }
        self.b0 = self.cps.len();
        if more {
            let snapshot = self.db.preds[pid as usize].clauses.clone();
            self.push_clauses_cp(snapshot, &cur, arity);
        }
        self.p = code;
        true
    }

    /// Runs the clause body at `code`, `extra` levels below the caller
    /// (the temporary clause of a meta-called control construct).
    fn enter_code(&mut self, code: Addr, extra: u32) -> bool {
        if !self.enter_level(extra) {
            return false;
        }
        self.b0 = self.cps.len();
        self.p = code;
        true
    }

    /// Goes `extra` recursion levels down for a call; false when that
    /// exceeds the depth limit (the call fails).
    #[inline(always)]
    fn enter_level(&mut self, extra: u32) -> bool {
        let d = self.call_depth.wrapping_add(extra);
        if d > self.depth_watch && !self.deeper(d) {
            return false;
        }
        self.call_depth = d;
        true
    }

    /// Writes register `r`.
    #[inline(always)]
    pub(crate) fn set_reg(&mut self, r: Reg, c: Cell) {
        match r {
            Reg::X(x) => self.x[x as usize] = c,
            Reg::Y(y) => self.stack[self.e + FRAME + y as usize] = c,
        }
    }

    /// Reads register `r`.
    #[inline(always)]
    pub(crate) fn get_reg(&self, r: Reg) -> Cell {
        match r {
            Reg::X(x) => self.x[x as usize],
            Reg::Y(y) => self.stack[self.e + FRAME + y as usize],
        }
    }

    #[inline(always)]
    fn ensure_stack(&mut self, need: usize) {
        if need >= self.stack.len() {
            self.grow_stack(need);
        }
    }

    /// `ensure_stack` when the stack must grow.
    #[cold]
    #[inline(never)]
    fn grow_stack(&mut self, need: usize) {
        let n = (need + 1).max(self.stack.len() * 2);
        self.stack.resize(n, Cell(0));
    }

    /// Makes sure the register file is large enough for all compiled code.
    pub(crate) fn ensure_regs(&mut self) {
        if self.x.len() < self.db.xregs {
            self.x.resize(self.db.xregs, Cell::atom(atoms::NIL));
        }
    }

    /// Pushes a new environment frame with `n` slots for a clause of predicate `pred`.
    #[inline(always)]
    fn allocate(&mut self, n: usize, pred: PredId) {
        let ne = self.alloc_top();
        self.ensure_stack(ne + FRAME + n);
        let frame = &mut self.stack[ne..ne + FRAME + n];
        frame[0] = Cell(self.e as u64);
        frame[1] = Cell(self.cp as u64);
        frame[2] = Cell(n as u64);
        frame[3] = Cell(pred as u64 | (self.call_depth as u64) << 32);
        // Slots start as a harmless atom: the garbage collector scans them.
        for slot in &mut frame[FRAME..] {
            *slot = Cell::atom(atoms::NIL);
        }
        self.e = ne;
    }

    /// The predicate whose clause owns the current environment frame: SWI's
    /// context of an unknown-procedure error (the caller, after last-call optimisation).
    pub(crate) fn frame_pred(&self) -> PredId {
        if self.e == 0 {
            self.catch_pred
        } else {
            self.stack[self.e + 3].0 as u32 as PredId
        }
    }

    fn deallocate(&mut self) {
        self.cp = self.stack[self.e + 1].0 as Addr;
        self.e = self.stack[self.e].0 as usize;
    }

    // ---- queries ----

    /// Starts a query for `goal` (nested queries are allowed: a builtin may run one).
    pub fn query_open(&mut self, goal: Cell) -> Query {
        self.ensure_regs();
        let saved = Saved {
            p: self.p,
            cp: self.cp,
            e: self.e,
            b0: self.b0,
            x: self.x[..self.db.xregs.min(self.x.len())].to_vec(),
            barrier: self.cps.len(),
            call_depth: self.call_depth,
            hb: self.hb,
        };
        self.x[0] = goal;
        self.depth += 1;
        if self.depth == 1 {
            // Limits set by an earlier query that was abandoned do not carry over.
            let stack = self.limits.stack;
            self.limits = super::limits::Limits {
                stack,
                ..Default::default()
            };
            self.schedule_events();
            self.call_depth = 0;
            self.set_depth_limit(super::depth::DepthLimit::default());
        }
        self.push_cp(CpKind::Barrier, 0);
        self.cp = SUCCEED;
        self.p = QUERY_ENTRY;
        // SWI-Prolog runs a toplevel goal under catch/3, which its errors name
        // (`-g foo`: "catch/3: Unknown procedure"); a nested query's under
        // call/1.
        self.meta_caller = (self.depth == 1).then_some(self.catch_pred);
        Query { saved }
    }

    /// Runs to the next answer of a query: Ok(true) for an answer, Ok(false) when there are no more.
    pub fn query_next(&mut self, q: &mut Query, first: bool) -> Result<bool, PlError> {
        let barrier = q.saved.barrier;
        if !first {
            if self.cps.len() <= barrier + 1 {
                return Ok(false);
            }
            if !self.backtrack(barrier)? {
                return Ok(false);
            }
        }
        self.run(barrier)
    }

    /// Ends a query, dropping its choicepoints (bindings stay) and restoring the registers.
    pub fn query_close(&mut self, q: Query) {
        let s = q.saved;
        self.depth -= 1;
        self.cut_to(s.barrier);
        // A builtin that ran this query may trail bindings above the newest
        // choicepoint (see `first_native`): it gets its trail boundary back
        // (within the heap, which a collection at depth 1 may have shrunk).
        self.hb = self.hb.max(s.hb.min(self.store.top()));
        self.cleanup_error = None;
        self.p = s.p;
        self.cp = s.cp;
        self.e = s.e;
        self.b0 = s.b0;
        self.call_depth = s.call_depth;
        self.x[..s.x.len()].copy_from_slice(&s.x);
    }

    /// Runs `goal` once: Ok(true) if it succeeded (bindings kept), Ok(false) if it failed.
    pub fn run_once(&mut self, goal: Cell) -> Result<bool, PlError> {
        let mut q = self.query_open(goal);
        let r = self.query_next(&mut q, true);
        self.query_close(q);
        r
    }

    // ---- the loop ----

    fn run(&mut self, barrier: usize) -> Result<bool, PlError> {
        // The program counter lives in a local while instructions that cannot
        // reach `self.p` run; the others see it in `self.p` (synced around them).
        let mut p = self.p;
        // The outcome of a step that may raise: its success flag, or after an
        // exception, go on at the handler (or backtrack when its recovery failed).
        macro_rules! step {
            ($r:expr) => {
                match $r {
                    Ok(b) => b,
                    Err(e) => match self.raise(e, barrier)? {
                        true => {
                            p = self.p;
                            continue;
                        }
                        false => false,
                    },
                }
            };
        }
        // A tail call of `pid` (the continuation register is the caller's).
        macro_rules! execute {
            ($pid:expr) => {{
                let pid = $pid;
                if self.store.heap.len() > self.gc_at {
                    self.gc_point(pid);
                }
                let ok = match self.call_user(pid) {
                    Some(b) => b,
                    None => step!(self.call_pred(pid)),
                };
                p = self.p;
                ok
            }};
        }
        // The outcome of a `Match*` instruction: when it does not match, go
        // to the clause's no-match code.
        macro_rules! matched {
            ($ok:expr) => {{
                if !$ok {
                    p = self.no_match_at(p - 1);
                }
                true
            }};
        }
        let mut s: usize = 0;
        let mut write = false;
        loop {
            debug_assert!((p as usize) < self.db.code.len());
            // SAFETY: the program counter only ever holds addresses of compiled code.
            let ins = unsafe { *self.db.code.get_unchecked(p as usize) };
            p += 1;
            let ok: bool = match ins {
                Instr::GetVarX(x, a) => {
                    self.xw(x, self.xr(a));
                    true
                }
                Instr::GetVarY(y, a) => {
                    self.yw(y, self.xr(a));
                    true
                }
                Instr::GetVarYY(y1, a1, y2, a2) => {
                    self.yw(y1 as u32, self.xr(a1 as u32));
                    self.yw(y2 as u32, self.xr(a2 as u32));
                    true
                }
                Instr::GetValX(x, a) => self.unify(self.xr(x), self.xr(a)),
                Instr::GetValY(y, a) => self.unify(self.yr(y), self.xr(a)),
                Instr::GetConst(c, a) => {
                    let d = self.store.deref(self.xr(a));
                    if d.is_ref() {
                        self.bind(d.val(), c);
                        true
                    } else {
                        d == c
                    }
                }
                Instr::GetBoxed(k, a) => {
                    let c = self.db.consts[k as usize].restore(&mut self.store);
                    self.unify(self.xr(a), c)
                }
                Instr::GetList(a) => {
                    let d = self.store.deref(self.xr(a));
                    match d.tag() {
                        tag::LIS => {
                            s = d.val();
                            write = false;
                            true
                        }
                        tag::REF => {
                            let h = self.store.top();
                            self.bind(d.val(), Cell::lis(h));
                            write = true;
                            true
                        }
                        _ => false,
                    }
                }
                Instr::GetListVars(a, h, t) => {
                    let d = self.store.deref(self.xr(a));
                    match d.tag() {
                        tag::LIS => {
                            let (head, tail) =
                                (self.store.heap[d.val()], self.store.heap[d.val() + 1]);
                            self.xw(h, head);
                            self.xw(t, tail);
                            true
                        }
                        tag::REF => {
                            let at = self.store.top();
                            let (head, tail) = (self.store.new_var(), self.store.new_var());
                            self.bind(d.val(), Cell::lis(at));
                            self.xw(h, head);
                            self.xw(t, tail);
                            true
                        }
                        _ => false,
                    }
                }
                Instr::GetListValVar(a, h, t) => {
                    let d = self.store.deref(self.xr(a));
                    match d.tag() {
                        tag::LIS => {
                            let ok = self.unify(self.xr(h), self.store.heap[d.val()]);
                            self.xw(t, self.store.heap[d.val() + 1]);
                            ok
                        }
                        tag::REF => {
                            let at = self.store.top();
                            self.store.heap.push(self.xr(h));
                            let tail = self.store.new_var();
                            self.bind(d.val(), Cell::lis(at));
                            self.xw(t, tail);
                            true
                        }
                        _ => false,
                    }
                }
                Instr::GetStruct(f, a) => {
                    let d = self.store.deref(self.xr(a));
                    match d.tag() {
                        tag::STR if self.store.heap[d.val()] == f => {
                            s = d.val() + 1;
                            write = false;
                            true
                        }
                        tag::REF => {
                            let h = self.store.top();
                            self.store.heap.push(f);
                            self.bind(d.val(), Cell::str(h));
                            write = true;
                            true
                        }
                        _ => false,
                    }
                }
                Instr::UnifyVarX(x) => {
                    if write {
                        {
                            let v = self.store.new_var();
                            self.xw(x, v);
                        }
                    } else {
                        self.xw(x, self.store.heap[s]);
                        s += 1;
                    }
                    true
                }
                Instr::UnifyVarY(y) => {
                    let c = if write {
                        self.store.new_var()
                    } else {
                        s += 1;
                        self.store.heap[s - 1]
                    };
                    self.yw(y, c);
                    true
                }
                Instr::UnifyValX(x) => {
                    if write {
                        self.store.heap.push(self.xr(x));
                        true
                    } else {
                        s += 1;
                        self.unify(self.xr(x), self.store.heap[s - 1])
                    }
                }
                Instr::UnifyValY(y) => {
                    let v = self.yr(y);
                    if write {
                        self.store.heap.push(v);
                        true
                    } else {
                        s += 1;
                        self.unify(v, self.store.heap[s - 1])
                    }
                }
                Instr::UnifyConst(c) => {
                    if write {
                        self.store.heap.push(c);
                        true
                    } else {
                        let d = self.store.deref(self.store.heap[s]);
                        s += 1;
                        if d.is_ref() {
                            self.bind(d.val(), c);
                            true
                        } else {
                            d == c
                        }
                    }
                }
                Instr::UnifyVoid(n) => {
                    if write {
                        for _ in 0..n {
                            self.store.new_var();
                        }
                    } else {
                        s += n as usize;
                    }
                    true
                }
                Instr::PutVarX(x, a) => {
                    let v = self.store.new_var();
                    self.xw(x, v);
                    self.xw(a, v);
                    true
                }
                Instr::PutVarY(y, a) => {
                    let v = self.store.new_var();
                    self.yw(y, v);
                    self.xw(a, v);
                    true
                }
                Instr::PutValX(x, a) => {
                    self.xw(a, self.xr(x));
                    true
                }
                Instr::PutValY(y, a) => {
                    self.xw(a, self.yr(y));
                    true
                }
                Instr::PutValYY(y1, a1, y2, a2) => {
                    self.xw(a1 as u32, self.yr(y1 as u32));
                    self.xw(a2 as u32, self.yr(y2 as u32));
                    true
                }
                Instr::PutConst(c, a) => {
                    self.xw(a, c);
                    true
                }
                Instr::PutBoxed(k, a) => {
                    {
                        let v = self.db.consts[k as usize].restore(&mut self.store);
                        self.xw(a, v);
                    }
                    true
                }
                Instr::PutList(a) => {
                    self.xw(a, Cell::lis(self.store.top()));
                    true
                }
                Instr::PutStruct(f, a) => {
                    let h = self.store.top();
                    self.store.heap.push(f);
                    self.xw(a, Cell::str(h));
                    true
                }
                Instr::SetVarX(x) => {
                    {
                        let v = self.store.new_var();
                        self.xw(x, v);
                    }
                    true
                }
                Instr::SetVarY(y) => {
                    let v = self.store.new_var();
                    self.yw(y, v);
                    true
                }
                Instr::SetValX(x) => {
                    self.store.heap.push(self.xr(x));
                    true
                }
                Instr::SetValY(y) => {
                    self.store.heap.push(self.yr(y));
                    true
                }
                Instr::SetConst(c) => {
                    self.store.heap.push(c);
                    true
                }
                Instr::SetVoid(n) => {
                    for _ in 0..n {
                        self.store.new_var();
                    }
                    true
                }
                Instr::InitX(x) => {
                    {
                        let v = self.store.new_var();
                        self.xw(x, v);
                    }
                    true
                }
                Instr::InitY(y) => {
                    let v = self.store.new_var();
                    self.yw(y, v);
                    true
                }
                Instr::Allocate(n, pred) => {
                    self.allocate(n as usize, pred);
                    true
                }
                Instr::Deallocate => {
                    self.deallocate();
                    true
                }
                // At the start of a clause: no wake-up can be pending.
                Instr::GetLevel(y) => {
                    self.yw(y, Cell::small(self.b0 as i64));
                    true
                }
                Instr::Caller(pid) => {
                    self.meta_caller = Some(pid);
                    true
                }
                Instr::Proceed => {
                    p = self.cp;
                    self.call_depth = (self.stack[self.e + 3].0 >> 32) as u32;
                    true
                }
                Instr::Jump(a) => {
                    p = a;
                    true
                }
                // Calls notice a pending wake-up in `call_pred` (through
                // `event_at`); the other instructions below.
                Instr::Call(pid) => {
                    self.p = p;
                    if self.store.heap.len() > self.gc_at {
                        self.gc_point(pid);
                    }
                    self.cp = p;
                    let ok = match self.call_user(pid) {
                        Some(b) => b,
                        None => step!(self.call_pred(pid)),
                    };
                    p = self.p;
                    ok
                }
                Instr::Execute(pid) => {
                    self.p = p;
                    execute!(pid)
                }
                Instr::DeallocateExecute(pid) => {
                    self.deallocate();
                    self.p = p;
                    execute!(pid)
                }
                Instr::DetExecute(pid, caller) => {
                    self.p = p;
                    if step!(self.det_last_call(pid, caller)) {
                        execute!(pid)
                    } else {
                        false
                    }
                }
                Instr::MatchValX(x, a) => matched!(self.same(self.xr(x), self.xr(a))),
                Instr::MatchValY(y, a) => matched!(self.same(self.yr(y), self.xr(a))),
                Instr::MatchConst(c, a) => matched!(self.store.deref(self.xr(a)) == c),
                Instr::MatchBoxed(k, a) => {
                    let c = self.db.consts[k as usize].restore(&mut self.store);
                    matched!(self.same(self.xr(a), c))
                }
                Instr::MatchList(a) => {
                    let d = self.store.deref(self.xr(a));
                    if d.tag() == tag::LIS {
                        s = d.val();
                        write = false;
                    }
                    matched!(d.tag() == tag::LIS)
                }
                Instr::MatchListVars(a, h, t) => {
                    let d = self.store.deref(self.xr(a));
                    if d.tag() == tag::LIS {
                        let (head, tail) = (self.store.heap[d.val()], self.store.heap[d.val() + 1]);
                        self.xw(h, head);
                        self.xw(t, tail);
                    }
                    matched!(d.tag() == tag::LIS)
                }
                Instr::MatchStruct(f, a) => {
                    let d = self.store.deref(self.xr(a));
                    let ok = d.tag() == tag::STR && self.store.heap[d.val()] == f;
                    if ok {
                        s = d.val() + 1;
                        write = false;
                    }
                    matched!(ok)
                }
                Instr::MatchUnifyValX(x) => {
                    s += 1;
                    matched!(self.same(self.xr(x), self.store.heap[s - 1]))
                }
                Instr::MatchUnifyValY(y) => {
                    s += 1;
                    matched!(self.same(self.yr(y), self.store.heap[s - 1]))
                }
                Instr::MatchUnifyConst(c) => {
                    s += 1;
                    matched!(self.store.deref(self.store.heap[s - 1]) == c)
                }
                // With no wake-up due first, these run here; the slow path
                // below, which runs a due wake-up and then comes back to the
                // instruction, sees only the cuts (when cleanup goals are
                // pending) and a redefined builtin.
                Instr::NeckCut if self.wake.is_empty() && self.cleanups == 0 => {
                    self.cut_to(self.b0);
                    true
                }
                Instr::CutY(y) if self.wake.is_empty() && self.cleanups == 0 => {
                    self.cut_to(self.yr(y).get_int() as usize);
                    true
                }
                Instr::CutTo(r) if self.wake.is_empty() && self.cleanups == 0 => {
                    self.cut_to(self.get_reg(r).get_int() as usize);
                    true
                }
                Instr::TryElse(alt, reg) if self.wake.is_empty() => {
                    let level = self.cps.len();
                    if let Some(r) = reg {
                        self.set_reg(r, Cell::small(level as i64));
                    }
                    self.push_cp(CpKind::Alt(alt), 0);
                    true
                }
                Instr::WakePoint if self.wake.is_empty() => true,
                Instr::Builtin(pid)
                    if self.wake.is_empty()
                        && matches!(
                            self.db.preds[pid as usize].kind,
                            PredKind::Builtin(Builtin::Det(_))
                        ) =>
                {
                    let pred = &self.db.preds[pid as usize];
                    let PredKind::Builtin(Builtin::Det(f)) = pred.kind else {
                        unreachable!("a deterministic builtin, by the guard")
                    };
                    let arity = pred.arity;
                    self.p = p;
                    let r = self.call_det(pid, f, arity);
                    let ok = step!(self.builtin_done(r));
                    p = self.p;
                    ok
                }
                // Arithmetic on small integers, when no wake-up is due
                // first; other values and errors take the general path.
                Instr::Arith(k) if self.wake.is_empty() => match self.arith_quick(k) {
                    Some(ok) => ok,
                    None => {
                        self.p = p;
                        step!(self.arith_goal(k))
                    }
                },
                Instr::ArithElse(k, alt) if self.wake.is_empty() => match self.arith_quick(k) {
                    Some(ok) => {
                        if !ok {
                            p = alt;
                        }
                        true
                    }
                    None => {
                        self.p = p;
                        let r = self.arith_goal(k);
                        step!(self.else_at(r, alt));
                        p = self.p;
                        true
                    }
                },
                other => {
                    if !self.wake.is_empty() && !matches!(other, Instr::Exhausted) {
                        match self.wake_before(p - 1, other, barrier)? {
                            Some(next) => p = next,
                            None => return Ok(false),
                        }
                        continue;
                    }
                    self.p = p;
                    let ok = match other {
                        // A builtin redefined by the user since this code was
                        // compiled (a deterministic one ran above): call its
                        // clauses through a frame that restores the
                        // continuation register afterwards.
                        Instr::Builtin(pid) => {
                            let ret = self.p;
                            let orig = self.cp;
                            self.cp = ret;
                            self.allocate(1, pid);
                            self.stack[self.e + FRAME] = Cell::small(orig as i64);
                            self.cp = TRAMPOLINE_EXIT;
                            let ok = step!(self.call_pred(pid));
                            if !ok && !self.backtrack(barrier)? {
                                return Ok(false);
                            }
                            p = self.p;
                            continue;
                        }
                        Instr::TestElse(pid, alt, base) => {
                            let pred = &self.db.preds[pid as usize];
                            let arity = pred.arity;
                            let r = match pred.kind {
                                PredKind::Builtin(Builtin::Det(f)) => {
                                    self.call_det_at(pid, f, base as usize, arity)
                                }
                                // Pure tests are protected system predicates: never redefined.
                                _ => Err(unknown_procedure(pred.name, arity)),
                            };
                            step!(self.else_at(r, alt))
                        }
                        Instr::CutY(y) => {
                            let level = self.yr(y).get_int() as usize;
                            self.cut_to(level);
                            step!(self.cleanup_raised().map(|()| true))
                        }
                        Instr::NeckCut => {
                            self.cut_to(self.b0);
                            step!(self.cleanup_raised().map(|()| true))
                        }
                        Instr::CutTo(r) => {
                            let level = self.get_reg(r).get_int() as usize;
                            self.cut_to(level);
                            step!(self.cleanup_raised().map(|()| true))
                        }
                        Instr::SoftCut(r) => {
                            let level = self.get_reg(r).get_int() as usize;
                            if level < self.cps.len() {
                                self.cps[level].kind = CpKind::Dead;
                            }
                            true
                        }
                        Instr::Fail => false,
                        Instr::SsuNoMatch(pid) => step!(self.ssu_no_match(pid)),
                        Instr::SsuTry(alt, n) => {
                            self.push_cp(CpKind::Alt(alt), n as usize);
                            true
                        }
                        Instr::DetCut(y, pred, env) => step!(self.det_cut(y, pred, env)),
                        Instr::DetPush(x) => {
                            self.det_push(self.xr(x));
                            true
                        }
                        Instr::DetPop => step!(self.det_pop()),
                        Instr::DetExit => step!(self.det_exit()),
                        Instr::CatchExit => {
                            let level = self.stack[self.e + FRAME].get_int() as usize;
                            if self.cps.len() == level + 1
                                && matches!(self.cps[level].kind, CpKind::Catch)
                            {
                                self.cut_to(level);
                            }
                            self.deallocate();
                            self.p = self.cp;
                            true
                        }
                        Instr::TrampolineExit => {
                            let ret = self.stack[self.e + 1].0 as Addr;
                            let orig = self.stack[self.e + FRAME].get_int() as Addr;
                            self.e = self.stack[self.e].0 as usize;
                            self.cp = orig;
                            self.p = ret;
                            true
                        }
                        Instr::WakeResume => step!(self.wake_resume()),
                        Instr::Succeed => return Ok(true),
                        Instr::Exhausted => return Ok(false),
                        _ => unreachable!("handled above"),
                    };
                    p = self.p;
                    ok
                }
            };
            if !ok {
                self.p = p;
                if !self.backtrack(barrier)? {
                    return Ok(false);
                }
                p = self.p;
            }
        }
    }

    /// The argument registers that instruction `ins` may read: none at the
    /// end of a query or clause, else all of them.
    fn live_registers(&self, ins: Instr) -> usize {
        match ins {
            Instr::Succeed
            | Instr::Fail
            | Instr::CatchExit
            | Instr::TrampolineExit
            | Instr::WakeResume => 0,
            _ => self.db.xregs.min(self.x.len()),
        }
    }

    /// Runs the pending wake-up before instruction `at` (`ins`), which is
    /// resumed afterwards: Some(address to go on at), or None when the query
    /// has no more answers (the wake-up failed and nothing was left to
    /// backtrack to).
    #[cold]
    #[inline(never)]
    fn wake_before(
        &mut self,
        at: Addr,
        ins: Instr,
        barrier: usize,
    ) -> Result<Option<Addr>, PlError> {
        let live = self.live_registers(ins);
        let ok = match self.run_wakeup(Resume::At(at), live) {
            Ok(ok) => ok,
            Err(e) => match self.raise(e, barrier)? {
                true => return Ok(Some(self.p)),
                false => false,
            },
        };
        if !ok && !self.backtrack(barrier)? {
            return Ok(None);
        }
        Ok(Some(self.p))
    }

    /// Calls `'$wakeup'(Wakes)` on the attributed variables bound since the
    /// last wake-up, each as `Attributes-Value`, from a frame that keeps what
    /// to resume, the cut barrier and `live` argument registers for
    /// `WakeResume`.
    fn run_wakeup(&mut self, resume: Resume, live: usize) -> Result<bool, PlError> {
        let mut wakes = Cell::atom(atoms::NIL);
        for i in (0..self.wake.len()).rev() {
            let addr = self.wake[i].0;
            let attrs = self.store.heap[crate::term::store::attrs_at(addr)];
            let value = self.store.heap[addr];
            let pair = self.store.new_compound(atoms::MINUS, &[attrs, value]);
            wakes = self.store.new_list(pair, wakes);
        }
        self.wake.clear();
        // `bind` made calls take the slow path to notice the wake-up.
        self.schedule_events();
        self.allocate(WAKE_SLOTS + live, self.wakeup_pred);
        let slots = self.e + FRAME;
        // An instruction address, or a predicate (as `-1 - id`) to call.
        self.stack[slots] = Cell::small(match resume {
            Resume::At(at) => at as i64,
            Resume::Call(pid) => -1 - pid as i64,
        });
        self.stack[slots + 1] = Cell::small(self.b0 as i64);
        // Registers that are not live may hold references to cells that
        // backtracking reclaimed: those are not saved (the garbage collector
        // scans the frame).
        let top = self.store.top();
        for i in 0..live {
            let c = self.x[i];
            let stale =
                matches!(c.tag(), tag::REF | tag::STR | tag::LIS | tag::BOX) && c.val() >= top;
            self.stack[slots + WAKE_SLOTS + i] = if stale { Cell::atom(atoms::NIL) } else { c };
        }
        self.cp = WAKE_RESUME;
        self.x[0] = wakes;
        self.call_pred(self.wakeup_pred)
    }

    /// `WakeResume`: the hooks have run; restores what `run_wakeup` saved and
    /// goes back to the interrupted instruction, or makes the interrupted call.
    fn wake_resume(&mut self) -> Result<bool, PlError> {
        let slots = self.e + FRAME;
        let live = self.stack[self.e + 2].0 as usize - WAKE_SLOTS;
        self.x[..live].copy_from_slice(&self.stack[slots + WAKE_SLOTS..slots + WAKE_SLOTS + live]);
        let resume = self.stack[slots].get_int();
        self.b0 = self.stack[slots + 1].get_int() as usize;
        self.deallocate();
        if resume >= 0 {
            self.p = resume as Addr;
            return Ok(true);
        }
        self.call_pred((-1 - resume) as PredId)
    }

    /// Backtracks to the newest choicepoint. Ok(false) when it is the query's barrier.
    fn backtrack(&mut self, barrier: usize) -> Result<bool, PlError> {
        loop {
            let i = self.cps.len() - 1;
            {
                let c = &self.cps[i];
                let (tr, h, e, cp) = (c.tr, c.h, c.e, c.cp);
                self.call_depth = c.call_depth;
                self.undo_to(tr);
                self.store.heap.truncate(self.heap_floor(h));
                self.e = e;
                self.cp = cp;
            }
            if i <= barrier {
                return Ok(false);
            }
            match &mut self.cps[i].kind {
                CpKind::Barrier => return Ok(false),
                CpKind::Catch | CpKind::Dead => {
                    self.drop_cps(i);
                    continue;
                }
                CpKind::Cleanup(g) => {
                    let g = *g;
                    self.drop_cps(i);
                    if let Err(err) = self.run_cleanup(g) {
                        match self.raise(err, barrier)? {
                            true => return Ok(true),
                            false => continue,
                        }
                    }
                    continue;
                }
                CpKind::Det(d) => {
                    let d = *d;
                    let err = self.det_failed(d);
                    self.drop_cps(i);
                    match self.raise(err, barrier)? {
                        true => return Ok(true),
                        false => continue,
                    }
                }
                CpKind::Alt(a) => {
                    let a = *a;
                    self.b0 = self.cps[i].b0;
                    // An alternative of `SsuTry` reads the call's arguments.
                    self.restore_args(i);
                    self.cut_to(i);
                    self.p = a;
                    return Ok(true);
                }
                CpKind::Clauses {
                    clauses,
                    next,
                    arg,
                    gen,
                    key,
                } => {
                    let mut cur = Cursor {
                        gen: *gen,
                        key: *key,
                        next: *next,
                        arg: *arg,
                    };
                    let (code, more) = clauses.advance(&mut cur);
                    if more {
                        *next = cur.next;
                        self.hb = self.heap_floor(self.cps[i].h);
                        self.restore_args(i);
                    } else {
                        self.restore_args(i);
                        self.cut_to(i);
                    }
                    self.b0 = i;
                    self.p = code;
                    return Ok(true);
                }
                CpKind::Native { f, pred, .. } => {
                    let (f, pred) = (*f, *pred);
                    // Retrying a builtin (between/3, repeat/0, ...) counts as an
                    // inference, so loops of retries notice interrupts and limits.
                    self.inferences += 1;
                    self.hb = self.heap_floor(self.cps[i].h);
                    self.restore_args(i);
                    self.b0 = i;
                    let ready = if self.inferences >= self.event_at {
                        self.check_events(self.cps[i].nargs)
                    } else {
                        Ok(())
                    };
                    match ready.and_then(|()| self.run_native(f, pred)) {
                        Ok(true) => return Ok(true),
                        Ok(false) => continue,
                        Err(err) => match self.raise(err, barrier)? {
                            true => return Ok(true),
                            false => continue,
                        },
                    }
                }
            }
        }
    }

    /// Calls deterministic builtin `f` (predicate `pid`) on its argument registers.
    #[inline(always)]
    fn call_det(&mut self, pid: PredId, f: DetFn, arity: usize) -> Result<bool, PlError> {
        self.call_det_at(pid, f, 0, arity)
    }

    /// Calls deterministic builtin `f` on the registers from `base` on.
    #[inline(always)]
    fn call_det_at(
        &mut self,
        pid: PredId,
        f: DetFn,
        base: usize,
        arity: usize,
    ) -> Result<bool, PlError> {
        self.current_builtin = pid;
        // Most builtins take at most four arguments: a copy of four
        // registers is two vector moves.
        if arity <= 4 {
            let buf = self.arg_window::<4>(base, arity);
            return f(self, &buf[..arity]);
        }
        let buf = self.arg_window::<16>(base, arity);
        f(self, &buf[..arity])
    }

    /// A copy of the `n` (at most `N`) argument registers from `base` on,
    /// for a builtin, which reads them as a slice while it changes the
    /// machine. A whole window of `N` is copied when there is one: a
    /// fixed-size copy is a few vector moves, where `n` cells would be a
    /// call of memcpy.
    #[inline(always)]
    fn arg_window<const N: usize>(&self, base: usize, n: usize) -> [Cell; N] {
        match self.x.get(base..base + N) {
            Some(w) => w.try_into().expect("a window of N"),
            None => {
                let mut buf = [Cell(0); N];
                buf[..n].copy_from_slice(&self.x[base..base + n]);
                buf
            }
        }
    }

    /// The outcome of a test of a guard: on failure, go on at the else branch `alt`.
    #[inline(always)]
    fn else_at(&mut self, r: Result<bool, PlError>, alt: Addr) -> Result<bool, PlError> {
        if !r? {
            self.p = alt;
        }
        Ok(true)
    }

    /// Calls nondeterministic builtin `f` (predicate `pred`, `n` arguments in
    /// the X registers) for the first time. Its choicepoint is pushed only
    /// when it leaves a state for a retry, so a call that has one solution
    /// (`arg/3` with a bound index, `retract/1` of the last matching clause)
    /// costs what a deterministic builtin costs. Until then every binding is
    /// trailed, as if the choicepoint were there from the start.
    fn first_native(&mut self, f: NondetFn, pred: PredId, n: usize) -> Result<bool, PlError> {
        let level = self.cps.len();
        let (h, tr) = (self.store.top(), self.trail.len());
        let args = self.arg_window::<16>(0, n);
        let hb = self.hb;
        self.hb = h;
        self.current_builtin = pred;
        let mut state = None;
        let r = f(self, &args[..n], &mut state);
        let r = self.builtin_done(r);
        // What the builtin left above its level goes, as after a retry.
        self.cut_to(level);
        // The boundary as it was, past any heap the builtin froze.
        self.hb = hb.max(self.frozen);
        if r? {
            if let Some(st) = state {
                self.x[..n].copy_from_slice(&args[..n]);
                let kind = CpKind::Native {
                    f,
                    state: Some(st),
                    pred,
                };
                self.push_cp_from(kind, n, h, tr);
            }
            self.p = self.cp;
            return Ok(true);
        }
        Ok(false)
    }

    /// Retries the nondeterministic builtin whose choicepoint is on top.
    fn run_native(&mut self, f: NondetFn, pred: PredId) -> Result<bool, PlError> {
        let i = self.cps.len() - 1;
        let mut state = match &mut self.cps[i].kind {
            CpKind::Native { state, .. } => state.take(),
            _ => None,
        };
        let n = self.cps[i].nargs;
        let buf = self.arg_window::<16>(0, n);
        self.current_builtin = pred;
        let r = f(self, &buf[..n], &mut state);
        match self.builtin_done(r) {
            Ok(true) => {
                match state {
                    Some(st) if self.cps.len() == i + 1 => {
                        if let CpKind::Native { state: slot, .. } = &mut self.cps[i].kind {
                            *slot = Some(st);
                        }
                    }
                    _ => self.cut_to(i),
                }
                self.p = self.cp;
                Ok(true)
            }
            Ok(false) => {
                self.cut_to(i);
                Ok(false)
            }
            Err(e) => {
                self.cut_to(i);
                Err(e)
            }
        }
    }

    /// `call_pred` of a user predicate without clauses: it fails when it is
    /// defined or dynamic, else it is a placeholder, called as what it
    /// resolves to (an import, an autoloaded predicate) or reported unknown.
    #[cold]
    #[inline(never)]
    fn call_without_clauses(&mut self, pid: PredId) -> Result<bool, PlError> {
        let pred = &self.db.preds[pid as usize];
        if pred.defined || pred.dynamic {
            return Ok(false);
        }
        // A placeholder: call what it resolves to (counted once).
        if let Some(target) = self.resolve_placeholder(pid)? {
            // A meta-predicate of another module found only now
            // (imported or autoloaded) gets its meta arguments qualified.
            if self.db.preds[target as usize].meta.is_some() {
                let module = self.db.call_context(self.db.preds[pid as usize].module);
                if self.db.needs_qualified_meta(module, target) {
                    self.qualify_meta_registers(target, module);
                }
            }
            self.inferences -= 1;
            return self.call_pred(target);
        }
        let pred = &self.db.preds[pid as usize];
        let (name, arity, module) = (pred.name, pred.arity, pred.module);
        let ctx = self.frame_pred();
        // Named with its module when that is a module of the
        // program's own (SWI's `mm:nothere/1`).
        if module != atoms::USER && module != atoms::SYSTEM {
            return self.unknown_in(module, name, arity, ctx);
        }
        self.unknown(name, arity, ctx)
    }

    /// Calls predicate `pid` with arguments in the X registers; the continuation is `self.cp`.
    fn call_pred(&mut self, pid: PredId) -> Result<bool, PlError> {
        if self.inferences >= self.event_at {
            if !self.wake.is_empty() {
                // The wake-up first; `WakeResume` makes the call afterwards.
                let arity = self.db.preds[pid as usize].arity;
                return self.run_wakeup(Resume::Call(pid), arity);
            }
            let arity = self.db.preds[pid as usize].arity;
            self.check_events(arity)?;
        }
        self.inferences += 1;
        let pred = &self.db.preds[pid as usize];
        match pred.kind {
            PredKind::User => {
                if pred.clauses.is_empty() {
                    return self.call_without_clauses(pid);
                }
                let extra = std::mem::take(&mut self.pending_levels);
                Ok(self.enter_clauses(pid, extra))
            }
            PredKind::Builtin(Builtin::Det(f)) => {
                let arity = pred.arity;
                let r = self.call_det(pid, f, arity);
                if self.builtin_done(r)? {
                    self.p = self.cp;
                    Ok(true)
                } else {
                    Ok(false)
                }
            }
            PredKind::Builtin(Builtin::Nondet(f)) => {
                let arity = pred.arity;
                self.b0 = self.cps.len();
                self.first_native(f, pid, arity)
            }
            PredKind::Control(Control::CallN(n)) => {
                self.current_builtin = pid;
                self.call_n(n as usize)
            }
            PredKind::Control(Control::Catch) => {
                self.current_builtin = pid;
                self.call_catch()
            }
        }
    }

    /// Calls an unknown procedure: error, warning or failure as the `unknown` flag says.
    /// `ctx` is the predicate named in the error's context.
    fn unknown(&mut self, name: Atom, arity: usize, ctx: PredId) -> Result<bool, PlError> {
        match self.flags.unknown {
            Unknown::Fail => Ok(false),
            Unknown::Warning => {
                self.flush();
                eprintln!("Warning: Unknown procedure: {}/{}", name, arity);
                Ok(false)
            }
            Unknown::Error => {
                let context = self.context_term(ctx);
                Err(unknown_procedure(name, arity).with_context(context))
            }
        }
    }

    /// `call/N`: X0 is the closure, X1.. the extra arguments. A closure
    /// that is itself call/N or catch/3 (`call((call((...))))`, nested
    /// catches) is unwrapped in this loop, not by recursion in Rust.
    fn call_n(&mut self, mut n: usize) -> Result<bool, PlError> {
        let mut unwrapped = false;
        loop {
            match self.call_n_step(n) {
                Ok(Step::Again(k)) => {
                    unwrapped = true;
                    n = k;
                }
                r => {
                    // As the meta_call/1 of each unwrapped call would on its return.
                    if unwrapped {
                        self.pending_levels = 0;
                    }
                    return r.map(|step| matches!(step, Step::Done(true)));
                }
            }
        }
    }

    /// One call of [`Machine::call_n`]: makes the call, or when it is a
    /// call of call/N or catch/3, enters that control predicate (as
    /// `call_pred` and `meta_call` would) and asks for its goal to be called.
    fn call_n_step(&mut self, n: usize) -> Result<Step, PlError> {
        // The clause calling call/N when it is a body goal (`Instr::Caller`),
        // else call/N itself (a meta-call of call/N).
        let ctx = self.meta_caller.take().unwrap_or(self.current_builtin);
        let context = |m: &Self| m.context_term(ctx);
        // The goal resolves in the module of the clause making the call, or
        // in the innermost module of its `M:G` qualifications.
        let mut module = self.db.call_context(self.db.preds[ctx as usize].module);
        let mut goal = self.store.deref(self.x[0]);
        loop {
            if goal.tag() == tag::STR {
                let f = self.store.heap[goal.val()];
                if f == Cell::functor(atoms::COLON, 2) {
                    let m = self.store.deref(self.store.heap[goal.val() + 1]);
                    match m.tag() {
                        tag::ATOM => module = m.get_atom(),
                        tag::REF => return Err(instantiation_error().with_context(context(self))),
                        _ => {
                            let culprit = self.store.to_term(m, &mut Vec::new());
                            return Err(type_error("module", culprit).with_context(context(self)));
                        }
                    }
                    goal = self.store.deref(self.store.heap[goal.val() + 2]);
                    continue;
                }
            }
            break;
        }
        let (name, arity, first) = match goal.tag() {
            tag::REF => return Err(instantiation_error().with_context(context(self))),
            tag::ATOM => (goal.get_atom(), 0, 0),
            tag::STR => {
                let f = self.store.heap[goal.val()];
                (f.fun_name(), f.fun_arity(), goal.val() + 1)
            }
            tag::LIS => (atoms::DOT, 2, goal.val()),
            _ => {
                let culprit = self.store.to_term(goal, &mut Vec::new());
                return Err(type_error("callable", culprit).with_context(context(self)));
            }
        };
        let extra = n - 1;
        let total = arity + extra;
        if is_control(name, total) {
            if extra == 0 {
                // Unless events are due (call_pred looks at them), the goal
                // runs as the compiled clause of its skeleton (a goal with a
                // skeleton is callable and acyclic: it needs no check_body).
                if self.inferences < self.event_at {
                    let caller = self.meta_call_pred;
                    let code =
                        self.meta_clauses
                            .code_for(&self.store, &mut self.db, goal, module, caller);
                    if let Some(code) = code {
                        self.ensure_regs();
                        let args = self.meta_clauses.args();
                        self.x[..args.len()].copy_from_slice(args);
                        self.count_meta_call_level();
                        self.inferences += 1;
                        let extra = std::mem::take(&mut self.pending_levels);
                        return Ok(Step::Done(self.enter_code(code, extra)));
                    }
                }
                self.check_body(goal)
                    .map_err(|e| e.with_context(context(self)))?;
            }
            // Control constructs go through the meta-call interpreter '$mc'/2.
            let g = if extra == 0 {
                goal
            } else {
                let mut args: Vec<Cell> = (0..arity).map(|i| self.store.heap[first + i]).collect();
                args.extend_from_slice(&self.x[1..n]);
                self.store.new_compound(name, &args)
            };
            self.x[0] = g;
            self.x[1] = Cell::atom(module);
            self.x[2] = Cell::small(self.cps.len() as i64);
            return self.meta_call(self.meta_call_pred).map(Step::Done);
        }
        if total > self.x.len() {
            return Err(super::error::representation_error("max_arity"));
        }
        if extra > 0 {
            self.x.copy_within(1..n, arity);
        }
        for i in 0..arity {
            self.x[i] = self.store.heap[first + i];
        }
        match self.resolve_goal(module, name, total)? {
            Some(pid) => {
                if self.db.needs_qualified_meta(module, pid) {
                    self.qualify_meta_registers(pid, module);
                }
                let kind = self.db.preds[pid as usize].kind.clone();
                if matches!(kind, PredKind::User) {
                    return self.call_pred(pid).map(Step::Done);
                }
                // call/N at a leaf of a control construct is a body goal
                // of SWI's temporary '<meta-call>'/1 clause.
                if ctx == self.meta_leaf_pred && name == atoms::CALL {
                    self.meta_caller = Some(ctx);
                }
                match kind {
                    // Unless events are due (call_pred looks at them), call/N
                    // and catch/3 are entered here.
                    PredKind::Control(c) if self.inferences < self.event_at => {
                        self.count_meta_call_level();
                        // The goal it calls resolves in `module`, which the next
                        // step would not know (its context is call/N, catch/3 or
                        // a leaf of '$mc'/3: `user`).
                        if module != atoms::USER {
                            let m = Cell::atom(module);
                            self.x[0] = self.store.new_compound(atoms::COLON, &[m, self.x[0]]);
                        }
                        self.inferences += 1;
                        self.current_builtin = pid;
                        Ok(Step::Again(match c {
                            Control::CallN(k) => k as usize,
                            Control::Catch => {
                                self.enter_catch();
                                1
                            }
                        }))
                    }
                    _ => self.meta_call(pid).map(Step::Done),
                }
            }
            None if module == atoms::USER => self.unknown(name, total, ctx).map(Step::Done),
            None => self.unknown_in(module, name, total, ctx).map(Step::Done),
        }
    }

    /// Meta-calls a control construct (through `'$mc'/2`) or a predicate that
    /// is not user code, counting one recursion level for it as SWI-Prolog
    /// does (its temporary clause for a control construct; call/N and catch/3
    /// as predicates), except at the leaves of a control construct, which are
    /// part of its clause. The level is applied when (if) the call enters
    /// clauses, whose `Proceed` gives the caller's level back.
    fn meta_call(&mut self, pid: PredId) -> Result<bool, PlError> {
        self.count_meta_call_level();
        let r = self.call_pred(pid);
        self.pending_levels = 0;
        r
    }

    /// Adds the recursion level of a meta-call to those the next clause
    /// entry applies, unless the call is a leaf of a control construct
    /// (part of its clause, which counted already).
    fn count_meta_call_level(&mut self) {
        if self.current_builtin != self.meta_leaf_pred {
            self.pending_levels += 1;
        }
    }

    /// Raises `type_error(callable, Goal)` when a control construct has a
    /// non-callable leaf (SWI checks the whole goal before running any of it),
    /// `representation_error(cyclic_term)` when the control constructs are
    /// cyclic (`X = (true, X), call(X)`), as SWI.
    fn check_body(&self, goal: Cell) -> Result<(), PlError> {
        let mut stack: smallvec::SmallVec<[Cell; 16]> = smallvec::smallvec![goal];
        let mut guard = crate::term::store::CycleGuard::default();
        let mut acyclic = false;
        while let Some(c) = stack.pop() {
            let c = self.store.deref(c);
            match c.tag() {
                tag::REF | tag::ATOM | tag::LIS => {}
                tag::STR => {
                    let f = self.store.heap[c.val()];
                    if is_control(f.fun_name(), f.fun_arity()) {
                        // Met before: shared, or a cycle.
                        if !guard.first_visit(c.val()) {
                            acyclic = acyclic || crate::term::cyclic::is_acyclic(&self.store, goal);
                            if !acyclic {
                                return Err(super::error::representation_error("cyclic_term"));
                            }
                            continue;
                        }
                        for i in 0..f.fun_arity() {
                            stack.push(self.store.heap[c.val() + 1 + i]);
                        }
                    }
                }
                _ => {
                    let culprit = self.store.to_term(goal, &mut Vec::new());
                    return Err(type_error("callable", culprit));
                }
            }
        }
        Ok(())
    }

    /// `catch(Goal, Catcher, Recovery)`.
    fn call_catch(&mut self) -> Result<bool, PlError> {
        self.enter_catch();
        self.call_n(1)
    }

    /// Enters catch/3 (arguments in X0..X2): its frame, its choicepoint,
    /// `CatchExit` as the continuation of Goal, which is to be called next.
    fn enter_catch(&mut self) {
        self.allocate(1, self.catch_pred);
        let level = self.cps.len();
        self.stack[self.e + FRAME] = Cell::small(level as i64);
        self.push_cp(CpKind::Catch, 3);
        self.cp = CATCH_EXIT;
    }

    /// Whether environment frame `target` is on the chain of the current one.
    pub(crate) fn frame_active(&self, target: usize) -> bool {
        let mut e = self.e;
        loop {
            if e == target {
                return true;
            }
            if e == 0 {
                return false;
            }
            e = self.stack[e].0 as usize;
        }
    }

    /// True when an error is the interrupt raised by Ctrl-C.
    pub fn is_abort(&mut self, e: &PlError) -> bool {
        match e {
            PlError::Ball(c) => {
                let top = self.store.top();
                let b = c.restore(&mut self.store);
                let r = self.is_abort_cell(b);
                self.store.heap.truncate(top);
                r
            }
            PlError::Throw(t) => matches!(&**t, Term::Atom(a) if a.name() == "$aborted"),
            _ => false,
        }
    }

    /// True when a ball is `'$aborted'` (Ctrl-C, `abort/0`).
    fn is_abort_cell(&self, ball: Cell) -> bool {
        matches!(self.store.view(ball), crate::term::View::Atom(a) if a.name() == "$aborted")
    }

    /// The goal run for `Recovery` when a catch/3 caught `'$aborted'`: as in
    /// SWI-Prolog, a catch-all cannot swallow an abort. The recovery runs
    /// once (its choicepoints pruned, its failure and its errors ignored),
    /// then `'$aborted'` is raised again:
    /// `(catch(Recovery, _, true) -> true ; true), throw('$aborted')`.
    /// Control constructs only, so that `Recovery` resolves where it did.
    fn abort_recovery(&mut self, recovery: Cell) -> Cell {
        let any = self.store.new_var();
        let t = Cell::atom(atoms::TRUE);
        let guarded = self
            .store
            .new_compound(Atom::new("catch"), &[recovery, any, t]);
        let once = self.store.new_compound(atoms::ARROW, &[guarded, t]);
        let ignored = self.store.new_compound(atoms::SEMICOLON, &[once, t]);
        let aborted = Cell::atom(Atom::new("$aborted"));
        let rethrow = self.store.new_compound(Atom::new("throw"), &[aborted]);
        self.store.new_compound(atoms::COMMA, &[ignored, rethrow])
    }

    /// `context(Pred, _)` naming a predicate as SWI does: `system:Name/Arity`
    /// for system predicates, `Name/Arity` for the user's.
    pub(crate) fn context_term(&self, pid: PredId) -> Term {
        // The meta-call's internal frame is SWI's `'<meta-call>'/1`.
        let pid = if pid == self.meta_call_pred {
            self.meta_leaf_pred
        } else {
            pid
        };
        let p = &self.db.preds[pid as usize];
        let pi = Term::indicator(p.name, p.arity);
        let pi = if p.module != atoms::USER {
            Term::Compound(atoms::COLON, vec![Term::Atom(p.module), pi])
        } else if p.system || p.library || !matches!(p.kind, PredKind::User) {
            Term::Compound(atoms::COLON, vec![Term::Atom(atoms::SYSTEM), pi])
        } else {
            pi
        };
        Term::compound("context", vec![pi, Term::Var(0)])
    }

    /// Builds the ball of an error as a copied term.
    pub(crate) fn make_ball(&mut self, err: PlError) -> Copied {
        // An error between `Instr::Caller` and its call/N (an interrupt)
        // must not leave the caller to a later meta-call.
        self.meta_caller = None;
        let top = self.store.top();
        let c = match err {
            PlError::Ball(c) => return *c,
            PlError::Throw(t) => self.store.from_term(&t, &mut Default::default()),
            PlError::Halt(_) => unreachable!("halt is not a ball"),
            PlError::Error(error) => {
                let ErrorTerm { formal, context } = *error;
                let ctx = context.unwrap_or_else(|| self.context_term(self.current_builtin));
                // Two terms: the variables of the context are not the
                // culprit's (`error(domain_error(D, X/_A), _B)`).
                let formal = self.store.from_term(&formal, &mut Default::default());
                let ctx = self.store.from_term(&ctx, &mut Default::default());
                self.store.new_compound(atoms::ERROR, &[formal, ctx])
            }
        };
        let copied = Copied::new(&self.store, c);
        self.store.heap.truncate(top);
        copied
    }

    /// Raises an exception: unwinds to the innermost active catch/3 whose catcher
    /// unifies. Ok(true): continue running; Ok(false): backtrack; Err: uncaught.
    fn raise(&mut self, err: PlError, barrier: usize) -> Result<bool, PlError> {
        if let PlError::Halt(_) = err {
            return Err(err);
        }
        let ball = self.make_ball(err);
        let mut i = self.cps.len();
        while i > barrier + 1 {
            i -= 1;
            if !matches!(self.cps[i].kind, CpKind::Catch) || !self.frame_active(self.cps[i].e) {
                continue;
            }
            // Cleanups above the catcher run in the state of the throw; the
            // exception being raised wins over theirs.
            self.cut_to(i + 1);
            self.cleanup_error = None;
            let c = &self.cps[i];
            let (tr, h, e, cp, b0, bags) = (c.tr, c.h, c.e, c.cp, c.b0, c.bags);
            self.call_depth = c.call_depth;
            self.undo_to(tr);
            self.store.heap.truncate(self.heap_floor(h));
            self.e = e;
            self.cp = cp;
            self.b0 = b0;
            self.restore_args(i);
            self.cut_to(i);
            self.bags.truncate(bags);
            let b = ball.restore(&mut self.store);
            if self.unify_or_undo(self.x[1], b) {
                self.x[0] = if self.is_abort_cell(b) {
                    self.abort_recovery(self.x[2])
                } else {
                    self.x[2]
                };
                self.cp = CATCH_EXIT;
                return match self.call_n(1) {
                    Ok(ok) => Ok(ok),
                    Err(e2) => self.raise(e2, barrier),
                };
            }
        }
        // Uncaught within this query: run pending cleanups, reset to the barrier and report.
        self.cut_to(barrier + 1);
        self.cleanup_error = None;
        let c = &self.cps[barrier];
        let (tr, h, bags) = (c.tr, c.h, c.bags);
        self.undo_to(tr);
        self.store.heap.truncate(self.heap_floor(h));
        self.cut_to(barrier + 1);
        self.bags.truncate(bags);
        Err(PlError::ball(ball))
    }
}

#[cfg(test)]
mod tests {
    use crate::machine::{Builtin, Machine, Res};
    use crate::term::{Cell, Term};
    use std::any::Any;

    /// The choicepoint `push_clauses_cp` writes through `ClausesLayout`
    /// reads back as the `Clauses` kind it meant.
    #[test]
    fn a_clauses_choicepoint_written_in_place_reads_back() {
        let mut m = Machine::new();
        let list = std::rc::Rc::new(super::ClauseList::default());
        let cur = super::Cursor {
            gen: 7,
            key: 0xdead_beef,
            next: -3,
            arg: 0x81,
        };
        m.push_clauses_cp(list.clone(), &cur, 0);
        let Some(cp) = m.cps.last() else {
            panic!("no choicepoint")
        };
        let super::CpKind::Clauses {
            arg,
            next,
            clauses,
            gen,
            key,
        } = &cp.kind
        else {
            panic!("not a Clauses kind")
        };
        assert_eq!((*arg, *next, *gen, *key), (0x81, -3, 7, 0xdead_beef));
        assert!(std::rc::Rc::ptr_eq(clauses, &list));
        assert_eq!(std::rc::Rc::strong_count(&list), 2);
        m.cps.pop();
        assert_eq!(std::rc::Rc::strong_count(&list), 1);
    }

    /// `nested_then_bind(f(A))`: runs a nested query, then gives A = 1 and,
    /// on backtracking, A = 2.
    fn nested_then_bind(m: &mut Machine, a: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
        let retry = redo.take().is_some();
        if !retry {
            m.run_once(Cell::atom(crate::term::atoms::TRUE))?;
            *redo = Some(Box::new(()));
        }
        let arg = m.store.heap[m.deref(a[0]).val() + 1];
        Ok(m.unify(arg, Cell::small(1 + retry as i64)))
    }

    #[test]
    fn a_nondeterministic_builtin_that_runs_a_query_keeps_its_bindings_undoable() {
        let mut m = Machine::new();
        m.register(&[("nested_then_bind", 1, Builtin::Nondet(nested_then_bind))]);
        // The argument of f/1 is made after the newest choicepoint, before the builtin's.
        let goal = "( functor(F, f, 1), nested_then_bind(F), arg(1, F, 2) -> X = F ; X = no )";
        let x = crate::machine::first_binding(&mut m, goal, "X");
        assert_eq!(x, Term::compound("f", vec![Term::Int(2)]));
    }
}
