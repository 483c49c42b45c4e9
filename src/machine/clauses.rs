//! The clauses of one predicate, with just-in-time argument indexes.
//!
//! Clauses stay where they are put: `assertz` pushes at the back, `asserta`
//! at the front (its own vector, in reverse), so a clause keeps its
//! *position* (negative for the front) until the list is compacted.
//! `retract` does not move anything: it marks the clause dead at a new
//! generation of the database, as `assert` gives the clause the generation
//! it is born in. A call remembers the generation it started in
//! (`Cursor`), and sees exactly the clauses alive then: the logical update view, while `assert` and
//! `retract` stay O(1) even when calls iterate the predicate.
//!
//! Dead clauses are dropped by compaction once they outnumber the living:
//! in place when nothing else holds the list, else into a fresh list that
//! replaces it in the predicate (the holders keep the old one, which no
//! longer changes). A hint of the first position that may be alive lets
//! scans skip a prefix of retracted clauses (queues, `retract(f(_))` loops).
//!
//! A call to a predicate with at most `INDEX_MIN` clauses scans them by its
//! first argument's key, or by the first other argument that has a key
//! when the first has none (as SWI-Prolog, which leaves no choicepoint for
//! `p(X, b)` over `p(1, a). p(2, b).`).
//!
//! Predicates with more than `INDEX_MIN` clauses get a hash index on an
//! argument the first time a call has that argument bound (the first
//! argument if it is bound, else another one, as SWI-Prolog's JIT indexing
//! does). An index maps a key to the sorted positions of the clauses with
//! that key; clauses whose argument is a variable (or a boxed number or
//! string, key 0) are in a list of their own merged in order. Indexes are
//! kept up to date by assert and renumbered by compaction.

use super::db::{key_match, Clause};
use super::keyhash::BuildKeyHasher;
use smallvec::SmallVec;
use std::cell::UnsafeCell;
use std::collections::HashMap;

/// Predicates with at most this many clause positions are scanned, not indexed.
pub const INDEX_MIN: usize = 16;

/// A first-argument index selects exactly the clauses a scan by the first
/// argument's key does; up to this many clause positions the scan is the
/// faster of the two, so the index (built all the same, to tell whether it
/// is useful) is left unused.
pub const FIRST_ARG_SCAN_MAX: usize = 32;

/// Arguments after this many are never indexed.
pub const INDEX_ARGS: usize = 8;

/// The code address `ClauseList::enter` returns when no clause is a candidate.
pub const NONE: u32 = u32::MAX;

/// The generation clauses alive forever have as their death.
pub const ALIVE: u64 = u64::MAX;

type KeyMap<V> = HashMap<u64, V, BuildKeyHasher>;

/// Sorted clause positions; one or two (a key of one clause) without an allocation.
type Positions = SmallVec<[i32; 2]>;

/// Whether a call that started in generation `gen` sees clause `c`.
#[inline(always)]
fn visible(c: &Clause, gen: u64) -> bool {
    c.born <= gen && c.died.get() > gen
}

/// A hash index on one argument.
#[derive(Default)]
struct ArgIndex {
    /// Key to the sorted positions of the clauses with that key.
    buckets: KeyMap<Positions>,
    /// Sorted positions of the clauses that match any key.
    vars: Positions,
}

/// Where a call (or a retract/clause scan) is in a predicate's clauses.
#[derive(Copy, Clone, Debug, Default)]
pub struct Cursor {
    /// The database generation the call started in.
    pub gen: u64,
    /// The call's key on argument `arg`.
    pub key: u64,
    /// The next candidate's position.
    pub next: i32,
    /// The indexed argument; `SCAN_ARG | i` for a scan on argument `i`'s
    /// key; `u8::MAX` for a scan on the first argument's key.
    pub arg: u8,
}

/// Marks a cursor's `arg` as a scan on that argument's key (see `Cursor`).
const SCAN_ARG: u8 = 0x80;

/// The key of clause `c` on argument `arg` (0, matching any, past the
/// arguments it keeps).
#[inline(always)]
fn arg_key(c: &Clause, arg: usize) -> u64 {
    c.data.keys.get(arg).copied().unwrap_or(0)
}

/// The clauses of a predicate (shared by the predicate and the calls iterating it).
#[derive(Default)]
pub struct ClauseList {
    /// Not a `RefCell`: a call's entry is the hottest path of the engine.
    /// Every method takes its reference to `Inner` for its own duration
    /// only and calls out to nothing that could reach the list again, so a
    /// mutable reference never coexists with another one (see `get_mut`).
    inner: UnsafeCell<Inner>,
}

#[derive(Default)]
struct Inner {
    /// Clauses added by `asserta`, the newest last (positions -1, -2, ...).
    front: Vec<Clause>,
    /// The other clauses (positions 0, 1, ...).
    back: Vec<Clause>,
    /// Clauses not retracted.
    live: usize,
    /// No clause before this position is alive.
    head: i32,
    /// Indexes by argument, built on demand.
    indexes: Vec<Option<ArgIndex>>,
}

impl Inner {
    #[inline(always)]
    fn at(&self, p: i32) -> &Clause {
        if p < 0 {
            &self.front[(-p - 1) as usize]
        } else {
            &self.back[p as usize]
        }
    }

    #[inline(always)]
    fn start(&self) -> i32 {
        -(self.front.len() as i32)
    }

    #[inline(always)]
    fn end(&self) -> i32 {
        self.back.len() as i32
    }

    /// The first position from `p` (before `end`) of a clause alive in
    /// generation `gen` whose key, as `key_of` reads it, matches `key`.
    #[inline(always)]
    fn scan_keys(
        &self,
        mut p: i32,
        key: u64,
        gen: u64,
        key_of: impl Fn(&Clause) -> u64,
    ) -> Option<i32> {
        while p < 0 {
            let c = &self.front[(-p - 1) as usize];
            if visible(c, gen) && key_match(key_of(c), key) {
                return Some(p);
            }
            p += 1;
        }
        while p < self.end() {
            let c = &self.back[p as usize];
            if visible(c, gen) && key_match(key_of(c), key) {
                return Some(p);
            }
            p += 1;
        }
        None
    }

    /// `scan_keys` on the first argument's key.
    #[inline(always)]
    fn scan(&self, p: i32, key: u64, gen: u64) -> Option<i32> {
        self.scan_keys(p, key, gen, |c| c.key)
    }

    /// The first position from `from` (before `end`) of a clause alive in
    /// `gen` that index `arg` gives for `key`.
    fn lookup(&self, arg: usize, from: i32, key: u64, gen: u64) -> Option<i32> {
        let ix = self.indexes[arg].as_ref().expect("index");
        let b: &[i32] = ix.buckets.get(&key).map_or(&[], |v| v.as_slice());
        let mut i = b.partition_point(|&q| q < from);
        let mut j = ix.vars.partition_point(|&q| q < from);
        loop {
            let p = match (b.get(i), ix.vars.get(j)) {
                (Some(&x), Some(&y)) if x < y => {
                    i += 1;
                    x
                }
                (_, Some(&y)) => {
                    j += 1;
                    y
                }
                (Some(&x), None) => {
                    i += 1;
                    x
                }
                (None, None) => return None,
            };
            if visible(self.at(p), gen) {
                return Some(p);
            }
        }
    }

    /// For a call whose first argument has no key: the first other argument
    /// that has one and on which no clause alive in `gen` has a variable (or
    /// another argument without a key), as a cursor's `arg` scanning by it,
    /// and its key. SWI-Prolog picks the argument of a small predicate so:
    /// `p(X, b)` over `p(1, a). p(2, b). p(3, c).` leaves no choicepoint,
    /// over `p(1, a). p(2, _). p(3, b).` it scans them all.
    fn scan_arg(
        &self,
        arity: usize,
        key_at: &impl Fn(usize) -> u64,
        gen: u64,
    ) -> Option<(u8, u64)> {
        (1..arity.min(INDEX_ARGS)).find_map(|i| {
            let key = key_at(i);
            let keyed = (self.start()..self.end())
                .map(|p| self.at(p))
                .all(|c| !visible(c, gen) || arg_key(c, i) != 0);
            (key != 0 && keyed).then_some((SCAN_ARG | i as u8, key))
        })
    }

    /// The first candidate of cursor `c`'s scan or lookup, and whether
    /// another follows, which `cur` is then set to.
    #[inline(never)]
    fn enter_from(&self, mut c: Cursor, cur: &mut Cursor) -> (u32, bool) {
        let Some(i) = self.next_from(&c, c.next) else {
            return (NONE, false);
        };
        let code = self.at(i).code;
        match self.next_from(&c, i + 1) {
            Some(j) => {
                c.next = j;
                *cur = c;
                (code, true)
            }
            None => (code, false),
        }
    }

    /// The next candidate of `cur` from position `from`.
    #[inline(always)]
    fn next_from(&self, cur: &Cursor, from: i32) -> Option<i32> {
        if cur.arg == u8::MAX {
            self.scan(from, cur.key, cur.gen)
        } else if cur.arg & SCAN_ARG != 0 {
            let arg = (cur.arg & !SCAN_ARG) as usize;
            self.scan_keys(from, cur.key, cur.gen, |c| arg_key(c, arg))
        } else {
            self.lookup(cur.arg as usize, from, cur.key, cur.gen)
        }
    }

    fn build(&mut self, arg: usize) {
        let mut ix = ArgIndex::default();
        let key = |c: &Clause| arg_key(c, arg);
        let (start, end) = (self.start(), self.end());
        for p in start..end {
            let c = self.at(p);
            if c.died.get() != ALIVE {
                continue;
            }
            match key(c) {
                0 => ix.vars.push(p),
                k => ix.buckets.entry(k).or_default().push(p),
            }
        }
        if self.indexes.len() <= arg {
            self.indexes.resize_with(arg + 1, || None);
        }
        self.indexes[arg] = Some(ix);
    }

    /// Whether index `arg` is worth using.
    fn useful(&self, arg: usize) -> bool {
        let ix = self.indexes[arg].as_ref().expect("index");
        ix.buckets.len() >= 2 && ix.vars.len() * 2 <= self.live
    }
}

impl ClauseList {
    #[inline(always)]
    fn get(&self) -> &Inner {
        // SAFETY: see `inner`: no mutable reference is alive while this one is.
        unsafe { &*self.inner.get() }
    }

    /// The list's contents for a change.
    #[allow(clippy::mut_from_ref)]
    fn get_mut(&self) -> &mut Inner {
        // SAFETY: see `inner`: the methods that change the list hold no
        // other reference to it meanwhile, and the list is not `Sync`.
        unsafe { &mut *self.inner.get() }
    }

    /// Clauses not retracted.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.get().live
    }

    /// No clause is alive.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The living clauses, in order.
    pub fn snapshot(&self) -> Vec<Clause> {
        let s = self.get();
        (s.start()..s.end())
            .map(|p| s.at(p))
            .filter(|c| c.died.get() == ALIVE)
            .cloned()
            .collect()
    }

    /// The first living clause.
    pub fn first(&self) -> Option<Clause> {
        let s = self.get();
        let p = s.scan(s.head.max(s.start()), 0, ALIVE - 1)?;
        Some(s.at(p).clone())
    }

    /// The clause at position `p`.
    pub fn at(&self, p: i32) -> Clause {
        self.get().at(p).clone()
    }

    /// Adds a clause at the end (or the front).
    pub fn push(&self, clause: Clause, front: bool) {
        let s = self.get_mut();
        let p = if front { s.start() - 1 } else { s.end() };
        for (arg, ix) in s.indexes.iter_mut().enumerate() {
            let Some(ix) = ix else { continue };
            let list = match arg_key(&clause, arg) {
                0 => &mut ix.vars,
                k => ix.buckets.entry(k).or_default(),
            };
            if front {
                list.insert(0, p);
            } else {
                list.push(p);
            }
        }
        if front {
            s.front.push(clause);
            s.head = p;
        } else {
            s.back.push(clause);
        }
        s.live += 1;
    }

    /// Chooses the clauses a call at generation `gen` may enter: by an
    /// index on the first bound argument that has a useful one (for
    /// predicates with many clauses), else by scanning with the first
    /// argument's key (or, when it has none, by another bound argument's:
    /// see `scan_arg`). `key_at(i)` is the call's key on argument `i`.
    /// Returns the first candidate's code (`NONE` if there is none) and
    /// whether another one follows, which `cur` is then set to.
    #[inline(always)]
    pub fn enter(
        &self,
        gen: u64,
        arity: usize,
        key_at: impl Fn(usize) -> u64,
        cur: &mut Cursor,
    ) -> (u32, bool) {
        let s = self.get();
        let back = &s.back[..];
        if !(s.front.is_empty() && back.len() <= INDEX_MIN) {
            return self.enter_slow(gen, arity, &key_at, cur);
        }
        // A single clause alive (a fact, a helper predicate) is the one
        // candidate: a call its head cannot match fails there.
        if back.len() == 1 && s.live == 1 {
            return (back[0].code, false);
        }
        // The common case: a few clauses, scanned by the first argument's
        // key, or by another argument's when the first has none.
        let key = if arity > 0 { key_at(0) } else { 0 };
        if key == 0 && arity > 1 {
            if let Some((arg, key)) = s.scan_arg(arity, &key_at, gen) {
                let next = s.head.max(s.start());
                return s.enter_from(
                    Cursor {
                        gen,
                        key,
                        next,
                        arg,
                    },
                    cur,
                );
            }
        }
        let (i, d) = if s.live == back.len() {
            // No clause is dead: as fast as a plain scan of the keys.
            let visible = |c: &Clause| key_match(c.key, key);
            let Some(i) = back.iter().position(visible) else {
                return (NONE, false);
            };
            (i, back[i + 1..].iter().position(visible))
        } else {
            let visible = |c: &Clause| c.died.get() > gen && key_match(c.key, key);
            let Some(i) = back.iter().position(visible) else {
                return (NONE, false);
            };
            (i, back[i + 1..].iter().position(visible))
        };
        let code = back[i].code;
        match d {
            None => (code, false),
            Some(d) => {
                *cur = Cursor {
                    next: (i + 1 + d) as i32,
                    gen,
                    key,
                    arg: u8::MAX,
                };
                (code, true)
            }
        }
    }

    /// `enter` for predicates with asserta'd clauses or many clauses.
    #[inline(never)]
    fn enter_slow(
        &self,
        gen: u64,
        arity: usize,
        key_at: &impl Fn(usize) -> u64,
        cur: &mut Cursor,
    ) -> (u32, bool) {
        let c = self.cursor(gen, arity, key_at);
        self.get().enter_from(c, cur)
    }

    /// Sets `cur` to use an index on the first bound argument that has a
    /// useful one, building indexes on demand.
    fn choose_index(
        &self,
        n: usize,
        arity: usize,
        key_at: &impl Fn(usize) -> u64,
        cur: &mut Cursor,
    ) {
        for arg in 0..arity.min(INDEX_ARGS) {
            let key = if arg == 0 { cur.key } else { key_at(arg) };
            if key == 0 {
                continue;
            }
            let built = matches!(self.get().indexes.get(arg), Some(Some(_)));
            if !built {
                self.get_mut().build(arg);
            }
            if self.get().useful(arg) {
                if arg > 0 || n > FIRST_ARG_SCAN_MAX {
                    cur.arg = arg as u8;
                    cur.key = key;
                }
                return;
            }
        }
    }

    /// The code of the candidate at `cur.next`, moving `cur` on to the one
    /// after it (false when there is none).
    #[inline(always)]
    pub fn advance(&self, cur: &mut Cursor) -> (u32, bool) {
        let s = self.get();
        if cur.arg == u8::MAX && cur.next >= 0 {
            // The common case: a scan of the back clauses by the first argument's key.
            let i = cur.next as usize;
            let code = s.back[i].code;
            let (gen, key) = (cur.gen, cur.key);
            let rest = &s.back[i + 1..];
            return match rest
                .iter()
                .position(|c| visible(c, gen) && key_match(c.key, key))
            {
                Some(d) => {
                    cur.next = (i + 1 + d) as i32;
                    (code, true)
                }
                None => (code, false),
            };
        }
        let code = s.at(cur.next).code;
        match s.next_from(cur, cur.next + 1) {
            Some(j) => {
                cur.next = j;
                (code, true)
            }
            None => (code, false),
        }
    }

    /// The position of the next candidate of `cur` from `cur.next` on (for
    /// retract and clause, which look at each candidate's term).
    pub fn candidate(&self, cur: &Cursor) -> Option<i32> {
        self.get().next_from(cur, cur.next)
    }

    /// Where a scan of the clauses at generation `gen` starts, by the
    /// index on the first argument for key `key` when it is worth it.
    pub fn cursor(&self, gen: u64, arity: usize, key_at: &impl Fn(usize) -> u64) -> Cursor {
        let (n, start) = {
            let s = self.get();
            (s.front.len() + s.back.len(), s.head.max(s.start()))
        };
        let mut cur = Cursor {
            next: start,
            gen,
            key: if arity > 0 { key_at(0) } else { 0 },
            arg: u8::MAX,
        };
        if n > INDEX_MIN {
            self.choose_index(n, arity, key_at, &mut cur);
        } else if cur.key == 0 {
            if let Some((arg, key)) = self.get().scan_arg(arity, key_at, gen) {
                cur.arg = arg;
                cur.key = key;
            }
        }
        cur
    }

    /// Marks the living clause at `p` dead from generation `gen` on; false
    /// if it is dead already.
    pub fn kill(&self, p: i32, gen: u64) -> bool {
        let s = self.get_mut();
        let c = s.at(p);
        if c.died.get() != ALIVE {
            return false;
        }
        c.died.set(gen);
        s.live -= 1;
        if p == s.head.max(s.start()) {
            let mut h = p;
            while h < s.end() && s.at(h).died.get() != ALIVE {
                h += 1;
            }
            s.head = h;
        }
        true
    }

    /// The position of a living clause whose data is `data`'s (for a
    /// retract that found it in an older list).
    pub fn find(&self, clause: &Clause) -> Option<i32> {
        let s = self.get();
        (s.start()..s.end()).find(|&p| {
            let c = s.at(p);
            c.died.get() == ALIVE && std::rc::Rc::ptr_eq(&c.data, &clause.data)
        })
    }

    /// Whether enough clauses are dead to compact.
    pub fn wants_compaction(&self) -> bool {
        let s = self.get();
        let dead = s.front.len() + s.back.len() - s.live;
        dead > INDEX_MIN && dead > s.live
    }

    /// Drops the dead clauses in place (only when nothing else holds the
    /// list). The indexes built so far stay: their positions are renumbered
    /// and those of dead clauses dropped, in place.
    pub fn compact_in_place(&self) {
        let s = self.get_mut();
        let start = s.start();
        // The new position of each old one (from `start`), or -1 for a dead clause.
        let mut live = 0;
        let moved: Vec<i32> = (start..s.end())
            .map(|p| {
                if s.at(p).died.get() != ALIVE {
                    return -1;
                }
                live += 1;
                live - 1
            })
            .collect();
        if s.front.is_empty() {
            s.back.retain(|c| c.died.get() == ALIVE);
        } else {
            let mut all: Vec<Clause> = Vec::with_capacity(s.live);
            all.extend(s.front.drain(..).rev().filter(|c| c.died.get() == ALIVE));
            all.extend(s.back.drain(..).filter(|c| c.died.get() == ALIVE));
            s.back = all;
        }
        s.head = 0;
        let renumber = |list: &mut Positions| {
            list.retain_mut(|p| {
                *p = moved[(*p - start) as usize];
                *p >= 0
            })
        };
        for ix in s.indexes.iter_mut().flatten() {
            ix.buckets.retain(|_, list| {
                renumber(list);
                !list.is_empty()
            });
            renumber(&mut ix.vars);
        }
    }
}
