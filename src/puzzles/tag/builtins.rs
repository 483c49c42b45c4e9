//! The Prolog builtins of the tag-system engine: `tag_run/4`, `tag_trace/4`
//! and `map_census/3` (documented and wrapped by `rules/tag.pl`).
//!
//! - `System = tag(M, Rules)`, `Rules` a list of `Symbol-Word`; a symbol is a
//!   one-character atom or string, or a digit `0..9`; a word is an atom or a
//!   string. Symbols without a rule halt.
//! - Words come back as atoms when the input word is an atom, else as strings.
//! - `Map = map(D, [R-f(A,B,C), ...])`: `n mod D = R` gives `(A*n+B) div C`.

use super::census::{census, default_threads, Affine, CensusError, ResidueMap};
use super::run::{run, trace, Outcome};
use super::system::{SystemError, TagSystem};
use crate::machine::error::{
    domain_error, instantiation_error, representation_error, resource_error, type_error, Res,
};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{atoms, Atom, Cell, Term, View};
use num_traits::ToPrimitive;

/// The Prolog builtins of this engine.
pub const TAG_BUILTINS: BuiltinTable = &[
    ("tag_run", 4, Builtin::Det(tag_run)),
    ("tag_trace", 4, Builtin::Det(tag_trace)),
    ("map_census", 3, Builtin::Det(map_census)),
];

/// Steps a census follows one trajectory before counting it as unresolved.
pub const CENSUS_STEP_LIMIT: u64 = 1_000_000;

/// Most symbols `tag_trace/4` returns in all its strings together.
pub const TRACE_BUDGET: usize = 50_000_000;

fn culprit(m: &Machine, c: Cell) -> Term {
    m.store.to_term(c, &mut Vec::new())
}

/// A non-negative integer argument (big ones saturate at `u64::MAX`).
fn count_arg(m: &Machine, c: Cell) -> Res<u64> {
    match m.store.view(c) {
        View::Var(_) => Err(instantiation_error()),
        View::Int(i) if i >= 0 => Ok(i as u64),
        View::Int(i) => Err(domain_error("not_less_than_zero", Term::Int(i))),
        View::BigInt(b) => {
            let b = m.store.bigint(b);
            match b.sign() {
                num_bigint::Sign::Minus => Err(domain_error("not_less_than_zero", culprit(m, c))),
                _ => Ok(b.to_u64().unwrap_or(u64::MAX)),
            }
        }
        _ => Err(type_error("integer", culprit(m, c))),
    }
}

/// A 64-bit integer argument.
fn int_arg(m: &Machine, c: Cell) -> Res<i64> {
    match m.store.view(c) {
        View::Var(_) => Err(instantiation_error()),
        View::Int(i) => Ok(i),
        View::BigInt(_) => Err(representation_error("max_integer")),
        _ => Err(type_error("integer", culprit(m, c))),
    }
}

/// The text of an atom or string argument, and whether it was a string.
fn text_arg(m: &Machine, c: Cell) -> Res<(String, bool)> {
    match m.store.view(c) {
        View::Var(_) => Err(instantiation_error()),
        View::Atom(a) => Ok((a.name().to_string(), false)),
        View::Str(s) => Ok((s.to_string(), true)),
        _ => Err(type_error("atom", culprit(m, c))),
    }
}

/// A symbol: a one-character atom or string, or a digit.
fn symbol_arg(m: &Machine, c: Cell) -> Res<String> {
    let s = match m.store.view(c) {
        View::Int(i) if (0..=9).contains(&i) => i.to_string(),
        View::Int(_) => return Err(type_error("character", culprit(m, c))),
        _ => text_arg(m, c)?.0,
    };
    if s.chars().count() == 1 {
        Ok(s)
    } else {
        Err(type_error("character", culprit(m, c)))
    }
}

/// The items of a proper list argument.
fn list_arg(m: &Machine, c: Cell) -> Res<Vec<Cell>> {
    match m.store.list_items(c) {
        Some(items) => Ok(items),
        None => {
            // A partial list is an instantiation error, anything else a type error.
            let mut t = m.store.deref(c);
            loop {
                match m.store.view(t) {
                    View::Var(_) => return Err(instantiation_error()),
                    View::Compound(f, 2, a) if f == atoms::DOT => {
                        t = m.store.deref(m.store.heap[a + 1])
                    }
                    _ => return Err(type_error("list", culprit(m, c))),
                }
            }
        }
    }
}

/// The arguments of `name(...)` with the given arity, or a type error naming `what`.
fn compound_args(m: &Machine, c: Cell, name: &str, arity: usize, what: &str) -> Res<Vec<Cell>> {
    match m.store.view(c) {
        View::Var(_) => Err(instantiation_error()),
        View::Compound(f, n, a) if n == arity && f.name() == name => {
            Ok((0..n).map(|i| m.store.heap[a + i]).collect())
        }
        _ => Err(type_error(what, culprit(m, c))),
    }
}

/// `tag(M, Rules)` as a [`TagSystem`].
fn system_arg(m: &Machine, c: Cell) -> Res<TagSystem> {
    let args = compound_args(m, c, "tag", 2, "tag_system")?;
    let k = count_arg(m, args[0])?;
    if k == 0 {
        return Err(domain_error("not_less_than_one", culprit(m, args[0])));
    }
    let mut rules = Vec::new();
    for item in list_arg(m, args[1])? {
        let pair = compound_args(m, item, "-", 2, "pair")?;
        rules.push((symbol_arg(m, pair[0])?, text_arg(m, pair[1])?.0));
    }
    let refs: Vec<(&str, &str)> = rules
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let m_del = usize::try_from(k).map_err(|_| representation_error("max_integer"))?;
    TagSystem::new(m_del, &refs).map_err(|e| system_error(m, e, c))
}

fn system_error(m: &Machine, e: SystemError, c: Cell) -> crate::machine::error::PlError {
    match e {
        SystemError::ZeroDeletion => domain_error("not_less_than_one", culprit(m, c)),
        SystemError::NotASymbol(s) => type_error("character", Term::atom(&s)),
        SystemError::DuplicateRule(ch) => domain_error(
            "tag_system",
            Term::compound("duplicate_rule", vec![Term::atom(&ch.to_string())]),
        ),
        SystemError::TooManySymbols => representation_error("max_symbols"),
    }
}

/// The system extended with the word's symbols, the coded word, and whether it was a string.
fn system_and_word(m: &Machine, sys: Cell, word: Cell) -> Res<(TagSystem, Vec<u8>, bool)> {
    let s = system_arg(m, sys)?;
    let (text, is_string) = text_arg(m, word)?;
    let (s, w) = s.encode(&text).map_err(|e| system_error(m, e, word))?;
    Ok((s, w, is_string))
}

fn text_cell(m: &mut Machine, s: &str, is_string: bool) -> Cell {
    if is_string {
        m.store.new_string(s)
    } else {
        Cell::atom(Atom::new(s))
    }
}

fn uint_cell(m: &mut Machine, x: u64) -> Cell {
    match i64::try_from(x) {
        Ok(i) => m.store.new_int(i),
        Err(_) => m.store.new_bigint(&x.into()),
    }
}

/// `tag_run(+System, +Word, +MaxSteps, -Outcome)`.
fn tag_run(m: &mut Machine, a: &[Cell]) -> Res {
    let (sys, word, is_string) = system_and_word(m, a[0], a[1])?;
    let max = count_arg(m, a[2])?;
    let out = match run(&sys, &word, max) {
        Outcome::Underflow { step } => {
            let s = uint_cell(m, step);
            m.store.new_compound(Atom::new("underflow"), &[s])
        }
        Outcome::Halt { step, word } => {
            let s = uint_cell(m, step);
            let w = text_cell(m, &sys.decode(&word), is_string);
            m.store.new_compound(Atom::new("halt"), &[s, w])
        }
        Outcome::Repeat { step, earlier } => {
            let s = uint_cell(m, step);
            let e = uint_cell(m, earlier);
            m.store.new_compound(Atom::new("repeat"), &[s, e])
        }
        Outcome::Running { step, length } => {
            let s = uint_cell(m, step);
            let l = uint_cell(m, length as u64);
            m.store.new_compound(Atom::new("running"), &[s, l])
        }
    };
    Ok(m.unify(a[3], out))
}

/// `tag_trace(+System, +Word, +N, -Words)`.
fn tag_trace(m: &mut Machine, a: &[Cell]) -> Res {
    let (sys, word, is_string) = system_and_word(m, a[0], a[1])?;
    let n = count_arg(m, a[2])?;
    let words = trace(&sys, &word, n, TRACE_BUDGET).ok_or_else(|| resource_error("memory"))?;
    let cells: Vec<Cell> = words
        .iter()
        .map(|w| {
            let text = sys.decode(w);
            text_cell(m, &text, is_string)
        })
        .collect();
    let list = m.store.new_list_from(&cells, Cell::atom(atoms::NIL));
    Ok(m.unify(a[3], list))
}

/// `map(D, [R-f(A,B,C), ...])` as a [`ResidueMap`].
fn map_arg(m: &Machine, c: Cell) -> Res<ResidueMap> {
    let args = compound_args(m, c, "map", 2, "residue_map")?;
    let d = int_arg(m, args[0])?;
    let mut branches = Vec::new();
    for item in list_arg(m, args[1])? {
        let pair = compound_args(m, item, "-", 2, "pair")?;
        let r = int_arg(m, pair[0])?;
        let f = compound_args(m, pair[1], "f", 3, "affine")?;
        let (fa, fb, fc) = (int_arg(m, f[0])?, int_arg(m, f[1])?, int_arg(m, f[2])?);
        branches.push((
            r,
            Affine {
                a: fa,
                b: fb,
                c: fc,
            },
        ));
    }
    ResidueMap::new(d, &branches).map_err(census_error)
}

fn census_error(e: CensusError) -> crate::machine::error::PlError {
    match e {
        CensusError::BadModulus(d) => domain_error("not_less_than_one", Term::Int(d)),
        CensusError::BadResidue(r) => domain_error("residue", Term::Int(r)),
        CensusError::MissingResidue(r) => domain_error(
            "residue_map",
            Term::compound("missing_residue", vec![Term::Int(r)]),
        ),
        CensusError::BadDivisor(x) => domain_error("not_less_than_one", Term::Int(x)),
        CensusError::TooManyCycles => resource_error("census_cycles"),
        CensusError::OutOfMemory => resource_error("memory"),
    }
}

/// `map_census(+Map, +N, -Counts)`.
fn map_census(m: &mut Machine, a: &[Cell]) -> Res {
    let map = map_arg(m, a[0])?;
    let n = count_arg(m, a[1])?;
    let c = census(&map, n, default_threads(), CENSUS_STEP_LIMIT).map_err(census_error)?;
    let mut items = Vec::new();
    for (name, count) in &c.cycles {
        let k = m.store.new_bigint(name);
        let v = uint_cell(m, *count);
        items.push(m.store.new_compound(Atom::new("-"), &[k, v]));
    }
    if c.unresolved > 0 {
        let v = uint_cell(m, c.unresolved);
        items.push(
            m.store
                .new_compound(Atom::new("-"), &[Cell::atom(Atom::new("unresolved")), v]),
        );
    }
    let list = m.store.new_list_from(&items, Cell::atom(atoms::NIL));
    Ok(m.unify(a[2], list))
}

#[cfg(test)]
mod tests {
    use crate::{Machine, Term};

    fn one(m: &mut Machine, q: &str, var: &str) -> Term {
        let ans = m
            .query(q)
            .unwrap()
            .next()
            .expect("an answer")
            .expect("no error");
        ans.get(var).unwrap().clone()
    }

    fn error(m: &mut Machine, q: &str) -> String {
        text(m, &format!("catch(({q}), error(X, _), true)"))
    }

    fn text(m: &mut Machine, q: &str) -> String {
        let q = format!("{q}, format(atom(A), '~q', [X])");
        match one(m, &q, "A") {
            Term::Atom(a) => a.name().to_string(),
            t => panic!("{t:?}"),
        }
    }

    #[test]
    fn runs_and_traces() {
        let mut m = Machine::new();
        assert_eq!(
            text(
                &mut m,
                "tag_run(tag(3, ['0'-'00', '1'-'1101']), '111', 100, X)"
            ),
            "repeat(7,5)"
        );
        assert_eq!(
            text(
                &mut m,
                "tag_run(tag(3, [0-\"0\", 1-\"11001\"]), \"111\", 1000, X)"
            ),
            "underflow(588)"
        );
        assert_eq!(
            text(
                &mut m,
                "tag_run(tag(2, ['0'-'20', '1'-'01010']), '001', 100, X)"
            ),
            "halt(6,'200101001010')"
        );
        assert_eq!(
            text(
                &mut m,
                "tag_run(tag(2, ['0'-'20', '1'-'01010']), \"001\", 100, X)"
            ),
            "halt(6,\"200101001010\")"
        );
        assert_eq!(
            text(
                &mut m,
                "tag_run(tag(2, ['0'-'20', '1'-'01010']), '101', 10, X)"
            ),
            "running(10,21)"
        );
        assert_eq!(
            text(
                &mut m,
                "tag_trace(tag(2, ['0'-'20', '1'-'01010']), '10', 4, X)"
            ),
            "['10','01010','01020','02020']"
        );
    }

    #[test]
    fn census_builtin() {
        let mut m = Machine::new();
        assert_eq!(
            text(
                &mut m,
                "map_census(map(2, [0-f(3,0,2), 1-f(1,-1,2)]), 16, X)"
            ),
            "[0-9,4-6,16-1]"
        );
        assert_eq!(
            text(&mut m, "map_census(map(1, [0-f(2,1,1)]), 3, X)"),
            "[unresolved-3]"
        );
    }

    #[test]
    fn bad_input_raises_iso_errors() {
        let mut m = Machine::new();
        let cases = [
            ("tag_run(S, '1', 10, _)", "instantiation_error"),
            ("tag_run(foo, '1', 10, _)", "type_error(tag_system"),
            (
                "tag_run(tag(0, []), '1', 10, _)",
                "domain_error(not_less_than_one",
            ),
            ("tag_run(tag(a, []), '1', 10, _)", "type_error(integer"),
            ("tag_run(tag(2, foo), '1', 10, _)", "type_error(list"),
            ("tag_run(tag(2, [a|_]), '1', 10, _)", "instantiation_error"),
            ("tag_run(tag(2, [a]), '1', 10, _)", "type_error(pair"),
            (
                "tag_run(tag(2, [ab-c]), '1', 10, _)",
                "type_error(character",
            ),
            ("tag_run(tag(2, [a-f(x)]), '1', 10, _)", "type_error(atom"),
            (
                "tag_run(tag(2, [a-b, a-c]), '1', 10, _)",
                "domain_error(tag_system",
            ),
            ("tag_run(tag(2, [a-b]), 1, 10, _)", "type_error(atom"),
            (
                "tag_run(tag(2, [a-b]), a, -1, _)",
                "domain_error(not_less_than_zero",
            ),
            ("tag_run(tag(2, [a-b]), a, x, _)", "type_error(integer"),
            ("tag_trace(tag(2, [a-b]), a, _, _)", "instantiation_error"),
            (
                "tag_trace(tag(1, [a-aa]), a, 100000, _)",
                "resource_error(memory",
            ),
            (
                "map_census(map(0, []), 10, _)",
                "domain_error(not_less_than_one",
            ),
            (
                "map_census(map(2, [0-f(1,0,1)]), 10, _)",
                "domain_error(residue_map",
            ),
            (
                "map_census(map(2, [0-f(1,0,1), 3-f(1,0,1)]), 10, _)",
                "domain_error(residue",
            ),
            (
                "map_census(map(1, [0-f(1,0,0)]), 10, _)",
                "domain_error(not_less_than_one",
            ),
            (
                "map_census(map(1, [0-g(1,0,1)]), 10, _)",
                "type_error(affine",
            ),
            (
                "map_census(map(1, [0-f(1,0,1)]), 1000, _)",
                "resource_error(census_cycles",
            ),
            (
                "map_census(map(1, [0-f(99999999999999999999,0,1)]), 10, _)",
                "representation_error",
            ),
            ("map_census(m, 10, _)", "type_error(residue_map"),
        ];
        for (q, want) in cases {
            let e = error(&mut m, q);
            assert!(e.starts_with(want), "{q}: {e}");
        }
    }
}
