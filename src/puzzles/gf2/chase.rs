//! Lights Out on an R x C board by light chasing.
//!
//! Button `(r, c)` (index `r * C + c`) flips its cell and the orthogonal
//! neighbours. Once the presses of the first row are chosen, every other row
//! is forced: cell `(r, c)` can only be cleared by button `(r + 1, c)`. So
//! the presses are affine functions of the first row's `W` unknowns, and the
//! whole puzzle reduces to the `W` equations "the last row ends dark", a
//! W x W system. Chasing runs along the longer side so that W = min(R, C).
//! Cost: O(R C W / 64) word operations for the symbolic chase, then a W x W
//! elimination and one concrete chase per solution vector.

use super::matrix::{solve_rows, BitVec, Solution};

/// A board of `rows x cols` cells in row-major order, seen transposed when
/// it is wider than tall, so that the chase runs down the longer side and
/// the row of unknowns is the shorter one.
struct Grid {
    /// Length of a chased row (the number of unknowns).
    width: usize,
    /// Number of chased rows.
    height: usize,
    /// Whether chased row `y`, column `x` is the board's `(x, y)`.
    transposed: bool,
    /// The board's column count.
    cols: usize,
}

impl Grid {
    fn new(rows: usize, cols: usize) -> Grid {
        let transposed = cols > rows;
        let (width, height) = if transposed {
            (rows, cols)
        } else {
            (cols, rows)
        };
        Grid {
            width,
            height,
            transposed,
            cols,
        }
    }

    /// The board index of chased cell `(y, x)`.
    fn cell(&self, y: usize, x: usize) -> usize {
        if self.transposed {
            x * self.cols + y
        } else {
            y * self.cols + x
        }
    }

    /// The presses of every cell (board indices) when the first chased row
    /// presses `first` and the board differs from the goal by `d` (`None`:
    /// the homogeneous chase, as for a null-space vector). The result clears
    /// every row but possibly the last.
    fn chase(&self, first: &BitVec, d: Option<&BitVec>) -> BitVec {
        let (w, h) = (self.width, self.height);
        let mut presses = BitVec::zeros(w * h);
        let pressed = |p: &BitVec, y: usize, x: usize| p.get(self.cell(y, x));
        for x in first.ones() {
            presses.set(self.cell(0, x));
        }
        for y in 0..h.saturating_sub(1) {
            for x in 0..w {
                let mut lit = d.is_some_and(|d| d.get(self.cell(y, x)));
                lit ^= pressed(&presses, y, x);
                lit ^= y > 0 && pressed(&presses, y - 1, x);
                lit ^= x > 0 && pressed(&presses, y, x - 1);
                lit ^= x + 1 < w && pressed(&presses, y, x + 1);
                if lit {
                    presses.set(self.cell(y + 1, x));
                }
            }
        }
        presses
    }
}

/// The presses turning a Lights Out board of `rows x cols` cells into
/// another that differs from it by `d` (row-major, `rows * cols` bits), with
/// a basis of the null space (press sets that change nothing), or `None`
/// when no presses do it.
pub fn lights_out(rows: usize, cols: usize, d: &BitVec) -> Option<Solution> {
    assert_eq!(d.len(), rows * cols, "board of rows x cols cells");
    let g = Grid::new(rows, cols);
    let (w, h) = (g.width, g.height);
    if w == 0 {
        return Some(Solution {
            particular: BitVec::zeros(0),
            null_basis: Vec::new(),
        });
    }
    // Affine forms over the unknowns u_0..u_{w-1}: bit i is u_i, bit w the constant.
    let unit = |i: usize| BitVec::from_indices(w + 1, &[i]);
    let mut above: Vec<BitVec> = (0..w).map(|_| BitVec::zeros(w + 1)).collect();
    let mut here: Vec<BitVec> = (0..w).map(unit).collect();
    // Form of "cell (y, x) is lit after all presses of rows <= y + 1 except row y + 1".
    let lit = |above: &[BitVec], here: &[BitVec], y: usize, x: usize| {
        let mut f = here[x].clone();
        f.xor_assign(&above[x]);
        if x > 0 {
            f.xor_assign(&here[x - 1]);
        }
        if x + 1 < w {
            f.xor_assign(&here[x + 1]);
        }
        if d.get(g.cell(y, x)) {
            f.flip(w);
        }
        f
    };
    for y in 0..h - 1 {
        let below: Vec<BitVec> = (0..w).map(|x| lit(&above, &here, y, x)).collect();
        above = std::mem::replace(&mut here, below);
    }
    // The last row must end dark: lit(...) = 0, i.e. linear part = constant.
    let equations: Vec<BitVec> = (0..w).map(|x| lit(&above, &here, h - 1, x)).collect();
    let first = solve_rows(equations, w)?;
    Some(Solution {
        particular: g.chase(&first.particular, Some(d)),
        null_basis: first.null_basis.iter().map(|v| g.chase(v, None)).collect(),
    })
}

/// The Lights Out mask of button `i` on a `rows x cols` board.
pub fn lights_out_mask(rows: usize, cols: usize, i: usize) -> BitVec {
    let (r, c) = (i / cols, i % cols);
    let mut v = BitVec::zeros(rows * cols);
    v.set(i);
    if r > 0 {
        v.set(i - cols);
    }
    if r + 1 < rows {
        v.set(i + cols);
    }
    if c > 0 {
        v.set(i - 1);
    }
    if c + 1 < cols {
        v.set(i + 1);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::super::matrix::{combine, solve_columns};
    use super::super::minimum::{self, MinError, DEFAULT_MAX_NULLITY};
    use super::*;

    fn min_weight(x0: &BitVec, basis: &[BitVec]) -> Result<BitVec, MinError> {
        minimum::min_weight(x0, basis, DEFAULT_MAX_NULLITY, &|| false)
    }

    fn masks(rows: usize, cols: usize) -> Vec<BitVec> {
        (0..rows * cols)
            .map(|i| lights_out_mask(rows, cols, i))
            .collect()
    }

    #[test]
    fn nullities_of_square_boards() {
        // Known: n = 4 -> 4, 5 -> 2, 9 -> 8, 11 -> 6, 3 and 10 -> 0.
        for (n, k) in [(1, 0), (3, 0), (4, 4), (5, 2), (9, 8), (10, 0), (11, 6)] {
            let s = lights_out(n, n, &BitVec::zeros(n * n)).unwrap();
            assert_eq!(s.null_basis.len(), k, "{n} x {n}");
            let ms = masks(n, n);
            for v in &s.null_basis {
                assert!(combine(&ms, v, n * n).is_zero());
            }
        }
    }

    #[test]
    fn agrees_with_plain_elimination_on_rectangles() {
        for (r, c) in [
            (1, 1),
            (1, 5),
            (2, 3),
            (3, 2),
            (4, 7),
            (7, 4),
            (5, 5),
            (6, 9),
        ] {
            let n = r * c;
            let ms = masks(r, c);
            for pattern in 0..8u64 {
                let d = BitVec::from_bits(
                    &(0..n)
                        .map(|i| ((i as u64 * 7 + pattern * 13) % 5 < 2) as u8)
                        .collect::<Vec<_>>(),
                );
                let by_chase = lights_out(r, c, &d);
                let by_elim = solve_columns(&ms, &d);
                assert_eq!(by_chase.is_some(), by_elim.is_some(), "{r}x{c} {pattern}");
                if let (Some(a), Some(b)) = (by_chase, by_elim) {
                    assert_eq!(combine(&ms, &a.particular, n), d);
                    assert_eq!(a.null_basis.len(), b.null_basis.len());
                    assert_eq!(
                        min_weight(&a.particular, &a.null_basis)
                            .unwrap()
                            .count_ones(),
                        min_weight(&b.particular, &b.null_basis)
                            .unwrap()
                            .count_ones()
                    );
                }
            }
        }
    }

    #[test]
    fn all_on_five_by_five_takes_fifteen_presses() {
        let d = BitVec::from_indices(25, &(0..25).collect::<Vec<_>>());
        let s = lights_out(5, 5, &d).unwrap();
        let best = min_weight(&s.particular, &s.null_basis).unwrap();
        assert_eq!(best.count_ones(), 15);
        assert_eq!(combine(&masks(5, 5), &best, 25), d);
        // A single lit corner cannot be switched off on 5 x 5.
        assert!(lights_out(5, 5, &BitVec::from_indices(25, &[0])).is_none());
    }

    #[test]
    #[ignore]
    fn bench_lights_out() {
        for n in [100usize, 200, 500] {
            let d = BitVec::from_indices(n * n, &(0..n * n).collect::<Vec<_>>());
            let t = std::time::Instant::now();
            let s = lights_out(n, n, &d).expect("solvable");
            let chase = t.elapsed();
            let best = min_weight(&s.particular, &s.null_basis).map(|b| b.count_ones());
            println!(
                "lights_out({n},{n}) all on: nullity {}, presses {:?}, chase {:.1} ms, with minimum {:.1} ms",
                s.null_basis.len(),
                best,
                chase.as_secs_f64() * 1e3,
                t.elapsed().as_secs_f64() * 1e3
            );
        }
        let n = 100;
        let ms = masks(n, n);
        let d = BitVec::from_indices(n * n, &(0..n * n).collect::<Vec<_>>());
        let t = std::time::Instant::now();
        let s = solve_columns(&ms, &d).expect("solvable");
        println!(
            "lights_out(100,100) by plain elimination of the 10000 x 10000 system: {} presses, {:.1} ms",
            s.particular.count_ones(),
            t.elapsed().as_secs_f64() * 1e3
        );
    }
}
