//! Tagged 64-bit cells: the machine's representation of terms.
//!
//! The low three bits are the tag; the upper 61 bits the payload.
//!
//! | tag  | payload                                  | meaning                               |
//! |------|------------------------------------------|---------------------------------------|
//! | REF  | heap address                             | variable (unbound when it points to itself) |
//! | ATOM | atom index                               | atom                                  |
//! | INT  | 61-bit signed integer                    | small integer                         |
//! | STR  | heap address of a FUN cell               | compound term                         |
//! | LIS  | heap address of the head (tail follows)  | list cell `'[|]'(H, T)`                |
//! | FUN  | atom index << 24 \| arity                | functor header of a compound (also the mark after an attributed variable) |
//! | BOX  | heap address of a HDR cell               | float, big integer or string          |
//! | HDR  | kind (2 bits) \| word count << 2         | header of raw words that follow       |

use super::atom::Atom;

/// One machine word of term data.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct Cell(pub u64);

/// The tag of a cell.
pub mod tag {
    /// Variable reference.
    pub const REF: u64 = 0;
    /// Atom.
    pub const ATOM: u64 = 1;
    /// Small integer.
    pub const INT: u64 = 2;
    /// Compound term (points to its functor cell).
    pub const STR: u64 = 3;
    /// List cell (points to head; tail is the next cell).
    pub const LIS: u64 = 4;
    /// Functor header inside the heap.
    pub const FUN: u64 = 5;
    /// Boxed value (points to a header).
    pub const BOX: u64 = 6;
    /// Header of raw words (floats, big integers, strings).
    pub const HDR: u64 = 7;
}

/// Kinds of boxed values, stored in a HDR cell.
pub mod boxkind {
    /// A 64-bit float in one raw word.
    pub const FLOAT: u64 = 0;
    /// A non-negative big integer: raw words are little-endian 64-bit digits.
    pub const BIG_POS: u64 = 1;
    /// A negative big integer: raw words are the magnitude's digits.
    pub const BIG_NEG: u64 = 2;
    /// A string: first raw word is the byte length, then the UTF-8 bytes.
    pub const STRING: u64 = 3;
}

/// Smallest integer stored inline in a cell.
pub const MIN_SMALL: i64 = -(1 << 60);
/// Largest integer stored inline in a cell.
pub const MAX_SMALL: i64 = (1 << 60) - 1;

impl Cell {
    /// The tag bits.
    #[inline(always)]
    pub fn tag(self) -> u64 {
        self.0 & 7
    }
    /// The payload as an unsigned value (addresses, atom indices).
    #[inline(always)]
    pub fn val(self) -> usize {
        (self.0 >> 3) as usize
    }
    /// A variable reference to heap address `addr`.
    #[inline(always)]
    pub fn var(addr: usize) -> Cell {
        Cell((addr as u64) << 3 | tag::REF)
    }
    /// An atom.
    #[inline(always)]
    pub fn atom(a: Atom) -> Cell {
        Cell((a.0 as u64) << 3 | tag::ATOM)
    }
    /// A small integer; the caller guarantees `MIN_SMALL <= i <= MAX_SMALL`.
    #[inline(always)]
    pub fn small(i: i64) -> Cell {
        debug_assert!((MIN_SMALL..=MAX_SMALL).contains(&i));
        Cell(((i as u64) << 3) | tag::INT)
    }
    /// True when `i` fits in a small-integer cell.
    #[inline(always)]
    pub fn fits_small(i: i64) -> bool {
        (MIN_SMALL..=MAX_SMALL).contains(&i)
    }
    /// A compound reference to the functor cell at `addr`.
    #[inline(always)]
    pub fn str(addr: usize) -> Cell {
        Cell((addr as u64) << 3 | tag::STR)
    }
    /// A list reference to the head cell at `addr`.
    #[inline(always)]
    pub fn lis(addr: usize) -> Cell {
        Cell((addr as u64) << 3 | tag::LIS)
    }
    /// A functor header.
    #[inline(always)]
    pub const fn functor(name: Atom, arity: usize) -> Cell {
        debug_assert!(arity < (1 << 24));
        Cell(((name.0 as u64) << 27) | ((arity as u64) << 3) | tag::FUN)
    }
    /// A boxed-value reference to the header at `addr`.
    #[inline(always)]
    pub fn boxed(addr: usize) -> Cell {
        Cell((addr as u64) << 3 | tag::BOX)
    }
    /// A header for `words` raw words of kind `kind`.
    #[inline(always)]
    pub fn header(kind: u64, words: usize) -> Cell {
        Cell(((words as u64) << 5) | (kind << 3) | tag::HDR)
    }

    /// True for a variable reference.
    #[inline(always)]
    pub fn is_ref(self) -> bool {
        self.tag() == tag::REF
    }
    /// True for an atom.
    #[inline(always)]
    pub fn is_atom(self) -> bool {
        self.tag() == tag::ATOM
    }
    /// The atom of an ATOM cell.
    #[inline(always)]
    pub fn get_atom(self) -> Atom {
        Atom((self.0 >> 3) as u32)
    }
    /// The integer of an INT cell.
    #[inline(always)]
    pub fn get_int(self) -> i64 {
        (self.0 as i64) >> 3
    }
    /// The atom an atom cell or a functor header names; None for other cells.
    #[inline(always)]
    pub fn named_atom(self) -> Option<Atom> {
        match self.tag() {
            tag::ATOM => Some(self.get_atom()),
            tag::FUN => Some(self.fun_name()),
            _ => None,
        }
    }
    /// The name of a FUN cell.
    #[inline(always)]
    pub fn fun_name(self) -> Atom {
        Atom((self.0 >> 27) as u32)
    }
    /// The arity of a FUN cell.
    #[inline(always)]
    pub fn fun_arity(self) -> usize {
        ((self.0 >> 3) & 0xFF_FFFF) as usize
    }
    /// The kind of a HDR cell.
    #[inline(always)]
    pub fn hdr_kind(self) -> u64 {
        (self.0 >> 3) & 3
    }
    /// The number of raw words after a HDR cell.
    #[inline(always)]
    pub fn hdr_words(self) -> usize {
        (self.0 >> 5) as usize
    }
}

impl std::fmt::Debug for Cell {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.tag() {
            tag::REF => write!(f, "REF({})", self.val()),
            tag::ATOM => write!(f, "ATOM({})", self.get_atom().name()),
            tag::INT => write!(f, "INT({})", self.get_int()),
            tag::STR => write!(f, "STR({})", self.val()),
            tag::LIS => write!(f, "LIS({})", self.val()),
            tag::FUN => write!(f, "FUN({}/{})", self.fun_name().name(), self.fun_arity()),
            tag::BOX => write!(f, "BOX({})", self.val()),
            _ => write!(f, "HDR({}, {})", self.hdr_kind(), self.hdr_words()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_integers_round_trip() {
        for i in [0, 1, -1, 42, MIN_SMALL, MAX_SMALL] {
            assert_eq!(Cell::small(i).get_int(), i);
            assert_eq!(Cell::small(i).tag(), tag::INT);
        }
    }

    #[test]
    fn functor_cells_keep_name_and_arity() {
        let f = Cell::functor(Atom::new("foo"), 300);
        assert_eq!(f.fun_name().name(), "foo");
        assert_eq!(f.fun_arity(), 300);
    }

    #[test]
    fn headers_keep_kind_and_size() {
        let h = Cell::header(boxkind::STRING, 12345);
        assert_eq!(h.hdr_kind(), boxkind::STRING);
        assert_eq!(h.hdr_words(), 12345);
    }
}
