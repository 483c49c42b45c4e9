//! Codebreaker strategies: the `Strategy` trait (a state of the game in, a
//! guess or a uniform random choice out) and the seed's strategies: random
//! consistent (`Rc`), lowest consistent (`Lc`), fixed opening guesses
//! (`First`), and the one-step heuristics (`Heuristic`: Knuth's minimax,
//! Irving's expected size, entropy, most parts; over all codes or only
//! consistent ones).

use super::code::{Code, Space};
use super::partition::count_into;
use std::cell::Cell as StdCell;

/// What a strategy sees when it chooses: how many guesses were made and the
/// codes still consistent with all feedback (ascending).
#[derive(Clone, Copy, Debug)]
pub struct Node<'a> {
    /// Guesses made so far.
    pub step: usize,
    /// Codes consistent with the history, ascending.
    pub candidates: &'a [Code],
}

/// A strategy's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Play this code.
    Guess(Code),
    /// Play a candidate chosen uniformly at random.
    UniformCandidate,
}

/// A codebreaker strategy. Implementations must be deterministic functions
/// of the node (randomness is expressed by `Choice::UniformCandidate`).
pub trait Strategy: Send + Sync + std::fmt::Debug {
    /// The decision at `node` (whose candidate set is non-empty).
    fn choose(&self, space: &Space, node: &Node) -> Choice;

    /// The step from which the strategy commutes with every permutation of
    /// colours and of positions (so that guesses equivalent under the
    /// symmetries of the candidate set give equal results); `usize::MAX`
    /// (the default) if never.
    fn symmetric_from(&self) -> usize {
        usize::MAX
    }

    /// Whether the strategy ever chooses at random.
    fn random(&self) -> bool {
        false
    }

    /// The step from which the choice depends on the candidate set only (not
    /// on the step count); results of equal sets past it can be shared.
    /// `usize::MAX` (the default) if unknown.
    fn stationary_from(&self) -> usize {
        usize::MAX
    }
}

/// Random consistent: a uniformly random candidate (the seed's RC).
#[derive(Clone, Copy, Debug, Default)]
pub struct Rc;

impl Strategy for Rc {
    fn choose(&self, _: &Space, _: &Node) -> Choice {
        Choice::UniformCandidate
    }
    fn symmetric_from(&self) -> usize {
        0
    }
    fn random(&self) -> bool {
        true
    }
    fn stationary_from(&self) -> usize {
        0
    }
}

/// Lowest consistent: the numerically lowest candidate (the seed's LC).
#[derive(Clone, Copy, Debug, Default)]
pub struct Lc;

impl Strategy for Lc {
    fn choose(&self, _: &Space, node: &Node) -> Choice {
        Choice::Guess(node.candidates[0])
    }
    fn stationary_from(&self) -> usize {
        0
    }
}

/// Fixed opening guesses, played whatever the feedback, then another strategy
/// (which sees the step count minus the openings). `X+Y+RC` is
/// `First::new(vec![x, y], Box::new(Rc))`.
#[derive(Debug)]
pub struct First {
    /// The openings, in order.
    pub guesses: Vec<Code>,
    /// The strategy after them.
    pub then: Box<dyn Strategy>,
}

impl First {
    /// Openings then a strategy.
    pub fn new(guesses: Vec<Code>, then: Box<dyn Strategy>) -> First {
        First { guesses, then }
    }
}

impl Strategy for First {
    fn choose(&self, space: &Space, node: &Node) -> Choice {
        match self.guesses.get(node.step) {
            Some(&g) => Choice::Guess(g),
            None => self.then.choose(
                space,
                &Node {
                    step: node.step - self.guesses.len(),
                    candidates: node.candidates,
                },
            ),
        }
    }
    fn random(&self) -> bool {
        self.then.random()
    }
    fn stationary_from(&self) -> usize {
        self.guesses
            .len()
            .saturating_add(self.then.stationary_from())
    }
    fn symmetric_from(&self) -> usize {
        self.guesses
            .len()
            .saturating_add(self.then.symmetric_from())
    }
}

/// The score a one-step heuristic minimises over a guess's partition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Largest class (Knuth's minimax).
    WorstCase,
    /// Sum of squared class sizes (Irving's expected size).
    ExpectedSize,
    /// Sum of `n log n` over classes, i.e. maximal entropy of the feedback.
    Entropy,
    /// Minus the number of classes (most parts).
    MostParts,
}

/// Where a heuristic looks for guesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pool {
    /// Every code.
    All,
    /// Candidates only (consistent guesses).
    Consistent,
}

/// A one-step heuristic: the guess with the lowest score; ties go to a
/// consistent guess, then to the numerically lowest code. With this tie-break
/// Knuth's minimax over all codes gives the seed's 5,801 (max 5, 694 codes
/// needing 5) and over candidates only the seed's 5,828 (54 needing 6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heuristic {
    /// What is minimised.
    pub score: Score,
    /// Which guesses are considered.
    pub pool: Pool,
}

thread_local! {
    /// Set in worker threads that must not fan out again.
    pub(crate) static IN_WORKER: StdCell<bool> = const { StdCell::new(false) };
}

/// Fixed-point scale of the entropy score (exact integer sums, so equal
/// partitions tie regardless of summation order).
const ENTROPY_SCALE: f64 = (1u64 << 24) as f64;

impl Heuristic {
    /// Knuth's minimax over all codes.
    pub const KNUTH: Heuristic = Heuristic {
        score: Score::WorstCase,
        pool: Pool::All,
    };
    /// Knuth's minimax over consistent codes.
    pub const CONSISTENT_KNUTH: Heuristic = Heuristic {
        score: Score::WorstCase,
        pool: Pool::Consistent,
    };
    /// Irving's expected size over all codes.
    pub const IRVING: Heuristic = Heuristic {
        score: Score::ExpectedSize,
        pool: Pool::All,
    };
    /// Maximal entropy over all codes.
    pub const ENTROPY: Heuristic = Heuristic {
        score: Score::Entropy,
        pool: Pool::All,
    };
    /// Most parts over all codes.
    pub const MOST_PARTS: Heuristic = Heuristic {
        score: Score::MostParts,
        pool: Pool::All,
    };

    /// The score of a partition given by its class counts.
    fn score_of(&self, counts: &[u32], nlogn: &[u64]) -> u64 {
        match self.score {
            Score::WorstCase => counts.iter().copied().max().unwrap_or(0) as u64,
            Score::ExpectedSize => counts.iter().map(|&c| (c as u64) * (c as u64)).sum(),
            Score::Entropy => counts.iter().map(|&c| nlogn[c as usize]).sum(),
            Score::MostParts => {
                counts.len() as u64 - counts.iter().filter(|&&c| c > 0).count() as u64
            }
        }
    }

    /// Best `(score, inconsistent, code)` among `guesses`.
    fn best_of(
        &self,
        space: &Space,
        cands: &[Code],
        guesses: impl Iterator<Item = Code>,
        nlogn: &[u64],
    ) -> (u64, bool, Code) {
        let slots = space.spec.fb_slots();
        let win = space.spec.win() as usize;
        let mut counts = [0u32; 128];
        let mut best = (u64::MAX, true, Code::MAX);
        for g in guesses {
            count_into(space, g, cands, &mut counts[..slots]);
            let key = (self.score_of(&counts[..slots], nlogn), counts[win] == 0, g);
            if key < best {
                best = key;
            }
        }
        best
    }

    /// The heuristic's guess for a candidate set (non-empty).
    pub fn pick(&self, space: &Space, cands: &[Code]) -> Code {
        // One or two candidates: the lowest candidate is provably the choice
        // under every score here with the consistent-first tie-break.
        if cands.len() <= 2 {
            return cands[0];
        }
        // A candidate that splits the others into singletons is optimal under
        // every score here and wins the tie-break: no need to scan all codes.
        if let Some(g) = perfect_candidate(space, cands) {
            return g;
        }
        let nlogn: Vec<u64> = match self.score {
            Score::Entropy => (0..=cands.len())
                .map(|c| {
                    let c = c as f64;
                    if c < 2.0 {
                        0
                    } else {
                        (c * c.log2() * ENTROPY_SCALE).round() as u64
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        let best = match self.pool {
            Pool::Consistent => self.best_of(space, cands, cands.iter().copied(), &nlogn),
            Pool::All => {
                let n = space.len();
                let threads = if IN_WORKER.with(|w| w.get()) || n * cands.len() < 1 << 18 {
                    1
                } else {
                    super::code::worker_count()
                };
                if threads == 1 {
                    self.best_of(space, cands, 0..n as Code, &nlogn)
                } else {
                    let chunk = n.div_ceil(threads);
                    std::thread::scope(|sc| {
                        let hs: Vec<_> = (0..threads)
                            .map(|t| {
                                let nl = &nlogn;
                                sc.spawn(move || {
                                    let lo = (t * chunk).min(n) as Code;
                                    let hi = ((t + 1) * chunk).min(n) as Code;
                                    self.best_of(space, cands, lo..hi, nl)
                                })
                            })
                            .collect();
                        hs.into_iter()
                            .map(|h| h.join().expect("heuristic worker"))
                            .min()
                            .expect("at least one worker")
                    })
                }
            }
        };
        best.2
    }
}

/// The lowest candidate whose feedback differs for every candidate, if any.
fn perfect_candidate(space: &Space, cands: &[Code]) -> Option<Code> {
    if cands.len() > space.spec.fb_slots() {
        return None;
    }
    let mut seen = [false; 128];
    cands.iter().copied().find(|&g| {
        seen.fill(false);
        cands.iter().all(|&s| {
            let f = space.fb(g, s) as usize;
            !std::mem::replace(&mut seen[f], true)
        })
    })
}

impl Strategy for Heuristic {
    fn choose(&self, space: &Space, node: &Node) -> Choice {
        Choice::Guess(self.pick(space, node.candidates))
    }
    fn stationary_from(&self) -> usize {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::mastermind::code::Spec;

    fn classic() -> std::sync::Arc<Space> {
        Space::shared(Spec::classic())
    }

    #[test]
    fn knuth_first_guesses_match_the_seed() {
        let sp = classic();
        let s = sp.spec;
        let all = sp.all();
        assert_eq!(s.format(Heuristic::KNUTH.pick(&sp, &all)), "1122");
        let blank = sp.consistent(&[(s.parse("1122").unwrap(), s.fb(0, 0))]);
        assert_eq!(s.format(Heuristic::KNUTH.pick(&sp, &blank)), "3345");
        let rw = sp.consistent(&[(s.parse("1122").unwrap(), s.fb(1, 1))]);
        assert_eq!(s.format(Heuristic::KNUTH.pick(&sp, &rw)), "1134");
        assert_eq!(s.format(Heuristic::CONSISTENT_KNUTH.pick(&sp, &rw)), "1314");
    }

    #[test]
    fn lc_and_first_choose_as_described() {
        let sp = classic();
        let s = sp.spec;
        let cands: Vec<Code> = ["5436", "5463", "5634", "6354", "6435", "6543"]
            .iter()
            .map(|c| s.parse(c).unwrap())
            .collect();
        let node = Node {
            step: 3,
            candidates: &cands,
        };
        assert_eq!(
            Lc.choose(&sp, &node),
            Choice::Guess(s.parse("5436").unwrap())
        );
        let f = First::new(
            vec![s.parse("6564").unwrap(), s.parse("4233").unwrap()],
            Box::new(Lc),
        );
        let at = |step| {
            f.choose(
                &sp,
                &Node {
                    step,
                    candidates: &cands,
                },
            )
        };
        assert_eq!(at(0), Choice::Guess(s.parse("6564").unwrap()));
        assert_eq!(at(1), Choice::Guess(s.parse("4233").unwrap()));
        assert_eq!(at(2), Choice::Guess(s.parse("5436").unwrap()));
        assert!(!f.random());
        assert!(First::new(vec![], Box::new(Rc)).random());
        assert_eq!(Rc.choose(&sp, &node), Choice::UniformCandidate);
    }

    #[test]
    fn heuristics_prefer_consistent_then_lowest() {
        let sp = classic();
        let s = sp.spec;
        let two = vec![s.parse("3456").unwrap(), s.parse("6543").unwrap()];
        for h in [
            Heuristic::KNUTH,
            Heuristic::IRVING,
            Heuristic::ENTROPY,
            Heuristic::MOST_PARTS,
        ] {
            assert_eq!(h.pick(&sp, &two), two[0]);
            // The short cut for two candidates agrees with the full scan.
            assert_eq!(h.best_of(&sp, &two, 0..1296, &[0, 0, 0]).2, two[0]);
        }
    }

    #[test]
    fn perfect_split_short_cut_agrees_with_the_full_scan() {
        let sp = classic();
        let s = sp.spec;
        // The seed's seven codes after 1122 RW, 1134 W, 2352 RW.
        let seven: Vec<Code> = ["2426", "4242", "4262", "5512", "5612", "6242", "6512"]
            .iter()
            .map(|c| s.parse(c).unwrap())
            .collect();
        let g = perfect_candidate(&sp, &seven);
        assert_eq!(g.map(|g| s.format(g)), Some("6242".to_string()));
        let nlogn: Vec<u64> = (0..=7u64).map(|c| c * c).collect();
        for h in [
            Heuristic::KNUTH,
            Heuristic::IRVING,
            Heuristic::ENTROPY,
            Heuristic::MOST_PARTS,
        ] {
            assert_eq!(
                h.best_of(&sp, &seven, 0..1296, &nlogn).2,
                g.unwrap(),
                "{h:?}"
            );
        }
        let all = sp.all();
        assert_eq!(perfect_candidate(&sp, &all), None);
    }

    #[test]
    fn parallel_scan_agrees_with_serial() {
        let sp = classic();
        let all = sp.all();
        for h in [
            Heuristic::KNUTH,
            Heuristic::IRVING,
            Heuristic::ENTROPY,
            Heuristic::MOST_PARTS,
        ] {
            let par = h.pick(&sp, &all);
            IN_WORKER.with(|w| w.set(true));
            let ser = h.pick(&sp, &all);
            IN_WORKER.with(|w| w.set(false));
            assert_eq!(par, ser, "{h:?}");
        }
    }
}
