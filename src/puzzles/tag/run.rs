//! Simulation of tag systems with repeat detection in bounded memory.
//!
//! Step numbering (the seed's convention, checked against all its figures):
//! the given word is the string examined at step 1, its rewrite at step 2, and
//! so on. A run ends at the first step whose string
//! - is shorter than the deletion number: `Underflow { step }` (the short
//!   string is counted, e.g. Post's system on 14 ones ends with `00` at 411);
//! - starts with a symbol without production: `Halt { step, word }`;
//! - equals the string of an earlier step: `Repeat { step, earlier }` (Post's
//!   system on `111` examines `10100` at steps 5 and 7: `Repeat {7, 5}`).
//!
//! Repeats are found with Brent's cycle-finding method: a single saved
//! string (the "tortoise", replaced at powers of two) is compared with the
//! running one, by length, then a rolling hash, then content. That gives the
//! cycle length `lambda` exactly; the first repeated step is then recovered by
//! rerunning two simulations `lambda` steps apart from the start until their
//! strings agree (at 0-based index `mu`), so `earlier = mu + 1` and
//! `step = mu + lambda + 1`. Memory: three strings at most, whatever the
//! number of steps.
//!
//! Under a step limit `max`, Brent's method may not yet have noticed a repeat
//! that happened before `max` (it notices within about `3 * step`). So when
//! the limit is reached, the string at `max` is saved and the run continues:
//! if a repeat happened at or before `max`, that string lies on the cycle and
//! comes back within `max - 1` further steps, with no string longer than the
//! longest seen so far. The continuation stops at the first contradiction
//! (termination, a longer string, or `max - 1` steps), so growing runs pay
//! almost nothing and the answer never depends on the method.

use super::system::TagSystem;

/// How a run ended (steps are 1-based, see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The string at `step` is shorter than the deletion number.
    Underflow {
        /// The step of the short string.
        step: u64,
    },
    /// The string at `step` starts with a symbol without production.
    Halt {
        /// The step of the halting string.
        step: u64,
        /// The halting string (codes).
        word: Vec<u8>,
    },
    /// The string at `step` was examined before, first at `earlier`.
    Repeat {
        /// The first step whose string had been seen before.
        step: u64,
        /// The step where it was first seen.
        earlier: u64,
    },
    /// The step limit was reached: the string at `step` (the limit) has `length` symbols.
    Running {
        /// The step limit.
        step: u64,
        /// The length of the string at that step.
        length: usize,
    },
}

/// The multiplier of the rolling hash (odd, so invertible modulo 2^64).
const BASE: u64 = 0x9E37_79B9_7F4A_7C15;

/// A running simulation: the current string as a ring buffer (a byte vector
/// with a moving head, compacted when the dead prefix dominates) and its
/// rolling hash `sum (s_i + 1) * BASE^i` over absolute positions `i`.
#[derive(Clone, Debug)]
pub struct Runner<'s> {
    sys: &'s TagSystem,
    buf: Vec<u8>,
    head: usize,
    hash: u64,
    pw_head: u64,
    pw_tail: u64,
    step: u64,
}

/// A saved string with its position-independent hash.
struct Saved {
    bytes: Vec<u8>,
    hash: u64,
    step: u64,
}

impl<'s> Runner<'s> {
    /// Starts at step 1 with `word` (codes of `sys`).
    pub fn new(sys: &'s TagSystem, word: &[u8]) -> Runner<'s> {
        let mut r = Runner {
            sys,
            buf: Vec::with_capacity(word.len().max(16) * 2),
            head: 0,
            hash: 0,
            pw_head: 1,
            pw_tail: 1,
            step: 1,
        };
        r.push(word);
        r
    }

    #[inline]
    fn push(&mut self, w: &[u8]) {
        for &b in w {
            self.hash = self
                .hash
                .wrapping_add((b as u64 + 1).wrapping_mul(self.pw_tail));
            self.pw_tail = self.pw_tail.wrapping_mul(BASE);
        }
        self.buf.extend_from_slice(w);
    }

    /// The step of the current string.
    #[inline]
    pub fn step(&self) -> u64 {
        self.step
    }

    /// The current string (codes).
    #[inline]
    pub fn word(&self) -> &[u8] {
        &self.buf[self.head..]
    }

    /// The length of the current string.
    #[inline]
    pub fn len(&self) -> usize {
        self.buf.len() - self.head
    }

    /// Whether the current string is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `Underflow` or `Halt` if the current string ends the run.
    #[inline]
    pub fn terminal(&self) -> Option<Outcome> {
        if self.len() < self.sys.m {
            return Some(Outcome::Underflow { step: self.step });
        }
        if self.sys.rule(self.buf[self.head]).is_none() {
            return Some(Outcome::Halt {
                step: self.step,
                word: self.word().to_vec(),
            });
        }
        None
    }

    /// Rewrites the current string; call only when [`Runner::terminal`] is `None`.
    #[inline]
    pub fn advance(&mut self) {
        let sys = self.sys;
        let first = self.buf[self.head];
        let m = sys.m;
        for i in 0..m {
            let b = self.buf[self.head + i];
            self.hash = self
                .hash
                .wrapping_sub((b as u64 + 1).wrapping_mul(self.pw_head));
            self.pw_head = self.pw_head.wrapping_mul(BASE);
        }
        self.head += m;
        if self.head >= 4096 && self.head * 2 >= self.buf.len() {
            self.buf.drain(..self.head);
            self.head = 0;
        }
        self.push(sys.rule(first).expect("advance on a halting string"));
        self.step += 1;
    }

    fn save(&self) -> Saved {
        let bytes = self.word().to_vec();
        let mut hash = 0u64;
        let mut pw = 1u64;
        for &b in &bytes {
            hash = hash.wrapping_add((b as u64 + 1).wrapping_mul(pw));
            pw = pw.wrapping_mul(BASE);
        }
        Saved {
            bytes,
            hash,
            step: self.step,
        }
    }

    /// Whether the current string equals a saved one.
    #[inline]
    fn equals(&self, s: &Saved) -> bool {
        self.len() == s.bytes.len()
            && self.hash == s.hash.wrapping_mul(self.pw_head)
            && self.word() == &s.bytes[..]
    }

    /// Whether two runners hold the same string.
    fn same(&self, other: &Runner) -> bool {
        self.len() == other.len()
            && self.hash.wrapping_mul(other.pw_head) == other.hash.wrapping_mul(self.pw_head)
            && self.word() == other.word()
    }
}

/// The first repeat of a run known to cycle with period `lambda`: reruns two
/// simulations `lambda` steps apart until they agree.
fn first_repeat(sys: &TagSystem, word: &[u8], lambda: u64) -> Outcome {
    let mut a = Runner::new(sys, word);
    let mut b = Runner::new(sys, word);
    for _ in 0..lambda {
        b.advance();
    }
    while !a.same(&b) {
        a.advance();
        b.advance();
    }
    Outcome::Repeat {
        step: b.step,
        earlier: a.step,
    }
}

/// Runs `sys` on `word` (codes) for at most `max` steps.
pub fn run(sys: &TagSystem, word: &[u8], max: u64) -> Outcome {
    let mut r = Runner::new(sys, word);
    if max == 0 {
        return Outcome::Running {
            step: 0,
            length: r.len(),
        };
    }
    let mut tortoise = r.save();
    let mut power = 1u64;
    let mut longest = 0usize;
    loop {
        if let Some(t) = r.terminal() {
            return t;
        }
        longest = longest.max(r.len());
        if r.step > tortoise.step && r.equals(&tortoise) {
            return first_repeat(sys, word, r.step - tortoise.step);
        }
        if r.step == max {
            return at_limit(sys, word, r, longest);
        }
        if r.step - tortoise.step == power {
            tortoise = r.save();
            power *= 2;
        }
        r.advance();
    }
}

/// The limit `max = r.step()` is reached: decides whether a repeat happened at
/// or before it (see the module documentation).
fn at_limit(sys: &TagSystem, word: &[u8], mut r: Runner, longest: usize) -> Outcome {
    let max = r.step;
    let running = Outcome::Running {
        step: max,
        length: r.len(),
    };
    let mark = r.save();
    for _ in 1..max {
        r.advance();
        if r.terminal().is_some() || r.len() > longest {
            return running;
        }
        if r.equals(&mark) {
            return match first_repeat(sys, word, r.step - mark.step) {
                Outcome::Repeat { step, .. } if step > max => running,
                rep => rep,
            };
        }
    }
    running
}

/// The strings of steps `1..=n`, ending early with an underflowing or halting
/// one; `None` when their total length would exceed `budget` symbols.
pub fn trace(sys: &TagSystem, word: &[u8], n: u64, budget: usize) -> Option<Vec<Vec<u8>>> {
    let mut out = Vec::new();
    if n == 0 {
        return Some(out);
    }
    let mut r = Runner::new(sys, word);
    let mut total = 0usize;
    loop {
        total = total.saturating_add(r.len());
        if total > budget {
            return None;
        }
        out.push(r.word().to_vec());
        if r.step == n || r.terminal().is_some() {
            return Some(out);
        }
        r.advance();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sys(m: usize, rules: &[(&str, &str)]) -> TagSystem {
        TagSystem::new(m, rules).unwrap()
    }

    fn go(s: &TagSystem, w: &str, max: u64) -> Outcome {
        let (s, w) = s.encode(w).unwrap();
        run(&s, &w, max)
    }

    fn ones(n: usize) -> String {
        "1".repeat(n)
    }

    /// Reference: keeps every string (only for short runs).
    fn naive(s: &TagSystem, w: &[u8], max: u64) -> Outcome {
        let mut seen = std::collections::HashMap::new();
        let mut r = Runner::new(s, w);
        loop {
            if let Some(t) = r.terminal() {
                return t;
            }
            if let Some(&e) = seen.get(r.word()) {
                return Outcome::Repeat {
                    step: r.step,
                    earlier: e,
                };
            }
            if r.step == max {
                return Outcome::Running {
                    step: max,
                    length: r.len(),
                };
            }
            seen.insert(r.word().to_vec(), r.step);
            r.advance();
        }
    }

    fn repeat_step(o: &Outcome) -> u64 {
        match o {
            Outcome::Repeat { step, .. } => *step,
            other => panic!("expected a repeat, got {other:?}"),
        }
    }

    #[test]
    fn posts_system_repeats_as_in_the_seed() {
        let post = sys(3, &[("0", "00"), ("1", "1101")]);
        let expect = [
            (3, 7),
            (4, 6),
            (5, 23),
            (6, 22),
            (7, 21),
            (8, 18),
            (9, 17),
            (10, 16),
            (11, 33),
            (12, 32),
            (13, 31),
            (20, 2158),
        ];
        for (n, step) in expect {
            let o = go(&post, &ones(n), 1_000_000);
            assert_eq!(repeat_step(&o), step, "{n} ones");
        }
        assert_eq!(
            go(&post, "111", 100),
            Outcome::Repeat {
                step: 7,
                earlier: 5
            }
        );
        assert_eq!(
            go(&post, &ones(14), 1_000_000),
            Outcome::Underflow { step: 411 }
        );
    }

    #[test]
    fn post_14_ones_trace_matches_the_seed_excerpts() {
        let post = sys(3, &[("0", "00"), ("1", "1101")]);
        let (post, w) = post.encode(&ones(14)).unwrap();
        let t = trace(&post, &w, 1000, usize::MAX).unwrap();
        assert_eq!(t.len(), 411);
        assert_eq!(post.decode(&t[1]), "111111111111101");
        assert_eq!(post.decode(&t[9]), "101110111011101110100");
        assert_eq!(post.decode(&t[410]), "00");
        assert_eq!(post.decode(&t[409]), "000");
    }

    #[test]
    fn favourite_system_underflows_as_in_the_seed() {
        let fav = sys(3, &[("0", "0"), ("1", "11001")]);
        for (n, step) in [(3, 588), (24, 5274), (30, 90263)] {
            assert_eq!(
                go(&fav, &ones(n), 1_000_000),
                Outcome::Underflow { step },
                "{n} ones"
            );
        }
    }

    #[test]
    fn other_long_lived_systems() {
        let a = sys(2, &[("0", "0"), ("1", "002"), ("2", "112")]);
        assert_eq!(go(&a, "11", 10_000), Outcome::Underflow { step: 780 });
        let b = sys(2, &[("0", "0"), ("1", "012"), ("2", "0102")]);
        assert_eq!(go(&b, "111", 1_000_000), Outcome::Underflow { step: 46119 });
        let d = sys(2, &[("0", "0"), ("1", "0022"), ("2", "0102")]);
        assert_eq!(
            go(&d, "1111", 1_000_000),
            Outcome::Underflow { step: 65923 }
        );
        // The seed calls this one an underflow at 11,200 steps; the count is
        // right but the string at 11200 repeats the one at 11194 (period 6).
        let c = sys(3, &[("0", "00"), ("1", "10011")]);
        assert_eq!(
            go(&c, "1111", 1_000_000),
            Outcome::Repeat {
                step: 11200,
                earlier: 11194
            }
        );
        let e = sys(3, &[("0", "11"), ("1", "002"), ("2", "11111")]);
        assert_eq!(
            go(&e, &ones(19), 1_000_000),
            Outcome::Underflow { step: 1619 }
        );
    }

    #[test]
    fn the_seeds_small_examples() {
        let s = sys(2, &[("0", "20"), ("1", "01010")]);
        assert_eq!(
            go(&s, "10", 100),
            Outcome::Repeat {
                step: 5,
                earlier: 4
            }
        );
        let (s2, _) = s.encode("200101001010").unwrap();
        match go(&s, "001", 100) {
            Outcome::Halt { step: 6, word } => assert_eq!(s2.decode(&word), "200101001010"),
            other => panic!("{other:?}"),
        }
        assert_eq!(go(&s, "1", 100), Outcome::Underflow { step: 1 });
        let collatz = sys(2, &[("0", "1"), ("1", "02"), ("2", "111")]);
        assert_eq!(go(&collatz, "111", 100), Outcome::Underflow { step: 25 });
        let t = sys(2, &[("0", "1"), ("1", "20"), ("2", "111")]);
        assert_eq!(go(&t, "11111", 100), Outcome::Underflow { step: 13 });
        assert_eq!(
            go(&t, "1111", 100),
            Outcome::Repeat {
                step: 21,
                earlier: 1
            }
        );
        let mult = sys(2, &[("0", "0"), ("1", "1212")]);
        match go(&mult, "000000001212", 1000) {
            Outcome::Halt { step: 23, word } => {
                assert_eq!(mult.decode(&word), "21212121212121212121212121212120")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_step_limit_is_exact() {
        let post = sys(3, &[("0", "00"), ("1", "1101")]);
        let (post, w) = post.encode(&ones(20)).unwrap();
        for max in [1, 2, 100, 2000, 2157, 2158, 2159, 5000] {
            assert_eq!(run(&post, &w, max), naive(&post, &w, max), "max {max}");
        }
        assert_eq!(
            run(&post, &w, 0),
            Outcome::Running {
                step: 0,
                length: 20
            }
        );
    }

    #[test]
    fn agrees_with_the_naive_method_on_many_runs() {
        let systems = [
            sys(2, &[("0", "20"), ("1", "01010")]),
            sys(3, &[("0", "00"), ("1", "1101")]),
            sys(2, &[("0", "1"), ("1", "20"), ("2", "111")]),
            sys(1, &[("0", "1"), ("1", "0")]),
            sys(2, &[("0", "0"), ("1", "12"), ("2", "")]),
        ];
        for s in &systems {
            for n in 0u32..200 {
                // all words of length up to 7 over {0,1}
                let len = (n % 7) as usize + 1;
                let w: Vec<u8> = (0..len).map(|i| ((n >> i) & 1) as u8).collect();
                for max in [1, 5, 17, 64, 300] {
                    assert_eq!(run(s, &w, max), naive(s, &w, max), "{s:?} {w:?} {max}");
                }
            }
        }
    }

    #[test]
    fn long_cycles_and_long_words_use_little_memory() {
        // 1-tag rotation: 0 -> 0, 1 -> 1 rotates a word of length L: period L.
        let rot = sys(1, &[("0", "0"), ("1", "1")]);
        let mut w = vec![0u8; 100_000];
        w[0] = 1;
        assert_eq!(
            run(&rot, &w, 10_000_000),
            Outcome::Repeat {
                step: 100_001,
                earlier: 1
            }
        );
        // Under the limit the same answer, or running when the limit is shorter.
        assert_eq!(
            run(&rot, &w, 100_001),
            Outcome::Repeat {
                step: 100_001,
                earlier: 1
            }
        );
        assert_eq!(
            run(&rot, &w, 100_000),
            Outcome::Running {
                step: 100_000,
                length: 100_000
            }
        );
    }

    #[test]
    fn growth_is_running() {
        let fib = sys(1, &[("0", "1"), ("1", "01")]);
        match go(&fib, "0", 10_000) {
            Outcome::Running {
                step: 10_000,
                length,
            } => assert!(length > 6000),
            other => panic!("{other:?}"),
        }
        let (fib, w) = fib.encode("0").unwrap();
        let t: Vec<String> = trace(&fib, &w, 13, 1000)
            .unwrap()
            .iter()
            .map(|x| fib.decode(x))
            .collect();
        assert_eq!(t[12], "10101101");
        assert_eq!(t[7], "01101");
    }

    #[test]
    fn empty_productions_and_empty_words() {
        let s = sys(1, &[("a", "")]);
        assert_eq!(go(&s, "", 10), Outcome::Underflow { step: 1 });
        assert_eq!(go(&s, "aaa", 10), Outcome::Underflow { step: 4 });
        assert_eq!(trace(&s, &[0, 0], 0, 0), Some(Vec::new()));
        assert_eq!(trace(&s, &[0, 0], 5, 2), None);
        assert_eq!(trace(&s, &[0, 0], 5, 3).map(|t| t.len()), Some(3));
    }
}
