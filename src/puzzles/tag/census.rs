//! The census of a residue-class linear map (the numbers behind a tag system
//! acting on unary words): for every start `n` in `1..=N`, iterate
//! `n mod D = R  =>  n -> floor((A*n + B) / C)` until the trajectory enters a
//! cycle, and count the starts per cycle, naming a cycle by its smallest member.
//!
//! Method: the fate (cycle number) of every start is kept in a byte table, so a
//! trajectory stops as soon as it falls below its start onto a value already
//! settled. Starts are processed in phases `[a, 2a)`; each phase is split into
//! one contiguous chunk per thread (`std::thread::scope`), and a thread trusts
//! only values below the phase or already done in its own chunk, iterating
//! further otherwise. Trajectories that never fall (new cycles) are caught by
//! Brent's cycle finding. Arithmetic is in `i64` with overflow checks; a
//! trajectory that overflows is redone with big integers.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive};
use std::fmt;
use std::sync::Mutex;

/// One branch of a map: `n -> floor((a*n + b) / c)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Affine {
    /// Multiplier.
    pub a: i64,
    /// Addend.
    pub b: i64,
    /// Divisor (positive).
    pub c: i64,
}

/// A residue-class linear map: branch `parts[n mod d]` applies to `n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResidueMap {
    d: i64,
    parts: Vec<Affine>,
    /// `d - 1` when `d` is a power of two.
    dmask: Option<i64>,
    /// `log2 c` per part when `c` is a power of two.
    shifts: Vec<Option<u32>>,
}

/// Why a census could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CensusError {
    /// The modulus is not positive.
    BadModulus(i64),
    /// A residue outside `0..d`, or given twice.
    BadResidue(i64),
    /// No branch for this residue.
    MissingResidue(i64),
    /// A divisor that is not positive.
    BadDivisor(i64),
    /// More distinct cycles than the table can name (254).
    TooManyCycles,
    /// The table of `N + 1` bytes cannot be allocated.
    OutOfMemory,
}

impl fmt::Display for CensusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CensusError::BadModulus(d) => write!(f, "modulus {d} is not positive"),
            CensusError::BadResidue(r) => write!(f, "residue {r} is out of range or repeated"),
            CensusError::MissingResidue(r) => write!(f, "no branch for residue {r}"),
            CensusError::BadDivisor(c) => write!(f, "divisor {c} is not positive"),
            CensusError::TooManyCycles => write!(f, "more than 254 cycles"),
            CensusError::OutOfMemory => write!(f, "no memory for the table of starts"),
        }
    }
}

impl ResidueMap {
    /// Builds a map from its modulus and `(residue, branch)` pairs covering `0..d`.
    pub fn new(d: i64, branches: &[(i64, Affine)]) -> Result<ResidueMap, CensusError> {
        if d <= 0 {
            return Err(CensusError::BadModulus(d));
        }
        let mut parts: Vec<Option<Affine>> = vec![None; usize::try_from(d).unwrap_or(0)];
        if parts.len() as i64 != d {
            return Err(CensusError::BadModulus(d));
        }
        for &(r, f) in branches {
            if r < 0 || r >= d || parts[r as usize].is_some() {
                return Err(CensusError::BadResidue(r));
            }
            if f.c <= 0 {
                return Err(CensusError::BadDivisor(f.c));
            }
            parts[r as usize] = Some(f);
        }
        let parts = parts
            .iter()
            .enumerate()
            .map(|(r, p)| p.ok_or(CensusError::MissingResidue(r as i64)))
            .collect::<Result<Vec<_>, _>>()?;
        let pow2 = |x: i64| (x & (x - 1) == 0).then(|| x.trailing_zeros());
        Ok(ResidueMap {
            d,
            dmask: pow2(d).map(|_| d - 1),
            shifts: parts.iter().map(|p| pow2(p.c)).collect(),
            parts,
        })
    }

    /// The image of `x`, or `None` on 64-bit overflow.
    #[inline(always)]
    pub fn apply(&self, x: i64) -> Option<i64> {
        let r = match self.dmask {
            Some(mask) => x & mask,
            None => x.rem_euclid(self.d),
        } as usize;
        let p = self.parts[r];
        let y = p.a.checked_mul(x)?.checked_add(p.b)?;
        Some(match self.shifts[r] {
            Some(s) => y >> s,
            None => y.div_euclid(p.c),
        })
    }

    /// The image of a big integer.
    pub fn apply_big(&self, x: &BigInt) -> BigInt {
        let r = x.mod_floor(&BigInt::from(self.d)).to_usize().unwrap_or(0);
        let p = self.parts[r];
        (x * p.a + p.b).div_floor(&BigInt::from(p.c))
    }
}

/// The result of a census: starts per cycle, and the starts left unresolved
/// because their trajectory exceeded the step limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Census {
    /// `(smallest member of the cycle, number of starts)`, by increasing member.
    pub cycles: Vec<(BigInt, u64)>,
    /// Starts whose trajectory did not reach a known fate within the limit.
    pub unresolved: u64,
}

/// Values beyond this many bits make a trajectory unresolved (it is surely
/// diverging, and big-integer steps would grow ever slower).
pub const MAX_BITS: u64 = 4096;

/// Fate byte of a start whose trajectory exceeded the step limit.
const UNRESOLVED: u8 = 255;

/// The shared list of cycles found so far (fate byte = index + 1).
struct Registry(Mutex<Vec<BigInt>>);

impl Registry {
    fn id(&self, name: BigInt) -> Result<u8, CensusError> {
        let mut v = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = v.iter().position(|x| *x == name) {
            return Ok(i as u8 + 1);
        }
        if v.len() >= (UNRESOLVED - 1) as usize {
            return Err(CensusError::TooManyCycles);
        }
        v.push(name);
        Ok(v.len() as u8)
    }
}

/// What a thread may read: the settled table below the phase, and its own chunk.
struct View<'t> {
    done: &'t [u8],
    own_lo: u64,
    own: &'t [u8],
}

impl View<'_> {
    /// The settled fate of `v`, when `v` is below the start `n` and readable.
    #[inline(always)]
    fn fate(&self, v: u64, n: u64) -> Option<u8> {
        if v >= n {
            None
        } else if (v as usize) < self.done.len() {
            Some(self.done[v as usize]).filter(|&f| f != 0)
        } else if v >= self.own_lo {
            Some(self.own[(v - self.own_lo) as usize])
        } else {
            None
        }
    }
}

/// A value of a trajectory: machine or big integer.
trait Val: Clone + PartialEq + Ord + Sized {
    /// The image under the map; `None` when it does not fit.
    fn next(&self, map: &ResidueMap) -> Option<Self>;
    fn index(&self) -> Option<u64>;
    fn big(&self) -> BigInt;
}

impl Val for i64 {
    #[inline(always)]
    fn next(&self, map: &ResidueMap) -> Option<i64> {
        map.apply(*self)
    }
    #[inline(always)]
    fn index(&self) -> Option<u64> {
        u64::try_from(*self).ok()
    }
    fn big(&self) -> BigInt {
        BigInt::from(*self)
    }
}

impl Val for BigInt {
    fn next(&self, map: &ResidueMap) -> Option<BigInt> {
        Some(map.apply_big(self)).filter(|y| y.bits() <= MAX_BITS)
    }
    fn index(&self) -> Option<u64> {
        if self.is_negative() {
            None
        } else {
            self.to_u64()
        }
    }
    fn big(&self) -> BigInt {
        self.clone()
    }
}

/// The fate of start `n`: `Ok(None)` when the values no longer fit `V`.
fn fate<V: Val>(
    map: &ResidueMap,
    start: V,
    n: u64,
    view: &View,
    reg: &Registry,
    limit: u64,
) -> Result<Option<u8>, CensusError> {
    let mut x = start;
    let mut tortoise = x.clone();
    let (mut power, mut lam) = (1u64, 0u64);
    for _ in 0..limit {
        x = match x.next(map) {
            Some(y) => y,
            None => return Ok(None),
        };
        lam += 1;
        if let Some(f) = x.index().and_then(|v| view.fate(v, n)) {
            return Ok(Some(f));
        }
        if x == tortoise {
            // On the cycle: walk it once for its smallest member.
            let mut least = x.clone();
            let mut y = x.clone();
            for _ in 0..lam {
                y = match y.next(map) {
                    Some(z) => z,
                    None => return Ok(None),
                };
                if y < least {
                    least = y.clone();
                }
            }
            return reg.id(least.big()).map(Some);
        }
        if lam == power {
            tortoise = x.clone();
            power *= 2;
            lam = 0;
        }
    }
    Ok(Some(UNRESOLVED))
}

/// The fate of start `n` computed with big integers.
fn big_fate(
    map: &ResidueMap,
    n: u64,
    view: &View,
    reg: &Registry,
    limit: u64,
) -> Result<u8, CensusError> {
    Ok(fate(map, BigInt::from(n), n, view, reg, limit)?.unwrap_or(UNRESOLVED))
}

/// Settles the starts `lo..lo + own.len()` of a chunk, counting them per fate.
fn settle_chunk(
    map: &ResidueMap,
    done: &[u8],
    lo: u64,
    own: &mut [u8],
    reg: &Registry,
    limit: u64,
) -> Result<[u64; 256], CensusError> {
    let mut counts = [0u64; 256];
    for i in 0..own.len() {
        let n = lo + i as u64;
        let view = View {
            done,
            own_lo: lo,
            own: &own[..i],
        };
        let f = match i64::try_from(n) {
            Ok(s) => match fate(map, s, n, &view, reg, limit)? {
                Some(f) => f,
                None => big_fate(map, n, &view, reg, limit)?,
            },
            Err(_) => big_fate(map, n, &view, reg, limit)?,
        };
        own[i] = f;
        counts[f as usize] += 1;
    }
    Ok(counts)
}

/// The census of starts `1..=n`, on `threads` threads, giving up on a
/// trajectory after `limit` steps or beyond [`MAX_BITS`] bits (it then counts
/// as unresolved).
pub fn census(map: &ResidueMap, n: u64, threads: usize, limit: u64) -> Result<Census, CensusError> {
    let threads = threads.max(1);
    let reg = Registry(Mutex::new(Vec::new()));
    let size = usize::try_from(n)
        .ok()
        .and_then(|n| n.checked_add(1))
        .ok_or(CensusError::OutOfMemory)?;
    let mut table: Vec<u8> = Vec::new();
    table
        .try_reserve_exact(size)
        .map_err(|_| CensusError::OutOfMemory)?;
    table.resize(size, 0);
    let mut counts = [0u64; 256];
    let mut add = |c: [u64; 256]| {
        for (t, x) in counts.iter_mut().zip(c) {
            *t += x;
        }
    };
    // A first phase on one thread, then phases shared by the threads.
    let mut lo = 1u64;
    let mut hi = (n + 1).min(1 << 12);
    while lo <= n {
        let (done, rest) = table.split_at_mut(lo as usize);
        let phase = &mut rest[..(hi - lo) as usize];
        if lo == 1 || threads == 1 {
            add(settle_chunk(map, done, lo, phase, &reg, limit)?);
        } else {
            let size = (phase.len()).div_ceil(threads);
            let done: &[u8] = done;
            let results: Vec<Result<[u64; 256], CensusError>> = std::thread::scope(|s| {
                let handles: Vec<_> = phase
                    .chunks_mut(size)
                    .enumerate()
                    .map(|(k, chunk)| {
                        let reg = &reg;
                        let start = lo + (k * size) as u64;
                        s.spawn(move || settle_chunk(map, done, start, chunk, reg, limit))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("census thread panicked"))
                    .collect()
            });
            for r in results {
                add(r?);
            }
        }
        lo = hi;
        // Short phases when sharing: most trajectories then fall below the
        // phase at their first descent, onto settled values.
        let next = if threads == 1 { hi * 2 } else { hi + hi / 8 };
        hi = next.min(n + 1);
    }
    let names = reg.0.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut cycles: Vec<(BigInt, u64)> = names
        .into_iter()
        .enumerate()
        .map(|(i, name)| (name, counts[i + 1]))
        .filter(|(_, c)| *c > 0)
        .collect();
    cycles.sort();
    Ok(Census {
        cycles,
        unresolved: counts[UNRESOLVED as usize],
    })
}

/// The number of threads to use: the machine's parallelism.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The smallest member of the cycle `start` eventually enters, by direct
/// iteration keeping every value (a reference for tests and small checks).
pub fn cycle_of(map: &ResidueMap, start: i64, limit: u64) -> Option<BigInt> {
    let mut seen = std::collections::HashSet::new();
    let mut x = BigInt::from(start);
    for _ in 0..limit {
        if !seen.insert(x.clone()) {
            let mut least = x.clone();
            let mut y = map.apply_big(&x);
            while y != x {
                least = least.min(y.clone());
                y = map.apply_big(&y);
            }
            return Some(least);
        }
        x = map.apply_big(&x);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::tag::run::Runner;
    use crate::puzzles::tag::system::TagSystem;
    use num_traits::Zero;

    fn f(a: i64, b: i64, c: i64) -> Affine {
        Affine { a, b, c }
    }

    /// n even -> 3n/2, n odd -> (n-1)/2: the 2-tag system {0x->1, 1x->20, 2x->111}.
    fn three_halves() -> ResidueMap {
        ResidueMap::new(2, &[(0, f(3, 0, 2)), (1, f(1, -1, 2))]).unwrap()
    }

    fn orbit(map: &ResidueMap, mut x: i64, k: usize) -> Vec<i64> {
        let mut v = vec![x];
        for _ in 1..k {
            x = map.apply(x).unwrap();
            v.push(x);
        }
        v
    }

    #[test]
    fn the_map_agrees_with_the_tag_system_on_unary_words() {
        let sys = TagSystem::new(2, &[("0", "1"), ("1", "20"), ("2", "111")]).unwrap();
        let map = three_halves();
        for n in 2..300usize {
            // Run from 1^n to the next all-ones string.
            let w = vec![sys.code('1').unwrap(); n];
            let mut r = Runner::new(&sys, &w);
            loop {
                assert!(r.terminal().is_none(), "{n} ended early");
                r.advance();
                if r.word().iter().all(|&b| sys.alphabet[b as usize] == '1') {
                    break;
                }
            }
            assert_eq!(r.len() as i64, map.apply(n as i64).unwrap(), "from {n}");
        }
    }

    #[test]
    fn the_seeds_sequences() {
        let m = three_halves();
        assert_eq!(orbit(&m, 11, 5), vec![11, 5, 2, 3, 1]);
        assert_eq!(orbit(&m, 14, 7), vec![14, 21, 10, 15, 7, 3, 1]);
        assert_eq!(
            orbit(&m, 16, 12),
            vec![16, 24, 36, 54, 81, 40, 60, 90, 135, 67, 33, 16]
        );
        let m3 = ResidueMap::new(3, &[(0, f(2, 0, 3)), (1, f(5, 4, 3)), (2, f(2, -1, 3))]).unwrap();
        let from19 = [
            19, 33, 22, 38, 25, 43, 73, 123, 82, 138, 92, 61, 103, 173, 115, 193, 323, 215, 143,
            95, 63, 42, 28, 48, 32, 21, 14, 9, 6, 4, 8, 5, 3, 2,
        ];
        assert_eq!(orbit(&m3, 19, from19.len()), from19.to_vec());
    }

    #[test]
    fn census_matches_direct_iteration() {
        let maps = [
            three_halves(),
            ResidueMap::new(3, &[(0, f(2, 0, 3)), (1, f(5, 4, 3)), (2, f(2, -1, 3))]).unwrap(),
            // Collatz with 3n+1 on odds, and n/2 on evens; with negatives reachable.
            ResidueMap::new(2, &[(0, f(1, 0, 2)), (1, f(3, -1, 1))]).unwrap(),
            ResidueMap::new(3, &[(0, f(1, 0, 3)), (1, f(4, 5, 1)), (2, f(2, 2, 3))]).unwrap(),
        ];
        for map in &maps {
            let n = 20_000u64;
            let mut direct: std::collections::BTreeMap<BigInt, u64> = Default::default();
            for s in 1..=n as i64 {
                *direct
                    .entry(cycle_of(map, s, 1_000_000).unwrap())
                    .or_default() += 1;
            }
            let direct: Vec<(BigInt, u64)> = direct.into_iter().collect();
            for threads in [1, 2, 3] {
                let c = census(map, n, threads, 1_000_000).unwrap();
                assert_eq!(c.cycles, direct, "{map:?} on {threads} threads");
                assert_eq!(c.unresolved, 0);
            }
        }
    }

    #[test]
    fn small_census_of_three_halves() {
        let c = census(&three_halves(), 15, 2, 1000).unwrap();
        // 1..15 reach 0 (underflow, the seed's "1") or the cycle of 4.
        let zero = c.cycles.iter().find(|(k, _)| k.is_zero()).unwrap().1;
        assert_eq!(c.cycles.len(), 2);
        assert_eq!(zero + c.cycles[1].1, 15);
        assert_eq!(c.cycles[1].0, BigInt::from(4));
        let c = census(&three_halves(), 16, 2, 1000).unwrap();
        assert_eq!(c.cycles.last().unwrap(), &(BigInt::from(16), 1));
    }

    #[test]
    fn overflow_falls_back_to_big_integers() {
        // Even n -> n/2, odd n -> n * 2^62: 3 * 2^62 leaves i64, and halving it
        // 62 times comes back to 3, so every odd start is the least of its own cycle.
        let map = ResidueMap::new(2, &[(0, f(1, 0, 2)), (1, f(1 << 62, 0, 1))]).unwrap();
        let c = census(&map, 5, 2, 1000).unwrap();
        let expect: Vec<(BigInt, u64)> = vec![
            (BigInt::from(1), 3),
            (BigInt::from(3), 1),
            (BigInt::from(5), 1),
        ];
        assert_eq!(c.cycles, expect);
        assert_eq!(map.apply(3), None);
        assert_eq!(
            map.apply_big(&BigInt::from(3)),
            BigInt::from(3) * BigInt::from(1i64 << 62)
        );
    }

    #[test]
    fn too_many_cycles_is_an_error() {
        let map = ResidueMap::new(1, &[(0, f(1, 0, 1))]).unwrap();
        assert_eq!(census(&map, 300, 2, 10), Err(CensusError::TooManyCycles));
    }

    #[test]
    fn divergence_is_unresolved_not_endless() {
        let map = ResidueMap::new(1, &[(0, f(2, 1, 1))]).unwrap();
        let c = census(&map, 100, 2, 500).unwrap();
        assert_eq!(c.unresolved, 100);
        assert!(c.cycles.is_empty());
    }

    #[test]
    fn bad_maps_are_rejected() {
        assert_eq!(ResidueMap::new(0, &[]), Err(CensusError::BadModulus(0)));
        assert_eq!(
            ResidueMap::new(2, &[(0, f(1, 0, 1))]),
            Err(CensusError::MissingResidue(1))
        );
        assert_eq!(
            ResidueMap::new(2, &[(0, f(1, 0, 1)), (0, f(1, 0, 1))]),
            Err(CensusError::BadResidue(0))
        );
        assert_eq!(
            ResidueMap::new(2, &[(2, f(1, 0, 1))]),
            Err(CensusError::BadResidue(2))
        );
        assert_eq!(
            ResidueMap::new(1, &[(0, f(1, 0, 0))]),
            Err(CensusError::BadDivisor(0))
        );
    }

    /// The seed's figures for starts up to 10^9 (a long run: about a minute
    /// of CPU; `cargo test --release --lib census_to_a_billion -- --ignored`).
    #[test]
    #[ignore]
    fn census_to_a_billion() {
        let t = std::time::Instant::now();
        let c = census(&three_halves(), 1_000_000_000, default_threads(), 1 << 20).unwrap();
        eprintln!("census to 10^9: {:?} in {:?}", c, t.elapsed());
        let counts: Vec<(BigInt, u64)> = vec![
            (BigInt::from(0), 326_868_782),
            (BigInt::from(4), 324_952_364),
            (BigInt::from(16), 348_178_854),
        ];
        assert_eq!(c.cycles, counts);
    }
}

#[cfg(test)]
mod timing {
    use super::*;

    /// Timing of the census of `n -> 3n/2 | (n-1)/2` for `TAG_CENSUS_N` starts
    /// on `TAG_CENSUS_THREADS` threads (`cargo test --release --lib
    /// census_timing -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn census_timing() {
        let env = |k: &str, d: u64| {
            std::env::var(k)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(d)
        };
        let n = env("TAG_CENSUS_N", 100_000_000);
        let threads = env("TAG_CENSUS_THREADS", default_threads() as u64) as usize;
        let map = ResidueMap::new(
            2,
            &[
                (0, Affine { a: 3, b: 0, c: 2 }),
                (1, Affine { a: 1, b: -1, c: 2 }),
            ],
        )
        .unwrap();
        let t = std::time::Instant::now();
        let c = census(&map, n, threads, 1 << 20).unwrap();
        eprintln!(
            "census of {n} on {threads} threads: {:?} in {:?}",
            c.cycles,
            t.elapsed()
        );
    }
}
