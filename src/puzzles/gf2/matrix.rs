//! Bit-packed vectors over GF(2), Gauss-Jordan elimination of a linear
//! system (a particular solution and a basis of the null space); the
//! minimum-weight solution is in `minimum.rs`.

/// A vector over GF(2): `len` bits packed into 64-bit words, bit `i` in word
/// `i / 64` at position `i % 64`. Bits at positions `>= len` are always zero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitVec {
    words: Vec<u64>,
    len: usize,
}

/// Words needed for `len` bits.
fn words_for(len: usize) -> usize {
    len.div_ceil(64)
}

impl BitVec {
    /// The zero vector of `len` bits.
    pub fn zeros(len: usize) -> BitVec {
        BitVec {
            words: vec![0; words_for(len)],
            len,
        }
    }

    /// The vector of `len` bits with ones at `indices` (each `< len`; a
    /// repeated index cancels, as it does in GF(2)).
    pub fn from_indices(len: usize, indices: &[usize]) -> BitVec {
        let mut v = BitVec::zeros(len);
        for &i in indices {
            v.flip(i);
        }
        v
    }

    /// The vector whose bits are `bits` (non-zero is one).
    pub fn from_bits(bits: &[u8]) -> BitVec {
        let mut v = BitVec::zeros(bits.len());
        for (i, &b) in bits.iter().enumerate() {
            if b != 0 {
                v.set(i);
            }
        }
        v
    }

    /// Number of bits.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the vector has no bits at all.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The packed words (bits beyond `len` are zero).
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The packed words, mutable. Callers must keep bits beyond `len` zero.
    pub fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }

    /// Bit `i` (`i < len`).
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// Sets bit `i` to one.
    #[inline]
    pub fn set(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }

    /// Flips bit `i`.
    #[inline]
    pub fn flip(&mut self, i: usize) {
        self.words[i / 64] ^= 1 << (i % 64);
    }

    /// `self += other` (bitwise exclusive or); both have the same length.
    #[inline]
    pub fn xor_assign(&mut self, other: &BitVec) {
        debug_assert_eq!(self.len, other.len);
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a ^= b;
        }
    }

    /// Number of one bits (the weight).
    pub fn count_ones(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether every bit is zero.
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The positions of the one bits, ascending.
    pub fn ones(&self) -> Vec<usize> {
        let mut out = Vec::new();
        for (wi, &w) in self.words.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                out.push(wi * 64 + w.trailing_zeros() as usize);
                w &= w - 1;
            }
        }
        out
    }

    /// Whether the ascending list of one positions of `self` comes before
    /// that of `other` in the standard order of lists, for vectors of equal
    /// weight: at the lowest differing bit, the vector holding it is first.
    /// (The reference for the tie rule of `minimum.rs`, in tests.)
    #[cfg(test)]
    pub fn index_list_before(&self, other: &BitVec) -> bool {
        for (a, b) in self.words.iter().zip(&other.words) {
            let d = a ^ b;
            if d != 0 {
                return a >> d.trailing_zeros() & 1 == 1;
            }
        }
        false
    }
}

/// The solutions of a consistent system `A x = b` over GF(2): every solution
/// is `particular` plus a sum of some of the `null_basis` vectors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// A solution (all free variables zero).
    pub particular: BitVec,
    /// A basis of the null space of `A`, in reduced form: basis vector `j`
    /// has a one at the `j`-th free variable and zeros at the other free ones.
    pub null_basis: Vec<BitVec>,
}

/// Solves the system whose equations are `rows`: each row has `vars + 1`
/// bits, the coefficients of variables `0..vars` and, at bit `vars`, the
/// right-hand side. Returns `None` when the system is inconsistent.
/// Gauss-Jordan elimination: O(rank * rows * vars / 64) word operations.
pub fn solve_rows(mut rows: Vec<BitVec>, vars: usize) -> Option<Solution> {
    let mut pivots: Vec<usize> = Vec::new(); // pivot column of row r
    let mut r = 0;
    for col in 0..vars {
        let Some(p) = (r..rows.len()).find(|&i| rows[i].get(col)) else {
            continue;
        };
        rows.swap(r, p);
        let (done, rest) = rows.split_at_mut(r);
        let (pivot, rest) = rest.split_first_mut().expect("row r exists");
        let (wi, bit) = (col / 64, 1u64 << (col % 64));
        for row in done.iter_mut().chain(rest.iter_mut()) {
            if row.words[wi] & bit != 0 {
                // Words before `wi` of the pivot row are zero from here on.
                for (a, b) in row.words[wi..].iter_mut().zip(&pivot.words[wi..]) {
                    *a ^= b;
                }
            }
        }
        pivots.push(col);
        r += 1;
        if r == rows.len() {
            break;
        }
    }
    // A zero row with right-hand side 1 means 0 = 1.
    if rows[r..].iter().any(|row| row.get(vars)) {
        return None;
    }
    let mut particular = BitVec::zeros(vars);
    let mut is_pivot = vec![false; vars];
    for (row, &col) in rows.iter().zip(&pivots) {
        is_pivot[col] = true;
        if row.get(vars) {
            particular.set(col);
        }
    }
    let null_basis = (0..vars)
        .filter(|&f| !is_pivot[f])
        .map(|f| {
            let mut v = BitVec::zeros(vars);
            v.set(f);
            for (row, &col) in rows.iter().zip(&pivots) {
                if row.get(f) {
                    v.set(col);
                }
            }
            v
        })
        .collect();
    Some(Solution {
        particular,
        null_basis,
    })
}

/// Solves `sum of x_i * columns[i] = b`: the columns are the effects of the
/// variables (e.g. masks on a board of `b.len()` cells; each column has
/// `b.len()` bits). `None` when `b` is not a combination of the columns.
pub fn solve_columns(columns: &[BitVec], b: &BitVec) -> Option<Solution> {
    let vars = columns.len();
    let mut rows: Vec<BitVec> = (0..b.len()).map(|_| BitVec::zeros(vars + 1)).collect();
    for (i, col) in columns.iter().enumerate() {
        debug_assert_eq!(col.len(), b.len());
        for cell in col.ones() {
            rows[cell].set(i);
        }
    }
    for cell in b.ones() {
        rows[cell].set(vars);
    }
    solve_rows(rows, vars)
}

/// `A x`: the sum of the `columns` (each of `len` bits) that `x` picks, e.g.
/// the change made by pressing the masks in `x`.
pub fn combine(columns: &[BitVec], x: &BitVec, len: usize) -> BitVec {
    let mut out = BitVec::zeros(len);
    for i in x.ones() {
        out.xor_assign(&columns[i]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_vectors() {
        let mut v = BitVec::from_indices(130, &[0, 64, 129, 5, 5]);
        assert_eq!(v.ones(), vec![0, 64, 129]);
        assert_eq!(v.count_ones(), 3);
        v.flip(64);
        assert!(v.get(129) && !v.get(64));
        assert_eq!(BitVec::from_bits(&[0, 1, 1]).ones(), vec![1, 2]);
        assert!(BitVec::zeros(70).is_zero());
        let a = BitVec::from_indices(10, &[1, 4]);
        let b = BitVec::from_indices(10, &[1, 5]);
        assert!(a.index_list_before(&b) && !b.index_list_before(&a));
        assert!(!a.index_list_before(&a));
    }

    #[test]
    fn solves_a_regular_system() {
        // x0 + x1 = 1, x1 + x2 = 0, x2 = 1  =>  x = (0, 1, 1)
        let cols = [
            BitVec::from_bits(&[1, 0, 0]),
            BitVec::from_bits(&[1, 1, 0]),
            BitVec::from_bits(&[0, 1, 1]),
        ];
        let s = solve_columns(&cols, &BitVec::from_bits(&[1, 0, 1])).unwrap();
        assert_eq!(s.particular.ones(), vec![1, 2]);
        assert!(s.null_basis.is_empty());
    }

    #[test]
    fn singular_and_inconsistent_systems() {
        // Columns 0 and 1 are equal: null space {x0 + x1}.
        let cols = [
            BitVec::from_bits(&[1, 1, 0]),
            BitVec::from_bits(&[1, 1, 0]),
            BitVec::from_bits(&[0, 0, 1]),
        ];
        let s = solve_columns(&cols, &BitVec::from_bits(&[1, 1, 1])).unwrap();
        assert_eq!(s.particular.ones(), vec![0, 2]);
        assert_eq!(s.null_basis.len(), 1);
        assert_eq!(s.null_basis[0].ones(), vec![0, 1]);
        assert!(combine(&cols, &s.null_basis[0], 3).is_zero());
        assert!(solve_columns(&cols, &BitVec::from_bits(&[1, 0, 0])).is_none());
        // No variables at all: only the zero vector is reachable.
        assert!(solve_columns(&[], &BitVec::from_bits(&[0, 0])).is_some());
        assert!(solve_columns(&[], &BitVec::from_bits(&[0, 1])).is_none());
    }

    #[test]
    fn every_solution_of_a_random_system_checks_out() {
        // A deterministic pseudo-random 40 x 70 system (more variables than
        // equations, so the null space is at least 30-dimensional).
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let cols: Vec<BitVec> = (0..70)
            .map(|_| {
                let bits: Vec<u8> = (0..40).map(|_| (next() & 1) as u8).collect();
                BitVec::from_bits(&bits)
            })
            .collect();
        let x = BitVec::from_bits(&(0..70).map(|_| (next() & 1) as u8).collect::<Vec<_>>());
        let b = combine(&cols, &x, 40);
        let s = solve_columns(&cols, &b).unwrap();
        assert_eq!(combine(&cols, &s.particular, 40), b);
        assert!(s.null_basis.len() >= 30);
        for v in &s.null_basis {
            assert!(combine(&cols, v, 40).is_zero());
        }
    }
}
