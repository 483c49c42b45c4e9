//! The exact minimum-weight vector of a coset `x0 + span(basis)` over GF(2)
//! (the fewest presses among all solutions of a singular system), for null
//! spaces far beyond what one-vector-per-step enumeration reaches.
//!
//! Method. Put the basis in reduced echelon form by lowest set bit, sorted by
//! that "lead" bit, and clear the leads from `x0`. A combination is a k-bit
//! integer `u` (basis vector `j` is bit `k - 1 - j`), and coordinate `i` of
//! `x0 + sum` is `x0_i xor <u, c_i>` where the column `c_i` holds the basis
//! vectors' bits at `i`. So
//!
//! ```text
//! weight(u) = (N - S(u)) / 2 + base,   S(u) = sum_i (-1)^(x0_i) (-1)^<u, c_i>
//! ```
//!
//! over the `N` coordinates with a non-zero column (`base` counts the ones of
//! `x0` elsewhere), and `S` is the Walsh-Hadamard transform of the signed
//! column histogram. Splitting `u` into a high part (enumerated) and a low part
//! of at most [`LOW_BITS`] bits, each high value needs one histogram over the
//! low bits and one in-cache transform of `2^LOW_BITS` small integers: about
//! one vector instruction per candidate, instead of an XOR and a popcount of
//! every word of the vector. High values are shared between threads; each
//! block asks a stop function (an interrupt or a time limit).
//!
//! Ties. In echelon form the lowest bit where two candidates differ is the lead
//! of the first basis vector in which their combinations differ, and the
//! candidate using that vector holds it. So among equally light candidates the
//! largest `u` is the first by ascending list of one positions: the result is
//! the lightest vector, ties broken by that list in standard order,
//! independent of the threads' timing.

use super::matrix::BitVec;
use std::ops::{Add, Sub};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The nullity up to which the minimum is searched unless the caller allows
/// more: 2^36 candidates take under two minutes on two cores (bench/README.md).
pub const DEFAULT_MAX_NULLITY: usize = 36;

/// The largest nullity that can be searched at all (the candidate index is a
/// `u64`; 2^62 candidates would take millennia anyway).
pub const HARD_MAX_NULLITY: usize = 62;

/// Low bits of a candidate handled by one transform: 2^14 16-bit sums (32 KiB)
/// stay in the first-level cache.
pub const LOW_BITS: usize = 14;

/// Asked now and then during a search: true ends it (shared by the threads).
pub type Stop<'a> = dyn Fn() -> bool + Sync + 'a;

/// Candidates below which the search runs on the calling thread alone.
const THREADED_FROM: u64 = 1 << 22;

/// Why no minimum was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinError {
    /// The (effective) nullity exceeds the allowed limit.
    TooLarge {
        /// The dimension of the span of the basis.
        nullity: usize,
        /// The limit in force.
        limit: usize,
    },
    /// The stop function answered true during the search.
    Interrupted,
}

/// The lightest vector of `x0 + span(basis)`, ties broken by the ascending list
/// of one positions in standard order. The basis may be dependent (its rank
/// is the nullity that counts against `max_nullity`, itself capped at
/// [`HARD_MAX_NULLITY`]); all vectors have `x0.len()` bits. `stop` is asked
/// before every block of 2^[`LOW_BITS`] candidates (well under a millisecond of
/// work); when it answers true the search ends with [`MinError::Interrupted`].
pub fn min_weight(
    x0: &BitVec,
    basis: &[BitVec],
    max_nullity: usize,
    stop: &Stop<'_>,
) -> Result<BitVec, MinError> {
    let echelon = echelon(basis);
    let k = echelon.len();
    let limit = max_nullity.min(HARD_MAX_NULLITY);
    if k > limit {
        return Err(MinError::TooLarge { nullity: k, limit });
    }
    let mut x = x0.clone();
    for (lead, b) in &echelon {
        if x.get(*lead) {
            x.xor_assign(b);
        }
    }
    if k == 0 {
        return Ok(x);
    }
    let problem = Problem::new(&x, &echelon);
    let u = problem.search(stop)?;
    for (j, (_, b)) in echelon.iter().enumerate() {
        if u >> (k - 1 - j) & 1 == 1 {
            x.xor_assign(b);
        }
    }
    Ok(x)
}

/// A basis of the span of `vectors` in reduced echelon form by lowest set bit:
/// pairs (lead, vector), ascending by lead; a vector has no ones below its
/// lead, and no other vector has a one at its lead.
fn echelon(vectors: &[BitVec]) -> Vec<(usize, BitVec)> {
    let mut out: Vec<(usize, BitVec)> = Vec::new();
    for v in vectors {
        let mut v = v.clone();
        for (lead, b) in &out {
            if v.get(*lead) {
                v.xor_assign(b);
            }
        }
        let Some(lead) = lowest_one(&v) else { continue };
        for (_, b) in out.iter_mut() {
            if b.get(lead) {
                b.xor_assign(&v);
            }
        }
        out.push((lead, v));
    }
    out.sort_by_key(|&(lead, _)| lead);
    out
}

/// The position of the lowest one bit.
fn lowest_one(v: &BitVec) -> Option<usize> {
    let (i, w) = v.words().iter().enumerate().find(|(_, &w)| w != 0)?;
    Some(i * 64 + w.trailing_zeros() as usize)
}

/// The search as a transform problem: the signed multiplicity of each
/// distinct non-zero column.
struct Problem {
    /// Nullity.
    k: usize,
    /// Low bits per block (`min(k, LOW_BITS)`).
    low: usize,
    /// (column, sum of (-1)^x0_i over the coordinates with that column).
    entries: Vec<(u64, i64)>,
    /// Sum of the absolute multiplicities: a bound on every partial sum.
    bound: u64,
}

impl Problem {
    /// The columns of the echelon basis (sorted by lead; vector `j` is bit
    /// `k - 1 - j`) against the reduced `x`.
    fn new(x: &BitVec, echelon: &[(usize, BitVec)]) -> Problem {
        let k = echelon.len();
        let mut columns: Vec<(u64, bool)> = Vec::new();
        let mut column_of = std::collections::HashMap::new();
        for (j, (_, b)) in echelon.iter().enumerate() {
            for i in b.ones() {
                let slot = *column_of.entry(i).or_insert_with(|| {
                    columns.push((0, x.get(i)));
                    columns.len() - 1
                });
                columns[slot].0 |= 1 << (k - 1 - j);
            }
        }
        columns.sort_unstable();
        let mut entries: Vec<(u64, i64)> = Vec::new();
        for (c, one) in columns {
            let s = if one { -1 } else { 1 };
            match entries.last_mut() {
                Some((last, sum)) if *last == c => *sum += s,
                _ => entries.push((c, s)),
            }
        }
        entries.retain(|&(_, s)| s != 0);
        let bound = entries.iter().map(|&(_, s)| s.unsigned_abs()).sum();
        Problem {
            k,
            low: k.min(LOW_BITS),
            entries,
            bound,
        }
    }

    /// The candidate `u` with the largest sum `S(u)` (the lightest), the
    /// largest `u` among ties.
    fn search(&self, stop: &Stop<'_>) -> Result<u64, MinError> {
        if self.bound <= i16::MAX as u64 {
            self.search_with::<i16>(stop)
        } else if self.bound <= i32::MAX as u64 {
            self.search_with::<i32>(stop)
        } else {
            self.search_with::<i64>(stop)
        }
    }

    fn search_with<T: Sum>(&self, stop: &Stop<'_>) -> Result<u64, MinError> {
        let blocks = 1u64 << (self.k - self.low);
        let threads = if blocks << self.low >= THREADED_FROM {
            std::thread::available_parallelism()
                .map_or(1, |n| n.get())
                .min(blocks as usize)
        } else {
            1
        };
        let next = AtomicU64::new(0);
        let cancel = AtomicBool::new(false);
        let work = || self.worker::<T>(&next, blocks, stop, &cancel);
        let results: Vec<Option<(T, u64)>> = if threads == 1 {
            vec![work()]
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a search thread panicked"))
                    .collect()
            })
        };
        if cancel.load(Ordering::Relaxed) {
            return Err(MinError::Interrupted);
        }
        let best = results.into_iter().flatten().max().expect("some block");
        Ok(best.1)
    }

    /// Takes blocks of high values until none is left; returns its best
    /// (sum, u), or `None` when it took no block or was stopped.
    fn worker<T: Sum>(
        &self,
        next: &AtomicU64,
        blocks: u64,
        stop: &Stop<'_>,
        cancel: &AtomicBool,
    ) -> Option<(T, u64)> {
        let low = self.low;
        let low_mask = (1u64 << low) - 1;
        let mut sums = vec![T::default(); 1 << low];
        let mut best: Option<(T, u64)> = None;
        loop {
            let hi = next.fetch_add(1, Ordering::Relaxed);
            if hi >= blocks {
                return best;
            }
            if cancel.load(Ordering::Relaxed) || stop() {
                cancel.store(true, Ordering::Relaxed);
                return None;
            }
            sums.fill(T::default());
            for &(c, s) in &self.entries {
                let odd = (c >> low & hi).count_ones() & 1 == 1;
                let slot = &mut sums[(c & low_mask) as usize];
                let s = T::from_i64(s);
                *slot = if odd { *slot - s } else { *slot + s };
            }
            walsh_hadamard(&mut sums);
            let top = sums.iter().copied().max().expect("a block is not empty");
            if best.is_some_and(|(b, _)| top < b) {
                continue;
            }
            let lo = sums.iter().rposition(|&v| v == top).expect("the maximum");
            let u = hi << low | lo as u64;
            if best.is_none_or(|b| (top, u) > b) {
                best = Some((top, u));
            }
        }
    }
}

/// The integer types of the transform: 16 bits when every partial sum fits,
/// else 32 or 64.
trait Sum: Copy + Default + Ord + Send + Add<Output = Self> + Sub<Output = Self> {
    /// Converts a multiplicity (known to fit).
    fn from_i64(v: i64) -> Self;
}

impl Sum for i16 {
    fn from_i64(v: i64) -> Self {
        v as i16
    }
}

impl Sum for i32 {
    fn from_i64(v: i64) -> Self {
        v as i32
    }
}

impl Sum for i64 {
    fn from_i64(v: i64) -> Self {
        v
    }
}

/// In-place Walsh-Hadamard transform (`a.len()` a power of two): afterwards
/// `a[u] = sum over c of a0[c] * (-1)^popcount(u & c)`.
fn walsh_hadamard<T: Sum>(a: &mut [T]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU supports AVX2, checked just above.
        unsafe { walsh_hadamard_avx2(a) };
        return;
    }
    walsh_hadamard_plain(a);
}

/// [`walsh_hadamard_plain`] compiled for AVX2, so that the butterflies of the
/// wider stages use 256-bit vectors.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn walsh_hadamard_avx2<T: Sum>(a: &mut [T]) {
    walsh_hadamard_plain(a)
}

#[inline(always)]
fn walsh_hadamard_plain<T: Sum>(a: &mut [T]) {
    let n = a.len();
    debug_assert!(n.is_power_of_two());
    // The first two stages together, four elements at a time.
    if n >= 4 {
        for q in a.chunks_exact_mut(4) {
            let (a0, a1, a2, a3) = (q[0], q[1], q[2], q[3]);
            let (s0, d0, s1, d1) = (a0 + a1, a0 - a1, a2 + a3, a2 - a3);
            q[0] = s0 + s1;
            q[1] = d0 + d1;
            q[2] = s0 - s1;
            q[3] = d0 - d1;
        }
    } else if n == 2 {
        let (x, y) = (a[0], a[1]);
        a[0] = x + y;
        a[1] = x - y;
    }
    let mut h = 4;
    while h < n {
        for chunk in a.chunks_exact_mut(2 * h) {
            let (l, r) = chunk.split_at_mut(h);
            for (x, y) in l.iter_mut().zip(r.iter_mut()) {
                let (p, q) = (*x, *y);
                *x = p + q;
                *y = p - q;
            }
        }
        h *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference: every combination in Gray-code order, one vector
    /// addition and popcount per step, the last `split` basis vectors fixed
    /// per thread (2^split threads).
    pub(super) fn brute_split(x0: &BitVec, basis: &[BitVec], split: usize) -> BitVec {
        let split = split.min(basis.len());
        let (walked, fixed) = basis.split_at(basis.len() - split);
        let walk = |hi: usize| {
            let mut x = x0.clone();
            for (j, b) in fixed.iter().enumerate() {
                if hi >> j & 1 == 1 {
                    x.xor_assign(b);
                }
            }
            let mut best = x.clone();
            let mut best_w = best.count_ones();
            for step in 1u64..(1u64 << walked.len()) {
                x.xor_assign(&walked[step.trailing_zeros() as usize]);
                let w = x.count_ones();
                if w < best_w || (w == best_w && x.index_list_before(&best)) {
                    best = x.clone();
                    best_w = w;
                }
            }
            best
        };
        let bests: Vec<BitVec> = std::thread::scope(|s| {
            let walk = &walk;
            let handles: Vec<_> = (0..1usize << split)
                .map(|hi| s.spawn(move || walk(hi)))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let lighter = |a: &BitVec, b: &BitVec| {
            let (wa, wb) = (a.count_ones(), b.count_ones());
            wa < wb || (wa == wb && a.index_list_before(b))
        };
        bests
            .into_iter()
            .reduce(|a, b| if lighter(&b, &a) { b } else { a })
            .expect("one thread at least")
    }

    fn brute(x0: &BitVec, basis: &[BitVec]) -> BitVec {
        brute_split(x0, basis, 0)
    }

    /// The dimension of the span of `basis`.
    fn rank(basis: &[BitVec]) -> usize {
        echelon(basis).len()
    }

    /// A deterministic xorshift generator.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn vector(&mut self, len: usize, density: u64) -> BitVec {
            let bits: Vec<u8> = (0..len)
                .map(|_| self.next().is_multiple_of(density) as u8)
                .collect();
            BitVec::from_bits(&bits)
        }
    }

    fn never() -> impl Fn() -> bool + Sync {
        || false
    }

    #[test]
    fn walsh_hadamard_matches_its_definition() {
        for n in [1usize, 2, 4, 8, 32] {
            let a0: Vec<i32> = (0..n as i32).map(|i| (i * 7) % 5 - 2).collect();
            let mut a = a0.clone();
            walsh_hadamard(&mut a);
            for (u, &got) in a.iter().enumerate() {
                let want: i32 = a0
                    .iter()
                    .enumerate()
                    .map(|(c, &v)| if (u & c).count_ones() % 2 == 1 { -v } else { v })
                    .sum();
                assert_eq!(got, want, "n = {n}, u = {u}");
            }
        }
    }

    #[test]
    fn echelon_form_spans_the_same_space() {
        let vs = [
            BitVec::from_indices(8, &[1, 2, 5]),
            BitVec::from_indices(8, &[1, 3]),
            BitVec::from_indices(8, &[2, 3, 5]), // the sum of the first two
            BitVec::zeros(8),
            BitVec::from_indices(8, &[0, 7]),
        ];
        let e = echelon(&vs);
        assert_eq!(e.len(), 3);
        assert_eq!(rank(&vs), 3);
        let leads: Vec<usize> = e.iter().map(|(l, _)| *l).collect();
        assert_eq!(leads, vec![0, 1, 2]);
        for (lead, v) in &e {
            assert_eq!(lowest_one(v), Some(*lead));
            for (other, w) in &e {
                assert_eq!(w.get(*lead), other == lead);
            }
        }
    }

    #[test]
    fn agrees_with_brute_force_on_random_systems() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for case in 0..300 {
            let k = case % 13;
            let len = 1 + (rng.next() % 90) as usize;
            let density = 1 + rng.next() % 4;
            let basis: Vec<BitVec> = (0..k).map(|_| rng.vector(len, density)).collect();
            let x_density = 1 + rng.next() % 3;
            let x0 = rng.vector(len, x_density);
            let got = min_weight(&x0, &basis, DEFAULT_MAX_NULLITY, &never()).unwrap();
            let want = brute(&x0, &basis);
            assert_eq!(got, want, "case {case}: k = {k}, len = {len}");
        }
    }

    #[test]
    fn ties_go_to_the_first_press_list() {
        // Pairs of equal masks: every choice of one per pair weighs the same;
        // the first list presses the lower index of each pair. 2^20
        // candidates are searched on one thread, 2^23 on every core: the
        // winner does not depend on which thread finds which tie first.
        for k in [20, 23] {
            let basis: Vec<BitVec> = (0..k)
                .map(|j| BitVec::from_indices(2 * k, &[2 * j, 2 * j + 1]))
                .collect();
            let odd: Vec<usize> = (0..k).map(|j| 2 * j + 1).collect();
            let x0 = BitVec::from_indices(2 * k, &odd);
            for _ in 0..3 {
                let got = min_weight(&x0, &basis, DEFAULT_MAX_NULLITY, &never()).unwrap();
                let even: Vec<usize> = (0..k).map(|j| 2 * j).collect();
                assert_eq!(got.ones(), even, "k = {k}");
            }
        }
        // Small multiplicities cancel: a column seen with both signs.
        let basis = [BitVec::from_indices(4, &[0, 1, 2, 3])];
        let got = min_weight(&BitVec::from_indices(4, &[1, 2]), &basis, 1, &never());
        assert_eq!(got.unwrap().ones(), vec![0, 3]);
    }

    #[test]
    fn beyond_the_old_limit_in_a_few_seconds() {
        // Nullity 26 on few coordinates: 26 random vectors of 40 bits
        // (2^26 candidates, 4096 blocks, both threads).
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let len = 40;
        let basis: Vec<BitVec> = (0..26).map(|_| rng.vector(len, 2)).collect();
        assert_eq!(rank(&basis), 26);
        let x0 = rng.vector(len, 2);
        let got = min_weight(&x0, &basis, 26, &never()).unwrap();
        assert_eq!(got, brute(&x0, &basis));
        assert_eq!(
            min_weight(&x0, &basis, 25, &never()),
            Err(MinError::TooLarge {
                nullity: 26,
                limit: 25
            })
        );
    }

    #[test]
    fn the_limit_counts_the_rank_not_the_vectors() {
        // 30 vectors spanning a space of dimension 3.
        let gens = [
            BitVec::from_indices(6, &[0, 1]),
            BitVec::from_indices(6, &[2, 3]),
            BitVec::from_indices(6, &[4, 5]),
        ];
        let basis: Vec<BitVec> = (0..30usize)
            .map(|i| {
                let mut v = BitVec::zeros(6);
                for (j, g) in gens.iter().enumerate() {
                    if (i + 1) >> j & 1 == 1 {
                        v.xor_assign(g);
                    }
                }
                v
            })
            .collect();
        assert_eq!(rank(&basis), 3);
        let x0 = BitVec::from_indices(6, &[1, 3, 4, 5]);
        let got = min_weight(&x0, &basis, 3, &never()).unwrap();
        assert_eq!(got.ones(), vec![0, 2]);
        assert_eq!(
            min_weight(&x0, &basis, 2, &never()),
            Err(MinError::TooLarge {
                nullity: 3,
                limit: 2
            })
        );
        // The hard limit caps a larger request; no basis is its own answer.
        let big: Vec<BitVec> = (0..63).map(|i| BitVec::from_indices(63, &[i])).collect();
        assert_eq!(
            min_weight(&BitVec::zeros(63), &big, usize::MAX, &never()),
            Err(MinError::TooLarge {
                nullity: 63,
                limit: HARD_MAX_NULLITY
            })
        );
        let x0 = BitVec::from_indices(5, &[1, 4]);
        assert_eq!(min_weight(&x0, &[], 0, &never()), Ok(x0.clone()));
        let empty = BitVec::zeros(0);
        assert_eq!(min_weight(&empty, &[], 0, &never()), Ok(empty));
    }

    #[test]
    fn a_raised_flag_interrupts() {
        let basis: Vec<BitVec> = (0..30).map(|i| BitVec::from_indices(30, &[i])).collect();
        assert_eq!(
            min_weight(&BitVec::zeros(30), &basis, 30, &|| true),
            Err(MinError::Interrupted)
        );
    }

    #[test]
    fn a_flag_raised_during_the_search_stops_every_thread() {
        // 2^34 candidates (half a minute on two cores): stopped after 50 ms.
        let basis: Vec<BitVec> = (0..34)
            .map(|i| BitVec::from_indices(40, &[i, 39]))
            .collect();
        let stop = AtomicBool::new(false);
        let got = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(50));
                stop.store(true, Ordering::Relaxed);
            });
            min_weight(&BitVec::zeros(40), &basis, 34, &|| {
                stop.load(Ordering::Relaxed)
            })
        });
        assert_eq!(got, Err(MinError::Interrupted));
    }
}

#[cfg(test)]
mod bench {
    use super::super::chase::lights_out;
    use super::*;
    use std::time::Instant;

    /// Lights Out `rows x cols` from all dark to all lit: the particular
    /// solution and the null basis.
    fn all_on(rows: usize, cols: usize) -> (BitVec, Vec<BitVec>) {
        let n = rows * cols;
        let d = BitVec::from_indices(n, &(0..n).collect::<Vec<_>>());
        let s = lights_out(rows, cols, &d).expect("solvable");
        (s.particular, s.null_basis)
    }

    /// The exact minimum of 27x35 and 39x39 all on against the plain
    /// Gray-code walk of all 2^27 and 2^32 combinations on two threads (a
    /// few minutes).
    #[test]
    #[ignore]
    fn brute_force_agrees_on_27x35_and_39x39() {
        for (rows, cols) in [(27, 35), (39, 39)] {
            let (x0, basis) = all_on(rows, cols);
            let t = Instant::now();
            let fast = min_weight(&x0, &basis, HARD_MAX_NULLITY, &|| false).unwrap();
            let fast_secs = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let slow = super::tests::brute_split(&x0, &basis, 1);
            let slow_secs = t.elapsed().as_secs_f64();
            println!(
                "{rows}x{cols} all on, nullity {}: {} presses; transforms {fast_secs:.2} s, Gray code (2 threads) {slow_secs:.1} s, {:.0} M steps/s",
                basis.len(),
                fast.count_ones(),
                (1u64 << basis.len()) as f64 / slow_secs / 1e6
            );
            assert_eq!(fast, slow, "{rows}x{cols}");
        }
    }

    #[test]
    #[ignore]
    fn bench_minimum() {
        // The Gray-code walk (one vector addition and popcount per step) on
        // the first 24 basis vectors of 39x39, for its step rate.
        let (x0, basis) = all_on(39, 39);
        let t = Instant::now();
        let mut x = x0.clone();
        let mut best = x.count_ones();
        for step in 1u64..(1 << 24) {
            x.xor_assign(&basis[step.trailing_zeros() as usize]);
            best = best.min(x.count_ones());
        }
        let secs = t.elapsed().as_secs_f64();
        println!(
            "Gray code, 39x39, 2^24 steps (one thread): {secs:.2} s, {:.0} M steps/s (best {best})",
            (1u64 << 24) as f64 / secs / 1e6
        );
        for n in [19usize, 39] {
            let (x0, basis) = all_on(n, n);
            let k = basis.len();
            let t = Instant::now();
            let m = min_weight(&x0, &basis, HARD_MAX_NULLITY, &|| false).unwrap();
            let secs = t.elapsed().as_secs_f64();
            println!(
                "lights_out({n},{n}) all on: nullity {k}, particular {} presses, minimum {} presses, {secs:.2} s, {:.0} M candidates/s",
                x0.count_ones(),
                m.count_ones(),
                (1u64 << k) as f64 / secs / 1e6
            );
        }
    }
}
