//! The term writer: heap terms to text, as SWI-Prolog 9 prints them.
//!
//! One engine serves `write/1`, `print/1`, `writeq/1`, `write_canonical/1` and
//! `write_term/2`; `WriteOptions` selects quoting, operator use, `'$VAR'`
//! handling, depth limits and argument spacing. Writing is iterative (an
//! explicit stack of jobs), so terms nested a million deep are fine, and lists
//! are written in linear time with constant stack per list.
//!
//! Token spacing follows SWI: a space goes between two tokens only when they
//! would otherwise fuse (two alphanumerics, two symbol characters), plus the
//! fixed cases SWI adds (`- 1`, `- (a,b)`, `a is b`, `, ` with spacing).

use crate::syntax::ops::Ops;
use crate::term::store::{attrs_at, CycleGuard};
use crate::term::{atoms, Atom, Cell, Store, View};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// Writer steps between two looks at `WriteOptions::stop`.
const STOP_CHECK_EVERY: u32 = 4096;

/// Options for `write_term`; `Default` gives all flags off, no depth limit, no names.
#[derive(Clone, Copy, Debug, Default)]
pub struct WriteOptions<'a> {
    /// Quote atoms and strings so that they read back (`writeq`).
    pub quoted: bool,
    /// Write every compound in canonical `f(a, b)` form (lists stay lists).
    pub ignore_ops: bool,
    /// Write `'$VAR'(N)` as a variable name `A`, `B`, ..., `Z`, `A1`, ...
    pub numbervars: bool,
    /// Elide subterms deeper than this with `...` (0 = unlimited), as SWI does.
    pub max_depth: usize,
    /// Put a space after the comma between arguments: `f(a, b)`, `[1, 2]`.
    pub spacing_next_argument: bool,
    /// Names for unbound variables, keyed by heap address.
    pub var_names: Option<&'a HashMap<usize, String>>,
    /// Write `{}(X)` in canonical form instead of `{X}` (`brace_terms(false)`).
    pub no_brace_terms: bool,
    /// Names for compound terms, keyed by the address of their first argument:
    /// the toplevel names the cycles of an answer by its variables (`X = f(X)`).
    pub term_names: Option<&'a HashMap<usize, String>>,
    /// A flag (Ctrl-C) that, once set, cuts the output short: writing a huge
    /// term can then be interrupted; the caller raises the interrupt.
    pub stop: Option<&'a AtomicBool>,
    /// Write `'$portrayed'(Text)` as Text: what `user:portray/1` printed for
    /// that subterm (see `Machine::portray_prepass`).
    pub portrayed: bool,
    /// How the attributes of attributed variables show (`attributes(...)`).
    pub attributes: AttrStyle<'a>,
    /// How a cyclic term is written.
    pub cycles: Cycles,
}

/// What `write_term/2`'s option `attributes(...)` writes after an
/// attributed variable.
#[derive(Clone, Copy, Debug, Default)]
pub enum AttrStyle<'a> {
    /// Nothing: `_123` (`ignore`).
    #[default]
    Ignore,
    /// `_123{...}` (`dots`).
    Dots,
    /// `_123{att(Module, Value, More)}` (`write`).
    Write,
    /// `_123{Text}` with the text the `attr_portray_hook/2`s printed, keyed
    /// by the variable's address (`portray`).
    Portrayed(&'a HashMap<usize, String>),
}

/// How a cyclic term (`X = f(X)`) is written, as SWI-Prolog writes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cycles {
    /// `@(S_1,[S_1=f(S_1)])`: `write/1`, `print/1`, `writeq/1`, `format/2`.
    #[default]
    Named,
    /// `@(_G1,[_G1=f(_G1)])` (SWI writes fresh variables): `write_term/2,3`,
    /// `write_canonical/1`, `term_to_atom/2`.
    Variables,
    /// Unfolded down to `max_depth` (`f(f(f(...)))`): `write_term/2,3`
    /// with `max_depth(N)`.
    Unfolded,
}

impl<'a> WriteOptions<'a> {
    /// `write/1`: unquoted, `'$VAR'(N)` as variable names.
    pub fn write() -> WriteOptions<'a> {
        WriteOptions {
            numbervars: true,
            ..Default::default()
        }
    }
    /// `writeq/1` and `print/1`: quoted, `'$VAR'(N)` as variable names.
    pub fn writeq() -> WriteOptions<'a> {
        WriteOptions {
            quoted: true,
            numbervars: true,
            ..Default::default()
        }
    }
    /// `write_canonical/1`: quoted, operators ignored, variables named by `names`
    /// (from `canonical_var_names`).
    pub fn canonical(names: &'a HashMap<usize, String>) -> WriteOptions<'a> {
        WriteOptions {
            quoted: true,
            ignore_ops: true,
            var_names: Some(names),
            cycles: Cycles::Variables,
            ..Default::default()
        }
    }
    /// How the toplevel writes answers: quoted, `max_depth(10)`,
    /// `spacing(next_argument)`, variables named by `names`.
    pub fn answer(names: &'a HashMap<usize, String>) -> WriteOptions<'a> {
        WriteOptions {
            max_depth: 10,
            spacing_next_argument: true,
            ..WriteOptions::writeq().named(names)
        }
    }
    /// The same options, cut short when `flag` is set.
    pub fn stop_on(self, flag: &'a AtomicBool) -> WriteOptions<'a> {
        WriteOptions {
            stop: Some(flag),
            ..self
        }
    }
    /// The same options, writing what `user:portray/1` printed (`'$portrayed'(Text)`).
    pub fn portraying(self) -> WriteOptions<'a> {
        WriteOptions {
            portrayed: true,
            ..self
        }
    }
    /// The same options, with unbound variables named by `names`.
    pub fn named(self, names: &'a HashMap<usize, String>) -> WriteOptions<'a> {
        WriteOptions {
            var_names: Some(names),
            ..self
        }
    }
}

/// Writes the term `c` to `out` according to `opts`.
pub fn write_term(out: &mut String, store: &Store, ops: &Ops, c: Cell, opts: &WriteOptions) {
    write_term_prec(out, store, ops, c, 1200, opts);
}

/// Writes `c` as an operand of priority at most `prec` (1200 for a whole term,
/// 999 for an argument). Used by `portray_clause` to lay out pieces of clauses.
pub fn write_term_prec(
    out: &mut String,
    store: &Store,
    ops: &Ops,
    c: Cell,
    prec: u16,
    opts: &WriteOptions,
) {
    // The common case of an integer alone (format's `~w`): its digits.
    if let View::Int(i) = store.view(c) {
        use std::fmt::Write;
        let _ = write!(out, "{i}");
        return;
    }
    let entries = if opts.cycles == Cycles::Unfolded && opts.max_depth > 0 {
        Vec::new()
    } else {
        crate::term::cyclic::cycle_entries(store, c)
    };
    let mut w = Writer {
        out,
        store,
        ops,
        opts,
        last: None,
        prefix_op: None,
        cycles: HashMap::new(),
        exempt: None,
    };
    if entries.is_empty() {
        w.run(c, prec);
        return;
    }
    // A cyclic term is written as SWI-Prolog does: @(Template, [S_1=Value, ...])
    // where each S_i names a compound term the term reaches again from inside itself.
    if let Some(names) = opts.term_names {
        if entries.iter().all(|(e, _)| names.contains_key(e)) {
            // Every cycle goes through a compound the caller has a name for:
            // write the term once, with the names inside (`f(X)` for X = f(X)).
            w.cycles = entries
                .iter()
                .map(|(e, _)| (*e, names[e].clone()))
                .collect();
            if let View::Compound(_, _, first) = store.view(c) {
                w.exempt = Some(first);
            }
            w.run(c, prec);
            return;
        }
    }
    for (i, &(e, _)) in entries.iter().enumerate() {
        let name = match opts.cycles {
            Cycles::Named => format!("S_{}", i + 1),
            _ => format!("_G{}", i + 1),
        };
        w.cycles.insert(e, name);
    }
    let comma = if opts.spacing_next_argument {
        ", "
    } else {
        ","
    };
    w.tok("@(");
    w.run(c, 999);
    w.raw(comma);
    w.raw("[");
    for (i, &(e, value)) in entries.iter().enumerate() {
        if i > 0 {
            w.raw(comma);
        }
        let name = w.cycles[&e].clone();
        w.exempt = Some(e);
        if opts.ignore_ops {
            w.tok("=(");
            w.tok(&name);
            w.raw(",");
            w.run(value, 999);
            w.raw(")");
        } else {
            w.tok(&name);
            w.raw("=");
            w.run(value, 699);
        }
    }
    w.raw("])");
}

/// Names the variables of `c` as `write_canonical/1` does: variables that occur
/// more than once become `A`, `B`, ... in order of first occurrence, singletons `_`.
pub fn canonical_var_names(store: &Store, c: Cell) -> HashMap<usize, String> {
    let mut names = HashMap::new();
    let mut next = 0;
    for (a, count) in var_occurrences(store, c) {
        if count > 1 {
            names.insert(a, var_letter_name(next));
            next += 1;
        } else {
            names.insert(a, "_".to_string());
        }
    }
    names
}

/// The variables of `c` (heap addresses) in order of first occurrence, depth
/// first and left to right, with their numbers of occurrences.
pub fn var_occurrences(store: &Store, c: Cell) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = Vec::new();
    let mut count: HashMap<usize, usize> = HashMap::new();
    let mut stack = vec![c];
    // A cyclic term is walked round its cycles a while, not for ever: its
    // variables then count as occurring more than once, as in SWI.
    let mut guard = CycleGuard::default();
    while let Some(c) = stack.pop() {
        match store.view(c) {
            View::Compound(_, _, first) if !guard.first_visit(first) => {}
            View::Var(a) => {
                let n = count.entry(a).or_insert(0);
                if *n == 0 {
                    order.push(a);
                }
                *n += 1;
            }
            View::Compound(_, n, first) => {
                for i in (0..n).rev() {
                    stack.push(store.heap[first + i]);
                }
            }
            _ => {}
        }
    }
    order.into_iter().map(|a| (a, count[&a])).collect()
}

/// The name `numbervars` gives variable number `n`: `A`..`Z`, then `A1`...
pub fn var_letter_name(n: u64) -> String {
    let letter = (b'A' + (n % 26) as u8) as char;
    if n >= 26 {
        format!("{}{}", letter, n / 26)
    } else {
        letter.to_string()
    }
}

/// Formats a float as SWI-Prolog does: the shortest digits that read back
/// identically, always with a `.` (`1.0`, `1.0e+15`, `1.0e-5`, `1.0Inf`, `1.5NaN`).
pub fn format_float(f: f64) -> String {
    if f.is_nan() {
        return "1.5NaN".to_string();
    }
    if f.is_infinite() {
        return if f > 0.0 { "1.0Inf" } else { "-1.0Inf" }.to_string();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.to_string();
    }
    // Shortest round-trip digits from Rust's `{:e}`: "d.ddde<exp>".
    let e = format!("{:e}", f.abs());
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let digits = nearest_even_digits(f.abs(), digits, exp);
    let nd = digits.len() as i64;
    let decpt = exp + 1; // position of the decimal point relative to the digits
    let mut s = String::new();
    if f < 0.0 {
        s.push('-');
    }
    if decpt <= 0 {
        if decpt >= -3 {
            s.push_str("0.");
            for _ in 0..(-decpt) {
                s.push('0');
            }
            s.push_str(&digits);
            return s;
        }
    } else if nd > decpt {
        s.push_str(&digits[..decpt as usize]);
        s.push('.');
        s.push_str(&digits[decpt as usize..]);
        return s;
    } else if decpt <= 15 {
        s.push_str(&digits);
        for _ in 0..(decpt - nd) {
            s.push('0');
        }
        s.push_str(".0");
        return s;
    }
    s.push_str(&digits[..1]);
    s.push('.');
    if nd > 1 {
        s.push_str(&digits[1..]);
    } else {
        s.push('0');
    }
    s.push('e');
    if exp >= 0 {
        s.push('+');
    }
    s.push_str(&exp.to_string());
    s
}

/// Among the shortest digit strings that read back as `f`, picks the one
/// nearest to `f`'s exact value, ties to an even last digit (as C's dtoa does;
/// Rust's shortest formatting may pick the other neighbour).
fn nearest_even_digits(f: f64, digits: String, exp: i64) -> String {
    use num_bigint::BigInt;
    let nd = digits.len() as i64;
    let scale = exp - (nd - 1); // value = digits * 10^scale
    let n: i128 = match digits.parse() {
        Ok(n) => n,
        Err(_) => return digits,
    };
    let reads_back = |c: i128| -> bool {
        c > 0 && c.to_string().len() as i64 == nd && format!("{c}e{scale}").parse::<f64>() == Ok(f)
    };
    let candidates: Vec<i128> = [n - 1, n, n + 1]
        .into_iter()
        .filter(|&c| reads_back(c))
        .collect();
    if candidates.len() < 2 {
        return digits;
    }
    // Exact distances |c * 10^scale - m * 2^q|, scaled to integers.
    let bits = f.to_bits();
    let (m, q) = {
        let e = ((bits >> 52) & 0x7ff) as i64;
        let frac = bits & ((1u64 << 52) - 1);
        if e == 0 {
            (frac, -1074)
        } else {
            (frac | (1u64 << 52), e - 1075)
        }
    };
    let pow10 = |k: i64| BigInt::from(10u32).pow(k as u32);
    let pow2 = |k: i64| BigInt::from(1u32) << (k as usize);
    let (mut fx, mut unit) = (BigInt::from(m), BigInt::from(1u32));
    if q >= 0 {
        fx *= pow2(q);
    } else {
        unit *= pow2(-q);
    }
    if scale >= 0 {
        unit *= pow10(scale);
    } else {
        fx *= pow10(-scale);
    }
    let dist = |c: i128| {
        let d = BigInt::from(c) * &unit - &fx;
        if d < BigInt::from(0) {
            -d
        } else {
            d
        }
    };
    let best = candidates
        .iter()
        .copied()
        .min_by(|&a, &b| dist(a).cmp(&dist(b)).then((a % 2).cmp(&(b % 2))))
        .unwrap_or(n);
    best.to_string()
}

/// True for Prolog symbol characters (those that make atoms like `+`, `=..`, `-->`).
pub fn is_symbol_char(c: char) -> bool {
    match c {
        '#' | '$' | '&' | '*' | '+' | '-' | '.' | '/' | ':' | '<' | '=' | '>' | '?' | '@' | '^'
        | '~' | '\\' => true,
        '\u{a1}'..='\u{bf}' => !matches!(c, '\u{aa}' | '\u{b5}' | '\u{ba}') && !is_latin1_solo(c),
        '\u{d7}' | '\u{f7}' => true,
        _ if (c as u32) > 0xff => {
            !c.is_alphanumeric()
                && !c.is_whitespace()
                && !c.is_control()
                && !is_combining(c)
                && !is_unprintable(c)
        }
        _ => false,
    }
}

/// Latin-1 characters SWI accepts alone as an atom but not inside symbol atoms.
pub fn is_latin1_solo(c: char) -> bool {
    matches!(
        c,
        '\u{ad}' | '\u{b2}' | '\u{b3}' | '\u{b9}' | '\u{bc}' | '\u{bd}' | '\u{be}'
    )
}

/// Combining marks, which continue identifiers.
fn is_combining(c: char) -> bool {
    matches!(c as u32, 0x300..=0x36f | 0x1ab0..=0x1aff | 0x1dc0..=0x1dff | 0x20d0..=0x20ff | 0xfe20..=0xfe2f)
}

/// Characters that continue an unquoted identifier (letters, digits, `_`).
pub fn is_alnum_char(c: char) -> bool {
    c == '_'
        || c.is_ascii_alphanumeric()
        || ((c as u32) > 0x7f && (c.is_alphanumeric() || is_combining(c)) && !is_latin1_solo(c))
}

/// Characters that start an unquoted identifier atom (lowercase letters and,
/// beyond Latin-1, any letter that is not uppercase).
fn is_lower_start(c: char) -> bool {
    if (c as u32) <= 0xff {
        c.is_lowercase()
    } else {
        c.is_alphabetic() && !c.is_uppercase()
    }
}

/// Characters written as `\xHH\` inside quoted text (besides the named escapes).
fn is_unprintable(c: char) -> bool {
    let u = c as u32;
    u < 0x20
        || (0x7f..=0xa0).contains(&u)
        || u == 0xad
        || (u > 0xff
            && (c.is_control()
                || c.is_whitespace()
                || matches!(u, 0x200b..=0x200f | 0x2028..=0x202e | 0x2060..=0x206f | 0xfeff | 0xfff9..=0xfffb)
                || (0xe000..=0xf8ff).contains(&u)
                || u >= 0xf0000))
}

/// True when the atom `name` must be quoted to read back as itself.
pub fn atom_needs_quotes(name: &str) -> bool {
    let mut chars = name.chars();
    let first = match chars.next() {
        None => return true,
        Some(c) => c,
    };
    if is_lower_start(first) {
        return !name.chars().all(is_alnum_char);
    }
    if is_symbol_char(first) {
        if name.starts_with("/*") || name == "." {
            return true;
        }
        return !name.chars().all(is_symbol_char);
    }
    match name {
        "[]" | "{}" | "!" | ";" => false,
        _ => !(name.chars().count() == 1 && is_latin1_solo(first)),
    }
}

/// Writes an atom, quoted (with escapes) when `quoted` is set and the atom needs it.
pub fn format_atom(out: &mut String, name: &str, quoted: bool) {
    if quoted && atom_needs_quotes(name) {
        quote_text(out, name, '\'');
    } else {
        out.push_str(name);
    }
}

/// Writes `text` between `q` quotes with SWI's escapes.
fn quote_text(out: &mut String, text: &str, q: char) {
    out.push(q);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            _ if c == q => {
                out.push('\\');
                out.push(c);
            }
            _ if is_unprintable(c) => {
                out.push_str(&format!("\\x{:X}\\", c as u32));
            }
            _ => out.push(c),
        }
    }
    out.push(q);
}

/// The name of `'$VAR'(Arg)` under `numbervars`, if `Arg` makes it a variable.
fn numbervar_name(store: &Store, arg: Cell) -> Option<String> {
    match store.view(arg) {
        View::Int(n) if n >= 0 => Some(var_letter_name(n as u64)),
        View::Int(n) => Some(format!("S_{}", n.unsigned_abs())),
        View::Atom(a) => {
            let s = a.name();
            let mut cs = s.chars();
            let first = cs.next()?;
            let ok = (first == '_' || first.is_uppercase()) && cs.all(is_alnum_char);
            ok.then(|| s.to_string())
        }
        _ => None,
    }
}

/// Work items for the explicit stack.
enum Job {
    /// Write a term as an operand of at most priority `prec`; `arg` when it is
    /// a compound or list argument (operator atoms are then not bracketed).
    Term {
        c: Cell,
        prec: u16,
        depth: usize,
        arg: bool,
    },
    /// A fixed token, spaced if it would fuse with what precedes it.
    Tok(&'static str),
    /// The infix operator of a compound being written.
    Infix(Atom),
    /// The postfix operator of a compound being written.
    Postfix(Atom),
    /// The argument separator `,` (with a space when spacing is on).
    Comma,
    /// Continue a list after its head: `tail` and the running list depth.
    ListTail { tail: Cell, depth: usize },
}

impl Job {
    /// An operand of an operator (or of `{}`) one level below `depth`.
    fn operand(c: Cell, prec: u16, depth: usize) -> Job {
        Job::Term {
            c,
            prec,
            depth: depth + 1,
            arg: false,
        }
    }
}

struct Writer<'a, 'o> {
    out: &'o mut String,
    store: &'a Store,
    ops: &'a Ops,
    opts: &'a WriteOptions<'a>,
    /// The last character written by this writer.
    last: Option<char>,
    /// Set right after a prefix operator: the operator, until the next token.
    prefix_op: Option<Atom>,
    /// Names (`S_1`, ...) of the compounds through which a cyclic term
    /// refers back to itself, by the address of their first argument.
    cycles: HashMap<usize, String>,
    /// The named compound being written as a value (written in full once).
    exempt: Option<usize>,
}

impl Writer<'_, '_> {
    fn run(&mut self, c: Cell, prec: u16) {
        let mut stack = vec![Job::Term {
            c,
            prec,
            depth: 1,
            arg: false,
        }];
        let mut steps = 0u32;
        while let Some(job) = stack.pop() {
            steps = steps.wrapping_add(1);
            if steps.is_multiple_of(STOP_CHECK_EVERY) && self.stopped() {
                return;
            }
            match job {
                Job::Term {
                    c,
                    prec,
                    depth,
                    arg,
                } => self.term(c, prec, depth, arg, &mut stack),
                Job::Tok(s) => self.tok(s),
                Job::Infix(op) => self.infix_op(op),
                Job::Postfix(op) => {
                    let text = self.atom_text(op);
                    self.tok(&text);
                }
                Job::Comma => self.comma(),
                Job::ListTail { tail, depth } => self.list_tail(tail, depth, &mut stack),
            }
        }
    }

    /// True when the output is to be cut short (see `WriteOptions::stop`).
    fn stopped(&self) -> bool {
        self.opts.stop.is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Appends `s` verbatim.
    fn raw(&mut self, s: &str) {
        if let Some(c) = s.chars().next_back() {
            self.out.push_str(s);
            self.last = Some(c);
        }
        self.prefix_op = None;
    }

    /// Appends a token, with a space first if it would fuse with the previous one.
    fn tok(&mut self, s: &str) {
        if let (Some(p), Some(n)) = (self.last, s.chars().next()) {
            let fuse = (is_alnum_char(p) && is_alnum_char(n))
                || (is_symbol_char(p) && is_symbol_char(n))
                || (self.prefix_op.is_some() && (n == '(' || n == '{'))
                || (self.prefix_op == Some(atoms::MINUS) && n.is_ascii_digit());
            if fuse {
                self.out.push(' ');
            }
        }
        self.raw(s);
    }

    fn comma(&mut self) {
        self.raw(if self.opts.spacing_next_argument {
            ", "
        } else {
            ","
        });
    }

    fn atom_text(&self, a: Atom) -> String {
        let mut s = String::new();
        if self.opts.quoted && a != atoms::NIL && a.name() == "[]" {
            // The atom '[]' is not the empty list `[]` (SWI-Prolog 7).
            s.push_str("'[]'");
        } else {
            format_atom(&mut s, a.name(), self.opts.quoted);
        }
        s
    }

    /// The attributes of the attributed variable at `a`, as option
    /// `attributes` says.
    fn attributes(&mut self, a: usize, depth: usize, stack: &mut Vec<Job>) {
        match self.opts.attributes {
            AttrStyle::Ignore => {}
            AttrStyle::Dots => self.raw("{...}"),
            AttrStyle::Write => {
                self.raw("{");
                stack.push(Job::Tok("}"));
                stack.push(Job::operand(self.store.heap[attrs_at(a)], 1200, depth));
            }
            AttrStyle::Portrayed(texts) => {
                let text = texts.get(&a).map_or("", String::as_str);
                self.raw(&format!("{{{text}}}"));
            }
        }
    }

    fn term(&mut self, c: Cell, prec: u16, depth: usize, arg: bool, stack: &mut Vec<Job>) {
        if self.opts.max_depth > 0 && depth > self.opts.max_depth {
            self.tok("...");
            return;
        }
        let store = self.store;
        match store.view(c) {
            View::Var(a) => {
                match self.opts.var_names.and_then(|m| m.get(&a)) {
                    // A named variable shows by its name only (as in SWI-Prolog).
                    Some(name) => self.tok(&name.clone()),
                    None => {
                        self.tok(&format!("_{a}"));
                        if !matches!(self.opts.attributes, AttrStyle::Ignore) && store.is_attvar(a)
                        {
                            self.attributes(a, depth, stack);
                        }
                    }
                }
            }
            View::Int(i) => self.tok(&i.to_string()),
            View::BigInt(b) => self.tok(&crate::term::gmp::to_decimal(&store.bigint(b))),
            View::Float(f) => self.tok(&format_float(f)),
            View::Str(s) => {
                if self.opts.quoted {
                    let mut q = String::new();
                    quote_text(&mut q, s, '"');
                    self.tok(&q);
                } else if !s.is_empty() {
                    self.tok(s);
                }
            }
            View::Atom(a) => {
                let text = self.atom_text(a);
                if !arg && prec < 1200 && self.ops.is_op(a) {
                    self.tok("(");
                    self.raw(&text);
                    self.raw(")");
                } else if !text.is_empty() {
                    self.tok(&text);
                }
            }
            View::Compound(name, 1, first)
                if self.opts.portrayed && name.name() == "$portrayed" =>
            {
                if let View::Str(text) = self.store.view(self.store.deref(self.store.heap[first])) {
                    self.raw(text);
                }
            }
            View::Compound(name, n, first) => {
                if self.exempt == Some(first) {
                    self.exempt = None;
                } else if let Some(s) = self.cycles.get(&first) {
                    let s = s.clone();
                    self.tok(&s);
                    return;
                }
                self.compound(name, n, first, prec, depth, stack)
            }
        }
    }

    fn compound(
        &mut self,
        name: Atom,
        n: usize,
        first: usize,
        prec: u16,
        depth: usize,
        stack: &mut Vec<Job>,
    ) {
        let heap = &self.store.heap;
        if name == atoms::DOT && n == 2 {
            self.tok("[");
            stack.push(Job::ListTail {
                tail: heap[first + 1],
                depth,
            });
            stack.push(Job::Term {
                c: heap[first],
                prec: 999,
                depth: depth + 1,
                arg: true,
            });
            return;
        }
        if self.opts.numbervars && n == 1 && name.name() == "$VAR" {
            if let Some(v) = numbervar_name(self.store, heap[first]) {
                self.tok(&v);
                return;
            }
        }
        if !self.opts.ignore_ops {
            if name == atoms::CURLY && n == 1 && !self.opts.no_brace_terms {
                self.tok("{");
                stack.push(Job::Tok("}"));
                stack.push(Job::operand(heap[first], 1200, depth));
                return;
            }
            if n == 2 {
                if let Some(def) = self.ops.infix(name) {
                    self.embrace(def.priority > prec, stack);
                    stack.push(Job::operand(heap[first + 1], def.right_max(), depth));
                    stack.push(Job::Infix(name));
                    stack.push(Job::operand(heap[first], def.left_max(), depth));
                    return;
                }
            }
            if n == 1 {
                if let Some(def) = self.ops.prefix(name) {
                    self.embrace(def.priority > prec, stack);
                    let text = self.atom_text(name);
                    self.tok(&text);
                    self.prefix_op = Some(name);
                    stack.push(Job::operand(heap[first], def.right_max(), depth));
                    return;
                }
                if let Some(def) = self.ops.postfix(name) {
                    self.embrace(def.priority > prec, stack);
                    stack.push(Job::Postfix(name));
                    stack.push(Job::operand(heap[first], def.left_max(), depth));
                    return;
                }
            }
        }
        // Canonical form f(A1, ..., An): `[](a)` for the empty list's functor, `'[]'(a)` for the atom.
        let text = self.atom_text(name);
        self.tok(&text);
        self.raw("(");
        stack.push(Job::Tok(")"));
        for i in (0..n).rev() {
            stack.push(Job::Term {
                c: heap[first + i],
                prec: 999,
                depth: depth + 1,
                arg: true,
            });
            if i > 0 {
                stack.push(Job::Comma);
            }
        }
    }

    /// Opens a parenthesis (closed after the operator term) when `needed`:
    /// the operator's priority is above what its position allows.
    fn embrace(&mut self, needed: bool, stack: &mut Vec<Job>) {
        if needed {
            self.tok("(");
            stack.push(Job::Tok(")"));
        }
    }

    /// Writes an infix operator.
    fn infix_op(&mut self, op: Atom) {
        if op == atoms::COMMA {
            return self.comma();
        }
        if op == atoms::BAR {
            return self.raw(if self.opts.spacing_next_argument {
                "| "
            } else {
                "|"
            });
        }
        let text = if op.name() == "." {
            ".".to_string() // SWI writes the dict-access operator bare: a.b
        } else {
            self.atom_text(op)
        };
        let first = text.chars().next().unwrap_or(' ');
        let alnum = is_alnum_char(first);
        let fuses = self.last.is_some_and(|p| {
            (is_alnum_char(p) && is_alnum_char(first))
                || (is_symbol_char(p) && is_symbol_char(first))
        });
        if fuses {
            self.raw(" ");
        }
        self.raw(&text);
        if alnum || fuses {
            self.raw(" ");
        }
    }

    fn list_tail(&mut self, tail: Cell, mut depth: usize, stack: &mut Vec<Job>) {
        let store = self.store;
        match store.view(tail) {
            View::Atom(a) if a == atoms::NIL => self.raw("]"),
            v => {
                depth += 1;
                if self.opts.max_depth > 0 && depth >= self.opts.max_depth {
                    self.raw("|...]");
                    return;
                }
                if let View::Compound(name, 2, first) = v {
                    if name == atoms::DOT && !self.cycles.contains_key(&first) {
                        self.comma();
                        stack.push(Job::ListTail {
                            tail: store.heap[first + 1],
                            depth,
                        });
                        stack.push(Job::Term {
                            c: store.heap[first],
                            prec: 999,
                            depth: depth + 1,
                            arg: true,
                        });
                        return;
                    }
                }
                self.raw("|");
                stack.push(Job::Tok("]"));
                stack.push(Job::Term {
                    c: tail,
                    prec: 999,
                    depth: depth + 1,
                    arg: true,
                });
            }
        }
    }
}

#[cfg(test)]
#[path = "writer_tests.rs"]
mod tests;
