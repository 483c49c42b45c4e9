//! The Prolog reader: text -> owned `Term`s.
//!
//! Three stages: the `logos`-based lexer (`super::lexer`) makes tokens; the
//! lalrpop grammar (`grammar/prolog.lalrpop`) owns the fixed structure (clause
//! and end token, argument lists, lists, curly terms, parentheses) and pushes
//! the items of every expression onto one flat buffer; `Ctx::resolve_from`
//! then resolves an expression (a clause, a parenthesised term, a list element,
//! a curly term) against the operator table with an iterative
//! operator-precedence (Pratt) pass. The table is passed per clause, so `op/3`
//! directives take effect from the next clause on.
//!
//! A name in functional notation, `name(...)`, reaches the pass flat, as
//! `Open(name)`, its items and `Close`: in operand position it is a compound
//! whose arguments the pass separates at the commas; after an operand it is
//! the infix operator `name` applied to the parenthesised term, as in
//! SWI-Prolog (`a =..(m, 2 *-> x)` is `a =.. ((m, 2) *-> x)`).
//!
//! Nothing here recurses on the nesting depth of the text: lalrpop's LR driver
//! keeps its stacks on the heap, the precedence pass keeps an explicit stack
//! (argument lists included), and `Term` drops iteratively, so a term nested
//! 1,000,000 deep reads fine. Every item is resolved once: reading is linear.

use super::lexer::{LexError, Lexer, Spanned, Tok};
use super::ops::{OpDef, OpType, Ops};
use crate::machine::DoubleQuotes;
use crate::term::{atoms, Atom, Term};
use lalrpop_util::ParseError;
use std::collections::HashMap;
use std::fmt;

lalrpop_util::lalrpop_mod!(
    #[allow(unused, clippy::all)]
    grammar,
    "/prolog.rs"
);

/// The highest operator priority, used for clauses, arguments and list
/// elements alike (SWI-Prolog accepts `f(a:-b)` and `[a:-b]`).
const MAX_PRIORITY: u16 = 1200;

/// A position in the text, 1-based.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pos {
    /// Line number, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub col: usize,
}

/// A syntax error with SWI-Prolog's wording and the position it refers to.
#[derive(Clone, Debug, PartialEq)]
pub struct SyntaxError {
    /// E.g. "Operator expected", "Illegal start of term", "End of file in quoted atom".
    pub message: String,
    /// Where the error was found.
    pub pos: Pos,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: Syntax error: {}",
            self.pos.line, self.pos.col, self.message
        )
    }
}

impl std::error::Error for SyntaxError {}

/// Options that change how text is read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ReadOptions {
    /// What `"text"` denotes.
    pub double_quotes: DoubleQuotes,
}

impl Default for ReadOptions {
    fn default() -> ReadOptions {
        ReadOptions {
            double_quotes: DoubleQuotes::String,
        }
    }
}

/// One clause (or term) as read.
#[derive(Clone, Debug)]
pub struct ReadTerm {
    /// The term; its variables are `Term::Var(0..)` in order of first occurrence.
    pub term: Term,
    /// Named variables in order of first occurrence, with their `Term::Var` number.
    pub var_names: Vec<(String, u32)>,
    /// Named variables occurring once, except names starting with `_`.
    pub singletons: Vec<String>,
    /// Variables whose names mark them as singletons (`_X`, `__x`: an
    /// underscore, then a capital or another underscore) but that occur
    /// more than once, in order of first occurrence.
    pub marked_shared: Vec<String>,
    /// Position of the first token of the clause.
    pub start: Pos,
}

/// One element of an expression sequence, with its byte span.
#[derive(Debug)]
pub(crate) struct Item {
    kind: ItemKind,
    start: usize,
    end: usize,
}

#[derive(Debug)]
enum ItemKind {
    /// A finished operand (variable, compound, list, parenthesised term, ...).
    Term(Term),
    /// A number literal: an operand that `-` directly before it negates.
    Number(Term),
    /// An unquoted name: an operator or an atom, depending on the context.
    Name(Atom),
    /// `name(` of a name written in functional notation; its items and a
    /// `Close` follow. A compound in operand position, an infix operator
    /// applied to the parenthesised term after an operand.
    Open(Atom),
    /// The `)` that ends an `Open`.
    Close,
    /// An unquoted `,`.
    Comma,
    /// An unquoted `|`.
    Bar,
}

impl Item {
    /// An operand.
    pub fn term(t: Term, start: usize, end: usize) -> Item {
        Item {
            kind: ItemKind::Term(t),
            start,
            end,
        }
    }
    /// A number literal.
    pub fn number(t: Term, start: usize, end: usize) -> Item {
        Item {
            kind: ItemKind::Number(t),
            start,
            end,
        }
    }
    /// An unquoted name.
    pub fn name(a: Atom, start: usize, end: usize) -> Item {
        Item {
            kind: ItemKind::Name(a),
            start,
            end,
        }
    }
    /// `name(` of a name in functional notation.
    pub fn open(f: Atom, start: usize, end: usize) -> Item {
        Item {
            kind: ItemKind::Open(f),
            start,
            end,
        }
    }
    /// The `)` ending an `open` item.
    pub fn close(start: usize, end: usize) -> Item {
        Item {
            kind: ItemKind::Close,
            start,
            end,
        }
    }
    /// An unquoted comma.
    pub fn comma(start: usize, end: usize) -> Item {
        Item {
            kind: ItemKind::Comma,
            start,
            end,
        }
    }
    /// An unquoted bar.
    pub fn bar(start: usize, end: usize) -> Item {
        Item {
            kind: ItemKind::Bar,
            start,
            end,
        }
    }
}

/// An operator waiting for its right operand, or an open parenthesis, during
/// `Ctx::resolve`. The parenthesis frames remember the `max` and the
/// argument-list mode of the expression around them.
enum Frame {
    Prefix {
        op: Atom,
        prio: u16,
        max: u16,
    },
    Infix {
        op: Atom,
        left: Term,
        prio: u16,
        max: u16,
    },
    /// The argument list of the compound `f(...)`, with the arguments read so far.
    Args {
        f: Atom,
        args: Vec<Term>,
        max: u16,
        outer_args: bool,
    },
    /// The parenthesised right operand of an infix operator written `op(...)`.
    Paren {
        max: u16,
        outer_args: bool,
    },
}

impl Frame {
    /// Whether this frame is an open parenthesis (no operator to reduce).
    fn is_group(&self) -> bool {
        matches!(self, Frame::Args { .. } | Frame::Paren { .. })
    }
}

/// Per-clause state the grammar actions use: the operator table, the
/// `double_quotes` mode, the clause's variables and the item buffer.
pub(crate) struct Ctx<'t, 'o> {
    ops: &'o Ops,
    /// Items of the expressions not yet resolved, in input order.
    items: Vec<Item>,
    double_quotes: DoubleQuotes,
    /// (name, number, occurrences) in order of first occurrence.
    vars: Vec<(&'t str, u32, u32)>,
    index: HashMap<&'t str, usize>,
    next_var: u32,
}

fn err(message: &str, offset: usize) -> LexError {
    LexError {
        message: message.to_string(),
        offset,
    }
}

impl<'t, 'o> Ctx<'t, 'o> {
    fn new(ops: &'o Ops, double_quotes: DoubleQuotes) -> Ctx<'t, 'o> {
        Ctx {
            ops,
            items: Vec::new(),
            double_quotes,
            vars: Vec::new(),
            index: HashMap::new(),
            next_var: 0,
        }
    }

    /// Appends an item to the buffer; returns its index.
    pub fn push(&mut self, item: Item) -> usize {
        self.items.push(item);
        self.items.len() - 1
    }

    /// Resolves the expression whose items start at buffer index `start`
    /// (the rest of the buffer) and removes them. See `resolve`.
    pub fn resolve_from(&mut self, start: usize, end: usize, top: bool) -> Result<Term, LexError> {
        let items = self.items.split_off(start);
        self.resolve(items, end, top)
    }

    /// The term for a variable token; `_` is a fresh variable each time.
    pub fn var(&mut self, name: &'t str) -> Term {
        if name != "_" {
            if let Some(&i) = self.index.get(name) {
                self.vars[i].2 += 1;
                return Term::Var(self.vars[i].1);
            }
            self.index.insert(name, self.vars.len());
            self.vars.push((name, self.next_var, 1));
        }
        self.next_var += 1;
        Term::Var(self.next_var - 1)
    }

    /// The term for `"text"` under the current `double_quotes` mode.
    pub fn string(&self, s: String) -> Term {
        match self.double_quotes {
            DoubleQuotes::String => Term::Str(s),
            DoubleQuotes::Codes => Ctx::codes(&s),
            DoubleQuotes::Chars => {
                Term::list(s.chars().map(|c| Term::Atom(Atom::char(c))).collect())
            }
            DoubleQuotes::Atom => Term::Atom(Atom::new(&s)),
        }
    }

    /// A list of the character codes of `s`.
    pub fn codes(s: &str) -> Term {
        Term::list(s.chars().map(|c| Term::Int(c as i64)).collect())
    }

    fn var_names(&self) -> Vec<(String, u32)> {
        self.vars
            .iter()
            .map(|&(n, v, _)| (n.to_string(), v))
            .collect()
    }

    /// The variables used once that SWI warns about: `_` alone and names
    /// marked by `_` and a capital, `_` or digit are meant to be singletons,
    /// but `_x` (a small letter after the `_`) is an ordinary name.
    fn singletons(&self) -> Vec<String> {
        let warned = |n: &str| match n.strip_prefix('_') {
            None => true,
            Some(rest) => rest.chars().next().is_some_and(|c| c.is_lowercase()),
        };
        self.vars
            .iter()
            .filter(|&&(n, _, count)| count == 1 && warned(n))
            .map(|&(n, _, _)| n.to_string())
            .collect()
    }

    fn marked_shared(&self) -> Vec<String> {
        let marked = |n: &str| {
            let mut cs = n.chars().skip(1);
            n.starts_with('_') && cs.next().is_some_and(|c| c == '_' || c.is_uppercase())
        };
        self.vars
            .iter()
            .filter(|&&(n, _, count)| count > 1 && marked(n))
            .map(|&(n, _, _)| n.to_string())
            .collect()
    }

    fn infix(&self, a: Atom) -> Option<OpDef> {
        self.ops.infix(a).or(if a == atoms::COMMA {
            Some(OpDef {
                priority: 1000,
                typ: OpType::Xfy,
            })
        } else {
            None
        })
    }

    /// The priority of an operator name standing as an atom. As the last atom
    /// of a sequence directly after a prefix operator it may not exceed that
    /// operator's priority (`- ^` and `:- -->` are fine, `- :` is not).
    fn atom_priority(&self, a: Atom) -> u16 {
        let infix = self.infix(a).map_or(0, |d| d.priority);
        let postfix = self.ops.postfix(a).map_or(0, |d| d.priority);
        infix.max(postfix)
    }

    /// Whether the prefix operator `def` at `items[i]` stands as an atom, and
    /// with which priority. It does when nothing follows (priority 0), and
    /// when a `,` or an infix (or postfix) operator that cannot start a term
    /// follows with something after it, provided the name fits as that
    /// operator's left argument (`- = X`, `\+ , a`). Otherwise it is an
    /// operator: `+ **` is `+(**)`, `:- = X` is an error, as in SWI-Prolog.
    fn prefix_as_atom(&self, items: &[Item], i: usize, def: OpDef, in_args: bool) -> Option<u16> {
        if ends(items, i + 1, in_args) {
            return Some(0);
        }
        let follower = match &items[i + 1].kind {
            ItemKind::Comma => self.infix(atoms::COMMA),
            ItemKind::Name(b) if !ends(items, i + 2, in_args) && self.ops.prefix(*b).is_none() => {
                self.infix(*b).or(self.ops.postfix(*b))
            }
            _ => None,
        };
        follower
            .filter(|f| def.priority <= f.left_max())
            .map(|_| def.priority)
    }

    /// Whether a name that is both an infix and a postfix operator is the
    /// postfix one (`infix` is its infix definition), given what follows it
    /// at `items[j]`: it is when the expression ends there, before a `,`, and
    /// before a name that is an infix operator of at least the same priority
    /// and not a prefix operator (`a ++ = c` is `++(a) = c` when `++` is
    /// `xf` 200 and `yfx` 500), as in SWI-Prolog.
    fn postfix_first(&self, items: &[Item], j: usize, in_args: bool, infix: OpDef) -> bool {
        if ends(items, j, in_args) {
            return true;
        }
        match &items[j].kind {
            ItemKind::Comma => true,
            ItemKind::Name(b) => {
                self.ops.prefix(*b).is_none()
                    && self.infix(*b).is_some_and(|d| d.priority >= infix.priority)
            }
            _ => false,
        }
    }

    /// Resolves an expression sequence against the operator table. `end` is
    /// the offset just after the sequence, `top` says whether the sequence is
    /// a whole clause (for the wording of errors). `Open` ... `Close` groups
    /// are resolved in the same pass, with parenthesis frames on the stack:
    /// in operand position as a compound's argument list (`,` separates),
    /// after an operand as the parenthesised operand of the infix operator.
    fn resolve(&self, mut items: Vec<Item>, end: usize, top: bool) -> Result<Term, LexError> {
        if items.len() == 1 {
            if let ItemKind::Term(t) | ItemKind::Number(t) = &mut items[0].kind {
                return Ok(std::mem::take(t));
            }
        }
        let mut stack: Vec<Frame> = Vec::new();
        let mut max = MAX_PRIORITY;
        // Whether the innermost group is an argument list (`,` separates).
        let mut in_args = false;
        let mut i = 0;
        'operand: loop {
            // Operand position: read prefix operators, argument lists and one primary.
            let mut after_prefix = false;
            let (mut left, mut lp) = loop {
                let empty_args = matches!(
                    items.get(i + 1),
                    Some(Item {
                        kind: ItemKind::Close,
                        ..
                    })
                );
                let Some(item) = items.get_mut(i) else {
                    let msg = if top {
                        "Unexpected end of clause"
                    } else {
                        "Illegal start of term"
                    };
                    return Err(err(msg, end));
                };
                let (start, item_end) = (item.start, item.end);
                let a = match &mut item.kind {
                    ItemKind::Term(t) | ItemKind::Number(t) => {
                        let t = std::mem::take(t);
                        i += 1;
                        break (t, 0);
                    }
                    ItemKind::Open(f) if empty_args => {
                        // SWI-7's `name()`: a compound of arity 0.
                        let t = Term::Compound(*f, Vec::new());
                        i += 2;
                        break (t, 0);
                    }
                    ItemKind::Open(f) => {
                        stack.push(Frame::Args {
                            f: *f,
                            args: Vec::new(),
                            max,
                            outer_args: in_args,
                        });
                        (max, in_args, after_prefix) = (MAX_PRIORITY, true, false);
                        i += 1;
                        continue;
                    }
                    ItemKind::Close => return Err(err("Illegal start of term", start)),
                    ItemKind::Comma | ItemKind::Bar => {
                        return Err(err("Operand expected, unquoted comma or bar found", start))
                    }
                    ItemKind::Name(a) => *a,
                };
                if a == atoms::MINUS {
                    if let Some(Item {
                        kind: ItemKind::Number(n),
                        start: ns,
                        ..
                    }) = items.get_mut(i + 1)
                    {
                        if *ns == item_end {
                            let n = negate(std::mem::take(n));
                            i += 2;
                            break (n, 0);
                        }
                    }
                }
                let Some(def) = self.ops.prefix(a) else {
                    if after_prefix && ends(&items, i + 1, in_args) {
                        if let Some(Frame::Prefix { prio, .. }) = stack.last() {
                            if self.atom_priority(a) > *prio {
                                return Err(err("Operator priority clash", start));
                            }
                        }
                    }
                    i += 1;
                    break (Term::Atom(a), 0);
                };
                if let Some(p) = self.prefix_as_atom(&items, i, def, in_args) {
                    i += 1;
                    break (Term::Atom(a), p);
                }
                if def.priority > max {
                    return Err(err("Operator priority clash", start));
                }
                stack.push(Frame::Prefix {
                    op: a,
                    prio: def.priority,
                    max,
                });
                max = def.right_max();
                after_prefix = true;
                i += 1;
            };
            // Operator position: attach infix and postfix operators, hand the
            // operand back to the operator waiting for it, or end a group.
            loop {
                let fits = match items.get(i) {
                    _ if ends(&items, i, in_args) => None,
                    None => None,
                    Some(item) => {
                        let (name, open) = match &item.kind {
                            ItemKind::Name(a) => (*a, false),
                            ItemKind::Open(a) if self.infix(*a).is_some() => (*a, true),
                            ItemKind::Comma => (atoms::COMMA, false),
                            ItemKind::Bar => (atoms::BAR, false),
                            // SWI reads a quoted '|' in operator position as the bar (no other quoted atom).
                            ItemKind::Term(Term::Atom(a)) if *a == atoms::BAR => {
                                (atoms::BAR, false)
                            }
                            _ => return Err(err("Operator expected", item.start)),
                        };
                        let infix = self.infix(name);
                        let postfix = if open { None } else { self.ops.postfix(name) };
                        let (def, is_infix) = match (infix, postfix) {
                            (Some(d), None) => (d, true),
                            (Some(d), Some(_))
                                if !self.postfix_first(&items, i + 1, in_args, d) =>
                            {
                                (d, true)
                            }
                            (_, Some(d)) => (d, false),
                            (None, None) => return Err(err("Operator expected", item.start)),
                        };
                        if def.priority <= max && lp <= def.left_max() {
                            Some((name, def, is_infix, open))
                        } else if stack.last().is_none_or(Frame::is_group) {
                            return Err(err("Operator priority clash", item.start));
                        } else {
                            None
                        }
                    }
                };
                match fits {
                    Some((op, def, true, open)) => {
                        stack.push(Frame::Infix {
                            op,
                            left,
                            prio: def.priority,
                            max,
                        });
                        max = def.right_max();
                        if open {
                            stack.push(Frame::Paren {
                                max,
                                outer_args: in_args,
                            });
                            (max, in_args) = (MAX_PRIORITY, false);
                        }
                        i += 1;
                        continue 'operand;
                    }
                    Some((op, def, false, _)) => {
                        left = Term::Compound(op, vec![left]);
                        lp = def.priority;
                        i += 1;
                    }
                    None => match stack.pop() {
                        None if i >= items.len() => return Ok(left),
                        None => return Err(err("Illegal start of term", items[i].start)),
                        Some(Frame::Prefix { op, prio, max: m }) => {
                            left = Term::Compound(op, vec![left]);
                            lp = prio;
                            max = m;
                        }
                        Some(Frame::Infix {
                            op,
                            left: l,
                            prio,
                            max: m,
                        }) => {
                            left = Term::Compound(op, vec![l, left]);
                            lp = prio;
                            max = m;
                        }
                        Some(Frame::Args {
                            f,
                            mut args,
                            max: m,
                            outer_args,
                        }) => {
                            args.push(left);
                            let comma = matches!(
                                items.get(i),
                                Some(Item {
                                    kind: ItemKind::Comma,
                                    ..
                                })
                            );
                            i += 1;
                            if comma {
                                stack.push(Frame::Args {
                                    f,
                                    args,
                                    max: m,
                                    outer_args,
                                });
                                max = MAX_PRIORITY;
                                continue 'operand;
                            }
                            (left, lp, max, in_args) = (Term::Compound(f, args), 0, m, outer_args);
                        }
                        Some(Frame::Paren { max: m, outer_args }) => {
                            i += 1;
                            (lp, max, in_args) = (0, m, outer_args);
                        }
                    },
                }
            }
        }
    }
}

/// Whether the expression (or argument, in an argument list) that `items[j]`
/// would continue ends before it.
fn ends(items: &[Item], j: usize, in_args: bool) -> bool {
    match items.get(j).map(|item| &item.kind) {
        None | Some(ItemKind::Close) => true,
        Some(ItemKind::Comma) => in_args,
        _ => false,
    }
}

/// The negative of a number literal.
fn negate(t: Term) -> Term {
    match &t {
        Term::Int(n) => Term::Int(-n),
        Term::BigInt(b) => Term::integer(-b.clone()),
        Term::Float(f) => Term::Float(-f),
        _ => t,
    }
}

/// Feeds one clause's tokens to the parser: stops after the end token, and
/// (for `read_term_from_str`) supplies a missing end token at end of input.
struct ClauseTokens<'l, 'a> {
    lexer: &'l mut Lexer<'a>,
    first: Option<Result<Spanned<'a>, LexError>>,
    ended: bool,
    eof_ends: bool,
}

impl<'l, 'a> Iterator for ClauseTokens<'l, 'a> {
    type Item = Result<Spanned<'a>, LexError>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.ended {
            return None;
        }
        let t = self.first.take().or_else(|| self.lexer.next_token());
        match t {
            Some(Ok((_, Tok::End, _))) => self.ended = true,
            None if self.eof_ends => {
                self.ended = true;
                let at = self.lexer.offset();
                return Some(Ok((at, Tok::End, at)));
            }
            _ => {}
        }
        t
    }
}

/// Reads clauses one by one from a text.
pub struct Reader<'a> {
    text: &'a str,
    lexer: Lexer<'a>,
    /// Byte offsets at which lines start.
    lines: Vec<usize>,
    /// The last position computed, to count columns incrementally on long lines.
    last_pos: std::cell::Cell<(usize, Pos)>,
    parser: grammar::ClauseParser,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader::starting_at(text, 0)
    }

    /// A reader at byte offset `offset` (a character boundary) of `text`;
    /// positions stay those in the whole of `text`.
    pub fn starting_at(text: &'a str, offset: usize) -> Reader<'a> {
        let mut lines = vec![0];
        lines.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Reader {
            text,
            lexer: Lexer::starting_at(text, offset),
            lines,
            last_pos: std::cell::Cell::new((0, Pos { line: 1, col: 1 })),
            parser: grammar::ClauseParser::new(),
        }
    }

    /// Next clause with the current operator table; None at end of input. After a syntax error the
    /// reader has skipped past the end token of the bad clause, so reading can go on.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self, ops: &Ops, opts: &ReadOptions) -> Option<Result<ReadTerm, SyntaxError>> {
        self.read(ops, opts, false)
    }

    /// Byte offset of the unread rest of the text.
    pub fn offset(&self) -> usize {
        self.lexer.offset()
    }

    /// The line and column of a byte offset.
    fn pos(&self, offset: usize) -> Pos {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.lines.partition_point(|&s| s <= offset);
        let start = self.lines[line - 1];
        let (last, last_pos) = self.last_pos.get();
        let pos = if last_pos.line == line && last <= offset {
            Pos {
                line,
                col: last_pos.col + self.text[last..offset].chars().count(),
            }
        } else {
            Pos {
                line,
                col: self.text[start..offset].chars().count() + 1,
            }
        };
        self.last_pos.set((offset, pos));
        pos
    }

    fn error(&self, message: impl Into<String>, offset: usize) -> SyntaxError {
        SyntaxError {
            message: message.into(),
            pos: self.pos(offset),
        }
    }

    fn read(
        &mut self,
        ops: &Ops,
        opts: &ReadOptions,
        eof_ends: bool,
    ) -> Option<Result<ReadTerm, SyntaxError>> {
        let first = self.lexer.next_token()?;
        let start = match &first {
            Ok((s, _, _)) => *s,
            Err(e) => e.offset,
        };
        let mut ctx = Ctx::new(ops, opts.double_quotes);
        let mut toks = ClauseTokens {
            lexer: &mut self.lexer,
            first: Some(first),
            ended: false,
            eof_ends,
        };
        let result = self.parser.parse(&mut ctx, &mut toks);
        let ended = toks.ended;
        Some(match result {
            Ok(term) => Ok(ReadTerm {
                term,
                var_names: ctx.var_names(),
                singletons: ctx.singletons(),
                marked_shared: ctx.marked_shared(),
                start: self.pos(start),
            }),
            Err(e) => {
                if !ended {
                    self.skip_clause();
                }
                Err(self.convert(e))
            }
        })
    }

    /// Skips tokens up to and including the next end token.
    fn skip_clause(&mut self) {
        while let Some(t) = self.lexer.next_token() {
            if let Ok((_, Tok::End, _)) = t {
                break;
            }
        }
    }

    fn convert(&self, e: ParseError<usize, Tok<'a>, LexError>) -> SyntaxError {
        match e {
            ParseError::User { error } => self.error(error.message, error.offset),
            ParseError::InvalidToken { location } => self.error("Illegal character", location),
            ParseError::UnrecognizedEof { location, .. } => {
                self.error("Unexpected end of file", location)
            }
            ParseError::ExtraToken { token: (l, _, _) } => self.error("End of clause expected", l),
            ParseError::UnrecognizedToken {
                token: (l, tok, _),
                expected,
            } => {
                let expects = |t: &str| expected.iter().any(|e| e == t);
                let msg = match tok {
                    Tok::End => "Unexpected end of clause",
                    Tok::Comma | Tok::Bar if expects("\"]\"") && !expects("\",\"") => {
                        "Unexpected comma or bar in rest of list"
                    }
                    Tok::Comma | Tok::Bar => "Operand expected, unquoted comma or bar found",
                    _ => "Illegal start of term",
                };
                self.error(msg, l)
            }
        }
    }
}

/// Reads one term from `text`; the final `.` is optional. Ok(None) for text that is only layout/comments.
pub fn read_term_from_str(
    text: &str,
    ops: &Ops,
    opts: &ReadOptions,
) -> Result<Option<ReadTerm>, SyntaxError> {
    let mut r = Reader::new(text);
    match r.read(ops, opts, true) {
        None => Ok(None),
        Some(Err(e)) => Err(e),
        Some(Ok(t)) => match r.lexer.next_token() {
            None => Ok(Some(t)),
            Some(Ok((s, _, _))) => Err(r.error("End of file expected", s)),
            Some(Err(e)) => Err(r.error(e.message, e.offset)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// write_canonical-like text of a (shallow) term; variables print as `_N`.
    pub(super) fn canon(t: &Term) -> String {
        fn atom(a: Atom) -> String {
            let n = a.name();
            let solo = matches!(n, "[]" | "{}" | "!" | ";");
            let word = n.chars().next().is_some_and(|c| c.is_lowercase())
                && n.chars().all(|c| c == '_' || c.is_alphanumeric());
            let sym =
                n != "." && !n.is_empty() && n.chars().all(|c| "+-*/\\^<>=~:.?@#&$".contains(c));
            if solo || word || sym {
                n.to_string()
            } else {
                format!(
                    "'{}'",
                    n.replace('\\', "\\\\")
                        .replace('\'', "\\'")
                        .replace('\n', "\\n")
                )
            }
        }
        match t {
            Term::Var(n) => format!("_{n}"),
            Term::Atom(a) => atom(*a),
            Term::Int(i) => i.to_string(),
            Term::BigInt(b) => b.to_string(),
            Term::Float(f) if f.is_nan() => "1.5NaN".into(),
            Term::Float(f) if f.is_infinite() => if *f > 0.0 { "1.0Inf" } else { "-1.0Inf" }.into(),
            Term::Float(f) => format!("{f:?}"),
            Term::Str(s) => format!("{s:?}"),
            Term::Compound(f, args) if *f == atoms::DOT && args.len() == 2 => {
                let mut out = String::from("[");
                let mut t = t;
                loop {
                    match t {
                        Term::Compound(f, a) if *f == atoms::DOT && a.len() == 2 => {
                            if out.len() > 1 {
                                out.push(',');
                            }
                            out.push_str(&canon(&a[0]));
                            t = &a[1];
                        }
                        Term::Atom(a) if *a == atoms::NIL => break,
                        other => {
                            out.push('|');
                            out.push_str(&canon(other));
                            break;
                        }
                    }
                }
                out.push(']');
                out
            }
            Term::Compound(f, args) => {
                let args: Vec<String> = args.iter().map(canon).collect();
                let name = if *f == atoms::COMMA {
                    "','".into()
                } else {
                    atom(*f)
                };
                format!("{}({})", name, args.join(","))
            }
        }
    }

    fn read_with(text: &str, ops: &Ops, dq: DoubleQuotes) -> Result<String, String> {
        let opts = ReadOptions { double_quotes: dq };
        match read_term_from_str(text, ops, &opts) {
            Ok(Some(t)) => Ok(canon(&t.term)),
            Ok(None) => Err("none".into()),
            Err(e) => Err(format!("{}:{}: {}", e.pos.line, e.pos.col, e.message)),
        }
    }

    fn rd(text: &str) -> Result<String, String> {
        read_with(text, &Ops::default(), DoubleQuotes::Codes)
    }

    /// Cases checked against `swipl` (write_canonical output, variables renamed).
    #[test]
    fn reads_like_swi() {
        let cases: &[(&str, &str)] = &[
            ("foo(a, B, _C, 1, 2.5)", "foo(a,_0,_1,1,2.5)"),
            ("f(a:-b)", "f(:-(a,b))"),
            ("X = a:-b", ":-(=(_0,a),b)"),
            ("[a:-b]", "[:-(a,b)]"),
            ("f(a|b)", "f('|'(a,b))"),
            ("(a|b)", "'|'(a,b)"),
            ("{a|b}", "{}('|'(a,b))"),
            ("X = dynamic", "=(_0,dynamic)"),
            ("- = X", "=(-,_0)"),
            ("X = :- ", "=(_0,:-)"),
            ("X = (:-)", "=(_0,:-)"),
            ("f(:-)", "f(:-)"),
            ("[:-]", "[:-]"),
            ("f(-, +)", "f(-,+)"),
            ("f(- , a)", "f(-,a)"),
            ("[-|T]", "[-|_0]"),
            ("- 1", "-(1)"),
            ("-1", "-1"),
            ("- - 1", "-(-(1))"),
            ("a - -1", "-(a,-1)"),
            ("a-1", "-(a,1)"),
            ("a - 1", "-(a,1)"),
            ("+1", "+(1)"),
            ("X = - -1", "=(_0,-(-1))"),
            ("X = a* -1", "=(_0,*(a,-1))"),
            ("X = - 3.0", "=(_0,-(3.0))"),
            ("X = -(3)", "=(_0,-(3))"),
            ("X = -(-(1))", "=(_0,-(-(1)))"),
            ("-(1,2)", "-(1,2)"),
            ("- (1,2)", "-(','(1,2))"),
            ("- (1)", "-(1)"),
            ("- - a", "-(-(a))"),
            ("\\+ \\+ a", "\\+(\\+(a))"),
            ("- a = b", "=(-(a),b)"),
            ("\\+ a = b", "\\+(=(a,b))"),
            ("- a + b", "+(-(a),b)"),
            ("a = -", "=(a,-)"),
            ("X = - - -", "=(_0,-(-(-)))"),
            ("-", "-"),
            ("-(-)", "-(-)"),
            ("\\+ -", "\\+(-)"),
            ("[:- | a]", "[:-|a]"),
            ("f(a :- b, c)", "f(:-(a,b),c)"),
            ("(a , b | c ; d)", "'|'(','(a,b),;(c,d))"),
            ("a | b , c", "'|'(a,','(b,c))"),
            ("dynamic foo/1, bar/2", "dynamic(','(/(foo,1),/(bar,2)))"),
            (":- dynamic foo/1", ":-(dynamic(/(foo,1)))"),
            ("a :- b, c ; d -> e", ":-(a,;(','(b,c),->(d,e)))"),
            ("X = 2 ^ 3 ^ 4", "=(_0,^(2,^(3,4)))"),
            ("X = -2^2", "=(_0,^(-2,2))"),
            ("X = - 2 ^ 2", "=(_0,-(^(2,2)))"),
            ("X = 1-2-3", "=(_0,-(-(1,2),3))"),
            ("X = a:b:c", "=(_0,:(a,:(b,c)))"),
            ("X is 1 + 2 * 3 - 4", "is(_0,-(+(1,*(2,3)),4))"),
            ("X = {}", "=(_0,{})"),
            ("X = { }", "=(_0,{})"),
            ("X = {a,b}", "=(_0,{}(','(a,b)))"),
            ("X = '{}'(a)", "=(_0,{}(a))"),
            ("X = {}(a)", "=(_0,{}(a))"),
            ("X = [](a)", "=(_0,[](a))"),
            ("X = foo()", "=(_0,foo())"),
            ("foo( )", "foo()"),
            ("f(a(), [b()|c()])", "f(a(),[b()|c()])"),
            ("- -()", "-(-())"),
            ("X = [ ]", "=(_0,[])"),
            ("[a,b|T]", "[a,b|_0]"),
            ("[1,2|[3]]", "[1,2,3]"),
            ("[a|[]]", "[a]"),
            ("X = ;(a,b)", "=(_0,;(a,b))"),
            ("X = !(a)", "=(_0,!(a))"),
            ("p :- !, q", ":-(p,','(!,q))"),
            ("X = a.b", "=(_0,'.'(a,b))"),
            ("f(_,_A,_B,_A)", "f(_0,_1,_2,_1)"),
            ("X = é", "=(_0,é)"),
            ("X = café", "=(_0,café)"),
            ("X = Ébc", "=(_0,_1)"),
            ("X = 'hello world'", "=(_0,'hello world')"),
            ("X = 'a''b'", "=(_0,'a\\'b')"),
            ("X = 'a\\\nb'", "=(_0,ab)"),
            ("X = `ab`", "=(_0,[97,98])"),
            ("X = \"ab\"", "=(_0,[97,98])"),
            ("1 000 000", "1000000"),
            ("f(1 2)", "f(12)"),
            ("1_000_000", "1000000"),
            ("- 1 000", "-(1000)"),
            ("0'a", "97"),
            ("-0'a", "-97"),
            ("0'\\n", "10"),
            ("0'''", "39"),
            ("0''", "39"),
            ("0' ", "32"),
            ("16'FF", "255"),
            ("0x1F", "31"),
            ("-0x10", "-16"),
            ("0o17", "15"),
            ("0b101", "5"),
            ("1e10", "10000000000.0"),
            ("1.0e10", "10000000000.0"),
            ("1.0e-3", "0.001"),
            ("1.0Inf", "1.0Inf"),
            ("-1.0Inf", "-1.0Inf"),
            ("1.5NaN", "1.5NaN"),
            (
                "123456789012345678901234567890",
                "123456789012345678901234567890",
            ),
            (
                "-123456789012345678901234567890",
                "-123456789012345678901234567890",
            ),
            ("-9223372036854775808", "-9223372036854775808"),
            ("9223372036854775808", "9223372036854775808"),
            ("X = a/*x*/+b", "=(_0,+(a,b))"),
            ("X = a%x\n+b", "=(_0,+(a,b))"),
            ("'\\x41\\'(x)", "'A'(x)"),
            ("f(;, '|', '[]', [])", "f(;,'|',[],[])"),
            ("a:-b", ":-(a,b)"),
            ("a=..b", "=..(a,b)"),
            ("\\+a", "\\+(a)"),
            (
                "f(x) :- \\+ g(x), !, fail",
                ":-(f(x),','(\\+(g(x)),','(!,fail)))",
            ),
            ("X == 'end_of_file'", "==(_0,end_of_file)"),
            ("?- foo", "?-(foo)"),
            ("a --> b, {c}", "-->(a,','(b,{}(c)))"),
            // Operators as atoms next to other operators (found by differential fuzzing).
            ("+ **", "+(**)"),
            ("- ^", "-(^)"),
            (":- -->", ":-(-->)"),
            ("- ** - a", "-(-(**),a)"),
            ("\\+ , a", "','(\\+,a)"),
            ("- \\+ , a", "','(-(\\+),a)"),
            ("- - = a", "=(-(-),a)"),
            ("is - a", "-(is,a)"),
            ("; , a", "','(;,a)"),
            ("?- = - =", "?-(-(=,=))"),
            (":- -> -1", ":-(-(->,1))"),
            ("0'a mod \\+ ; '-'", ";(mod(97,\\+),-)"),
            ("+ **| :", "'|'(+(**),:)"),
            // An infix operator in functional notation after an operand.
            ("X = a -(1)", "=(_0,-(a,1))"),
            ("a -(1,2)", "-(a,','(1,2))"),
            ("a =(b)", "=(a,b)"),
            ("- -(1)", "-(-(1))"),
            ("a * -(1)", "*(a,-(1))"),
            // ... applied to a parenthesised term, commas and all (checked with swipl).
            ("a=..(m,2*->x)", "=..(a,*->(','(m,2),x))"),
            ("a=..(m,2*->x, y)", "=..(a,*->(','(m,2),','(x,y)))"),
            ("a -(b:-c, d)", "-(a,:-(b,','(c,d)))"),
            ("a -(b, c:-d)", "-(a,:-(','(b,c),d))"),
            ("a -(b|c, d)", "-(a,'|'(b,','(c,d)))"),
            ("a -((b,c), d)", "-(a,','(','(b,c),d))"),
            ("a =(b:-c)", "=(a,:-(b,c))"),
            ("a-(b,c)", "-(a,','(b,c))"),
            ("a- (b,c)", "-(a,','(b,c))"),
            ("a -(b) -(c)", "-(-(a,b),c)"),
            ("a -(b,c) * d", "-(a,*(','(b,c),d))"),
            ("a -(b) * d", "-(a,*(b,d))"),
            ("a ^(b) ^ c", "^(a,^(b,c))"),
            ("- (a) ^ b", "-(^(a,b))"),
            ("-(a) ^ b", "^(-(a),b)"),
            ("- =(1)", "-(=(1))"),
            ("a - =(1)", "-(a,=(1))"),
            ("a -(- , b)", "-(a,','(-,b))"),
            ("a -(-(1))", "-(a,-(1))"),
            ("a :-(b :- c)", ":-(a,:-(b,c))"),
            ("a = f(a) :- b", ":-(=(a,f(a)),b)"),
            ("x is 1 +(2, 3) * 4", "is(x,+(1,*(','(2,3),4)))"),
            ("f(a, g(b, c :- d), e)", "f(a,g(b,:-(c,d)),e)"),
            ("f(a -(b :- c, d), e)", "f(-(a,:-(b,','(c,d))),e)"),
            ("[a -(b :- c, d)|t]", "[-(a,:-(b,','(c,d)))|t]"),
            ("{a -(b :- c, d)}", "{}(-(a,:-(b,','(c,d))))"),
            (
                "a =..(b -(c, d :- e), f)",
                "=..(a,','(-(b,:-(','(c,d),e)),f))",
            ),
            ("f(a) -(b, c)", "-(f(a),','(b,c))"),
            ("[] -(1)", "-([],1)"),
            ("p :- a =(b :- c, d), e", ":-(p,','(=(a,:-(b,','(c,d))),e))"),
            ("- (1,2)", "-(','(1,2))"),
            ("-(1,2)", "-(1,2)"),
            ("a|(b,c)|d", "'|'(a,'|'(','(b,c),d))"),
            ("a ;(b,c) -> d", ";(a,->(','(b,c),d))"),
            ("2 ^ -(1) ^ 3", "^(2,^(-(1),3))"),
            ("1 +(2) *(3) -(4)", "-(+(1,*(2,3)),4)"),
            ("1 *(2) +(3) *(4)", "+(*(1,2),*(3,4))"),
            ("a -(b) =(c)", "=(-(a,b),c)"),
            ("a =..(m|n, o)", "=..(a,'|'(m,','(n,o)))"),
            ("a :(b):c", ":(a,:(b,c))"),
            ("a ','(b,c)", "','(a,','(b,c))"),
            ("a '|'(b)", "'|'(a,b)"),
            ("- a -(b)", "-(-(a),b)"),
            ("\\+a =(b)", "\\+(=(a,b))"),
            ("[- , -]", "[-,-]"),
            ("[a|(b|c)]", "[a|'|'(b,c)]"),
            ("a -(-1)", "-(a,-1)"),
            ("-(3)-(4)", "-(-(3),4)"),
            ("f(:-, a)", "f(:-,a)"),
            ("a =(- :-)", "=(a,-(:-))"),
            ("a =(-, -)", "=(a,','(-,-))"),
        ];
        let mut bad = Vec::new();
        for (text, want) in cases {
            let got = rd(text);
            if got.as_deref() != Ok(*want) {
                bad.push(format!("{text:?}: got {got:?}, want {want}"));
            }
        }
        assert!(bad.is_empty(), "mismatches:\n{}", bad.join("\n"));
    }

    #[test]
    fn syntax_errors_like_swi() {
        let cases: &[(&str, &str)] = &[
            ("X = \\+a.", "1:5: Operator priority clash"),
            ("a = b = c.", "1:7: Operator priority clash"),
            ("X = 2 ** 3 ** 4.", "1:12: Operator priority clash"),
            (":- = X.", "1:6: Operator expected"),
            (
                "f(|).",
                "1:3: Operand expected, unquoted comma or bar found",
            ),
            (
                "f(,a).",
                "1:3: Operand expected, unquoted comma or bar found",
            ),
            ("X = 'dynamic' a.", "1:15: Operator expected"),
            ("X = a '+' b.", "1:7: Operator expected"),
            ("foo (a).", "1:5: Operator expected"),
            ("1  2.", "1:4: Operator expected"),
            ("1'a'.", "1:2: Operator expected"),
            ("0x.", "1:1: Illegal number"),
            ("f(a)).", "1:5: Illegal start of term"),
            ("[a,].", "1:4: Illegal start of term"),
            ("a).", "1:2: Illegal start of term"),
            (".", "1:1: Unexpected end of clause"),
            (
                "X = [a|b|c].",
                "1:9: Unexpected comma or bar in rest of list",
            ),
            (
                "X = [a,b|c,d].",
                "1:11: Unexpected comma or bar in rest of list",
            ),
            (
                "X = 'a\\qb'.",
                "1:7: Unknown character escape in quoted atom or string: `\\q'",
            ),
            ("X = 'abc", "1:5: End of file in quoted atom"),
            ("X = \"abc", "1:5: End of file in quoted string"),
            ("X = `abc", "1:5: End of file in quoted codes"),
            ("/* abc", "1:1: End of file in /* ... */ comment"),
            ("f(a", "1:4: Unexpected end of clause"),
            ("a.\nf(X,\n  Y Z).", "2:1: End of file expected"),
            ("f(X,\n  Y Z).", "2:5: Operator expected"),
            ("X = 1.0e1000.", "1:5: Number too large"),
            ("X = '\\uD800'.", "1:6: Illegal character code"),
            ("a \u{0} b.", "1:3: Illegal character"),
            ("a. b.", "1:4: End of file expected"),
            ("X(a).", "1:2: Operator expected"),
            ("f(a =).", "1:6: Illegal start of term"),
            ("a :- .", "1:6: Unexpected end of clause"),
            ("+ * .", "1:3: Operator priority clash"),
            ("- : .", "1:3: Operator priority clash"),
            (
                "- | a.",
                "1:3: Operand expected, unquoted comma or bar found",
            ),
            (
                "dynamic , a.",
                "1:9: Operand expected, unquoted comma or bar found",
            ),
            ("a foo(b).", "1:3: Operator expected"),
            ("- ** a.", "1:6: Operator expected"),
            ("a =(b:-c, d:-e).", "1:12: Operator priority clash"),
            ("a -(b, :- c).", "1:8: Operator priority clash"),
            ("a =..(b) =.. c.", "1:10: Operator priority clash"),
            ("a = (b) = c.", "1:9: Operator priority clash"),
            ("a =(b) = c.", "1:8: Operator priority clash"),
            ("a **(b)**c.", "1:8: Operator priority clash"),
            ("a = \\+ (b,c).", "1:5: Operator priority clash"),
            ("a :- b :-(c).", "1:8: Operator priority clash"),
            ("a -(b) c.", "1:8: Operator expected"),
            ("a -( ).", "1:6: Illegal start of term"),
            ("a f(b).", "1:3: Operator expected"),
            ("a -(b)(c).", "1:7: Operator expected"),
            ("f(a, ).", "1:6: Illegal start of term"),
            ("a =(b :-).", "1:9: Illegal start of term"),
        ];
        let mut bad = Vec::new();
        for (text, want) in cases {
            let got = rd(text);
            if got.as_ref().err().map(String::as_str) != Some(*want) {
                bad.push(format!("{text:?}: got {got:?}, want {want}"));
            }
        }
        assert!(bad.is_empty(), "mismatches:\n{}", bad.join("\n"));
    }

    #[test]
    fn reader_goes_on_after_errors() {
        let text = "a(1).\nb(1 2 3 x).\nc('unterminated\\q'). d :- .\n% comment\ne(X, Y, X).\nf(";
        let ops = Ops::default();
        let opts = ReadOptions::default();
        let mut r = Reader::new(text);
        let mut out = Vec::new();
        while let Some(res) = r.next(&ops, &opts) {
            out.push(match res {
                Ok(t) => format!("{}@{}:{}", canon(&t.term), t.start.line, t.start.col),
                Err(e) => format!("{}:{}: {}", e.pos.line, e.pos.col, e.message),
            });
        }
        assert_eq!(
            out,
            vec![
                "a(1)@1:1",
                "2:9: Operator expected",
                "3:16: Unknown character escape in quoted atom or string: `\\q'",
                "3:27: Unexpected end of clause",
                "e(_0,_1,_0)@5:1",
                "6:3: Unexpected end of file",
            ]
        );
        assert_eq!(r.offset(), text.len());
        assert!(r.next(&ops, &opts).is_none());
    }

    #[test]
    fn variables_and_singletons() {
        let ops = Ops::default();
        let text = "foo(X, _Y, _, Z, X, _, _Y, W, _v, _1) :- bar(Z)";
        let t = read_term_from_str(text, &ops, &ReadOptions::default())
            .unwrap()
            .unwrap();
        assert_eq!(
            canon(&t.term),
            ":-(foo(_0,_1,_2,_3,_0,_4,_1,_5,_6,_7),bar(_3))"
        );
        let names: Vec<(&str, u32)> = t.var_names.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        assert_eq!(
            names,
            vec![
                ("X", 0),
                ("_Y", 1),
                ("Z", 3),
                ("W", 5),
                ("_v", 6),
                ("_1", 7)
            ]
        );
        assert_eq!(t.singletons, vec!["W".to_string(), "_v".to_string()]);
        assert_eq!(t.start, Pos { line: 1, col: 1 });
    }

    #[test]
    fn read_term_from_str_edges() {
        let ops = Ops::default();
        let o = ReadOptions::default();
        assert!(read_term_from_str("", &ops, &o).unwrap().is_none());
        assert!(read_term_from_str("  % c\n /* d */ ", &ops, &o)
            .unwrap()
            .is_none());
        assert_eq!(rd("foo"), Ok("foo".into()));
        assert_eq!(rd("foo. "), Ok("foo".into()));
        assert_eq!(rd("foo.%x"), Ok("foo".into()));
        assert_eq!(rd("foo. % more"), Ok("foo".into()));
        let t = read_term_from_str("\n\n   g(x)", &ops, &o)
            .unwrap()
            .unwrap();
        assert_eq!(t.start, Pos { line: 3, col: 4 });
    }

    #[test]
    fn double_quotes_modes() {
        let ops = Ops::default();
        let rq = |dq| read_with("x(\"ab\", \"\")", &ops, dq).unwrap();
        assert_eq!(rq(DoubleQuotes::Codes), "x([97,98],[])");
        assert_eq!(rq(DoubleQuotes::Chars), "x([a,b],[])");
        assert_eq!(rq(DoubleQuotes::Atom), "x(ab,'')");
        assert_eq!(rq(DoubleQuotes::String), "x(\"ab\",\"\")");
        let t = read_term_from_str("\"a\\nb\"", &ops, &ReadOptions::default())
            .unwrap()
            .unwrap();
        assert_eq!(t.term, Term::Str("a\nb".into()));
        assert_eq!(rd("`a`"), Ok("[97]".into()));
    }

    #[test]
    fn op_changes_between_clauses() {
        let mut ops = Ops::default();
        let opts = ReadOptions::default();
        let text = "a likes b.\nx likes y.\nfoo is_bar.\n- 1.";
        let mut r = Reader::new(text);
        assert!(r.next(&ops, &opts).unwrap().is_err());
        ops.add(700, OpType::Xfx, Atom::new("likes"));
        ops.add(200, OpType::Xf, Atom::new("is_bar"));
        ops.add(0, OpType::Fy, Atom::new("-"));
        assert_eq!(
            canon(&r.next(&ops, &opts).unwrap().unwrap().term),
            "likes(x,y)"
        );
        assert_eq!(
            canon(&r.next(&ops, &opts).unwrap().unwrap().term),
            "is_bar(foo)"
        );
        assert!(r.next(&ops, &opts).unwrap().is_err());
        ops.add(700, OpType::Xfx, Atom::new("===>"));
        assert_eq!(
            read_with("a ===> b", &ops, DoubleQuotes::Codes),
            Ok("===>(a,b)".into())
        );
        ops.add(0, OpType::Xfy, Atom::new("|"));
        assert!(read_with("(a | b)", &ops, DoubleQuotes::Codes).is_err());
        assert_eq!(
            read_with("[a|b]", &ops, DoubleQuotes::Codes),
            Ok("[a|b]".into())
        );
        ops.add(100, OpType::Yf, Atom::new("!"));
        assert_eq!(
            read_with("a ! !", &ops, DoubleQuotes::Codes),
            Ok("!(!(a))".into())
        );
    }

    /// A name that is both an infix and a postfix operator: which one it is
    /// depends on what follows (checked with swipl; SWI's leniency on chains
    /// such as `a ++ ++` is not copied: they are priority clashes here).
    #[test]
    fn infix_and_postfix_operator() {
        let mut ops = Ops::default();
        ops.add(200, OpType::Xf, Atom::new("++"));
        ops.add(500, OpType::Yfx, Atom::new("++"));
        let cases = [
            ("a ++", Ok("++(a)")),
            ("a ++(b)", Ok("++(a,b)")),
            ("a ++ (b)", Ok("++(a,b)")),
            ("f(a ++, b)", Ok("f(++(a),b)")),
            ("[a ++, b]", Ok("[++(a),b]")),
            ("{b ++ , c}", Ok("{}(','(++(b),c))")),
            ("a =(b ++, c)", Ok("=(a,','(++(b),c))")),
            ("b ++ = c", Ok("=(++(b),c)")),
            ("b ++ ++ c", Ok("++(++(b),c)")),
            ("b ++ - c", Ok("++(b,-(c))")),
            ("b ++ mod", Ok("++(b,mod)")),
            ("b ++ ++(c)", Ok("++(b,++(c))")),
            ("b ++ * c", Err(())),
            ("b ++ =", Err(())),
        ];
        let mut bad = Vec::new();
        for (text, want) in cases {
            let got = read_with(text, &ops, DoubleQuotes::Codes).map_err(|_| ());
            if got.as_deref().ok() != want.ok() {
                bad.push(format!("{text}: got {got:?}, want {want:?}"));
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }

    /// Depth of a term, computed iteratively.
    fn depth(t: &Term) -> usize {
        let mut stack = vec![(t, 1usize)];
        let mut best = 0;
        while let Some((t, d)) = stack.pop() {
            best = best.max(d);
            if let Term::Compound(_, args) = t {
                stack.extend(args.iter().map(|a| (a, d + 1)));
            }
        }
        best
    }

    #[test]
    fn deep_nesting_reads_without_overflow() {
        const N: usize = 1_000_000;
        let ops = Ops::default();
        let o = ReadOptions::default();
        let cases = [
            ("[".repeat(N) + &"]".repeat(N), N),
            ("f(".repeat(N) + "a" + &")".repeat(N), N + 1),
            ("f(a,".repeat(N) + "a" + &")".repeat(N), N + 1),
            ("a-(".repeat(N) + "a" + &")".repeat(N), N + 1),
            ("a=..(m,".repeat(N) + "a" + &")".repeat(N), 2 * N + 1),
            ("- ".repeat(N) + "1", N + 1),
            ("\\+ ".repeat(N) + "a", N + 1),
            ("(".repeat(N) + "a" + &")".repeat(N), 1),
            ("{".repeat(N) + "a" + &"}".repeat(N), N + 1),
            ("a".to_string() + &"+a".repeat(N), N + 1),
            ("a".to_string() + &":a".repeat(N), N + 1),
            ("X = [".to_string() + &"a,".repeat(N) + "a]", N + 3),
        ];
        for (text, want) in cases {
            let t = read_term_from_str(&text, &ops, &o).unwrap().unwrap();
            assert_eq!(depth(&t.term), want, "{}", &text[..10]);
        }
        // Deep but broken: a clean error, no crash.
        let text = "[".repeat(N) + &"]".repeat(N - 1) + ".";
        assert!(read_term_from_str(&text, &ops, &o).is_err());
    }

    #[test]
    fn garbage_never_panics() {
        let ops = Ops::default();
        let opts = ReadOptions::default();
        let mut seed = 0x2545F4914F6CDD1Du64;
        let alphabet: Vec<char> = "abXY_09 \n\t.,;|!()[]{}'\"`\\%/*+-=:0'xe\u{0}é→"
            .chars()
            .collect();
        for _ in 0..3000 {
            let mut s = String::new();
            for _ in 0..(seed % 40) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                s.push(alphabet[(seed % alphabet.len() as u64) as usize]);
            }
            let mut r = Reader::new(&s);
            let mut n = 0;
            while r.next(&ops, &opts).is_some() {
                n += 1;
                assert!(n <= s.len() + 1, "reader does not advance on {s:?}");
            }
            let _ = read_term_from_str(&s, &ops, &opts);
        }
    }

    #[test]
    fn reads_many_clauses_quickly() {
        let mut text = String::new();
        for i in 0..5000 {
            text.push_str(&format!(
                "p{i}(X, [a, b|T], \"str\", 'q\\n', 0'c, {i}.5) :- X is {i} * 2 + 1, \\+ q(T), ( a -> b ; c ).\n"
            ));
        }
        let ops = Ops::default();
        let opts = ReadOptions::default();
        let t0 = std::time::Instant::now();
        let mut r = Reader::new(&text);
        let mut n = 0;
        while let Some(res) = r.next(&ops, &opts) {
            res.unwrap();
            n += 1;
        }
        assert_eq!(n, 5000);
        let took = t0.elapsed();
        eprintln!("5000 clauses read in {took:?}");
        // Generous bound for unoptimised test builds; release is far faster.
        assert!(took.as_secs() < 5);
    }
}
