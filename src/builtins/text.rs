//! Atom and string builtins (SWI-Prolog 9 flavour): conversion between atoms,
//! strings, numbers and code/char lists, concatenation and splitting,
//! `sub_atom/5`, case conversion, and the Prolog number parser used by
//! `number_codes/2` and friends. Character classification lives in
//! `chartype.rs`.
//!
//! All text input goes through [`text_of`] / [`text_arg`]; all text output
//! through [`unify_text`], which compares against an already bound output as
//! text (as SWI does: `atom_concat(a, b, "ab")` succeeds).

use super::chartype::{to_lower, to_upper};
use super::format::format_float;
use crate::machine::error::{domain_error, instantiation_error, syntax_error, type_error, PlError};
use crate::machine::{Builtin, BuiltinTable, Machine, Res};
use crate::term::cell::tag;
use crate::term::cyclic::TailCycle;
use crate::term::{atoms, Atom, Cell, Store, Term, View};
use num_bigint::BigInt;
use num_traits::Num;
use std::any::Any;

/// The text builtins: (name, arity, implementation).
pub const TEXT_BUILTINS: BuiltinTable = &[
    ("atom_codes", 2, Builtin::Det(atom_codes)),
    ("atom_chars", 2, Builtin::Det(atom_chars)),
    ("char_code", 2, Builtin::Det(char_code)),
    ("atom_length", 2, Builtin::Det(atom_length)),
    ("string_length", 2, Builtin::Det(string_length)),
    ("atom_concat", 3, Builtin::Nondet(atom_concat)),
    ("string_concat", 3, Builtin::Nondet(string_concat)),
    ("text_concat", 3, Builtin::Nondet(text_concat)),
    ("sub_atom", 5, Builtin::Nondet(sub_atom)),
    ("sub_string", 5, Builtin::Nondet(sub_string)),
    ("atom_number", 2, Builtin::Det(atom_number)),
    ("number_codes", 2, Builtin::Det(number_codes)),
    ("number_chars", 2, Builtin::Det(number_chars)),
    ("number_string", 2, Builtin::Det(number_string)),
    ("atom_string", 2, Builtin::Det(atom_string)),
    ("atomic_list_concat", 2, Builtin::Det(atomic_list_concat2)),
    ("atomic_list_concat", 3, Builtin::Det(atomic_list_concat3)),
    ("upcase_atom", 2, Builtin::Det(upcase_atom)),
    ("downcase_atom", 2, Builtin::Det(downcase_atom)),
    ("string_upper", 2, Builtin::Det(string_upper)),
    ("string_lower", 2, Builtin::Det(string_lower)),
    ("string_chars", 2, Builtin::Det(string_chars)),
    ("string_codes", 2, Builtin::Det(string_codes)),
    ("string_to_atom", 2, Builtin::Det(string_to_atom)),
    ("string_code", 3, Builtin::Nondet(string_code)),
    ("split_string", 4, Builtin::Det(split_string)),
    ("text_to_string", 2, Builtin::Det(text_to_string)),
    ("char_type", 2, Builtin::Nondet(super::chartype::char_type)),
    ("code_type", 2, Builtin::Nondet(super::chartype::code_type)),
];

// ---------------------------------------------------------------------------
// Reading text

/// The owned form of a cell, for error terms.
pub(crate) fn culprit(store: &Store, c: Cell) -> Term {
    crate::machine::error::culprit(store, c)
}

/// Why a list could not be read as text.
enum ListFault {
    /// The list is partial or holds an unbound element.
    Unbound,
    /// The list ends in this non-list tail.
    BadTail(Cell),
    /// This element is not a character code (`true`) or not a one-char atom (`false`).
    BadElement(Cell, bool),
    /// The list is cyclic (`X = [a|X]`).
    Cyclic,
}

/// Reads a code or char list as text. The first element decides whether it is
/// a code list or a char list; later elements of the other kind are errors.
fn list_chars(store: &Store, mut c: Cell) -> Result<String, ListFault> {
    let mut out = String::new();
    let mut codes: Option<bool> = None;
    let mut cycle = TailCycle::default();
    loop {
        c = store.deref(c);
        match c.tag() {
            tag::LIS => {
                if cycle.seen_again(c.val()) {
                    return Err(ListFault::Cyclic);
                }
                let e = store.deref(store.heap[c.val()]);
                let ch = match store.view(e) {
                    View::Var(_) => return Err(ListFault::Unbound),
                    View::Int(i) if codes != Some(false) => {
                        codes = Some(true);
                        u32::try_from(i).ok().and_then(char::from_u32)
                    }
                    View::Atom(a) if codes != Some(true) => {
                        let mut it = a.name().chars();
                        match (it.next(), it.next()) {
                            (Some(ch), None) => {
                                codes = Some(false);
                                Some(ch)
                            }
                            _ => None,
                        }
                    }
                    _ => None,
                };
                match ch {
                    Some(ch) => out.push(ch),
                    None => return Err(ListFault::BadElement(e, codes != Some(false))),
                }
                c = store.heap[c.val() + 1];
            }
            tag::REF => return Err(ListFault::Unbound),
            _ if c == Cell::atom(atoms::NIL) => return Ok(out),
            _ => return Err(ListFault::BadTail(c)),
        }
    }
}

/// The text of a number cell, written as SWI writes it; `None` for non-numbers.
pub fn number_text(store: &Store, c: Cell) -> Option<String> {
    match store.view(store.deref(c)) {
        View::Int(i) => Some(i.to_string()),
        View::BigInt(b) => Some(crate::term::gmp::to_decimal(&store.bigint(b))),
        View::Float(f) => Some(format_float(f)),
        _ => None,
    }
}

/// The text of an atom, string, number, or code/char list; `None` otherwise
/// (variables, partial lists, other compounds). `[]` is the empty list.
pub fn text_of(store: &Store, c: Cell) -> Option<String> {
    let c = store.deref(c);
    match store.view(c) {
        View::Atom(a) if a == atoms::NIL => Some(String::new()),
        View::Atom(a) => Some(a.name().to_owned()),
        View::Str(s) => Some(s.to_owned()),
        View::Int(_) | View::BigInt(_) | View::Float(_) => number_text(store, c),
        View::Compound(..) if c.tag() == tag::LIS => list_chars(store, c).ok(),
        _ => None,
    }
}

/// Like [`text_of`], but raises SWI's error when `c` is not text:
/// `instantiation_error` for unbound (parts of) lists, else `type_error(typ, c)`.
pub fn text_arg(store: &Store, c: Cell, typ: &str) -> Res<String> {
    let c = store.deref(c);
    if c.is_ref() {
        return Err(instantiation_error());
    }
    if let Some(t) = text_of(store, c) {
        return Ok(t);
    }
    if c.tag() == tag::LIS {
        if let Err(ListFault::Unbound) = list_chars(store, c) {
            return Err(instantiation_error());
        }
    }
    Err(type_error(typ, culprit(store, c)))
}

/// The text of an atom, string or number, as the builtins that SWI-Prolog
/// reads with its "atomic" conversion take it (`atom_codes/2`'s first
/// argument, `atomic_list_concat/2`'s items): a list, even `[]`, raises
/// `type_error(typ, List)`.
fn atomic_text_arg(store: &Store, c: Cell, typ: &str) -> Res<String> {
    let c = store.deref(c);
    match store.view(c) {
        View::Var(_) => Err(instantiation_error()),
        View::Atom(a) if a == atoms::NIL => Err(type_error(typ, culprit(store, c))),
        View::Atom(_) | View::Str(_) | View::Int(_) | View::BigInt(_) | View::Float(_) => {
            text_arg(store, c, typ)
        }
        _ => Err(type_error(typ, culprit(store, c))),
    }
}

/// `[]` where SWI-Prolog wants an atom's text (`atom_concat/3`, `sub_atom/5`,
/// `upcase_atom/2`...): SWI-Prolog 7 and later take it for no text there, but
/// raise `type_error(typ, [])`.
fn refuse_nil(store: &Store, c: Cell, typ: &str) -> Res<()> {
    if store.deref(c) == Cell::atom(atoms::NIL) {
        return Err(type_error(typ, Term::Atom(atoms::NIL)));
    }
    Ok(())
}

/// Reads an argument that must be a code or char list (the list side of
/// `atom_codes/2` and friends), with SWI's errors.
fn list_arg(store: &Store, c: Cell) -> Res<String> {
    let c = store.deref(c);
    if let View::Str(s) = store.view(c) {
        return Ok(s.to_owned());
    }
    match list_chars(store, c) {
        Ok(t) => Ok(t),
        Err(ListFault::Unbound) => Err(instantiation_error()),
        Err(ListFault::BadElement(e, codes)) => {
            let typ = if codes { "character_code" } else { "character" };
            Err(type_error(typ, culprit(store, e)))
        }
        Err(ListFault::BadTail(t)) => {
            let whole = if c.tag() == tag::LIS { c } else { t };
            Err(type_error("list", culprit(store, whole)))
        }
        Err(ListFault::Cyclic) => Err(type_error("list", culprit(store, c))),
    }
}

/// An optional integer argument: `None` when unbound; non-integers raise
/// `type_error(integer, X)`; big integers read as `i64::MAX` (never a length).
#[inline]
fn int_arg(store: &Store, c: Cell) -> Res<Option<i64>> {
    let d = store.deref(c);
    if d.tag() == tag::INT {
        return Ok(Some(d.get_int()));
    }
    match store.view(d) {
        View::Var(_) => Ok(None),
        View::Int(i) => Ok(Some(i)),
        View::BigInt(_) => Ok(Some(i64::MAX)),
        _ => Err(type_error("integer", culprit(store, c))),
    }
}

/// Like [`int_arg`] but negative values raise `domain_error(not_less_than_zero, X)`
/// and big ones `representation_error(size_t)`, as in SWI.
#[inline]
fn nonneg_arg(store: &Store, c: Cell) -> Res<Option<usize>> {
    let d = store.deref(c);
    if d.tag() == tag::INT && d.get_int() >= 0 {
        return Ok(Some(d.get_int() as usize));
    }
    if let View::BigInt(b) = store.view(d) {
        return Err(if store.bigint(b).sign() == num_bigint::Sign::Minus {
            domain_error("not_less_than_zero", culprit(store, c))
        } else {
            crate::machine::error::representation_error("size_t")
        });
    }
    match int_arg(store, c)? {
        Some(i) if i < 0 => Err(domain_error("not_less_than_zero", Term::Int(i))),
        Some(i) => Ok(Some(i as usize)),
        None => Ok(None),
    }
}

// ---------------------------------------------------------------------------
// Writing text

/// The shape of a text result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An atom.
    Atom,
    /// A string object.
    Str,
    /// A list of character codes.
    Codes,
    /// A list of one-character atoms.
    Chars,
}

/// Builds `text` on the heap in the given shape.
pub fn make_text(store: &mut Store, text: &str, kind: Kind) -> Cell {
    match kind {
        Kind::Atom => Cell::atom(store.text_atom(text)),
        Kind::Str => store.new_string(text),
        Kind::Codes => {
            let items = text.chars().map(|ch| Cell::small(ch as i64));
            store.new_list_iter(items, Cell::atom(atoms::NIL))
        }
        Kind::Chars => store.new_list_iter(text.chars().map(char_cell), Cell::atom(atoms::NIL)),
    }
}

/// The characters of `text`, in a vector allocated once (collecting
/// `chars()` grows it from a quarter of the byte length).
fn char_vec(text: &str) -> Vec<char> {
    let mut v = Vec::with_capacity(text.len());
    v.extend(text.chars());
    v
}

/// The one-character atom for `ch`.
pub fn char_cell(ch: char) -> Cell {
    Cell::atom(Atom::char(ch))
}

/// Unifies `out` with `text` in shape `kind`. A bound `out` that is text is
/// compared as text; anything else is unified with the built term.
pub fn unify_text(m: &mut Machine, out: Cell, text: &str, kind: Kind) -> bool {
    let out = m.deref(out);
    if !out.is_ref() {
        if let Some(t) = text_of(&m.store, out) {
            return t == text;
        }
    }
    let c = make_text(&mut m.store, text, kind);
    m.unify(out, c)
}

/// Unifies several pairs, undoing every binding if one fails.
fn unify_all(m: &mut Machine, pairs: &[(Cell, Cell)]) -> bool {
    m.attempt(|m| pairs.iter().all(|&(a, b)| m.unify(a, b)))
}

/// Rejects a compound (list or not) where SWI wants atomic text, with
/// `type_error(typ, X)`.
fn check_atomic_out(store: &Store, c: Cell, typ: &str) -> Res<()> {
    let c = store.deref(c);
    match store.view(c) {
        View::Compound(..) => Err(type_error(typ, culprit(store, c))),
        _ => Ok(()),
    }
}

fn int_cell(store: &mut Store, i: usize) -> Cell {
    store.new_int(i as i64)
}

// ---------------------------------------------------------------------------
// Numbers

/// Parses Prolog number syntax as SWI's `number_codes/2` reads it, giving the
/// syntax error message (`illegal_number`, `float_overflow`, ...) on failure.
/// Leading layout is allowed; trailing text is not.
pub fn scan_number(text: &str) -> Result<Term, &'static str> {
    let t = text.trim_start_matches(|c: char| c.is_whitespace());
    let (neg, body) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let value = unsigned_number(body)?;
    Ok(if neg { negate(value) } else { value })
}

/// Parses a number with [`scan_number`], `None` on any syntax error.
pub fn parse_number(text: &str) -> Option<Term> {
    scan_number(text).ok()
}

fn negate(t: Term) -> Term {
    match t {
        Term::Int(i) => match i.checked_neg() {
            Some(n) => Term::Int(n),
            None => Term::integer(-BigInt::from(i)),
        },
        Term::BigInt(ref b) => Term::integer(-b.clone()),
        Term::Float(f) => Term::Float(-f),
        other => other,
    }
}

const ILLEGAL: &str = "illegal_number";

fn digits_value(digits: &str, radix: u32) -> Result<Term, &'static str> {
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(ILLEGAL);
    }
    BigInt::from_str_radix(digits, radix)
        .map(Term::integer)
        .map_err(|_| ILLEGAL)
}

/// Removes digit-group separators (`_` optionally followed by layout, or a
/// single space) between decimal digits; `None` if a separator is misplaced.
fn ungroup(s: &str) -> Option<String> {
    let b = char_vec(s);
    let mut out = String::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_digit() {
            out.push(c);
            i += 1;
        } else if (c == '_' || c == ' ') && i > 0 && b[i - 1].is_ascii_digit() {
            let mut j = i + 1;
            if c == '_' {
                while j < b.len() && b[j].is_whitespace() {
                    j += 1;
                }
            }
            if j < b.len() && b[j].is_ascii_digit() {
                i = j;
            } else {
                return None;
            }
        } else {
            return None;
        }
    }
    Some(out)
}

fn unsigned_number(s: &str) -> Result<Term, &'static str> {
    let bytes = s.as_bytes();
    if bytes.is_empty() || !bytes[0].is_ascii_digit() {
        return Err(ILLEGAL);
    }
    // 0'c, 0x.., 0o.., 0b..
    if bytes[0] == b'0' && bytes.len() >= 2 {
        match bytes[1] {
            b'\'' => return char_code_number(&s[2..]),
            b'x' => return digits_value(&s[2..], 16),
            b'o' => return digits_value(&s[2..], 8),
            b'b' => return digits_value(&s[2..], 2),
            _ => {}
        }
    }
    let int_end = bytes
        .iter()
        .position(|&b| !(b.is_ascii_digit() || b == b'_' || b == b' '))
        .unwrap_or(bytes.len());
    let rest = &s[int_end..];
    // Radix notation R'digits.
    if let Some(digits) = rest.strip_prefix('\'') {
        let radix: u32 = s[..int_end].parse().map_err(|_| ILLEGAL)?;
        if !(2..=36).contains(&radix) {
            return Err(ILLEGAL);
        }
        return digits_value(digits, radix);
    }
    if rest.is_empty() {
        let digits = ungroup(s).ok_or(ILLEGAL)?;
        return digits_value(&digits, 10);
    }
    float_number(s)
}

fn char_code_number(rest: &str) -> Result<Term, &'static str> {
    let mut it = rest.chars();
    match (it.next(), it.next(), it.next()) {
        (Some('\''), None, _) | (Some('\''), Some('\''), None) => Ok(Term::Int(39)),
        (Some('\\'), _, _) => Err(ILLEGAL),
        (Some(c), None, _) => Ok(Term::Int(c as i64)),
        _ => Err(ILLEGAL),
    }
}

/// `D+.D+[eE[+-]D+]`, `D+[eE][+-]D+`, optionally followed by `Inf` or `NaN`.
fn float_number(s: &str) -> Result<Term, &'static str> {
    let b = s.as_bytes();
    let digits_at = |mut i: usize| {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        (i > start, i)
    };
    let (_, mut i) = digits_at(0);
    let mut has_frac = false;
    if i < b.len() && b[i] == b'.' {
        let (ok, j) = digits_at(i + 1);
        if !ok {
            return Err(ILLEGAL);
        }
        has_frac = true;
        i = j;
    }
    let mut has_exp = false;
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        let (ok, k) = digits_at(j);
        if !ok {
            return Err(ILLEGAL);
        }
        has_exp = true;
        i = k;
    }
    if !has_frac && !has_exp {
        return Err(ILLEGAL);
    }
    let mantissa: f64 = s[..i].parse().map_err(|_| ILLEGAL)?;
    match &s[i..] {
        "" if mantissa.is_infinite() => Err("float_overflow"),
        "" => Ok(Term::Float(mantissa)),
        "Inf" if has_frac && !has_exp => Ok(Term::Float(f64::INFINITY)),
        "NaN" if has_frac && !has_exp && mantissa == 1.0 => Err("numeric constant out of range"),
        "NaN" if has_frac && !has_exp => Ok(Term::Float(f64::NAN)),
        _ => Err(ILLEGAL),
    }
}

/// Parses text for `number_codes/2` and friends, raising `syntax_error`.
fn number_from_text(text: &str) -> Res<Term> {
    scan_number(text).map_err(syntax_error)
}

/// Unifies `out` with a parsed number term.
fn unify_number(m: &mut Machine, out: Cell, t: &Term) -> bool {
    let c = m.store.from_term(t, &mut Default::default());
    m.unify(out, c)
}

fn is_number(store: &Store, c: Cell) -> bool {
    matches!(
        store.view(store.deref(c)),
        View::Int(_) | View::BigInt(_) | View::Float(_)
    )
}

/// number_codes/2, number_chars/2: `kind` is the list shape.
fn number_list(m: &mut Machine, args: &[Cell], kind: Kind) -> Res {
    let (n, l) = (m.deref(args[0]), m.deref(args[1]));
    let n_is_num = is_number(&m.store, n);
    if !n.is_ref() && !n_is_num {
        return Err(type_error("number", culprit(&m.store, n)));
    }
    let partial = matches!(list_chars(&m.store, l), Err(ListFault::Unbound));
    if !(l.is_ref() || partial && n_is_num) {
        let text = list_arg(&m.store, l)?;
        let name = if kind == Kind::Codes {
            "number_codes"
        } else {
            "number_chars"
        };
        let t = number_from_text(&text)
            .map_err(|e| e.with_context(crate::machine::error::plain_context(name, 2)))?;
        return Ok(unify_number(m, n, &t));
    }
    match number_text(&m.store, n) {
        Some(text) => {
            let c = make_text(&mut m.store, &text, kind);
            Ok(m.unify(l, c))
        }
        None => Err(instantiation_error()),
    }
}

fn number_codes(m: &mut Machine, args: &[Cell]) -> Res {
    number_list(m, args, Kind::Codes)
}

fn number_chars(m: &mut Machine, args: &[Cell]) -> Res {
    number_list(m, args, Kind::Chars)
}

fn atom_number(m: &mut Machine, args: &[Cell]) -> Res {
    let (a, n) = (m.deref(args[0]), m.deref(args[1]));
    if a.is_ref() {
        if n.is_ref() {
            return Err(instantiation_error());
        }
        return match number_text(&m.store, n) {
            Some(t) => {
                let c = Cell::atom(m.store.text_atom(&t));
                Ok(m.unify(a, c))
            }
            None => Err(type_error("number", culprit(&m.store, n))),
        };
    }
    refuse_nil(&m.store, a, "atom")?;
    let text = match m.store.view(a) {
        View::Atom(_) | View::Str(_) => text_of(&m.store, a).unwrap_or_default(),
        _ => return Err(type_error("atom", culprit(&m.store, a))),
    };
    if text.starts_with(|c: char| c.is_whitespace()) {
        return Ok(false);
    }
    match parse_number(&text) {
        Some(t) => Ok(unify_number(m, n, &t)),
        None => Ok(false),
    }
}

fn number_string(m: &mut Machine, args: &[Cell]) -> Res {
    let (n, s) = (m.deref(args[0]), m.deref(args[1]));
    if s.is_ref() {
        if n.is_ref() {
            return Err(instantiation_error());
        }
        return match number_text(&m.store, n) {
            Some(t) => {
                let c = m.store.new_string(&t);
                Ok(m.unify(s, c))
            }
            None => Err(type_error("number", culprit(&m.store, n))),
        };
    }
    let text = match m.store.view(s) {
        View::Str(t) => t.to_owned(),
        _ => list_arg(&m.store, s)?,
    };
    if !n.is_ref() && !is_number(&m.store, n) {
        return Err(type_error("number", culprit(&m.store, n)));
    }
    if text.starts_with(|c: char| c.is_whitespace()) {
        return Ok(false);
    }
    match parse_number(&text) {
        Some(t) => Ok(unify_number(m, n, &t)),
        None => Ok(false),
    }
}

// ---------------------------------------------------------------------------
// Conversions

/// atom_codes/2, atom_chars/2, string_codes/2, string_chars/2.
fn text_list(m: &mut Machine, args: &[Cell], kind: Kind, list: Kind, typ: &str) -> Res {
    let (a, l) = (m.deref(args[0]), m.deref(args[1]));
    if !a.is_ref() {
        let text = if kind == Kind::Atom {
            atomic_text_arg(&m.store, a, typ)?
        } else {
            text_arg(&m.store, a, typ)?
        };
        let l_ok = l.is_ref() || l.tag() == tag::LIS || l == Cell::atom(atoms::NIL);
        if !l_ok && text_of(&m.store, l).is_none() {
            return Err(type_error("list", culprit(&m.store, l)));
        }
        return Ok(unify_text(m, l, &text, list));
    }
    let text = list_arg(&m.store, l)?;
    Ok(unify_text(m, a, &text, kind))
}

/// SWI names atom_codes/2 and atom_chars/2 without `system:` when their
/// first argument is not an atom.
fn plain_type_errors(r: Res, name: &str) -> Res {
    r.map_err(|e| match &e {
        PlError::Error(error)
            if matches!(&error.formal, Term::Compound(f, a)
            if f.name() == "type_error" && a[0] == Term::atom("atom")) =>
        {
            e.with_context(crate::machine::error::plain_context(name, 2))
        }
        _ => e,
    })
}

fn atom_codes(m: &mut Machine, args: &[Cell]) -> Res {
    plain_type_errors(
        text_list(m, args, Kind::Atom, Kind::Codes, "atom"),
        "atom_codes",
    )
}

fn atom_chars(m: &mut Machine, args: &[Cell]) -> Res {
    plain_type_errors(
        text_list(m, args, Kind::Atom, Kind::Chars, "atom"),
        "atom_chars",
    )
}

fn string_codes(m: &mut Machine, args: &[Cell]) -> Res {
    text_list(m, args, Kind::Str, Kind::Codes, "text")
}

fn string_chars(m: &mut Machine, args: &[Cell]) -> Res {
    text_list(m, args, Kind::Str, Kind::Chars, "text")
}

fn char_code(m: &mut Machine, args: &[Cell]) -> Res {
    let (a, c) = (m.deref(args[0]), m.deref(args[1]));
    if let View::Atom(at) = m.store.view(a) {
        let mut it = at.name().chars();
        return match (it.next(), it.next()) {
            (Some(ch), None) => {
                if !c.is_ref() && !matches!(m.store.view(c), View::Int(_)) {
                    return Err(type_error("integer", culprit(&m.store, c)));
                }
                Ok(m.unify(c, Cell::small(ch as i64)))
            }
            _ => Err(type_error("character", culprit(&m.store, a))),
        };
    }
    if !a.is_ref() {
        return Err(type_error("character", culprit(&m.store, a)));
    }
    match m.store.view(c) {
        View::Var(_) => Err(instantiation_error()),
        View::Int(i) => match u32::try_from(i).ok().and_then(char::from_u32) {
            Some(ch) => Ok(m.unify(a, char_cell(ch))),
            None => Err(type_error("character_code", Term::Int(i))),
        },
        View::BigInt(_) => Err(crate::machine::error::representation_error("int")),
        _ => Err(type_error("integer", culprit(&m.store, c))),
    }
}

/// atom_length/2, string_length/2.
fn text_length(m: &mut Machine, args: &[Cell]) -> Res {
    let text = text_arg(&m.store, args[0], "text")?;
    let n = text.chars().count();
    match int_arg(&m.store, args[1])? {
        Some(i) => Ok(i == n as i64),
        None => {
            let c = int_cell(&mut m.store, n);
            Ok(m.unify(args[1], c))
        }
    }
}

fn atom_length(m: &mut Machine, args: &[Cell]) -> Res {
    text_length(m, args)
}

fn string_length(m: &mut Machine, args: &[Cell]) -> Res {
    text_length(m, args)
}

fn atom_string(m: &mut Machine, args: &[Cell]) -> Res {
    let (a, s) = (m.deref(args[0]), m.deref(args[1]));
    if !a.is_ref() {
        if matches!(m.store.view(a), View::Compound(..)) && a.tag() != tag::LIS {
            return Err(type_error("atom", culprit(&m.store, a)));
        }
        let text = text_arg(&m.store, a, "atom")?;
        return Ok(unify_text(m, s, &text, Kind::Str));
    }
    let text = text_arg(&m.store, s, "string")?;
    Ok(unify_text(m, a, &text, Kind::Atom))
}

fn string_to_atom(m: &mut Machine, args: &[Cell]) -> Res {
    let (s, a) = (m.deref(args[0]), m.deref(args[1]));
    if !s.is_ref() {
        let text = text_arg(&m.store, s, "string")?;
        return Ok(unify_text(m, a, &text, Kind::Atom));
    }
    if a.is_ref() {
        return Err(instantiation_error());
    }
    // A code or char list is text here too; anything else compound is not.
    let text = match m.store.view(a) {
        View::Compound(..) => text_of(&m.store, a)
            .filter(|_| a.tag() == tag::LIS)
            .ok_or_else(|| type_error("atom", culprit(&m.store, a)))?,
        _ => text_arg(&m.store, a, "atom")?,
    };
    Ok(unify_text(m, s, &text, Kind::Str))
}

fn text_to_string(m: &mut Machine, args: &[Cell]) -> Res {
    let (t, s) = (m.deref(args[0]), m.deref(args[1]));
    if t.is_ref() {
        return Err(instantiation_error());
    }
    let text = match m.store.view(t) {
        View::Int(_) | View::BigInt(_) | View::Float(_) => {
            return Err(type_error("text", culprit(&m.store, t)))
        }
        _ => text_arg(&m.store, t, "text")?,
    };
    Ok(unify_text(m, s, &text, Kind::Str))
}

/// upcase_atom/2 and friends: `upper` selects the direction, `kind` the result.
fn case_convert(m: &mut Machine, args: &[Cell], upper: bool, kind: Kind) -> Res {
    refuse_nil(&m.store, args[0], "atom")?;
    let text = text_arg(&m.store, args[0], "atomic")?;
    if let View::Compound(..) = m.store.view(m.deref(args[0])) {
        return Err(type_error("atomic", culprit(&m.store, args[0])));
    }
    let out = m.deref(args[1]);
    if let View::Compound(..) = m.store.view(out) {
        let typ = if kind == Kind::Atom { "atom" } else { "string" };
        return Err(type_error(typ, culprit(&m.store, out)));
    }
    let conv: String = if upper {
        text.chars().map(to_upper).collect()
    } else {
        text.chars().map(to_lower).collect()
    };
    Ok(unify_text(m, out, &conv, kind))
}

fn upcase_atom(m: &mut Machine, args: &[Cell]) -> Res {
    case_convert(m, args, true, Kind::Atom)
}

fn downcase_atom(m: &mut Machine, args: &[Cell]) -> Res {
    case_convert(m, args, false, Kind::Atom)
}

fn string_upper(m: &mut Machine, args: &[Cell]) -> Res {
    case_convert(m, args, true, Kind::Str)
}

fn string_lower(m: &mut Machine, args: &[Cell]) -> Res {
    case_convert(m, args, false, Kind::Str)
}

/// string_code/3; enumerates the positions when the index is unbound.
fn string_code(m: &mut Machine, args: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    let idx = match m.store.view(m.deref(args[0])) {
        View::Var(_) => None,
        View::Int(i) => Some(i),
        View::BigInt(_) => return nonneg_arg(&m.store, args[0]).map(|_| false),
        _ => return Err(type_error("integer", culprit(&m.store, args[0]))),
    };
    let text = text_arg(&m.store, args[1], "text")?;
    match idx {
        Some(i) if i < 0 => Err(domain_error("not_less_than_zero", Term::Int(i))),
        Some(0) => Ok(false),
        Some(i) => match text.chars().nth(i as usize - 1) {
            Some(ch) => Ok(m.unify(args[2], Cell::small(ch as i64))),
            None => Ok(false),
        },
        None => {
            let from = redo
                .take()
                .map_or(0, |s| *s.downcast::<usize>().expect("index"));
            let chars = char_vec(&text);
            for (k, &ch) in chars.iter().enumerate().skip(from) {
                let pairs = [
                    (args[0], Cell::small(k as i64 + 1)),
                    (args[2], Cell::small(ch as i64)),
                ];
                if unify_all(m, &pairs) {
                    if k + 1 < chars.len() {
                        *redo = Some(Box::new(k + 1));
                    }
                    return Ok(true);
                }
            }
            Ok(false)
        }
    }
}

// ---------------------------------------------------------------------------
// Concatenation and splitting

/// State of an enumerating concat: the whole text and the byte offset of
/// the next split point (past the end when done).
struct ConcatState {
    whole: String,
    next: usize,
    kind: Kind,
}

/// The result shape of a concat family member given its inputs.
#[derive(Copy, Clone)]
enum ConcatKind {
    Fixed(Kind),
    /// text_concat/3: string if any input is a string, else atom.
    Mixed,
}

fn concat3(m: &mut Machine, args: &[Cell], redo: &mut Option<Box<dyn Any>>, ck: ConcatKind) -> Res {
    if let Some(st) = redo.as_mut().and_then(|b| b.downcast_mut::<ConcatState>()) {
        let (found, more) = concat_next(m, args, st);
        if !more {
            *redo = None;
        }
        return Ok(found);
    }
    let (a, b, c) = (m.deref(args[0]), m.deref(args[1]), m.deref(args[2]));
    for x in [a, b, c] {
        refuse_nil(&m.store, x, "atom")?;
    }
    let is_str = |m: &Machine, x: Cell| matches!(m.store.view(x), View::Str(_));
    check_atomic_out(&m.store, c, "atomic")?;
    if !a.is_ref() && !b.is_ref() {
        check_atomic_out(&m.store, a, "atomic")?;
        check_atomic_out(&m.store, b, "atomic")?;
        let ta = text_arg(&m.store, a, "atomic")?;
        let tb = text_arg(&m.store, b, "atomic")?;
        let kind = match ck {
            ConcatKind::Fixed(k) => k,
            ConcatKind::Mixed if is_str(m, a) || is_str(m, b) => Kind::Str,
            ConcatKind::Mixed => Kind::Atom,
        };
        return Ok(unify_text(m, c, &(ta + &tb), kind));
    }
    if c.is_ref() {
        return Err(instantiation_error());
    }
    let whole = text_arg(&m.store, c, "atomic")?;
    let kind = match ck {
        ConcatKind::Fixed(k) => k,
        ConcatKind::Mixed if is_str(m, c) => Kind::Str,
        ConcatKind::Mixed => Kind::Atom,
    };
    for (x, y, prefix) in [(a, b, true), (b, a, false)] {
        if !x.is_ref() {
            check_atomic_out(&m.store, x, "atomic")?;
            let tx = text_arg(&m.store, x, "atomic")?;
            let rest = if prefix {
                whole.strip_prefix(tx.as_str())
            } else {
                whole.strip_suffix(tx.as_str())
            };
            return Ok(match rest {
                Some(r) => unify_text(m, y, r, kind),
                None => false,
            });
        }
    }
    let mut st = ConcatState {
        whole,
        next: 0,
        kind,
    };
    let (found, more) = concat_next(m, args, &mut st);
    if more {
        *redo = Some(Box::new(st));
    }
    Ok(found)
}

/// The next split of an enumerating concat that unifies: whether there was
/// one, and whether more may follow (the state stays in the choicepoint
/// and changes in place).
fn concat_next(m: &mut Machine, args: &[Cell], st: &mut ConcatState) -> (bool, bool) {
    while st.next <= st.whole.len() {
        let i = st.next;
        st.next += st.whole[i..].chars().next().map_or(1, char::len_utf8);
        let l = make_text(&mut m.store, &st.whole[..i], st.kind);
        let r = make_text(&mut m.store, &st.whole[i..], st.kind);
        if unify_all(m, &[(args[0], l), (args[1], r)]) {
            return (true, st.next <= st.whole.len());
        }
    }
    (false, false)
}

fn atom_concat(m: &mut Machine, args: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    concat3(m, args, redo, ConcatKind::Fixed(Kind::Atom))
}

fn string_concat(m: &mut Machine, args: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    concat3(m, args, redo, ConcatKind::Fixed(Kind::Str))
}

fn text_concat(m: &mut Machine, args: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    concat3(m, args, redo, ConcatKind::Mixed)
}

/// Enumeration state of sub_atom/5 and sub_string/5.
struct SubState {
    chars: Vec<char>,
    /// The known sub-text, when Sub was bound.
    sub: Option<Vec<char>>,
    /// Next candidate (before, length).
    b: usize,
    l: usize,
    kind: Kind,
    /// The text of the candidate (its space is reused).
    buf: String,
}

fn sub_text(m: &mut Machine, args: &[Cell], redo: &mut Option<Box<dyn Any>>, kind: Kind) -> Res {
    let typ = if kind == Kind::Atom { "atom" } else { "string" };
    if let Some(st) = redo.as_mut().and_then(|b| b.downcast_mut::<SubState>()) {
        let (found, more) = sub_next(m, args, st)?;
        if !more {
            *redo = None;
        }
        return Ok(found);
    }
    let mut st = {
        let t = m.deref(args[0]);
        if t.is_ref() {
            return Err(instantiation_error());
        }
        if let View::Compound(..) = m.store.view(t) {
            return Err(type_error(typ, culprit(&m.store, t)));
        }
        refuse_nil(&m.store, t, typ)?;
        refuse_nil(&m.store, args[4], typ)?;
        let text = text_arg(&m.store, t, typ)?;
        for &i in &args[1..4] {
            nonneg_arg(&m.store, i)?;
        }
        let s = m.deref(args[4]);
        let sub = if s.is_ref() {
            None
        } else {
            if let View::Compound(..) = m.store.view(s) {
                return Err(type_error(typ, culprit(&m.store, s)));
            }
            Some(char_vec(&text_arg(&m.store, s, typ)?))
        };
        SubState {
            chars: char_vec(&text),
            sub,
            b: 0,
            l: 0,
            kind,
            buf: String::new(),
        }
    };
    let (found, more) = sub_next(m, args, &mut st)?;
    if more {
        *redo = Some(Box::new(st));
    }
    Ok(found)
}

/// The next solution of sub_atom/5 or sub_string/5: whether there was one,
/// and whether more may follow (the state stays in the choicepoint and
/// changes in place).
fn sub_next(m: &mut Machine, args: &[Cell], st: &mut SubState) -> Res<(bool, bool)> {
    let n = st.chars.len();
    let fixed_b = nonneg_arg(&m.store, args[1])?;
    let fixed_l = nonneg_arg(&m.store, args[2])?;
    let fixed_a = nonneg_arg(&m.store, args[3])?;
    if let Some(sub) = &st.sub {
        // Known Sub: scan for occurrences from st.b.
        let l = sub.len();
        if fixed_l.is_some_and(|fl| fl != l) || l > n {
            return Ok((false, false));
        }
        let (lo, hi) = match (fixed_b, fixed_a) {
            (Some(b), _) => (b, b),
            (None, Some(a)) if a <= n - l => (n - l - a, n - l - a),
            (None, Some(_)) => return Ok((false, false)),
            (None, None) => (0, n - l),
        };
        let mut b = st.b.max(lo);
        while b <= hi.min(n - l) {
            if st.chars[b..b + l] == sub[..] {
                let pairs = [
                    (args[1], Cell::small(b as i64)),
                    (args[2], Cell::small(l as i64)),
                    (args[3], Cell::small((n - b - l) as i64)),
                ];
                if unify_all(m, &pairs) {
                    st.b = b + 1;
                    return Ok((true, st.b <= hi));
                }
            }
            b += 1;
        }
        return Ok((false, false));
    }
    let (b_lo, b_hi) = match fixed_b {
        Some(b) if b > n => return Ok((false, false)),
        Some(b) => (b, b),
        None => (0, n),
    };
    let mut b = st.b.max(b_lo);
    let mut l = if b == st.b { st.l } else { 0 };
    while b <= b_hi {
        let room = n - b;
        let (l_lo, l_hi) = match (fixed_l, fixed_a) {
            (Some(fl), Some(fa)) => {
                if fl + fa == room {
                    (fl, fl)
                } else {
                    (1, 0)
                }
            }
            (Some(fl), None) => (fl, fl),
            (None, Some(fa)) if fa <= room => (room - fa, room - fa),
            (None, Some(_)) => (1, 0),
            (None, None) => (0, room),
        };
        let l_start = l.max(l_lo);
        if l_start <= l_hi.min(room) {
            let lc = l_start;
            st.buf.clear();
            st.buf.extend(&st.chars[b..b + lc]);
            let sub = make_text(&mut m.store, &st.buf, st.kind);
            let pairs = [
                (args[1], Cell::small(b as i64)),
                (args[2], Cell::small(lc as i64)),
                (args[3], Cell::small((room - lc) as i64)),
                (args[4], sub),
            ];
            if unify_all(m, &pairs) {
                // Advance the cursor past this solution.
                if lc < l_hi.min(room) {
                    st.b = b;
                    st.l = lc + 1;
                } else {
                    st.b = b + 1;
                    st.l = 0;
                }
                return Ok((true, st.b <= b_hi));
            }
            if lc < l_hi.min(room) {
                l = lc + 1;
                continue;
            }
        }
        b += 1;
        l = 0;
    }
    Ok((false, false))
}

fn sub_atom(m: &mut Machine, args: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    sub_text(m, args, redo, Kind::Atom)
}

fn sub_string(m: &mut Machine, args: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    sub_text(m, args, redo, Kind::Str)
}

/// Joins a proper list of text items with `sep` for atomic_list_concat;
/// `Ok(None)` when the list is partial or has unbound items (split mode may
/// apply). The text must fit in what is left under the stack limit (SWI
/// builds it on its stacks): past that, `resource_error(stack)`.
fn concat_items(m: &Machine, list: Cell, sep: &str) -> Res<Option<String>> {
    let store = &m.store;
    let room = m.limits.stack.saturating_sub(m.stack_usage());
    let mut out = String::new();
    let mut c = store.deref(list);
    let mut cycle = TailCycle::default();
    let mut first = true;
    loop {
        match c.tag() {
            tag::LIS => {
                if cycle.seen_again(c.val()) {
                    return Err(type_error("list", culprit(store, list)));
                }
                let e = store.deref(store.heap[c.val()]);
                if e.is_ref() {
                    return Ok(None);
                }
                if !first {
                    out.push_str(sep);
                }
                out.push_str(&atomic_text_arg(store, e, "text")?);
                if out.len() > room {
                    return Err(crate::machine::limits::stack_overflow());
                }
                first = false;
                c = store.deref(store.heap[c.val() + 1]);
            }
            tag::REF => return Ok(None),
            _ if c == Cell::atom(atoms::NIL) => return Ok(Some(out)),
            _ => {
                let whole = if first { list } else { c };
                return Err(type_error("list", culprit(store, whole)));
            }
        }
    }
}

fn atomic_list_concat2(m: &mut Machine, args: &[Cell]) -> Res {
    match concat_items(m, args[0], "")? {
        Some(text) => {
            let c = Cell::atom(m.store.text_atom(&text));
            Ok(m.unify(args[1], c))
        }
        None => Err(instantiation_error()),
    }
}

fn atomic_list_concat3(m: &mut Machine, args: &[Cell]) -> Res {
    let sep = text_arg(&m.store, args[1], "text")?;
    if let Some(text) = concat_items(m, args[0], &sep)? {
        let c = Cell::atom(m.store.text_atom(&text));
        return Ok(m.unify(args[2], c));
    }
    let whole = m.deref(args[2]);
    if whole.is_ref() {
        return Err(instantiation_error());
    }
    if let View::Compound(..) = m.store.view(whole) {
        return Err(type_error("atomic", culprit(&m.store, whole)));
    }
    refuse_nil(&m.store, whole, "atom")?;
    let whole = text_arg(&m.store, whole, "atomic")?;
    if sep.is_empty() {
        return Err(domain_error("non_empty_atom", Term::atom("")));
    }
    let parts: Vec<Cell> = whole
        .split(sep.as_str())
        .map(|p| Cell::atom(m.store.text_atom(p)))
        .collect();
    let list = m.store.new_list_from(&parts, Cell::atom(atoms::NIL));
    Ok(m.unify(args[0], list))
}

fn split_string(m: &mut Machine, args: &[Cell]) -> Res {
    let text = char_vec(&text_arg(&m.store, args[0], "text")?);
    let seps = char_vec(&text_arg(&m.store, args[1], "text")?);
    let pad = char_vec(&text_arg(&m.store, args[2], "text")?);
    let out = m.deref(args[3]);
    if !out.is_ref() && out.tag() != tag::LIS && out != Cell::atom(atoms::NIL) {
        return Err(type_error("list", culprit(&m.store, out)));
    }
    let is_pad = |c: &char| pad.contains(c);
    let (mut start, mut end) = (0, text.len());
    while start < end && is_pad(&text[start]) {
        start += 1;
    }
    while end > start && is_pad(&text[end - 1]) {
        end -= 1;
    }
    let mut fields = Vec::new();
    loop {
        let mut stop = start;
        while stop < end && !seps.contains(&text[stop]) {
            stop += 1;
        }
        let mut fend = stop;
        while fend > start && is_pad(&text[fend - 1]) {
            fend -= 1;
        }
        let field: String = text[start..fend].iter().collect();
        fields.push(m.store.new_string(&field));
        if stop >= end {
            break;
        }
        start = stop + 1;
        while start < end && is_pad(&text[start]) {
            start += 1;
        }
    }
    let list = m.store.new_list_from(&fields, Cell::atom(atoms::NIL));
    Ok(m.unify(out, list))
}

#[cfg(test)]
#[path = "text_tests.rs"]
mod tests;
