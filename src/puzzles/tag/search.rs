//! Exhaustive search over small tag systems: every system of a space
//! (deletion numbers, ruled symbols, an optional halting symbol without a
//! rule, productions of bounded length, optionally some fixed productions) is
//! run on a set of input words with a step bound, and the longest-lived runs
//! are ranked -- the search behind the seed's "I wrote a program to
//! systematically test various simple tag systems".
//!
//! Systems that are the same up to a renaming of the ruled symbols behave the
//! same (a renaming `p` maps the run of `s` on `w` to the run of `p(s)` on
//! `p(w)`), so only one system per renaming class is run. The renamings used
//! are those that map the space onto itself (free symbols to free symbols,
//! fixed productions onto fixed productions) and the set of inputs onto
//! itself: all of them for `words` inputs, only those fixing `1` for unary
//! inputs. A system is run when it is the least of its class (symbol 0's
//! production most significant; words by length, then lexicographically by
//! code), and both the raw and the distinct counts are reported.
//!
//! The systems of a space are numbered (deletion number outermost, then the
//! production of symbol 0, ...); threads take chunks of numbers from an atomic
//! counter, keep their own top list, and the lists are merged. Ties are broken
//! by system number and input order, so the ranking does not depend on the
//! scheduling. Each run uses [`super::run::run`] (a byte deque, Brent's cycle
//! finding; no allocation per step); with a string cap (`max_string`) a run
//! goes through a reusable ring buffer without hashing and stops when its
//! string outgrows the cap ([`run_in`]), which makes growing systems cheap.
//!
//! The systems of the seed's "long underflows" lie in these spaces and come
//! out first on the seed's inputs (tests below; `bench/puzzles/tag_search.pl`
//! for the full 3-symbol space of 1,771,561 systems).

use super::run::{run, Outcome};
use super::system::TagSystem;
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering as AtomicOrdering};
use std::sync::Mutex;

/// Criterion bit: runs ending in an underflow.
pub const UNDERFLOW: u8 = 1;
/// Criterion bit: runs ending in a halt.
pub const HALT: u8 = 2;
/// Criterion bit: runs ending in a repeat.
pub const REPEAT: u8 = 4;
/// Criterion bit: runs still going at the step bound.
pub const RUNNING: u8 = 8;
/// Criterion bit: runs whose string outgrew the length cap.
pub const OUTGROWN: u8 = 16;

/// Steps after which a capped run looks for an early repeat with [`run`].
pub const PROBE_STEPS: u64 = 4096;

/// Most productions one free symbol may choose from.
pub const MAX_WORDS: usize = 1 << 22;

/// Longest free production.
pub const MAX_LEN: usize = 32;

/// Largest alphabet for which renamings are removed (8! permutations).
pub const MAX_RENAMED_SYMBOLS: usize = 8;

/// How a run of a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// As [`run`] reports it.
    Run(Outcome),
    /// The string at `step` is longer than the cap (no string repeated
    /// before: a repeating run never outgrows its longest string).
    Outgrown {
        /// The first step whose string is longer than the cap.
        step: u64,
        /// Its length.
        length: usize,
    },
}

impl Ending {
    /// The criterion bit of the ending.
    pub fn kind_bit(&self) -> u8 {
        match self {
            Ending::Run(Outcome::Underflow { .. }) => UNDERFLOW,
            Ending::Run(Outcome::Halt { .. }) => HALT,
            Ending::Run(Outcome::Repeat { .. }) => REPEAT,
            Ending::Run(Outcome::Running { .. }) => RUNNING,
            Ending::Outgrown { .. } => OUTGROWN,
        }
    }

    /// The step the ending is ranked by: the step of the underflow, the
    /// halt, the first repeated string, the step bound or the outgrowing.
    pub fn step(&self) -> u64 {
        match self {
            Ending::Run(Outcome::Underflow { step })
            | Ending::Run(Outcome::Halt { step, .. })
            | Ending::Run(Outcome::Repeat { step, .. })
            | Ending::Run(Outcome::Running { step, .. })
            | Ending::Outgrown { step, .. } => *step,
        }
    }
}

/// The string of a capped run: a ring buffer (power-of-two size, grown on
/// demand and reused from run to run) without the hashing of
/// [`Runner`](super::run::Runner), so growing systems cost a few nanoseconds
/// per step until they outgrow the cap.
#[derive(Debug, Default)]
pub struct Ring {
    buf: Vec<u8>,
    mask: usize,
    head: usize,
    tail: usize,
    step: u64,
}

impl Ring {
    /// Starts at step 1 with `word`.
    fn reset(&mut self, word: &[u8]) {
        self.head = 0;
        self.tail = 0;
        self.step = 1;
        self.push(word);
    }

    #[inline]
    fn push(&mut self, w: &[u8]) {
        if self.tail - self.head + w.len() > self.buf.len() {
            self.grow(self.tail - self.head + w.len());
        }
        for &b in w {
            self.buf[self.tail & self.mask] = b;
            self.tail += 1;
        }
    }

    /// Moves the string to a buffer of at least `need` symbols.
    fn grow(&mut self, need: usize) {
        let mut buf = vec![0u8; need.next_power_of_two().max(64)];
        for (j, i) in (self.head..self.tail).enumerate() {
            buf[j] = self.buf[i & self.mask];
        }
        self.tail -= self.head;
        self.head = 0;
        self.mask = buf.len() - 1;
        self.buf = buf;
    }

    fn word(&self) -> Vec<u8> {
        (self.head..self.tail)
            .map(|i| self.buf[i & self.mask])
            .collect()
    }

    /// Steps until a string ends the run or outgrows `cap` (that ending), or
    /// until step `until` (`None`). Checks in the order of [`run`]: ending,
    /// then the cap, then the bound.
    fn pass(&mut self, sys: &TagSystem, cap: usize, until: u64) -> Option<Ending> {
        loop {
            let len = self.tail - self.head;
            if len < sys.m {
                return Some(Ending::Run(Outcome::Underflow { step: self.step }));
            }
            let Some(rule) = sys.rule(self.buf[self.head & self.mask]) else {
                return Some(Ending::Run(Outcome::Halt {
                    step: self.step,
                    word: self.word(),
                }));
            };
            if len > cap {
                return Some(Ending::Outgrown {
                    step: self.step,
                    length: len,
                });
            }
            if self.step >= until {
                return None;
            }
            self.head += sys.m;
            self.push(rule);
            self.step += 1;
        }
    }
}

/// Runs `sys` on `word` for at most `max` steps, stopping when the string
/// gets longer than `cap` symbols (when there is a cap). The answer is that
/// of [`run`] except that outgrowing runs stop early (see [`run_in`]).
pub fn run_capped(sys: &TagSystem, word: &[u8], max: u64, cap: Option<usize>) -> Ending {
    run_in(&mut Ring::default(), sys, word, max, cap)
}

/// [`run_capped`] with a reusable ring. Without a cap this is [`run`]. With
/// one, the ring runs the first [`PROBE_STEPS`] steps (ending or outgrowing
/// runs stop there); [`run`] then looks for a repeat within those steps; the
/// ring goes on to `max`, and only a run still inside the cap at `max` is
/// rerun with [`run`] to tell a repeat from a run still going.
pub fn run_in(
    ring: &mut Ring,
    sys: &TagSystem,
    word: &[u8],
    max: u64,
    cap: Option<usize>,
) -> Ending {
    let Some(cap) = cap.filter(|_| max > 0) else {
        return Ending::Run(run(sys, word, max));
    };
    ring.reset(word);
    if let Some(e) = ring.pass(sys, cap, max.min(PROBE_STEPS)) {
        return e;
    }
    if max > PROBE_STEPS {
        match run(sys, word, PROBE_STEPS) {
            Outcome::Running { .. } => {}
            o => return Ending::Run(o),
        }
        if let Some(e) = ring.pass(sys, cap, max) {
            return e;
        }
    }
    Ending::Run(run(sys, word, max))
}

/// The systems searched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Space {
    /// The deletion numbers (each at least 1).
    pub deletions: Vec<usize>,
    /// The ruled symbols (codes `0..len`).
    pub alphabet: Vec<char>,
    /// A symbol without a rule (code `alphabet.len()`) that productions may use.
    pub halting: Option<char>,
    /// Shortest free production.
    pub min_len: usize,
    /// Longest free production.
    pub max_len: usize,
    /// Per ruled symbol, a fixed production (codes) or `None` (free).
    pub fixed: Vec<Option<Vec<u8>>>,
}

/// A search: a space, the inputs (codes) and how to rank.
#[derive(Debug, Clone)]
pub struct Search {
    /// The systems.
    pub space: Space,
    /// The input words, as codes of the space's symbols.
    pub inputs: Vec<Vec<u8>>,
    /// The step bound of every run.
    pub max_steps: u64,
    /// How many entries the ranking keeps.
    pub top: usize,
    /// Which outcomes are ranked (bits `UNDERFLOW | HALT | ...`).
    pub criterion: u8,
    /// Runs stop when their string gets longer than this (`None`: no cap).
    pub max_string: Option<usize>,
    /// One entry per run (true) or per system, its best input (false).
    pub per_run: bool,
    /// Worker threads (at least 1).
    pub threads: usize,
}

/// Why a search could not start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchError {
    /// No deletion number, or a zero one.
    BadDeletion,
    /// No ruled symbol.
    EmptyAlphabet,
    /// The same symbol twice (among the ruled ones and the halting one).
    DuplicateSymbol(char),
    /// More than 255 symbols.
    TooManySymbols,
    /// `min_len > max_len`, or `fixed` does not have one entry per symbol.
    BadLengths,
    /// An input or fixed production uses a code outside the alphabet.
    BadWord,
    /// More than `u64::MAX` systems, more than [`MAX_WORDS`] productions or
    /// free productions longer than [`MAX_LEN`].
    TooLarge,
}

/// One ranked run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The system (its alphabet includes the halting symbol, if any).
    pub system: TagSystem,
    /// The system's number in the space.
    pub index: u64,
    /// The index of the input in [`Search::inputs`].
    pub input: usize,
    /// How the run ended.
    pub outcome: Ending,
}

/// The result of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Systems in the space.
    pub raw: u64,
    /// Systems run (one per renaming class).
    pub distinct: u64,
    /// Runs made (distinct systems times inputs).
    pub runs: u64,
    /// Runs per ending: underflow, halt, repeat, running, outgrown.
    pub kinds: [u64; 5],
    /// The best entries, longest-lived first.
    pub ranking: Vec<Found>,
}

/// The words over `k` symbols with lengths `min..=max`, by length then
/// lexicographically.
pub fn all_words(k: usize, min: usize, max: usize) -> Result<Vec<Vec<u8>>, SearchError> {
    let mut count = 0usize;
    let mut per = 1usize;
    if max > MAX_LEN {
        return Err(SearchError::TooLarge);
    }
    for len in 0..=max {
        if len >= min {
            count = count.checked_add(per).ok_or(SearchError::TooLarge)?;
        }
        if len < max {
            per = per.checked_mul(k).ok_or(SearchError::TooLarge)?;
        }
    }
    if count > MAX_WORDS {
        return Err(SearchError::TooLarge);
    }
    let mut out = Vec::with_capacity(count);
    for len in min..=max {
        let n = (k as u64).pow(len as u32);
        for v in 0..n {
            let mut w = vec![0u8; len];
            let mut x = v;
            for c in w.iter_mut().rev() {
                *c = (x % k as u64) as u8;
                x /= k as u64;
            }
            out.push(w);
        }
    }
    Ok(out)
}

/// Compares `p(x)` with `y`, words ordered by length, then by codes.
fn cmp_renamed(p: &[u8], x: &[u8], y: &[u8]) -> Ordering {
    x.len().cmp(&y.len()).then_with(|| {
        for (&a, &b) in x.iter().zip(y) {
            match p[a as usize].cmp(&b) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    })
}

fn rename(p: &[u8], w: &[u8]) -> Vec<u8> {
    w.iter().map(|&c| p[c as usize]).collect()
}

/// The permutations of `0..k` as symbol renamings, or only the
/// identity above [`MAX_RENAMED_SYMBOLS`].
fn permutations(k: usize) -> Vec<Vec<u8>> {
    if k > MAX_RENAMED_SYMBOLS {
        return vec![(0..k as u8).collect()];
    }
    crate::puzzles::perm::permutations(k)
        .into_iter()
        .map(|p| p.into_iter().map(|x| x as u8).collect())
        .collect()
}

/// The prepared space: per symbol its choices, the renamings, the sizes.
struct Prepared<'a> {
    search: &'a Search,
    /// `sets[choice[a]]`: the productions symbol `a` may have.
    sets: Vec<Vec<Vec<u8>>>,
    choice: Vec<usize>,
    /// Renamings other than the identity, each as `(p, p^-1)` over all codes.
    renamings: Vec<(Vec<u8>, Vec<u8>)>,
    /// Systems per deletion number.
    per_m: u64,
    raw: u64,
}

impl<'a> Prepared<'a> {
    fn new(search: &'a Search) -> Result<Prepared<'a>, SearchError> {
        let sp = &search.space;
        if sp.deletions.is_empty() || sp.deletions.contains(&0) {
            return Err(SearchError::BadDeletion);
        }
        let k = sp.alphabet.len();
        if k == 0 {
            return Err(SearchError::EmptyAlphabet);
        }
        let all: Vec<char> = sp.alphabet.iter().copied().chain(sp.halting).collect();
        if all.len() > 255 {
            return Err(SearchError::TooManySymbols);
        }
        for (i, c) in all.iter().enumerate() {
            if all[..i].contains(c) {
                return Err(SearchError::DuplicateSymbol(*c));
            }
        }
        if sp.min_len > sp.max_len || sp.fixed.len() != k {
            return Err(SearchError::BadLengths);
        }
        let n = all.len();
        let in_alphabet = |w: &[u8]| w.iter().all(|&c| (c as usize) < n);
        let fixed_ok = sp.fixed.iter().flatten().all(|w| in_alphabet(w));
        if !fixed_ok || !search.inputs.iter().all(|w| in_alphabet(w)) {
            return Err(SearchError::BadWord);
        }
        let mut sets = Vec::new();
        let mut choice = Vec::with_capacity(k);
        let mut free_set = None;
        for f in &sp.fixed {
            match f {
                Some(w) => {
                    sets.push(vec![w.clone()]);
                    choice.push(sets.len() - 1);
                }
                None => {
                    let i = match free_set {
                        Some(i) => i,
                        None => {
                            sets.push(all_words(n, sp.min_len, sp.max_len)?);
                            free_set = Some(sets.len() - 1);
                            sets.len() - 1
                        }
                    };
                    choice.push(i);
                }
            }
        }
        let mut per_m = 1u64;
        for &c in &choice {
            per_m = per_m
                .checked_mul(sets[c].len() as u64)
                .ok_or(SearchError::TooLarge)?;
        }
        let raw = per_m
            .checked_mul(sp.deletions.len() as u64)
            .ok_or(SearchError::TooLarge)?;
        let inputs: HashSet<&[u8]> = search.inputs.iter().map(|w| &w[..]).collect();
        let mut renamings = Vec::new();
        for mut p in permutations(k).into_iter().skip(1) {
            if sp.halting.is_some() {
                p.push(k as u8);
            }
            let keeps_space = (0..k).all(|a| {
                let b = p[a] as usize;
                match (&sp.fixed[a], &sp.fixed[b]) {
                    (None, None) => true,
                    (Some(x), Some(y)) => rename(&p, x) == *y,
                    _ => false,
                }
            });
            let keeps_inputs = inputs.iter().all(|w| inputs.contains(&rename(&p, w)[..]));
            if keeps_space && keeps_inputs {
                let mut inv = vec![0u8; p.len()];
                for (a, &b) in p.iter().enumerate() {
                    inv[b as usize] = a as u8;
                }
                renamings.push((p, inv));
            }
        }
        Ok(Prepared {
            search,
            sets,
            choice,
            renamings,
            per_m,
            raw,
        })
    }

    /// The production indices of system `i` within its deletion block.
    fn decode(&self, mut i: u64, idx: &mut [usize]) {
        for a in (0..idx.len()).rev() {
            let size = self.sets[self.choice[a]].len() as u64;
            idx[a] = (i % size) as usize;
            i /= size;
        }
    }

    fn word(&self, idx: &[usize], a: usize) -> &[u8] {
        &self.sets[self.choice[a]][idx[a]]
    }

    /// Whether the system is the least of its renaming class.
    fn canonical(&self, idx: &[usize]) -> bool {
        'renamings: for (p, inv) in &self.renamings {
            // the renamed system's production for b is p(production of p^-1(b))
            for (b, &a) in inv.iter().enumerate().take(idx.len()) {
                let x = self.word(idx, a as usize);
                match cmp_renamed(p, x, self.word(idx, b)) {
                    Ordering::Less => return false,
                    Ordering::Greater => continue 'renamings,
                    Ordering::Equal => {}
                }
            }
        }
        true
    }

    /// A system with the space's alphabet and no rules yet.
    fn blank(&self, m: usize) -> TagSystem {
        let sp = &self.search.space;
        let alphabet: Vec<char> = sp.alphabet.iter().copied().chain(sp.halting).collect();
        TagSystem {
            m,
            rules: vec![None; alphabet.len()],
            alphabet,
        }
    }

    /// Fills `sys` with system number `index` (reusing its buffers); false
    /// when it is not the least of its renaming class.
    fn load(&self, index: u64, idx: &mut [usize], sys: &mut TagSystem) -> bool {
        let sp = &self.search.space;
        sys.m = sp.deletions[(index / self.per_m) as usize];
        self.decode(index % self.per_m, idx);
        if !self.canonical(idx) {
            return false;
        }
        for (a, rule) in sys.rules.iter_mut().take(idx.len()).enumerate() {
            let w = self.word(idx, a);
            match rule {
                Some(r) => {
                    r.clear();
                    r.extend_from_slice(w);
                }
                None => *rule = Some(w.to_vec()),
            }
        }
        true
    }
}

/// A ranking entry in a heap whose top is the worst entry kept.
struct Ranked {
    steps: u64,
    index: u64,
    input: usize,
    outcome: Ending,
}

impl Ranked {
    fn key(&self) -> (std::cmp::Reverse<u64>, u64, usize) {
        (std::cmp::Reverse(self.steps), self.index, self.input)
    }
}

impl PartialEq for Ranked {
    fn eq(&self, o: &Self) -> bool {
        self.key() == o.key()
    }
}
impl Eq for Ranked {}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Ranked {
    /// Worse entries are greater.
    fn cmp(&self, o: &Self) -> Ordering {
        self.key().cmp(&o.key())
    }
}

/// What one worker found.
#[derive(Default)]
struct Tally {
    distinct: u64,
    runs: u64,
    kinds: [u64; 5],
    best: BinaryHeap<Ranked>,
}

impl Tally {
    fn offer(&mut self, top: usize, r: Ranked) {
        if self.best.len() < top {
            self.best.push(r);
        } else if let Some(worst) = self.best.peek() {
            if r < *worst {
                self.best.pop();
                self.best.push(r);
            }
        }
    }

    fn merge(&mut self, top: usize, other: Tally) {
        self.distinct += other.distinct;
        self.runs += other.runs;
        for (a, b) in self.kinds.iter_mut().zip(other.kinds) {
            *a += b;
        }
        for r in other.best {
            self.offer(top, r);
        }
    }
}

/// Systems a worker takes at a time.
const CHUNK: u64 = 64;

fn worker(pre: &Prepared, next: &AtomicU64) -> Tally {
    let s = pre.search;
    let k = s.space.alphabet.len();
    let mut tally = Tally::default();
    let mut idx = vec![0usize; k];
    let mut sys = pre.blank(s.space.deletions[0]);
    let mut ring = Ring::default();
    loop {
        let start = next.fetch_add(CHUNK, AtomicOrdering::Relaxed);
        if start >= pre.raw {
            return tally;
        }
        for index in start..(start + CHUNK).min(pre.raw) {
            if !pre.load(index, &mut idx, &mut sys) {
                continue;
            }
            tally.distinct += 1;
            let mut best: Option<Ranked> = None;
            for (input, w) in s.inputs.iter().enumerate() {
                let outcome = run_in(&mut ring, &sys, w, s.max_steps, s.max_string);
                tally.runs += 1;
                let bit = outcome.kind_bit();
                tally.kinds[bit.trailing_zeros() as usize] += 1;
                if s.criterion & bit == 0 {
                    continue;
                }
                let r = Ranked {
                    steps: outcome.step(),
                    index,
                    input,
                    outcome,
                };
                if s.per_run {
                    tally.offer(s.top, r);
                } else if best.as_ref().is_none_or(|b| r < *b) {
                    best = Some(r);
                }
            }
            if let Some(b) = best {
                tally.offer(s.top, b);
            }
        }
    }
}

/// Runs the search on `search.threads` threads.
pub fn search(search: &Search) -> Result<Report, SearchError> {
    let pre = Prepared::new(search)?;
    let next = AtomicU64::new(0);
    let total = Mutex::new(Tally::default());
    std::thread::scope(|scope| {
        for _ in 0..search.threads.max(1) {
            scope.spawn(|| {
                let t = worker(&pre, &next);
                total
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .merge(search.top, t);
            });
        }
    });
    let total = total.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut best = total.best.into_vec();
    best.sort();
    let mut idx = vec![0usize; search.space.alphabet.len()];
    let ranking = best
        .into_iter()
        .map(|r| {
            let mut system = pre.blank(1);
            pre.load(r.index, &mut idx, &mut system);
            Found {
                system,
                index: r.index,
                input: r.input,
                outcome: r.outcome,
            }
        })
        .collect();
    Ok(Report {
        raw: pre.raw,
        distinct: total.distinct,
        runs: total.runs,
        kinds: total.kinds,
        ranking,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn space(m: usize, k: usize, max_len: usize) -> Space {
        Space {
            deletions: vec![m],
            alphabet: (0..k).map(|i| char::from(b'0' + i as u8)).collect(),
            halting: None,
            min_len: 0,
            max_len,
            fixed: vec![None; k],
        }
    }

    fn unary(from: usize, to: usize) -> Vec<Vec<u8>> {
        (from..=to).map(|n| vec![1u8; n]).collect()
    }

    fn searching(space: Space, inputs: Vec<Vec<u8>>, max_steps: u64, top: usize) -> Search {
        Search {
            space,
            inputs,
            max_steps,
            top,
            criterion: UNDERFLOW | HALT,
            max_string: None,
            per_run: false,
            threads: 2,
        }
    }

    fn rules(f: &Found) -> Vec<String> {
        let s = &f.system;
        s.rules
            .iter()
            .enumerate()
            .filter_map(|(a, r)| {
                r.as_ref()
                    .map(|w| format!("{}->{}", s.alphabet[a], s.decode(w)))
            })
            .collect()
    }

    #[test]
    fn words_by_length_then_lexicographically() {
        let w = all_words(2, 0, 2).unwrap();
        assert_eq!(
            w,
            vec![
                vec![],
                vec![0],
                vec![1],
                vec![0, 0],
                vec![0, 1],
                vec![1, 0],
                vec![1, 1]
            ]
        );
        assert_eq!(all_words(3, 2, 3).unwrap().len(), 9 + 27);
        assert_eq!(
            all_words(1, 1, 3).unwrap(),
            vec![vec![0], vec![0, 0], vec![0, 0, 0]]
        );
        assert_eq!(all_words(0, 0, 3).unwrap(), vec![Vec::<u8>::new()]);
        assert_eq!(all_words(2, 0, 40), Err(SearchError::TooLarge));
        assert_eq!(all_words(200, 0, 20), Err(SearchError::TooLarge));
    }

    #[test]
    fn permutations_are_all_distinct() {
        for k in 0..=5 {
            let ps = permutations(k);
            let n: usize = (1..=k).product();
            assert_eq!(ps.len(), n);
            let set: HashSet<_> = ps.iter().collect();
            assert_eq!(set.len(), n);
        }
        assert_eq!(permutations(9).len(), 1);
    }

    /// Brute force: the classes under all renamings that keep the inputs.
    fn classes(k: usize, max_len: usize, inputs: &[Vec<u8>]) -> u64 {
        let words = all_words(k, 0, max_len).unwrap();
        let n = words.len();
        let total = n.pow(k as u32);
        let inputs: HashSet<Vec<u8>> = inputs.iter().cloned().collect();
        let perms: Vec<Vec<u8>> = permutations(k)
            .into_iter()
            .filter(|p| inputs.iter().all(|w| inputs.contains(&rename(p, w))))
            .collect();
        let mut seen = HashSet::new();
        let mut count = 0;
        for i in 0..total {
            let sys: Vec<Vec<u8>> = (0..k)
                .map(|a| words[(i / n.pow((k - 1 - a) as u32)) % n].clone())
                .collect();
            if seen.contains(&sys) {
                continue;
            }
            count += 1;
            for p in &perms {
                let mut q = vec![Vec::new(); k];
                for a in 0..k {
                    q[p[a] as usize] = rename(p, &sys[a]);
                }
                seen.insert(q);
            }
        }
        count
    }

    #[test]
    fn renaming_classes_are_counted_right() {
        for (k, len) in [(2, 2), (2, 3), (3, 1), (3, 2)] {
            let words = all_words(k, 1, 2).unwrap();
            for inputs in [words, unary(1, 3), vec![vec![0, 1]]] {
                let s = searching(space(2, k, len), inputs.clone(), 50, 5);
                let r = search(&s).unwrap();
                assert_eq!(
                    r.raw,
                    (all_words(k, 0, len).unwrap().len() as u64).pow(k as u32)
                );
                assert_eq!(r.distinct, classes(k, len, &inputs), "{k} {len} {inputs:?}");
                assert_eq!(r.runs, r.distinct * inputs.len() as u64);
                assert_eq!(r.kinds.iter().sum::<u64>(), r.runs);
            }
        }
    }

    #[test]
    fn same_ranking_on_one_or_two_threads_and_sorted() {
        let mut s = searching(space(2, 2, 3), all_words(2, 1, 4).unwrap(), 300, 12);
        s.criterion = UNDERFLOW | HALT | REPEAT;
        let a = search(&s).unwrap();
        s.threads = 1;
        let b = search(&s).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.ranking.len(), 12);
        for w in a.ranking.windows(2) {
            assert!(w[0].outcome.step() >= w[1].outcome.step());
        }
        // every entry is reproduced by a direct run
        for f in &a.ranking {
            assert_eq!(
                Ending::Run(run(&f.system, &s.inputs[f.input], 300)),
                f.outcome
            );
        }
    }

    #[test]
    fn finds_the_favourite_on_111() {
        // 0xx -> 0, 1xx -> 11001 on 111 underflows at 588 (the seed's favourite).
        let s = searching(space(3, 2, 5), unary(3, 3), 2000, 5);
        let r = search(&s).unwrap();
        assert_eq!(r.raw, 63 * 63);
        let top = &r.ranking[0];
        assert_eq!(rules(top), vec!["0->0", "1->11001"]);
        assert_eq!(top.outcome, Ending::Run(Outcome::Underflow { step: 588 }));
    }

    #[test]
    fn finds_posts_system_on_14_ones() {
        let s = searching(space(3, 2, 4), unary(14, 14), 2000, 5);
        let r = search(&s).unwrap();
        let pos = r
            .ranking
            .iter()
            .position(|f| rules(f) == vec!["0->00", "1->1101"])
            .expect("Post's system in the top 5");
        assert_eq!(
            r.ranking[pos].outcome,
            Ending::Run(Outcome::Underflow { step: 411 })
        );
    }

    #[test]
    fn halting_symbol_and_fixed_rules() {
        // 0x -> 0 fixed, 1x free over {0,1,2}, 2 halts: the adder's 1x -> 1212
        // on 000000001212 halts at step 23.
        let sp = Space {
            deletions: vec![2],
            alphabet: vec!['0', '1'],
            halting: Some('2'),
            min_len: 4,
            max_len: 4,
            fixed: vec![Some(vec![0]), None],
        };
        let input = vec![vec![0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 1, 2]];
        let mut s = searching(sp, input, 1000, 100);
        s.criterion = HALT;
        let r = search(&s).unwrap();
        assert_eq!(r.raw, 81);
        assert_eq!(r.distinct, 81);
        let adder = r
            .ranking
            .iter()
            .find(|f| rules(f) == vec!["0->0", "1->1212"])
            .expect("the adder halts");
        match &adder.outcome {
            Ending::Run(Outcome::Halt { step: 23, word }) => assert_eq!(word.len(), 32),
            o => panic!("{o:?}"),
        }
        assert!(r
            .ranking
            .iter()
            .all(|f| matches!(f.outcome, Ending::Run(Outcome::Halt { .. }))));
    }

    #[test]
    fn per_run_lists_every_input() {
        let sp = Space {
            fixed: vec![Some(vec![0, 0]), Some(vec![1, 1, 0, 1])],
            ..space(3, 2, 0)
        };
        let mut s = searching(sp, unary(3, 14), 100_000, 20);
        s.per_run = true;
        s.criterion = REPEAT;
        let r = search(&s).unwrap();
        assert_eq!(r.raw, 1);
        // 3..13 ones repeat, 14 underflows (the seed's table).
        assert_eq!(r.ranking.len(), 11);
        assert_eq!(r.kinds, [1, 0, 11, 0, 0]);
        assert_eq!(r.ranking[0].outcome.step(), 33);
        assert_eq!(r.ranking[0].input, 11 - 3);
    }

    #[test]
    fn capped_runs_agree_with_uncapped_ones_below_the_cap() {
        let systems = [
            TagSystem::new(3, &[("0", "0"), ("1", "11001")]).unwrap(),
            TagSystem::new(2, &[("0", "20"), ("1", "01010")]).unwrap(),
            TagSystem::new(1, &[("0", "0"), ("1", "1")]).unwrap(),
            TagSystem::new(2, &[("0", "0"), ("1", "12")]).unwrap(),
        ];
        let mut ring = Ring::default();
        for sys in &systems {
            for w in all_words(2, 1, 6).unwrap() {
                for max in [0, 1, 10, 4096, 4097, 5000, 20_000] {
                    let exact = run(sys, &w, max);
                    let capped = run_in(&mut ring, sys, &w, max, Some(200));
                    assert_eq!(capped, run_capped(sys, &w, max, Some(200)));
                    match capped {
                        Ending::Run(o) => assert_eq!(o, exact),
                        Ending::Outgrown { step, length } => {
                            // the first string over the cap; the exact run
                            // ends (if at all) later
                            assert!(length > 200 && length <= 204);
                            assert!(step <= max);
                            let later = Ending::Run(exact.clone()).step() > step;
                            assert!(later || step == max);
                        }
                    }
                    assert_eq!(run_capped(sys, &w, max, None), Ending::Run(exact));
                }
            }
        }
        // the favourite on 30 ones reaches 1520 symbols
        let fav = &systems[0];
        let w = vec![1u8; 30];
        assert!(matches!(
            run_capped(fav, &w, 100_000, Some(1519)),
            Ending::Outgrown { length: 1520, .. }
        ));
        assert_eq!(
            run_capped(fav, &w, 100_000, Some(1520)),
            Ending::Run(Outcome::Underflow { step: 90263 })
        );
    }

    #[test]
    fn several_deletion_numbers() {
        let mut sp = space(1, 2, 2);
        sp.deletions = vec![1, 2, 3];
        let s = searching(sp, unary(1, 4), 100, 3);
        let r = search(&s).unwrap();
        assert_eq!(r.raw, 3 * 49);
        assert_eq!(r.distinct, 3 * 49);
        assert_eq!(r.ranking.len(), 3);
        for f in &r.ranking {
            assert!((1..=3).contains(&f.system.m));
            let direct = run(&f.system, &s.inputs[f.input], 100);
            assert_eq!(f.outcome, Ending::Run(direct));
        }
        // the system numbers run through the deletion numbers in order
        let pre = Prepared::new(&s).unwrap();
        let mut sys = pre.blank(1);
        let mut idx = vec![0; 2];
        for (index, m) in [(0, 1), (48, 1), (49, 2), (98, 3), (146, 3)] {
            assert!(pre.load(index, &mut idx, &mut sys));
            assert_eq!(sys.m, m);
        }
    }

    #[test]
    fn bad_spaces_are_errors() {
        let base = searching(space(2, 2, 2), unary(1, 2), 10, 3);
        let mut s = base.clone();
        s.space.deletions = vec![0];
        assert_eq!(search(&s), Err(SearchError::BadDeletion));
        s = base.clone();
        s.space.alphabet.clear();
        s.space.fixed.clear();
        assert_eq!(search(&s), Err(SearchError::EmptyAlphabet));
        s = base.clone();
        s.space.halting = Some('1');
        assert_eq!(search(&s), Err(SearchError::DuplicateSymbol('1')));
        s = base.clone();
        s.space.min_len = 3;
        assert_eq!(search(&s), Err(SearchError::BadLengths));
        s = base.clone();
        s.inputs.push(vec![5]);
        assert_eq!(search(&s), Err(SearchError::BadWord));
        s = base.clone();
        s.space.max_len = 30;
        assert_eq!(search(&s), Err(SearchError::TooLarge));
        s = base;
        s.space.alphabet = vec!['0'; 300];
        assert_eq!(search(&s), Err(SearchError::TooManySymbols));
    }
}
