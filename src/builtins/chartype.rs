//! Character classification: `char_type/2` and `code_type/2` as in SWI-Prolog,
//! including enumeration of types for a known character and of characters for
//! a known type (over all Unicode code points, lazily).

use super::text::{char_cell, culprit};
use crate::machine::error::{instantiation_error, type_error};
use crate::machine::{Machine, Res};
use crate::term::{Atom, Cell, Store, View};
use std::any::Any;

/// What the argument of a type with arity 1 holds.
#[derive(Copy, Clone, PartialEq)]
enum ArgKind {
    /// No argument.
    None,
    /// A character (a code for `code_type/2`).
    Char,
    /// An integer weight.
    Weight,
}

/// The types in the order SWI enumerates them.
const TYPES: &[(&str, ArgKind)] = &[
    ("alnum", ArgKind::None),
    ("alpha", ArgKind::None),
    ("csym", ArgKind::None),
    ("csymf", ArgKind::None),
    ("prolog_var_start", ArgKind::None),
    ("prolog_atom_start", ArgKind::None),
    ("prolog_identifier_continue", ArgKind::None),
    ("prolog_symbol", ArgKind::None),
    ("csymf", ArgKind::None),
    ("decimal", ArgKind::None),
    ("decimal", ArgKind::Weight),
    ("ascii", ArgKind::None),
    ("white", ArgKind::None),
    ("cntrl", ArgKind::None),
    ("digit", ArgKind::None),
    ("print", ArgKind::None),
    ("space", ArgKind::None),
    ("end_of_line", ArgKind::None),
    ("newline", ArgKind::None),
    ("graph", ArgKind::None),
    ("lower", ArgKind::None),
    ("lower", ArgKind::Char),
    ("upper", ArgKind::None),
    ("upper", ArgKind::Char),
    ("punct", ArgKind::None),
    ("period", ArgKind::None),
    ("quote", ArgKind::None),
    ("to_lower", ArgKind::Char),
    ("to_upper", ArgKind::Char),
    ("paren", ArgKind::Char),
    ("digit", ArgKind::Weight),
    ("xdigit", ArgKind::Weight),
];

/// The single-character uppercase of `c` (`c` itself when there is none).
pub(crate) fn to_upper(c: char) -> char {
    let mut it = c.to_uppercase();
    match (it.next(), it.next()) {
        (Some(u), None) => u,
        _ => c,
    }
}

/// The lowercase of `c`: the first character of its full lowercase mapping
/// (`İ` gives `i`, as the C library's `towlower` does).
pub(crate) fn to_lower(c: char) -> char {
    c.to_lowercase().next().unwrap_or(c)
}

fn is_space(c: char) -> bool {
    c.is_whitespace() && !matches!(c, '\u{85}' | '\u{a0}' | '\u{2007}' | '\u{202f}')
}

fn is_graph(c: char) -> bool {
    !c.is_control() && !is_space(c)
}

/// Whether `c` has type `TYPES[idx]`: `None` if not, `Some(arg)` if it has,
/// with the argument value (a code point or a weight) for arity-1 types.
fn holds(c: char, idx: usize) -> Option<Option<u32>> {
    let r = holds_with_arg(c, idx);
    if TYPES[idx].1 == ArgKind::None {
        r.map(|_| None)
    } else {
        r
    }
}

fn holds_with_arg(c: char, idx: usize) -> Option<Option<u32>> {
    let yes = |b: bool| if b { Some(None) } else { None };
    let val = |b: bool, v: u32| if b { Some(Some(v)) } else { None };
    let digit = c.to_digit(10).filter(|_| c.is_ascii_digit());
    match TYPES[idx].0 {
        "alnum" => yes(c.is_alphanumeric()),
        "alpha" => yes(c.is_alphabetic()),
        "csym" | "prolog_identifier_continue" => yes(c.is_alphanumeric() || c == '_'),
        "csymf" => yes(c.is_alphabetic() || c == '_'),
        "prolog_var_start" => yes(c.is_uppercase() || c == '_'),
        "prolog_atom_start" => yes(c.is_lowercase()),
        "prolog_symbol" => yes("#$&*+-./:<=>?@\\^~".contains(c)),
        "decimal" | "digit" if TYPES[idx].1 == ArgKind::None => yes(digit.is_some()),
        "decimal" | "digit" => digit.map(Some),
        "ascii" => yes(c.is_ascii()),
        "white" => yes(c == ' ' || c == '\t'),
        "cntrl" => yes(c.is_control()),
        "print" => yes(!c.is_control()),
        "space" => yes(is_space(c)),
        "end_of_line" => yes(('\n'..='\r').contains(&c)),
        "newline" => yes(c == '\n'),
        "graph" => yes(is_graph(c)),
        "lower" => val(c.is_lowercase(), to_upper(c) as u32),
        "upper" => val(c.is_uppercase(), to_lower(c) as u32),
        "punct" => yes(is_graph(c) && !c.is_alphanumeric()),
        "period" => yes(matches!(c, '.' | '!' | '?')),
        "quote" => yes(matches!(c, '\'' | '"' | '`')),
        "to_lower" => Some(Some(to_upper(c) as u32)),
        "to_upper" => Some(Some(to_lower(c) as u32)),
        "paren" => match c {
            '(' => Some(Some(')' as u32)),
            '[' => Some(Some(']' as u32)),
            '{' => Some(Some('}' as u32)),
            _ => None,
        },
        "xdigit" => c.to_digit(16).map(Some),
        _ => None,
    }
}

/// Enumeration state: the next type index (char known) or code point (type known).
struct TypeState {
    next: u32,
}

/// The character held by `c` (a char atom or a code); `Ok(None)` for integers
/// that are no character (SWI fails on those).
fn char_of(store: &Store, c: Cell) -> Res<Option<char>> {
    match store.view(store.deref(c)) {
        View::Atom(a) => {
            let mut it = a.name().chars();
            match (it.next(), it.next()) {
                (Some(ch), None) => Ok(Some(ch)),
                _ => Err(type_error("character", culprit(store, c))),
            }
        }
        View::Int(i) => Ok(u32::try_from(i).ok().and_then(char::from_u32)),
        View::BigInt(_) => Ok(None),
        _ => Err(type_error("character", culprit(store, c))),
    }
}

/// The cell for an argument value of type `TYPES[idx]`.
fn arg_cell(idx: usize, v: u32, codes: bool) -> Cell {
    match TYPES[idx].1 {
        ArgKind::Char if !codes => char_cell(char::from_u32(v).unwrap_or('\0')),
        _ => Cell::small(v as i64),
    }
}

/// Unifies the type term `ty` with type `idx` holding for `c`.
fn unify_type(m: &mut Machine, ty: Cell, c: char, idx: usize, codes: bool) -> bool {
    let Some(arg) = holds(c, idx) else {
        return false;
    };
    let name = Atom::new(TYPES[idx].0);
    let t = match arg {
        None => Cell::atom(name),
        Some(v) => {
            let a = arg_cell(idx, v, codes);
            m.store.new_compound(name, &[a])
        }
    };
    m.unify_or_undo(ty, t)
}

/// The indices of `TYPES` that a bound type term can match.
fn type_indices(store: &Store, ty: Cell) -> Res<Vec<usize>> {
    let (name, arity) = match store.view(store.deref(ty)) {
        View::Var(_) => return Err(instantiation_error()),
        View::Atom(a) => (a, 0),
        View::Compound(a, 1, _) => (a, 1),
        _ => return Err(type_error("char_type", culprit(store, ty))),
    };
    let found: Vec<usize> = (0..TYPES.len())
        .filter(|&i| TYPES[i].0 == name.name() && (TYPES[i].1 != ArgKind::None) == (arity == 1))
        .take(1)
        .collect();
    if found.is_empty() {
        return Err(type_error("char_type", culprit(store, ty)));
    }
    Ok(found)
}

fn classify(m: &mut Machine, args: &[Cell], redo: &mut Option<Box<dyn Any>>, codes: bool) -> Res {
    let (ch, ty) = (m.deref(args[0]), m.deref(args[1]));
    let mut state = match redo.take() {
        Some(s) => *s.downcast::<TypeState>().expect("char_type state"),
        None => TypeState { next: 0 },
    };
    let char_cell_of = |c: char| {
        if codes {
            Cell::small(c as i64)
        } else {
            char_cell(c)
        }
    };
    let eof = Cell::atom(Atom::new("end_of_file"));
    if ch == Cell::small(-1) {
        return Ok(m.unify(ty, eof));
    }
    if ch.is_ref() && ty == eof {
        return Ok(m.unify(ch, Cell::small(-1)));
    }
    if !ch.is_ref() {
        let Some(c) = char_of(&m.store, ch)? else {
            return Ok(false);
        };
        if !ty.is_ref() {
            let idx = type_indices(&m.store, ty)?[0];
            if let (View::Compound(_, 1, first), "to_lower" | "to_upper") =
                (m.store.view(ty), TYPES[idx].0)
            {
                // Both bound: SWI also accepts Char being the mapping of the argument.
                if let Ok(Some(u)) = char_of(&m.store, m.store.heap[first]) {
                    let back = if TYPES[idx].0 == "to_lower" {
                        to_lower(u)
                    } else {
                        to_upper(u)
                    };
                    if back == c {
                        return Ok(true);
                    }
                }
            }
            return Ok(unify_type(m, ty, c, idx, codes));
        }
        // Enumerate the types of a known character.
        let mut idx = state.next as usize;
        while idx < TYPES.len() {
            idx += 1;
            if unify_type(m, ty, c, idx - 1, codes) {
                if idx < TYPES.len() {
                    state.next = idx as u32;
                    *redo = Some(Box::new(state));
                }
                return Ok(true);
            }
        }
        return Ok(false);
    }
    if ty.is_ref() {
        return Err(instantiation_error());
    }
    let idx = type_indices(&m.store, ty)?[0];
    // to_lower(U) / to_upper(L) with a known argument map back deterministically.
    if let View::Compound(_, 1, first) = m.store.view(ty) {
        let name = TYPES[idx].0;
        if name == "to_lower" || name == "to_upper" {
            let arg = m.store.heap[first];
            return match char_of(&m.store, arg) {
                Ok(Some(u)) => {
                    let c = if name == "to_lower" {
                        to_lower(u)
                    } else {
                        to_upper(u)
                    };
                    let cc = char_cell_of(c);
                    Ok(m.unify(ch, cc))
                }
                Ok(None) => Ok(false),
                Err(_) if m.store.deref(arg).is_ref() => {
                    enumerate(m, args, state, redo, idx, codes)
                }
                Err(e) => Err(e),
            };
        }
    }
    enumerate(m, args, state, redo, idx, codes)
}

/// Enumerates the code points with type `TYPES[idx]` from `state.next` on.
fn enumerate(
    m: &mut Machine,
    args: &[Cell],
    mut state: TypeState,
    redo: &mut Option<Box<dyn Any>>,
    idx: usize,
    codes: bool,
) -> Res {
    let mut code = state.next;
    while code <= 0x10FFFF {
        let this = code;
        code += 1;
        let Some(c) = char::from_u32(this) else {
            continue;
        };
        if holds(c, idx).is_none() {
            continue;
        }
        let cc = if codes {
            Cell::small(this as i64)
        } else {
            char_cell(c)
        };
        if m.attempt(|m| m.unify(args[0], cc) && unify_type(m, args[1], c, idx, codes)) {
            state.next = code;
            *redo = Some(Box::new(state));
            return Ok(true);
        }
    }
    Ok(false)
}

/// `char_type(?Char, ?Type)`.
pub fn char_type(m: &mut Machine, args: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    classify(m, args, redo, false)
}

/// `code_type(?Code, ?Type)`.
pub fn code_type(m: &mut Machine, args: &[Cell], redo: &mut Option<Box<dyn Any>>) -> Res {
    classify(m, args, redo, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::Term;
    use std::collections::HashMap;

    fn solutions(m: &mut Machine, name: &str, a: Term, b: Term, codes: bool) -> Vec<Term> {
        let mut vars = HashMap::new();
        let ca = m.store.from_term(&a, &mut vars);
        let cb = m.store.from_term(&b, &mut vars);
        let pair = m.store.new_compound(Atom::new(name), &[ca, cb]);
        let mut out = Vec::new();
        let mut redo: Option<Box<dyn Any>> = None;
        loop {
            m.hb = m.store.top();
            let mark = m.trail.len();
            let ok = classify(m, &[ca, cb], &mut redo, codes).unwrap();
            if ok {
                out.push(m.store.to_term(pair, &mut Vec::new()));
            }
            m.undo_to(mark);
            if redo.is_none() || out.len() > 50 {
                return out;
            }
        }
    }

    fn t(s: &str) -> Term {
        Term::atom(s)
    }

    #[test]
    fn known_char_and_type() {
        let mut m = Machine::new();
        let cases = [
            ("a", t("alpha"), true),
            ("_", t("alpha"), false),
            ("_", t("csym"), true),
            (" ", t("white"), true),
            ("\n", t("end_of_line"), true),
            (".", t("punct"), true),
            (" ", t("graph"), false),
            ("é", t("alpha"), true),
            ("$", t("csymf"), false),
            ("!", t("period"), true),
        ];
        for (c, ty, expect) in cases {
            let got = !solutions(&mut m, "char_type", t(c), ty.clone(), false).is_empty();
            assert_eq!(got, expect, "char_type({c:?}, {ty:?})");
        }
    }

    #[test]
    fn argument_types() {
        let mut m = Machine::new();
        let r = solutions(
            &mut m,
            "ct",
            t("1"),
            Term::compound("digit", vec![Term::Var(9)]),
            false,
        );
        assert_eq!(
            r,
            vec![Term::compound(
                "ct",
                vec![t("1"), Term::compound("digit", vec![Term::Int(1)])]
            )]
        );
        let r = solutions(
            &mut m,
            "ct",
            t("a"),
            Term::compound("to_lower", vec![Term::Var(9)]),
            false,
        );
        assert_eq!(
            r[0],
            Term::compound("ct", vec![t("a"), Term::compound("to_lower", vec![t("A")])])
        );
        let r = solutions(
            &mut m,
            "ct",
            Term::Var(8),
            Term::compound("upper", vec![t("a")]),
            false,
        );
        assert_eq!(
            r,
            vec![Term::compound(
                "ct",
                vec![t("A"), Term::compound("upper", vec![t("a")])]
            )]
        );
        let r = solutions(
            &mut m,
            "ct",
            Term::Int(97),
            Term::compound("to_lower", vec![Term::Var(1)]),
            true,
        );
        assert_eq!(
            r[0],
            Term::compound(
                "ct",
                vec![
                    Term::Int(97),
                    Term::compound("to_lower", vec![Term::Int(65)])
                ]
            )
        );
    }

    #[test]
    fn enumerates_types_in_swi_order() {
        let mut m = Machine::new();
        let r = solutions(&mut m, "ct", t("a"), Term::Var(0), false);
        let names: Vec<String> = r
            .iter()
            .map(|x| match x {
                Term::Compound(_, a) => format!("{:?}", a[1]),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(names.len(), 15, "{names:?}");
    }

    #[test]
    fn enumerates_digits() {
        let mut m = Machine::new();
        let r = solutions(
            &mut m,
            "ct",
            Term::Var(0),
            Term::compound("digit", vec![Term::Var(1)]),
            false,
        );
        assert_eq!(r.len(), 10);
        assert_eq!(
            r[3],
            Term::compound(
                "ct",
                vec![t("3"), Term::compound("digit", vec![Term::Int(3)])]
            )
        );
        let r = solutions(&mut m, "ct", Term::Var(0), t("space"), true);
        assert_eq!(r.len(), 21);
    }

    #[test]
    fn errors() {
        let mut m = Machine::new();
        let (a, b) = (m.store.new_var(), m.store.new_var());
        let mut redo = None;
        assert!(classify(&mut m, &[a, b], &mut redo, false).is_err());
        let (ab, a1, alpha, foo) = (
            m.atom_cell("ab"),
            m.atom_cell("a"),
            m.atom_cell("alpha"),
            m.atom_cell("foo"),
        );
        assert!(classify(&mut m, &[ab, alpha], &mut redo, false).is_err());
        assert!(classify(&mut m, &[a1, foo], &mut redo, false).is_err());
        assert!(!classify(&mut m, &[Cell::small(1), alpha], &mut redo, false).unwrap());
    }
}
