//! The term store: a flat heap of tagged cells.
//!
//! Terms are built by pushing cells; backtracking truncates the heap back to a
//! saved top, which reclaims everything built since. This module knows how to
//! build and read every kind of term; binding (with the trail) is the
//! machine's business.

use super::atom::{atoms, Atom};
use super::cell::{boxkind, tag, Cell, MAX_SMALL, MIN_SMALL};
use super::limbs::Signed;
use super::owned::Term;
use num_bigint::{BigInt, Sign};
use smallvec::{smallvec, SmallVec};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A fast hasher for heap addresses (multiplicative; addresses are well spread).
#[derive(Default)]
pub struct AddrHasher(u64);

impl Hasher for AddrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }
    fn write_usize(&mut self, n: usize) {
        self.0 = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// A map keyed by heap address.
pub type AddrMap<V> = HashMap<usize, V, BuildHasherDefault<AddrHasher>>;

/// The cell after the variable cell of an attributed variable, which is an
/// ordinary (self-referencing) unbound variable: a functor header of arity 0
/// whose name is a reserved atom that no text names, so no compound term
/// (not even a zero-arity one such as `'$attvar'()`) has it. The attributes
/// follow the mark.
pub const ATTVAR_MARK: Cell = Cell::functor(atoms::ATTVAR, 0);

/// Where the attributes of the attributed variable at `addr` are.
#[inline(always)]
pub const fn attrs_at(addr: usize) -> usize {
    addr + 2
}

/// A decoded view of a dereferenced cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum View<'a> {
    /// Unbound variable at this heap address.
    Var(usize),
    /// An atom.
    Atom(Atom),
    /// A small integer.
    Int(i64),
    /// A big integer (read it with `Store::bigint`).
    BigInt(Cell),
    /// A float.
    Float(f64),
    /// A string.
    Str(&'a str),
    /// A compound term: name, arity, and the heap address of its first
    /// argument. That address identifies the compound (cycle checks key on
    /// it), so for a zero-arity compound such as `foo()`, which has no
    /// argument, it is the address of its functor header: the cell after the
    /// header may be the first cell of another compound (a list's head).
    Compound(Atom, usize, usize),
}

/// The heap of term cells.
#[derive(Default)]
pub struct Store {
    /// The cells; public so the machine's hot loops can index it directly.
    pub heap: Vec<Cell>,
    /// Set once an attributed variable has been made: until then binding
    /// a variable need not look for the attribute mark.
    pub has_attvars: bool,
    /// The owner number of the transient atoms made for this store's
    /// machine (see `term::atom`): unique in the process.
    pub atom_owner: u32,
    /// Transient atoms made since the last atom garbage collection.
    pub atoms_made: usize,
}

impl Store {
    /// An empty store.
    pub fn new() -> Store {
        static OWNERS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(1);
        Store {
            heap: Vec::with_capacity(1 << 16),
            has_attvars: false,
            atom_owner: OWNERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            atoms_made: 0,
        }
    }

    /// An atom for text made at run time (by a text builtin): transient, so
    /// that atom garbage collection can free it when it is no longer used.
    pub fn text_atom(&mut self, text: &str) -> Atom {
        self.atoms_made += 1;
        Atom::transient(text, self.atom_owner)
    }

    /// The current top of the heap.
    #[inline(always)]
    pub fn top(&self) -> usize {
        self.heap.len()
    }

    /// Pushes a fresh unbound variable and returns a reference to it.
    #[inline(always)]
    pub fn new_var(&mut self) -> Cell {
        let c = Cell::var(self.heap.len());
        self.heap.push(c);
        c
    }

    /// Follows variable bindings until a non-variable or an unbound variable
    /// (an attributed variable is unbound: its reference is returned).
    #[inline(always)]
    pub fn deref(&self, mut c: Cell) -> Cell {
        while c.tag() == tag::REF {
            let next = self.heap[c.val()];
            if next == c {
                return c;
            }
            c = next;
        }
        c
    }

    /// True when the variable cell at `addr` is an attributed variable: the
    /// cell after it holds `ATTVAR_MARK` (and the one after that its
    /// attributes). After a variable cell comes a term cell or a header, and
    /// no compound's header equals the mark, so the test cannot be fooled.
    #[inline(always)]
    pub fn is_attvar(&self, addr: usize) -> bool {
        self.heap.get(addr + 1) == Some(&ATTVAR_MARK)
    }

    /// Pushes a new attributed variable whose attributes are `attrs` (SWI's
    /// `att(Module, Value, More)` chain, or `[]`); returns a reference to it.
    pub fn new_attvar(&mut self, attrs: Cell) -> Cell {
        self.has_attvars = true;
        let v = self.new_var();
        self.heap.push(ATTVAR_MARK);
        self.heap.push(attrs);
        v
    }

    /// Decodes a cell after dereferencing it.
    #[inline]
    pub fn view(&self, c: Cell) -> View<'_> {
        let c = self.deref(c);
        match c.tag() {
            tag::REF => View::Var(c.val()),
            tag::ATOM => View::Atom(c.get_atom()),
            tag::INT => View::Int(c.get_int()),
            tag::LIS => View::Compound(atoms::DOT, 2, c.val()),
            tag::STR => {
                let f = self.heap[c.val()];
                let n = f.fun_arity();
                View::Compound(f.fun_name(), n, c.val() + usize::from(n > 0))
            }
            tag::BOX => {
                let h = self.heap[c.val()];
                match h.hdr_kind() {
                    boxkind::FLOAT => View::Float(self.float(c)),
                    boxkind::STRING => View::Str(self.string(c)),
                    _ => View::BigInt(c),
                }
            }
            _ => unreachable!("header or functor cell used as a term: {c:?}"),
        }
    }

    /// Pushes a compound `name(args...)` whose arguments are given cells.
    pub fn new_compound(&mut self, name: Atom, args: &[Cell]) -> Cell {
        if name == atoms::DOT && args.len() == 2 {
            return self.new_list(args[0], args[1]);
        }
        if args.is_empty() {
            return Cell::atom(name);
        }
        let at = self.heap.len();
        self.heap.push(Cell::functor(name, args.len()));
        self.heap.extend_from_slice(args);
        Cell::str(at)
    }

    /// Pushes a compound with `arity` fresh variable arguments; returns it and the first argument's address.
    pub fn new_compound_vars(&mut self, name: Atom, arity: usize) -> (Cell, usize) {
        let at = self.heap.len();
        if name == atoms::DOT && arity == 2 {
            self.heap.push(Cell::var(at));
            self.heap.push(Cell::var(at + 1));
            return (Cell::lis(at), at);
        }
        self.heap.push(Cell::functor(name, arity));
        for i in 0..arity {
            self.heap.push(Cell::var(at + 1 + i));
        }
        (Cell::str(at), at + 1)
    }

    /// Pushes a list cell `[head|tail]`.
    #[inline]
    pub fn new_list(&mut self, head: Cell, tail: Cell) -> Cell {
        let at = self.heap.len();
        self.heap.push(head);
        self.heap.push(tail);
        Cell::lis(at)
    }

    /// Builds a proper list from `items` ending in `tail`.
    pub fn new_list_from(&mut self, items: &[Cell], tail: Cell) -> Cell {
        self.heap.reserve(2 * items.len());
        self.new_list_iter(items.iter().copied(), tail)
    }

    /// Builds a proper list of what `items` yields, ending in `tail`.
    pub fn new_list_iter(&mut self, items: impl Iterator<Item = Cell>, tail: Cell) -> Cell {
        let start = self.heap.len();
        for item in items {
            let at = self.heap.len();
            self.heap.push(item);
            self.heap.push(Cell::lis(at + 2));
        }
        let end = self.heap.len();
        if end == start {
            return tail;
        }
        self.heap[end - 1] = tail;
        Cell::lis(start)
    }

    /// Pushes a float.
    pub fn new_float(&mut self, f: f64) -> Cell {
        let at = self.heap.len();
        self.heap.push(Cell::header(boxkind::FLOAT, 1));
        self.heap.push(Cell(f.to_bits()));
        Cell::boxed(at)
    }

    /// Pushes an integer, inline when it is small.
    pub fn new_int(&mut self, i: i64) -> Cell {
        if Cell::fits_small(i) {
            Cell::small(i)
        } else {
            self.new_bigint(&BigInt::from(i))
        }
    }

    /// Pushes a big integer, inline when it is small.
    pub fn new_bigint(&mut self, i: &BigInt) -> Cell {
        let (sign, digits) = i.to_u64_digits();
        self.new_limbs(sign == Sign::Minus, &digits)
    }

    /// Pushes the integer with magnitude `limbs` (least significant first,
    /// no leading zero limbs) and sign `negative`; inline when it is small.
    pub fn new_limbs(&mut self, negative: bool, limbs: &[u64]) -> Cell {
        match limbs {
            [] => return Cell::small(0),
            [m] if *m <= MAX_SMALL as u64 => {
                return Cell::small(if negative { -(*m as i64) } else { *m as i64 });
            }
            [m] if negative && *m == MAX_SMALL as u64 + 1 => return Cell::small(MIN_SMALL),
            _ => {}
        }
        let kind = if negative {
            boxkind::BIG_NEG
        } else {
            boxkind::BIG_POS
        };
        let at = self.heap.len();
        self.heap.push(Cell::header(kind, limbs.len()));
        self.heap.extend(limbs.iter().map(|&l| Cell(l)));
        Cell::boxed(at)
    }

    /// The sign and limbs of the big integer at boxed cell `c`.
    pub fn big_limbs(&self, c: Cell) -> Signed<'_> {
        let h = self.heap[c.val()];
        let words = &self.heap[c.val() + 1..c.val() + 1 + h.hdr_words()];
        // SAFETY: Cell is a transparent u64.
        let limbs =
            unsafe { std::slice::from_raw_parts(words.as_ptr() as *const u64, words.len()) };
        Signed {
            negative: h.hdr_kind() == boxkind::BIG_NEG,
            limbs,
        }
    }

    /// Pushes a string.
    pub fn new_string(&mut self, s: &str) -> Cell {
        let bytes = s.as_bytes();
        let words = bytes.len().div_ceil(8);
        let at = self.heap.len();
        self.heap.push(Cell::header(boxkind::STRING, words + 1));
        self.heap.push(Cell(bytes.len() as u64));
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.heap.push(Cell(u64::from_le_bytes(w)));
        }
        Cell::boxed(at)
    }

    /// The float in a boxed float cell.
    pub fn float(&self, c: Cell) -> f64 {
        f64::from_bits(self.heap[c.val() + 1].0)
    }

    /// The big integer in a boxed big-integer cell.
    pub fn bigint(&self, c: Cell) -> BigInt {
        let Signed { negative, limbs } = self.big_limbs(c);
        super::gmp::from_limbs(negative, limbs)
    }

    /// The text of a boxed string cell.
    pub fn string(&self, c: Cell) -> &str {
        let at = c.val();
        let len = self.heap[at + 1].0 as usize;
        let words = &self.heap[at + 2..at + 2 + len.div_ceil(8)];
        // SAFETY: Cell is a transparent u64; the words were written from UTF-8 bytes in little-endian order.
        let bytes = unsafe { std::slice::from_raw_parts(words.as_ptr() as *const u8, len) };
        if cfg!(target_endian = "little") {
            std::str::from_utf8(bytes).unwrap_or("")
        } else {
            unreachable!("puzzlog stores strings little-endian")
        }
    }

    /// The number of cells a boxed value occupies (header included).
    pub fn boxed_size(&self, c: Cell) -> usize {
        1 + self.heap[c.val()].hdr_words()
    }

    /// Copies an owned term onto the heap; `vars` maps term variable numbers to cells.
    pub fn from_term(&mut self, t: &Term, vars: &mut HashMap<u32, Cell>) -> Cell {
        // Explicit stack: (term, destination address or None for root).
        let mut root = Cell::atom(atoms::NIL);
        let mut stack: Vec<(&Term, Option<usize>)> = vec![(t, None)];
        while let Some((t, dest)) = stack.pop() {
            let c = match t {
                Term::Var(n) => {
                    if let Some(&c) = vars.get(n) {
                        c
                    } else {
                        let c = match dest {
                            Some(d) => Cell::var(d),
                            None => self.new_var(),
                        };
                        vars.insert(*n, c);
                        c
                    }
                }
                Term::Atom(a) => Cell::atom(*a),
                Term::Int(i) => self.new_int(*i),
                Term::BigInt(b) => self.new_bigint(b),
                Term::Float(f) => self.new_float(*f),
                Term::Str(s) => self.new_string(s),
                Term::Compound(name, args) => {
                    let (c, first) = self.new_compound_vars(*name, args.len());
                    for (i, a) in args.iter().enumerate().rev() {
                        stack.push((a, Some(first + i)));
                    }
                    c
                }
            };
            match dest {
                Some(d) => self.heap[d] = c,
                None => root = c,
            }
        }
        root
    }

    /// Copies a heap term into an owned term. Unbound variables are numbered by
    /// first occurrence; `vars` receives the heap address of each number.
    /// Owned terms cannot be cyclic: in a term found to be cyclic (after
    /// many compounds), a compound met again inside itself (X = f(X))
    /// becomes a fresh variable (`f(_)`).
    pub fn to_term(&self, c: Cell, vars: &mut Vec<usize>) -> Term {
        let n = vars.len();
        // A term known to be cyclic is not built a million levels deep first
        // (the walk that tells allocates nothing).
        if crate::term::cyclic::is_acyclic(self, c) {
            if let Some(t) = self.to_term_with(c, vars, false) {
                return t;
            }
            vars.truncate(n);
        }
        match self.to_term_with(c, vars, true) {
            Some(t) => t,
            None => unreachable!("a tracked conversion always ends"),
        }
    }

    /// `to_term`; without `track`, None once the term looks cyclic.
    fn to_term_with(&self, c: Cell, vars: &mut Vec<usize>, track: bool) -> Option<Term> {
        enum Job {
            Visit(Cell),
            Build(Atom, usize, usize),
        }
        let mut out: SmallVec<[Term; 8]> = SmallVec::new();
        let mut jobs: SmallVec<[Job; 16]> = smallvec![Job::Visit(c)];
        let mut compounds = 0usize;
        let mut on_path: AddrMap<()> = AddrMap::default();
        // Variable numbers by heap address: a short list is searched, a long one indexed.
        let mut numbers: AddrMap<usize> = AddrMap::default();
        let mut number_of = |vars: &mut Vec<usize>, addr: usize| -> usize {
            if vars.len() < VAR_INDEX_AFTER {
                if let Some(n) = vars.iter().position(|&a| a == addr) {
                    return n;
                }
            } else {
                if numbers.is_empty() {
                    numbers.extend(vars.iter().enumerate().map(|(n, &a)| (a, n)));
                }
                if let Some(&n) = numbers.get(&addr) {
                    return n;
                }
            }
            vars.push(addr);
            if !numbers.is_empty() {
                numbers.insert(addr, vars.len() - 1);
            }
            vars.len() - 1
        };
        while let Some(job) = jobs.pop() {
            match job {
                Job::Build(name, n, first) => {
                    on_path.remove(&first);
                    let args: Vec<Term> = out.drain(out.len() - n..).collect();
                    out.push(Term::Compound(name, args));
                }
                Job::Visit(c) => match self.view(c) {
                    View::Var(addr) => {
                        let n = number_of(vars, addr);
                        out.push(Term::Var(n as u32));
                    }
                    View::Atom(a) => {
                        // An owned term may outlive the cells: its atoms stay.
                        a.pin();
                        out.push(Term::Atom(a))
                    }
                    View::Int(i) => out.push(Term::Int(i)),
                    View::BigInt(b) => out.push(Term::integer(self.bigint(b))),
                    View::Float(f) => out.push(Term::Float(f)),
                    View::Str(s) => out.push(Term::Str(s.to_owned())),
                    View::Compound(name, n, first) => {
                        compounds += 1;
                        if !track && compounds > CYCLE_CHECK_AFTER {
                            if crate::term::cyclic::is_acyclic(self, c) {
                                // Large (or hugely shared) but acyclic: go on.
                                compounds = 0;
                            } else {
                                return None;
                            }
                        }
                        if track && on_path.insert(first, ()).is_some() {
                            vars.push(usize::MAX - vars.len());
                            out.push(Term::Var(vars.len() as u32 - 1));
                            continue;
                        }
                        name.pin();
                        jobs.push(Job::Build(name, n, first));
                        for i in (0..n).rev() {
                            jobs.push(Job::Visit(self.heap[first + i]));
                        }
                    }
                },
            }
        }
        out.pop()
    }

    /// What the list skeleton of `c` ends in (`[]` for a proper list, a
    /// variable for a partial list); None for a cyclic list.
    pub fn list_end(&self, mut c: Cell) -> Option<Cell> {
        let mut n = 0usize;
        loop {
            c = self.deref(c);
            if c.tag() != tag::LIS {
                return Some(c);
            }
            n += 1;
            if n > self.heap.len() {
                return None;
            }
            c = self.heap[c.val() + 1];
        }
    }

    /// The items of a proper list, None otherwise (a partial, improper or cyclic list).
    pub fn list_items(&self, mut c: Cell) -> Option<Vec<Cell>> {
        let mut out = Vec::new();
        loop {
            c = self.deref(c);
            match c.tag() {
                // A list longer than the heap has cells must be cyclic.
                tag::LIS if out.len() > self.heap.len() => return None,
                tag::LIS => {
                    out.push(self.heap[c.val()]);
                    c = self.heap[c.val() + 1];
                }
                tag::ATOM if c.get_atom() == atoms::NIL => return Some(out),
                _ => return None,
            }
        }
    }
}

/// A term copied out of the heap into a relocatable segment, so that it
/// survives backtracking (findall results, exception balls, global variables).
#[derive(Clone, Debug)]
pub struct Copied {
    cells: Vec<Cell>,
    root: Cell,
}

/// Rebases an address-carrying cell by `delta` (which may be negative).
#[inline]
fn shift(c: Cell, delta: isize) -> Cell {
    match c.tag() {
        tag::REF | tag::STR | tag::LIS | tag::BOX => {
            Cell((((c.val() as isize + delta) as u64) << 3) | c.tag())
        }
        _ => c,
    }
}

impl Copied {
    /// Copies the term at `c` out of `store`. Unbound variables become fresh
    /// variables of the copy (shared occurrences stay shared); attributed
    /// variables keep (copies of) their attributes.
    pub fn new(store: &Store, c: Cell) -> Copied {
        Copied::with_attributes(store, c, true)
    }

    /// `Copied::new`, where attributed variables become plain variables
    /// unless `attrs` (`copy_term_nat/2`).
    pub fn with_attributes(store: &Store, c: Cell, attrs: bool) -> Copied {
        // An atom or small integer is its own copy: nothing to allocate.
        let d = store.deref(c);
        if matches!(d.tag(), tag::ATOM | tag::INT) {
            return Copied::pinned(Vec::new(), d);
        }
        let mut cells: Vec<Cell> = Vec::with_capacity(16);
        let mut seen: AddrMap<usize> = AddrMap::default();
        let root = copy_out(store, c, &mut cells, &mut seen, attrs);
        Copied::pinned(cells, root)
    }

    /// A copy whose atoms are pinned: it may be kept where atom garbage
    /// collection does not look.
    fn pinned(cells: Vec<Cell>, root: Cell) -> Copied {
        for a in atoms_in(&cells).chain(atoms_in(&[root])) {
            a.pin();
        }
        Copied { cells, root }
    }

    /// An owned term as a copy in an exact-size block (for copies kept a
    /// long time), built in `scratch`, whose heap it clears first: the heap
    /// of a store holding just the term is already a relocatable segment.
    pub fn of_term(scratch: &mut Store, t: &Term) -> Copied {
        scratch.heap.clear();
        let root = scratch.from_term(t, &mut HashMap::new());
        Copied::pinned(scratch.heap.as_slice().to_vec(), root)
    }

    /// Rebuilds the term on the heap with fresh variables; returns its root.
    pub fn restore(&self, store: &mut Store) -> Cell {
        let base = restore_cells(&self.cells, store);
        shift(self.root, base)
    }

    /// The number of cells in the copy.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True when the copy needs no heap cells (an atom or small integer).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

/// The atoms that `cells` (a stretch of heap-shaped cells) name: those of
/// atom cells and functor headers, the raw words of boxed values skipped.
/// (An attributed variable's mark counts as a functor: one atom too many.)
fn atoms_in(cells: &[Cell]) -> impl Iterator<Item = Atom> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        while let Some(&c) = cells.get(i) {
            i += 1;
            if c.tag() == tag::HDR {
                i += c.hdr_words();
            } else if let Some(a) = c.named_atom() {
                return Some(a);
            }
        }
        None
    })
}

/// Appends relocatable `cells` to the heap; returns the shift of their addresses.
fn restore_cells(cells: &[Cell], store: &mut Store) -> isize {
    let base = store.heap.len() as isize;
    store.heap.reserve(cells.len());
    let mut i = 0;
    while i < cells.len() {
        let c = cells[i];
        if c.tag() == tag::HDR {
            store.heap.push(c);
            store
                .heap
                .extend_from_slice(&cells[i + 1..i + 1 + c.hdr_words()]);
            i += 1 + c.hdr_words();
        } else {
            store.heap.push(shift(c, base));
            i += 1;
        }
    }
    base
}

/// Reusable buffers for copying terms on the heap ([`Store::copy_here`]).
#[derive(Default)]
pub struct CopyScratch {
    cells: Vec<Cell>,
    seen: AddrMap<usize>,
}

/// Scratch buffers grown past this many cells are let go after the copy.
const SCRATCH_KEPT: usize = 1 << 16;

impl Store {
    /// A copy of the term at `c` made on the heap with fresh variables
    /// (attributed variables with copies of their attributes when `attrs`,
    /// else plain), through `scratch`: once its buffers have grown, a copy
    /// allocates nothing (copy_term/2, copy_term_nat/2).
    pub fn copy_here(&mut self, c: Cell, attrs: bool, scratch: &mut CopyScratch) -> Cell {
        let d = self.deref(c);
        if matches!(d.tag(), tag::ATOM | tag::INT) {
            return d;
        }
        scratch.cells.clear();
        scratch.seen.clear();
        let root = copy_out(self, c, &mut scratch.cells, &mut scratch.seen, attrs);
        let base = restore_cells(&scratch.cells, self);
        if scratch.cells.capacity() > SCRATCH_KEPT {
            *scratch = CopyScratch::default();
        }
        shift(root, base)
    }
}

/// Terms copied out of the heap one after another into one relocatable
/// segment (the answers collected by findall/3): one allocation for them
/// all, and one pass to put them back.
#[derive(Debug, Default)]
pub struct CopiedList {
    cells: Vec<Cell>,
    roots: Vec<Cell>,
}

impl CopiedList {
    /// Appends a copy of the term at `c`; its variables are its own.
    pub fn push(&mut self, store: &Store, c: Cell) {
        let root = copy_out(store, c, &mut self.cells, &mut AddrMap::default(), true);
        self.roots.push(root);
    }

    /// Rebuilds the terms on the heap with fresh variables, as a list of
    /// them in order that ends in `tail`.
    pub fn restore_list(&self, store: &mut Store, tail: Cell) -> Cell {
        let Some(last) = self.roots.len().checked_sub(1) else {
            return tail;
        };
        let base = restore_cells(&self.cells, store);
        let at = store.heap.len();
        store.heap.reserve(2 * self.roots.len());
        for (i, &r) in self.roots.iter().enumerate() {
            store.heap.push(shift(r, base));
            store.heap.push(if i == last {
                tail
            } else {
                Cell::lis(at + 2 * (i + 1))
            });
        }
        Cell::lis(at)
    }

    /// The number of terms.
    pub fn len(&self) -> usize {
        self.roots.len()
    }

    /// Every cell of the copies, the raw words of boxed values included
    /// (for atom garbage collection's conservative marking).
    pub fn raw_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells.iter().chain(&self.roots).copied()
    }

    /// The cells the copies take (their roots included).
    pub fn cells(&self) -> usize {
        self.cells.len() + self.roots.len()
    }

    /// The heap cells [`CopiedList::restore_list`] takes: the copies and the list.
    pub fn restored_cells(&self) -> usize {
        self.cells.len() + 2 * self.roots.len()
    }

    /// True when no term was added.
    pub fn is_empty(&self) -> bool {
        self.roots.is_empty()
    }
}

/// Variables `to_term` numbers by searching its list, before it indexes them.
const VAR_INDEX_AFTER: usize = 32;

/// Compound terms a traversal visits before it starts remembering them:
/// more than any ordinary term needs, so only cyclic (or hugely shared)
/// terms pay for the memory.
pub const CYCLE_CHECK_AFTER: usize = 1 << 20;

/// Guards a traversal of a term against cycles (`X = f(X)`): a counter at
/// first, then a set of the compound terms already visited.
#[derive(Default)]
pub struct CycleGuard {
    steps: usize,
    seen: AddrMap<()>,
}

impl CycleGuard {
    /// True the first time the compound term at heap address `addr` is met
    /// (always true before the counter runs out).
    #[inline]
    pub fn first_visit(&mut self, addr: usize) -> bool {
        self.steps += 1;
        self.steps <= CYCLE_CHECK_AFTER || self.seen.insert(addr, ()).is_none()
    }
}

/// Copies `c` into `out` (addresses relative to `out`), iteratively; with
/// `attrs`, attributed variables are copied with their attributes, else
/// they become plain variables. Past `CYCLE_CHECK_AFTER` compounds the
/// copies are remembered (shared subterms stay shared); a cyclic term is
/// then copied again remembering every compound, so that its copy has the
/// same cycles (`X = f(X)` copies as one `f/1`, not a million then a cycle).
fn copy_out(
    store: &Store,
    c: Cell,
    out: &mut Vec<Cell>,
    seen: &mut AddrMap<usize>,
    attrs: bool,
) -> Cell {
    let start = out.len();
    copy_out_pass(store, c, out, seen, attrs, CYCLE_CHECK_AFTER).unwrap_or_else(|| {
        out.truncate(start);
        seen.retain(|_, at| *at < start);
        copy_out_pass(store, c, out, seen, attrs, 0).expect("a copy remembering all compounds")
    })
}

/// One pass of [`copy_out`], remembering copies after `remember_after`
/// compounds; None (and a partial copy) for a cyclic term when
/// `remember_after` is not 0.
fn copy_out_pass(
    store: &Store,
    c: Cell,
    out: &mut Vec<Cell>,
    seen: &mut AddrMap<usize>,
    attrs: bool,
    remember_after: usize,
) -> Option<Cell> {
    // An atom or small integer is its own copy: no work stack needed.
    let d = store.deref(c);
    if matches!(d.tag(), tag::ATOM | tag::INT) {
        return Some(d);
    }
    // Each pending job fills out[dest] with the copy of a source cell.
    let mut root = Cell(0);
    let mut jobs: SmallVec<[(Cell, Option<usize>); 32]> = smallvec![(c, None)];
    // Compounds copied so far; after many, the copies are remembered so that
    // shared subterms are shared.
    let mut compounds = 0usize;
    let mut copies: AddrMap<Cell> = AddrMap::default();
    while let Some((src, dest)) = jobs.pop() {
        let d = store.deref(src);
        if matches!(d.tag(), tag::LIS | tag::STR) {
            compounds += 1;
            if compounds == remember_after + 1
                && remember_after > 0
                && !super::cyclic::is_acyclic(store, c)
            {
                return None;
            }
            if compounds > remember_after {
                if let Some(&copy) = copies.get(&d.val()) {
                    match dest {
                        Some(x) => out[x] = copy,
                        None => root = copy,
                    }
                    continue;
                }
            }
        }
        let copy = match d.tag() {
            tag::REF => {
                let addr = d.val();
                match seen.get(&addr) {
                    Some(&a) => Cell::var(a),
                    None if attrs && store.is_attvar(addr) => {
                        // A fresh attributed variable with a copy of the attributes.
                        let at = out.len();
                        out.extend([Cell::var(at), ATTVAR_MARK, Cell(0)]);
                        seen.insert(addr, at);
                        jobs.push((store.heap[attrs_at(addr)], Some(attrs_at(at))));
                        Cell::var(at)
                    }
                    None => {
                        let a = match dest {
                            Some(x) => x,
                            None => {
                                out.push(Cell(0));
                                out.len() - 1
                            }
                        };
                        seen.insert(addr, a);
                        let v = Cell::var(a);
                        out[a] = v;
                        v
                    }
                }
            }
            tag::ATOM | tag::INT => d,
            tag::BOX => {
                let at = out.len();
                let n = store.boxed_size(d);
                out.extend_from_slice(&store.heap[d.val()..d.val() + n]);
                Cell::boxed(at)
            }
            tag::LIS => {
                let at = out.len();
                out.push(Cell(0));
                out.push(Cell(0));
                jobs.push((store.heap[d.val() + 1], Some(at + 1)));
                jobs.push((store.heap[d.val()], Some(at)));
                if compounds > remember_after {
                    copies.insert(d.val(), Cell::lis(at));
                }
                Cell::lis(at)
            }
            _ => {
                let f = store.heap[d.val()];
                let n = f.fun_arity();
                let at = out.len();
                out.push(f);
                out.extend(std::iter::repeat_n(Cell(0), n));
                for i in (0..n).rev() {
                    jobs.push((store.heap[d.val() + 1 + i], Some(at + 1 + i)));
                }
                if compounds > remember_after {
                    copies.insert(d.val(), Cell::str(at));
                }
                Cell::str(at)
            }
        };
        match dest {
            Some(x) => out[x] = copy,
            None => root = copy,
        }
    }
    Some(root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owned_terms_round_trip_through_the_heap() {
        let t = Term::compound(
            "f",
            vec![
                Term::Var(0),
                Term::list(vec![Term::Int(1), Term::Float(2.5), Term::Str("hé".into())]),
                Term::Var(0),
                Term::BigInt("123456789012345678901234567890".parse().unwrap()),
                Term::Int(-(1 << 62)),
            ],
        );
        let mut s = Store::new();
        let c = s.from_term(&t, &mut HashMap::new());
        let back = s.to_term(c, &mut Vec::new());
        assert_eq!(back, t);
    }

    #[test]
    fn copies_survive_truncation_and_keep_sharing() {
        let mut s = Store::new();
        let t = Term::compound(
            "g",
            vec![
                Term::Var(0),
                Term::Str("abc".into()),
                Term::Var(0),
                Term::Var(1),
            ],
        );
        let c = s.from_term(&t, &mut HashMap::new());
        let copy = Copied::new(&s, c);
        s.heap.truncate(0);
        s.new_var();
        let r = copy.restore(&mut s);
        assert_eq!(s.to_term(r, &mut Vec::new()), t);
    }

    #[test]
    fn deep_terms_do_not_overflow() {
        let mut s = Store::new();
        let mut c = Cell::atom(atoms::NIL);
        for i in 0..1_000_000 {
            c = s.new_list(Cell::small(i), c);
        }
        let t = s.to_term(c, &mut Vec::new());
        let c2 = s.from_term(&t, &mut HashMap::new());
        assert_eq!(s.list_items(c2).unwrap().len(), 1_000_000);
        let copy = Copied::new(&s, c2);
        assert!(copy.len() >= 2_000_000);
        drop(t);
    }
}
