//! The Prolog builtins of the tag-system engine: `tag_run/4`, `tag_trace/4`
//! and `map_census/3` (documented and wrapped by `rules/tag.pl`).
//!
//! - `System = tag(M, Rules)`, `Rules` a list of `Symbol-Word`; a symbol is a
//!   one-character atom or string, or a digit `0..9`; a word is an atom or a
//!   string. Symbols without a rule halt.
//! - Words come back as atoms when the input word is an atom, else as strings.
//! - `Map = map(D, [R-f(A,B,C), ...])`: `n mod D = R` gives `(A*n+B) div C`.

use super::census::{census, default_threads, Affine, CensusError, ResidueMap};
use super::plot::plot;
use super::run::{run, trace, Outcome};
use super::search::{
    all_words, search, Ending, Search, SearchError, Space, HALT, MAX_LEN, OUTGROWN, REPEAT,
    RUNNING, UNDERFLOW,
};
use super::system::{SystemError, TagSystem};
use crate::machine::error::{
    domain_error, instantiation_error, permission_error, representation_error, resource_error,
    type_error, PlError, Res,
};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{atoms, Atom, Cell, Term, View};
use num_traits::ToPrimitive;

/// The Prolog builtins of this engine.
pub const TAG_BUILTINS: BuiltinTable = &[
    ("tag_run", 4, Builtin::Det(tag_run)),
    ("tag_trace", 4, Builtin::Det(tag_trace)),
    ("map_census", 3, Builtin::Det(map_census)),
    ("tag_search", 2, Builtin::Det(tag_search)),
    ("tag_search", 3, Builtin::Det(tag_search)),
    ("tag_plot", 4, Builtin::Det(tag_plot)),
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

/// An outcome as a Prolog term; a halting word is a string if `is_string`.
fn outcome_cell(m: &mut Machine, sys: &TagSystem, o: &Outcome, is_string: bool) -> Cell {
    match o {
        Outcome::Underflow { step } => {
            let s = uint_cell(m, *step);
            m.store.new_compound(Atom::new("underflow"), &[s])
        }
        Outcome::Halt { step, word } => {
            let s = uint_cell(m, *step);
            let w = text_cell(m, &sys.decode(word), is_string);
            m.store.new_compound(Atom::new("halt"), &[s, w])
        }
        Outcome::Repeat { step, earlier } => {
            let s = uint_cell(m, *step);
            let e = uint_cell(m, *earlier);
            m.store.new_compound(Atom::new("repeat"), &[s, e])
        }
        Outcome::Running { step, length } => {
            let s = uint_cell(m, *step);
            let l = uint_cell(m, *length as u64);
            m.store.new_compound(Atom::new("running"), &[s, l])
        }
    }
}

/// `tag_run(+System, +Word, +MaxSteps, -Outcome)`.
fn tag_run(m: &mut Machine, a: &[Cell]) -> Res {
    let (sys, word, is_string) = system_and_word(m, a[0], a[1])?;
    let max = count_arg(m, a[2])?;
    let out = outcome_cell(m, &sys, &run(&sys, &word, max), is_string);
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

/// The symbols of `symbols(K)`: `0..9`, then `a..z`.
const DIGITS: &str = "0123456789abcdefghijklmnopqrstuvwxyz";

/// Most input words of a search.
pub const MAX_INPUTS: usize = 1 << 20;
/// Most symbols in all the input words of a search together.
pub const MAX_INPUT_SYMBOLS: usize = 1 << 26;

fn option_error(m: &Machine, c: Cell) -> PlError {
    domain_error("tag_search_option", culprit(m, c))
}

/// `Lo-Hi` or `N` (that is `N-N`).
fn range_arg(m: &Machine, c: Cell) -> Res<(u64, u64)> {
    match m.store.view(c) {
        View::Compound(f, 2, a) if f.name() == "-" => Ok((
            count_arg(m, m.store.heap[a])?,
            count_arg(m, m.store.heap[a + 1])?,
        )),
        _ => {
            let n = count_arg(m, c)?;
            Ok((n, n))
        }
    }
}

/// A count option that must fit a `usize`.
fn size_arg(m: &Machine, c: Cell) -> Res<usize> {
    usize::try_from(count_arg(m, c)?).map_err(|_| representation_error("max_integer"))
}

/// The options of `tag_search/2,3` by name: the first occurrence wins,
/// except for the inputs, which accumulate in order.
struct Options {
    items: Vec<(&'static str, Cell, Vec<Cell>)>,
}

const SEARCH_OPTIONS: &[(&str, usize)] = &[
    ("deletion", 1),
    ("symbols", 1),
    ("alphabet", 1),
    ("halting", 1),
    ("min_length", 1),
    ("max_length", 1),
    ("fix", 1),
    ("inputs", 1),
    ("unary", 1),
    ("unary", 2),
    ("words", 1),
    ("max_steps", 1),
    ("max_string", 1),
    ("top", 1),
    ("criterion", 1),
    ("per", 1),
    ("threads", 1),
];

impl Options {
    fn new(m: &Machine, c: Cell) -> Res<Options> {
        let mut items = Vec::new();
        for item in list_arg(m, c)? {
            let (f, args) = match m.store.view(item) {
                View::Var(_) => return Err(instantiation_error()),
                View::Compound(f, n, a) => (f, (0..n).map(|i| m.store.heap[a + i]).collect()),
                _ => return Err(option_error(m, item)),
            };
            let known = SEARCH_OPTIONS
                .iter()
                .find(|(name, n)| *name == f.name() && *n == Vec::len(&args));
            match known {
                Some((name, _)) => items.push((*name, item, args)),
                None => return Err(option_error(m, item)),
            }
        }
        Ok(Options { items })
    }

    /// The first option `name` (its term and arguments).
    fn get(&self, name: &str) -> Option<(Cell, &[Cell])> {
        self.items
            .iter()
            .find(|(n, _, _)| *n == name)
            .map(|(_, c, a)| (*c, &a[..]))
    }

    /// A count option with a default.
    fn count(&self, m: &Machine, name: &str, default: u64) -> Res<u64> {
        self.get(name)
            .map_or(Ok(default), |(_, a)| count_arg(m, a[0]))
    }
}

/// The symbols of a search: the ruled ones, then the halting one.
fn search_alphabet(m: &Machine, o: &Options) -> Res<(Vec<char>, Option<char>)> {
    let first = |s: String| s.chars().next().expect("one character");
    let ruled: Vec<char> = match (o.get("alphabet"), o.get("symbols")) {
        (Some((_, a)), _) => list_arg(m, a[0])?
            .into_iter()
            .map(|c| symbol_arg(m, c).map(first))
            .collect::<Res<_>>()?,
        (None, Some((opt, a))) => {
            let k = count_arg(m, a[0])?;
            if k == 0 || k > DIGITS.len() as u64 {
                return Err(option_error(m, opt));
            }
            DIGITS.chars().take(k as usize).collect()
        }
        (None, None) => vec!['0', '1'],
    };
    let halting = match o.get("halting") {
        None => None,
        Some((opt, a)) => match m.store.view(a[0]) {
            View::Atom(t) if t.name() == "false" => None,
            View::Atom(t) if t.name() == "true" => {
                match DIGITS.chars().find(|c| !ruled.contains(c)) {
                    Some(c) => Some(c),
                    None => return Err(option_error(m, opt)),
                }
            }
            _ => Some(first(symbol_arg(m, a[0])?)),
        },
    };
    let all: Vec<char> = ruled.iter().copied().chain(halting).collect();
    if let Some((_, &c)) = all.iter().enumerate().find(|(i, c)| all[..*i].contains(c)) {
        return Err(search_error(SearchError::DuplicateSymbol(c)));
    }
    Ok((ruled, halting))
}

/// Codes a word over `symbols`, or a domain error naming the option.
fn code_word(m: &Machine, symbols: &[char], word: &str, opt: Cell) -> Res<Vec<u8>> {
    word.chars()
        .map(|c| symbols.iter().position(|&s| s == c).map(|i| i as u8))
        .collect::<Option<_>>()
        .ok_or_else(|| option_error(m, opt))
}

/// The input words of a search, in option order, without duplicates.
fn search_inputs(m: &Machine, o: &Options, symbols: &[char], k: usize) -> Res<Vec<Vec<u8>>> {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut total = 0usize;
    let mut add = |w: Vec<u8>, inputs: &mut Vec<Vec<u8>>| -> Res<()> {
        total += w.len();
        if inputs.len() >= MAX_INPUTS || total > MAX_INPUT_SYMBOLS {
            return Err(resource_error("tag_search_inputs"));
        }
        if seen.insert(w.clone()) {
            inputs.push(w);
        }
        Ok(())
    };
    let mut any = false;
    for (name, opt, args) in &o.items {
        match *name {
            "inputs" => {
                for c in list_arg(m, args[0])? {
                    let w = code_word(m, symbols, &text_arg(m, c)?.0, *opt)?;
                    add(w, &mut inputs)?;
                }
            }
            "unary" => {
                let (sym, range) = if args.len() == 2 {
                    (symbol_arg(m, args[0])?, args[1])
                } else {
                    ("1".to_string(), args[0])
                };
                let code = code_word(m, &symbols[..k], &sym, *opt)?;
                let (lo, hi) = range_arg(m, range)?;
                for n in lo..=hi {
                    if n > MAX_INPUT_SYMBOLS as u64 {
                        return Err(resource_error("tag_search_inputs"));
                    }
                    add(code.repeat(n as usize), &mut inputs)?;
                }
            }
            "words" => {
                let (lo, hi) = range_arg(m, args[0])?;
                if hi > MAX_LEN as u64 {
                    return Err(resource_error("tag_search_inputs"));
                }
                for len in lo as usize..=hi as usize {
                    let ws =
                        all_words(k, len, len).map_err(|_| resource_error("tag_search_inputs"))?;
                    for w in ws {
                        add(w, &mut inputs)?;
                    }
                }
            }
            _ => continue,
        }
        any = true;
    }
    if !any {
        let code: Vec<u8> = match symbols[..k].iter().position(|&c| c == '1') {
            Some(i) => vec![i as u8],
            None => {
                let range = Term::compound("-", vec![Term::Int(1), Term::Int(10)]);
                return Err(domain_error(
                    "tag_search_option",
                    Term::compound("unary", vec![range]),
                ));
            }
        };
        for n in 1..=10 {
            add(code.repeat(n), &mut inputs)?;
        }
    }
    Ok(inputs)
}

/// The `tag_search/2,3` options as a [`Search`].
fn search_arg(m: &Machine, c: Cell) -> Res<Search> {
    let o = Options::new(m, c)?;
    let (ruled, halting) = search_alphabet(m, &o)?;
    let k = ruled.len();
    let symbols: Vec<char> = ruled.iter().copied().chain(halting).collect();
    let deletions = match o.get("deletion") {
        None => vec![2],
        Some((opt, a)) => {
            let (lo, hi) = range_arg(m, a[0])?;
            if lo == 0 || hi < lo || hi - lo > 64 {
                return Err(option_error(m, opt));
            }
            (lo..=hi)
                .map(|d| usize::try_from(d).map_err(|_| representation_error("max_integer")))
                .collect::<Res<_>>()?
        }
    };
    let mut fixed = vec![None; k];
    if let Some((opt, a)) = o.get("fix") {
        for item in list_arg(m, a[0])? {
            let pair = compound_args(m, item, "-", 2, "pair")?;
            let sym = symbol_arg(m, pair[0])?;
            let code = code_word(m, &ruled, &sym, opt)?[0] as usize;
            let w = code_word(m, &symbols, &text_arg(m, pair[1])?.0, opt)?;
            if fixed[code].is_some() {
                return Err(option_error(m, opt));
            }
            fixed[code] = Some(w);
        }
    }
    let min_len = match o.get("min_length") {
        None => 0,
        Some((_, a)) => size_arg(m, a[0])?,
    };
    let max_len = match o.get("max_length") {
        None => 3,
        Some((_, a)) => size_arg(m, a[0])?,
    };
    let criterion = match o.get("criterion") {
        None => UNDERFLOW | HALT,
        Some((opt, a)) => {
            let names = match m.store.view(a[0]) {
                View::Atom(_) => vec![a[0]],
                _ => list_arg(m, a[0])?,
            };
            let mut bits = 0;
            for n in names {
                bits |= match m.store.view(n) {
                    View::Atom(t) => match t.name() {
                        "underflow" => UNDERFLOW,
                        "halt" => HALT,
                        "repeat" => REPEAT,
                        "running" => RUNNING,
                        "outgrown" => OUTGROWN,
                        "terminates" => UNDERFLOW | HALT,
                        "any" => UNDERFLOW | HALT | REPEAT | RUNNING | OUTGROWN,
                        _ => return Err(option_error(m, opt)),
                    },
                    View::Var(_) => return Err(instantiation_error()),
                    _ => return Err(option_error(m, opt)),
                };
            }
            bits
        }
    };
    let per_run = match o.get("per") {
        None => false,
        Some((opt, a)) => match m.store.view(a[0]) {
            View::Atom(t) if t.name() == "system" => false,
            View::Atom(t) if t.name() == "run" => true,
            View::Var(_) => return Err(instantiation_error()),
            _ => return Err(option_error(m, opt)),
        },
    };
    let threads = match o.get("threads") {
        None => default_threads(),
        Some((opt, a)) => match count_arg(m, a[0])? {
            t @ 1..=64 => t as usize,
            _ => return Err(option_error(m, opt)),
        },
    };
    let max_string = match o.get("max_string") {
        None => None,
        Some((_, a)) => match m.store.view(a[0]) {
            View::Atom(t) if t.name() == "none" => None,
            _ => Some(size_arg(m, a[0])?),
        },
    };
    let inputs = search_inputs(m, &o, &symbols, k)?;
    Ok(Search {
        space: Space {
            deletions,
            alphabet: ruled,
            halting,
            min_len,
            max_len,
            fixed,
        },
        inputs,
        max_steps: o.count(m, "max_steps", 10_000)?,
        max_string,
        top: usize::try_from(o.count(m, "top", 10)?).unwrap_or(usize::MAX),
        criterion,
        per_run,
        threads,
    })
}

fn search_error(e: SearchError) -> PlError {
    let what = |t: Term| domain_error("tag_search_option", t);
    match e {
        SearchError::BadDeletion => what(Term::atom("deletion")),
        SearchError::EmptyAlphabet => what(Term::compound("alphabet", vec![Term::atom("[]")])),
        SearchError::DuplicateSymbol(c) => what(Term::compound(
            "duplicate_symbol",
            vec![Term::atom(&c.to_string())],
        )),
        SearchError::TooManySymbols => representation_error("max_symbols"),
        SearchError::BadLengths => what(Term::atom("min_length")),
        SearchError::BadWord => what(Term::atom("inputs")),
        SearchError::TooLarge => resource_error("tag_search_space"),
    }
}

/// A system as `tag(M, [Symbol-Word, ...])` with atoms.
fn system_cell(m: &mut Machine, sys: &TagSystem) -> Cell {
    let mut rules = Vec::new();
    for (a, r) in sys.rules.iter().enumerate() {
        if let Some(w) = r {
            let s = Cell::atom(Atom::new(&sys.alphabet[a].to_string()));
            let w = Cell::atom(Atom::new(&sys.decode(w)));
            rules.push(m.store.new_compound(Atom::new("-"), &[s, w]));
        }
    }
    let list = m.store.new_list_from(&rules, Cell::atom(atoms::NIL));
    let k = uint_cell(m, sys.m as u64);
    m.store.new_compound(Atom::new("tag"), &[k, list])
}

/// `tag_search(+Options, -Ranking)` and `tag_search(+Options, -Ranking, -Stats)`.
fn tag_search(m: &mut Machine, a: &[Cell]) -> Res {
    let s = search_arg(m, a[0])?;
    let report = search(&s).map_err(search_error)?;
    let mut entries = Vec::new();
    for f in &report.ranking {
        let steps = uint_cell(m, f.outcome.step());
        let sys = system_cell(m, &f.system);
        let input = Cell::atom(Atom::new(&f.system.decode(&s.inputs[f.input])));
        let out = match &f.outcome {
            Ending::Run(o) => outcome_cell(m, &f.system, o, false),
            Ending::Outgrown { step, length } => {
                let s = uint_cell(m, *step);
                let l = uint_cell(m, *length as u64);
                m.store.new_compound(Atom::new("outgrown"), &[s, l])
            }
        };
        let entry = m.store.new_compound(Atom::new("entry"), &[sys, input, out]);
        entries.push(m.store.new_compound(Atom::new("-"), &[steps, entry]));
    }
    let ranking = m.store.new_list_from(&entries, Cell::atom(atoms::NIL));
    if !m.unify(a[1], ranking) {
        return Ok(false);
    }
    if a.len() < 3 {
        return Ok(true);
    }
    let mut kinds = Vec::new();
    for (name, n) in ["underflow", "halt", "repeat", "running", "outgrown"]
        .iter()
        .zip(report.kinds)
    {
        let v = uint_cell(m, n);
        kinds.push(
            m.store
                .new_compound(Atom::new("-"), &[Cell::atom(Atom::new(name)), v]),
        );
    }
    let kinds = m.store.new_list_from(&kinds, Cell::atom(atoms::NIL));
    let raw = uint_cell(m, report.raw);
    let distinct = uint_cell(m, report.distinct);
    let runs = uint_cell(m, report.runs);
    let stats = m
        .store
        .new_compound(Atom::new("stats"), &[raw, distinct, runs, kinds]);
    Ok(m.unify(a[2], stats))
}

/// `tag_plot(+System, +Word, +Steps, +File)`: writes the SVG of the run.
fn tag_plot(m: &mut Machine, a: &[Cell]) -> Res {
    let (sys, word, _) = system_and_word(m, a[0], a[1])?;
    let steps = count_arg(m, a[2])?;
    let (file, _) = text_arg(m, a[3])?;
    let svg = plot(&sys, &word, steps);
    std::fs::write(&file, svg)
        .map_err(|_| permission_error("open", "source_sink", culprit(m, a[3])))?;
    Ok(true)
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
    fn searches_and_plots() {
        let mut m = Machine::new();
        assert_eq!(
            text(
                &mut m,
                "tag_search([deletion(3), max_length(5), unary(3), top(2), max_steps(1000)], X)"
            ),
            "[588-entry(tag(3,['0'-'0','1'-'11001']),'111',underflow(588)),\
             53-entry(tag(3,['0'-'00','1'-'11010']),'111',underflow(53))]"
        );
        assert_eq!(
            text(
                &mut m,
                "tag_search([symbols(2), max_length(2), words(1-2), top(0), threads(1)], _, X)"
            ),
            "stats(49,28,168,[underflow-116,halt-0,repeat-52,running-0,outgrown-0])"
        );
        // a halting symbol, a fixed rule, explicit inputs, one entry per run
        assert_eq!(
            text(
                &mut m,
                "tag_search([alphabet([a,b]), halting(h), fix([a-a]), min_length(4), \
                 max_length(4), inputs([aaaaaaaabhbh]), criterion(halt), per(run), top(5)], R), \
                 memberchk(_-entry(tag(2, [a-a, b-bhbh]), _, X), R)"
            ),
            "halt(23,hbhbhbhbhbhbhbhbhbhbhbhbhbhbhbha)"
        );
        assert_eq!(
            text(
                &mut m,
                "tag_search([deletion(3), max_length(4), unary(14), max_string(30), \
                 criterion(outgrown), top(1)], X)"
            ),
            "[94-entry(tag(3,['0'-'01','1'-'1001']),'11111111111111',outgrown(94,31))]"
        );
        // no inputs at all: every renaming keeps the (empty) input set; nothing run
        assert_eq!(
            text(&mut m, "tag_search([unary(5-3), top(1000000000000)], R, X)"),
            "stats(225,120,0,[underflow-0,halt-0,repeat-0,running-0,outgrown-0])"
        );
        // a huge cap costs nothing up front
        assert_eq!(
            text(
                &mut m,
                "tag_search([deletion(3), max_length(5), unary(3), top(1), max_steps(1000), \
                 max_string(1000000000000)], [X])"
            ),
            "588-entry(tag(3,['0'-'0','1'-'11001']),'111',underflow(588))"
        );
        let dir = std::env::temp_dir().join(format!("puzzlog_tag_plot_{}.svg", std::process::id()));
        let file = dir.to_string_lossy().replace('\\', "/");
        let q = format!(
            "tag_plot(tag(3, ['0'-'00', '1'-'1101']), '11111111111111', 1000, '{file}'), X = ok"
        );
        assert_eq!(text(&mut m, &q), "ok");
        let svg = std::fs::read_to_string(&dir).unwrap();
        std::fs::remove_file(&dir).unwrap();
        assert!(svg.starts_with("<svg"));
        assert!(svg.contains("underflow at step 411"));
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
            ("tag_search(_, _)", "instantiation_error"),
            ("tag_search(foo, _)", "type_error(list"),
            (
                "tag_search([foo(1)], _)",
                "domain_error(tag_search_option,foo(1))",
            ),
            (
                "tag_search([top], _)",
                "domain_error(tag_search_option,top)",
            ),
            (
                "tag_search([top(-1)], _)",
                "domain_error(not_less_than_zero",
            ),
            (
                "tag_search([symbols(0)], _)",
                "domain_error(tag_search_option,symbols(0))",
            ),
            (
                "tag_search([deletion(0)], _)",
                "domain_error(tag_search_option,deletion(0))",
            ),
            (
                "tag_search([deletion(3-2)], _)",
                "domain_error(tag_search_option",
            ),
            (
                "tag_search([alphabet([a,b])], _)",
                "domain_error(tag_search_option,unary(1-10))",
            ),
            (
                "tag_search([alphabet([a,a])], _)",
                "domain_error(tag_search_option,duplicate_symbol(a))",
            ),
            ("tag_search([alphabet([ab])], _)", "type_error(character"),
            (
                "tag_search([inputs(['012'])], _)",
                "domain_error(tag_search_option,inputs(['012']))",
            ),
            (
                "tag_search([fix(['2'-'0'])], _)",
                "domain_error(tag_search_option",
            ),
            (
                "tag_search([fix(['0'-'0', '0'-'1'])], _)",
                "domain_error(tag_search_option",
            ),
            (
                "tag_search([min_length(3), max_length(2)], _)",
                "domain_error(tag_search_option,min_length)",
            ),
            (
                "tag_search([max_length(40)], _)",
                "resource_error(tag_search_space",
            ),
            (
                "tag_search([symbols(36), max_length(8)], _)",
                "resource_error(tag_search_space",
            ),
            (
                "tag_search([unary(1-100000000)], _)",
                "resource_error(tag_search_inputs",
            ),
            (
                "tag_search([words(40)], _)",
                "resource_error(tag_search_inputs",
            ),
            (
                "tag_search([criterion(foo)], _)",
                "domain_error(tag_search_option",
            ),
            ("tag_search([per(x)], _)", "domain_error(tag_search_option"),
            (
                "tag_search([threads(0)], _)",
                "domain_error(tag_search_option",
            ),
            (
                "tag_plot(tag(2, [a-b]), a, 10, '/nonexistent/dir/x.svg')",
                "permission_error(open,source_sink",
            ),
            ("tag_plot(tag(2, [a-b]), a, 10, _)", "instantiation_error"),
        ];
        for (q, want) in cases {
            let e = error(&mut m, q);
            assert!(e.starts_with(want), "{q}: {e}");
        }
    }
}
