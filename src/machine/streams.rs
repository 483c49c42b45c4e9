//! The stream table: the standard streams, files opened by `open/3,4`, the
//! memory streams behind `with_output_to/2`, aliases, and the current input
//! and output. Input streams hold their text in memory (files are read whole
//! when opened, standard input a line at a time as it is needed); output
//! streams write to standard output (through `Machine::out`), standard error,
//! a buffered file or a memory buffer. Every stream counts characters, lines
//! and the column, as SWI-Prolog's `'$stream_position'/4` does.

use super::Machine;
use crate::syntax::lexer::{Lexer, Tok};
use crate::term::Atom;
use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::io::{BufRead, BufWriter, Read, Write};

mod output;
pub use output::{Output, WriteFailure};

/// Stream number of standard input.
pub const USER_INPUT: usize = 0;
/// Stream number of standard output.
pub const USER_OUTPUT: usize = 1;
/// Stream number of standard error.
pub const USER_ERROR: usize = 2;

/// How a stream was opened.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Input.
    Read,
    /// Output, the file truncated.
    Write,
    /// Output at the end of the file.
    Append,
    /// Output, the file not truncated.
    Update,
}

impl Mode {
    /// The mode's name in `open/3` and `stream_property/2`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Read => "read",
            Mode::Write => "write",
            Mode::Append => "append",
            Mode::Update => "update",
        }
    }

    /// The mode named `name`, if any.
    pub fn from_name(name: &str) -> Option<Mode> {
        Some(match name {
            "read" => Mode::Read,
            "write" => Mode::Write,
            "append" => Mode::Append,
            "update" => Mode::Update,
            _ => return None,
        })
    }
}

/// What reading past the end of an input stream does (`eof_action/1`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EofAction {
    /// Raise `permission_error(input, past_end_of_stream, S)`.
    Error,
    /// Return the end-of-file value again.
    EofCode,
    /// Return the end-of-file value and try again next time (terminals).
    Reset,
}

impl EofAction {
    /// The action's name in `stream_property/2`.
    pub fn name(self) -> &'static str {
        match self {
            EofAction::Error => "error",
            EofAction::EofCode => "eof_code",
            EofAction::Reset => "reset",
        }
    }
}

/// Counts of what went through a stream.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// Characters so far.
    pub chars: u64,
    /// Newlines so far (the line number is one more).
    pub lines: u64,
    /// Characters since the last newline.
    pub line_pos: u64,
    /// Bytes so far.
    pub bytes: u64,
}

impl Position {
    /// Counts the characters of `s`.
    pub fn advance(&mut self, s: &str) {
        match s.rfind('\n') {
            Some(i) => {
                self.lines += s.bytes().filter(|&b| b == b'\n').count() as u64;
                self.line_pos = s[i + 1..].chars().count() as u64;
            }
            None => self.line_pos += s.chars().count() as u64,
        }
        self.chars += s.chars().count() as u64;
        self.bytes += s.len() as u64;
    }

    /// Counts one character.
    pub fn advance_char(&mut self, c: char) {
        self.chars += 1;
        self.bytes += c.len_utf8() as u64;
        if c == '\n' {
            self.lines += 1;
            self.line_pos = 0;
        } else {
            self.line_pos += 1;
        }
    }

    /// Counts one byte of a binary stream.
    pub fn advance_byte(&mut self) {
        self.bytes += 1;
        self.chars += 1;
    }
}

/// Where an input stream gets more text from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Source {
    /// Everything is in memory already.
    Memory,
    /// Standard input, read a line at a time.
    Stdin,
}

/// The unread contents of an input stream.
#[derive(Debug)]
pub struct Input {
    /// Text of a text stream (consumed up to `pos`).
    text: String,
    /// Contents of a binary stream (consumed up to `pos`).
    bytes: Vec<u8>,
    /// Offset of the first unread byte.
    pos: usize,
    source: Source,
    /// End of file has been returned once.
    pub past_eof: bool,
}

impl Input {
    /// An input of the given text.
    pub fn text(text: String) -> Input {
        Input {
            text,
            bytes: Vec::new(),
            pos: 0,
            source: Source::Memory,
            past_eof: false,
        }
    }

    /// An input of the given bytes (a binary stream).
    pub fn binary(bytes: Vec<u8>) -> Input {
        Input {
            bytes,
            ..Input::text(String::new())
        }
    }

    fn stdin() -> Input {
        Input {
            source: Source::Stdin,
            ..Input::text(String::new())
        }
    }

    /// Reads one more line from the source; false at its end. Standard input is asked
    /// again next time (a terminal may give more after an end of file).
    fn fill(&mut self) -> bool {
        if self.source == Source::Memory {
            return false;
        }
        let mut line = Vec::new();
        match std::io::stdin().lock().read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => false,
            Ok(_) => {
                // Drop what was consumed before appending, so the buffer stays small.
                self.text.drain(..self.pos);
                self.pos = 0;
                self.text.push_str(&String::from_utf8_lossy(&line));
                true
            }
        }
    }

    /// The unread text, reading more from the source while none is left.
    fn available(&mut self) -> &str {
        while self.pos >= self.text.len() && self.fill() {}
        &self.text[self.pos..]
    }

    /// The next character, not consumed.
    pub fn peek_char(&mut self) -> Option<char> {
        self.available().chars().next()
    }

    /// The next byte of a binary stream, not consumed.
    pub fn peek_byte(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    /// True when all input has been consumed (may read standard input to find out).
    pub fn at_end(&mut self, binary: bool) -> bool {
        if binary {
            self.pos >= self.bytes.len()
        } else {
            self.available().is_empty()
        }
    }

    /// Consumes `n` bytes of text, returning them.
    fn take(&mut self, n: usize) -> &str {
        let start = self.pos;
        self.pos = (start + n).min(self.text.len());
        &self.text[start..self.pos]
    }

    /// Drops the rest of the buffered line when it is only layout (standard input after a
    /// term was read: the toplevel reads its next query from the following line).
    pub fn skip_layout_line(&mut self) {
        if self.source == Source::Stdin && self.text[self.pos..].trim().is_empty() {
            self.text.clear();
            self.pos = 0;
        }
    }

    /// The length of the next clause's text: up to and including its end token (the
    /// layout after it stays, as in SWI-Prolog), or to the end of the input.
    fn clause_len(&mut self) -> usize {
        loop {
            let rest = self.available();
            let mut lexer = Lexer::new(rest);
            let mut end = None;
            let mut lex_error = false;
            while let Some(t) = lexer.next_token() {
                match t {
                    Ok((_, Tok::End, e)) => {
                        end = Some(e);
                        break;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        lex_error = !e.message.starts_with("End of file");
                        break;
                    }
                }
            }
            if let Some(e) = end {
                return e;
            }
            // An unfinished clause: read more when the source may have more.
            if lex_error || !self.fill() {
                return self.text.len() - self.pos;
            }
        }
    }
}

/// Where an output stream's text goes.
#[derive(Debug)]
pub enum Sink {
    /// Standard output, through `Machine::out` and the transcript capture.
    Stdout,
    /// Standard error.
    Stderr,
    /// A file.
    File(BufWriter<File>),
    /// A memory buffer (`with_output_to/2`).
    Memory(String),
}

/// Whether a stream reads or writes, and its state.
#[derive(Debug)]
pub enum Dir {
    /// An input stream.
    In(Input),
    /// An output stream.
    Out(Sink),
}

/// One open stream.
#[derive(Debug)]
pub struct Stream {
    /// How it was opened.
    pub mode: Mode,
    /// `type(binary)`.
    pub binary: bool,
    /// The file it reads or writes, as given to `open/3` made absolute.
    pub file_name: Option<String>,
    /// Its aliases, oldest first.
    pub aliases: Vec<Atom>,
    /// `eof_action/1`.
    pub eof_action: EofAction,
    /// Counts of what was read or written.
    pub position: Position,
    /// Opened by `see/1`, `tell/1` or `append/1` (which reuse such streams by file name).
    pub by_see_tell: bool,
    /// Input or output state.
    pub dir: Dir,
}

impl Stream {
    /// A new stream with no file name and no alias.
    pub fn new(mode: Mode, binary: bool, dir: Dir) -> Stream {
        Stream {
            mode,
            binary,
            file_name: None,
            aliases: Vec::new(),
            eof_action: EofAction::EofCode,
            position: Position::default(),
            by_see_tell: false,
            dir,
        }
    }

    /// True for input streams.
    pub fn is_input(&self) -> bool {
        matches!(self.dir, Dir::In(_))
    }

    /// The input state, for input streams.
    pub fn input(&mut self) -> Option<&mut Input> {
        match &mut self.dir {
            Dir::In(i) => Some(i),
            Dir::Out(_) => None,
        }
    }

    /// Reads and consumes one character (a byte of a binary stream); None at the end.
    pub fn get_char(&mut self) -> Option<char> {
        if self.binary {
            return self.get_byte().map(|b| b as char);
        }
        let input = self.input()?;
        let c = input.peek_char()?;
        input.pos += c.len_utf8();
        self.position.advance_char(c);
        Some(c)
    }

    /// Reads and consumes one byte of a binary stream; None at the end.
    pub fn get_byte(&mut self) -> Option<u8> {
        let input = self.input()?;
        let b = input.peek_byte()?;
        input.pos += 1;
        self.position.advance_byte();
        Some(b)
    }

    /// Reads one line without its line terminator (`\n` or `\r\n`); None at the end.
    pub fn read_line(&mut self) -> Option<String> {
        let input = self.input()?;
        let mut line = String::new();
        loop {
            let rest = input.available();
            if rest.is_empty() {
                break;
            }
            match rest.find('\n') {
                Some(i) => {
                    line.push_str(input.take(i + 1));
                    break;
                }
                None => {
                    let n = rest.len();
                    line.push_str(input.take(n));
                }
            }
        }
        if line.is_empty() {
            return None;
        }
        self.position.advance(&line);
        if line.ends_with('\n') {
            line.pop();
            if line.ends_with('\r') {
                line.pop();
            }
        }
        Some(line)
    }

    /// Reads up to `max` characters (all the rest when None).
    pub fn read_chars(&mut self, max: Option<usize>) -> String {
        let mut out = String::new();
        let mut n = 0;
        while max.is_none_or(|m| n < m) {
            match self.get_char() {
                Some(c) => out.push(c),
                None => break,
            }
            n += 1;
        }
        out
    }

    /// Reads up to the first character in `seps` (consumed, returned second) or the end.
    pub fn read_until(&mut self, seps: &str) -> (String, Option<char>) {
        let mut out = String::new();
        while let Some(c) = self.get_char() {
            if seps.contains(c) {
                return (out, Some(c));
            }
            out.push(c);
        }
        (out, None)
    }

    /// Consumes the text of the next clause and returns it with the position it
    /// started at; the text is empty at the end of the input.
    pub fn take_clause(&mut self) -> (String, Position) {
        let start = self.position;
        let Some(input) = self.input() else {
            return (String::new(), start);
        };
        let n = input.clause_len();
        let text = input.take(n).to_string();
        self.position.advance(&text);
        (text, start)
    }
}

/// The stream table.
#[derive(Debug)]
pub struct Streams {
    /// Open streams by number; numbers are never reused.
    streams: BTreeMap<usize, Stream>,
    /// Alias to stream number.
    aliases: HashMap<Atom, usize>,
    next: usize,
    /// The current input stream.
    pub cur_in: usize,
    /// The current output stream.
    pub cur_out: usize,
    /// `with_output_to/2` captures, innermost last: the output saved and the capture stream.
    saved_out: Vec<(usize, usize)>,
}

impl Default for Streams {
    fn default() -> Streams {
        Streams::new()
    }
}

impl Streams {
    /// A table holding the three standard streams.
    pub fn new() -> Streams {
        let mut t = Streams {
            streams: BTreeMap::new(),
            aliases: HashMap::new(),
            next: 0,
            cur_in: USER_INPUT,
            cur_out: USER_OUTPUT,
            saved_out: Vec::new(),
        };
        let mut stdin = Stream::new(Mode::Read, false, Dir::In(Input::stdin()));
        stdin.eof_action = EofAction::Reset;
        let std = [
            ("user_input", stdin),
            (
                "user_output",
                Stream::new(Mode::Write, false, Dir::Out(Sink::Stdout)),
            ),
            (
                "user_error",
                Stream::new(Mode::Write, false, Dir::Out(Sink::Stderr)),
            ),
        ];
        for (alias, s) in std {
            let id = t.add(s);
            t.add_alias(id, Atom::new(alias));
        }
        t
    }

    /// Adds a stream, returning its number.
    pub fn add(&mut self, s: Stream) -> usize {
        let id = self.next;
        self.next += 1;
        self.streams.insert(id, s);
        id
    }

    /// Gives stream `id` the alias `a` (taking it from any other stream).
    pub fn add_alias(&mut self, id: usize, a: Atom) {
        a.pin();
        if let Some(old) = self.aliases.insert(a, id) {
            if let Some(s) = self.streams.get_mut(&old) {
                s.aliases.retain(|&x| x != a);
            }
        }
        if let Some(s) = self.streams.get_mut(&id) {
            s.aliases.push(a);
        }
    }

    /// The stream an alias names.
    pub fn by_alias(&self, a: Atom) -> Option<usize> {
        self.aliases.get(&a).copied()
    }

    /// An open stream.
    pub fn get(&self, id: usize) -> Option<&Stream> {
        self.streams.get(&id)
    }

    /// An open stream, mutable.
    pub fn get_mut(&mut self, id: usize) -> Option<&mut Stream> {
        self.streams.get_mut(&id)
    }

    /// Numbers of all open streams, in opening order.
    pub fn ids(&self) -> Vec<usize> {
        self.streams.keys().copied().collect()
    }

    /// The stream `see/1` or `tell/1` opened on file `path` for input or output, if still open.
    pub fn by_file(&self, path: &str, input: bool) -> Option<usize> {
        self.streams
            .iter()
            .find(|(_, s)| {
                s.by_see_tell && s.file_name.as_deref() == Some(path) && s.is_input() == input
            })
            .map(|(&id, _)| id)
    }

    /// Closes a stream (the standard streams stay open), flushing a file. The current
    /// input or output falls back to the standard stream. Returns the removed stream.
    pub fn close(&mut self, id: usize) -> std::io::Result<Option<Stream>> {
        if id <= USER_ERROR {
            return Ok(None);
        }
        let Some(mut s) = self.streams.remove(&id) else {
            return Ok(None);
        };
        for &a in &s.aliases {
            self.aliases.remove(&a);
            // A standard alias taken by `set_stream/2` goes back to its standard stream.
            let standard = ["user_input", "user_output", "user_error"]
                .iter()
                .position(|&n| n == a.name());
            if let Some(std_id) = standard {
                self.add_alias(std_id, a);
            }
        }
        if self.cur_in == id {
            self.cur_in = USER_INPUT;
        }
        if self.cur_out == id {
            self.cur_out = USER_OUTPUT;
        }
        for (saved, _) in &mut self.saved_out {
            if *saved == id {
                *saved = USER_OUTPUT;
            }
        }
        if let Dir::Out(Sink::File(f)) = &mut s.dir {
            f.flush()?;
        }
        Ok(Some(s))
    }

    /// Where `told/0` sends output: the innermost `with_output_to/2` capture, else
    /// standard output (`close/1` of the current output always goes back to standard output).
    pub fn default_out(&self) -> usize {
        self.saved_out
            .iter()
            .rev()
            .map(|&(_, cap)| cap)
            .find(|cap| self.streams.contains_key(cap))
            .unwrap_or(USER_OUTPUT)
    }

    /// Counts text flushed to standard output in its position.
    pub fn count_flushed_output(&mut self, text: &str) {
        if let Some(s) = self.streams.get_mut(&USER_OUTPUT) {
            s.position.advance(text);
        }
    }

    /// Flushes every file output stream.
    pub fn flush_files(&mut self) {
        for s in self.streams.values_mut() {
            if let Dir::Out(Sink::File(f)) = &mut s.dir {
                let _ = f.flush();
            }
        }
    }

    /// Forgets captures after an abandoned query.
    pub fn recover(&mut self) {
        if let Some(&(first, _)) = self.saved_out.first() {
            self.cur_out = first;
        }
        for (_, id) in std::mem::take(&mut self.saved_out) {
            let _ = self.close(id);
        }
        if !self.streams.contains_key(&self.cur_out) {
            self.cur_out = USER_OUTPUT;
        }
    }

    /// Starts a capture: a new memory stream becomes the current output.
    pub fn capture_start(&mut self) {
        let id = self.add(Stream::new(
            Mode::Write,
            false,
            Dir::Out(Sink::Memory(String::new())),
        ));
        self.saved_out.push((self.cur_out, id));
        self.cur_out = id;
    }

    /// Ends the innermost capture, returning its text and restoring the output.
    pub fn capture_end(&mut self) -> String {
        let Some((saved, id)) = self.saved_out.pop() else {
            return String::new();
        };
        let text = match self.streams.remove(&id) {
            Some(Stream {
                dir: Dir::Out(Sink::Memory(text)),
                aliases,
                ..
            }) => {
                for a in &aliases {
                    self.aliases.remove(a);
                }
                text
            }
            _ => String::new(),
        };
        self.cur_out = if self.streams.contains_key(&saved) {
            saved
        } else {
            USER_OUTPUT
        };
        text
    }
}

/// Opens a file as a stream (not yet in the table).
pub fn open_file(path: &str, mode: Mode, binary: bool) -> std::io::Result<Stream> {
    let dir = match mode {
        Mode::Read => {
            let mut bytes = Vec::new();
            File::open(path)?.read_to_end(&mut bytes)?;
            if binary {
                Dir::In(Input::binary(bytes))
            } else {
                // A byte-order mark is skipped, as SWI-Prolog's open/4 (bom(true)) does.
                if bytes.starts_with(b"\xEF\xBB\xBF") {
                    bytes.drain(..3);
                }
                let text = match String::from_utf8(bytes) {
                    Ok(t) => t,
                    Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
                };
                Dir::In(Input::text(text))
            }
        }
        Mode::Write => Dir::Out(Sink::File(BufWriter::new(File::create(path)?))),
        Mode::Append => Dir::Out(Sink::File(BufWriter::new(
            std::fs::OpenOptions::new()
                .append(true)
                .create(true)
                .open(path)?,
        ))),
        Mode::Update => Dir::Out(Sink::File(BufWriter::new(
            std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(false)
                .open(path)?,
        ))),
    };
    let mut s = Stream::new(mode, binary, dir);
    s.file_name = Some(absolute_path(path));
    Ok(s)
}

/// `path` made absolute against the working directory, with `.` and `..` resolved
/// textually (symbolic links are left alone).
pub fn absolute_path(path: &str) -> String {
    let joined = if path.starts_with('/') {
        path.to_string()
    } else {
        let cwd = std::env::current_dir()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default();
        format!("{cwd}/{path}")
    };
    let mut parts: Vec<&str> = Vec::new();
    for p in joined.split('/') {
        match p {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            _ => parts.push(p),
        }
    }
    format!("/{}", parts.join("/"))
}

impl Machine {
    /// Writes text to stream `id` (which must be an output stream), dropping
    /// write errors (for `Machine::write_out`; builtins use `emit`, which raises them).
    pub fn write_stream(&mut self, id: usize, s: &str) {
        let _ = self.output().1.write(id, s);
    }

    /// Writes bytes to a binary stream (on the standard streams, one character per byte).
    pub fn emit_bytes(&mut self, id: usize, b: &[u8]) -> super::Res<()> {
        match id {
            USER_OUTPUT | USER_ERROR => {
                let s: String = b.iter().map(|&b| b as char).collect();
                self.emit(id, &s)
            }
            _ => {
                let Some(st) = self.streams.get_mut(id) else {
                    return Ok(());
                };
                st.position.bytes += b.len() as u64;
                st.position.chars += b.len() as u64;
                let r = match &mut st.dir {
                    Dir::Out(Sink::File(f)) => f.write_all(b),
                    _ => Ok(()),
                };
                r.map_err(|e| self.write_error(WriteFailure::Io(id, e)))
            }
        }
    }

    /// The position of stream `id`: for standard output, the text flushed and pending.
    pub fn stream_position(&self, id: usize) -> Position {
        let mut p = self.streams.get(id).map(|s| s.position).unwrap_or_default();
        if id == USER_OUTPUT {
            p.advance(&self.out);
        }
        p
    }

    /// The column output stream `id` is at.
    pub fn stream_column(&self, id: usize) -> usize {
        match id {
            USER_OUTPUT => {
                if self.streams.cur_out == USER_OUTPUT {
                    self.column()
                } else {
                    0
                }
            }
            _ => self
                .streams
                .get(id)
                .map_or(0, |s| s.position.line_pos as usize),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_counts_lines_and_columns() {
        let mut p = Position::default();
        p.advance("ab\ncdé");
        assert_eq!((p.chars, p.lines, p.line_pos, p.bytes), (6, 1, 3, 7));
        p.advance("x");
        assert_eq!((p.lines, p.line_pos), (1, 4));
    }

    #[test]
    fn clauses_are_cut_after_the_end_token() {
        let mut s = Stream::new(
            Mode::Read,
            false,
            Dir::In(Input::text("a. 'x.y'(b).\n\n% c\nfoo".into())),
        );
        assert_eq!(s.take_clause().0, "a.");
        assert_eq!(s.take_clause().0, " 'x.y'(b).");
        let (rest, at) = s.take_clause();
        assert_eq!(rest, "\n\n% c\nfoo");
        assert_eq!((at.lines, at.line_pos), (0, 12));
        assert_eq!(s.take_clause().0, "");
    }

    #[test]
    fn lines_and_chars() {
        let mut s = Stream::new(Mode::Read, false, Dir::In(Input::text("é\r\nb".into())));
        assert_eq!(s.get_char(), Some('é'));
        assert_eq!(s.read_line().as_deref(), Some(""));
        assert_eq!(s.read_line().as_deref(), Some("b"));
        assert_eq!(s.read_line(), None);
        assert_eq!(s.get_char(), None);
        assert_eq!(s.position.lines, 1);
    }

    #[test]
    fn aliases_move_and_closing_resets_current_streams() {
        let mut t = Streams::new();
        let a = t.add(Stream::new(
            Mode::Write,
            false,
            Dir::Out(Sink::Memory(String::new())),
        ));
        let b = t.add(Stream::new(
            Mode::Write,
            false,
            Dir::Out(Sink::Memory(String::new())),
        ));
        let al = Atom::new("out");
        t.add_alias(a, al);
        t.add_alias(b, al);
        assert_eq!(t.by_alias(al), Some(b));
        assert!(t.get(a).unwrap().aliases.is_empty());
        t.cur_out = b;
        assert!(t.close(b).unwrap().is_some());
        assert_eq!(t.cur_out, USER_OUTPUT);
        assert_eq!(t.by_alias(al), None);
        assert!(t.close(USER_OUTPUT).unwrap().is_none());
        assert!(t.get(USER_OUTPUT).is_some());
        // A stream that took a standard alias gives it back when closed.
        let user_output = Atom::new("user_output");
        t.add_alias(a, user_output);
        assert_eq!(t.by_alias(user_output), Some(a));
        assert!(t.close(a).unwrap().is_some());
        assert_eq!(t.by_alias(user_output), Some(USER_OUTPUT));
        assert_eq!(t.get(USER_OUTPUT).unwrap().aliases, vec![user_output]);
    }

    #[test]
    fn captures_nest() {
        let mut m = Machine::bare();
        m.streams.capture_start();
        let outer = m.streams.cur_out;
        m.emit(outer, "a").unwrap();
        m.streams.capture_start();
        m.emit_out("b").unwrap();
        assert_eq!(m.streams.capture_end(), "b");
        assert_eq!(m.streams.cur_out, outer);
        assert_eq!(m.streams.capture_end(), "a");
        assert_eq!(m.streams.cur_out, USER_OUTPUT);
    }

    #[test]
    fn absolute_paths_resolve_dots() {
        assert_eq!(absolute_path("/a/b/../c/./d"), "/a/c/d");
        assert!(absolute_path("x").ends_with("/x"));
    }
}
