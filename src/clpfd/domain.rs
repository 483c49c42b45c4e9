//! Finite-domain sets of integers: what a CLP(FD) variable may still take.
//!
//! A domain is a sorted list of disjoint, non-adjacent closed intervals.
//! The bounds `INF` and `SUP` stand for minus and plus infinity (SWI's
//! `inf` and `sup`); every other bound is a finite [`Val`] of magnitude at
//! most [`MAX_FINITE`]. Most domains are one interval, stored inline.

use smallvec::SmallVec;

/// An integer of the engine: 128 bits, so that values and coefficients
/// beyond 64 bits (a factorial, a sum of big weights) work as in SWI.
pub type Val = i128;

/// Minus infinity as a bound.
pub const INF: Val = Val::MIN;
/// Plus infinity as a bound.
pub const SUP: Val = Val::MAX;
/// The greatest finite value (2^125): the sum or difference of a few
/// values never overflows, so only products need checked arithmetic. A
/// value beyond it saturates to an infinity (see `saturate`).
pub const MAX_FINITE: Val = 1 << 125;

/// A computed value or bound as a domain bound: beyond `MAX_FINITE` it
/// saturates to an infinity, and a domain left with only such a value is an
/// overflow (`FdStore::set_dom`), never a wrong failure.
#[inline]
pub fn saturate(x: Val) -> Val {
    if x < -MAX_FINITE {
        INF
    } else if x > MAX_FINITE {
        SUP
    } else {
        x
    }
}

/// A set of integers (see the module documentation).
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Domain {
    ivs: SmallVec<[(Val, Val); 1]>,
}

/// `a + b` on bounds: infinities absorb (`inf + sup` gives `inf`: no
/// information), finite sums beyond `MAX_FINITE` saturate.
#[inline]
pub fn add_bound(a: Val, b: Val) -> Val {
    if a == INF || b == INF {
        return INF;
    }
    if a == SUP || b == SUP {
        return SUP;
    }
    saturate(a + b)
}

/// `-a` on bounds.
#[inline]
pub fn neg_bound(a: Val) -> Val {
    match a {
        INF => SUP,
        SUP => INF,
        _ => -a,
    }
}

impl Domain {
    /// All integers: `inf..sup`.
    pub fn full() -> Domain {
        Domain::range(INF, SUP)
    }

    /// The empty set.
    pub fn empty() -> Domain {
        Domain {
            ivs: SmallVec::new(),
        }
    }

    /// `lo..hi` (empty when `lo > hi`).
    pub fn range(lo: Val, hi: Val) -> Domain {
        let mut ivs = SmallVec::new();
        if lo <= hi {
            ivs.push((lo, hi));
        }
        Domain { ivs }
    }

    /// The single value `v`.
    pub fn singleton(v: Val) -> Domain {
        Domain::range(v, v)
    }

    /// The union of intervals given in any order (overlapping or adjacent
    /// ones are merged; empty ones dropped).
    pub fn from_intervals(mut ivs: Vec<(Val, Val)>) -> Domain {
        ivs.retain(|&(lo, hi)| lo <= hi);
        ivs.sort_unstable();
        let mut out: SmallVec<[(Val, Val); 1]> = SmallVec::new();
        for (lo, hi) in ivs {
            match out.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => out.push((lo, hi)),
            }
        }
        Domain { ivs: out }
    }

    /// The set of the given values.
    pub fn from_values(values: impl IntoIterator<Item = Val>) -> Domain {
        Domain::from_intervals(values.into_iter().map(|v| (v, v)).collect())
    }

    /// The intervals, in increasing order.
    pub fn intervals(&self) -> &[(Val, Val)] {
        &self.ivs
    }

    /// True for the empty set.
    pub fn is_empty(&self) -> bool {
        self.ivs.is_empty()
    }

    /// The least element (`INF` when unbounded below); the domain must not be empty.
    pub fn min(&self) -> Val {
        self.ivs[0].0
    }

    /// The greatest element (`SUP` when unbounded above); the domain must not be empty.
    pub fn max(&self) -> Val {
        self.ivs[self.ivs.len() - 1].1
    }

    /// The only element, if there is exactly one.
    pub fn value(&self) -> Option<Val> {
        match self.ivs.as_slice() {
            [(lo, hi)] if lo == hi && *lo != INF && *lo != SUP => Some(*lo),
            _ => None,
        }
    }

    /// True when the domain has finite bounds on both sides.
    pub fn is_finite(&self) -> bool {
        !self.is_empty() && self.min() != INF && self.max() != SUP
    }

    /// The number of elements, `None` when infinite.
    pub fn size(&self) -> Option<u128> {
        if !self.is_finite() && !self.is_empty() {
            return None;
        }
        Some(self.ivs.iter().map(|&(lo, hi)| (hi - lo + 1) as u128).sum())
    }

    /// True when `v` is in the set.
    pub fn contains(&self, v: Val) -> bool {
        // Most domains have one interval; a binary search for the others.
        self.ivs
            .binary_search_by(|&(lo, hi)| {
                if hi < v {
                    std::cmp::Ordering::Less
                } else if lo > v {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
    }

    /// The elements that are also in `other`.
    pub fn intersect(&self, other: &Domain) -> Domain {
        if let ([(a, b)], [(c, d)]) = (self.ivs.as_slice(), other.ivs.as_slice()) {
            return Domain::range((*a).max(*c), (*b).min(*d));
        }
        let mut out: SmallVec<[(Val, Val); 1]> = SmallVec::new();
        let (mut i, mut j) = (0, 0);
        while i < self.ivs.len() && j < other.ivs.len() {
            let (a, b) = self.ivs[i];
            let (c, d) = other.ivs[j];
            let lo = a.max(c);
            let hi = b.min(d);
            if lo <= hi {
                out.push((lo, hi));
            }
            if b < d {
                i += 1;
            } else {
                j += 1;
            }
        }
        Domain { ivs: out }
    }

    /// True when no element is in both sets (without building the
    /// intersection).
    pub fn is_disjoint(&self, other: &Domain) -> bool {
        let (mut i, mut j) = (0, 0);
        while i < self.ivs.len() && j < other.ivs.len() {
            let (a, b) = self.ivs[i];
            let (c, d) = other.ivs[j];
            if a.max(c) <= b.min(d) {
                return false;
            }
            if b < d {
                i += 1;
            } else {
                j += 1;
            }
        }
        true
    }

    /// The elements of either set.
    pub fn union(&self, other: &Domain) -> Domain {
        let mut all: Vec<(Val, Val)> = self.ivs.to_vec();
        all.extend_from_slice(&other.ivs);
        Domain::from_intervals(all)
    }

    /// The integers not in the set.
    pub fn complement(&self) -> Domain {
        let mut out = Vec::new();
        let mut next = INF;
        let mut open = true;
        for &(lo, hi) in &self.ivs {
            if lo != INF {
                out.push((next, lo - 1));
            }
            if hi == SUP {
                open = false;
                break;
            }
            next = hi + 1;
        }
        if open {
            out.push((next, SUP));
        }
        Domain::from_intervals(out)
    }

    /// The elements not in `other`.
    pub fn subtract(&self, other: &Domain) -> Domain {
        self.intersect(&other.complement())
    }

    /// The set without `v`.
    pub fn remove(&self, v: Val) -> Domain {
        if !self.contains(v) {
            return self.clone();
        }
        let mut ivs: SmallVec<[(Val, Val); 1]> = SmallVec::new();
        for &(lo, hi) in &self.ivs {
            if v < lo || v > hi {
                ivs.push((lo, hi));
            } else {
                if lo < v {
                    ivs.push((lo, v - 1));
                }
                if v < hi {
                    ivs.push((v + 1, hi));
                }
            }
        }
        Domain { ivs }
    }

    /// The elements between `lo` and `hi` (bounds may be `INF`/`SUP`).
    pub fn clamp(&self, lo: Val, hi: Val) -> Domain {
        if let Some(&(a, b)) = self.ivs.first() {
            if self.ivs.len() == 1 {
                return Domain::range(a.max(lo), b.min(hi));
            }
        }
        self.intersect(&Domain::range(lo, hi))
    }

    /// `{x + k : x in D}`.
    pub fn shift(&self, k: Val) -> Domain {
        Domain::from_intervals(
            self.ivs
                .iter()
                .map(|&(lo, hi)| (add_bound(lo, k), add_bound(hi, k)))
                .collect(),
        )
    }

    /// `{-x : x in D}`.
    pub fn negate(&self) -> Domain {
        Domain::from_intervals(
            self.ivs
                .iter()
                .map(|&(lo, hi)| (neg_bound(hi), neg_bound(lo)))
                .collect(),
        )
    }

    /// The least element greater than `v`, if any.
    pub fn next_above(&self, v: Val) -> Option<Val> {
        if v == SUP {
            return None;
        }
        self.ivs
            .iter()
            .find(|&&(_, hi)| hi > v)
            .map(|&(lo, _)| lo.max(v + 1))
    }

    /// The greatest element less than `v`, if any.
    pub fn next_below(&self, v: Val) -> Option<Val> {
        if v == INF {
            return None;
        }
        self.ivs
            .iter()
            .rev()
            .find(|&&(lo, _)| lo < v)
            .map(|&(_, hi)| hi.min(v - 1))
    }

    /// The elements in increasing order (a finite domain only).
    pub fn values(&self) -> impl DoubleEndedIterator<Item = Val> + '_ {
        self.ivs.iter().flat_map(|&(lo, hi)| lo..=hi)
    }

    /// True when every element of `self` is in `other`.
    pub fn is_subset(&self, other: &Domain) -> bool {
        self.intersect(other) == *self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(ivs: &[(Val, Val)]) -> Domain {
        Domain::from_intervals(ivs.to_vec())
    }

    #[test]
    fn intervals_merge_when_they_touch_or_overlap() {
        assert_eq!(d(&[(5, 7), (1, 3), (4, 4)]).intervals(), &[(1, 7)]);
        assert_eq!(d(&[(1, 3), (6, 7), (2, 4)]).intervals(), &[(1, 4), (6, 7)]);
        assert!(d(&[(3, 1)]).is_empty());
    }

    #[test]
    fn set_operations_agree_with_brute_force() {
        let sets = [
            d(&[(1, 3), (6, 9)]),
            d(&[(0, 0), (2, 2), (4, 8)]),
            d(&[(-3, 2)]),
            d(&[(5, 5)]),
            Domain::empty(),
        ];
        let members = |x: &Domain| (-5..12).filter(|&v| x.contains(v)).collect::<Vec<_>>();
        for a in &sets {
            for b in &sets {
                let i: Vec<Val> = (-5..12)
                    .filter(|&v| a.contains(v) && b.contains(v))
                    .collect();
                let u: Vec<Val> = (-5..12)
                    .filter(|&v| a.contains(v) || b.contains(v))
                    .collect();
                let s: Vec<Val> = (-5..12)
                    .filter(|&v| a.contains(v) && !b.contains(v))
                    .collect();
                assert_eq!(members(&a.intersect(b)), i);
                assert_eq!(members(&a.union(b)), u);
                assert_eq!(members(&a.subtract(b)), s);
                assert_eq!(a.is_subset(b), i == members(a));
                assert_eq!(a.is_disjoint(b), i.is_empty());
            }
            for v in -5..12 {
                let r: Vec<Val> = members(a).into_iter().filter(|&x| x != v).collect();
                assert_eq!(members(&a.remove(v)), r);
            }
        }
    }

    #[test]
    fn infinite_bounds() {
        let all = Domain::full();
        assert_eq!(all.size(), None);
        assert!(all.contains(Val::MAX - 1));
        let c = d(&[(1, 3)]).complement();
        assert_eq!(c.intervals(), &[(INF, 0), (4, SUP)]);
        assert_eq!(c.complement().intervals(), &[(1, 3)]);
        assert_eq!(Domain::range(4, SUP).shift(-2).intervals(), &[(2, SUP)]);
        assert_eq!(Domain::range(INF, 3).negate().intervals(), &[(-3, SUP)]);
    }

    #[test]
    fn neighbours_and_values() {
        let x = d(&[(1, 3), (7, 8)]);
        assert_eq!(x.next_above(3), Some(7));
        assert_eq!(x.next_above(8), None);
        assert_eq!(x.next_below(7), Some(3));
        assert_eq!(x.values().collect::<Vec<_>>(), vec![1, 2, 3, 7, 8]);
        assert_eq!(x.size(), Some(5));
        assert_eq!(x.clamp(2, 7).intervals(), &[(2, 3), (7, 7)]);
    }
}
