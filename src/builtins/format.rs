//! The `format/2` directive engine, independent of the output stream: it turns
//! a format string and argument cells into text, handling column stops and
//! fill characters as SWI-Prolog does, and hands the text to a sink as it is
//! finished, so that `format("~t~100000000000|")` or a precision of a billion
//! digits streams (and can be stopped) instead of filling memory. Terms are
//! rendered by a callback so the writer can be plugged in by the caller.
//!
//! Also home of the float text routines shared with the text builtins:
//! [`format_float`] (SWI's `write/1` float syntax) and the C-printf-like
//! `~e`/`~f`/`~g` conversions.

use super::text::{culprit, number_text, text_of};
use crate::machine::error::{
    domain_error, existence_error, instantiation_error, resource_error, type_error,
};
use crate::machine::streams::WriteFailure;
use crate::machine::{PlError, Res};
use crate::term::cell::tag;
use crate::term::{atoms, Atom, Cell, Store, Term, View};
use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

/// How to print a term argument: `~w` (Write), `~p` (Print), `~q`
/// (Writeq), `~k` (Canonical).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TermStyle {
    /// `write/1`.
    Write,
    /// `print/1` (portray, then `writeq`).
    Print,
    /// `writeq/1`.
    Writeq,
    /// `write_canonical/1`.
    Canonical,
}

/// Renders a float as SWI-Prolog's `write/1` does: the shortest text that
/// reads back to the same float, always with a fraction or exponent
/// (`1.0`, `0.1`, `1.0e+15`, `1.0e-5`, `1.0Inf`, `1.5NaN`).
pub fn format_float(f: f64) -> String {
    if f.is_nan() {
        return "1.5NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "1.0Inf" } else { "-1.0Inf" }.into();
    }
    let sci = format!("{:e}", f);
    let (mant, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..15).contains(&exp) {
        let s = format!("{}", f);
        if s.contains('.') {
            s
        } else {
            s + ".0"
        }
    } else {
        let mant = if mant.contains('.') {
            mant.to_owned()
        } else {
            format!("{mant}.0")
        };
        format!("{mant}e{}{}", if exp < 0 { '-' } else { '+' }, exp.abs())
    }
}

/// Digits after the point beyond which `%e` of a double shows only zeros (a
/// double has at most 767 significant decimal digits).
const E_EXACT: usize = 800;

/// Digits after the point beyond which `%f` of a double shows only zeros (the
/// smallest subnormal has 1074 digits after the point).
const F_EXACT: usize = 1100;

/// Text made of a head, a run of zeros and a tail, so that a precision of a
/// billion digits streams instead of filling memory.
struct Padded {
    head: String,
    zeros: u64,
    tail: String,
}

impl Padded {
    fn plain(s: String) -> Padded {
        Padded {
            head: s,
            zeros: 0,
            tail: String::new(),
        }
    }
}

/// C `%.<prec>e`: `1.250000e+01`.
fn format_e(f: f64, prec: u64) -> Padded {
    if let Some(s) = non_finite(f) {
        return Padded::plain(s);
    }
    let exact = prec.min(E_EXACT as u64) as usize;
    let s = format!("{:.*e}", exact, f);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    Padded {
        head: mant.to_string(),
        zeros: prec - exact as u64,
        tail: format!("e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs()),
    }
}

/// C `%.<prec>f`.
fn format_f(f: f64, prec: u64) -> Padded {
    if let Some(s) = non_finite(f) {
        return Padded::plain(s);
    }
    let exact = prec.min(F_EXACT as u64) as usize;
    Padded {
        head: format!("{:.*}", exact, f),
        zeros: prec - exact as u64,
        tail: String::new(),
    }
}

/// C `%.<prec>g`: shortest of `%e`/`%f` with trailing zeros removed.
fn format_g(f: f64, prec: u64) -> String {
    if let Some(s) = non_finite(f) {
        return s;
    }
    // Beyond this precision only zeros would follow, and they are removed.
    // (the zeros of `Padded` are left out for the same reason).
    let p = prec.clamp(1, (F_EXACT + 400) as u64);
    let e = format_e(f, p - 1);
    let x: i64 = e.tail[1..].parse().unwrap_or(0);
    let s = if x < -4 || x >= p as i64 {
        e.head + &e.tail
    } else {
        format_f(f, (p as i64 - 1 - x) as u64).head
    };
    strip_zeros(&s)
}

fn strip_zeros(s: &str) -> String {
    let (mant, exp) = match s.find('e') {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, ""),
    };
    if !mant.contains('.') {
        return s.to_owned();
    }
    let m = mant.trim_end_matches('0').trim_end_matches('.');
    format!("{m}{exp}")
}

fn non_finite(f: f64) -> Option<String> {
    if f.is_nan() {
        Some("nan".into())
    } else if f.is_infinite() {
        Some(if f > 0.0 { "inf" } else { "-inf" }.into())
    } else {
        None
    }
}

/// The argument list of `format/2`: the items of a proper list, otherwise the
/// single term itself (`format("~w", hello)`).
pub fn format_args(store: &Store, args: Cell) -> Vec<Cell> {
    store.list_items(args).unwrap_or_else(|| vec![args])
}

fn format_error(msg: &str) -> PlError {
    PlError::error(Term::compound("format", vec![Term::atom(msg)]), None)
}

fn arg_type_error(directive: char, store: &Store, c: Cell) -> PlError {
    PlError::error(
        Term::compound(
            "format_argument_type",
            vec![Term::atom(&directive.to_string()), culprit(store, c)],
        ),
        None,
    )
}

/// The error for a non-numeric argument that SWI would try to evaluate.
fn not_evaluable(store: &Store, c: Cell) -> PlError {
    match store.view(store.deref(c)) {
        View::Var(_) => instantiation_error(),
        View::Atom(a) => type_error("evaluable", Term::indicator(a, 0)),
        View::Compound(a, n, _) => type_error("evaluable", Term::indicator(a, n)),
        _ => type_error("evaluable", culprit(store, c)),
    }
}

/// A numeric argument.
enum Num {
    Int(BigInt),
    Float(f64),
}

/// Why formatting stopped before the end of the format string.
#[derive(Debug)]
pub enum FormatStop {
    /// A format error (SWI's error term).
    Error(PlError),
    /// The text could not be written.
    Write(WriteFailure),
}

impl From<PlError> for FormatStop {
    fn from(e: PlError) -> FormatStop {
        FormatStop::Error(e)
    }
}

/// What a directive does next.
type Step<T = ()> = Result<T, FormatStop>;

/// Text handed to the sink at a time, and the size at which pending text is
/// handed over when it can be.
const CHUNK: usize = 1 << 16;

/// Text a column segment may hold while its fill points wait for the column
/// stop (`~t~*c~|`); beyond it the call raises `resource_error(memory)`.
const MAX_PENDING: usize = 1 << 28;

/// The column after writing `n` times `ch` at column `col`, as SWI's
/// format/2 counts: a newline or a carriage return goes back to column 0, a
/// tab to the column after the next multiple of 8 minus one (`(col+1)|7`),
/// a backspace one back.
fn advance_n(col: usize, ch: char, n: usize) -> usize {
    if n == 0 {
        return col;
    }
    match ch {
        '\n' | '\r' => 0,
        '\t' => ((col + 1) | 7) + 8 * (n - 1),
        '\u{8}' => col.saturating_sub(n),
        _ => col + n,
    }
}

/// The column after writing `text` at column `col` (see [`advance_n`]).
fn advance(col: usize, text: &str) -> usize {
    text.chars().fold(col, |c, ch| advance_n(c, ch, 1))
}

/// The engine's state while producing one format call's text.
///
/// Column stops work as in SWI-Prolog: the column is counted from the
/// output's column when the call starts; a column stop (`~N|`, `~N+`) pads
/// the segment since the previous one at its fill points (`~t`), and then
/// the column *is* the stop's, even when the text went past it. `~N+` is
/// counted from the previous stop (0 at the start), and neither the stop
/// nor pending fill points end at a newline: `~w~t~10+~w~n~w~t~10+~w` puts
/// its second column at 20.
struct Engine<'a> {
    store: &'a Store,
    args: &'a [Cell],
    next_arg: usize,
    /// Text not yet handed to the sink: all of the current column segment
    /// from its first fill point on, else at most about a chunk.
    out: String,
    /// The current column (see [`advance_n`]).
    col: usize,
    /// Fill points of the current column segment: (byte offset in `out`, fill char).
    fills: Vec<(usize, char)>,
    /// Column of the previous column stop.
    last_stop: usize,
    /// Receives the finished text, in order.
    sink: &'a mut dyn FnMut(&str) -> Result<(), WriteFailure>,
}

impl Engine<'_> {
    fn arg(&mut self) -> Res<Cell> {
        let c = *self
            .args
            .get(self.next_arg)
            .ok_or_else(|| format_error("not enough arguments"))?;
        self.next_arg += 1;
        Ok(self.store.deref(c))
    }

    /// Hands the pending text to the sink, unless fill points wait for a column stop.
    fn flush(&mut self) -> Step {
        if !self.fills.is_empty() || self.out.is_empty() {
            return Ok(());
        }
        (self.sink)(&self.out).map_err(FormatStop::Write)?;
        self.out.clear();
        Ok(())
    }

    /// Hands pending text over once there is a chunk of it.
    fn check_size(&mut self) -> Step {
        if self.out.len() >= CHUNK {
            self.flush()?;
            if self.out.len() > MAX_PENDING {
                return Err(resource_error("memory").into());
            }
        }
        Ok(())
    }

    fn push(&mut self, s: &str) -> Step {
        self.out.push_str(s);
        self.col = advance(self.col, s);
        self.check_size()
    }

    /// Appends `ch` `n` times, a chunk at a time.
    fn repeat(&mut self, ch: char, n: u64) -> Step {
        let mut left = n;
        while left > 0 {
            let k = left.min(CHUNK as u64) as usize;
            self.out.extend(std::iter::repeat_n(ch, k));
            self.col = advance_n(self.col, ch, k);
            left -= k as u64;
            self.check_size()?;
        }
        Ok(())
    }

    /// A numeric argument (and its cell, for error terms).
    fn number(&mut self, directive: char) -> Res<(Num, Cell)> {
        let c = self.arg()?;
        let n = match self.store.view(c) {
            View::Int(i) => Num::Int(BigInt::from(i)),
            View::BigInt(b) => Num::Int(self.store.bigint(b)),
            View::Float(f) => Num::Float(f),
            View::Str(_) => return Err(arg_type_error(directive, self.store, c)),
            View::Var(_) => return Err(not_evaluable(self.store, c)),
            // Like SWI, numeric directives evaluate their argument.
            _ => match super::arith::eval(self.store, c)? {
                super::arith::Number::Int(i) => Num::Int(BigInt::from(i)),
                super::arith::Number::Big(b) => Num::Int(b),
                super::arith::Number::Float(f) => Num::Float(f),
            },
        };
        Ok((n, c))
    }

    fn integer(&mut self, directive: char) -> Res<BigInt> {
        match self.number(directive)? {
            (Num::Int(i), _) => Ok(i),
            (Num::Float(_), c) => Err(arg_type_error(directive, self.store, c)),
        }
    }

    /// Pads the current segment to column `target` and starts a new segment
    /// at that column.
    fn column_stop(&mut self, target: usize) -> Step {
        let cur = self.col;
        if cur < target {
            let pad = (target - cur) as u64;
            if self.fills.is_empty() {
                self.repeat(' ', pad)?;
            } else {
                let n = self.fills.len();
                let mut amounts = vec![pad / n as u64; n];
                // The remainder goes to fill points around the middle, as SWI does.
                for j in 0..(pad % n as u64) as usize {
                    let off = if j % 2 == 1 { j as i64 } else { -(j as i64) };
                    let idx = (n / 2) as i64 + off;
                    if (0..n as i64).contains(&idx) {
                        amounts[idx as usize] += 1;
                    }
                }
                // The segment is final now: hand it over with the padding
                // at its fill points (which counts its columns again; the
                // column is the stop's below).
                let fills = std::mem::take(&mut self.fills);
                let text = std::mem::take(&mut self.out);
                let mut from = 0;
                for (&(pos, ch), &k) in fills.iter().zip(&amounts) {
                    self.push(&text[from..pos])?;
                    self.repeat(ch, k)?;
                    from = pos;
                }
                self.push(&text[from..])?;
            }
        }
        self.col = target;
        self.last_stop = target;
        self.fills.clear();
        Ok(())
    }

    /// `~d`: integer `i` with `frac` digits after an inserted decimal point,
    /// grouped by thousands with `,` when `group`.
    fn digits(&mut self, i: &BigInt, frac: u64, group: bool) -> Step {
        let digits = crate::term::gmp::to_decimal(&i.abs());
        let len = digits.len() as u64;
        if frac >= len {
            // All digits after the point: `0.000...0123`, the zeros streamed.
            let sign = if i.is_negative() { "-" } else { "" };
            self.push(&format!("{sign}0."))?;
            self.repeat('0', frac - len)?;
            return self.push(&digits);
        }
        let (int_part, frac_part) = digits.split_at(digits.len() - frac as usize);
        let mut s = String::new();
        if i.is_negative() {
            s.push('-');
        }
        if group {
            for (k, ch) in int_part.chars().enumerate() {
                if k > 0 && (int_part.len() - k) % 3 == 0 {
                    s.push(',');
                }
                s.push(ch);
            }
        } else {
            s.push_str(int_part);
        }
        if frac > 0 {
            s.push('.');
            s.push_str(frac_part);
        }
        self.push(&s)
    }

    /// `~e`, `~f`, `~g` with precision `prec`.
    fn float(&mut self, d: char, prec: u64) -> Step {
        let text = match (self.number(d)?.0, d.to_ascii_lowercase()) {
            (Num::Int(i), 'f') => Padded {
                head: if prec > 0 {
                    format!("{i}.")
                } else {
                    i.to_string()
                },
                zeros: prec,
                tail: String::new(),
            },
            (num, _) => {
                let f = match num {
                    Num::Int(i) => i.to_f64().unwrap_or(f64::INFINITY),
                    Num::Float(f) => f,
                };
                match d.to_ascii_lowercase() {
                    'f' => format_f(f, prec),
                    'e' => format_e(f, prec),
                    _ => Padded::plain(format_g(f, prec)),
                }
            }
        };
        // `~E` and `~G` are C's `%E` and `%G`: `1.5E+00`, `INF`.
        let case = |s: String| {
            if d.is_ascii_uppercase() {
                s.to_uppercase()
            } else {
                s
            }
        };
        self.push(&case(text.head))?;
        self.repeat('0', text.zeros)?;
        self.push(&case(text.tail))
    }

    /// Runs directive `d` with its numeric argument `n` (a C int, as in SWI:
    /// digits past its range wrap around, and -1 means none was given).
    fn directive(
        &mut self,
        d: char,
        n: Option<i64>,
        write_term: &mut dyn FnMut(&Store, Cell, TermStyle, &mut String),
    ) -> Step {
        let store = self.store;
        // A count: none below zero.
        let count = |default: u64| n.map_or(default, |k| k.max(0) as u64);
        match d {
            'w' | 'p' | 'q' | 'k' => {
                let c = self.arg()?;
                let style = match d {
                    'w' => TermStyle::Write,
                    'p' => TermStyle::Print,
                    'q' => TermStyle::Writeq,
                    _ => TermStyle::Canonical,
                };
                let start = self.out.len();
                write_term(store, c, style, &mut self.out);
                self.col = advance(self.col, &self.out[start..]);
                self.check_size()?;
            }
            'a' => {
                let c = self.arg()?;
                let text = match store.view(c) {
                    // `[]` is no atom to SWI-Prolog 7 and later.
                    View::Atom(a) if a != atoms::NIL => a.name().to_owned(),
                    View::Str(s) => s.to_owned(),
                    View::Int(_) | View::BigInt(_) | View::Float(_) => {
                        number_text(store, c).unwrap_or_default()
                    }
                    _ => return Err(arg_type_error('a', store, c).into()),
                };
                self.push(&text)?;
            }
            'c' => {
                let c = self.arg()?;
                let ch = match store.view(c) {
                    View::Var(_) => return Err(instantiation_error().into()),
                    View::Int(i) => u32::try_from(i).ok().and_then(char::from_u32),
                    _ => None,
                };
                let ch = ch.ok_or_else(|| arg_type_error('c', store, c))?;
                self.repeat(ch, count(1))?;
            }
            'd' | 'D' => {
                let i = self.integer(d)?;
                self.digits(&i, count(0), d == 'D')?;
            }
            'f' | 'e' | 'g' | 'E' | 'G' => {
                let prec = match n {
                    Some(k) if k < 0 => {
                        return Err(domain_error("not_less_than_zero", Term::Int(k)).into())
                    }
                    _ => count(6),
                };
                self.float(d, prec)?;
            }
            's' => {
                let c = self.arg()?;
                let text = match store.view(c) {
                    View::Atom(_) | View::Str(_) => text_of(store, c),
                    View::Compound(..) if c.tag() == tag::LIS => text_of(store, c),
                    _ => None,
                };
                let text = text.ok_or_else(|| arg_type_error('s', store, c))?;
                self.push(&text)?;
            }
            'r' | 'R' => {
                let radix = n.unwrap_or(8);
                if !(2..=36).contains(&radix) {
                    return Err(domain_error("radix", Term::Int(radix)).into());
                }
                let i = self.integer(d)?;
                let mut s = i.to_str_radix(radix as u32);
                if d == 'R' {
                    s = s.to_uppercase();
                }
                self.push(&s)?;
            }
            'I' => {
                let i = self.integer(d)?;
                self.push(&underscore_groups(&i, count(3)))?;
            }
            'i' => {
                self.arg()?;
            }
            'n' => self.repeat('\n', count(1))?,
            // Newlines, one fewer at the start of a line.
            'N' => self.repeat('\n', count(1).saturating_sub(u64::from(self.col == 0)))?,
            '~' => self.push("~")?,
            't' => {
                let ch = n
                    .and_then(|c| u32::try_from(c).ok())
                    .and_then(char::from_u32)
                    .unwrap_or(' ');
                self.fills.push((self.out.len(), ch));
            }
            '|' => {
                let target = match n {
                    Some(k) => k.max(0) as usize,
                    None => self.col,
                };
                self.column_stop(target)?;
            }
            '+' => {
                let target = self.last_stop + count(8) as usize;
                self.column_stop(target)?;
            }
            _ => {
                return Err(existence_error("format_character", Term::atom(&d.to_string())).into())
            }
        }
        Ok(())
    }
}

/// Formats `fmt` with the argument cells, handing the text to `sink` in order
/// as it is finished: a column segment once its column stop is known, long
/// text (`~100000000c`, a billion digits of `~e`) a chunk at a time. `column`
/// is the output's current column (for column stops); `write_term` renders a
/// term in a style (the caller wires in the writer). On an error, the text
/// produced before it has been handed over, as SWI writes it; the error is
/// SWI's term (`format(Message)`, `format_argument_type(D, Arg)`, ...) or the
/// sink's failure.
pub fn format_to(
    store: &Store,
    fmt: &str,
    args: &[Cell],
    column: usize,
    write_term: &mut dyn FnMut(&Store, Cell, TermStyle, &mut String),
    sink: &mut dyn FnMut(&str) -> Result<(), WriteFailure>,
) -> Step {
    let mut e = Engine {
        store,
        args,
        next_arg: 0,
        out: String::new(),
        col: column,
        fills: Vec::new(),
        last_stop: 0,
        sink,
    };
    let r = run_directives(&mut e, fmt, write_term);
    if let Err(FormatStop::Write(_)) = r {
        return r;
    }
    // Fill points without a column stop pad nothing.
    e.fills.clear();
    let flushed = e.flush();
    r.and(flushed)
}

/// `~I`: the digits of `i` in groups of `size` from the right, joined by
/// `_` (no groups for a size of 0).
fn underscore_groups(i: &BigInt, size: u64) -> String {
    let digits = crate::term::gmp::to_decimal(&i.abs());
    let mut s = String::from(if i.is_negative() { "-" } else { "" });
    for (k, ch) in digits.chars().enumerate() {
        let left = (digits.len() - k) as u64;
        if k > 0 && size > 0 && left.is_multiple_of(size) {
            s.push('_');
        }
        s.push(ch);
    }
    s
}

/// The numeric argument of a directive written in digits: a C int, as in
/// SWI (digits past its range wrap around; -1 stands for no argument).
fn column_argument(value: i32) -> Option<i64> {
    (value != -1).then_some(value as i64)
}

/// Runs the directives of `fmt`, appending to the engine's output.
fn run_directives(
    e: &mut Engine<'_>,
    fmt: &str,
    write_term: &mut dyn FnMut(&Store, Cell, TermStyle, &mut String),
) -> Step {
    let mut chars = fmt.chars();
    while let Some(ch) = chars.next() {
        if ch != '~' {
            e.repeat(ch, 1)?;
            continue;
        }
        let end = || existence_error("format_character", Term::Atom(Atom::new("\u{0}")));
        let mut d = chars.next().ok_or_else(end)?;
        let mut n: Option<i64> = None;
        if d == '*' {
            let c = e.arg()?;
            match e.store.view(c) {
                View::Int(i) if (0..=i32::MAX as i64).contains(&i) => n = Some(i),
                _ => return Err(format_error("no or negative integer for `*' argument").into()),
            }
            d = chars.next().ok_or_else(end)?;
        } else if d == '`' {
            n = Some(chars.next().ok_or_else(end)? as i64);
            d = chars.next().ok_or_else(end)?;
        } else if d.is_ascii_digit() {
            let mut v: i32 = 0;
            while let Some(k) = d.to_digit(10) {
                v = v.wrapping_mul(10).wrapping_add(k as i32);
                d = chars.next().ok_or_else(end)?;
            }
            n = column_argument(v);
        }
        if d == ':' {
            d = chars.next().ok_or_else(end)?;
        }
        e.directive(d, n, write_term)?;
    }
    if e.next_arg < e.args.len() {
        return Err(format_error("too many arguments").into());
    }
    Ok(())
}

/// The positions in the argument list of the arguments that the `~p`
/// directives of `fmt` print (a `*` column argument takes a position too).
pub fn print_arg_indexes(fmt: &str) -> Vec<usize> {
    let mut found = Vec::new();
    let mut next = 0;
    let mut chars = fmt.chars();
    while let Some(c) = chars.next() {
        if c != '~' {
            continue;
        }
        let mut d = chars.next();
        if d == Some('*') {
            next += 1;
            d = chars.next();
        } else if d == Some('`') {
            chars.next();
            d = chars.next();
        } else {
            while d.is_some_and(|c| c.is_ascii_digit()) {
                d = chars.next();
            }
        }
        match d {
            Some('p') => {
                found.push(next);
                next += 1;
            }
            Some('n' | 'N' | 't' | '|' | '+' | '~') | None => {}
            Some(_) => next += 1,
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn print_arguments_are_found_by_position() {
        assert_eq!(print_arg_indexes("~p and ~w, ~a ~*c ~p~n"), vec![0, 5]);
        assert_eq!(print_arg_indexes("~t~p~20|~`-t~p~~~3d~p"), vec![0, 1, 3]);
        assert!(print_arg_indexes("~w ~q").is_empty());
    }

    /// A minimal term writer for tests: atoms, numbers, strings (quoted under
    /// ~q/~p) and compounds in canonical form.
    fn writer(store: &Store, c: Cell, style: TermStyle, out: &mut String) {
        let c = store.deref(c);
        match store.view(c) {
            View::Atom(a) if style != TermStyle::Write && a.name().contains(' ') => {
                out.push_str(&format!("'{}'", a.name()))
            }
            View::Atom(a) => out.push_str(a.name()),
            View::Str(s) if style != TermStyle::Write => out.push_str(&format!("\"{s}\"")),
            View::Str(s) => out.push_str(s),
            View::Var(i) => out.push_str(&format!("_G{i}")),
            View::Compound(name, n, first) => {
                out.push_str(name.name());
                out.push('(');
                for i in 0..n {
                    if i > 0 {
                        out.push(',');
                    }
                    writer(store, store.heap[first + i], style, out);
                }
                out.push(')');
            }
            _ => out.push_str(&number_text(store, c).unwrap_or_default()),
        }
    }

    /// The whole text of a format call, or its error.
    fn format(
        store: &Store,
        fmt: &str,
        args: &[Cell],
        column: usize,
        write_term: &mut dyn FnMut(&Store, Cell, TermStyle, &mut String),
    ) -> Res<String> {
        let mut text = String::new();
        let mut sink = |s: &str| {
            text.push_str(s);
            Ok(())
        };
        match format_to(store, fmt, args, column, write_term, &mut sink) {
            Ok(()) => Ok(text),
            Err(FormatStop::Error(e)) => Err(e),
            Err(FormatStop::Write(w)) => panic!("{w:?}"),
        }
    }

    fn run(fmt: &str, args: Term) -> Result<String, Term> {
        let mut store = Store::new();
        let a = store.from_term(&args, &mut HashMap::new());
        let cells = format_args(&store, a);
        match format(&store, fmt, &cells, 0, &mut writer) {
            Ok(s) => Ok(s),
            Err(PlError::Error(error)) => Err(error.formal),
            Err(other) => panic!("{other:?}"),
        }
    }

    fn a(s: &str) -> Term {
        Term::atom(s)
    }
    fn i(v: i64) -> Term {
        Term::Int(v)
    }
    fn f(v: f64) -> Term {
        Term::Float(v)
    }
    fn l(items: Vec<Term>) -> Term {
        Term::list(items)
    }
    fn big(s: &str) -> Term {
        Term::integer(s.parse().unwrap())
    }

    /// Expected strings are swipl 9.0.4's output for the same call.
    #[test]
    fn directives_match_swi() {
        let cases: Vec<(&str, Term, &str)> = vec![
            (
                "~w~t~10|~w~n",
                l(vec![a("abc"), a("def")]),
                "abc       def\n",
            ),
            ("~t~w~10|~n", l(vec![a("abc")]), "       abc\n"),
            // The previous column stop and pending fill points carry over a newline.
            (
                "~w~t~10+~w~n~w~t~10+~w",
                l(vec![a("a"), a("b"), a("c"), a("d")]),
                "a         b\nc                   d",
            ),
            (
                "~w~t~n~w~t~10+~w",
                l(vec![a("a"), a("b"), a("c")]),
                "a    \nb     c",
            ),
            // Past a stop the column is the stop's.
            (
                "~a~t~8+~a~t~8+~a",
                l(vec![a("xxxxxxxxxxxx"), a("b"), a("c")]),
                "xxxxxxxxxxxxb       c",
            ),
            ("~w\t~w~t~10|~w", l(vec![a("a"), a("b"), a("c")]), "a\tb  c"),
            ("~w~N~N~w~2N", l(vec![a("a"), a("b")]), "a\nb\n\n"),
            (
                "~E ~G ~3I",
                l(vec![f(1.5), f(f64::INFINITY), i(-1234567)]),
                "1.500000E+00 INF -1_234_567",
            ),
            ("~k", l(vec![a("a b")]), "'a b'"),
            ("~t~d~6|", l(vec![i(42)]), "    42"),
            (
                "~a~t~15+~a~n",
                l(vec![a("x"), a("y")]),
                "x              y\n",
            ),
            ("~t~w~t~11|", l(vec![a("abc")]), "    abc    "),
            ("~t~w~t~10|", l(vec![a("abc")]), "   abc    "),
            ("~2d", l(vec![i(1234)]), "12.34"),
            ("~2d", l(vec![i(5)]), "0.05"),
            ("~2d", l(vec![i(-5)]), "-0.05"),
            ("~0d", l(vec![i(5)]), "5"),
            ("~6d", l(vec![i(-12)]), "-0.000012"),
            ("~2d", l(vec![i(0)]), "0.00"),
            ("~D", l(vec![i(1234567)]), "1,234,567"),
            ("~2D", l(vec![i(1234567)]), "12,345.67"),
            ("~3D", l(vec![i(1234567)]), "1,234.567"),
            ("~D", l(vec![i(-1234)]), "-1,234"),
            ("~D", l(vec![i(123)]), "123"),
            (
                "~D",
                l(vec![big("12345678901234567890")]),
                "12,345,678,901,234,567,890",
            ),
            (
                "~3d",
                l(vec![big("12345678901234567890")]),
                "12345678901234567.890",
            ),
            ("~f", l(vec![f(1.23456)]), "1.234560"),
            ("~2f", l(vec![f(2.5)]), "2.50"),
            ("~0f", l(vec![f(2.5)]), "2"),
            ("~0f", l(vec![f(3.5)]), "4"),
            ("~1f", l(vec![f(0.05)]), "0.1"),
            ("~1f", l(vec![f(0.25)]), "0.2"),
            ("~f", l(vec![i(3)]), "3.000000"),
            (
                "~2f",
                l(vec![big("100000000000000000000000")]),
                "100000000000000000000000.00",
            ),
            (
                "~0f",
                l(vec![big("1000000000000000000000000000001")]),
                "1000000000000000000000000000001",
            ),
            ("~20f", l(vec![f(0.1)]), "0.10000000000000000555"),
            ("~4f", l(vec![f(1.0e20)]), "100000000000000000000.0000"),
            ("~2f", l(vec![f(-0.0)]), "-0.00"),
            ("~f", l(vec![f(f64::INFINITY)]), "inf"),
            ("~e", l(vec![f(12.5)]), "1.250000e+01"),
            ("~3e", l(vec![f(12.5)]), "1.250e+01"),
            ("~e", l(vec![i(1)]), "1.000000e+00"),
            ("~0e", l(vec![f(1.5)]), "2e+00"),
            ("~2e", l(vec![f(1.0e100)]), "1.00e+100"),
            ("~e", l(vec![f(-0.5)]), "-5.000000e-01"),
            (
                "~e",
                l(vec![big("100000000000000000000000000")]),
                "1.000000e+26",
            ),
            ("~g", l(vec![f(12.5)]), "12.5"),
            ("~g", l(vec![f(0.1)]), "0.1"),
            ("~g", l(vec![f(1.0e20)]), "1e+20"),
            ("~g", l(vec![f(100000.0)]), "100000"),
            ("~g", l(vec![f(1000000.0)]), "1e+06"),
            ("~g", l(vec![f(0.0001)]), "0.0001"),
            ("~g", l(vec![f(1.0e-5)]), "1e-05"),
            ("~g", l(vec![i(3)]), "3"),
            ("~s", l(vec![l(vec![i(104), i(105)])]), "hi"),
            ("~s", l(vec![Term::Str("hi".into())]), "hi"),
            ("~s", l(vec![l(vec![a("a"), a("b")])]), "ab"),
            ("~s", l(vec![a("abc")]), "abc"),
            ("~c", l(vec![i(65)]), "A"),
            ("~3c", l(vec![i(65)]), "AAA"),
            ("~c", l(vec![i(0x1F600)]), "😀"),
            ("~8r", l(vec![i(64)]), "100"),
            ("~16r", l(vec![i(255)]), "ff"),
            ("~16R", l(vec![i(255)]), "FF"),
            ("~16r", l(vec![i(-255)]), "-ff"),
            ("~r", l(vec![i(10)]), "12"),
            ("~i~w", l(vec![a("a"), a("b")]), "b"),
            ("~*c", l(vec![i(3), i(120)]), "xxx"),
            ("~`-t~30|", l(vec![]), "------------------------------"),
            ("~48t~5|", l(vec![]), "00000"),
            ("~a", l(vec![a("abc")]), "abc"),
            ("~a", l(vec![Term::Str("str".into())]), "str"),
            ("~a", l(vec![i(12)]), "12"),
            ("~a", l(vec![f(1.0)]), "1.0"),
            ("~w", a("hello"), "hello"),
            ("~q", l(vec![a("A b")]), "'A b'"),
            ("~p", l(vec![Term::Str("s".into())]), "\"s\""),
            ("~w", l(vec![Term::Str("s".into())]), "s"),
            ("~~", l(vec![]), "~"),
            ("~3n", l(vec![]), "\n\n\n"),
            ("~8|abc", l(vec![]), "        abc"),
            ("~t~8|abc", l(vec![]), "        abc"),
            ("ab~tcd~6|ef", l(vec![]), "ab  cdef"),
            (
                "~w~30|~w",
                l(vec![a("a"), a("b")]),
                "a                             b",
            ),
            ("abcdefghij~5|x", l(vec![]), "abcdefghijx"),
            (
                "~t~a~10|~t~a~10+",
                l(vec![a("ab"), a("cd")]),
                "        ab        cd",
            ),
            ("~+~w", l(vec![a("x")]), "        x"),
            (
                "~w~t~+~w~t~+~w",
                l(vec![a("a"), a("b"), a("c")]),
                "a       b       c",
            ),
            ("~`*t~t~20|", l(vec![]), "**********          "),
            ("~t~t~10|", l(vec![]), "          "),
            ("~`xt~`yt~10|", l(vec![]), "xxxxxyyyyy"),
            ("x~ty~t~10|z", l(vec![]), "x    y    z"),
            ("~t~2f~10|", l(vec![f(1.23456)]), "      1.23"),
            ("ab\ncd~t~6|x", l(vec![]), "ab\ncd    x"),
            ("~t~w~5|", l(vec![a("abcdefgh")]), "abcdefgh"),
            ("~w~t~5|x", l(vec![a("abcdefgh")]), "abcdefghx"),
            ("ab~3|cd", l(vec![]), "ab cd"),
            ("~w~t~3+~w~t~3+", l(vec![a("abcde"), a("x")]), "abcdex  "),
            ("~8|~w~4+", l(vec![a("x")]), "        x   "),
            ("~20|~t~w~5+", l(vec![a("x")]), "                        x"),
            ("~4|~t~w~10|", l(vec![a("ab")]), "        ab"),
            ("~ta~t~tb~11|", l(vec![]), "   a      b"),
            (
                "~t~w~10|~w~t~10+~w",
                l(vec![a("a"), a("b"), a("c")]),
                "         ab         c",
            ),
            ("abc~|~t~w~5+", l(vec![a("x")]), "abc    x"),
            ("~t~w~t~w~t~10|", l(vec![a("a"), a("b")]), "  a   b   "),
            ("~t~w~t~w~t~12|", l(vec![a("a"), a("b")]), "   a    b   "),
            (
                "~t~w~t~w~t~w~t~14|",
                l(vec![a("a"), a("b"), a("c")]),
                "   a  b   c   ",
            ),
            ("~`at~`bt~`ct~`dt~`et~9|", l(vec![]), "aabccdde"),
            ("~`at~`bt~`ct~`dt~`et~`ft~9|", l(vec![]), "abbcddeef"),
            ("~n~w", l(vec![a("x")]), "\nx"),
            // Numeric arguments are C ints as in SWI: -1 is the default,
            // other negative counts write nothing, 4294967297 is 1.
            ("~4294967295e", l(vec![f(1.5)]), "1.500000e+00"),
            ("~4294967297e", l(vec![f(1.5)]), "1.5e+00"),
            ("~2147483648c", l(vec![i(120)]), ""),
            ("~4294967295c", l(vec![i(120)]), "x"),
            ("a~4294967294|b", l(vec![]), "ab"),
            ("a~4294967294+b", l(vec![]), "ab"),
            ("~4294967294d", l(vec![i(12345)]), "12345"),
            ("~4294967298d", l(vec![i(12345)]), "123.45"),
            ("a~0nb", l(vec![]), "ab"),
            // Precision beyond what a double holds: exact digits, then zeros.
            ("~1000g", l(vec![f(1.0)]), "1"),
            ("~30g", l(vec![f(0.1)]), "0.100000000000000005551115123126"),
        ];
        for (fmt, args, want) in cases {
            assert_eq!(
                run(fmt, args.clone()).as_deref(),
                Ok(want),
                "format({fmt:?}, {args:?})"
            );
        }
    }

    #[test]
    fn errors_match_swi() {
        let fe = |m: &str| Term::compound("format", vec![a(m)]);
        let at = |d: &str, t: Term| Term::compound("format_argument_type", vec![a(d), t]);
        let ev = |n: &str| {
            Term::compound(
                "type_error",
                vec![a("evaluable"), Term::indicator(Atom::new(n), 0)],
            )
        };
        let ex = |c: &str| Term::compound("existence_error", vec![a("format_character"), a(c)]);
        let cases: Vec<(&str, Term, Term)> = vec![
            ("~d", l(vec![a("a")]), ev("a")),
            ("~d", l(vec![f(1.0)]), at("d", f(1.0))),
            ("~D", l(vec![f(1.5)]), at("D", f(1.5))),
            ("~w", l(vec![]), fe("not enough arguments")),
            ("~w", l(vec![a("a"), a("b")]), fe("too many arguments")),
            ("~w ~w", Term::Str("ab".into()), fe("not enough arguments")),
            ("~z", l(vec![i(1)]), ex("z")),
            ("abc~", l(vec![]), ex("\u{0}")),
            ("~c", l(vec![a("a")]), at("c", a("a"))),
            ("~c", l(vec![i(-1)]), at("c", i(-1))),
            ("~e", l(vec![a("a")]), ev("a")),
            (
                "~a",
                l(vec![Term::compound("f", vec![a("x")])]),
                at("a", Term::compound("f", vec![a("x")])),
            ),
            ("~d", l(vec![Term::Var(0)]), a("instantiation_error")),
            (
                "~s",
                l(vec![Term::compound("foo", vec![a("x")])]),
                at("s", Term::compound("foo", vec![a("x")])),
            ),
            (
                "~1r",
                l(vec![i(5)]),
                Term::compound("domain_error", vec![a("radix"), i(1)]),
            ),
            (
                "~37r",
                l(vec![i(5)]),
                Term::compound("domain_error", vec![a("radix"), i(37)]),
            ),
            (
                "~*c",
                l(vec![a("a"), i(120)]),
                fe("no or negative integer for `*' argument"),
            ),
            (
                "~*c",
                l(vec![i(-1), i(120)]),
                fe("no or negative integer for `*' argument"),
            ),
            // Past a C int: SWI's error, not an allocation of 100 GB.
            (
                "~*c",
                l(vec![i(100_000_000_000), i(120)]),
                fe("no or negative integer for `*' argument"),
            ),
            // Digit arguments wrap around as a C int: -2, and 100000000000 mod 2^32.
            (
                "~4294967294e",
                l(vec![f(1.5)]),
                Term::compound("domain_error", vec![a("not_less_than_zero"), i(-2)]),
            ),
            (
                "~100000000000r",
                l(vec![i(1)]),
                Term::compound("domain_error", vec![a("radix"), i(1_215_752_192)]),
            ),
        ];
        for (fmt, args, want) in cases {
            assert_eq!(
                run(fmt, args.clone()),
                Err(want),
                "format({fmt:?}, {args:?})"
            );
        }
    }

    /// Precisions past Rust's formatting limit (65,535) and columns far
    /// away: the text SWI writes, with its length computed, not stored.
    #[test]
    fn huge_precisions_and_columns() {
        let len = |fmt: &str, args: Term| run(fmt, args).map(|s| s.len());
        assert_eq!(len("~65535e", l(vec![f(1.0)])), Ok(65541));
        assert_eq!(len("~65536e", l(vec![f(1.0)])), Ok(65542));
        assert_eq!(len("~65536f", l(vec![f(1.0)])), Ok(65538));
        assert_eq!(len("~65535f", l(vec![f(1.5)])), Ok(65537));
        assert_eq!(len("~65536g", l(vec![f(1.0)])), Ok(1));
        assert_eq!(len("~200000d", l(vec![i(1)])), Ok(200_002));
        assert_eq!(len("~t~300000|", l(vec![])), Ok(300_000));
        assert_eq!(len("ab~`-t~t~300000|", l(vec![])), Ok(300_000));
        assert_eq!(len("~*c", l(vec![i(300_000), i(120)])), Ok(300_000));
        assert_eq!(len("~300000n", l(vec![])), Ok(300_000));
        let exact = run("~1100f", l(vec![f(5.0e-324)])).unwrap();
        assert_eq!(exact.len(), 1102);
        assert!(
            exact.trim_end_matches('0').ends_with("447265625"),
            "{exact}"
        );
        let e = run("~900e", l(vec![f(0.1)])).unwrap();
        assert!(e.starts_with("1.000000000000000055511151231257827"), "{e}");
        assert!(e.ends_with("000e-01"), "{e}");
    }

    /// Text is handed over a chunk at a time while no fill point waits, and
    /// a failing sink ends the call.
    #[test]
    fn long_output_streams_and_stops_at_the_sink() {
        let store = Store::new();
        let mut chunks = 0;
        let mut sink = |s: &str| {
            chunks += 1;
            assert!(s.len() <= 2 * CHUNK, "{}", s.len());
            if chunks == 3 {
                Err(WriteFailure::Interrupted)
            } else {
                Ok(())
            }
        };
        let big = Cell::small(1 << 30);
        let r = format_to(
            &store,
            "~*c",
            &[big, Cell::small(120)],
            0,
            &mut writer,
            &mut sink,
        );
        assert!(
            matches!(r, Err(FormatStop::Write(WriteFailure::Interrupted))),
            "{r:?}"
        );
        assert_eq!(chunks, 3);
    }

    #[test]
    fn starting_column_counts() {
        let store = Store::new();
        let x = Cell::atom(Atom::new("x"));
        // format("abc"), format("~t~w~6|", [x]) in swipl gives "abc  x".
        let s = format(&store, "~t~w~6|", &[x], 3, &mut writer).unwrap();
        assert_eq!(s, "  x");
        // ~+ counts from column 0, not from the starting column.
        let s = format(&store, "~+x", &[], 3, &mut writer).unwrap();
        assert_eq!(s, "     x");
    }

    #[test]
    fn floats_print_like_swi() {
        let cases = [
            (1.0e-5, "1.0e-5"),
            (1.0e15, "1.0e+15"),
            (1.0e14, "100000000000000.0"),
            (0.1, "0.1"),
            (1.0e22, "1.0e+22"),
            (1.5e300, "1.5e+300"),
            (-0.0, "-0.0"),
            (123.456, "123.456"),
            (0.30000000000000004, "0.30000000000000004"),
            (1.0e-4, "0.0001"),
            (2.5e-10, "2.5e-10"),
            (f64::INFINITY, "1.0Inf"),
            (f64::NEG_INFINITY, "-1.0Inf"),
            (f64::NAN, "1.5NaN"),
            (1.0, "1.0"),
        ];
        for (x, want) in cases {
            assert_eq!(format_float(x), want);
        }
    }
}
