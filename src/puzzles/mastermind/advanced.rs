//! The seed's human "Advanced" strategy, formalised. The seed describes it
//! by example only ("1122 instead of 1111, 3344 instead of 3333"; "assume
//! the lowest numbers earn the Rs, higher numbers the Ws, the highest
//! blanks"; "fill the remaining holes with 5s"). The formalisation:
//!
//! 1. While every feedback so far is blank, guess the two lowest colours not
//!    yet tried in pairs: `1122`, then `3344`, then `5566` (with an odd
//!    number of pegs the lower colour takes the extra peg; with one colour
//!    left, all pegs take it).
//! 2. Otherwise play a consistent code built only from colours already tried
//!    plus one new colour (the lowest not yet tried, which "fills the holes"),
//!    using no tried colour more often than any single guess did (a human
//!    only places the pegs the feedback credited). Among those codes prefer
//!    the most pegs of colour 1, then of colour 2, and so on ("the lowest
//!    numbers earn the credit"), then the numerically lowest code.
//! 3. If no consistent code has that form, the lowest consistent code (LC).
//!
//! For 4 pegs and 6 colours this gives 6,206 guesses in total (the seed:
//! 6,210), a worst case of 8 reached by the single secret 6543 with exactly
//! the seed's game (1122, 3344 RW, 3535 RW, 3663 RW, 3456, 4365, 5634, 6543),
//! and it replays the seed's two sample games guess for guess.
//!
//! The choice depends on the colours tried, which a candidate set does not
//! reveal; the `Strategy` interface sees only the candidates and the step.
//! Since the strategy is deterministic and all candidates share one feedback
//! history, the history is known for every set the strategy reaches: each
//! choice records the history of the sets its feedback leads to, and a set
//! not recorded is replayed from the start against one of its candidates. A
//! set the strategy cannot have reached itself (a foreign history) is served
//! by rule 2's order over all candidates. Fixed openings are part of the
//! strategy (`Advanced::with_openings`, the term `first(Gs, advanced)`), so
//! that the rules see them in the history.

use super::code::{Code, Fb, Space};
use super::partition::partition;
use super::strategy::{Choice, Node, Strategy};
use std::collections::HashMap;
use std::sync::Mutex;

/// Histories of the candidate sets the strategy has led to.
type Histories = HashMap<Vec<Code>, Vec<(Code, Fb)>>;

/// Recorded histories kept before the record is cleared.
const RECORD_LIMIT: usize = 1 << 20;

/// The seed's Advanced strategy (see the module documentation).
#[derive(Debug, Default)]
pub struct Advanced {
    /// Guesses played first whatever the feedback (none for the seed's strategy).
    openings: Vec<Code>,
    record: Mutex<Histories>,
}

/// Colour counts of a code, one nibble per colour (colour 0 lowest).
fn counts(space: &Space, code: Code) -> u64 {
    let (mut c, mut acc) = (code, 0u64);
    for _ in 0..space.spec.pegs {
        acc += 1u64 << (4 * (c % space.spec.colors));
        c /= space.spec.colors;
    }
    acc
}

fn count_of(counts: u64, colour: u32) -> u32 {
    ((counts >> (4 * colour)) & 15) as u32
}

/// Rule 2's preference: more pegs of lower colours first, then lower code.
fn preference(space: &Space, code: Code) -> (u64, Code) {
    let c = counts(space, code);
    let key = (0..space.spec.colors).fold(0u64, |k, col| (k << 4) | (15 - count_of(c, col)) as u64);
    (key, code)
}

impl Advanced {
    /// A fresh strategy (with an empty record of histories).
    pub fn new() -> Advanced {
        Advanced::default()
    }

    /// The strategy after fixed opening guesses, which count as tried colours.
    pub fn with_openings(openings: Vec<Code>) -> Advanced {
        Advanced {
            openings,
            ..Advanced::default()
        }
    }

    /// The history of `cands` after `step` guesses, from the record or by replay.
    fn history(&self, space: &Space, step: usize, cands: &[Code]) -> Option<Vec<(Code, Fb)>> {
        let known = self
            .record
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(cands)
            .cloned();
        match known {
            Some(h) if h.len() == step => Some(h),
            _ => self.replay(space, step, cands),
        }
    }

    /// Records the histories of the sets that `guess` splits `cands` into.
    fn record_children(&self, space: &Space, history: &[(Code, Fb)], guess: Code, cands: &[Code]) {
        let parts = partition(space, guess, cands);
        let mut rec = self.record.lock().unwrap_or_else(|e| e.into_inner());
        if rec.len() + parts.len() > RECORD_LIMIT {
            rec.clear();
        }
        for (f, part) in parts {
            if f != space.spec.win() && part.len() > 1 {
                let mut h = history.to_vec();
                h.push((guess, f));
                rec.insert(part, h);
            }
        }
    }

    /// The guess after `history`, whose consistent codes are `cands` (non-empty).
    pub fn pick(&self, space: &Space, history: &[(Code, Fb)], cands: &[Code]) -> Code {
        if let Some(&g) = self.openings.get(history.len()) {
            return g;
        }
        let spec = space.spec;
        let mut tried = vec![false; spec.colors as usize];
        let mut most = vec![0u32; spec.colors as usize];
        for &(g, _) in history {
            let c = counts(space, g);
            for col in 0..spec.colors {
                let k = count_of(c, col);
                if k > 0 {
                    tried[col as usize] = true;
                    most[col as usize] = most[col as usize].max(k);
                }
            }
        }
        let untried: Vec<u32> = (0..spec.colors).filter(|&c| !tried[c as usize]).collect();
        let blank = spec.fb(0, 0);
        if history.iter().all(|&(_, f)| f == blank) {
            // Rule 1: pairs of fresh colours (consistent: only fresh colours remain).
            let (a, b) = match untried.as_slice() {
                [a, b, ..] => (*a, *b),
                [a] => (*a, *a),
                [] => return cands[0],
            };
            let half = spec.pegs.div_ceil(2);
            let digits: Vec<u32> = (0..spec.pegs)
                .map(|i| if i < half { a } else { b })
                .collect();
            if let Some(g) = spec.encode(&digits) {
                return g;
            }
        }
        let fresh = untried.first().copied();
        let fits = |&s: &Code| {
            let c = counts(space, s);
            (0..spec.colors).all(|col| {
                let k = count_of(c, col);
                k == 0 || Some(col) == fresh || (tried[col as usize] && k <= most[col as usize])
            })
        };
        cands
            .iter()
            .copied()
            .filter(fits)
            .min_by_key(|&s| preference(space, s))
            .unwrap_or(cands[0])
    }

    /// The history that led the strategy to `cands` after `step` guesses,
    /// recovered by replaying it against one candidate; `None` if the
    /// strategy does not reach exactly this set.
    fn replay(&self, space: &Space, step: usize, cands: &[Code]) -> Option<Vec<(Code, Fb)>> {
        let secret = *cands.first()?;
        let mut history = Vec::with_capacity(step);
        let mut cur = space.all();
        for _ in 0..step {
            let g = self.pick(space, &history, &cur);
            let f = space.fb(g, secret);
            if f == space.spec.win() {
                return None;
            }
            history.push((g, f));
            cur.retain(|&s| space.fb(g, s) == f);
        }
        (cur == cands).then_some(history)
    }
}

impl Strategy for Advanced {
    fn choose(&self, space: &Space, node: &Node) -> Choice {
        let cands = node.candidates;
        if let (None, [only]) = (self.openings.get(node.step), cands) {
            // Every rule plays the last candidate; no history needed.
            return Choice::Guess(*only);
        }
        Choice::Guess(match self.history(space, node.step, cands) {
            Some(h) => {
                let g = self.pick(space, &h, cands);
                self.record_children(space, &h, g, cands);
                g
            }
            None => cands
                .iter()
                .copied()
                .min_by_key(|&s| preference(space, s))
                .unwrap_or(0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::mastermind::code::{Rng, Spec};
    use crate::puzzles::mastermind::evaluate::{evaluate, guesses_per_secret, play};

    fn game(secret: &str) -> Vec<String> {
        let sp = Space::shared(Spec::classic());
        let s = sp.spec;
        play(
            &sp,
            &Advanced::new(),
            s.parse(secret).unwrap(),
            &mut Rng::new(0),
        )
        .unwrap()
        .iter()
        .map(|&(g, f)| format!("{} {}", s.format(g), s.fb_text(f)))
        .collect()
    }

    #[test]
    fn replays_the_seeds_sample_games() {
        assert_eq!(
            game("4652"),
            [
                "1122 R",
                "1333 ",
                "4424 RW",
                "4552 RRR",
                "4562 RRWW",
                "4652 RRRR"
            ]
        );
        assert_eq!(
            game("4454"),
            ["1122 ", "3344 RW", "3535 W", "4366 R", "4454 RRRR"]
        );
        assert_eq!(
            game("6543"),
            [
                "1122 ",
                "3344 RW",
                "3535 RW",
                "3663 RW",
                "3456 WWWW",
                "4365 WWWW",
                "5634 WWWW",
                "6543 RRRR"
            ]
        );
    }

    #[test]
    fn totals_come_within_four_guesses_of_the_seed() {
        let sp = Space::shared(Spec::classic());
        let adv = Advanced::new();
        let st = evaluate(&sp, &adv).unwrap();
        assert_eq!((st.total, st.max), (6206.0, 8));
        assert_eq!(format!("{:.2}", st.average()), "4.79");
        // Again with the record filled: the same results.
        let per = guesses_per_secret(&sp, &adv).unwrap();
        let worst: Vec<String> = (0..1296)
            .filter(|&s| per[s] == 8)
            .map(|s| sp.spec.format(s as Code))
            .collect();
        assert_eq!(worst, ["6543"]);
    }

    #[test]
    fn openings_count_as_history() {
        let sp = Space::shared(Spec::classic());
        let s = sp.spec;
        let opened = Advanced::with_openings(vec![s.parse("1122").unwrap()]);
        assert_eq!(evaluate(&sp, &opened).unwrap().total, 6206.0);
        let g = play(
            &sp,
            &Advanced::with_openings(vec![s.parse("1123").unwrap()]),
            s.parse("4455").unwrap(),
            &mut Rng::new(0),
        )
        .unwrap();
        let text: Vec<String> = g
            .iter()
            .map(|&(g, f)| format!("{} {}", s.format(g), s.fb_text(f)))
            .collect();
        assert_eq!(text, ["1123 ", "4455 RRRR"]);
    }

    #[test]
    fn pairs_rule_and_foreign_sets() {
        let sp = Space::new(Spec::new(5, 3).unwrap());
        let s = sp.spec;
        assert_eq!(s.format(Advanced::new().pick(&sp, &[], &sp.all())), "11122");
        let h = [(s.parse("11122").unwrap(), s.fb(0, 0))];
        let c = sp.consistent(&h);
        assert_eq!(s.format(Advanced::new().pick(&sp, &h, &c)), "33333");
        // A set the strategy never reaches is still answered with a candidate.
        let odd = sp.consistent(&[(s.parse("12312").unwrap(), s.fb(1, 1))]);
        let node = Node {
            step: 1,
            candidates: &odd,
        };
        match Advanced::new().choose(&sp, &node) {
            Choice::Guess(g) => assert!(odd.contains(&g)),
            other => panic!("{other:?}"),
        }
    }
}
