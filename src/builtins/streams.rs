//! Stream builtins as in SWI-Prolog: `open/3,4`, `close/1,2`, current input and
//! output, `see/tell` and friends, stream properties, character, code, byte and
//! line input and output, and `read/1,2`, `read_term/2,3` from any stream.
//! Stream handles are `'<stream>'(N)` terms; aliases are atoms.

use super::terms::{culprit, list_arg};
use crate::machine::error::{
    domain_error, existence_error, instantiation_error, permission_error, type_error,
    uninstantiation_error, PlError, Res,
};
use crate::machine::streams::{
    open_file, Dir, EofAction, Input, Mode, Position, Stream, WriteFailure, USER_INPUT, USER_OUTPUT,
};
use crate::machine::{Builtin, BuiltinTable, DoubleQuotes, Machine};
use crate::syntax::reader::{ReadOptions, ReadTerm, Reader};
use crate::term::{atoms, Atom, Cell, Term, View};
use std::collections::HashMap;

/// Builtins of this family.
pub const STREAM_BUILTINS: BuiltinTable = &[
    ("open", 3, Builtin::Det(open3)),
    ("open", 4, Builtin::Det(open4)),
    ("close", 1, Builtin::Det(close1)),
    ("close", 2, Builtin::Det(close2)),
    ("current_output", 1, Builtin::Det(current_output)),
    ("current_input", 1, Builtin::Det(current_input)),
    ("set_output", 1, Builtin::Det(set_output)),
    ("set_input", 1, Builtin::Det(set_input)),
    ("is_stream", 1, Builtin::Det(is_stream)),
    ("set_stream", 2, Builtin::Det(set_stream)),
    ("$streams", 1, Builtin::Det(all_streams)),
    ("$stream_properties", 2, Builtin::Det(stream_properties)),
    ("line_count", 2, Builtin::Det(line_count)),
    ("line_position", 2, Builtin::Det(line_position)),
    ("character_count", 2, Builtin::Det(character_count)),
    ("flush_output", 1, Builtin::Det(flush_output1)),
    ("at_end_of_stream", 0, Builtin::Det(at_end_of_stream0)),
    ("at_end_of_stream", 1, Builtin::Det(at_end_of_stream1)),
    ("see", 1, Builtin::Det(see)),
    ("tell", 1, Builtin::Det(tell)),
    ("append", 1, Builtin::Det(append1)),
    ("seen", 0, Builtin::Det(seen)),
    ("told", 0, Builtin::Det(told)),
    ("seeing", 1, Builtin::Det(seeing)),
    ("telling", 1, Builtin::Det(telling)),
    ("get_char", 1, Builtin::Det(get_char1)),
    ("get_char", 2, Builtin::Det(get_char2)),
    ("peek_char", 1, Builtin::Det(peek_char1)),
    ("peek_char", 2, Builtin::Det(peek_char2)),
    ("get_code", 1, Builtin::Det(get_code1)),
    ("get_code", 2, Builtin::Det(get_code2)),
    ("peek_code", 1, Builtin::Det(peek_code1)),
    ("peek_code", 2, Builtin::Det(peek_code2)),
    ("get_byte", 1, Builtin::Det(get_byte1)),
    ("get_byte", 2, Builtin::Det(get_byte2)),
    ("peek_byte", 1, Builtin::Det(peek_byte1)),
    ("peek_byte", 2, Builtin::Det(peek_byte2)),
    ("put_char", 1, Builtin::Det(put_char1)),
    ("put_char", 2, Builtin::Det(put_char2)),
    ("put_code", 1, Builtin::Det(put_code1)),
    ("put_code", 2, Builtin::Det(put_code2)),
    ("put_byte", 1, Builtin::Det(put_byte1)),
    ("put_byte", 2, Builtin::Det(put_byte2)),
    ("put", 1, Builtin::Det(put1)),
    ("put", 2, Builtin::Det(put2)),
    ("read_line_to_string", 2, Builtin::Det(read_line_to_string)),
    ("read_line_to_codes", 2, Builtin::Det(read_line_to_codes)),
    ("read_string", 3, Builtin::Det(read_string3)),
    ("read_string", 5, Builtin::Det(read_string5)),
    (
        "read_stream_to_codes",
        2,
        Builtin::Det(read_stream_to_codes2),
    ),
    (
        "read_stream_to_codes",
        3,
        Builtin::Det(read_stream_to_codes3),
    ),
    ("copy_stream_data", 2, Builtin::Det(copy_stream_data)),
    ("read", 1, Builtin::Det(read1)),
    ("read", 2, Builtin::Det(read2)),
    ("read_term", 2, Builtin::Det(read_term2)),
    ("read_term", 3, Builtin::Det(read_term3)),
    ("open_string", 2, Builtin::Det(open_string)),
    ("$capture_start", 0, Builtin::Det(capture_start)),
    ("$capture_end", 1, Builtin::Det(capture_end)),
];

/// The functor of stream handles.
fn handle_functor() -> Atom {
    static HANDLE: std::sync::OnceLock<Atom> = std::sync::OnceLock::new();
    *HANDLE.get_or_init(|| Atom::new("<stream>"))
}

/// The handle term of stream `id`.
pub fn stream_term(m: &mut Machine, id: usize) -> Cell {
    let n = m.store.new_int(id as i64);
    m.store.new_compound(handle_functor(), &[n])
}

/// The stream a handle or alias names, with SWI's errors for anything else.
pub fn stream_arg(m: &Machine, c: Cell) -> Result<usize, PlError> {
    let c = m.deref(c);
    let id = match m.store.view(c) {
        View::Var(_) => return Err(instantiation_error()),
        View::Atom(a) => m.streams.by_alias(a),
        View::Compound(f, 1, first) if f == handle_functor() => {
            match m.store.view(m.store.heap[first]) {
                View::Int(n) if n >= 0 => Some(n as usize),
                _ => return Err(domain_error("stream_or_alias", culprit(m, c))),
            }
        }
        _ => return Err(domain_error("stream_or_alias", culprit(m, c))),
    };
    match id {
        Some(id) if m.streams.get(id).is_some() => Ok(id),
        _ => Err(existence_error("stream", culprit(m, c))),
    }
}

/// An output stream argument.
pub fn output_arg(m: &Machine, c: Cell) -> Result<usize, PlError> {
    let id = stream_arg(m, c)?;
    match m.streams.get(id) {
        Some(s) if !s.is_input() => Ok(id),
        _ => Err(permission_error("output", "stream", culprit(m, c))),
    }
}

/// An input stream argument; `binary` says whether bytes (true) or text is read.
fn input_arg(m: &Machine, c: Cell, binary: bool) -> Result<usize, PlError> {
    let id = stream_arg(m, c)?;
    match m.streams.get(id) {
        Some(s) if !s.is_input() => Err(permission_error("input", "stream", culprit(m, c))),
        Some(s) if binary && !s.binary => {
            Err(permission_error("input", "text_stream", culprit(m, c)))
        }
        // SWI-Prolog reads characters from binary streams (as octets).
        _ => Ok(id),
    }
}

/// The text of an atom, string, number or code/char list argument; `typ` names
/// the type in the error for anything else.
pub fn text_arg(m: &Machine, c: Cell, typ: &str) -> Result<String, PlError> {
    match super::text::text_of(&m.store, c) {
        Some(t) => Ok(t),
        None if m.deref(c).is_ref() => Err(instantiation_error()),
        None => Err(type_error(typ, culprit(m, c))),
    }
}

/// A file name argument: an atom or a string.
pub fn file_arg(m: &Machine, c: Cell) -> Result<String, PlError> {
    let c = m.deref(c);
    match m.store.view(c) {
        View::Var(_) => Err(instantiation_error()),
        View::Atom(a) if a != atoms::NIL => Ok(a.name().to_string()),
        View::Str(s) => Ok(s.to_string()),
        _ => Err(type_error("text", culprit(m, c))),
    }
}

/// `context(system:Name/Arity, Message)`, for errors that carry the OS message.
pub fn os_context(m: &Machine, msg: &str) -> Term {
    let pi = match &m.context_term(m.current_builtin) {
        Term::Compound(_, args) => args[0].clone(),
        other => other.clone(),
    };
    Term::compound("context", vec![pi, Term::atom(msg)])
}

/// The OS message of an I/O error, without Rust's " (os error N)".
pub fn os_message(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// The error for a file that could not be opened.
pub fn open_error(m: &Machine, e: &std::io::Error, kind: &str, file: Term) -> PlError {
    let ctx = os_context(m, &os_message(e));
    let formal = match e.kind() {
        std::io::ErrorKind::NotFound => existence_error(kind, file),
        _ => permission_error("open", kind, file),
    };
    formal.with_context(ctx)
}

/// Options of `open/4`.
struct OpenOptions {
    aliases: Vec<Atom>,
    binary: bool,
    eof_action: Option<EofAction>,
}

fn open_options(m: &Machine, c: Cell) -> Result<OpenOptions, PlError> {
    let mut o = OpenOptions {
        aliases: Vec::new(),
        binary: false,
        eof_action: None,
    };
    for it in list_arg(m, c)? {
        let it = m.deref(it);
        let (name, val) = match m.store.view(it) {
            View::Var(_) => return Err(instantiation_error()),
            View::Compound(f, 1, first) => (f.name(), m.deref(m.store.heap[first])),
            View::Compound(..) => continue,
            _ => return Err(type_error("option", culprit(m, it))),
        };
        let atom = match m.store.view(val) {
            View::Atom(a) => Some(a.name()),
            _ => None,
        };
        let bad = || domain_error(&format!("{name}_option"), culprit(m, it));
        match name {
            "alias" => match m.store.view(val) {
                View::Atom(a) => o.aliases.push(a),
                View::Var(_) => return Err(instantiation_error()),
                _ => return Err(type_error("atom", culprit(m, val))),
            },
            "type" => match atom {
                Some("text") => o.binary = false,
                Some("binary") => o.binary = true,
                _ => return Err(bad()),
            },
            "eof_action" => {
                o.eof_action = Some(match atom {
                    Some("error") => EofAction::Error,
                    Some("eof_code") => EofAction::EofCode,
                    Some("reset") => EofAction::Reset,
                    _ => return Err(bad()),
                })
            }
            // encoding, create, lock, buffer, bom, close_on_abort, ...: accepted.
            _ => {}
        }
    }
    Ok(o)
}

fn open(m: &mut Machine, a: &[Cell], opts: Option<Cell>) -> Res {
    let src = m.deref(a[0]);
    let path = match m.store.view(src) {
        View::Var(_) => return Err(instantiation_error()),
        View::Atom(_) | View::Str(_) => file_arg(m, src)?,
        _ => return Err(type_error("text", culprit(m, src))),
    };
    let mode = match m.store.view(a[1]) {
        View::Var(_) => return Err(instantiation_error()),
        View::Atom(x) => {
            Mode::from_name(x.name()).ok_or_else(|| domain_error("io_mode", culprit(m, a[1])))?
        }
        _ => return Err(type_error("atom", culprit(m, a[1]))),
    };
    let out = m.deref(a[2]);
    if !out.is_ref() {
        let ctx = os_context(m, "stream-argument");
        return Err(uninstantiation_error(culprit(m, out)).with_context(ctx));
    }
    let o = match opts {
        Some(c) => open_options(m, c)?,
        None => open_options(m, Cell::atom(atoms::NIL))?,
    };
    let mut s = match open_file(&path, mode, o.binary) {
        Ok(s) => s,
        Err(e) => return Err(open_error(m, &e, "source_sink", culprit(m, src))),
    };
    s.file_name = Some(path);
    if let Some(act) = o.eof_action {
        s.eof_action = act;
    }
    let id = m.streams.add(s);
    // As in SWI-Prolog, the last alias option wins.
    if let Some(&al) = o.aliases.last() {
        m.streams.add_alias(id, al);
    }
    let t = match o.aliases.last() {
        Some(&al) => Cell::atom(al),
        None => stream_term(m, id),
    };
    Ok(m.unify(out, t))
}

fn open3(m: &mut Machine, a: &[Cell]) -> Res {
    open(m, a, None)
}
fn open4(m: &mut Machine, a: &[Cell]) -> Res {
    open(m, a, Some(a[3]))
}

fn close_stream(m: &mut Machine, c: Cell) -> Res {
    let id = stream_arg(m, c)?;
    if id == USER_OUTPUT {
        m.flush_checked()?;
    }
    // The stream is closed even when its last text cannot be written; that
    // failure is the error of close/1, as in SWI-Prolog.
    match m.streams.close(id) {
        Ok(_) => Ok(true),
        Err(e) => Err(m.write_error(WriteFailure::Io(id, e))),
    }
}

fn close1(m: &mut Machine, a: &[Cell]) -> Res {
    close_stream(m, a[0])
}
fn close2(m: &mut Machine, a: &[Cell]) -> Res {
    list_arg(m, a[1])?;
    close_stream(m, a[0])
}

fn current_output(m: &mut Machine, a: &[Cell]) -> Res {
    current_stream(m, a[0], m.streams.cur_out)
}
fn current_input(m: &mut Machine, a: &[Cell]) -> Res {
    current_stream(m, a[0], m.streams.cur_in)
}

fn current_stream(m: &mut Machine, c: Cell, id: usize) -> Res {
    let c = m.deref(c);
    if !c.is_ref() {
        // A bound argument must be a stream (SWI raises otherwise).
        let other = stream_arg(m, c)?;
        return Ok(other == id);
    }
    let t = stream_term(m, id);
    Ok(m.unify(c, t))
}

fn set_output(m: &mut Machine, a: &[Cell]) -> Res {
    m.streams.cur_out = output_arg(m, a[0])?;
    Ok(true)
}
fn set_input(m: &mut Machine, a: &[Cell]) -> Res {
    let id = stream_arg(m, a[0])?;
    if !m.streams.get(id).is_some_and(|s| s.is_input()) {
        return Err(permission_error("input", "stream", culprit(m, a[0])));
    }
    m.streams.cur_in = id;
    Ok(true)
}

fn is_stream(m: &mut Machine, a: &[Cell]) -> Res {
    Ok(stream_arg(m, a[0]).is_ok())
}

/// `set_stream(S, alias(A))` adds an alias; other properties are accepted and ignored.
fn set_stream(m: &mut Machine, a: &[Cell]) -> Res {
    let id = stream_arg(m, a[0])?;
    let p = m.deref(a[1]);
    match m.store.view(p) {
        View::Var(_) => Err(instantiation_error()),
        View::Compound(f, 1, first) if f.name() == "alias" => {
            match m.store.view(m.store.heap[first]) {
                View::Atom(al) => {
                    m.streams.add_alias(id, al);
                    Ok(true)
                }
                View::Var(_) => Err(instantiation_error()),
                _ => Err(type_error("atom", culprit(m, m.store.heap[first]))),
            }
        }
        View::Compound(f, 1, _) if f.name() == "eof_action" => Ok(true),
        View::Compound(..) => Ok(true),
        _ => Err(domain_error("stream_attribute", culprit(m, p))),
    }
}

/// `'$streams'(-Handles)`: every open stream.
fn all_streams(m: &mut Machine, a: &[Cell]) -> Res {
    let ids = m.streams.ids();
    let cells: Vec<Cell> = ids.into_iter().map(|id| stream_term(m, id)).collect();
    let l = m.store.new_list_from(&cells, Cell::atom(atoms::NIL));
    Ok(m.unify(a[0], l))
}

/// `'$stream_properties'(+Stream, -Props)`: the properties of a stream, in SWI's order.
fn stream_properties(m: &mut Machine, a: &[Cell]) -> Res {
    let id = stream_arg(m, a[0])?;
    let mut props = Vec::new();
    let pos = m.stream_position(id);
    let s = m.streams.get_mut(id).expect("stream_arg checked it");
    let file = s.file_name.clone();
    let aliases = s.aliases.clone();
    let (mode, input, binary, eof_action) = (s.mode, s.is_input(), s.binary, s.eof_action);
    let end = if id == USER_INPUT {
        // Standard input is not read ahead to find out.
        "not"
    } else {
        match s.input() {
            Some(i) if i.past_eof => "past",
            Some(i) => ["not", "at"][i.at_end(binary) as usize],
            None => "not",
        }
    };
    let t = |name: &str, arg: Term| Term::compound(name, vec![arg]);
    if let Some(f) = file {
        props.push(t("file_name", Term::atom(&f)));
    }
    props.push(t("mode", Term::atom(mode.name())));
    props.push(Term::atom(if input { "input" } else { "output" }));
    for al in aliases {
        props.push(t("alias", Term::Atom(al)));
    }
    let n = |x: u64| Term::Int(x as i64);
    props.push(t(
        "position",
        Term::compound(
            "$stream_position",
            vec![
                n(pos.chars),
                n(pos.lines + 1),
                n(pos.line_pos),
                n(pos.bytes),
            ],
        ),
    ));
    if input {
        props.push(t("end_of_stream", Term::atom(end)));
    }
    props.push(t("eof_action", Term::atom(eof_action.name())));
    props.push(t(
        "type",
        Term::atom(if binary { "binary" } else { "text" }),
    ));
    props.push(t(
        "encoding",
        Term::atom(if binary { "octet" } else { "utf8" }),
    ));
    props.push(t("newline", Term::atom("posix")));
    props.push(t("reposition", Term::atom("false")));
    let cells: Vec<Cell> = props
        .iter()
        .map(|p| m.store.from_term(p, &mut HashMap::new()))
        .collect();
    let l = m.store.new_list_from(&cells, Cell::atom(atoms::NIL));
    Ok(m.unify(a[1], l))
}

fn position_of(m: &Machine, c: Cell) -> Result<Position, PlError> {
    let id = stream_arg(m, c)?;
    Ok(m.stream_position(id))
}

fn line_count(m: &mut Machine, a: &[Cell]) -> Res {
    let p = position_of(m, a[0])?;
    let n = m.store.new_int(p.lines as i64 + 1);
    Ok(m.unify(a[1], n))
}
fn line_position(m: &mut Machine, a: &[Cell]) -> Res {
    let id = stream_arg(m, a[0])?;
    let col = if id == USER_OUTPUT {
        m.stream_column(id) as i64
    } else {
        position_of(m, a[0])?.line_pos as i64
    };
    let n = m.store.new_int(col);
    Ok(m.unify(a[1], n))
}
fn character_count(m: &mut Machine, a: &[Cell]) -> Res {
    let p = position_of(m, a[0])?;
    let n = m.store.new_int(p.chars as i64);
    Ok(m.unify(a[1], n))
}

fn flush_output1(m: &mut Machine, a: &[Cell]) -> Res {
    // Flushing standard output also flushes every file stream.
    output_arg(m, a[0])?;
    m.flush();
    Ok(true)
}

fn at_end(m: &mut Machine, c: Cell) -> Res {
    let id = input_arg(m, c, false)?;
    if id == USER_INPUT {
        m.flush();
    }
    let s = m.streams.get_mut(id).expect("input_arg checked it");
    let binary = s.binary;
    Ok(s.input().is_some_and(|i| i.at_end(binary)))
}
fn at_end_of_stream0(m: &mut Machine, _: &[Cell]) -> Res {
    let t = cur_in(m);
    at_end(m, t)
}
fn at_end_of_stream1(m: &mut Machine, a: &[Cell]) -> Res {
    at_end(m, a[0])
}

/// The stream `see/1` or `tell/1` switches to: a stream, an open file, or a newly opened file.
fn see_tell(m: &mut Machine, c: Cell, mode: Mode) -> Result<usize, PlError> {
    let c = m.deref(c);
    let input = mode == Mode::Read;
    let is_stream = match m.store.view(c) {
        View::Atom(a) => m.streams.by_alias(a).is_some() || a.name() == "user",
        View::Compound(f, 1, _) => f == handle_functor(),
        _ => false,
    };
    if is_stream {
        if let View::Atom(a) = m.store.view(c) {
            if a.name() == "user" {
                return Ok(if input { USER_INPUT } else { USER_OUTPUT });
            }
        }
        let id = stream_arg(m, c)?;
        if m.streams.get(id).is_some_and(|s| s.is_input() != input) {
            let dir = if input { "input" } else { "output" };
            return Err(permission_error(dir, "stream", culprit(m, c)));
        }
        return Ok(id);
    }
    let path = file_arg(m, c)?;
    if let Some(id) = m.streams.by_file(&path, input) {
        return Ok(id);
    }
    match open_file(&path, mode, false) {
        Ok(mut s) => {
            s.file_name = Some(path);
            s.by_see_tell = true;
            Ok(m.streams.add(s))
        }
        Err(e) => Err(open_error(m, &e, "source_sink", culprit(m, c))),
    }
}

fn see(m: &mut Machine, a: &[Cell]) -> Res {
    m.streams.cur_in = see_tell(m, a[0], Mode::Read)?;
    Ok(true)
}
fn tell(m: &mut Machine, a: &[Cell]) -> Res {
    m.streams.cur_out = see_tell(m, a[0], Mode::Write)?;
    Ok(true)
}
fn append1(m: &mut Machine, a: &[Cell]) -> Res {
    m.streams.cur_out = see_tell(m, a[0], Mode::Append)?;
    Ok(true)
}
fn seen(m: &mut Machine, _: &[Cell]) -> Res {
    let id = m.streams.cur_in;
    let _ = m.streams.close(id);
    m.streams.cur_in = USER_INPUT;
    Ok(true)
}
fn told(m: &mut Machine, _: &[Cell]) -> Res {
    let id = m.streams.cur_out;
    if let Err(e) = m.streams.close(id) {
        let t = stream_term(m, id);
        return Err(open_error(m, &e, "stream", culprit(m, t)));
    }
    m.streams.cur_out = m.streams.default_out();
    Ok(true)
}
fn seeing(m: &mut Machine, a: &[Cell]) -> Res {
    user_or_stream(m, a[0], m.streams.cur_in, USER_INPUT)
}
fn telling(m: &mut Machine, a: &[Cell]) -> Res {
    user_or_stream(m, a[0], m.streams.cur_out, USER_OUTPUT)
}
fn user_or_stream(m: &mut Machine, c: Cell, id: usize, user: usize) -> Res {
    let t = if id == user {
        Cell::atom(Atom::new("user"))
    } else {
        stream_term(m, id)
    };
    Ok(m.unify(c, t))
}

/// The current input as a stream argument.
fn cur_in(m: &mut Machine) -> Cell {
    let id = m.streams.cur_in;
    stream_term(m, id)
}
/// The current output as a stream argument.
fn cur_out(m: &mut Machine) -> Cell {
    let id = m.streams.cur_out;
    stream_term(m, id)
}

/// Notes that end of file was met on stream `id`: an error when it was met before
/// and the stream's `eof_action` is `error`.
fn hit_eof(m: &mut Machine, id: usize, c: Cell) -> Result<(), PlError> {
    let s = m.streams.get_mut(id).expect("checked stream");
    let act = s.eof_action;
    if let Some(i) = s.input() {
        if i.past_eof && act == EofAction::Error {
            return Err(permission_error(
                "input",
                "past_end_of_stream",
                culprit(m, c),
            ));
        }
        i.past_eof = act != EofAction::Reset;
    }
    Ok(())
}

/// What a character-reading builtin returns.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Unit {
    Char,
    Code,
    Byte,
}

/// get_char, get_code, get_byte and the peek variants on stream term `c`.
fn get_unit(m: &mut Machine, c: Cell, out: Cell, unit: Unit, peek: bool) -> Res {
    // SWI-Prolog (not in ISO mode) fails rather than checking the output argument.
    let id = input_arg(m, c, unit == Unit::Byte)?;
    if id == USER_INPUT {
        m.flush();
    }
    let s = m.streams.get_mut(id).expect("input_arg checked it");
    let binary = s.binary;
    let next = match (peek, unit == Unit::Byte || binary) {
        (true, true) => s.input().and_then(|i| i.peek_byte()).map(|b| b as char),
        (true, false) => s.input().and_then(|i| i.peek_char()),
        (false, true) => s.get_byte().map(|b| b as char),
        (false, false) => s.get_char(),
    };
    let v = match next {
        Some(ch) => match unit {
            Unit::Char => {
                let mut b = [0u8; 4];
                m.atom_cell(ch.encode_utf8(&mut b))
            }
            Unit::Code | Unit::Byte => Cell::small(ch as i64),
        },
        None => {
            if !peek {
                hit_eof(m, id, c)?;
            }
            match unit {
                Unit::Char => Cell::atom(atoms::END_OF_FILE),
                Unit::Code | Unit::Byte => Cell::small(-1),
            }
        }
    };
    Ok(m.unify(out, v))
}

/// Defines the current-stream and explicit-stream forms of a character builtin:
/// `name1(X)` runs `imp` on the current input (or output), `name2(S, X)` on stream S.
macro_rules! stream_forms {
    ($($one:ident, $two:ident, $cur:ident, $imp:ident($($extra:expr),*);)*) => {$(
        fn $one(m: &mut Machine, a: &[Cell]) -> Res {
            let s = $cur(m);
            $imp(m, s, a[0], $($extra),*)
        }
        fn $two(m: &mut Machine, a: &[Cell]) -> Res {
            $imp(m, a[0], a[1], $($extra),*)
        }
    )*};
}

stream_forms! {
    get_char1, get_char2, cur_in, get_unit(Unit::Char, false);
    peek_char1, peek_char2, cur_in, get_unit(Unit::Char, true);
    get_code1, get_code2, cur_in, get_unit(Unit::Code, false);
    peek_code1, peek_code2, cur_in, get_unit(Unit::Code, true);
    get_byte1, get_byte2, cur_in, get_unit(Unit::Byte, false);
    peek_byte1, peek_byte2, cur_in, get_unit(Unit::Byte, true);
    put_char1, put_char2, cur_out, put_unit(Unit::Char);
    put_code1, put_code2, cur_out, put_unit(Unit::Code);
    put_byte1, put_byte2, cur_out, put_unit(Unit::Byte);
    put1, put2, cur_out, put_any();
}

/// `put/1,2`, SWI's Edinburgh put: a character code, or a one-character
/// atom or string, on stream term `c`.
fn put_any(m: &mut Machine, c: Cell, x: Cell) -> Res {
    let x = m.deref(x);
    let single = |text: &str| {
        let mut chars = text.chars();
        match (chars.next(), chars.next()) {
            (Some(ch), None) => Some(ch as i64),
            _ => None,
        }
    };
    let code = match m.store.view(x) {
        View::Var(_) => return Err(instantiation_error()),
        View::Int(n) if n >= 0 => Some(n),
        View::Atom(a) => single(a.name()),
        View::Str(s) => single(s),
        _ => None,
    };
    match code {
        Some(n) if n <= char::MAX as i64 => put_unit(m, c, Cell::small(n), Unit::Code),
        Some(_) => Err(domain_error("character", culprit(m, x))),
        None => Err(type_error("character", culprit(m, x))),
    }
}

/// put_char, put_code and put_byte on stream term `c`.
fn put_unit(m: &mut Machine, c: Cell, x: Cell, unit: Unit) -> Res {
    let id = output_arg(m, c)?;
    let x = m.deref(x);
    let ch = match (m.store.view(x), unit) {
        (View::Var(_), _) => return Err(instantiation_error()),
        (View::Atom(a), Unit::Char) if a.name().chars().count() == 1 => a.name().chars().next(),
        (_, Unit::Char) => return Err(type_error("character", culprit(m, x))),
        (View::Int(n), Unit::Code) => match u32::try_from(n).ok().and_then(char::from_u32) {
            Some(ch) => Some(ch),
            None => {
                return Err(crate::machine::error::representation_error(
                    "character_code",
                ))
            }
        },
        (_, Unit::Code) => return Err(type_error("integer", culprit(m, x))),
        (View::Int(n), Unit::Byte) if (0..=255).contains(&n) => {
            m.emit_bytes(id, &[n as u8])?;
            return Ok(true);
        }
        (_, Unit::Byte) => return Err(type_error("byte", culprit(m, x))),
    };
    let mut b = [0u8; 4];
    let s = ch.map_or("", |ch| &*ch.encode_utf8(&mut b));
    m.emit(id, s)?;
    Ok(true)
}

/// Reads a line from stream term `c`; None at the end of input.
fn read_line(m: &mut Machine, c: Cell) -> Result<Option<String>, PlError> {
    let id = text_input_id(m, c)?;
    let line = m.streams.get_mut(id).and_then(|s| s.read_line());
    if line.is_none() {
        hit_eof(m, id, c)?;
    }
    Ok(line)
}

fn read_line_to_string(m: &mut Machine, a: &[Cell]) -> Res {
    let v = match read_line(m, a[0])? {
        Some(l) => m.store.new_string(&l),
        None => Cell::atom(atoms::END_OF_FILE),
    };
    Ok(m.unify(a[1], v))
}
fn read_line_to_codes(m: &mut Machine, a: &[Cell]) -> Res {
    let v = match read_line(m, a[0])? {
        Some(l) => {
            let codes: Vec<Cell> = l.chars().map(|c| Cell::small(c as i64)).collect();
            m.store.new_list_from(&codes, Cell::atom(atoms::NIL))
        }
        None => Cell::atom(atoms::END_OF_FILE),
    };
    Ok(m.unify(a[1], v))
}

/// The text input stream named by `c`.
fn text_input(m: &mut Machine, c: Cell) -> Result<&mut Stream, PlError> {
    let id = text_input_id(m, c)?;
    Ok(m.streams.get_mut(id).expect("input_arg checked it"))
}

/// A text input stream for reading terms, lines and strings (binary streams are
/// read with get_byte/get_char only), flushing standard output before standard input.
fn text_input_id(m: &mut Machine, c: Cell) -> Result<usize, PlError> {
    let id = input_arg(m, c, false)?;
    if m.streams.get(id).is_some_and(|s| s.binary) {
        return Err(permission_error("input", "binary_stream", culprit(m, c)));
    }
    if id == USER_INPUT {
        m.flush();
    }
    Ok(id)
}

/// `read_string(+Stream, ?Length, -String)`: Length characters, or all the rest.
fn read_string3(m: &mut Machine, a: &[Cell]) -> Res {
    let max = match m.store.view(a[1]) {
        View::Var(_) => None,
        View::Int(n) if n >= 0 => Some(n as usize),
        View::Int(_) => return Err(domain_error("not_less_than_zero", culprit(m, a[1]))),
        _ => return Err(type_error("integer", culprit(m, a[1]))),
    };
    let text = text_input(m, a[0])?.read_chars(max);
    if max.is_none() {
        let n = m.store.new_int(text.chars().count() as i64);
        if !m.unify(a[1], n) {
            return Ok(false);
        }
    }
    let s = m.store.new_string(&text);
    Ok(m.unify(a[2], s))
}

/// `read_string(+Stream, +SepChars, +PadChars, -Sep, -String)`: text up to a separator
/// (its code in Sep, -1 at the end), with pad characters stripped from both ends.
fn read_string5(m: &mut Machine, a: &[Cell]) -> Res {
    let seps = text_arg(m, a[1], "text")?;
    let pad = text_arg(m, a[2], "text")?;
    let (text, sep) = text_input(m, a[0])?.read_until(&seps);
    let sep = Cell::small(sep.map_or(-1, |c| c as i64));
    let s = m.store.new_string(text.trim_matches(|c| pad.contains(c)));
    Ok(m.unify(a[3], sep) && m.unify(a[4], s))
}

fn stream_codes(m: &mut Machine, c: Cell, tail: Cell) -> Result<Cell, PlError> {
    let text = text_input(m, c)?.read_chars(None);
    let codes: Vec<Cell> = text.chars().map(|c| Cell::small(c as i64)).collect();
    Ok(m.store.new_list_from(&codes, tail))
}
fn read_stream_to_codes2(m: &mut Machine, a: &[Cell]) -> Res {
    let l = stream_codes(m, a[0], Cell::atom(atoms::NIL))?;
    Ok(m.unify(a[1], l))
}
fn read_stream_to_codes3(m: &mut Machine, a: &[Cell]) -> Res {
    let l = stream_codes(m, a[0], a[2])?;
    Ok(m.unify(a[1], l))
}

/// `copy_stream_data(+In, +Out)`: the rest of In written to Out.
fn copy_stream_data(m: &mut Machine, a: &[Cell]) -> Res {
    let out = output_arg(m, a[1])?;
    let text = text_input(m, a[0])?.read_chars(None);
    m.emit(out, &text)?;
    Ok(true)
}

/// Options of `read_term/2,3`.
#[derive(Default)]
struct ReadTermOptions {
    variable_names: Option<Cell>,
    variables: Option<Cell>,
    singletons: Option<Cell>,
    double_quotes: Option<DoubleQuotes>,
    /// `syntax_errors(fail)` or `quiet`: fail instead of raising.
    fail_on_error: bool,
}

fn read_term_options(m: &Machine, c: Cell) -> Result<ReadTermOptions, PlError> {
    let mut o = ReadTermOptions::default();
    for it in list_arg(m, c)? {
        let it = m.deref(it);
        let (name, val) = match m.store.view(it) {
            View::Var(_) => return Err(instantiation_error()),
            View::Compound(f, 1, first) => (f.name(), m.store.heap[first]),
            _ => return Err(domain_error("read_option", culprit(m, it))),
        };
        let atom = match m.store.view(val) {
            View::Atom(a) => a.name(),
            _ => "",
        };
        match name {
            "variable_names" => o.variable_names = Some(val),
            "variables" => o.variables = Some(val),
            "singletons" => o.singletons = Some(val),
            "syntax_errors" => o.fail_on_error = matches!(atom, "fail" | "quiet"),
            "double_quotes" => {
                o.double_quotes = Some(match atom {
                    "codes" => DoubleQuotes::Codes,
                    "chars" => DoubleQuotes::Chars,
                    "atom" => DoubleQuotes::Atom,
                    _ => DoubleQuotes::String,
                })
            }
            _ => {}
        }
    }
    Ok(o)
}

/// The byte offset in `text` of a 1-based line and column.
fn offset_of(text: &str, line: usize, col: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line - 1)
        .map(str::len)
        .sum();
    let rest = &text[start.min(text.len())..];
    start
        + rest
            .chars()
            .take(col - 1)
            .map(char::len_utf8)
            .sum::<usize>()
}

/// Where SWI-Prolog places a syntax error in a clause's text, as a byte offset: an
/// unexpected end of file at the last character, an unfinished quoted item at the
/// start of the clause, other errors just after the last good token.
fn swi_error_offset(text: &str, message: &str, found: usize) -> usize {
    if message == "Unexpected end of file" {
        return text.char_indices().next_back().map_or(0, |(i, _)| i);
    }
    if message.starts_with("End of file in") {
        return text.len() - text.trim_start().len();
    }
    let before = &text[..found.min(text.len())];
    before.trim_end().len()
}

/// The error term of a syntax error at byte `offset` of clause text `text`, which
/// started at position `at` of stream `id`.
fn stream_syntax_error(
    m: &mut Machine,
    id: usize,
    c: Cell,
    msg: &str,
    at: Position,
    text: &str,
    offset: usize,
) -> PlError {
    let mut pos = at;
    pos.advance(&text[..offset]);
    let n = |x: u64| Term::Int(x as i64);
    // SWI-Prolog counts the column from 1 here.
    let place = [n(pos.lines + 1), n(pos.line_pos + 1), n(pos.chars)];
    let file = m.streams.get(id).and_then(|s| s.file_name.clone());
    let ctx = match file {
        Some(f) => Term::compound("file", [vec![Term::atom(&f)], place.to_vec()].concat()),
        None => Term::compound("stream", [vec![culprit(m, c)], place.to_vec()].concat()),
    };
    crate::machine::error::syntax_error(msg).with_context(ctx)
}

/// Reads the next term from stream term `c` and unifies it and the options' outputs.
fn read_from(m: &mut Machine, c: Cell, out: Cell, opts: &ReadTermOptions) -> Res {
    let id = text_input_id(m, c)?;
    let (text, at) = m
        .streams
        .get_mut(id)
        .expect("input_arg checked it")
        .take_clause();
    let ropts = ReadOptions {
        double_quotes: opts.double_quotes.unwrap_or(m.flags.double_quotes),
    };
    if id == USER_INPUT {
        if let Some(i) = m.streams.get_mut(id).and_then(|s| s.input()) {
            i.skip_layout_line();
        }
    }
    let mut reader = Reader::new(&text);
    let rt = match reader.next(&m.ops, &ropts) {
        None => {
            hit_eof(m, id, c)?;
            let eof = Cell::atom(atoms::END_OF_FILE);
            return bind_read(m, None, eof, out, opts);
        }
        Some(Ok(rt)) => rt,
        Some(Err(e)) => {
            if opts.fail_on_error {
                return Ok(false);
            }
            let found = offset_of(&text, e.pos.line, e.pos.col);
            let offset = swi_error_offset(&text, &e.message, found);
            return Err(stream_syntax_error(m, id, c, &e.message, at, &text, offset));
        }
    };
    let mut vars = HashMap::new();
    let t = m.store.from_term(&rt.term, &mut vars);
    bind_read(m, Some((&rt, &vars)), t, out, opts)
}

/// Unifies a term read and the outputs of the read options (empty lists at end of file).
fn bind_read(
    m: &mut Machine,
    read: Option<(&ReadTerm, &HashMap<u32, Cell>)>,
    t: Cell,
    out: Cell,
    opts: &ReadTermOptions,
) -> Res {
    if !m.unify(out, t) {
        return Ok(false);
    }
    let nil = Cell::atom(atoms::NIL);
    let named = |m: &mut Machine, names: &[(String, u32)]| -> Cell {
        let mut pairs = Vec::new();
        if let Some((_, vars)) = read {
            for (name, n) in names {
                if let Some(&v) = vars.get(n) {
                    let nm = m.atom_cell(name);
                    pairs.push(m.store.new_compound(atoms::EQUALS, &[nm, v]));
                }
            }
        }
        m.store.new_list_from(&pairs, nil)
    };
    if let Some(b) = opts.variable_names {
        let names = read.map(|(rt, _)| rt.var_names.clone()).unwrap_or_default();
        let l = named(m, &names);
        if !m.unify(b, l) {
            return Ok(false);
        }
    }
    if let Some(b) = opts.singletons {
        let names: Vec<(String, u32)> = read
            .map(|(rt, _)| {
                let counts = var_counts(&rt.term);
                rt.var_names
                    .iter()
                    .filter(|(_, v)| counts.get(v) == Some(&1))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        let l = named(m, &names);
        if !m.unify(b, l) {
            return Ok(false);
        }
    }
    if let Some(b) = opts.variables {
        let mut vs: Vec<(u32, Cell)> = read
            .map(|(_, vars)| vars.iter().map(|(&k, &v)| (k, v)).collect())
            .unwrap_or_default();
        vs.sort_by_key(|&(k, _)| k);
        let cells: Vec<Cell> = vs.into_iter().map(|(_, v)| v).collect();
        let l = m.store.new_list_from(&cells, nil);
        if !m.unify(b, l) {
            return Ok(false);
        }
    }
    Ok(true)
}

/// How often each variable occurs in a term (an explicit stack: terms may be deep).
fn var_counts(t: &Term) -> HashMap<u32, usize> {
    let mut counts = HashMap::new();
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match t {
            Term::Var(v) => *counts.entry(*v).or_insert(0) += 1,
            Term::Compound(_, args) => stack.extend(args.iter()),
            _ => {}
        }
    }
    counts
}

fn read1(m: &mut Machine, a: &[Cell]) -> Res {
    let s = cur_in(m);
    read_from(m, s, a[0], &ReadTermOptions::default())
}
fn read2(m: &mut Machine, a: &[Cell]) -> Res {
    read_from(m, a[0], a[1], &ReadTermOptions::default())
}
fn read_term2(m: &mut Machine, a: &[Cell]) -> Res {
    let o = read_term_options(m, a[1])?;
    let s = cur_in(m);
    read_from(m, s, a[0], &o)
}
fn read_term3(m: &mut Machine, a: &[Cell]) -> Res {
    let o = read_term_options(m, a[2])?;
    read_from(m, a[0], a[1], &o)
}

fn capture_start(m: &mut Machine, _: &[Cell]) -> Res {
    m.streams.capture_start();
    Ok(true)
}

/// `'$capture_end'(Text)`: ends the innermost capture; Text is a string.
fn capture_end(m: &mut Machine, a: &[Cell]) -> Res {
    let text = m.streams.capture_end();
    let s = m.store.new_string(&text);
    Ok(m.unify(a[0], s))
}

/// `open_string(+Text, -Stream)`: an input stream reading the text.
fn open_string(m: &mut Machine, a: &[Cell]) -> Res {
    let text = text_arg(m, a[0], "string")?;
    let s = Stream::new(Mode::Read, false, Dir::In(Input::text(text)));
    let id = m.streams.add(s);
    let h = stream_term(m, id);
    Ok(m.unify(a[1], h))
}

#[cfg(test)]
mod tests {
    use crate::{Machine, Term};

    /// The first answer's binding of `var`, or the error's text.
    fn answer(m: &mut Machine, goal: &str, var: &str) -> Result<Option<Term>, String> {
        let mut answers = m.query(goal).map_err(|e| format!("{e:?}"))?;
        match answers.next() {
            Some(Ok(a)) => Ok(a.get(var).cloned()),
            Some(Err(e)) => {
                drop(answers);
                Err(m.error_message(e))
            }
            None => Ok(None),
        }
    }

    fn text(m: &mut Machine, goal: &str, var: &str) -> String {
        match &answer(m, goal, var) {
            Ok(Some(Term::Str(s))) => s.to_string(),
            Ok(Some(Term::Atom(a))) => a.name().to_string(),
            other => panic!("{goal}: {other:?}"),
        }
    }

    /// Runs a goal, returning what it wrote to standard output.
    fn stdout_of(m: &mut Machine, goal: &str) -> String {
        m.captures.push(String::new());
        let r = answer(m, goal, "_");
        let out = m.captures.pop().unwrap_or_default();
        assert!(r.is_ok(), "{goal}: {r:?}");
        out
    }

    #[test]
    fn string_streams_read_terms_chars_and_lines() {
        let mut m = Machine::new();
        let t = text(
            &mut m,
            "open_string(\"f(X, Y, X). g.\nline two\n\", S), read(S, T), read_term(S, G, []), \
             get_char(S, C), read_line_to_string(S, L1), read_line_to_string(S, L2), \
             read_line_to_string(S, L3), read(S, E), \
             (T = f(P, Q, P2), P == P2, P \\== Q -> Ok = yes ; Ok = no), \
             format(atom(R), '~q ~q ~q ~q ~q ~q ~q', [Ok, G, C, L1, L2, L3, E])",
            "R",
        );
        assert_eq!(
            t,
            "yes g '\\n' \"line two\" end_of_file end_of_file end_of_file"
        );
    }

    #[test]
    fn syntax_errors_carry_the_stream_position() {
        let mut m = Machine::new();
        let t = text(
            &mut m,
            "open_string(\"a.\n  b c.\nd.\n\", S), read(S, _), \
             catch(read(S, _), error(syntax_error(_), stream(_, L, P, C)), true), read(S, D), \
             format(atom(R), '~w ~w ~w ~w', [L, P, C, D])",
            "R",
        );
        assert_eq!(t, "2 4 6 d");
    }

    #[test]
    fn output_goes_to_the_current_output_and_captures_nest() {
        let mut m = Machine::new();
        let out = stdout_of(
            &mut m,
            "with_output_to(string(A), (write(a), with_output_to(string(B), write(b)), \
             write(user_output, direct), write(B))), write(A)",
        );
        assert_eq!(out, "directab");
        let out = stdout_of(
            &mut m,
            "current_output(S), with_output_to(string(_), format(S, '~w', [x])), \
             format(user_output, '~a~t~6|~a', [p, q])",
        );
        assert_eq!(out, "xp    q");
    }

    #[test]
    fn errors_match_swi() {
        let mut m = Machine::new();
        let cases = [
            ("write(nosuch, x)", "stream `nosuch' does not exist"),
            (
                "write(3, x)",
                "Domain error: `stream_or_alias' expected, found `3'",
            ),
            (
                "read(user_output, _)",
                "No permission to input stream `user_output'",
            ),
            (
                "open(_, read, _)",
                "Arguments are not sufficiently instantiated",
            ),
            (
                "open(f, bad, _)",
                "Domain error: `io_mode' expected, found `bad'",
            ),
            (
                "open_string(\"\", S), close(S), close(S)",
                "stream `'<stream>'(",
            ),
        ];
        for (goal, msg) in cases {
            match answer(&mut m, goal, "_") {
                Err(e) => assert!(e.starts_with(msg), "{goal}: {e}"),
                other => panic!("{goal}: {other:?}"),
            }
        }
        // Closing the standard streams does nothing.
        assert!(answer(
            &mut m,
            "close(user_output), close(user_input), write(user_output, '')",
            "_"
        )
        .is_ok());
    }

    #[test]
    fn past_end_of_stream_and_eof_actions() {
        let mut m = Machine::new();
        let t = text(
            &mut m,
            "open_string(\"x\", S), get_char(S, A), get_char(S, B), get_char(S, C), \
             peek_code(S, D), stream_property(S, end_of_stream(E)), \
             format(atom(R), '~w ~w ~w ~w ~w', [A, B, C, D, E])",
            "R",
        );
        assert_eq!(t, "x end_of_file end_of_file -1 past");
    }
}
