//! Output of terms and text: the write family (to the current output or a
//! stream), `format/1,2,3` glue, `term_to_atom/2` and friends,
//! `portray_clause/1,2`, `print_message/2` and loading files.

use super::format::{format_to, FormatStop, TermStyle};
use super::streams::{output_arg, text_arg};
use super::terms::{culprit, list_arg};
use crate::machine::error::{
    domain_error, instantiation_error, syntax_error, type_error, PlError, Res,
};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::syntax::portray::portray_clause;
use crate::syntax::reader::{read_term_from_str, ReadOptions};
use crate::syntax::writer::{canonical_var_names, write_term, AttrStyle, Cycles, WriteOptions};
use crate::term::{atoms, Atom, Cell, View};
use std::collections::HashMap;

/// Builtins of this family.
pub const IO_BUILTINS: BuiltinTable = &[
    ("write", 1, Builtin::Det(write1)),
    ("print", 1, Builtin::Det(print1)),
    ("print", 2, Builtin::Det(print2)),
    ("writeq", 1, Builtin::Det(writeq1)),
    ("write_canonical", 1, Builtin::Det(write_canonical1)),
    ("write_term", 2, Builtin::Det(write_term2)),
    ("write", 2, Builtin::Det(write2)),
    ("writeq", 2, Builtin::Det(writeq2)),
    ("write_canonical", 2, Builtin::Det(write_canonical2)),
    ("portray_clause", 2, Builtin::Det(portray_clause2)),
    ("write_term", 3, Builtin::Det(write_term3)),
    ("nl", 0, Builtin::Det(nl0)),
    ("nl", 1, Builtin::Det(nl1)),
    ("tab", 1, Builtin::Det(tab1)),
    ("tab", 2, Builtin::Det(tab2)),
    ("flush_output", 0, Builtin::Det(flush_output)),
    ("format", 1, Builtin::Det(format1)),
    ("format", 2, Builtin::Det(format2)),
    ("$format_stream", 3, Builtin::Det(format_stream)),
    ("$format_text", 3, Builtin::Det(format_captured)),
    ("portray_clause", 1, Builtin::Det(portray_clause1)),
    ("term_to_atom", 2, Builtin::Det(term_to_atom)),
    ("term_string", 2, Builtin::Det(term_string)),
    ("read_term_from_atom", 3, Builtin::Det(read_term_from_atom)),
    ("atom_to_term", 3, Builtin::Det(atom_to_term)),
    ("$print_message", 2, Builtin::Det(print_message)),
];

/// Writes text to the output stream named by `c` (handle or alias).
fn emit_to(m: &mut Machine, c: Cell, s: &str) -> Res {
    let id = output_arg(m, c)?;
    m.emit(id, s)?;
    Ok(true)
}

fn render(m: &Machine, c: Cell, opts: &WriteOptions) -> String {
    let mut s = String::new();
    write_term(&mut s, &m.store, &m.ops, c, &opts.stop_on(&m.interrupt));
    s
}

fn write1(m: &mut Machine, a: &[Cell]) -> Res {
    let s = render(m, a[0], &WriteOptions::write());
    m.emit_out(&s)?;
    Ok(true)
}
/// Term `c` as `print/1` shows it, if `user:portray/1` is defined: each
/// subterm (from the top, left to right, variables and list tails left out)
/// that the hook prints is replaced by `'$portrayed'(Text)`, Text being what
/// it printed (the writer's `portrayed` option writes that text). `None`
/// without the hook.
fn portray_prepass(m: &mut Machine, c: Cell) -> Result<Option<Cell>, PlError> {
    let hook =
        m.db.local(atoms::USER, Atom::new("portray"), 1)
            .is_some_and(|id| !m.db.preds[id as usize].clauses.is_empty());
    if !hook {
        return Ok(None);
    }
    let out = m.store.new_var();
    let goal = m.store.new_compound(Atom::new("$portray_term"), &[c, out]);
    // `out` is read after the query: keep it a garbage-collection root.
    m.roots.push(out);
    let ok = m.run_once(goal);
    let out = m.roots.pop().expect("root pushed above");
    Ok(if ok? { Some(m.deref(out)) } else { None })
}

/// `print/1,2`: `writeq` after the `user:portray/1` hook, if defined.
fn print_text(m: &mut Machine, c: Cell) -> Result<String, PlError> {
    match portray_prepass(m, c)? {
        Some(p) => Ok(render(m, p, &WriteOptions::writeq().portraying())),
        None => Ok(render(m, c, &WriteOptions::writeq())),
    }
}
fn print1(m: &mut Machine, a: &[Cell]) -> Res {
    let s = print_text(m, a[0])?;
    m.emit_out(&s)?;
    Ok(true)
}
fn print2(m: &mut Machine, a: &[Cell]) -> Res {
    output_arg(m, a[0])?;
    let s = print_text(m, a[1])?;
    emit_to(m, a[0], &s)
}
fn writeq1(m: &mut Machine, a: &[Cell]) -> Res {
    let s = render(m, a[0], &WriteOptions::writeq());
    m.emit_out(&s)?;
    Ok(true)
}
fn write_canonical1(m: &mut Machine, a: &[Cell]) -> Res {
    let names = canonical_var_names(&m.store, a[0]);
    let s = render(m, a[0], &WriteOptions::canonical(&names));
    m.emit_out(&s)?;
    Ok(true)
}
fn write2(m: &mut Machine, a: &[Cell]) -> Res {
    output_arg(m, a[0])?;
    let s = render(m, a[1], &WriteOptions::write());
    emit_to(m, a[0], &s)
}
fn writeq2(m: &mut Machine, a: &[Cell]) -> Res {
    output_arg(m, a[0])?;
    let s = render(m, a[1], &WriteOptions::writeq());
    emit_to(m, a[0], &s)
}
fn write_canonical2(m: &mut Machine, a: &[Cell]) -> Res {
    output_arg(m, a[0])?;
    let names = canonical_var_names(&m.store, a[1]);
    let s = render(m, a[1], &WriteOptions::canonical(&names));
    emit_to(m, a[0], &s)
}

/// Parsed write_term options: the writer's options plus what is written around the term.
struct TermOptions {
    opts: WriteOptions<'static>,
    names: HashMap<usize, String>,
    fullstop: bool,
    newline: bool,
    portray: bool,
    /// `attributes(portray)`: the texts come from the hooks when writing.
    portray_attributes: bool,
}

/// Parses a write_term option list.
fn write_options(m: &Machine, c: Cell) -> Result<TermOptions, PlError> {
    let mut o = WriteOptions {
        cycles: Cycles::Variables,
        ..WriteOptions::default()
    };
    let mut names = HashMap::new();
    let (mut fullstop, mut newline, mut portray) = (false, false, false);
    let mut portray_attributes = false;
    for it in list_arg(m, c)? {
        let it = m.deref(it);
        let (name, val) = match m.store.view(it) {
            View::Compound(f, 1, first) => (f.name(), m.deref(m.store.heap[first])),
            View::Var(_) => return Err(instantiation_error()),
            _ => return Err(domain_error("write_option", culprit(m, it))),
        };
        let flag = matches!(m.store.view(val), View::Atom(a) if a.name() == "true");
        match name {
            "quoted" => o.quoted = flag,
            "ignore_ops" => o.ignore_ops = flag,
            "numbervars" => o.numbervars = flag,
            "portray" => portray = flag,
            "attributes" => match m.store.view(val) {
                View::Atom(a) if a.name() == "ignore" => o.attributes = AttrStyle::Ignore,
                View::Atom(a) if a.name() == "dots" => o.attributes = AttrStyle::Dots,
                View::Atom(a) if a.name() == "write" => o.attributes = AttrStyle::Write,
                View::Atom(a) if a.name() == "portray" => portray_attributes = true,
                _ => return Err(domain_error("write_option", culprit(m, it))),
            },
            "portrayed" | "character_escapes" | "cycles" | "dotlists" | "no_lists" | "blobs"
            | "partial" | "priority" | "module" | "portray_goal" | "quote_non_ascii" => {}
            "fullstop" => fullstop = flag,
            "brace_terms" => o.no_brace_terms = !flag,
            "nl" => newline = flag,
            "variable_names" => {
                for pair in list_arg(m, val)? {
                    if let View::Compound(f, 2, first) = m.store.view(pair) {
                        if f == atoms::EQUALS {
                            let name = m.deref(m.store.heap[first]);
                            let var = m.deref(m.store.heap[first + 1]);
                            if let (View::Atom(n), true) = (m.store.view(name), var.is_ref()) {
                                names.insert(var.val(), n.name().to_string());
                            }
                        }
                    }
                }
            }
            "max_depth" => {
                if let View::Int(d) = m.store.view(val) {
                    o.max_depth = d.max(0) as usize;
                    o.cycles = Cycles::Unfolded;
                }
            }
            "spacing" => {
                o.spacing_next_argument =
                    matches!(m.store.view(val), View::Atom(a) if a.name() == "next_argument")
            }
            _ => return Err(domain_error("write_option", culprit(m, it))),
        }
    }
    Ok(TermOptions {
        opts: o,
        names,
        fullstop,
        newline,
        portray,
        portray_attributes,
    })
}

/// Renders a term under write_term options (`portray(true)`: after the
/// `user:portray/1` hook).
fn render_options(m: &mut Machine, c: Cell, t: &TermOptions) -> Result<String, PlError> {
    let portrayed = if t.portray {
        portray_prepass(m, c)?
    } else {
        None
    };
    let texts = if t.portray_attributes {
        m.attr_portrayals(c)?
    } else {
        HashMap::new()
    };
    let mut opts = t.opts.named(&t.names);
    if t.portray_attributes {
        opts.attributes = AttrStyle::Portrayed(&texts);
    }
    let mut s = match portrayed {
        Some(p) => render(m, p, &opts.portraying()),
        None => render(m, c, &opts),
    };
    if t.fullstop {
        s.push('.');
    }
    if t.newline {
        s.push('\n');
    }
    Ok(s)
}

fn write_term2(m: &mut Machine, a: &[Cell]) -> Res {
    let o = write_options(m, a[1])?;
    let s = render_options(m, a[0], &o)?;
    m.emit_out(&s)?;
    Ok(true)
}
fn write_term3(m: &mut Machine, a: &[Cell]) -> Res {
    output_arg(m, a[0])?;
    let o = write_options(m, a[2])?;
    let s = render_options(m, a[1], &o)?;
    emit_to(m, a[0], &s)
}
fn nl0(m: &mut Machine, _: &[Cell]) -> Res {
    m.emit_out("\n")?;
    Ok(true)
}
fn nl1(m: &mut Machine, a: &[Cell]) -> Res {
    emit_to(m, a[0], "\n")
}

/// The count of `tab/1,2` (`arity`): an integer expression (none below zero).
fn eval_count(m: &Machine, c: Cell, arity: usize) -> Result<u64, PlError> {
    match super::arith::eval_for(&m.store, c, "tab", arity)? {
        super::arith::Number::Int(n) => Ok(n.max(0) as u64),
        super::arith::Number::Big(_) => {
            Err(crate::machine::error::evaluation_error("int_overflow"))
        }
        _ => Err(type_error("integer", culprit(m, c))),
    }
}

/// Writes `n` spaces to stream `id`, a chunk at a time (`tab(1000000000000)`
/// streams until Ctrl-C or a closed pipe stops it, as in SWI-Prolog).
fn spaces(m: &mut Machine, id: usize, n: u64) -> Res {
    let r = m.output().1.write_repeated(id, ' ', n);
    r.map_err(|f| m.write_error(f))?;
    Ok(true)
}

fn tab1(m: &mut Machine, a: &[Cell]) -> Res {
    let n = eval_count(m, a[0], 1)?;
    spaces(m, m.streams.cur_out, n)
}
fn tab2(m: &mut Machine, a: &[Cell]) -> Res {
    let id = output_arg(m, a[0])?;
    let n = eval_count(m, a[1], 2)?;
    spaces(m, id, n)
}
fn flush_output(m: &mut Machine, _: &[Cell]) -> Res {
    if m.captures.is_empty() {
        m.flush();
    }
    Ok(true)
}

/// Where the text of format/2 goes.
enum FormatDest<'a> {
    /// To an output stream, as it is made.
    Stream(usize),
    /// Appended to a string (format/3 to a sink), from column 0.
    Text(&'a mut String),
}

/// Runs the format engine, streaming its text to `dest`.
fn format_text(m: &mut Machine, mut dest: FormatDest, f: Cell, args: Cell) -> Res {
    // SWI names format/3 (without `system:`) for a format that is not text
    // (a number is not), from format/1,2 too.
    let context = || crate::machine::error::plain_context("format", 3);
    let fd = m.deref(f);
    let number = matches!(
        m.store.view(fd),
        View::Int(_) | View::BigInt(_) | View::Float(_)
    );
    let fmt = match super::text::text_of(&m.store, f) {
        Some(t) if !number => t,
        _ if fd.is_ref() => return Err(instantiation_error().with_context(context())),
        _ => return Err(type_error("text", culprit(m, f)).with_context(context())),
    };
    let items = super::format::format_args(&m.store, args);
    // `~p` arguments after the user:portray/1 hook, if it is defined.
    let mut portrayed = HashMap::new();
    for i in super::format::print_arg_indexes(&fmt) {
        if let Some(&c) = items.get(i) {
            let c = m.deref(c);
            if let Some(p) = portray_prepass(m, c)? {
                portrayed.insert(c, p);
            }
        }
    }
    let column = match dest {
        FormatDest::Stream(id) => m.stream_column(id),
        FormatDest::Text(_) => 0,
    };
    let interrupt = m.interrupt.clone();
    let (store, ops, mut output) = m.output_with_ops();
    let mut writer = |store: &crate::term::Store, c: Cell, style: TermStyle, out: &mut String| {
        let names;
        let (c, opts) = match style {
            TermStyle::Write => (c, WriteOptions::write()),
            TermStyle::Print => match portrayed.get(&c) {
                Some(&p) => (p, WriteOptions::writeq().portraying()),
                None => (c, WriteOptions::writeq()),
            },
            TermStyle::Writeq => (c, WriteOptions::writeq()),
            TermStyle::Canonical => {
                names = canonical_var_names(store, c);
                (c, WriteOptions::canonical(&names))
            }
        };
        write_term(out, store, ops, c, &opts.stop_on(&interrupt));
    };
    let mut sink = |text: &str| {
        match &mut dest {
            FormatDest::Stream(id) => output.write(*id, text)?,
            FormatDest::Text(buf) => buf.push_str(text),
        }
        output.check_stop()
    };
    match format_to(store, &fmt, &items, column, &mut writer, &mut sink) {
        Ok(()) => Ok(true),
        Err(FormatStop::Error(e)) => Err(e),
        Err(FormatStop::Write(w)) => Err(m.write_error(w)),
    }
}

/// Names `system:name/arity` in the errors of the running builtin, as SWI
/// names the predicate the user called rather than its helper.
fn report_as(m: &mut Machine, name: &str, arity: usize) {
    if let Some(id) = m.db.local(atoms::SYSTEM, Atom::new(name), arity) {
        m.current_builtin = id;
    }
}

/// `format/1`: its errors name `format/2`, as SWI's do.
fn format1(m: &mut Machine, a: &[Cell]) -> Res {
    report_as(m, "format", 2);
    let nil = Cell::atom(atoms::NIL);
    format_text(m, FormatDest::Stream(m.streams.cur_out), a[0], nil)
}
fn format2(m: &mut Machine, a: &[Cell]) -> Res {
    format_text(m, FormatDest::Stream(m.streams.cur_out), a[0], a[1])
}
/// `'$format_stream'(Stream, Format, Args)`, the body of `format/3`: its
/// errors name `format/3`, as SWI's do.
fn format_stream(m: &mut Machine, a: &[Cell]) -> Res {
    report_as(m, "format", 3);
    let id = output_arg(m, a[0])?;
    format_text(m, FormatDest::Stream(id), a[1], a[2])
}

/// `'$format_text'(Format, Args, Text)`: Text is the string format/2
/// writes (to a fresh output: the user:portray/1 hooks of `~p` capture
/// their own). For format/3 to a sink; its errors name format/3.
fn format_captured(m: &mut Machine, a: &[Cell]) -> Res {
    report_as(m, "format", 3);
    let mut text = String::new();
    format_text(m, FormatDest::Text(&mut text), a[0], a[1])?;
    let s = m.store.new_string(&text);
    Ok(m.unify(a[2], s))
}

fn portray_clause1(m: &mut Machine, a: &[Cell]) -> Res {
    let mut s = String::new();
    portray_clause(&mut s, &m.store, &m.ops, a[0]);
    m.emit_out(&s)?;
    Ok(true)
}
fn portray_clause2(m: &mut Machine, a: &[Cell]) -> Res {
    output_arg(m, a[0])?;
    let mut s = String::new();
    portray_clause(&mut s, &m.store, &m.ops, a[1]);
    emit_to(m, a[0], &s)
}

/// Reads a term from text and unifies it (with variable_names when asked).
fn parse_into(m: &mut Machine, text: &str, out: Cell, bindings: Option<Cell>) -> Res {
    let opts = ReadOptions {
        double_quotes: m.flags.double_quotes,
    };
    let rt = match read_term_from_str(text, &m.ops, &opts) {
        Ok(Some(rt)) => rt,
        Ok(None) => {
            // No term: `end_of_file`, with no variables.
            let eof = Cell::atom(atoms::END_OF_FILE);
            let nil = Cell::atom(atoms::NIL);
            return Ok(m.unify(out, eof) && bindings.is_none_or(|b| m.unify(b, nil)));
        }
        Err(e) => return Err(syntax_error(&e.message)),
    };
    let mut vars = HashMap::new();
    let t = m.store.from_term(&rt.term, &mut vars);
    if !m.unify(out, t) {
        return Ok(false);
    }
    if let Some(b) = bindings {
        let mut pairs = Vec::new();
        for (name, n) in &rt.var_names {
            let v = match vars.get(n) {
                Some(&v) => v,
                None => continue,
            };
            let nm = m.atom_cell(name);
            pairs.push(m.store.new_compound(atoms::EQUALS, &[nm, v]));
        }
        let nil = Cell::atom(atoms::NIL);
        let l = m.store.new_list_from(&pairs, nil);
        return Ok(m.unify(b, l));
    }
    Ok(true)
}

/// How `term_to_atom/2` and `term_string/2` write a term.
fn quoted_text() -> WriteOptions<'static> {
    WriteOptions {
        cycles: Cycles::Variables,
        ..WriteOptions::writeq()
    }
}

fn term_to_atom(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.deref(a[1]);
    if t.is_ref() {
        if m.deref(a[0]).is_ref() {
            return Err(instantiation_error());
        }
        let s = render(m, a[0], &quoted_text());
        let at = m.atom_cell(&s);
        return Ok(m.unify(t, at));
    }
    let text =
        super::text::text_of(&m.store, t).ok_or_else(|| type_error("text", culprit(m, t)))?;
    parse_into(m, &text, a[0], None)
}
fn term_string(m: &mut Machine, a: &[Cell]) -> Res {
    let t = m.deref(a[1]);
    if t.is_ref() {
        let s = render(m, a[0], &quoted_text());
        let sc = m.store.new_string(&s);
        return Ok(m.unify(t, sc));
    }
    let text =
        super::text::text_of(&m.store, t).ok_or_else(|| type_error("text", culprit(m, t)))?;
    parse_into(m, &text, a[0], None)
}
fn read_term_from_atom(m: &mut Machine, a: &[Cell]) -> Res {
    let text = text_arg(m, a[0], "text")?;
    parse_into(m, &text, a[1], None)
}

fn atom_to_term(m: &mut Machine, a: &[Cell]) -> Res {
    let text = text_arg(m, a[0], "text")?;
    parse_into(m, &text, a[1], Some(a[2]))
}

/// `'$print_message'(Kind, Term)`: a message on stderr in SWI's words and
/// layout (`'$message_text'(Text)`: that text, translated already). Each
/// line gets the prefix of Kind (`ERROR: `, `Warning: `, `% `, none for
/// `help`); errors and warnings while a file loads come after its
/// `file:line`; `silent` messages, and `informational` ones under `-q`,
/// are not printed.
fn print_message(m: &mut Machine, a: &[Cell]) -> Res {
    let kind = match m.store.view(m.deref(a[0])) {
        View::Atom(k) => k.name(),
        View::Compound(f, 1, _) if f.name() == "debug" => "debug",
        _ => "error",
    };
    let prefix = match kind {
        "error" => "ERROR:",
        "warning" => "Warning:",
        "informational" if m.flags.verbose_silent => return Ok(true),
        "informational" | "information" | "debug" => "%",
        "help" => "",
        _ => return Ok(true),
    };
    let t = m.deref(a[1]);
    let text = match m.store.view(t) {
        View::Compound(f, 1, first) if f.name() == "$message_text" => {
            match m.store.view(m.deref(m.store.heap[first])) {
                View::Str(s) => s.to_string(),
                _ => String::new(),
            }
        }
        // Error terms, the abort, the time limit, or `Unknown message: Term`.
        _ => {
            let copied = crate::term::Copied::new(&m.store, t);
            m.goal_error_message(PlError::ball(copied))
        }
    };
    let mut out = String::new();
    let located = matches!(kind, "error" | "warning")
        .then(|| m.load_position())
        .flatten();
    let indent = match &located {
        Some(at) => {
            out.push_str(&format!("{prefix} {at}:\n"));
            "    "
        }
        None => " ",
    };
    for line in text.split('\n') {
        if prefix.is_empty() {
            out.push_str(line);
        } else {
            out.push_str(&format!("{prefix}{indent}{line}"));
        }
        out.push('\n');
    }
    m.message_out(&out);
    Ok(true)
}
