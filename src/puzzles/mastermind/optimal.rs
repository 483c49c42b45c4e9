//! Exact optimal Mastermind strategies: depth-first branch and bound over
//! strategy trees, minimising the total number of guesses over a candidate
//! set (guesses any code, or only consistent ones), optionally with a limit on
//! the guesses any secret may need.
//!
//! The cost of a set `S` of `n` candidates is `cost(S) = min_g (n + sum over
//! the non-winning classes P of g's partition of cost(P))`.
//!
//! Lower bound (`level_bound`): with `b` non-winning feedbacks, one guess
//! finishes at most one secret (when it is a candidate) and splits the rest
//! into at most `b` classes, so at most `b^(k-1)` secrets can finish with
//! exactly `k` guesses. Filling levels 1, 2, ... greedily with capacities
//! 1, b, b^2, ... therefore gives a sum no strategy can beat; with `d` guesses
//! left, more than `1 + b + ... + b^(d-1)` candidates are infeasible. A guess
//! is bounded by `n + sum lb(|P|)` over its classes; guesses are tried in
//! increasing order of that bound and the search stops when the bound reaches
//! the best total found. A candidate that separates all the others reaches
//! the absolute bound `2n - 1` and ends the search at once. Below a node the
//! bound is tightened: no guess splits a subset of `S` into more classes than
//! the most (`k_max`) any guess makes on `S`, so level filling with `k_max`
//! in place of `b` bounds the node and all its classes. Before any class of a
//! guess is searched, every class gets its cheapest known bound (memo entry,
//! `2m - 1` or `2m` for small classes by a separating candidate), so most
//! guesses are cut without a recursive call. The classes of each root guess
//! (and, with many feedbacks, every class of 15 or more codes) also get a
//! one-level bound (`probe`: the least bound of any guess on the class).
//!
//! The classes of a guess are searched smallest first (the largest first
//! only at the root before any total is known, to keep the cores busy):
//! small classes raise the guess's bound for the least work, so a guess that
//! is not better is usually cut before its largest classes are searched. The
//! class sizes of every guess come from `Columns` (a block of guesses per
//! vector of byte counters).
//!
//! Pruning: guesses whose feedback vector over `S` equals an earlier guess's
//! give the same partition and are skipped (checked exactly, not by hash
//! alone); guesses that do not split `S` are skipped; of the guesses
//! equivalent under the colour and position permutations fixing every guess
//! played so far (which map `S` onto itself) only the lowest is tried.
//! Results are memoised per candidate set (exact values, or proven lower
//! bounds after a failed search), which is sound since the cost of a set
//! does not depend on how it was reached. The top level shares the classes
//! of each first guess between the cores.

use super::code::{worker_count, Code, Fb, Space};
use super::columns::{Columns, MAX_FEEDBACKS, MAX_SET};
use super::partition::{split, Part};
pub use super::strategy::Pool;
use super::symmetry::{self, Sym};
use super::verify::{Tree, TreeNode};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex};

/// Remaining-guesses value meaning "no limit".
pub const UNLIMITED: u8 = u8::MAX;
/// A cost no strategy reaches (infeasible).
pub const INF: u32 = u32::MAX / 4;
/// Depths at or above this use the unlimited lower bound (still sound).
const BOUND_DEPTHS: usize = 32;
/// Set sizes up to this have their lower bounds tabled.
const BOUND_TABLE: usize = 4096;
/// Most entries (|symmetries| x codes) of a materialised permutation table.
const PERM_LIMIT: usize = 1 << 23;
/// Codes kept in one worker's memo before it is cleared.
const MEMO_CODES: usize = 1 << 24;
/// With at least this many non-winning feedbacks, classes of a guess
/// being tried get one-level bounds (`probe`) from `PROBE_SIZE` codes.
const PROBE_FEEDBACKS: u32 = 16;
/// See `PROBE_FEEDBACKS`.
const PROBE_SIZE: usize = 15;
/// Sets at least this large are solved with all cores.
const PARALLEL_MIN: usize = 200;

/// The result of an exact search.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Minimal total guesses over the candidate set.
    pub total: u64,
    /// An optimal strategy tree.
    pub tree: Tree,
    /// Search nodes expanded (a measure of work).
    pub nodes: u64,
}

/// Greedy level-filling lower bound for `m` candidates with `d` guesses left
/// (`UNLIMITED` for none) and `b` non-winning feedbacks; `INF` if infeasible.
pub fn level_bound(m: usize, d: u8, b: u32) -> u32 {
    let mut rem = m as u64;
    let mut total = 0u64;
    let mut cap = 1u64;
    let mut k = 1u64;
    while rem > 0 {
        if d != UNLIMITED && k > d as u64 {
            return INF;
        }
        let take = rem.min(cap);
        total += k * take;
        rem -= take;
        cap = cap.saturating_mul(b as u64);
        k += 1;
    }
    total.min(INF as u64) as u32
}

fn down(d: u8) -> u8 {
    if d == UNLIMITED {
        d
    } else {
        d.saturating_sub(1)
    }
}

/// Level-filling bounds (as `level_bound`) for every size `0..=n` into `out`.
fn fill_bounds(out: &mut Vec<u32>, n: usize, d: u8, b: u32) {
    out.clear();
    out.push(0);
    let (mut total, mut level, mut cap, mut used) = (0u64, 1u64, 1u64, 0u64);
    for _ in 1..=n {
        if used == cap {
            used = 0;
            cap = cap.saturating_mul(b as u64);
            level += 1;
        }
        used += 1;
        if d != UNLIMITED && level > d as u64 {
            total = INF as u64;
        } else {
            total = (total + level).min(INF as u64);
        }
        out.push(total as u32);
    }
}

/// A small multiplicative hasher for memo keys and partition signatures.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

const FX_K: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let w = u64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
            self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(FX_K);
        }
        for &b in chunks.remainder() {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(FX_K);
        }
    }
    fn write_u64(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(FX_K);
    }
    fn write_usize(&mut self, w: usize) {
        self.write_u64(w as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// Permutation tables of the codes, one per symmetry.
type Perms = Arc<Vec<Vec<Code>>>;

type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// Search data shared by all workers.
struct Shared<'a> {
    space: &'a Space,
    pool: Pool,
    b: u32,
    /// `bounds[min(d, BOUND_DEPTHS)][m]`, `BOUND_DEPTHS` being unlimited.
    bounds: Vec<Vec<u32>>,
    /// The set of colours of each code, as a bit mask.
    colours: Vec<u32>,
    /// Dense index of each packed feedback: the non-winning ones `0..b`,
    /// the winning one `b`.
    dmap: [u8; 256],
    /// The feedback table in dense indices (row per guess), if tabled.
    dense: Option<Vec<u8>>,
    /// The same table one-hot (`1 << index`), if small enough.
    bits: Option<Bits>,
    /// Classes from this size get one-level bounds before a search: with
    /// many feedbacks (5 pegs) level filling with `b` is weak and the probe
    /// refutes many guesses (5x5 with the smallest-first order: 0.92 ->
    /// 0.85 s CPU); with 4 pegs it is off: it costs 4x6 more than it saves
    /// (0.047 -> 0.055 s), though 4x7 would gain (2.95 -> 2.36 s).
    probe_min: usize,
}

/// One-hot feedback rows (`1 << dense index` per guess and secret): ORing the
/// rows of a set's codes gives every guess's set of feedbacks at once, with
/// plain (vectorised) ORs.
enum Bits {
    /// For at most 16 feedbacks.
    Narrow(Vec<u16>),
    /// For at most 32 feedbacks.
    Wide(Vec<u32>),
}

/// Most bytes of a one-hot table.
const BITS_LIMIT: usize = 48 << 20;

/// ORs the rows of `s` (each `n` wide) of `table` into `out`.
fn or_rows<T: Copy + Default + std::ops::BitOrAssign>(
    table: &[T],
    n: usize,
    s: &[Code],
    out: &mut Vec<T>,
) {
    out.clear();
    out.resize(n, T::default());
    for &x in s {
        let row = &table[x as usize * n..(x as usize + 1) * n];
        for (o, &r) in out.iter_mut().zip(row) {
            *o |= r;
        }
    }
}

impl<'a> Shared<'a> {
    fn new(space: &'a Space, pool: Pool) -> Shared<'a> {
        let spec = space.spec;
        let valid = (0..=spec.pegs)
            .flat_map(|bl| (0..=spec.pegs).map(move |w| (bl, w)))
            .filter(|&(bl, w)| spec.valid_fb(bl, w))
            .count() as u32;
        let b = valid.saturating_sub(1).max(1);
        let top = space.len().min(BOUND_TABLE);
        let bounds = (0..=BOUND_DEPTHS)
            .map(|d| {
                let d = if d == BOUND_DEPTHS {
                    UNLIMITED
                } else {
                    d as u8
                };
                (0..=top).map(|m| level_bound(m, d, b)).collect()
            })
            .collect();
        let colours = (0..space.len() as Code)
            .map(|c| spec.decode(c).iter().fold(0, |m, &x| m | 1 << x))
            .collect();
        let mut dmap = [0u8; 256];
        let mut next = 0u8;
        for (f, slot) in dmap.iter_mut().enumerate().take(spec.fb_slots()) {
            let (bl, w) = (spec.black(f as Fb), spec.white(f as Fb));
            if f as Fb == spec.win() {
                *slot = b as u8;
            } else if spec.valid_fb(bl, w) {
                *slot = next;
                next += 1;
            }
        }
        let dense = (0..space.len() as Code)
            .map(|g| space.row(g).map(|r| r.iter().map(|&f| dmap[f as usize])))
            .try_fold(Vec::new(), |mut acc, row| {
                acc.extend(row?);
                Some(acc)
            });
        let cells = space.len() * space.len();
        let bits = dense.as_ref().and_then(|t| {
            if b < 16 && cells * 2 <= BITS_LIMIT {
                Some(Bits::Narrow(t.iter().map(|&f| 1u16 << f).collect()))
            } else if b < 32 && cells * 4 <= BITS_LIMIT {
                Some(Bits::Wide(t.iter().map(|&f| 1u32 << f).collect()))
            } else {
                None
            }
        });
        Shared {
            space,
            pool,
            b,
            bounds,
            colours,
            dmap,
            dense,
            bits,
            probe_min: if b >= PROBE_FEEDBACKS {
                PROBE_SIZE
            } else {
                usize::MAX
            },
        }
    }

    /// The dense feedback index of guess `g` against secret `x`.
    #[inline]
    fn fbi(&self, g: Code, x: Code) -> u8 {
        match &self.dense {
            Some(t) => t[g as usize * self.space.len() + x as usize],
            None => self.dmap[self.space.fb(g, x) as usize],
        }
    }

    /// The lowest candidate of `s` whose feedback differs for every
    /// candidate, if any.
    fn perfect(&self, s: &[Code]) -> Option<Code> {
        let t = match &self.dense {
            Some(t) if self.b < 64 => t,
            _ => return perfect_candidate(self.space, s),
        };
        let len = self.space.len();
        s.iter().copied().find(|&g| {
            let row = &t[g as usize * len..(g as usize + 1) * len];
            let mut seen = 0u64;
            s.iter().all(|&x| {
                let bit = 1u64 << row[x as usize];
                let fresh = seen & bit == 0;
                seen |= bit;
                fresh
            })
        })
    }

    #[inline]
    fn lb(&self, m: usize, d: u8) -> u32 {
        let row = &self.bounds[(d as usize).min(BOUND_DEPTHS)];
        match row.get(m) {
            Some(&v) => v,
            None if d as usize >= BOUND_DEPTHS => level_bound(m, UNLIMITED, self.b),
            None => level_bound(m, d, self.b),
        }
    }
}

#[derive(Clone, Copy)]
struct Entry {
    value: u32,
    exact: bool,
    /// For exact entries, the guess trees take (see `best_guess`).
    guess: Code,
}

/// How a guess splits a set: `(inside, classes, bound, exact)` (see `score`).
type Score = (bool, u32, u32, bool);

/// A guess to try: `(bound, outside, code, strong bound)`.
type Guess = (u32, bool, Code, u32);

/// Per-depth scratch space.
#[derive(Default)]
struct Level {
    buf: Vec<Code>,
    parts: Vec<Part>,
    /// `(bound, outside, code, strong bound)`: the order of the first three
    /// decides which optimal guess a tree takes; the strong bound cuts.
    guesses: Vec<Guess>,
    sigs: FxMap<u64, Code>,
    child_sym: Vec<u32>,
    order: Vec<usize>,
    /// The guesses left after the cheap filters.
    cand: Vec<Code>,
    /// Class sizes of every guess, if counted.
    cols: Columns,
    /// The set of feedbacks of every code as a guess (one-hot ORs).
    m16: Vec<u16>,
    m32: Vec<u32>,
    /// The feedback set of each guess of `cand`.
    gm: Vec<u32>,
    /// `score` of a feedback set by `mask_index`, with the bounds `lbt`
    /// (`mtab`) and `wlbt` (`wmtab`).
    mtab: Vec<Score>,
    wmtab: Vec<Score>,
    /// The most non-winning classes a guess of `cand` makes (`b` if not
    /// counted).
    kmax: u32,
    /// Lower bounds by class size used for this node's guesses.
    lbt: Vec<u32>,
    /// The same with the global feedback count (what orders the guesses).
    wlbt: Vec<u32>,
    /// The cheap bound of each class of the guess being tried, and whether exact.
    known: Vec<(u32, bool)>,
}

/// One searching thread: its memo, scratch space and symmetry table.
struct Worker<'a> {
    sh: &'a Shared<'a>,
    memo: FxMap<Box<[u32]>, Entry>,
    memo_codes: usize,
    key: Vec<u32>,
    levels: Vec<Level>,
    /// Permutations of the codes (one per symmetry) that `sym` indices refer to.
    perms: Perms,
    nodes: u64,
}

impl<'a> Worker<'a> {
    fn new(sh: &'a Shared<'a>) -> Worker<'a> {
        Worker {
            sh,
            memo: FxMap::default(),
            memo_codes: 0,
            key: Vec::new(),
            levels: Vec::new(),
            perms: Arc::new(Vec::new()),
            nodes: 0,
        }
    }

    fn set_key(&mut self, s: &[Code], d: u8) {
        self.key.clear();
        self.key.extend_from_slice(s);
        self.key.push(d as u32);
    }

    fn remember(&mut self, s: &[Code], d: u8, e: Entry) {
        if self.memo_codes > MEMO_CODES {
            self.memo.clear();
            self.memo_codes = 0;
        }
        self.set_key(s, d);
        self.memo_codes += self.key.len();
        self.memo.insert(self.key.clone().into_boxed_slice(), e);
    }

    fn lookup(&mut self, s: &[Code], d: u8) -> Option<Entry> {
        self.set_key(s, d);
        self.memo.get(&self.key[..]).copied()
    }

    /// The candidate guesses at a node whose bounds are below `ub`
    /// (unsorted; best first is the order of `(bound, outside, code)`;
    /// `strong` for search nodes: bounds tightened by `k_max`, repeated
    /// partitions left for the caller to drop): those of `only` if given, else the pool's (candidates first),
    /// less the symmetric images and repeated partitions. Returns the least
    /// bound of the guesses left out for reaching `ub` (`INF` if none). A
    /// guess whose classes all have one or two codes has an exact bound; if
    /// that is at most `floor` (a lower bound of the node) it is optimal and
    /// is returned alone.
    #[allow(clippy::too_many_arguments)]
    fn gather(
        &self,
        s: &[Code],
        d: u8,
        ub: u32,
        floor: u32,
        sym: &[u32],
        only: Option<&[Code]>,
        strong: bool,
        lv: &mut Level,
    ) -> u32 {
        let sp = self.sh.space;
        let n = s.len();
        let dd = down(d);
        lv.guesses.clear();
        lv.sigs.clear();
        let perms = &self.perms;
        let b = self.sh.b as usize;
        let mut counts = [0u32; 256];
        let mut skipped = INF;
        // Lower bounds by class size below the node (level filling with the
        // global feedback count; tightened below once the classes are counted).
        lv.wlbt.clear();
        lv.wlbt.extend((0..=n).map(|m| self.sh.lb(m, dd)));
        lv.lbt.clone_from(&lv.wlbt);
        // Colours absent from every candidate score nothing, so they are all
        // alike: without symmetries to use, guesses may use only the present
        // colours and the lowest absent one (any guess scores as the one with
        // its absent colours replaced by that colour).
        let present = s.iter().fold(0u32, |m, &x| m | self.sh.colours[x as usize]);
        let all = (1u32 << sp.spec.colors) - 1;
        let absent = all & !present;
        let alphabet = if sym.len() <= 1 && absent.count_ones() >= 2 && only.is_none() {
            present | (absent & absent.wrapping_neg())
        } else {
            all
        };
        let keep = |g: Code| {
            self.sh.colours[g as usize] & !alphabet == 0
                && (sym.len() <= 1 || sym.iter().all(|&i| perms[i as usize][g as usize] >= g))
        };
        lv.cand.clear();
        // Search nodes guessing any code take every code in ascending order
        // and filter the guesses that survive the bounds (most do not): the
        // order of `cand` matters only for the early return of `!strong`,
        // and `kmax` over every code equals `kmax` over the kept ones (a
        // symmetric image or a collapse splits `s` as the code kept).
        let lazy = strong && only.is_none() && self.sh.pool == Pool::All;
        match (only, self.sh.pool) {
            (Some(o), _) => lv.cand.extend(o.iter().copied().filter(|&g| keep(g))),
            (None, Pool::Consistent) => lv.cand.extend(s.iter().copied().filter(|&g| keep(g))),
            (None, Pool::All) if lazy => lv.cand.extend(0..sp.len() as Code),
            (None, Pool::All) => {
                // Candidates first, then the other codes in ascending order.
                lv.cand.extend(s.iter().copied().filter(|&g| keep(g)));
                let mut j = 0;
                for c in 0..sp.len() as Code {
                    while j < n && s[j] < c {
                        j += 1;
                    }
                    if (j >= n || s[j] != c) && keep(c) {
                        lv.cand.push(c);
                    }
                }
            }
        }
        // Small sets: the set of feedbacks of every guess, by ORing the
        // one-hot rows of the candidates (enough while all class bounds are
        // linear, see `from_mask`).
        let codes = sp.len();
        let mut masked = false;
        if n <= b + 1 && lv.cand.len() * 4 >= codes {
            lv.gm.clear();
            match &self.sh.bits {
                Some(Bits::Narrow(t)) => {
                    or_rows(t, codes, s, &mut lv.m16);
                    let m = &lv.m16;
                    lv.gm.extend(lv.cand.iter().map(|&g| m[g as usize] as u32));
                    masked = true;
                }
                Some(Bits::Wide(t)) => {
                    or_rows(t, codes, s, &mut lv.m32);
                    let m = &lv.m32;
                    lv.gm.extend(lv.cand.iter().map(|&g| m[g as usize]));
                    masked = true;
                }
                None => {}
            }
        }
        // Otherwise with a table, count the classes of all guesses at once
        // (`Columns`): of every code if most are guesses (slot = code), else
        // of the guesses (slot = position in `cand`).
        let sparse = lv.cand.len() * 4 < codes;
        let slot = |i: usize, g: Code| if sparse { i } else { g as usize };
        let transposed = !masked && n <= MAX_SET && b < MAX_FEEDBACKS;
        let transposed = transposed
            && match &self.sh.dense {
                Some(t) => {
                    let some = sparse.then_some(&lv.cand[..]);
                    lv.cols.count(t, codes, s, b, some);
                    true
                }
                None => false,
            };
        lv.kmax = self.sh.b;
        if masked || transposed {
            // No guess splits a subset of `s` into more classes than the
            // most any guess makes on `s`, so level filling with that many
            // classes bounds every class below the node.
            let nonwin = (1u32 << b) - 1;
            let kmax = if masked {
                lv.gm.iter().map(|&m| (m & nonwin).count_ones()).max()
            } else {
                (lv.cand.iter().enumerate())
                    .map(|(i, &g)| lv.cols.classes(slot(i, g)))
                    .max()
            };
            lv.kmax = kmax.unwrap_or(0).max(1);
        }
        if strong && lv.kmax < self.sh.b {
            fill_bounds(&mut lv.lbt, n, dd, lv.kmax);
            let node = level_bound(n, d, lv.kmax);
            if node >= ub {
                return node;
            }
        }
        let linear = (1..=n).all(|c| lv.lbt[c] == 2 * c as u32 - 1);
        let (lbt, wlbt) = (&lv.lbt[..], &lv.wlbt[..]);
        // Tightened tables need class sizes (linear ones are equal).
        let differ = lbt != wlbt;
        let weak_linear = (1..=n).all(|c| wlbt[c] == 2 * c as u32 - 1);
        let (upto, wupto) = (linear_upto(lbt), linear_upto(wlbt));
        if masked {
            mask_table(&mut lv.mtab, n, b, lbt, linear);
            mask_table(&mut lv.wmtab, n, b, wlbt, weak_linear);
        }
        let mut pick: Option<Guess> = None;
        for i in 0..lv.cand.len() {
            let g = lv.cand[i];
            let sc = if masked {
                Ok(lv.mtab[mask_index(lv.gm[i], b)])
            } else if transposed {
                Ok(from_columns(&lv.cols, slot(i, g), n, lbt, linear, upto))
            } else {
                let dmap = &self.sh.dmap;
                let f = |x| dmap[sp.fb(g, x) as usize] as usize;
                score(s, f, b, lbt, linear, ub, &mut counts)
            };
            let (inside, classes, glb, exact) = match sc {
                Ok(v) => v,
                Err(glb) => {
                    skipped = skipped.min(glb);
                    continue;
                }
            };
            if !inside && classes == 1 {
                continue; // no split at all
            }
            // Exact under the weak bounds: tables differ only when the
            // strong one is not linear, where exact means classes of at most
            // two (and then both bounds agree).
            let wexact = exact && (!differ || !weak_linear || classes + inside as u32 == n as u32);
            if glb >= ub {
                skipped = skipped.min(glb);
                continue;
            }
            if lazy && !keep(g) {
                continue;
            }
            // An exact bound at the node's floor is optimal: the lowest such
            // code is the node's guess (the first one met, in ascending
            // order, outside search nodes; a code left out by `keep` is
            // never the lowest of its class).
            if wexact && glb <= floor {
                let me = (glb, !inside, g, glb);
                if !strong {
                    lv.guesses.clear();
                    lv.guesses.push(me);
                    return skipped;
                }
                if pick.is_none_or(|p| g < p.2) {
                    pick = Some(me);
                }
            }
            // Search nodes try few of their guesses: they drop repeated
            // partitions when they try them.
            if !strong && self.repeated(s, g, &mut lv.sigs) {
                continue;
            }
            let wglb = if differ && masked {
                // The weak table is linear whenever the mask is used.
                lv.wmtab[mask_index(lv.gm[i], b)].2
            } else if differ {
                from_columns(&lv.cols, slot(i, g), n, wlbt, weak_linear, wupto).2
            } else {
                glb
            };
            lv.guesses.push((wglb, !inside, g, glb));
        }
        if let Some(p) = pick {
            lv.guesses.clear();
            lv.guesses.push(p);
        }
        skipped
    }

    /// Whether `g` splits `s` as a guess already recorded in `sigs` (checked
    /// exactly, not by hash alone); records it if not.
    fn repeated(&self, s: &[Code], g: Code, sigs: &mut FxMap<u64, Code>) -> bool {
        let mix = |h: u64, v: u64| (h.rotate_left(5) ^ v).wrapping_mul(FX_K);
        let h = s.iter().fold(0, |h, &x| mix(h, self.sh.fbi(g, x) as u64));
        match sigs.get(&h) {
            Some(&r) => s.iter().all(|&x| self.sh.fbi(g, x) == self.sh.fbi(r, x)),
            None => {
                sigs.insert(h, g);
                false
            }
        }
    }

    /// A bound of the cost of `s` (`lb` by its size) from the memo and, for
    /// sets small enough, whether a candidate separates all the others:
    /// `(bound, exact)`. Costs at most `|s|^2` feedbacks, no guess scan.
    /// `kmax` bounds the classes a guess makes on `s`: with fewer than
    /// `|s| - 1` no candidate separates (and `lb` is at least `2 |s|`).
    fn cheap(&mut self, s: &[Code], d: u8, lb: u32, kmax: u32) -> (u32, bool) {
        let n = s.len();
        if n <= 2 || lb >= INF {
            return (lb, true);
        }
        let mut v = lb;
        if let Some(e) = self.lookup(s, d) {
            if e.exact {
                return (e.value, true);
            }
            v = v.max(e.value);
        }
        if n <= kmax as usize + 1 && d >= 2 {
            if self.sh.perfect(s).is_some() {
                return (2 * n as u32 - 1, true);
            }
            v = v.max(2 * n as u32);
        }
        (v, false)
    }

    /// A lower bound of the cost of `s` with `d` guesses left, one level
    /// deep: the least bound of any guess (classes bounded by level filling
    /// with the most classes a guess makes on `s`), at least `lb`. Costs one
    /// scoring of every guess, no recursion; the bound is memoised.
    fn probe(&mut self, s: &[Code], d: u8) -> u32 {
        let n = s.len();
        let lb = self.sh.lb(n, d);
        if n <= 2 || lb >= INF {
            return lb;
        }
        if let Some(e) = self.lookup(s, d) {
            if e.exact {
                return e.value;
            }
        }
        let mut lv = Level::default();
        let saved = std::mem::replace(&mut self.perms, Arc::new(Vec::new()));
        let skipped = self.gather(s, d, INF, 0, &[], None, true, &mut lv);
        self.perms = saved;
        let v = lv
            .guesses
            .iter()
            .map(|g| g.3)
            .fold(skipped, u32::min)
            .max(lb);
        let old = self.lookup(s, d).map_or(0, |e| e.value);
        self.bound(s, d, v.max(old))
    }

    /// Records and returns an exact value, reached by `guess`.
    fn exact(&mut self, s: &[Code], d: u8, value: u32, guess: Code) -> u32 {
        let e = Entry {
            value,
            exact: true,
            guess,
        };
        self.remember(s, d, e);
        value
    }

    /// Records and returns a lower bound.
    fn bound(&mut self, s: &[Code], d: u8, value: u32) -> u32 {
        let e = Entry {
            value,
            exact: false,
            guess: 0,
        };
        self.remember(s, d, e);
        value
    }

    /// Minimal cost of `s` with `d` guesses left, if below `ub`; otherwise a
    /// lower bound that is at least `ub`.
    fn solve(&mut self, s: &[Code], d: u8, ub: u32, depth: usize, sym: &[u32]) -> u32 {
        let n = s.len();
        if n == 0 {
            return 0;
        }
        if d == 0 {
            return INF;
        }
        if n == 1 {
            return 1;
        }
        if n == 2 {
            return if d >= 2 { 3 } else { INF };
        }
        let mut lb0 = self.sh.lb(n, d);
        if lb0 >= ub {
            return lb0;
        }
        // The bound that does not depend on the memo: the guess chosen at a
        // node must not depend on what the memo (or another thread) holds.
        let mut floor = lb0;
        if let Some(e) = self.lookup(s, d) {
            if e.exact || e.value >= ub {
                return e.value;
            }
            lb0 = lb0.max(e.value);
        }
        self.nodes += 1;
        let sp = self.sh.space;
        if n <= self.sh.b as usize + 1 && d >= 2 {
            if let Some(g) = self.sh.perfect(s) {
                return self.exact(s, d, 2 * n as u32 - 1, g);
            }
            // Without a separating candidate every guess leaves a class of two
            // or more (cost >= 2n); a separating non-candidate reaches 2n.
            floor = floor.max(2 * n as u32);
            lb0 = lb0.max(floor);
            if lb0 >= ub {
                return self.bound(s, d, lb0);
            }
        }
        if self.levels.len() <= depth {
            self.levels.resize_with(depth + 1, Level::default);
        }
        let mut lv = std::mem::take(&mut self.levels[depth]);
        let skipped = self.gather(s, d, ub, floor, sym, None, true, &mut lv);
        let win = sp.spec.win();
        let dd = down(d);
        let mut best = ub;
        let mut best_g = None;
        let mut fail = skipped;
        let guesses = std::mem::take(&mut lv.guesses);
        let mut guesses = guesses;
        let (mut i, mut sorted) = (0, 0);
        while i < guesses.len() {
            if i == sorted {
                sorted = sort_more(&mut guesses, sorted);
            }
            // In the order of the weak bounds (which the trees' choice
            // follows: the first optimal guess in that order), cut by the
            // strong ones.
            let (wglb, _, g, glb) = guesses[i];
            i += 1;
            if wglb >= best {
                fail = fail.min(wglb);
                break;
            }
            if glb >= best {
                fail = fail.min(glb);
                continue;
            }
            if self.repeated(s, g, &mut lv.sigs) {
                continue;
            }
            split(sp, g, s, &mut lv.buf, &mut lv.parts);
            lv.child_sym.clear();
            if sym.len() > 1 {
                let perms = &self.perms;
                lv.child_sym.extend(
                    sym.iter()
                        .copied()
                        .filter(|&i| perms[i as usize][g as usize] == g),
                );
            }
            lv.order.clear();
            lv.order
                .extend((0..lv.parts.len()).filter(|&i| lv.parts[i].fb != win));
            // Smallest classes first: they raise the guess's bound for the
            // least work, so a guess that is not better is usually cut before
            // its largest classes are searched (4x6: 0.068 -> 0.045 s CPU).
            let parts = &lv.parts;
            lv.order
                .sort_unstable_by_key(|&i| parts[i].end - parts[i].start);
            // Cheap bounds of every class first (memo, separating
            // candidates), so that a guess is cut before any class is searched.
            let mut acc = glb;
            let mut ok = true;
            lv.known.clear();
            for k in 0..lv.order.len() {
                let p = lv.parts[lv.order[k]];
                let m = p.end - p.start;
                let plb = lv.lbt[m];
                let (mut v, exact) = self.cheap(&lv.buf[p.start..p.end], dd, plb, lv.kmax);
                if !exact && m >= self.sh.probe_min && acc - plb + v < best {
                    v = v.max(self.probe(&lv.buf[p.start..p.end], dd));
                }
                lv.known.push((v, exact));
                acc = (acc - plb + v).min(INF);
                if acc >= best {
                    ok = false;
                    break;
                }
            }
            for k in 0..lv.order.len() {
                if !ok {
                    break;
                }
                let (plb, exact) = lv.known[k];
                if exact {
                    continue;
                }
                let p = lv.parts[lv.order[k]];
                let budget = best - (acc - plb);
                let v = self.solve(
                    &lv.buf[p.start..p.end],
                    dd,
                    budget,
                    depth + 1,
                    &lv.child_sym,
                );
                acc = (acc - plb + v).min(INF);
                if acc >= best {
                    ok = false;
                    break;
                }
            }
            if ok {
                best = acc;
                best_g = Some(g);
                if best <= lb0 {
                    break;
                }
            } else if best_g.is_none() {
                fail = fail.min(acc);
            }
        }
        lv.guesses = guesses;
        self.levels[depth] = lv;
        match best_g {
            Some(g) => self.exact(s, d, best, g),
            None => self.bound(s, d, fail.max(ub).max(lb0)),
        }
    }

    /// The optimum of `s` with `d` guesses left (`INF` if infeasible).
    fn value(&mut self, s: &[Code], d: u8) -> u32 {
        match self.lookup(s, d) {
            Some(e) if e.exact => e.value,
            _ => {
                self.perms = Arc::new(Vec::new());
                self.solve(s, d, INF, 0, &[])
            }
        }
    }

    /// The optimal guess for `s` that the trees use: the first guess of the
    /// whole pool, in the order of (bound, inconsistency, code), reaching the
    /// optimum (or, if a guess has an exact bound at the node's floor, the
    /// lowest such). It depends neither on the symmetries in use nor on the
    /// memo, so trees are the same whatever the threads did. The search
    /// tries guesses in that order (symmetric images and repeated partitions
    /// come after their first), so the guess it records is this one.
    fn best_guess(&mut self, s: &[Code], d: u8) -> Option<Code> {
        if s.len() <= 2 {
            return s.first().copied();
        }
        if self.value(s, d) >= INF {
            return None;
        }
        match self.lookup(s, d) {
            Some(e) if e.exact => Some(e.guess),
            _ => self.first_optimal(s, d),
        }
    }

    /// `best_guess` by its definition, refuting the guesses before it: the
    /// reference for tests, and the fallback should the memo lose the entry.
    fn first_optimal(&mut self, s: &[Code], d: u8) -> Option<Code> {
        let n = s.len();
        if n <= 2 {
            return s.first().copied();
        }
        let v = self.value(s, d);
        if v >= INF {
            return None;
        }
        let sp = self.sh.space;
        let mut floor = self.sh.lb(n, d);
        if n <= self.sh.b as usize + 1 && d >= 2 {
            if let Some(g) = self.sh.perfect(s) {
                return Some(g);
            }
            floor = floor.max(2 * n as u32);
        }
        let pool: Vec<Code> = match self.sh.pool {
            Pool::All => sp.all(),
            Pool::Consistent => s.to_vec(),
        };
        if self.levels.is_empty() {
            self.levels.push(Level::default());
        }
        let mut lv = std::mem::take(&mut self.levels[0]);
        self.gather(s, d, v + 1, floor, &[], Some(&pool), false, &mut lv);
        lv.guesses.sort_unstable();
        let win = sp.spec.win();
        let dd = down(d);
        // The bounds with the most classes any guess makes prune guesses
        // (never reorder them: the order above decides the tree).
        let mut sb = Vec::new();
        fill_bounds(&mut sb, n, dd, lv.kmax);
        let mut found = None;
        for &(_, _, g, _) in &lv.guesses.clone() {
            split(sp, g, s, &mut lv.buf, &mut lv.parts);
            let classes = lv.parts.iter().filter(|p| p.fb != win);
            let mut acc = classes
                .map(|p| sb[p.end - p.start])
                .fold(n as u32, |a, v| (a + v).min(INF));
            if acc > v {
                continue;
            }
            lv.known.clear();
            for p in lv.parts.clone() {
                if p.fb == win {
                    continue;
                }
                let plb = sb[p.end - p.start];
                let (c, exact) = self.cheap(&lv.buf[p.start..p.end], dd, plb, lv.kmax);
                lv.known.push((c, exact));
                acc = (acc - plb + c).min(INF);
            }
            let mut k = 0;
            for p in lv.parts.clone() {
                if p.fb == win {
                    continue;
                }
                let (plb, exact) = lv.known[k];
                k += 1;
                if acc > v {
                    break;
                }
                if exact {
                    continue;
                }
                let budget = v + 1 - (acc - plb);
                let got = self.solve(&lv.buf[p.start..p.end], dd, budget, 1, &[]);
                acc = (acc - plb + got).min(INF);
            }
            if acc <= v {
                found = Some(g);
                break;
            }
        }
        self.levels[0] = lv;
        found
    }
}

/// Sorts the next few guesses from `from` into place (the rest stays
/// after them, unsorted); returns where the sorted prefix now ends. Most
/// nodes try only their first guesses, so sorting all is wasted.
fn sort_more(v: &mut [Guess], from: usize) -> usize {
    let rest = &mut v[from..];
    let k = rest.len().min(from.max(8));
    if k < rest.len() {
        rest.select_nth_unstable(k - 1);
    }
    rest[..k].sort_unstable();
    from + k
}

/// Scores a guess over `s`, `fbi` giving the dense feedback index of each
/// candidate (`b` for the win): `(inside, classes, bound, exact)`, or `Err`
/// with a lower bound of the guess's bound as soon as that reaches `ub`.
/// `counts` must hold zeros and is left so.
#[inline(always)]
fn score(
    s: &[Code],
    fbi: impl Fn(Code) -> usize,
    b: usize,
    lbt: &[u32],
    linear: bool,
    ub: u32,
    counts: &mut [u32; 256],
) -> Result<Score, u32> {
    let n = s.len();
    if linear {
        let mask = s.iter().fold(0u128, |m, &x| m | 1 << fbi(x));
        return Ok(from_mask(mask, n, b));
    }
    // Incremental: each candidate moves its class from size v to v + 1,
    // raising the bound by lb(v + 1) - lb(v) >= 0, so a partial sum that
    // reaches `ub` already excludes the guess.
    let mut glb = n as u64;
    let mut inside = false;
    let mut classes = 0;
    let mut big = false;
    for &x in s {
        let f = fbi(x);
        if f == b {
            inside = true;
            continue;
        }
        let v = counts[f] as usize;
        counts[f] = v as u32 + 1;
        glb += (lbt[v + 1] - lbt[v]) as u64;
        classes += (v == 0) as u32;
        big |= v >= 2;
        if glb >= ub as u64 {
            counts[..b].fill(0);
            return Err(glb.min(INF as u64) as u32);
        }
    }
    counts[..b].fill(0);
    Ok((inside, classes, glb.min(INF as u64) as u32, !big))
}

/// The index in a `mask_table` of the feedback set `mask` (bit `b` the win).
#[inline]
fn mask_index(mask: u32, b: usize) -> usize {
    let nonwin = (1u32 << b) - 1;
    (mask & nonwin).count_ones() as usize + (mask >> b & 1) as usize * (b + 1)
}

/// The scores of feedback sets by `mask_index` (they depend only on the
/// number of classes and on the win, for a node of `n` candidates with the
/// class bounds `lbt`), so that each guess costs a table read.
fn mask_table(out: &mut Vec<Score>, n: usize, b: usize, lbt: &[u32], linear: bool) {
    out.clear();
    for inside in [0u128, 1] {
        // No more classes than candidates (the entries past are never read).
        let rest = n.saturating_sub(inside as usize);
        for k in 0..=b {
            let mask = ((1u128 << k.min(rest)) - 1) | (inside << b);
            out.push(if linear {
                from_mask(mask, n, b)
            } else {
                from_mask_convex(mask, n, b, lbt)
            });
        }
    }
}

/// `score` from the set of a guess's feedbacks (bit `b` the win) when all
/// class bounds are `2c - 1`: the bound is then `n + 2 (n - inside) -
/// classes`, exact when every class is a single code.
#[inline]
fn from_mask(mask: u128, n: usize, b: usize) -> Score {
    let inside = mask >> b & 1 == 1;
    let classes = (mask & !(1 << b)).count_ones();
    let rest = (n - inside as usize) as u32;
    let glb = n as u32 + 2 * rest - classes;
    (inside, classes, glb, classes == rest)
}

/// `score` from the set of a guess's feedbacks (bit `b` the win) when the
/// class bounds `lbt` are convex but not all `2c - 1`: the class sizes are
/// unknown, so the bound is that of the most even split of the non-winning
/// candidates into that many classes (the least sum of a convex function
/// over parts of a fixed count and total), a lower bound of the exact one.
/// Exact only for all-singleton splits, as `from_mask`.
#[inline]
fn from_mask_convex(mask: u128, n: usize, b: usize, lbt: &[u32]) -> Score {
    let inside = mask >> b & 1 == 1;
    let classes = (mask & !(1 << b)).count_ones();
    let rest = n - inside as usize;
    let glb = if classes == 0 {
        n as u64
    } else {
        let k = classes as usize;
        let (q, r) = (rest / k, rest % k);
        let up = if r > 0 {
            r as u64 * lbt[q + 1] as u64
        } else {
            0
        };
        n as u64 + up + (k - r) as u64 * lbt[q] as u64
    };
    let glb = glb.min(INF as u64) as u32;
    (inside, classes, glb, classes as usize == rest)
}

/// `score` from the class sizes of slot `i`: `(inside, classes, bound, exact)`.
/// `upto`: the class bounds are `2c - 1` up to that size (`linear_upto`), so
/// splits into small classes need no table reads.
fn from_columns(
    cols: &Columns,
    i: usize,
    n: usize,
    lbt: &[u32],
    linear: bool,
    upto: usize,
) -> Score {
    let inside = cols.inside(i);
    let classes = cols.classes(i);
    let largest = cols.largest(i);
    let rest_n = n as u32 - inside as u32;
    let glb = if largest <= upto {
        n as u64 + 2 * rest_n as u64 - classes as u64
    } else {
        cols.sizes(i).fold(n as u64, |a, v| a + lbt[v] as u64)
    };
    // As in `score`: with linear bounds only all-singleton splits count as
    // exact (the early return must pick the same guess as before).
    let exact = if linear {
        classes == rest_n
    } else {
        largest <= 2
    };
    (inside, classes, glb.min(INF as u64) as u32, exact)
}

/// The largest size up to which the bounds of `lbt` are `2c - 1`.
fn linear_upto(lbt: &[u32]) -> usize {
    (1..lbt.len())
        .find(|&c| lbt[c] != 2 * c as u32 - 1)
        .map_or(lbt.len() - 1, |c| c - 1)
}

/// The lowest candidate whose feedback differs for every candidate, if any.
fn perfect_candidate(space: &Space, s: &[Code]) -> Option<Code> {
    s.iter().copied().find(|&g| {
        let mut seen = 0u128;
        s.iter().all(|&x| {
            let bit = 1u128 << space.fb(g, x);
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    })
}

/// The permutation of all codes induced by a symmetry.
fn perm_table(space: &Space, sym: &Sym) -> Vec<Code> {
    let spec = space.spec;
    let pegs = spec.pegs as usize;
    let c = spec.colors;
    let weight: Vec<u32> = (0..pegs)
        .map(|i| c.pow((pegs - 1 - sym.position[i]) as u32))
        .collect();
    let mut digits = vec![0u32; pegs];
    let mut out = Vec::with_capacity(space.len());
    for _ in 0..space.len() {
        let mut v = 0;
        for i in 0..pegs {
            v += sym.colour[digits[i] as usize] * weight[i];
        }
        out.push(v);
        for slot in digits.iter_mut().rev() {
            *slot += 1;
            if *slot < c {
                break;
            }
            *slot = 0;
        }
    }
    out
}

/// Materialised permutations of `syms`, if small enough.
fn perms_of(space: &Space, syms: &[&Sym]) -> Option<Vec<Vec<Code>>> {
    (syms.len().saturating_mul(space.len()) <= PERM_LIMIT)
        .then(|| syms.iter().map(|s| perm_table(space, s)).collect())
}

/// Why no strategy was returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The candidate set is empty.
    Empty,
    /// No strategy meets the guess limit.
    Infeasible,
}

/// The top level of a search: root guesses (one per symmetry class) and
/// their classes shared between the cores.
struct Root<'a> {
    sh: &'a Shared<'a>,
    s: &'a [Code],
    d: u8,
}

/// The state of one root guess's classes while the workers solve them.
struct Jobs {
    /// Current value per class: a lower bound until solved, then exact.
    known: Vec<u32>,
    next: usize,
    failed: bool,
}

impl<'a> Root<'a> {
    /// Root guesses (one per class of the symmetries mapping the set onto
    /// itself), best bound first, and those symmetries.
    fn guesses(&self, lead: &mut Worker<'a>) -> (Vec<(u32, Code)>, Vec<Sym>) {
        let space = self.sh.space;
        let mut lv = Level::default();
        let (stab, reps): (Vec<Sym>, Option<Vec<Code>>) = match symmetry::group(space) {
            None => (Vec::new(), None),
            Some(g) => {
                let mut member = vec![false; space.len()];
                for &x in self.s {
                    member[x as usize] = true;
                }
                let stab: Vec<Sym> = if self.s.len() == space.len() {
                    g
                } else {
                    g.into_iter()
                        .filter(|y| {
                            self.s
                                .iter()
                                .all(|&x| member[symmetry::apply(space, y, x) as usize])
                        })
                        .collect()
                };
                let reps = if self.s.len() == space.len() {
                    Some(space.shape_classes().into_iter().map(|c| c.0).collect())
                } else {
                    let refs: Vec<&Sym> = stab.iter().collect();
                    perms_of(space, &refs).map(|p| {
                        let pool: Vec<Code> = match self.sh.pool {
                            Pool::All => space.all(),
                            Pool::Consistent => self.s.to_vec(),
                        };
                        pool.into_iter()
                            .filter(|&c| p.iter().all(|q| q[c as usize] >= c))
                            .collect()
                    })
                };
                (stab, reps)
            }
        };
        lead.perms = Arc::new(Vec::new());
        lead.gather(self.s, self.d, INF, 0, &[], reps.as_deref(), false, &mut lv);
        lv.guesses.sort_unstable();
        let roots = lv.guesses.iter().map(|&(glb, _, g, _)| (glb, g)).collect();
        (roots, stab)
    }

    /// The permutation tables of the symmetries of `stab` fixing the root
    /// guess `g` (none if only the identity does), built only for root
    /// guesses whose classes are searched: for 1111 on 4x6 they would be
    /// 2,880 tables.
    fn fixing(&self, stab: &[Sym], g: Code) -> Perms {
        let space = self.sh.space;
        let fixing: Vec<&Sym> = stab
            .iter()
            .filter(|y| symmetry::apply(space, y, g) == g)
            .collect();
        let perms = if fixing.len() > 1 {
            perms_of(space, &fixing).unwrap_or_default()
        } else {
            Vec::new()
        };
        Arc::new(perms)
    }

    /// Solves the root; the cost and best guess, or `None` if infeasible.
    fn run(&self, workers: &mut [Worker<'a>]) -> Option<(u32, Code)> {
        let space = self.sh.space;
        let n = self.s.len();
        let dd = down(self.d);
        let win = space.spec.win();
        let (roots, stab) = self.guesses(&mut workers[0]);
        let mut best = INF;
        let mut best_g = None;
        let mut buf = Vec::new();
        let mut parts = Vec::new();
        for (glb, g) in roots {
            if glb >= best {
                break;
            }
            split(space, g, self.s, &mut buf, &mut parts);
            let mut classes: Vec<&[Code]> = parts
                .iter()
                .filter(|p| p.fb != win)
                .map(|p| &buf[p.start..p.end])
                .collect();
            // Without a best total yet every class must be solved: largest
            // first keeps both cores busy to the end. Against a best total,
            // smallest first: small classes raise the bound for less work,
            // so a guess is often refuted before its largest classes are
            // searched, and those get the tightest budgets (4x6: -23% CPU).
            if best >= INF {
                classes.sort_by_key(|c| std::cmp::Reverse(c.len()));
            } else {
                classes.sort_by_key(|c| c.len());
            }
            // One-level bounds of every class first: they refute most root
            // guesses before any class is searched.
            let known: Vec<u32> = classes.iter().map(|c| workers[0].probe(c, dd)).collect();
            if known.iter().fold(n as u32, |a, &v| (a + v).min(INF)) >= best {
                continue;
            }
            let perms = self.fixing(&stab, g);
            let sym: Vec<u32> = (0..perms.len() as u32).collect();
            let jobs = Mutex::new(Jobs {
                known,
                next: 0,
                failed: false,
            });
            let total = |j: &Jobs| j.known.iter().fold(n as u32, |a, &v| (a + v).min(INF));
            std::thread::scope(|sc| {
                for w in workers.iter_mut() {
                    let (jobs, classes, sym, perms) = (&jobs, &classes, &sym, &perms);
                    let total = &total;
                    sc.spawn(move || {
                        w.perms = perms.clone();
                        loop {
                            let (i, budget) = {
                                let mut j = jobs.lock().unwrap_or_else(|e| e.into_inner());
                                if j.failed || j.next >= classes.len() {
                                    return;
                                }
                                let i = j.next;
                                j.next += 1;
                                let t = total(&j);
                                if t >= best {
                                    j.failed = true;
                                    return;
                                }
                                (i, best - (t - j.known[i]))
                            };
                            let v = w.solve(classes[i], dd, budget, 1, sym);
                            let mut j = jobs.lock().unwrap_or_else(|e| e.into_inner());
                            j.known[i] = j.known[i].max(v);
                            if total(&j) >= best {
                                j.failed = true;
                            }
                        }
                    });
                }
            });
            let j = jobs.into_inner().unwrap_or_else(|e| e.into_inner());
            let t = total(&j);
            if !j.failed && t < best {
                best = t;
                best_g = Some(g);
            }
        }
        best_g.map(|g| (best, g))
    }
}

/// Builds the optimal tree below `s` from the memo (solving what is missing).
fn build(w: &mut Worker, s: &[Code], d: u8, first: Option<Code>, tree: &mut Tree) -> Option<()> {
    let space = w.sh.space;
    let win = space.spec.win();
    // Explicit stack: (set, guesses left, node index, forced guess).
    let mut stack: Vec<(Vec<Code>, u8, usize, Option<Code>)> = vec![(s.to_vec(), d, 0, first)];
    tree.nodes.push(TreeNode {
        guess: 0,
        children: Vec::new(),
    });
    let mut buf = Vec::new();
    let mut parts = Vec::new();
    while let Some((set, d, at, forced)) = stack.pop() {
        let g = match forced {
            Some(g) => g,
            None => w.best_guess(&set, d)?,
        };
        tree.nodes[at].guess = g;
        split(space, g, &set, &mut buf, &mut parts);
        for p in parts.iter().filter(|p| p.fb != win) {
            let idx = tree.nodes.len();
            tree.nodes.push(TreeNode {
                guess: 0,
                children: Vec::new(),
            });
            tree.nodes[at].children.push((p.fb, idx as u32));
            stack.push((buf[p.start..p.end].to_vec(), down(d), idx, None));
        }
    }
    Some(())
}

/// The exact optimum for the candidate set `s` (ascending) with `d` guesses
/// left (`UNLIMITED` for no limit): its total and an optimal tree.
pub fn solve(space: &Space, pool: Pool, s: &[Code], d: u8) -> Result<Solution, SolveError> {
    solve_from(space, pool, s, d, PARALLEL_MIN)
}

/// `solve`, with the top level shared between cores from `parallel_min` candidates.
fn solve_from(
    space: &Space,
    pool: Pool,
    s: &[Code],
    d: u8,
    parallel_min: usize,
) -> Result<Solution, SolveError> {
    if s.is_empty() {
        return Err(SolveError::Empty);
    }
    let sh = Shared::new(space, pool);
    let parallel = s.len() >= parallel_min;
    let threads = if parallel { worker_count().max(2) } else { 1 };
    let mut workers: Vec<Worker> = (0..threads).map(|_| Worker::new(&sh)).collect();
    let (total, first) = if parallel {
        let root = Root { sh: &sh, s, d };
        root.run(&mut workers).ok_or(SolveError::Infeasible)?
    } else {
        let v = workers[0].solve(s, d, INF, 0, &[]);
        if v >= INF {
            return Err(SolveError::Infeasible);
        }
        let g = workers[0].best_guess(s, d).ok_or(SolveError::Infeasible)?;
        (v, g)
    };
    let nodes = workers.iter().map(|w| w.nodes).sum();
    // Pool the exact results of all workers for the tree.
    let mut lead = workers.swap_remove(0);
    for w in workers {
        for (k, e) in w.memo {
            if e.exact {
                lead.memo.insert(k, e);
            }
        }
    }
    let mut tree = Tree::default();
    build(&mut lead, s, d, Some(first), &mut tree).ok_or(SolveError::Infeasible)?;
    Ok(Solution {
        total: total as u64,
        tree,
        nodes,
    })
}

#[cfg(test)]
#[path = "optimal_tests.rs"]
mod tests;
