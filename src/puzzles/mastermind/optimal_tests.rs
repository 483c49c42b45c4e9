//! Tests of the exact Mastermind search (`optimal.rs`): brute-force equality on small
//! specs and subsets, bound soundness, the trees' guess choice, and the ignored timing
//! reports for 4x6, 4x7 and 5x5.

use super::*;
use crate::builtins::arith::cpu_seconds;
use crate::puzzles::mastermind::code::{Fb, Spec};
use crate::puzzles::mastermind::verify::verify;
use std::collections::HashMap as Map;

/// Plain recursion over every guess of every node (memoised by set only):
/// the reference optimum for small spaces.
fn brute(sp: &Space, pool: Pool, s: &[Code], d: u8, memo: &mut Map<(Vec<Code>, u8), u32>) -> u32 {
    if s.len() == 1 && d >= 1 {
        return 1;
    }
    if d == 0 {
        return INF;
    }
    if let Some(&v) = memo.get(&(s.to_vec(), d)) {
        return v;
    }
    let guesses: Vec<Code> = match pool {
        Pool::All => sp.all(),
        Pool::Consistent => s.to_vec(),
    };
    let mut best = INF;
    for g in guesses {
        let mut classes: Map<Fb, Vec<Code>> = Map::new();
        for &x in s {
            classes.entry(sp.fb(g, x)).or_default().push(x);
        }
        if classes.len() == 1 && !s.contains(&g) {
            continue;
        }
        let mut t = s.len() as u32;
        for (f, c) in classes {
            if f != sp.spec.win() {
                t = (t + brute(sp, pool, &c, down(d), memo)).min(INF);
            }
        }
        best = best.min(t);
    }
    memo.insert((s.to_vec(), d), best);
    best
}

#[test]
fn level_bound_values() {
    assert_eq!(level_bound(1, UNLIMITED, 13), 1);
    assert_eq!(level_bound(14, UNLIMITED, 13), 27);
    assert_eq!(level_bound(15, UNLIMITED, 13), 30);
    assert_eq!(level_bound(15, 2, 13), INF);
    assert_eq!(level_bound(3, 3, 1), 6);
    assert_eq!(level_bound(0, 0, 1), 0);
}

#[test]
fn branch_and_bound_equals_brute_force() {
    for (p, c) in [(2, 3), (2, 4), (3, 3), (2, 5), (3, 2)] {
        let sp = Space::new(Spec::new(p, c).unwrap());
        let all = sp.all();
        for pool in [Pool::All, Pool::Consistent] {
            for d in [UNLIMITED, 4, 3] {
                let want = brute(&sp, pool, &all, d, &mut Map::new());
                // Sequential, and with the top level shared between threads.
                for par in [usize::MAX, 1] {
                    let got = solve_from(&sp, pool, &all, d, par);
                    if want >= INF {
                        assert_eq!(got.err(), Some(SolveError::Infeasible), "{p}x{c} {d}");
                        continue;
                    }
                    let sol = got.unwrap();
                    assert_eq!(sol.total, want as u64, "{p}x{c} {pool:?} {d}");
                    let lim = (d != UNLIMITED).then_some(d as usize);
                    let r = verify(&sp, &sol.tree, &all, pool == Pool::Consistent, lim);
                    assert_eq!(r.unwrap().total, sol.total);
                }
            }
        }
    }
}

#[test]
fn probed_searches_equal_brute_force() {
    for (p, c) in [(2, 3), (2, 4), (3, 3), (2, 5), (3, 4)] {
        let sp = Space::new(Spec::new(p, c).unwrap());
        let all = sp.all();
        for pool in [Pool::All, Pool::Consistent] {
            let mut sh = Shared::new(&sp, pool);
            sh.probe_min = 3;
            for d in [UNLIMITED, 4, 3] {
                let want = brute(&sp, pool, &all, d, &mut Map::new());
                let mut w = Worker::new(&sh);
                assert!(w.probe(&all, d) <= want, "{p}x{c} {pool:?} {d}");
                let got = w.solve(&all, d, INF, 0, &[]);
                assert_eq!(got.min(INF), want.min(INF), "{p}x{c} {pool:?} {d}");
            }
        }
    }
}

#[test]
fn trees_take_the_first_optimal_guess() {
    // The guesses the search records are those the rule defines
    // (`first_optimal`, computed by refutation on a separate memo), at
    // every node of the returned trees, with and without threads.
    for (p, c) in [(2, 4), (3, 3), (3, 4), (2, 5)] {
        let sp = Space::new(Spec::new(p, c).unwrap());
        let win = sp.spec.win();
        let mut rng = crate::puzzles::mastermind::code::Rng::new(11);
        for round in 0..8 {
            let s: Vec<Code> = if round == 0 {
                sp.all()
            } else {
                (0..sp.len() as Code)
                    .filter(|_| rng.below(3) == 0)
                    .collect()
            };
            if s.is_empty() {
                continue;
            }
            for pool in [Pool::All, Pool::Consistent] {
                let sh = Shared::new(&sp, pool);
                for d in [UNLIMITED, 4, 3] {
                    for par in [usize::MAX, 1] {
                        let Ok(sol) = solve_from(&sp, pool, &s, d, par) else {
                            continue;
                        };
                        let mut r = Worker::new(&sh);
                        let mut stack = vec![(0usize, s.clone(), d)];
                        while let Some((at, set, d)) = stack.pop() {
                            let node = &sol.tree.nodes[at];
                            // (The root of a shared search is the first
                            // optimal guess of the root's own order.)
                            if at > 0 || par == usize::MAX {
                                let want = r.first_optimal(&set, d);
                                assert_eq!(Some(node.guess), want, "{p}x{c} {pool:?} {d}");
                            }
                            for &(f, child) in &node.children {
                                assert_ne!(f, win);
                                let sub: Vec<Code> = set
                                    .iter()
                                    .copied()
                                    .filter(|&x| sp.fb(node.guess, x) == f)
                                    .collect();
                                stack.push((child as usize, sub, down(d)));
                            }
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn table_counts_score_as_the_direct_scoring() {
    let sp = Space::new(Spec::new(3, 4).unwrap());
    let sh = Shared::new(&sp, Pool::All);
    let b = sh.b as usize;
    let mut rng = crate::puzzles::mastermind::code::Rng::new(7);
    let mut counts = [0u32; 256];
    for _ in 0..20 {
        let s: Vec<Code> = (0..64).filter(|_| rng.below(2) == 0).collect();
        let lbt: Vec<u32> = (0..=s.len()).map(|m| sh.lb(m, UNLIMITED)).collect();
        let linear = (1..=s.len()).all(|c| lbt[c] == 2 * c as u32 - 1);
        let mut cols = Columns::default();
        cols.count(sh.dense.as_ref().unwrap(), 64, &s, b, None);
        for g in 0..64 {
            let f = |x| sh.fbi(g, x) as usize;
            let want = score(&s, f, b, &lbt, linear, INF, &mut counts);
            let upto = linear_upto(&lbt);
            assert_eq!(
                Ok(from_columns(&cols, g as usize, s.len(), &lbt, linear, upto)),
                want
            );
            // A cut-off at the bound reports a bound at least as large.
            if let Ok((_, _, glb, _)) = want {
                if !linear && glb > s.len() as u32 {
                    let cut = score(&s, f, b, &lbt, linear, glb - 1, &mut counts);
                    assert!(matches!(cut, Err(v) if v >= glb - 1 && v <= glb));
                }
            }
            assert!(counts.iter().all(|&v| v == 0));
        }
    }
}

#[test]
fn mask_bounds_are_below_the_class_size_bounds() {
    let sp = Space::new(Spec::new(3, 4).unwrap());
    let sh = Shared::new(&sp, Pool::All);
    let b = sh.b as usize;
    let mut rng = crate::puzzles::mastermind::code::Rng::new(11);
    for kmax in 1..=sh.b {
        for _ in 0..10 {
            let s: Vec<Code> = (0..64).filter(|_| rng.below(3) == 0).collect();
            let n = s.len();
            let mut lbt = Vec::new();
            fill_bounds(&mut lbt, n, UNLIMITED, kmax);
            let linear = (1..=n).all(|c| lbt[c] == 2 * c as u32 - 1);
            let mut cols = Columns::default();
            cols.count(sh.dense.as_ref().unwrap(), 64, &s, b, None);
            for g in 0..64 {
                let mask = s.iter().fold(0u128, |m, &x| m | 1 << sh.fbi(g, x));
                let upto = linear_upto(&lbt);
                let (i1, k1, exact, e1) = from_columns(&cols, g as usize, n, &lbt, linear, upto);
                let (i2, k2, bound, e2) = from_mask_convex(mask, n, b, &lbt);
                assert_eq!((i1, k1), (i2, k2));
                assert!(bound <= exact, "{bound} > {exact}");
                if linear {
                    assert_eq!(bound, exact);
                    assert_eq!((bound, e2), (from_mask(mask, n, b).2, e1));
                }
                assert_eq!(e2, k2 as usize + i2 as usize == n);
            }
        }
    }
}

#[test]
fn verifier_rejects_corrupted_search_trees() {
    let sp = Space::new(Spec::new(3, 3).unwrap());
    let all = sp.all();
    let sol = solve(&sp, Pool::All, &all, UNLIMITED).unwrap();
    assert!(verify(&sp, &sol.tree, &all, false, None).is_ok());
    // Every single changed guess or dropped branch is caught.
    for i in 0..sol.tree.nodes.len() {
        let mut t = sol.tree.clone();
        t.nodes[i].guess = (t.nodes[i].guess + 1) % 27;
        let r = verify(&sp, &t, &all, false, None);
        assert!(r.is_err() || r.unwrap().total != sol.total, "node {i}");
        let mut t = sol.tree.clone();
        if t.nodes[i].children.pop().is_some() {
            assert!(verify(&sp, &t, &all, false, None).is_err());
        }
    }
}

#[test]
fn subsets_match_brute_force() {
    let sp = Space::new(Spec::new(3, 4).unwrap());
    let mut rng = crate::puzzles::mastermind::code::Rng::new(3);
    for _ in 0..30 {
        let s: Vec<Code> = (0..64).filter(|_| rng.below(3) == 0).collect();
        if s.is_empty() {
            continue;
        }
        for (pool, par) in [(Pool::All, 1), (Pool::Consistent, 1), (Pool::All, 99)] {
            let want = brute(&sp, pool, &s, UNLIMITED, &mut Map::new());
            let sol = solve_from(&sp, pool, &s, UNLIMITED, par).unwrap();
            assert_eq!(sol.total, want as u64);
            let r = verify(&sp, &sol.tree, &s, pool == Pool::Consistent, None).unwrap();
            assert_eq!(r.total, sol.total);
        }
    }
}

fn timed(p: u32, c: u32, pool: Pool, d: u8) -> Solution {
    let sp = Space::shared(Spec::new(p, c).unwrap());
    // Several runs (fewer for long searches): the machine is shared, so the
    // least and the median time say more than one run.
    let mut runs = Vec::new();
    let mut sol = None;
    while runs.len() < 7
        && (runs.len() < 2 || runs.iter().map(|r: &(f64, f64)| r.0).sum::<f64>() < 5.0)
    {
        let cpu0 = cpu_seconds();
        let t0 = std::time::Instant::now();
        let s = solve(&sp, pool, &sp.all(), d).unwrap();
        runs.push((cpu_seconds() - cpu0, t0.elapsed().as_secs_f64()));
        sol = Some(s);
    }
    let sol = sol.unwrap();
    let lim = (d != UNLIMITED).then_some(d as usize);
    let r = verify(&sp, &sol.tree, &sp.all(), pool == Pool::Consistent, lim).unwrap();
    assert_eq!(r.total, sol.total);
    let (mut cpu, mut wall): (Vec<f64>, Vec<f64>) = runs.iter().copied().unzip();
    cpu.sort_by(f64::total_cmp);
    wall.sort_by(f64::total_cmp);
    let k = runs.len();
    println!(
        "mm({p},{c}) {pool:?} limit {d}: total {} max {} nodes {}; {k} runs: cpu min {:.3} s median {:.3} s, wall min {:.3} s median {:.3} s",
        sol.total, r.max, sol.nodes, cpu[0], cpu[k / 2], wall[0], wall[k / 2]
    );
    sol
}

#[test]
#[ignore = "timing report; run with --release --ignored --nocapture"]
fn optimal_4x6_timing() {
    assert_eq!(timed(4, 6, Pool::All, UNLIMITED).total, 5625);
    assert_eq!(timed(4, 6, Pool::All, 5).total, 5626);
    timed(4, 6, Pool::Consistent, UNLIMITED);
}

#[test]
#[ignore = "timing report; run with --release --ignored --nocapture"]
fn optimal_5x5_timing() {
    timed(5, 5, Pool::All, UNLIMITED);
}

#[test]
#[ignore = "timing report; run with --release --ignored --nocapture"]
fn optimal_4x7_timing() {
    timed(4, 7, Pool::All, UNLIMITED);
}
