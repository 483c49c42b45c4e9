//! Garbage collection of the term store: sliding mark-compact.
//!
//! Marking starts from every place the machine can still read a cell from:
//! the argument registers of the call being made, the slots of every live
//! environment frame (those reachable from the current frame and from each
//! choicepoint's frame), the saved arguments and cleanup goals of the
//! choicepoints, backtrackable global variables, and `Machine::roots` (cells
//! Rust code reads after a query). Trail entries are weak: an entry's old
//! value is marked only when its cell is reached otherwise (backtracking can
//! show the value only through the cell), and the entries of cells that die
//! are dropped; while wake-ups are pending, every entry is a root.
//! Compaction slides the live cells down in address order, so everything a
//! choicepoint will truncate back to stays below its (remapped) heap mark, and
//! the "bind the younger variable" and "trail below HB" rules keep working.
//!
//! It runs at a call boundary, only in the outermost query (nested queries hold
//! registers in Rust frames that it cannot see).

use super::run::{ChoicePoint, CpKind, FRAME};
use super::{Machine, FD_MARK};
use crate::term::cell::{tag, Cell};
use crate::term::store::{attrs_at, ATTVAR_MARK};

/// The heap size (in cells) below which no collection happens.
pub const MIN_HEAP: usize = 1 << 18;

/// Mark bits, one per heap cell, with per-word ranks for forwarding.
struct Marks {
    bits: Vec<u64>,
    ranks: Vec<usize>,
    /// The heap's length before the collection.
    len: usize,
}

impl Marks {
    fn new(len: usize) -> Marks {
        Marks {
            bits: vec![0; len / 64 + 1],
            ranks: Vec::new(),
            len,
        }
    }
    #[inline]
    fn get(&self, a: usize) -> bool {
        self.bits[a >> 6] & (1 << (a & 63)) != 0
    }
    #[inline]
    fn set(&mut self, a: usize) {
        self.bits[a >> 6] |= 1 << (a & 63);
    }
    /// Computes the ranks; returns the number of live cells.
    fn rank(&mut self) -> usize {
        let mut total = 0;
        self.ranks = self
            .bits
            .iter()
            .map(|w| {
                let r = total;
                total += w.count_ones() as usize;
                r
            })
            .collect();
        total
    }
    /// The new address of cell `a`: the number of live cells below it.
    #[inline]
    fn forward_addr(&self, a: usize) -> usize {
        let w = a >> 6;
        self.ranks[w] + (self.bits[w] & ((1u64 << (a & 63)) - 1)).count_ones() as usize
    }
    /// Rebases an address-carrying cell. One past the heap can only be a
    /// dead value (a frame slot written before backtracking cut the heap
    /// back, a register a wake-up frame saved): it becomes `[]`.
    #[inline]
    fn forward(&self, c: Cell) -> Cell {
        match c.tag() {
            tag::REF | tag::STR | tag::LIS | tag::BOX if c.val() >= self.len => {
                Cell::atom(crate::term::atoms::NIL)
            }
            tag::REF | tag::STR | tag::LIS | tag::BOX => {
                Cell(((self.forward_addr(c.val()) as u64) << 3) | c.tag())
            }
            _ => c,
        }
    }
}

struct Marker<'a> {
    heap: &'a [Cell],
    marks: Marks,
    todo: Vec<Cell>,
}

impl Marker<'_> {
    /// Marks heap cell `a` and schedules its contents (for an attributed
    /// variable, the cell of its attributes after it). No live term reaches
    /// a box's header but through a `BOX` cell, which marks the box whole: a
    /// header met here comes from a dead value (a frame slot or a register
    /// that a wake-up frame saved, set before backtracking reclaimed its
    /// cell, whose place a boxed value took since) and is left alone. Marked
    /// on its own, compaction would copy the raw words after it, which no
    /// mark counts, and every cell above would land past its forwarded
    /// address.
    #[inline]
    fn visit(&mut self, a: usize) {
        if a < self.heap.len() && !self.marks.get(a) {
            let c = self.heap[a];
            if c.tag() == tag::HDR {
                return;
            }
            self.marks.set(a);
            self.todo.push(c);
            if self.heap.get(a + 1) == Some(&ATTVAR_MARK) {
                self.visit_attrs(a);
            }
        }
    }

    /// Marks the mark and the attributes of the attributed variable at `a`.
    #[cold]
    fn visit_attrs(&mut self, a: usize) {
        self.marks.set(a + 1);
        self.visit(attrs_at(a));
    }

    /// True when heap cell `a` is a header cell with tag `t` whose cells all
    /// lie on the heap. Live terms always pass; dead values (the registers
    /// that a wake-up frame saves, see `run.rs`, and frame slots set before
    /// backtracking cut the heap back) may hold anything, and marking from
    /// them must stay within the heap.
    #[inline]
    fn is_header(&self, a: usize, t: u64) -> bool {
        let Some(&h) = self.heap.get(a) else {
            return false;
        };
        let size = if t == tag::FUN {
            h.fun_arity()
        } else {
            h.hdr_words()
        };
        h.tag() == t && a + size < self.heap.len()
    }

    /// Marks the old values of the trail entries whose cells are marked,
    /// and the constraint store's entries, until nothing more is marked (an
    /// old value can reach the cell of another entry).
    fn trail_values(&mut self, trail: &[(usize, Cell)]) {
        let mut done = vec![false; trail.len()];
        loop {
            let mut grew = false;
            for (i, &(addr, old)) in trail.iter().enumerate() {
                if done[i] {
                    continue;
                }
                let live = addr == FD_MARK || (addr < self.heap.len() && self.marks.get(addr));
                // A variable that stopped being an attributed one (its mark
                // overwritten) becomes one again on backtracking: its mark
                // and attributes live with the variable.
                let revived = !live
                    && old == ATTVAR_MARK
                    && (1..self.heap.len()).contains(&addr)
                    && self.marks.get(addr - 1);
                if revived {
                    self.visit_attrs(addr - 1);
                }
                if live || revived {
                    done[i] = true;
                    grew = true;
                    self.value(old);
                }
            }
            if !grew {
                return;
            }
        }
    }

    /// Marks everything reachable from the value `c`.
    fn value(&mut self, c: Cell) {
        self.todo.push(c);
        while let Some(c) = self.todo.pop() {
            match c.tag() {
                tag::REF => self.visit(c.val()),
                tag::LIS => {
                    self.visit(c.val());
                    self.visit(c.val() + 1);
                }
                tag::STR => {
                    let a = c.val();
                    if !self.is_header(a, tag::FUN) {
                        continue;
                    }
                    self.marks.set(a);
                    for i in 1..=self.heap[a].fun_arity() {
                        self.visit(a + i);
                    }
                }
                tag::BOX => {
                    let a = c.val();
                    if !self.is_header(a, tag::HDR) {
                        continue;
                    }
                    for i in a..=a + self.heap[a].hdr_words() {
                        self.marks.set(i);
                    }
                }
                _ => {}
            }
        }
    }
}

impl Machine {
    /// Collects garbage before calling `pred` if the heap has grown enough.
    pub(crate) fn gc_point(&mut self, pred: u32) {
        if self.depth != 1 {
            return;
        }
        let arity = self.db.preds[pred as usize].arity;
        self.collect(arity);
    }

    /// The smallest heap that triggers a collection: `MIN_HEAP`, or a few
    /// cells when the environment variable `PUZZLOG_GC_STRESS` is set (a
    /// testing aid that collects at nearly every call).
    pub(crate) fn initial_gc_min() -> usize {
        if std::env::var_os("PUZZLOG_GC_STRESS").is_some() {
            64
        } else {
            MIN_HEAP
        }
    }

    /// Environment frames that execution can still return or backtrack to.
    /// (A bit per stack cell marks the frames met: a few bits a frame, where a
    /// hash set took tens of bytes.)
    pub(crate) fn live_frames(&self) -> Vec<usize> {
        let mut seen = Marks::new(self.stack.len());
        let mut frames = Vec::new();
        let starts = std::iter::once(self.e).chain(self.cps.iter().map(|c| c.e));
        for mut e in starts {
            while e != 0 && !seen.get(e) {
                seen.set(e);
                frames.push(e);
                e = self.stack[e].0 as usize;
            }
        }
        frames
    }

    /// Drops trail entries that no backtracking can need: an entry made while
    /// choicepoint `k` was the newest matters only for a cell that survives
    /// backtracking to `k`: older than `k`'s heap mark, or in the frozen part
    /// (a `b_setval/2` cell made after `k`). Cuts leave the others behind.
    fn tidy_trail(&mut self) {
        let frozen = self.frozen;
        self.retain_trail(|newest, entry| match newest {
            Some(cp) if entry.0 != FD_MARK && entry.0 >= cp.h.max(frozen) => None,
            _ => Some(entry),
        });
    }

    /// Rebases the trail's entries after compaction; with `weak`, drops
    /// the entries of cells that did not survive.
    fn rebase_trail(&mut self, marks: &Marks, weak: bool) {
        self.retain_trail(|_, (addr, old)| {
            if addr == FD_MARK {
                Some((addr, old))
            } else if !weak || marks.get(addr) {
                Some((marks.forward_addr(addr), marks.forward(old)))
            } else {
                None
            }
        });
    }

    /// Keeps, in order, the trail entries for which `keep` gives an entry
    /// (the same or rewritten), moving the choicepoints' trail marks down
    /// with them. `keep` is told which choicepoint was the newest when the
    /// entry was made (none before the first).
    fn retain_trail(
        &mut self,
        mut keep: impl FnMut(Option<&ChoicePoint>, (usize, Cell)) -> Option<(usize, Cell)>,
    ) {
        let mut kept = 0;
        let mut next_cp = 0;
        for i in 0..self.trail.len() {
            while next_cp < self.cps.len() && self.cps[next_cp].tr == i {
                self.cps[next_cp].tr = kept;
                next_cp += 1;
            }
            let newest = next_cp.checked_sub(1).map(|k| &self.cps[k]);
            if let Some(entry) = keep(newest, self.trail[i]) {
                self.trail[kept] = entry;
                kept += 1;
            }
        }
        for cp in &mut self.cps[next_cp..] {
            cp.tr = kept;
        }
        self.trail.truncate(kept);
    }

    /// Marks from the roots and slides live cells down; `arity` argument registers are live.
    /// Schedules the next collection: when the heap has doubled over what survived, and not
    /// before as many cells were made as there are roots to walk (frames, choicepoints, trail),
    /// so that a deep stack over little heap (`r :- catch(throw(x), _, r)`) costs linear time.
    pub fn collect(&mut self, arity: usize) {
        // Pending wake-ups name trail positions: the trail keeps its shape then.
        if self.wake.is_empty() {
            self.tidy_trail();
        }
        let len = self.store.heap.len();
        let frames = self.live_frames();
        let mut m = Marker {
            heap: &self.store.heap,
            marks: Marks::new(len),
            todo: Vec::new(),
        };
        for &c in &self.x[..arity] {
            m.value(c);
        }
        for &e in &frames {
            let n = self.stack[e + 2].0 as usize;
            for &c in &self.stack[e + FRAME..e + FRAME + n] {
                m.value(c);
            }
        }
        for &c in &self.argstack {
            m.value(c);
        }
        for cp in &self.cps {
            match cp.kind {
                CpKind::Cleanup(g) => m.value(g),
                CpKind::Det(d) => m.value(d.goal),
                _ => {}
            }
        }
        // Pending wake-ups name trail positions: the trail keeps its shape
        // then, and every entry is a root. Otherwise an entry is weak: it
        // matters only for a cell that something else reaches (unless it is
        // the constraint store's), and is dropped with the cell.
        let weak_trail = self.wake.is_empty();
        if !weak_trail {
            for &(addr, old) in &self.trail {
                m.visit(addr);
                m.value(old);
            }
        }
        for &(addr, _) in &self.wake {
            m.value(Cell::var(addr));
        }
        // The Prolog variables of the constraint store's variables.
        for c in self.fd.tags() {
            m.value(c);
        }
        for &addr in self.b_globals.values() {
            // As a reference, so that what the cell holds is marked too.
            m.value(Cell::var(addr));
        }
        for &c in &self.roots {
            m.value(c);
        }
        if weak_trail {
            m.trail_values(&self.trail);
        }
        let mut marks = m.marks;
        let live = marks.rank();

        // Slide the live cells down in address order, rebasing their pointers;
        // the raw words of boxed values are copied as they are. Only the set
        // bits are visited, so the cost follows the live cells, not the heap.
        let heap = &mut self.store.heap;
        let mut to = 0;
        let mut skip_to = 0;
        for w in 0..marks.bits.len() {
            let mut bits = marks.bits[w];
            while bits != 0 {
                let a = (w << 6) + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if a < skip_to {
                    continue;
                }
                let c = heap[a];
                if c.tag() == tag::HDR {
                    let n = c.hdr_words();
                    heap.copy_within(a..=a + n, to);
                    to += n + 1;
                    skip_to = a + n + 1;
                } else {
                    heap[to] = marks.forward(c);
                    to += 1;
                }
            }
        }
        debug_assert_eq!(to, live);
        heap.truncate(live);
        let fwd_end = live;

        // Rebase every root.
        for c in self.x[..arity].iter_mut() {
            *c = marks.forward(*c);
        }
        for &e in &frames {
            let n = self.stack[e + 2].0 as usize;
            for c in self.stack[e + FRAME..e + FRAME + n].iter_mut() {
                *c = marks.forward(*c);
            }
        }
        for c in self.argstack.iter_mut() {
            *c = marks.forward(*c);
        }
        // A heap mark at the old top maps to the new top.
        let fwd_mark = |h: usize| {
            if h >= len {
                fwd_end
            } else {
                marks.forward_addr(h)
            }
        };
        for cp in self.cps.iter_mut() {
            cp.h = fwd_mark(cp.h);
            match &mut cp.kind {
                CpKind::Cleanup(g) => *g = marks.forward(*g),
                CpKind::Det(d) => d.goal = marks.forward(d.goal),
                _ => {}
            }
        }
        self.rebase_trail(&marks, weak_trail);
        for c in self.fd.tags_mut() {
            *c = marks.forward(*c);
        }
        for addr in self.b_globals.values_mut() {
            *addr = marks.forward_addr(*addr);
        }
        for (addr, _) in self.wake.iter_mut() {
            *addr = marks.forward_addr(*addr);
        }
        for c in self.roots.iter_mut() {
            *c = marks.forward(*c);
        }
        self.frozen = fwd_mark(self.frozen);
        self.hb = self.heap_floor(self.cps.last().map_or(0, |c| c.h));
        self.gc_stats.0 += 1;
        self.gc_stats.1 += (len - live) as u64;
        let roots = frames.len() + self.cps.len() + self.trail.len();
        self.gc_at = (live * 2).max(live + roots).max(self.gc_min);
        self.atom_gc_point();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarding_maps_live_addresses_down_and_dead_ones_past_the_heap_to_nil() {
        // Cells 1 and 3 of a 4-cell heap survive.
        let mut marks = Marks::new(4);
        marks.set(1);
        marks.set(3);
        assert_eq!(marks.rank(), 2);
        assert_eq!(marks.forward(Cell::var(3)), Cell::var(1));
        assert_eq!(marks.forward(Cell::small(7)), Cell::small(7));
        // A stale frame slot pointing where the heap was before backtracking.
        let nil = Cell::atom(crate::term::atoms::NIL);
        assert_eq!(marks.forward(Cell::var(80)), nil);
        assert_eq!(marks.forward(Cell::var(4)), nil);
    }

    #[test]
    fn a_dead_reference_to_a_header_leaves_the_box_unmarked() {
        use crate::term::cell::boxkind;
        // A dead float's box (cells 0 and 1), then a live string's box
        // (cells 2 to 4) and a variable bound to it.
        let heap = [
            Cell::header(boxkind::FLOAT, 1),
            Cell(1.5f64.to_bits()),
            Cell::header(boxkind::STRING, 2),
            Cell(3),
            Cell(u64::from_le_bytes(*b"abc\0\0\0\0\0")),
            Cell::boxed(2),
        ];
        let mut m = Marker {
            heap: &heap,
            marks: Marks::new(heap.len()),
            todo: Vec::new(),
        };
        // Stale references (a frame slot set before backtracking) to both
        // headers, then the live variable.
        m.value(Cell::var(0));
        m.value(Cell::var(2));
        m.value(Cell::var(5));
        let marked: Vec<bool> = (0..heap.len()).map(|a| m.marks.get(a)).collect();
        assert_eq!(marked, [false, false, true, true, true, true]);
        // Compaction copies what the marks count.
        assert_eq!(m.marks.rank(), 4);
    }
}
