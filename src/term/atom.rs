//! Interned atoms: every atom name is stored once and compared as a `u32`.
//!
//! The interner is global so that atoms can be created and named from anywhere
//! (reader, writer, builtins, embedding code) without threading a table around.
//! Atom names are leaked `&'static str`s: Prolog systems keep atoms for the
//! lifetime of the process, and this lets `Atom::name` hand out plain `&str`.

use indexmap::IndexSet;
use std::ptr::null_mut;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{OnceLock, RwLock};

/// Atom names by index, for lock-free `Atom::name`: chunks of `CHUNK` names,
/// allocated on demand and never freed or moved; slots are written (under the
/// interner's write lock) before the atom's index is handed out.
const CHUNK: usize = 4096;
const MAX_CHUNKS: usize = 1 << 14;
static CHUNKS: [AtomicPtr<&'static str>; MAX_CHUNKS] =
    [const { AtomicPtr::new(null_mut()) }; MAX_CHUNKS];

/// Records the name of atom `i` in the lock-free table.
fn publish(i: usize, name: &'static str) {
    let chunk = &CHUNKS[i / CHUNK];
    let mut p = chunk.load(Ordering::Acquire);
    if p.is_null() {
        let block: Box<[&'static str; CHUNK]> = Box::new([""; CHUNK]);
        p = Box::leak(block).as_mut_ptr();
        chunk.store(p, Ordering::Release);
    }
    // SAFETY: `p` points to a leaked block of CHUNK slots; only this (locked) writer writes slot i.
    unsafe { *p.add(i % CHUNK) = name };
}

/// An interned atom. Two atoms are equal exactly when their names are equal.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Atom(pub u32);

/// The interner key of the empty list `[]`.
const NIL_KEY: &str = "\u{0}[]";

struct Interner {
    names: IndexSet<&'static str>,
}

fn interner() -> &'static RwLock<Interner> {
    static INTERNER: OnceLock<RwLock<Interner>> = OnceLock::new();
    INTERNER.get_or_init(|| {
        let mut names = IndexSet::new();
        for name in WELL_KNOWN {
            names.insert(*name);
        }
        // `[]` is a reserved constant, distinct from the atom '[]' (as in SWI-Prolog 7):
        // it is interned under a key no text can produce, and named "[]" by `Atom::name`.
        names
            .replace_index(atoms::NIL.0 as usize, NIL_KEY)
            .expect("NIL is interned");
        for (i, name) in names.iter().enumerate() {
            publish(i, name);
        }
        RwLock::new(Interner { names })
    })
}

impl Atom {
    /// Interns `name` and returns its atom.
    pub fn new(name: &str) -> Atom {
        let lock = interner();
        if let Some(i) = lock.read().unwrap().names.get_index_of(name) {
            return Atom(i as u32);
        }
        let mut w = lock.write().unwrap();
        if let Some(i) = w.names.get_index_of(name) {
            return Atom(i as u32);
        }
        let leaked: &'static str = Box::leak(name.to_owned().into_boxed_str());
        let (i, _) = w.names.insert_full(leaked);
        assert!(i < CHUNK * MAX_CHUNKS, "atom table full");
        publish(i, leaked);
        Atom(i as u32)
    }

    /// The atom's name (lock-free).
    #[inline]
    pub fn name(self) -> &'static str {
        if self == atoms::NIL {
            return "[]";
        }
        let i = self.0 as usize;
        let mut p = CHUNKS[i / CHUNK].load(Ordering::Acquire);
        if p.is_null() {
            // A well-known atom named before anything was interned.
            interner();
            p = CHUNKS[i / CHUNK].load(Ordering::Acquire);
        }
        // SAFETY: an Atom value exists only after `publish` wrote its slot.
        unsafe { *p.add(i % CHUNK) }
    }

    /// Returns the atom for `name` if it has already been interned.
    pub fn lookup(name: &str) -> Option<Atom> {
        interner()
            .read()
            .unwrap()
            .names
            .get_index_of(name)
            .map(|i| Atom(i as u32))
    }
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
    ERROR = "error",
    END_OF_FILE = "end_of_file",
    EMPTY = "",
    DCG_ARROW = "-->",
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
}
