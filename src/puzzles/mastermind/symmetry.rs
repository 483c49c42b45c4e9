//! Symmetries of the game: permutations of colours combined with
//! permutations of positions preserve feedback. The stabiliser of a candidate
//! set splits its codes into orbits of equivalent guesses, so a symmetric
//! strategy need try one guess per orbit (weighted by the orbit's size).

use super::code::{Code, Space};
use crate::puzzles::perm::permutations;

/// Largest group (colour perms x position perms) that is enumerated.
pub const GROUP_LIMIT: usize = 200_000;

/// One symmetry: `colour[c]` replaces colour `c`, `position[i]` is where peg `i` goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sym {
    /// Image of each colour.
    pub colour: Vec<u32>,
    /// Image of each position.
    pub position: Vec<usize>,
}

fn factorial(n: u32) -> Option<usize> {
    (1..=n as usize).try_fold(1usize, |a, b| a.checked_mul(b))
}

/// Every symmetry of the space, or `None` when there are more than `GROUP_LIMIT`.
pub fn group(space: &Space) -> Option<Vec<Sym>> {
    let spec = space.spec;
    let size = factorial(spec.colors)?.checked_mul(factorial(spec.pegs)?)?;
    if size > GROUP_LIMIT {
        return None;
    }
    let cols = permutations(spec.colors as usize);
    let poss = permutations(spec.pegs as usize);
    let mut out = Vec::with_capacity(size);
    for c in &cols {
        for p in &poss {
            out.push(Sym {
                colour: c.iter().map(|&x| x as u32).collect(),
                position: p.clone(),
            });
        }
    }
    Some(out)
}

/// The image of a code under a symmetry.
pub fn apply(space: &Space, sym: &Sym, code: Code) -> Code {
    let (pegs, colours) = (space.spec.pegs as usize, space.spec.colors);
    // Peg `i` (from the left) is digit `pegs - 1 - i` (from the right).
    let weight = |i: usize| colours.pow((pegs - 1 - i) as u32);
    let mut rest = code;
    let mut image = 0;
    for i in (0..pegs).rev() {
        let x = rest % colours;
        rest /= colours;
        image += sym.colour[x as usize] * weight(sym.position[i]);
    }
    image
}

/// The orbits of `set` (ascending) under the symmetries that map it onto
/// itself: `(lowest member, orbit size)`, ascending. `None` when the group is
/// too large to enumerate.
pub fn orbits(space: &Space, set: &[Code]) -> Option<Vec<(Code, usize)>> {
    let all = group(space)?;
    let mut member = vec![false; space.len()];
    for &s in set {
        member[s as usize] = true;
    }
    let stab: Vec<&Sym> = all
        .iter()
        .filter(|g| set.iter().all(|&s| member[apply(space, g, s) as usize]))
        .collect();
    let mut seen = vec![false; space.len()];
    let mut out = Vec::new();
    for &s in set {
        if seen[s as usize] {
            continue;
        }
        let mut size = 0;
        for g in &stab {
            let t = apply(space, g, s) as usize;
            if !seen[t] {
                seen[t] = true;
                size += 1;
            }
        }
        out.push((s, size));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::mastermind::code::Spec;

    #[test]
    fn symmetries_preserve_feedback() {
        let sp = Space::new(Spec::new(3, 4).unwrap());
        let g = group(&sp).unwrap();
        assert_eq!(g.len(), 24 * 6);
        for sym in g.iter().step_by(7) {
            for a in (0..64).step_by(5) {
                for b in 0..64 {
                    assert_eq!(sp.fb(a, b), sp.fb(apply(&sp, sym, a), apply(&sp, sym, b)));
                }
            }
        }
    }

    #[test]
    fn orbits_of_the_full_space_are_the_first_guess_classes() {
        let sp = Space::shared(Spec::classic());
        let o = orbits(&sp, &sp.all()).unwrap();
        assert_eq!(o.len(), 5);
        assert_eq!(o.iter().map(|x| x.1).sum::<usize>(), 1296);
        assert_eq!(o, sp.shape_classes());
    }

    #[test]
    fn orbits_after_1111_blank() {
        let sp = Space::shared(Spec::classic());
        let set = sp.consistent(&[(0, 0)]);
        assert_eq!(set.len(), 625);
        let o = orbits(&sp, &set).unwrap();
        let codes: Vec<String> = o.iter().map(|x| sp.spec.format(x.0)).collect();
        assert_eq!(codes, ["2222", "2223", "2233", "2234", "2345"]);
    }

    #[test]
    fn large_groups_are_declined() {
        let sp = Space::new(Spec::new(2, 10).unwrap());
        assert!(group(&sp).is_none());
    }
}
