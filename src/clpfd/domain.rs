//! Finite-domain sets of integers: what a CLP(FD) variable may still take.
//!
//! A domain is a sorted list of disjoint, non-adjacent closed intervals.
//! The bounds `INF` and `SUP` stand for minus and plus infinity (SWI's
//! `inf` and `sup`); every other bound is a finite [`Val`], of any size.
//! Most domains are one interval, stored inline.

use smallvec::SmallVec;

pub use super::val::{Val, INF, SUP};

/// A set of integers (see the module documentation).
#[derive(Clone, PartialEq, Eq, Debug, Hash)]
pub struct Domain {
    ivs: SmallVec<[(Val, Val); 1]>,
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
                Some(last) if last.1 == SUP || lo <= last.1 + 1 => last.1 = last.1.max(hi),
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
    pub fn size(&self) -> Option<Val> {
        if !self.is_finite() && !self.is_empty() {
            return None;
        }
        Some(self.ivs.iter().map(|&(lo, hi)| hi - lo + 1).sum())
    }

    /// True when `v` is in the set.
    #[inline]
    pub fn contains(&self, v: Val) -> bool {
        // Most domains have one interval (see `search` for the others).
        match self.ivs.as_slice() {
            [(lo, hi)] => *lo <= v && v <= *hi,
            _ => self.search(v),
        }
    }

    /// `contains` over several intervals.
    fn search(&self, v: Val) -> bool {
        if self.ivs.len() <= 8 {
            // A few intervals: a scan from the left stops early.
            for &(lo, hi) in &self.ivs {
                if v < lo {
                    return false;
                }
                if v <= hi {
                    return true;
                }
            }
            return false;
        }
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
        Domain::from_intervals(self.ivs.iter().map(|&(lo, hi)| (lo + k, hi + k)).collect())
    }

    /// `{-x : x in D}`.
    pub fn negate(&self) -> Domain {
        Domain::from_intervals(self.ivs.iter().map(|&(lo, hi)| (-hi, -lo)).collect())
    }

    /// The least element greater than `v`, if any.
    pub fn next_above(&self, v: Val) -> Option<Val> {
        if v == SUP {
            return None;
        }
        self.ivs
            .iter()
            .find(|&&(_, hi)| hi > v)
            .map(|&(lo, _)| lo.max(v.succ()))
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
            .map(|&(_, hi)| hi.min(v.pred()))
    }

    /// The elements in increasing order (a finite domain only).
    pub fn values(&self) -> impl DoubleEndedIterator<Item = Val> + '_ {
        self.ivs.iter().flat_map(|&(lo, hi)| Val::range(lo, hi))
    }

    /// True when every element of `self` is in `other`.
    pub fn is_subset(&self, other: &Domain) -> bool {
        self.intersect(other) == *self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: i64) -> Val {
        Val::int(x)
    }

    fn d(ivs: &[(i64, i64)]) -> Domain {
        Domain::from_intervals(ivs.iter().map(|&(a, b)| (v(a), v(b))).collect())
    }

    /// The intervals of a finite domain as machine integers.
    fn ivs(x: &Domain) -> Vec<(i64, i64)> {
        let n = |b: Val| b.to_i64().expect("a finite bound");
        x.intervals().iter().map(|&(a, b)| (n(a), n(b))).collect()
    }

    #[test]
    fn intervals_merge_when_they_touch_or_overlap() {
        assert_eq!(ivs(&d(&[(5, 7), (1, 3), (4, 4)])), [(1, 7)]);
        assert_eq!(ivs(&d(&[(1, 3), (6, 7), (2, 4)])), [(1, 4), (6, 7)]);
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
        let members = |x: &Domain| (-5..12).filter(|&i| x.contains(v(i))).collect::<Vec<_>>();
        for a in &sets {
            for b in &sets {
                let both = |f: &dyn Fn(bool, bool) -> bool| -> Vec<i64> {
                    (-5..12)
                        .filter(|&i| f(a.contains(v(i)), b.contains(v(i))))
                        .collect()
                };
                let i = both(&|x, y| x && y);
                assert_eq!(members(&a.intersect(b)), i);
                assert_eq!(members(&a.union(b)), both(&|x, y| x || y));
                assert_eq!(members(&a.subtract(b)), both(&|x, y| x && !y));
                assert_eq!(a.is_subset(b), i == members(a));
                assert_eq!(a.is_disjoint(b), i.is_empty());
            }
            for x in -5..12 {
                let r: Vec<i64> = members(a).into_iter().filter(|&y| y != x).collect();
                assert_eq!(members(&a.remove(v(x))), r);
            }
        }
    }

    #[test]
    fn infinite_bounds() {
        let all = Domain::full();
        assert_eq!(all.size(), None);
        assert!(all.contains(v(i64::MAX)));
        let c = d(&[(1, 3)]).complement();
        assert_eq!(c.intervals(), &[(INF, v(0)), (v(4), SUP)]);
        assert_eq!(ivs(&c.complement()), [(1, 3)]);
        assert_eq!(
            Domain::range(v(4), SUP).shift(v(-2)).intervals(),
            &[(v(2), SUP)]
        );
        assert_eq!(
            Domain::range(INF, v(3)).negate().intervals(),
            &[(v(-3), SUP)]
        );
    }

    #[test]
    fn neighbours_and_values() {
        let x = d(&[(1, 3), (7, 8)]);
        assert_eq!(x.next_above(v(3)), Some(v(7)));
        assert_eq!(x.next_above(v(8)), None);
        assert_eq!(x.next_below(v(7)), Some(v(3)));
        assert_eq!(x.values().collect::<Vec<_>>(), [1, 2, 3, 7, 8].map(v));
        assert_eq!(x.size(), Some(v(5)));
        assert_eq!(ivs(&x.clamp(v(2), v(7))), [(2, 3), (7, 7)]);
    }

    #[test]
    fn domains_beyond_machine_integers() {
        let big = Val::int(2).pow(200);
        let x = Domain::range(big, big + 10).remove(big + 3);
        assert_eq!(x.size(), Some(v(10)));
        assert!(x.contains(big + 10) && !x.contains(big + 3) && !x.contains(big - 1));
        assert_eq!(x.negate().negate(), x);
        assert_eq!(x.values().nth(3), Some(big + 4));
        assert_eq!(Domain::range(v(0), big).size(), Some(big + 1));
    }
}
