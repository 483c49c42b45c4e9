//! Depth limits (`call_with_depth_limit/3`).
//!
//! Every clause runs at a recursion level: a call to a predicate runs one
//! level below the clause that made it (last calls included, as in SWI-Prolog;
//! the meta-call interpreter `'$mc'/2` of control constructs is transparent).
//! The run loop keeps the level in `Machine::call_depth`; environment frames
//! save it in the high half of their predicate cell, so `Proceed` finds the
//! caller's level again, and choicepoints save it for backtracking.
//!
//! The common path costs one comparison per call: only a call deeper than
//! `Machine::depth_watch` (the deepest level reached so far under a limit, or
//! `u32::MAX` when no limit is set) takes the slow path `deeper`, which records
//! the new depth or fails the call when it would exceed the limit.

use super::Machine;

/// The depth limit in force and the deepest level reached under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DepthLimit {
    /// Deepest level a call may run at (`u32::MAX`: no limit).
    pub limit: u32,
    /// Deepest level a call reached or tried to reach since the limit was set.
    pub reached: u32,
}

impl Default for DepthLimit {
    fn default() -> DepthLimit {
        DepthLimit {
            limit: NO_LIMIT,
            reached: 0,
        }
    }
}

/// The `limit` of no depth limit.
pub const NO_LIMIT: u32 = u32::MAX;

impl DepthLimit {
    /// True when a call was refused because it would have gone deeper than the limit.
    pub fn exceeded(&self) -> bool {
        self.reached > self.limit
    }

    /// The level above which a call must be looked at.
    fn watch(&self) -> u32 {
        if self.limit == NO_LIMIT {
            NO_LIMIT
        } else {
            self.reached.min(self.limit)
        }
    }
}

impl Machine {
    /// Installs a depth limit (or restores an outer one).
    pub fn set_depth_limit(&mut self, d: DepthLimit) {
        self.depth_limit = d;
        self.depth_watch = d.watch();
    }

    /// A call at level `d`, deeper than any so far under the limit: records it,
    /// and refuses it (false: the call fails) when it exceeds the limit.
    #[cold]
    #[inline(never)]
    pub(crate) fn deeper(&mut self, d: u32) -> bool {
        let lim = &mut self.depth_limit;
        lim.reached = lim.reached.max(d);
        if d > lim.limit {
            return false;
        }
        self.depth_watch = d;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn watch_follows_the_deepest_level_under_a_limit() {
        let mut m = Machine::new();
        assert_eq!(m.depth_watch, NO_LIMIT);
        m.set_depth_limit(DepthLimit {
            limit: 5,
            reached: 2,
        });
        assert_eq!(m.depth_watch, 2);
        assert!(m.deeper(4));
        assert_eq!((m.depth_watch, m.depth_limit.reached), (4, 4));
        assert!(m.deeper(5));
        assert!(!m.deeper(6));
        assert!(m.depth_limit.exceeded());
        assert_eq!(m.depth_watch, 5);
        m.set_depth_limit(DepthLimit::default());
        assert_eq!(m.depth_watch, NO_LIMIT);
    }
}
