//! The exact optimal strategies as `Strategy` values: `optimal`,
//! `optimal_consistent` and their guess-limited forms. A strategy answers
//! from a process-wide cache of verified trees; a node not in the cache (a
//! history off the trees already built) is solved exactly from its candidate
//! set, and the tree is replayed by the independent verifier before any of
//! it is used. Also the Prolog term syntax of these strategies.

use super::code::{Code, Space, Spec};
use super::optimal::{self, Pool, SolveError, UNLIMITED};
use super::strategy::{Choice, Node, Strategy};
use super::verify::{verify, Tree, VerifyError};
use crate::machine::error::{domain_error, instantiation_error, type_error, PlError, Res};
use crate::term::Term;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

/// Verified guesses by (guesses left, candidate set): the key is the set
/// followed by the guesses left.
#[derive(Debug, Default)]
struct Cache {
    guesses: RwLock<HashMap<Vec<u32>, Code>>,
}

/// Why an optimal strategy could not be produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptError {
    /// No code is consistent with the history.
    Empty,
    /// No strategy meets the guess limit.
    Infeasible,
    /// The verifier rejected the search's tree (an internal error).
    Verify(VerifyError),
}

/// An exact optimal strategy: minimal total guesses over the candidates, with
/// guesses from `pool`, and no secret needing more than `limit` guesses
/// (counted from the strategy's first guess) when given.
#[derive(Debug, Clone)]
pub struct Optimal {
    /// Which guesses are allowed.
    pub pool: Pool,
    /// Most guesses any secret may need.
    pub limit: Option<usize>,
    cache: Arc<Cache>,
}

type CacheKey = (Spec, bool, Option<usize>);

impl Optimal {
    /// The strategy for a spec (sharing the process-wide cache of its trees).
    pub fn new(spec: Spec, pool: Pool, limit: Option<usize>) -> Optimal {
        static CACHES: OnceLock<Mutex<HashMap<CacheKey, Arc<Cache>>>> = OnceLock::new();
        let caches = CACHES.get_or_init(|| Mutex::new(HashMap::new()));
        let mut map = caches.lock().unwrap_or_else(|e| e.into_inner());
        let cache = map
            .entry((spec, pool == Pool::Consistent, limit))
            .or_default()
            .clone();
        Optimal { pool, limit, cache }
    }

    /// Guesses left after `step` guesses (`UNLIMITED` without a limit).
    fn left(&self, step: usize) -> u8 {
        match self.limit {
            None => UNLIMITED,
            Some(l) => l.saturating_sub(step).min(UNLIMITED as usize - 1) as u8,
        }
    }

    fn key(cands: &[Code], d: u8) -> Vec<u32> {
        let mut k = Vec::with_capacity(cands.len() + 1);
        k.extend_from_slice(cands);
        k.push(d as u32);
        k
    }

    /// The optimal guess for `cands` (ascending) with `d` guesses left,
    /// solving, verifying and caching the tree below it when needed. Returns
    /// the guess and, when a search ran, its verified total and max.
    pub fn solve_at(
        &self,
        space: &Space,
        cands: &[Code],
        d: u8,
    ) -> Result<(Code, Option<(u64, usize)>), OptError> {
        let key = Self::key(cands, d);
        if let Some(&g) = self
            .cache
            .guesses
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return Ok((g, None));
        }
        let sol = optimal::solve(space, self.pool, cands, d).map_err(|e| match e {
            SolveError::Empty => OptError::Empty,
            SolveError::Infeasible => OptError::Infeasible,
        })?;
        let limit = (d != UNLIMITED).then_some(d as usize);
        let consistent = self.pool == Pool::Consistent;
        let r = verify(space, &sol.tree, cands, consistent, limit).map_err(OptError::Verify)?;
        if r.total != sol.total {
            return Err(OptError::Verify(VerifyError::Claim {
                claimed: sol.total,
                found: r.total,
            }));
        }
        self.remember(space, &sol.tree, cands, d);
        Ok((sol.tree.nodes[0].guess, Some((r.total, r.max))))
    }

    /// Caches every node of a verified tree under its candidate set.
    fn remember(&self, space: &Space, tree: &Tree, cands: &[Code], d: u8) {
        let mut map = self
            .cache
            .guesses
            .write()
            .unwrap_or_else(|e| e.into_inner());
        let mut stack = vec![(0usize, cands.to_vec(), d)];
        while let Some((at, set, d)) = stack.pop() {
            let node = &tree.nodes[at];
            for &(fb, child) in &node.children {
                let sub: Vec<Code> = set
                    .iter()
                    .copied()
                    .filter(|&x| space.fb(node.guess, x) == fb)
                    .collect();
                let dd = if d == UNLIMITED {
                    d
                } else {
                    d.saturating_sub(1)
                };
                stack.push((child as usize, sub, dd));
            }
            map.insert(Self::key(&set, d), node.guess);
        }
    }

    /// The optimum from the start of a game over the whole space: its
    /// verified total and max.
    pub fn prepare(&self, space: &Space) -> Result<(Code, Option<(u64, usize)>), OptError> {
        self.solve_at(space, &space.all(), self.left(0))
    }
}

impl Strategy for Optimal {
    fn choose(&self, space: &Space, node: &Node) -> Choice {
        let cands = node.candidates;
        let r = match self.solve_at(space, cands, self.left(node.step)) {
            // Past a limit that can no longer be met: the unlimited optimum.
            Err(OptError::Infeasible) => self.solve_at(space, cands, UNLIMITED),
            r => r,
        };
        match r {
            Ok((g, _)) => Choice::Guess(g),
            Err(OptError::Empty) | Err(OptError::Infeasible) => Choice::Guess(cands[0]),
            Err(OptError::Verify(e)) => {
                panic!("internal error: an optimal strategy tree failed verification: {e}")
            }
        }
    }
}

/// The Prolog error for a failed preparation.
pub fn opt_error(e: OptError, culprit: &Term) -> PlError {
    match e {
        OptError::Empty => domain_error("mastermind_history", Term::atom("inconsistent")),
        OptError::Infeasible => domain_error("mastermind_guess_limit", culprit.clone()),
        OptError::Verify(v) => PlError::error(
            Term::compound(
                "system_error",
                vec![Term::atom(&format!(
                    "optimal strategy failed verification: {v}"
                ))],
            ),
            None,
        ),
    }
}

/// The strategy of the terms `optimal`, `optimal_consistent`,
/// `optimal(MaxGuesses)` and `optimal_consistent(MaxGuesses)`; `None` for
/// other terms. With `top` (no openings before it) the optimum over the
/// whole space is solved and verified at once, so that an impossible limit
/// or a failed verification is raised as a Prolog error.
pub fn strategy_term(spec: Spec, t: &Term, top: bool) -> Res<Option<Box<dyn Strategy>>> {
    let (name, limit) = match t {
        Term::Atom(a) => (a.name(), None),
        Term::Compound(f, args) if args.len() == 1 => (f.name(), Some(&args[0])),
        _ => return Ok(None),
    };
    let pool = match name {
        "optimal" => Pool::All,
        "optimal_consistent" => Pool::Consistent,
        _ => return Ok(None),
    };
    let limit = match limit {
        None => None,
        Some(Term::Var(_)) => return Err(instantiation_error()),
        Some(Term::Int(n)) if *n >= 1 => Some((*n).min(1 << 20) as usize),
        Some(Term::Int(_)) => return Err(domain_error("positive_integer", limit.unwrap().clone())),
        Some(x) => return Err(type_error("integer", x.clone())),
    };
    let strat = Optimal::new(spec, pool, limit);
    if top {
        let space = Space::shared(spec);
        let culprit = match limit {
            Some(n) => Term::Int(n as i64),
            None => t.clone(),
        };
        strat.prepare(&space).map_err(|e| opt_error(e, &culprit))?;
    }
    Ok(Some(Box::new(strat)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::mastermind::code::Rng;
    use crate::puzzles::mastermind::evaluate::{evaluate, next_guess};

    #[test]
    fn optimal_plays_as_its_verified_tree() {
        let sp = Space::shared(Spec::new(3, 4).unwrap());
        for pool in [Pool::All, Pool::Consistent] {
            let o = Optimal::new(sp.spec, pool, None);
            let (_, figures) = o.prepare(&sp).unwrap();
            let st = evaluate(&sp, &o).unwrap();
            if let Some((total, max)) = figures {
                assert_eq!(st.total as u64, total);
                assert_eq!(st.max, max);
            }
            // Off-tree histories are solved on demand.
            let h = [(sp.spec.parse("111").unwrap(), sp.spec.fb(0, 0))];
            let g = next_guess(&sp, &o, &h, &mut Rng::new(1)).unwrap();
            if pool == Pool::Consistent {
                assert!(sp.consistent(&h).contains(&g));
            }
        }
    }

    #[test]
    fn limits_are_met_or_refused() {
        let sp = Space::shared(Spec::new(2, 4).unwrap());
        let free = Optimal::new(sp.spec, Pool::All, None);
        let (_, f) = free.prepare(&sp).unwrap();
        let (total, max) = f.unwrap();
        let tight = Optimal::new(sp.spec, Pool::All, Some(max - 1));
        match tight.prepare(&sp) {
            Ok((_, Some((t, m)))) => assert!(t >= total && m < max),
            Ok((_, None)) => {}
            Err(e) => assert_eq!(e, OptError::Infeasible),
        }
        let none = Optimal::new(sp.spec, Pool::All, Some(1));
        assert_eq!(none.prepare(&sp).err(), Some(OptError::Infeasible));
        let st = evaluate(&sp, &none).unwrap();
        assert_eq!(st.total as u64, total);
    }
}
