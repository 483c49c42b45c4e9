//! Class sizes of every code as a guess on one candidate set, counted for a
//! block of consecutive guesses at a time: one byte counter per guess and
//! feedback, so that a candidate's table row updates a whole block of
//! counters with vector compares and adds instead of one scattered increment
//! per guess. This is the hot loop of the exact optimum search
//! (`optimal.rs`), which needs the class sizes of every guess at every node.
//! Byte counters take 255 candidates; larger sets are counted 255 at a time
//! into 16-bit totals.

use super::code::Code;

/// Guesses per block (one 256-bit vector of byte counters per feedback).
const BLOCK: usize = 32;

/// The class sizes of every guess on a candidate set, by columns. Guesses
/// are numbered by slot: all codes (slot = code) or a list of guesses (slot =
/// position in the list).
#[derive(Default)]
pub struct Columns {
    /// `counts[f * stride + i]`: how many candidates give the guess of slot
    /// `i` the dense feedback index `f` (the winning index included).
    counts: Vec<u16>,
    /// Non-empty non-winning classes of each guess.
    classes: Vec<u8>,
    /// The largest non-winning class of each guess.
    largest: Vec<u16>,
    /// Distance between two feedbacks' counters of one guess.
    stride: usize,
    /// The winning feedback's index (the non-winning ones are `0..win`).
    win: usize,
}

/// The most candidates `Columns::count` takes.
pub const MAX_SET: usize = u16::MAX as usize;

/// Candidates counted with byte counters before they are added to the totals.
const CHUNK: usize = u8::MAX as usize;

/// The most feedbacks (winning one included) `Columns::count` takes.
pub const MAX_FEEDBACKS: usize = 32;

impl Columns {
    /// Counts the classes on `s` (at most `MAX_SET` codes) of every guess
    /// `0..codes`, or of the guesses of `some`. `dense` is the symmetric
    /// feedback table in dense indices (row per code, `codes` wide),
    /// `win < MAX_FEEDBACKS` the winning feedback's index.
    pub fn count(
        &mut self,
        dense: &[u8],
        codes: usize,
        s: &[Code],
        win: usize,
        some: Option<&[Code]>,
    ) {
        assert!(s.len() <= MAX_SET && win < MAX_FEEDBACKS);
        self.win = win;
        let slots = some.map_or(codes, |g| g.len());
        self.stride = slots.div_ceil(BLOCK) * BLOCK;
        self.counts.resize((win + 1) * self.stride, 0);
        self.classes.resize(self.stride, 0);
        self.largest.resize(self.stride, 0);
        let width = win + 1;
        if width <= 14 {
            self.dispatch::<14>(dense, codes, s, some);
        } else if width <= 20 {
            self.dispatch::<20>(dense, codes, s, some);
        } else {
            self.dispatch::<MAX_FEEDBACKS>(dense, codes, s, some);
        }
    }

    /// Runs `count_blocks` compiled for AVX2 when the processor has it.
    fn dispatch<const F: usize>(
        &mut self,
        dense: &[u8],
        codes: usize,
        s: &[Code],
        some: Option<&[Code]>,
    ) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor supports AVX2 (checked just above).
            unsafe { self.count_avx2::<F>(dense, codes, s, some) };
            return;
        }
        self.count_blocks::<F>(dense, codes, s, some);
    }

    /// `count_blocks` compiled with AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn count_avx2<const F: usize>(
        &mut self,
        dense: &[u8],
        codes: usize,
        s: &[Code],
        some: Option<&[Code]>,
    ) {
        self.count_blocks::<F>(dense, codes, s, some);
    }

    /// The counting loop, `F` counters per guess (at least `win + 1`; the
    /// extra ones stay zero).
    #[inline(always)]
    fn count_blocks<const F: usize>(
        &mut self,
        dense: &[u8],
        codes: usize,
        s: &[Code],
        some: Option<&[Code]>,
    ) {
        let (win, stride) = (self.win, self.stride);
        for g0 in (0..stride).step_by(BLOCK) {
            let end = some.map_or(codes, |g| g.len()).min(g0 + BLOCK);
            let mut total = [[0u16; BLOCK]; F];
            for chunk in s.chunks(CHUNK) {
                let mut acc = [[0u8; BLOCK]; F];
                for &x in chunk {
                    let row = &dense[x as usize * codes..(x as usize + 1) * codes];
                    // Past the last code: a feedback index no counter has.
                    let mut v = [u8::MAX; BLOCK];
                    match some {
                        None => v[..end - g0].copy_from_slice(&row[g0..end]),
                        Some(g) => {
                            for (y, &g) in v.iter_mut().zip(&g[g0..end]) {
                                *y = row[g as usize];
                            }
                        }
                    }
                    for (f, a) in acc.iter_mut().enumerate() {
                        for (c, &y) in a.iter_mut().zip(&v) {
                            *c += (y == f as u8) as u8;
                        }
                    }
                }
                for (t, a) in total.iter_mut().zip(&acc) {
                    for (t, &a) in t.iter_mut().zip(a) {
                        *t += a as u16;
                    }
                }
            }
            let mut classes = [0u8; BLOCK];
            let mut largest = [0u16; BLOCK];
            for t in &total[..win] {
                for j in 0..BLOCK {
                    classes[j] += (t[j] != 0) as u8;
                    largest[j] = largest[j].max(t[j]);
                }
            }
            for (f, t) in total[..=win].iter().enumerate() {
                self.counts[f * stride + g0..f * stride + g0 + BLOCK].copy_from_slice(t);
            }
            self.classes[g0..g0 + BLOCK].copy_from_slice(&classes);
            self.largest[g0..g0 + BLOCK].copy_from_slice(&largest);
        }
    }

    /// The non-empty non-winning classes of the guess of slot `i`.
    #[inline]
    pub fn classes(&self, i: usize) -> u32 {
        self.classes[i] as u32
    }

    /// The largest non-winning class of the guess of slot `i`.
    #[inline]
    pub fn largest(&self, i: usize) -> usize {
        self.largest[i] as usize
    }

    /// Whether the guess of slot `i` is a candidate (its winning class is
    /// not empty).
    #[inline]
    pub fn inside(&self, i: usize) -> bool {
        self.counts[self.win * self.stride + i] > 0
    }

    /// The non-winning class sizes of the guess of slot `i`, in feedback order.
    pub fn sizes(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.win).map(move |f| self.counts[f * self.stride + i] as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::mastermind::code::{Fb, Space, Spec};

    /// Against direct counting, on sets of several sizes (one above 255) in
    /// 3 x 4, 4 x 6, 5 x 3 and 6 x 2 (9, 14, 20 and 27 feedbacks: each
    /// counter width).
    #[test]
    fn counts_match_direct_counting() {
        for (p, c) in [(3, 4), (4, 6), (5, 3), (6, 2)] {
            let sp = Space::new(Spec::new(p, c).unwrap());
            let n = sp.len();
            let mut index = [u8::MAX; 256];
            let mut next = 0;
            for (f, slot) in index.iter_mut().enumerate().take(sp.spec.fb_slots()) {
                let (b, w) = (sp.spec.black(f as _), sp.spec.white(f as _));
                if f as Fb != sp.spec.win() && sp.spec.valid_fb(b, w) {
                    *slot = next;
                    next += 1;
                }
            }
            let win = next as usize;
            index[sp.spec.win() as usize] = next;
            let dense: Vec<u8> = (0..n as Code)
                .flat_map(|x| (0..n as Code).map(move |g| (x, g)))
                .map(|(x, g)| index[sp.fb(g, x) as usize])
                .collect();
            let mut cols = Columns::default();
            for step in [1, 3, 7, 40] {
                let s: Vec<Code> = (0..n as Code).step_by(step).collect();
                let odd: Vec<Code> = (1..n as Code).step_by(2).collect();
                let mut some = Columns::default();
                some.count(&dense, n, &s, win, Some(&odd));
                cols.count(&dense, n, &s, win, None);
                for g in 0..n as Code {
                    let mut direct = vec![0usize; win + 1];
                    for &x in &s {
                        direct[index[sp.fb(g, x) as usize] as usize] += 1;
                    }
                    let i = g as usize;
                    let sizes: Vec<usize> = cols.sizes(i).collect();
                    assert_eq!(sizes, direct[..win]);
                    assert_eq!(cols.inside(i), direct[win] > 0);
                    assert_eq!(
                        cols.classes(i) as usize,
                        sizes.iter().filter(|&&v| v > 0).count()
                    );
                    assert_eq!(cols.largest(i), sizes.iter().copied().max().unwrap_or(0));
                    if g % 2 == 1 {
                        let j = i / 2;
                        assert_eq!(some.sizes(j).collect::<Vec<_>>(), sizes);
                        assert_eq!(some.inside(j), cols.inside(i));
                        assert_eq!(
                            (some.classes(j), some.largest(j)),
                            (cols.classes(i), cols.largest(i))
                        );
                    }
                }
            }
        }
    }
}
