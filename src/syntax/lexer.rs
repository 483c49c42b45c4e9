//! Prolog tokens: text -> tokens with byte-offset spans.
//!
//! A `logos` automaton dispatches on the first character of each token and
//! skips layout and `%` comments; hand-written scanners finish the tokens whose
//! shape a regular expression cannot express well (quoted text with escapes,
//! numbers with digit groups and `0'c`, symbol-char runs that must not start a
//! `/*` comment, Unicode letters). Every token knows whether it is a name
//! immediately followed by `(` (functional notation), and a `.` followed by
//! layout, `%` or end of input is the end token.
//!
//! The lexer never panics: bad input yields a `LexError` and the lexer moves
//! past the offending text so that the reader can skip to the end of the clause.

use crate::syntax::writer::is_latin1_solo;
use crate::term::{atoms, Atom};
use logos::Logos;
use num_bigint::BigInt;

/// A token. Names carry their interned atom; `Var` borrows its name from the text.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok<'a> {
    /// An unquoted name (letter-digit, symbol-char, solo `!` `;`, `[]`, `{}`): may be an operator.
    Name(Atom),
    /// A quoted name `'...'`: never an operator.
    QName(Atom),
    /// A name (quoted or not) immediately followed by `(`; the `(` is the next token.
    Functor(Atom),
    /// A variable name, `_` included.
    Var(&'a str),
    /// A non-negative integer that fits in 64 bits.
    Int(i64),
    /// A non-negative integer that does not fit in 64 bits.
    BigInt(Box<BigInt>),
    /// A non-negative float (or infinity, NaN).
    Float(f64),
    /// A double-quoted text, escapes resolved.
    Str(String),
    /// A back-quoted text, escapes resolved.
    BackQ(String),
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LBrack,
    /// `]`
    RBrack,
    /// `{`
    LCurly,
    /// `}`
    RCurly,
    /// `,`
    Comma,
    /// `|`
    Bar,
    /// The end token: `.` followed by layout, `%` or end of input.
    End,
}

/// A lexical error: a message in SWI-Prolog's words and the byte offset it refers to.
#[derive(Clone, Debug, PartialEq)]
pub struct LexError {
    /// What went wrong, e.g. "End of file in quoted atom".
    pub message: String,
    /// Byte offset in the text.
    pub offset: usize,
}

impl LexError {
    fn new(message: impl Into<String>, offset: usize) -> LexError {
        LexError {
            message: message.into(),
            offset,
        }
    }
}

/// The first-character dispatch automaton.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
#[logos(skip r"([ \t\r\n\x0B\x0C]|%[^\n]*)+")]
enum Raw {
    #[token("/*")]
    BlockComment,
    #[regex("[a-z][a-zA-Z0-9_]*")]
    Lower,
    #[regex("[A-Z_][a-zA-Z0-9_]*")]
    Upper,
    #[regex("[0-9]")]
    Digit,
    #[token("'")]
    Quote,
    #[token("\"")]
    DQuote,
    #[token("`")]
    BQuote,
    #[regex(r"[+\-*/\\^<>=~:.?@#&$]")]
    Sym,
    #[token("!")]
    Bang,
    #[token(";")]
    Semi,
    #[token(",")]
    Comma,
    #[token("|")]
    Bar,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBrack,
    #[token("]")]
    RBrack,
    #[token("{")]
    LCurly,
    #[token("}")]
    RCurly,
}

/// A token with its byte span `(start, token, end)`, as lalrpop expects.
pub type Spanned<'a> = (usize, Tok<'a>, usize);

/// The Prolog lexer: an iterator of spanned tokens or errors.
pub struct Lexer<'a> {
    src: &'a str,
    pos: usize,
}

/// True for the ASCII symbol characters and for non-ASCII symbols (neither
/// letters, digits, layout nor control characters).
fn is_symbol_char(c: char) -> bool {
    if c.is_ascii() {
        matches!(
            c,
            '+' | '-'
                | '*'
                | '/'
                | '\\'
                | '^'
                | '<'
                | '>'
                | '='
                | '~'
                | ':'
                | '.'
                | '?'
                | '@'
                | '#'
                | '&'
                | '$'
        )
    } else {
        // Latin-1 solo characters (the soft hyphen, `²`, `½`, ...) are atoms alone, as in SWI.
        !c.is_alphanumeric() && !c.is_whitespace() && !c.is_control() && !is_latin1_solo(c)
    }
}

/// Continues an identifier: the writer's test, so that combining marks continue it (`x\u{301}`
/// is one atom, as in SWI) and Latin-1 solo characters such as `²` do not.
fn is_alnum(c: char) -> bool {
    crate::syntax::writer::is_alnum_char(c)
}

/// The end of the run of characters satisfying `f` starting at `p`.
fn run_end(src: &str, p: usize, f: impl Fn(char) -> bool) -> usize {
    match src[p..].char_indices().find(|&(_, c)| !f(c)) {
        Some((i, _)) => p + i,
        None => src.len(),
    }
}

fn digit_value(c: char, radix: u32) -> Option<u32> {
    c.to_digit(36).filter(|&d| d < radix)
}

/// The value of a backslash escape. `p` is just after the backslash.
/// `Ok(None)` is a line continuation (no character).
fn escape(src: &str, p: usize) -> Result<(Option<char>, usize), (LexError, usize)> {
    let b = src.as_bytes();
    let Some(c) = src[p..].chars().next() else {
        return Err((LexError::new("Unexpected end of file", p), p));
    };
    let simple = |ch: char| Ok((Some(ch), p + 1));
    match c {
        'a' => simple('\u{7}'),
        'b' => simple('\u{8}'),
        'f' => simple('\u{c}'),
        'n' => simple('\n'),
        'r' => simple('\r'),
        't' => simple('\t'),
        'v' => simple('\u{b}'),
        'e' => simple('\u{1b}'),
        's' => simple(' '),
        '\\' | '\'' | '"' | '`' => simple(c),
        '\n' => {
            // Continuation; SWI also skips the next line's leading blanks.
            let q = run_end(src, p + 1, |c| c == ' ' || c == '\t');
            Ok((None, q))
        }
        'c' => {
            let q = run_end(src, p + 1, char::is_whitespace);
            Ok((None, q))
        }
        'x' | '0'..='7' => {
            let (radix, first) = if c == 'x' { (16, p + 1) } else { (8, p) };
            let end = run_end(src, first, |c| digit_value(c, radix).is_some());
            if end == first {
                let msg = "Unknown character escape in quoted atom or string: `\\x'";
                return Err((LexError::new(msg, p - 1), first));
            }
            let next = if b.get(end) == Some(&b'\\') {
                end + 1
            } else {
                end
            };
            let code = u32::from_str_radix(&src[first..end], radix).ok();
            match code.and_then(char::from_u32) {
                Some(ch) => Ok((Some(ch), next)),
                None => Err((LexError::new("Illegal character code", p - 1), next)),
            }
        }
        'u' | 'U' => {
            let n = if c == 'u' { 4 } else { 8 };
            let end = run_end(src, p + 1, |c| c.is_ascii_hexdigit()).min(p + 1 + n);
            let code = u32::from_str_radix(&src[p + 1..end], 16)
                .ok()
                .filter(|_| end == p + 1 + n);
            match code.and_then(char::from_u32) {
                Some(ch) => Ok((Some(ch), end)),
                None => Err((LexError::new("Illegal character code", p - 1), end)),
            }
        }
        _ => Err((
            LexError::new(
                format!("Unknown character escape in quoted atom or string: `\\{c}'"),
                p - 1,
            ),
            p + c.len_utf8(),
        )),
    }
}

/// Scans quoted text whose opening quote is at `start`. Returns the text and
/// the offset after the closing quote; on error, the offset to resume at.
fn scan_quoted(src: &str, start: usize) -> Result<(String, usize), (LexError, usize)> {
    let b = src.as_bytes();
    let q = b[start];
    let mut out = String::new();
    let mut p = start + 1;
    let mut err: Option<LexError> = None;
    loop {
        let eof = || {
            let msg = match q {
                b'\'' => "End of file in quoted atom",
                b'"' => "End of file in quoted string",
                _ => "End of file in quoted codes",
            };
            Err((LexError::new(msg, start), src.len()))
        };
        let Some(i) = b[p..].iter().position(|&c| c == q || c == b'\\') else {
            return eof();
        };
        out.push_str(&src[p..p + i]);
        p += i;
        if b[p] == q {
            if b.get(p + 1) == Some(&q) {
                out.push(q as char);
                p += 2;
            } else {
                p += 1;
                break;
            }
        } else {
            match escape(src, p + 1) {
                Ok((ch, next)) => {
                    if let Some(ch) = ch {
                        out.push(ch);
                    }
                    p = next;
                }
                Err((e, next)) => {
                    if e.message == "Unexpected end of file" {
                        return eof();
                    }
                    err.get_or_insert(e);
                    p = next;
                }
            }
        }
    }
    match err {
        Some(e) => Err((e, p)),
        None => Ok((out, p)),
    }
}

/// Scans digits of `radix` from `p`, allowing SWI digit groups (`_` plus
/// optional layout, or for radix <= 10 a single space, before a digit).
/// Returns the digits without separators and the end offset.
fn scan_digits(src: &str, p: usize, radix: u32) -> (String, usize) {
    let b = src.as_bytes();
    let is_digit = |i: usize| {
        b.get(i)
            .is_some_and(|&c| digit_value(c as char, radix).is_some())
    };
    let mut out = String::new();
    let mut i = p;
    loop {
        while is_digit(i) {
            out.push(b[i] as char);
            i += 1;
        }
        if i == p {
            return (out, i);
        }
        match b.get(i) {
            Some(b'_') => {
                let j = run_end(src, i + 1, char::is_whitespace);
                if is_digit(j) {
                    i = j;
                    continue;
                }
            }
            Some(b' ') if radix <= 10 && is_digit(i + 1) => {
                i += 1;
                continue;
            }
            _ => {}
        }
        return (out, i);
    }
}

fn integer_token<'a>(digits: &str, radix: u32) -> Tok<'a> {
    if let Ok(v) = i64::from_str_radix(digits, radix) {
        return Tok::Int(v);
    }
    match BigInt::parse_bytes(digits.as_bytes(), radix) {
        Some(b) => Tok::BigInt(Box::new(b)),
        None => Tok::Int(0), // unreachable: digits are valid for the radix
    }
}

/// Scans a number starting with the digit at `start`.
fn scan_number<'a>(src: &'a str, start: usize) -> Result<(Tok<'a>, usize), (LexError, usize)> {
    let b = src.as_bytes();
    let (digits, end) = scan_digits(src, start, 10);
    let grouped = end - start != digits.len();
    let at = |i: usize| b.get(i).copied();
    if digits == "0" && end == start + 1 {
        match at(end) {
            Some(b'\'') => return scan_char_code(src, start, end + 1),
            Some(c @ (b'x' | b'o' | b'b')) => {
                let radix = match c {
                    b'x' => 16,
                    b'o' => 8,
                    _ => 2,
                };
                let (ds, e) = scan_digits(src, end + 1, radix);
                if ds.is_empty() {
                    return Err((LexError::new("Illegal number", start), end + 1));
                }
                return Ok((integer_token(&ds, radix), e));
            }
            _ => {}
        }
    }
    if grouped {
        return Ok((integer_token(&digits, 10), end));
    }
    // Radix'digits
    if at(end) == Some(b'\'') {
        if let Ok(radix @ 2..=36) = digits.parse::<u32>() {
            let (ds, e) = scan_digits(src, end + 1, radix);
            if !ds.is_empty() {
                return Ok((integer_token(&ds, radix), e));
            }
        }
    }
    // Floats: digits '.' digits [exp] | digits exp, then optional Inf/NaN.
    let is_d = |i: usize| at(i).is_some_and(|c| c.is_ascii_digit());
    let mut p = end;
    let mut float = false;
    if at(p) == Some(b'.') && is_d(p + 1) {
        float = true;
        p = run_end(src, p + 1, |c| c.is_ascii_digit());
    }
    if matches!(at(p), Some(b'e' | b'E')) {
        let q = if matches!(at(p + 1), Some(b'+' | b'-')) {
            p + 2
        } else {
            p + 1
        };
        if is_d(q) {
            float = true;
            p = run_end(src, q, |c| c.is_ascii_digit());
        }
    }
    if !float {
        return Ok((integer_token(&digits, 10), end));
    }
    let text = &src[start..p];
    let special = if src[p..].starts_with("Inf") && text.contains('.') {
        Some(f64::INFINITY)
    } else if src[p..].starts_with("NaN") && text.contains('.') {
        Some(f64::NAN)
    } else {
        None
    };
    if let Some(v) = special {
        return Ok((Tok::Float(v), p + 3));
    }
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => Ok((Tok::Float(v), p)),
        _ => Err((LexError::new("Number too large", start), p)),
    }
}

/// `0'c`: `p` is just after the quote.
fn scan_char_code<'a>(
    src: &'a str,
    start: usize,
    p: usize,
) -> Result<(Tok<'a>, usize), (LexError, usize)> {
    let b = src.as_bytes();
    let Some(c) = src[p..].chars().next() else {
        return Err((LexError::new("Unexpected end of file", p), p));
    };
    match c {
        '\\' => match escape(src, p + 1) {
            Ok((Some(ch), next)) => Ok((Tok::Int(ch as i64), next)),
            Ok((None, next)) => Err((LexError::new("Illegal number", start), next)),
            Err((e, _)) if e.message == "Unexpected end of file" => Err((e, src.len())),
            Err((_, next)) => Err((LexError::new("Illegal number", start), next)),
        },
        '\'' if b.get(p + 1) == Some(&b'\'') => Ok((Tok::Int(39), p + 2)),
        _ => Ok((Tok::Int(c as i64), p + c.len_utf8())),
    }
}

impl<'a> Lexer<'a> {
    /// A lexer over the whole of `src`.
    pub fn new(src: &'a str) -> Lexer<'a> {
        Lexer::starting_at(src, 0)
    }

    /// A lexer at byte offset `pos` (a character boundary) of `src`.
    pub fn starting_at(src: &'a str, pos: usize) -> Lexer<'a> {
        Lexer { src, pos }
    }

    /// Byte offset of the first character not yet consumed.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Turns a name ending at `end` into `Functor` when `(` follows at once.
    fn name_tok(&self, atom: Atom, quoted: bool, end: usize) -> Tok<'a> {
        if self.src.as_bytes().get(end) == Some(&b'(') {
            Tok::Functor(atom)
        } else if quoted {
            Tok::QName(atom)
        } else {
            Tok::Name(atom)
        }
    }

    fn symbol_run(&self, start: usize) -> (Tok<'a>, usize) {
        let end = run_end(self.src, start, is_symbol_char);
        let text = &self.src[start..end];
        if text == "." {
            let next = self.src[end..].chars().next();
            if next.is_none_or(|c| c.is_whitespace() || c == '%') {
                return (Tok::End, end);
            }
        }
        (self.name_tok(Atom::new(text), false, end), end)
    }

    /// The next token, an error, or `None` at the end of the text.
    pub fn next_token(&mut self) -> Option<Result<Spanned<'a>, LexError>> {
        loop {
            if self.pos >= self.src.len() {
                return None;
            }
            let mut raw = Raw::lexer(&self.src[self.pos..]);
            let r = raw.next();
            let span = raw.span();
            let start = self.pos + span.start;
            let mut end = self.pos + span.end;
            let src = self.src;
            let b = src.as_bytes();
            let tok = match r {
                None => {
                    self.pos = src.len();
                    return None;
                }
                Some(Ok(Raw::BlockComment)) => match src[end..].find("*/") {
                    Some(i) => {
                        self.pos = end + i + 2;
                        continue;
                    }
                    None => {
                        self.pos = src.len();
                        return Some(Err(LexError::new(
                            "End of file in /* ... */ comment",
                            start,
                        )));
                    }
                },
                Some(Ok(Raw::Lower)) => {
                    end = run_end(src, end, is_alnum);
                    self.name_tok(Atom::new(&src[start..end]), false, end)
                }
                Some(Ok(Raw::Upper)) => {
                    end = run_end(src, end, is_alnum);
                    Tok::Var(&src[start..end])
                }
                Some(Ok(Raw::Digit)) => match scan_number(src, start) {
                    Ok((t, e)) => {
                        end = e;
                        t
                    }
                    Err((e, resume)) => {
                        self.pos = resume.max(start + 1);
                        return Some(Err(e));
                    }
                },
                Some(Ok(q @ (Raw::Quote | Raw::DQuote | Raw::BQuote))) => {
                    match scan_quoted(src, start) {
                        Ok((text, e)) => {
                            end = e;
                            match q {
                                Raw::Quote => self.name_tok(Atom::new(&text), true, end),
                                Raw::DQuote => Tok::Str(text),
                                _ => Tok::BackQ(text),
                            }
                        }
                        Err((e, resume)) => {
                            self.pos = resume;
                            return Some(Err(e));
                        }
                    }
                }
                Some(Ok(Raw::Sym)) => {
                    let (t, e) = self.symbol_run(start);
                    end = e;
                    t
                }
                Some(Ok(Raw::Bang)) => self.name_tok(atoms::CUT, false, end),
                Some(Ok(Raw::Semi)) => self.name_tok(atoms::SEMICOLON, false, end),
                Some(Ok(Raw::Comma)) => Tok::Comma,
                Some(Ok(Raw::Bar)) => Tok::Bar,
                Some(Ok(Raw::LParen)) => Tok::LParen,
                Some(Ok(Raw::RParen)) => Tok::RParen,
                Some(Ok(Raw::LBrack)) if b.get(end) == Some(&b']') => {
                    end += 1;
                    self.name_tok(atoms::NIL, false, end)
                }
                Some(Ok(Raw::LBrack)) => Tok::LBrack,
                Some(Ok(Raw::RBrack)) => Tok::RBrack,
                Some(Ok(Raw::LCurly)) if b.get(end) == Some(&b'}') => {
                    end += 1;
                    self.name_tok(atoms::CURLY, false, end)
                }
                Some(Ok(Raw::LCurly)) => Tok::LCurly,
                Some(Ok(Raw::RCurly)) => Tok::RCurly,
                Some(Err(())) => {
                    // Not ASCII-dispatchable: classify the character ourselves.
                    let Some(c) = src[start..].chars().next() else {
                        self.pos = src.len();
                        return None;
                    };
                    let after = start + c.len_utf8();
                    if c.is_whitespace() {
                        self.pos = after;
                        continue;
                    } else if c.is_alphanumeric() {
                        end = run_end(src, after, is_alnum);
                        if c.is_uppercase() {
                            Tok::Var(&src[start..end])
                        } else {
                            self.name_tok(Atom::new(&src[start..end]), false, end)
                        }
                    } else if is_latin1_solo(c) {
                        end = after;
                        self.name_tok(Atom::new(&src[start..end]), false, end)
                    } else if is_symbol_char(c) {
                        let (t, e) = self.symbol_run(start);
                        end = e;
                        t
                    } else {
                        self.pos = after;
                        return Some(Err(LexError::new("Illegal character", start)));
                    }
                }
            };
            self.pos = end;
            return Some(Ok((start, tok, end)));
        }
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Result<Spanned<'a>, LexError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_token()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<Result<Tok<'_>, String>> {
        Lexer::new(s)
            .map(|r| r.map(|(_, t, _)| t).map_err(|e| e.message))
            .collect()
    }

    fn one(s: &str) -> Tok<'_> {
        let v = toks(s);
        assert_eq!(v.len(), 1, "{s:?} gave {v:?}");
        v.into_iter().next().unwrap().unwrap()
    }

    fn name(s: &str) -> Tok<'static> {
        Tok::Name(Atom::new(s))
    }

    #[test]
    fn names_and_variables() {
        assert_eq!(one("foo_Bar1"), name("foo_Bar1"));
        assert_eq!(one("café"), name("café"));
        assert_eq!(one("Éa"), Tok::Var("Éa"));
        assert_eq!(one("_"), Tok::Var("_"));
        assert_eq!(one("_X1"), Tok::Var("_X1"));
        assert_eq!(one("=.."), name("=.."));
        assert_eq!(one("!"), name("!"));
        assert_eq!(one(";"), name(";"));
        assert_eq!(one("[]"), Tok::Name(crate::term::atoms::NIL));
        assert_eq!(one("{}"), name("{}"));
    }

    /// Found by the `roundtrip` fuzz target: the writer leaves `x\u{301}` unquoted, as SWI does.
    #[test]
    fn combining_marks_continue_identifiers() {
        // Found by the `roundtrip` fuzz target: `a+\u{ad}(b)` is +(a, '\u{ad}'(b)) in SWI.
        assert_eq!(
            toks("+\u{ad}(b)")[..2],
            [Ok(name("+")), Ok(Tok::Functor(Atom::new("\u{ad}")))]
        );
        assert_eq!(toks("\u{ad}\u{ad}").len(), 2);
        assert_eq!(toks("\u{bd}+").len(), 2);
        assert_eq!(one("x\u{301}"), name("x\u{301}"));
        assert_eq!(one("Xa\u{301}b"), Tok::Var("Xa\u{301}b"));
        assert_eq!(
            toks("x\u{301}(1)")[0],
            Ok(Tok::Functor(Atom::new("x\u{301}")))
        );
        // Latin-1 solo characters do not continue an identifier (SWI: `a²` is two tokens).
        assert_eq!(toks("a\u{b2}").len(), 2);
    }

    #[test]
    fn functor_needs_adjacent_paren() {
        assert_eq!(
            toks("f(a) f (a)"),
            vec![
                Ok(Tok::Functor(Atom::new("f"))),
                Ok(Tok::LParen),
                Ok(name("a")),
                Ok(Tok::RParen),
                Ok(name("f")),
                Ok(Tok::LParen),
                Ok(name("a")),
                Ok(Tok::RParen),
            ]
        );
        assert_eq!(toks("'a b'(")[0], Ok(Tok::Functor(Atom::new("a b"))));
        assert_eq!(toks("-(")[0], Ok(Tok::Functor(Atom::new("-"))));
    }

    #[test]
    fn quoted_escapes() {
        let q = |s: &str| match one(s) {
            Tok::QName(a) => a.name().to_string(),
            t => panic!("{t:?}"),
        };
        assert_eq!(q(r"'a\nb'"), "a\nb");
        assert_eq!(
            q(r#"'\t\\\'\"\`\a\b\f\v\e\s'"#),
            "\t\\'\"`\u{7}\u{8}\u{c}\u{b}\u{1b} "
        );
        assert_eq!(q(r"'\x41\\101\\0\'"), "AA\0");
        assert_eq!(q(r"'\x41'"), "A");
        assert_eq!(q(r"'\101'"), "A");
        assert_eq!(q(r"'\u00e9\U0001F600'"), "é😀");
        assert_eq!(q("'it''s'"), "it's");
        assert_eq!(q("'a\\\n   b'"), "ab");
        assert_eq!(q("'a\nb'"), "a\nb");
        assert_eq!(q("''"), "");
        assert_eq!(one("\"a\"\"b\""), Tok::Str("a\"b".into()));
        assert_eq!(one("`a``b`"), Tok::BackQ("a`b".into()));
    }

    #[test]
    fn quoted_errors() {
        assert_eq!(toks("'abc"), vec![Err("End of file in quoted atom".into())]);
        assert_eq!(
            toks("\"abc"),
            vec![Err("End of file in quoted string".into())]
        );
        assert_eq!(
            toks("`abc"),
            vec![Err("End of file in quoted codes".into())]
        );
        assert_eq!(
            toks(r"'a\qb' x"),
            vec![
                Err("Unknown character escape in quoted atom or string: `\\q'".into()),
                Ok(name("x"))
            ]
        );
        assert_eq!(
            toks(r"'\uD800'"),
            vec![Err("Illegal character code".into())]
        );
        assert_eq!(
            toks(r"'\x110000\'"),
            vec![Err("Illegal character code".into())]
        );
        assert_eq!(toks("'\\"), vec![Err("End of file in quoted atom".into())]);
        assert_eq!(
            toks("/* x"),
            vec![Err("End of file in /* ... */ comment".into())]
        );
    }

    #[test]
    fn numbers() {
        assert_eq!(one("42"), Tok::Int(42));
        assert_eq!(one("007"), Tok::Int(7));
        assert_eq!(one("1_000_000"), Tok::Int(1_000_000));
        assert_eq!(one("1 000 000"), Tok::Int(1_000_000));
        assert_eq!(one("1_000_\n000"), Tok::Int(1_000_000));
        assert_eq!(one("0'a"), Tok::Int(97));
        assert_eq!(one("0'\\n"), Tok::Int(10));
        assert_eq!(one("0'''"), Tok::Int(39));
        assert_eq!(one("0''"), Tok::Int(39));
        assert_eq!(one("0' "), Tok::Int(32));
        assert_eq!(one("0'é"), Tok::Int(233));
        assert_eq!(one("0x1F"), Tok::Int(31));
        assert_eq!(one("0o17"), Tok::Int(15));
        assert_eq!(one("0b101"), Tok::Int(5));
        assert_eq!(one("16'FF"), Tok::Int(255));
        assert_eq!(one("36'Z"), Tok::Int(35));
        assert_eq!(one("1.0e10"), Tok::Float(1.0e10));
        assert_eq!(one("1e10"), Tok::Float(1.0e10));
        assert_eq!(one("1.5E-3"), Tok::Float(1.5e-3));
        assert_eq!(one("1.0E+3"), Tok::Float(1000.0));
        assert_eq!(one("1.0Inf"), Tok::Float(f64::INFINITY));
        assert!(matches!(one("1.5NaN"), Tok::Float(f) if f.is_nan()));
        assert_eq!(
            one("123456789012345678901234567890"),
            Tok::BigInt(Box::new("123456789012345678901234567890".parse().unwrap()))
        );
        assert_eq!(
            one("0xFFFFFFFFFFFFFFFFFF"),
            Tok::BigInt(Box::new("4722366482869645213695".parse().unwrap()))
        );
        assert_eq!(one("9223372036854775807"), Tok::Int(i64::MAX));
    }

    #[test]
    fn number_boundaries() {
        assert_eq!(toks("1e"), vec![Ok(Tok::Int(1)), Ok(name("e"))]);
        assert_eq!(toks("1.0e"), vec![Ok(Tok::Float(1.0)), Ok(name("e"))]);
        assert_eq!(toks("1  2"), vec![Ok(Tok::Int(1)), Ok(Tok::Int(2))]);
        assert_eq!(toks("2'102"), vec![Ok(Tok::Int(2)), Ok(Tok::Int(2))]);
        assert_eq!(
            toks("37'1"),
            vec![Ok(Tok::Int(37)), Err("End of file in quoted atom".into())]
        );
        assert_eq!(toks("1__0"), vec![Ok(Tok::Int(1)), Ok(Tok::Var("__0"))]);
        assert_eq!(toks("1. "), vec![Ok(Tok::Int(1)), Ok(Tok::End)]);
        assert_eq!(
            toks("1.e5"),
            vec![Ok(Tok::Int(1)), Ok(name(".")), Ok(name("e5"))]
        );
        assert_eq!(
            toks("0x."),
            vec![Err("Illegal number".into()), Ok(Tok::End)]
        );
        assert_eq!(toks("0'\\z"), vec![Err("Illegal number".into())]);
        assert_eq!(toks("0'"), vec![Err("Unexpected end of file".into())]);
        assert_eq!(toks("1.0e1000"), vec![Err("Number too large".into())]);
    }

    #[test]
    fn end_token_and_comments() {
        assert_eq!(
            toks("a. b.%c\nc.\n/* x */ d ."),
            vec![
                Ok(name("a")),
                Ok(Tok::End),
                Ok(name("b")),
                Ok(Tok::End),
                Ok(name("c")),
                Ok(Tok::End),
                Ok(name("d")),
                Ok(Tok::End),
            ]
        );
        assert_eq!(
            toks("X = '.'."),
            vec![
                Ok(Tok::Var("X")),
                Ok(name("=")),
                Ok(Tok::QName(Atom::new("."))),
                Ok(Tok::End)
            ]
        );
        assert_eq!(
            toks("+/*c*/"),
            vec![Ok(name("+/*")), Ok(name("c")), Ok(name("*/"))]
        );
        assert_eq!(
            toks("a/*c*/+b"),
            vec![Ok(name("a")), Ok(name("+")), Ok(name("b"))]
        );
        assert_eq!(toks("→."), vec![Ok(name("→."))]);
        assert_eq!(toks("a %x\n"), vec![Ok(name("a"))]);
    }

    #[test]
    fn junk_never_panics() {
        assert_eq!(toks("\0"), vec![Err("Illegal character".into())]);
        assert_eq!(
            toks("a\u{7}b"),
            vec![
                Ok(name("a")),
                Err("Illegal character".into()),
                Ok(name("b"))
            ]
        );
        assert_eq!(toks("\u{a0}a"), vec![Ok(name("a"))]);
        let junk: String = (0u32..600).filter_map(char::from_u32).collect();
        let _ = toks(&junk);
        for s in [
            "'",
            "\"",
            "`",
            "0'",
            "0'\\",
            "0x",
            "1'",
            "/*",
            "'\\x",
            "'\\u12",
            "'\\U1234567",
            "0'\\u",
            "\\",
        ] {
            let _ = toks(s);
        }
        // Every prefix of a tricky text lexes without panicking.
        let t = "f('a\\x41\\b', \"s\\u00e9\", 0'\\n, 1.5e3, 16'ff, `c`, /* c */ X_1, é→). % end";
        for i in 0..=t.len() {
            if t.is_char_boundary(i) {
                let _ = toks(&t[..i]);
            }
        }
    }
}
