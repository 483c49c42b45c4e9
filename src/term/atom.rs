//! Interned atoms: every atom name is stored once and compared as a `u32`.
//!
//! The interner is global so that atoms can be created and named from anywhere
//! (reader, writer, builtins, embedding code) without threading a table around.
//! Atom names live for the lifetime of the process (as in Prolog systems
//! without atom garbage collection), which lets `Atom::name` hand out plain
//! `&'static str`s. The interner is compact, because programs that build text
//! create atoms by the hundred thousand: names are packed into large leaked
//! blocks (no allocation per atom), the lookup table holds 4-byte atom
//! numbers, and names are read back through a lock-free table of `&str`s.
//!
//! Atoms that text builtins make at run time (`atom_codes/2`, `atom_concat/3`,
//! `format(atom(A), ...)`, ...) are *transient* (`Atom::transient`): each has
//! its own allocation and an owner (a machine), and the owner's atom garbage
//! collection (`machine/atom_gc.rs`) frees those its data no longer holds
//! (`collect_transient`), so that a loop making millions of atoms runs in
//! flat memory. Everything else is permanent: a transient atom becomes
//! permanent (is *pinned*) as soon as it is interned again by name, or
//! stored where the collector does not look (clauses, operator and predicate
//! tables, stream aliases, owned terms: see `Atom::pin`). A collected atom's
//! number is reused, so Rust code must not keep an `Atom` or its name across
//! a call of the machine unless it pins it.

use hashbrown::HashTable;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicPtr, AtomicU32, AtomicU64, Ordering};
use std::sync::{OnceLock, RwLock};

/// Atom names by index, for lock-free `Atom::name`: chunks of `CHUNK` names,
/// allocated on demand and never freed or moved; slots are written (under the
/// interner's write lock) before the atom's index is handed out.
const CHUNK: usize = 4096;
const MAX_CHUNKS: usize = 1 << 14;
static CHUNKS: [AtomicPtr<&'static str>; MAX_CHUNKS] =
    [const { AtomicPtr::new(null_mut()) }; MAX_CHUNKS];

/// Transient bits by atom number, for a lock-free `Atom::pin`: chunks of
/// `CHUNK` bits, allocated with the chunk of names.
static TRANSIENT: [AtomicPtr<AtomicU64>; MAX_CHUNKS] =
    [const { AtomicPtr::new(null_mut()) }; MAX_CHUNKS];

/// The word of transient bits holding atom `i`'s (which must have been
/// published), and the bit's mask in it.
#[inline]
fn transient_bit(i: u32) -> (&'static AtomicU64, u64) {
    let i = i as usize;
    let mut p = TRANSIENT[i / CHUNK].load(Ordering::Acquire);
    if p.is_null() {
        // A well-known atom met before anything was interned.
        interner();
        p = TRANSIENT[i / CHUNK].load(Ordering::Acquire);
    }
    // SAFETY: the chunk was allocated (CHUNK / 64 words) before atom i was published.
    let word = unsafe { &*p.add((i % CHUNK) / 64) };
    (word, 1 << (i % 64))
}

/// Allocates chunk `k` of the name table and of the transient bits (out of
/// line: the arrays would make every `publish` probe a large stack frame).
#[cold]
#[inline(never)]
fn new_chunk(k: usize) -> *mut &'static str {
    let bits: Vec<AtomicU64> = (0..CHUNK / 64).map(|_| AtomicU64::new(0)).collect();
    TRANSIENT[k].store(bits.leak().as_mut_ptr(), Ordering::Release);
    let names: &'static mut [&'static str] = vec![""; CHUNK].leak();
    let p = names.as_mut_ptr();
    CHUNKS[k].store(p, Ordering::Release);
    p
}

/// Records the name of atom `i` in the lock-free table.
fn publish(i: usize, name: &'static str) {
    let mut p = CHUNKS[i / CHUNK].load(Ordering::Acquire);
    if p.is_null() {
        p = new_chunk(i / CHUNK);
    }
    // SAFETY: `p` points to a leaked block of CHUNK slots; only this (locked) writer writes slot i.
    unsafe { *p.add(i % CHUNK) = name };
}

/// The name of atom `i`, which must have been published.
#[inline]
fn published(i: usize) -> &'static str {
    let p = CHUNKS[i / CHUNK].load(Ordering::Acquire);
    // SAFETY: an atom number exists only after `publish` wrote its slot.
    unsafe { *p.add(i % CHUNK) }
}

/// An interned atom. Two atoms are equal exactly when their names are equal.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Atom(pub u32);

/// Size of the blocks atom names are packed into.
const BLOCK: usize = 1 << 16;

struct Interner {
    /// Atom numbers, hashed by name.
    table: HashTable<u32>,
    /// Number of atom numbers handed out (including the free ones).
    len: usize,
    /// Unused tail of the current name block.
    free: &'static mut [u8],
    /// Numbers of collected atoms, to reuse.
    free_numbers: Vec<u32>,
    /// The transient atoms (and their owners), pinned ones among them until
    /// the next collection drops them.
    transients: Vec<(u32, u32)>,
}

/// A fast string hash (word at a time, multiply-rotate mixing).
fn hash(name: &str) -> u64 {
    const K: u64 = 0x9E37_79B9_7F4A_7C15;
    let bytes = name.as_bytes();
    let mut h = (bytes.len() as u64).wrapping_mul(K);
    let mut words = bytes.chunks_exact(8);
    for w in &mut words {
        let v = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        h = (h ^ v).wrapping_mul(K).rotate_left(29);
    }
    let mut tail = [0u8; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    h = (h ^ u64::from_le_bytes(tail)).wrapping_mul(K);
    h ^ (h >> 32)
}

impl Interner {
    /// The number of the atom named `name` (its interner key), if interned.
    fn find(&self, name: &str) -> Option<u32> {
        self.table
            .find(hash(name), |&i| published(i as usize) == name)
            .copied()
    }

    /// Copies `name` into a name block and returns the lasting copy.
    fn store(&mut self, name: &str) -> &'static str {
        let n = name.len();
        if n > BLOCK / 4 {
            return Box::leak(name.to_owned().into_boxed_str());
        }
        if self.free.len() < n {
            self.free = Box::leak(vec![0u8; BLOCK].into_boxed_slice());
        }
        let (dst, rest) = std::mem::take(&mut self.free).split_at_mut(n);
        self.free = rest;
        dst.copy_from_slice(name.as_bytes());
        // SAFETY: `dst` holds a copy of the bytes of a `str`, and is never written again.
        unsafe { std::str::from_utf8_unchecked(dst) }
    }

    /// Adds a new atom named `name` (not interned yet).
    fn insert(&mut self, name: &str) -> u32 {
        let lasting = self.store(name);
        self.insert_named(lasting)
    }

    /// Adds a new atom whose name is already stored where it lasts.
    fn insert_named(&mut self, lasting: &'static str) -> u32 {
        let i = self.number();
        publish(i as usize, lasting);
        self.table
            .insert_unique(hash(lasting), i, |&j| hash(published(j as usize)));
        i
    }

    /// A number for a new atom: a collected atom's, or the next one.
    fn number(&mut self) -> u32 {
        if let Some(i) = self.free_numbers.pop() {
            return i;
        }
        let i = self.len;
        assert!(i < CHUNK * MAX_CHUNKS, "atom table full");
        self.len += 1;
        i as u32
    }

    /// Adds a new atom named `name` that no lookup by name finds: only its
    /// constant in `atoms` refers to it.
    fn reserve(&mut self, name: &str) -> u32 {
        let i = self.number();
        let lasting = self.store(name);
        publish(i as usize, lasting);
        i
    }

    /// The atom named `name` if interned, pinned (the caller may keep it).
    /// Pinning under the read lock keeps a collection from freeing it meanwhile.
    fn find_pinned(&self, name: &str) -> Option<u32> {
        let i = self.find(name)?;
        Atom(i).pin();
        Some(i)
    }

    /// Frees transient atom `i`: its name, its entry and its number.
    fn free_atom(&mut self, i: u32) {
        let name = published(i as usize);
        if let Ok(entry) = self.table.find_entry(hash(name), |&j| j == i) {
            entry.remove();
        }
        publish(i as usize, "");
        // SAFETY: a transient atom's name was leaked from a `Box<str>` by
        // `Atom::transient`, and no reference to it outlives the atom.
        drop(unsafe { Box::from_raw(name as *const str as *mut str) });
        self.free_numbers.push(i);
    }
}

fn interner() -> &'static RwLock<Interner> {
    static INTERNER: OnceLock<RwLock<Interner>> = OnceLock::new();
    INTERNER.get_or_init(|| {
        let mut t = Interner {
            table: HashTable::new(),
            len: 0,
            free: &mut [],
            free_numbers: Vec::new(),
            transients: Vec::new(),
        };
        for name in WELL_KNOWN {
            if RESERVED.contains(&Atom(t.len as u32)) {
                t.reserve(name);
            } else {
                t.insert(name);
            }
        }
        RwLock::new(t)
    })
}

impl Atom {
    /// Interns `name` and returns its atom, which is permanent.
    pub fn new(name: &str) -> Atom {
        let lock = interner();
        if let Some(i) = lock.read().unwrap().find_pinned(name) {
            return Atom(i);
        }
        let mut w = lock.write().unwrap();
        if let Some(i) = w.find_pinned(name) {
            return Atom(i);
        }
        Atom(w.insert(name))
    }

    /// Interns `name` as an atom that the atom garbage collection of machine
    /// `owner` may free once its data no longer holds it (unless it is
    /// pinned first). An atom interned already is returned as it is (pinned).
    pub fn transient(name: &str, owner: u32) -> Atom {
        // Usually a new name: one lookup, under the write lock.
        let mut w = interner().write().unwrap();
        if let Some(i) = w.find_pinned(name) {
            return Atom(i);
        }
        let i = w.insert_named(Box::leak(name.to_owned().into_boxed_str()));
        let (word, bit) = transient_bit(i);
        word.fetch_or(bit, Ordering::Relaxed);
        w.transients.push((i, owner));
        Atom(i)
    }

    /// Makes the atom permanent: for Rust code that stores it where atom
    /// garbage collection does not look.
    #[inline]
    pub fn pin(self) {
        let (word, bit) = transient_bit(self.0);
        if word.load(Ordering::Relaxed) & bit != 0 {
            word.fetch_and(!bit, Ordering::Relaxed);
        }
    }

    /// The atom's name (lock-free).
    #[inline]
    pub fn name(self) -> &'static str {
        let i = self.0 as usize;
        if CHUNKS[i / CHUNK].load(Ordering::Acquire).is_null() {
            // A well-known atom named before anything was interned.
            interner();
        }
        published(i)
    }

    /// The one-character atom for `ch`; characters below 256 are cached, as
    /// text builtins (atom_chars/2, sub_atom/5, get_char/1) make them all the time.
    pub fn char(ch: char) -> Atom {
        static CACHE: [AtomicU32; 256] = [const { AtomicU32::new(u32::MAX) }; 256];
        let mut buf = [0u8; 4];
        let Some(slot) = CACHE.get(ch as usize) else {
            return Atom::new(ch.encode_utf8(&mut buf));
        };
        match slot.load(Ordering::Relaxed) {
            u32::MAX => {
                let a = Atom::new(ch.encode_utf8(&mut buf));
                slot.store(a.0, Ordering::Relaxed);
                a
            }
            i => Atom(i),
        }
    }

    /// Returns the atom for `name` if it has already been interned (pinned).
    pub fn lookup(name: &str) -> Option<Atom> {
        interner().read().unwrap().find_pinned(name).map(Atom)
    }
}

/// The number of atoms in the table (`statistics(atoms, N)`).
pub fn atom_count() -> usize {
    let t = interner().read().unwrap();
    t.len - t.free_numbers.len()
}

/// One more than the largest atom number handed out so far: the size of a
/// table indexed by atom number.
pub fn atom_numbers() -> usize {
    interner().read().unwrap().len
}

/// Atom garbage collection of machine `owner`: frees its transient atoms
/// that are neither pinned nor `live` (a bit per atom number, as made by the
/// owner's marking). Returns how many transient atoms of the owner remain.
pub fn collect_transient(owner: u32, live: &[u64]) -> usize {
    let mut w = interner().write().unwrap();
    let mut list = std::mem::take(&mut w.transients);
    let mut kept = 0;
    list.retain(|&(i, o)| {
        let (word, bit) = transient_bit(i);
        if word.load(Ordering::Relaxed) & bit == 0 {
            return false;
        }
        if o != owner || live.get(i as usize / 64).is_some_and(|w| w & bit != 0) {
            kept += usize::from(o == owner);
            return true;
        }
        word.fetch_and(!bit, Ordering::Relaxed);
        w.free_atom(i);
        false
    });
    w.transients = list;
    kept
}

impl std::fmt::Display for Atom {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

macro_rules! well_known {
    ($($id:ident = $name:expr),* $(,)?) => {
        const WELL_KNOWN: &[&str] = &[$($name),*];
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        enum WellKnownIndex { $($id),* }
        /// Atoms the engine refers to by constant, interned first in this order.
        pub mod atoms {
            use super::Atom;
            $(
                #[doc = concat!("The atom `", $name, "`.")]
                pub const $id: Atom = Atom(super::WellKnownIndex::$id as u32);
            )*
        }
    };
}

/// Well-known atoms that no text names, however it is written:
/// - `[]`, the empty list, is a reserved constant distinct from the atom `'[]'` (as in SWI-Prolog 7);
/// - `$attvar` names the functor header that marks an attributed variable (see
///   `term::store::ATTVAR_MARK`), which no compound term may share, not even `'$attvar'()`.
const RESERVED: [Atom; 2] = [atoms::NIL, atoms::ATTVAR];

well_known! {
    NIL = "[]",
    DOT = "[|]",
    CURLY = "{}",
    COMMA = ",",
    SEMICOLON = ";",
    ARROW = "->",
    SOFT_ARROW = "*->",
    NECK = ":-",
    QUERY = "?-",
    BAR = "|",
    NOT_PROVABLE = "\\+",
    CUT = "!",
    TRUE = "true",
    FAIL = "fail",
    FALSE = "false",
    CALL = "call",
    MINUS = "-",
    PLUS = "+",
    SLASH = "/",
    DOUBLE_SLASH = "//",
    COLON = ":",
    CARET = "^",
    EQUALS = "=",
    LESS = "<",
    GREATER = ">",
    ERROR = "error",
    END_OF_FILE = "end_of_file",
    EMPTY = "",
    DCG_ARROW = "-->",
    SSU_ARROW = "=>",
    DOLLAR = "$",
    STAR = "*",
    USER = "user",
    SYSTEM = "system",
    CONTEXT = "context",
    ON = "on",
    OFF = "off",
    CODES = "codes",
    CHARS = "chars",
    ATOM = "atom",
    STRING = "string",
    MOD = "mod",
    REM = "rem",
    MIN = "min",
    MAX = "max",
    SHIFT_RIGHT = ">>",
    SHIFT_LEFT = "<<",
    BIT_AND = "/\\",
    BIT_OR = "\\/",
    XOR = "xor",
    ABS = "abs",
    SIGN = "sign",
    ATTVAR = "$attvar",
    ATT = "att",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interning_is_stable() {
        let a = Atom::new("hello");
        let b = Atom::new("hello");
        assert_eq!(a, b);
        assert_eq!(a.name(), "hello");
        assert_ne!(a, Atom::new("world"));
    }

    #[test]
    fn well_known_atoms_have_their_names() {
        assert_eq!(atoms::NIL.name(), "[]");
        assert_ne!(
            Atom::new("[]"),
            atoms::NIL,
            "the atom '[]' is not the empty list"
        );
        assert_eq!(atoms::COMMA.name(), ",");
        assert_eq!(Atom::new("true"), atoms::TRUE);
        assert_eq!(atoms::STRING.name(), "string");
    }

    #[test]
    fn character_atoms_are_the_interned_ones() {
        for ch in [
            'a',
            '<',
            '\u{e9}',
            '\u{ff}',
            '\u{100}',
            '\u{1F600}',
            '\u{0}',
        ] {
            let mut buf = [0u8; 4];
            assert_eq!(Atom::char(ch), Atom::new(ch.encode_utf8(&mut buf)));
            assert_eq!(Atom::char(ch), Atom::char(ch));
        }
        assert_eq!(Atom::char('<'), atoms::LESS);
    }

    #[test]
    fn many_long_empty_and_unicode_names_round_trip() {
        let long = "x".repeat(3 * BLOCK);
        let names: Vec<String> = (0..20_000)
            .map(|i| format!("atom_{i}_\u{e9}"))
            .chain(["".to_string(), long.clone(), "\u{0}".to_string()])
            .collect();
        let atoms: Vec<Atom> = names.iter().map(|n| Atom::new(n)).collect();
        for (n, a) in names.iter().zip(&atoms) {
            assert_eq!(a.name(), n);
            assert_eq!(Atom::new(n), *a);
            assert_eq!(Atom::lookup(n), Some(*a));
        }
        assert_eq!(Atom::lookup("never interned here"), None);
        assert!(atom_count() >= names.len());
    }

    #[test]
    fn interning_from_many_threads_agrees() {
        let per_thread: Vec<Vec<Atom>> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        (0..2000)
                            .map(|i| Atom::new(&format!("shared{i}")))
                            .collect()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for atoms in &per_thread[1..] {
            assert_eq!(atoms, &per_thread[0]);
        }
        assert_eq!(per_thread[0][7].name(), "shared7");
    }
}
