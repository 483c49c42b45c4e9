//! Permutations of `0..n`, shared by the puzzle engines that reduce their
//! searches by symmetry (Mastermind colours and positions, tag-system symbols).

/// All permutations of `0..n` (Heap's algorithm, iterative), the identity first.
pub fn permutations(n: usize) -> Vec<Vec<usize>> {
    let mut p: Vec<usize> = (0..n).collect();
    let mut out = vec![p.clone()];
    let mut c = vec![0usize; n];
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                p.swap(0, i);
            } else {
                p.swap(c[i], i);
            }
            out.push(p.clone());
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::permutations;
    use std::collections::HashSet;

    #[test]
    fn all_permutations_once_identity_first() {
        for n in 0..=6 {
            let ps = permutations(n);
            let count: usize = (1..=n).product();
            assert_eq!(ps.len(), count);
            assert_eq!(ps.iter().collect::<HashSet<_>>().len(), count);
            assert_eq!(ps[0], (0..n).collect::<Vec<_>>());
            for p in &ps {
                let mut s = p.clone();
                s.sort_unstable();
                assert_eq!(s, (0..n).collect::<Vec<_>>());
            }
        }
    }
}
