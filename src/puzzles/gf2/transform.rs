//! The fast Sierpinski (Moebius) transform over GF(2) behind Fractal MAGIC.
//!
//! The fractal puzzle on 2^K cells has 2^K masks: mask `i` flips the cells
//! `j` whose bits are a subset of the bits of `i` (`j & i == j`). Its mask
//! matrix `M` (row `i` = mask `i`) is the lower-triangular Pascal triangle mod
//! 2, which is its own inverse. Pressing the masks in `x` changes the board by
//! `d = x M`, `d[j] = XOR of x[i] over i ⊇ j`, so the presses that produce a
//! change `d` are `x = d M`, the same "superset parity" transform. It is
//! computed in place in K passes (one per bit) on packed words: O(K 2^K / 64)
//! word operations, and no matrix.

use super::matrix::BitVec;

/// For a bit `b < 6` inside a word: the positions whose bit `b` is clear.
const LOW_MASKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// The largest K the transform accepts (2^40 cells would be 128 GiB).
pub const MAX_K: u32 = 40;

/// In place: `v[j] <- XOR of v[i] over all i whose bits include those of j`,
/// for a vector of exactly 2^k bits. The transform is an involution: applied
/// twice it gives back `v`. Panics if `v.len() != 2^k` (callers check).
pub fn superset_parity(v: &mut BitVec, k: u32) {
    assert!(k <= MAX_K && v.len() == 1usize << k, "vector of 2^k bits");
    let words = v.words_mut();
    // Bits inside a word: position j (bit b clear) takes j + 2^b.
    for (b, &mask) in LOW_MASKS.iter().enumerate().take(k.min(6) as usize) {
        let shift = 1u32 << b;
        for w in words.iter_mut() {
            *w ^= (*w >> shift) & mask;
        }
    }
    // Bits across words: word q (bit b-6 of q clear) takes word q + 2^(b-6).
    for b in 6..k {
        let stride = 1usize << (b - 6);
        for block in words.chunks_mut(2 * stride) {
            let (low, high) = block.split_at_mut(stride);
            for (a, h) in low.iter_mut().zip(high.iter()) {
                *a ^= h;
            }
        }
    }
}

/// The presses (mask indices, as a vector of 2^k bits) that change a fractal
/// board by `d`; by the involution, also the change made by pressing `d`.
pub fn fractal_presses(k: u32, d: &BitVec) -> BitVec {
    let mut x = d.clone();
    superset_parity(&mut x, k);
    x
}

/// Mask `i` of the fractal puzzle on 2^k cells, as a vector of cells.
pub fn fractal_mask(k: u32, i: usize) -> BitVec {
    let n = 1usize << k;
    let mut v = BitVec::zeros(n);
    // Enumerate the subsets j of i: j = (j - 1) & i walks them downwards.
    let mut j = i;
    loop {
        v.set(j);
        if j == 0 {
            break;
        }
        j = (j - 1) & i;
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The transform by its definition, one cell at a time.
    fn naive(d: &BitVec) -> BitVec {
        let n = d.len();
        let mut x = BitVec::zeros(n);
        for j in 0..n {
            let mut p = false;
            for i in 0..n {
                if i & j == j && d.get(i) {
                    p = !p;
                }
            }
            if p {
                x.set(j);
            }
        }
        x
    }

    #[test]
    fn the_seeds_example() {
        // Presses 1 3 4 5 6 13 15 on the 4 x 4 board (cells in row-major order).
        let x = BitVec::from_indices(16, &[1, 3, 4, 5, 6, 13, 15]);
        let d = fractal_presses(4, &x);
        assert_eq!(
            d.ones(),
            vec![0, 1, 2, 4, 5, 7, 10, 11, 14, 15],
            "the change these presses make"
        );
        assert_eq!(fractal_presses(4, &d), x);
    }

    #[test]
    fn agrees_with_the_definition_and_is_an_involution() {
        let mut seed = 12345u64;
        for k in 0..=9 {
            let n = 1usize << k;
            let bits: Vec<u8> = (0..n)
                .map(|_| {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (seed >> 63) as u8
                })
                .collect();
            let d = BitVec::from_bits(&bits);
            let x = fractal_presses(k, &d);
            assert_eq!(x, naive(&d), "k = {k}");
            assert_eq!(fractal_presses(k, &x), d, "k = {k}");
        }
    }

    #[test]
    fn masks_are_the_rows_of_the_pascal_triangle() {
        assert_eq!(fractal_mask(4, 0).ones(), vec![0]);
        assert_eq!(fractal_mask(4, 5).ones(), vec![0, 1, 4, 5]);
        assert_eq!(fractal_mask(4, 15).count_ones(), 16);
        // Pressing mask i alone changes the board by exactly mask i.
        for i in 0..16 {
            let x = BitVec::from_indices(16, &[i]);
            assert_eq!(fractal_presses(4, &x), fractal_mask(4, i));
        }
    }

    #[test]
    #[ignore]
    fn bench_fractal_transform() {
        for k in [20u32, 24, 28] {
            let n = 1usize << k;
            let mut d = BitVec::zeros(n);
            for i in (0..n).step_by(7) {
                d.set(i);
            }
            let t = std::time::Instant::now();
            let x = fractal_presses(k, &d);
            let el = t.elapsed();
            println!(
                "fractal({k}): {n} cells, {} presses, transform {:.3} ms",
                x.count_ones(),
                el.as_secs_f64() * 1e3
            );
            assert_eq!(fractal_presses(k, &x), d);
        }
    }
}
