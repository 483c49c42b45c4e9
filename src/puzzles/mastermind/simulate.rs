//! Seeded simulation: a strategy played against secrets drawn at random,
//! as the seed did ("a million rounds"). Reproducible: games are dealt in
//! fixed blocks, each with its own generator derived from the seed and the
//! block number, so the result depends on the seed only (not on the thread
//! count). Deterministic strategies are evaluated once per secret and then
//! sampled; random ones are played game by game.

use super::code::{worker_count, Code, Rng, Space};
use super::evaluate::{guesses_per_secret, play, EvalError, Stats, MAX_GUESSES};
use super::strategy::Strategy;
use std::sync::atomic::{AtomicU64, Ordering};

/// Games per block (one generator each).
const BLOCK: u64 = 4096;

/// The generator of block `b` for `seed`.
fn block_rng(seed: u64, b: u64) -> Rng {
    let mut mix = Rng::new(seed ^ b.wrapping_mul(0xD1B5_4A32_D192_ED03));
    Rng::new(mix.next_u64())
}

/// Guess counts (indexed by guesses) over the games of block `b`.
fn run_block(
    space: &Space,
    strat: &dyn Strategy,
    per_secret: Option<&[u8]>,
    seed: u64,
    b: u64,
    games: u64,
) -> Result<Vec<u64>, EvalError> {
    let mut counts = vec![0u64; MAX_GUESSES + 1];
    let mut rng = block_rng(seed, b);
    let n = BLOCK.min(games - b * BLOCK);
    for _ in 0..n {
        let secret = rng.below(space.len()) as Code;
        let k = match per_secret {
            Some(per) => per[secret as usize] as usize,
            None => play(space, strat, secret, &mut rng)?.len(),
        };
        counts[k] += 1;
    }
    Ok(counts)
}

/// Plays `games` games against uniformly random secrets; `Stats` counts games.
pub fn simulate(
    space: &Space,
    strat: &dyn Strategy,
    games: u64,
    seed: u64,
) -> Result<Stats, EvalError> {
    let per = if strat.random() {
        None
    } else {
        Some(guesses_per_secret(space, strat)?)
    };
    let blocks = games.div_ceil(BLOCK);
    let next = AtomicU64::new(0);
    let threads = worker_count().min(blocks.max(1) as usize);
    let mut results: Vec<Option<Result<Vec<u64>, EvalError>>> = (0..blocks).map(|_| None).collect();
    std::thread::scope(|sc| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (next, per) = (&next, per.as_deref());
                sc.spawn(move || {
                    let mut mine = Vec::new();
                    loop {
                        let b = next.fetch_add(1, Ordering::Relaxed);
                        if b >= blocks {
                            break;
                        }
                        mine.push((b, run_block(space, strat, per, seed, b, games)));
                    }
                    mine
                })
            })
            .collect();
        for h in handles {
            for (b, r) in h.join().expect("simulation worker") {
                results[b as usize] = Some(r);
            }
        }
    });
    let mut counts = vec![0u64; MAX_GUESSES + 1];
    for r in results.into_iter().flatten() {
        for (a, c) in counts.iter_mut().zip(r?) {
            *a += c;
        }
    }
    let max = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
    let histogram: Vec<f64> = counts[..=max].iter().map(|&c| c as f64).collect();
    let total = counts
        .iter()
        .enumerate()
        .map(|(k, &c)| (k as u64 * c) as f64)
        .sum();
    Ok(Stats {
        total,
        max,
        histogram,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::mastermind::code::Spec;
    use crate::puzzles::mastermind::strategy::{First, Heuristic, Rc};

    #[test]
    fn same_seed_same_stats_and_plausible_averages() {
        let sp = Space::shared(Spec::classic());
        let a = simulate(&sp, &Rc, 10_000, 42).unwrap();
        let b = simulate(&sp, &Rc, 10_000, 42).unwrap();
        let c = simulate(&sp, &Rc, 10_000, 43).unwrap();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.secrets(), 10_000.0);
        // The exact expectation is 4.64 (seed); 10,000 games land close.
        assert!((a.average() - 4.64).abs() < 0.05, "{}", a.average());
        let k = simulate(&sp, &Heuristic::KNUTH, 5000, 7).unwrap();
        assert_eq!(k.max, 5);
        assert!((k.average() - 5801.0 / 1296.0).abs() < 0.05);
        let one = First::new(vec![sp.spec.parse("1123").unwrap()], Box::new(Rc));
        let s = simulate(&sp, &one, 1, 1).unwrap();
        assert_eq!(s.secrets(), 1.0);
        assert_eq!(simulate(&sp, &Rc, 0, 1).unwrap().secrets(), 0.0);
    }

    #[test]
    fn blocks_do_not_depend_on_the_thread_count() {
        let sp = Space::shared(Spec::new(3, 4).unwrap());
        let whole = simulate(&sp, &Rc, 2 * BLOCK + 5, 9).unwrap();
        let mut counts = vec![0u64; MAX_GUESSES + 1];
        for b in 0..3 {
            let r = run_block(&sp, &Rc, None, 9, b, 2 * BLOCK + 5).unwrap();
            for (a, c) in counts.iter_mut().zip(r) {
                *a += c;
            }
        }
        let total: u64 = counts.iter().enumerate().map(|(k, &c)| k as u64 * c).sum();
        assert_eq!(whole.total, total as f64);
    }
}
