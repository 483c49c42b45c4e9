//! "Do what I mean": the names a mistyped predicate name may have meant, as
//! SWI-Prolog finds them for `Unknown procedure` messages and the toplevel's
//! `Correct to: ...?` question.
//!
//! Two names match when they are the same, differ by one typing slip (a
//! character changed, inserted, deleted, or two neighbours swapped; both names
//! at least three characters long), join their sub-words differently
//! (`fileExists`, `file_exists`), or swap two neighbouring sub-words
//! (`fooBar`, `barFoo`).

use super::modules::ModuleClass;
use super::Machine;
use crate::term::{atoms, Atom};

/// Whether `a` may be a slip for `b` (or `b` for `a`): the relation is symmetric.
pub fn dwim_match(a: &str, b: &str) -> bool {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    a == b
        || (a.len() > 2 && b.len() > 2 && one_slip(&a, &b))
        || same_letters_joined_differently(&a, &b)
        || (a.len() > 2 && b.len() > 2 && same_or_swapped_words(&a, &b))
}

/// One character changed, inserted or deleted, or two neighbours swapped.
fn one_slip(a: &[char], b: &[char]) -> bool {
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[prefix..], &b[prefix..]);
    match ra.len() as isize - rb.len() as isize {
        0 => {
            ra.len() == 1
                || ra[1..] == rb[1..]
                || (ra.len() >= 2 && ra[0] == rb[1] && ra[1] == rb[0] && ra[2..] == rb[2..])
        }
        1 => ra[1..] == *rb,
        -1 => *ra == rb[1..],
        _ => false,
    }
}

/// The same letters once `_` separators are dropped and a capital that ends
/// a lower-case run is read in lower case; the first two letters must be
/// equal as written.
fn same_letters_joined_differently(a: &[char], b: &[char]) -> bool {
    a.len() >= 2 && b.len() >= 2 && a[..2] == b[..2] && normalised_tail(a) == normalised_tail(b)
}

/// The characters after the second one, `_` dropped and a capital after a
/// lower-case letter lowered.
fn normalised_tail(s: &[char]) -> Vec<char> {
    let mut out = Vec::new();
    for (i, &c) in s.iter().enumerate().skip(2) {
        if c == '_' {
            continue;
        }
        if c.is_uppercase() && s[i - 1].is_lowercase() {
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The sub-words of a name (split at `_` and before each capital), in lower case.
fn sub_words(s: &[char]) -> Vec<String> {
    let mut words = vec![String::new()];
    for (i, &c) in s.iter().enumerate() {
        if c == '_' {
            words.push(String::new());
            continue;
        }
        if i > 0 && c.is_uppercase() {
            words.push(String::new());
        }
        if let Some(w) = words.last_mut() {
            w.extend(c.to_lowercase());
        }
    }
    words.retain(|w| !w.is_empty());
    words
}

/// The same sub-words (`FooBar`, `foo_bar`), or two neighbouring ones
/// swapped (`fooBar`, `barFoo`).
fn same_or_swapped_words(a: &[char], b: &[char]) -> bool {
    let (wa, wb) = (sub_words(a), sub_words(b));
    if wa == wb {
        return true;
    }
    if wa.len() != wb.len() || wa.len() < 2 {
        return false;
    }
    (0..wa.len() - 1).any(|i| {
        let mut w = wa.clone();
        w.swap(i, i + 1);
        w == wb
    })
}

impl Machine {
    /// The predicates visible in `module` (its own, its imports, then those
    /// of the modules it inherits from: `user` for a program module, then
    /// `system`) whose names match `name` in the DWIM sense, as SWI lists them
    /// under `However, there are definitions for:`: `Name/Arity`, qualified
    /// with the module unless it is `user` or `system`, in the standard order
    /// of `Module:Head`.
    pub fn dwim_predicates(&self, module: Atom, name: &str) -> Vec<(Atom, Atom, usize)> {
        let mut chain = vec![module];
        if self.db.module_class(module) == ModuleClass::Program {
            chain.push(atoms::USER);
        }
        if module != atoms::SYSTEM {
            chain.push(atoms::SYSTEM);
        }
        let mut found: Vec<(Atom, Atom, usize)> = Vec::new();
        for &m in &chain {
            for (&(pm, pn, pa), &id) in &self.db.index {
                if pm == m && self.db.is_defined(id) && dwim_match(name, pn.name()) {
                    found.push((m, pn, pa));
                }
            }
            if let Some(md) = self.db.modules.get(&m) {
                for &(pn, pa) in md.imports.keys() {
                    if dwim_match(name, pn.name()) {
                        found.push((m, pn, pa));
                    }
                }
            }
        }
        found.sort_by(|x, y| (x.0.name(), x.2, x.1.name()).cmp(&(y.0.name(), y.2, y.1.name())));
        found.dedup();
        found
    }
}

/// `Name/Arity` of a DWIM candidate, qualified as SWI prints it.
pub fn dwim_indicator((m, name, arity): (Atom, Atom, usize)) -> String {
    let mut s = String::new();
    if m != atoms::USER && m != atoms::SYSTEM {
        crate::syntax::writer::format_atom(&mut s, m.name(), true);
        s.push(':');
    }
    crate::syntax::writer::format_atom(&mut s, name.name(), true);
    format!("{s}/{arity}")
}

#[cfg(test)]
mod tests {
    use super::dwim_match;

    /// Pairs checked against SWI-Prolog 9's `dwim_match/2`.
    #[test]
    fn matches_as_swi() {
        let yes = [
            ("abc", "abd"),
            ("abc", "acb"),
            ("abc", "abcd"),
            ("abcd", "abc"),
            ("fooBar", "foo_bar"),
            ("foobar", "foo_bar"),
            ("foo_bar", "bar_foo"),
            ("fooBar", "barFoo"),
            ("foo_bar_baz", "bar_foo_baz"),
            ("ab_c", "abc"),
            ("FooBar", "foo_bar"),
            ("Foo", "foo"),
            ("myPred", "my_pred"),
            ("abc_d", "abcD"),
            ("xxyy_zz", "xx_yyzz"),
            ("isList", "listIs"),
            ("hello", "ehllo"),
            ("bar", "var"),
        ];
        let no = [
            ("fo", "foo"),
            ("ab", "abc"),
            ("ab", "ba"),
            ("x", "y"),
            ("foo_bar_baz", "baz_foo_bar"),
            ("foo_bar", "foobaz"),
            ("abc", "a_b_c"),
            ("abcdef", "badcef"),
            ("foo", "FOO"),
            ("foo", "FoO"),
            ("a_b", "aB"),
            ("x_y", "xY"),
            ("aBC", "abc"),
            ("abcd", "aBcD"),
            ("fileExits", "file_exists"),
            ("q_x", "qx"),
            ("xhello", "hellox"),
        ];
        for (a, b) in yes {
            assert!(dwim_match(a, b), "{a} ~ {b}");
        }
        for (a, b) in no {
            assert!(!dwim_match(a, b), "{a} !~ {b}");
        }
    }
}
