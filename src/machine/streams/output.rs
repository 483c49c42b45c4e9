//! Writing text to output streams with every failure reported: a closed pipe
//! or a full disk is SWI-Prolog's `io_error(write, Stream)` (standard output
//! is flushed every 64 KB, so `... | head -1` stops a writing loop), and long
//! runs of text (`tab(1000000000000)`, `format("~t~*|", ...)`) are written in
//! chunks between which Ctrl-C, the time limit and write errors end them.
//!
//! [`Output`] is the machine's output side borrowed apart from the term store,
//! so that `format/2` can stream its text while it reads its arguments.

use super::{Dir, Sink, Streams, USER_ERROR, USER_OUTPUT};
use crate::machine::error::{resource_error, PlError, Res};
use crate::machine::limits::now;
use crate::machine::Machine;
use crate::syntax::ops::Ops;
use crate::term::{Store, Term};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Text kept for standard output before it is written out.
const FLUSH_AT: usize = 1 << 16;

/// Characters written at a time by [`Output::write_repeated`].
const CHUNK: usize = 1 << 16;

/// Why text could not be written.
#[derive(Debug)]
pub enum WriteFailure {
    /// The operating system refused the text of stream `id` (a closed pipe, a full disk).
    Io(usize, std::io::Error),
    /// Ctrl-C.
    Interrupted,
    /// The deadline of `call_with_time_limit/2` passed.
    TimeLimit,
    /// A memory stream (`with_output_to/2`) would outgrow the stack limit.
    Memory,
}

/// The machine's output side, borrowed apart from the term store.
pub struct Output<'m> {
    out: &'m mut String,
    captures: &'m mut Vec<String>,
    streams: &'m mut Streams,
    flushed_column: &'m mut usize,
    interrupt: &'m AtomicBool,
    deadline: f64,
    memory_limit: usize,
}

impl Output<'_> {
    /// Writes `s` to output stream `id`: standard output (below a transcript
    /// capture, if any), standard error, a file or a memory stream.
    pub fn write(&mut self, id: usize, s: &str) -> Result<(), WriteFailure> {
        match id {
            USER_OUTPUT => match self.captures.last_mut() {
                // The transcript's capture stands for standard output.
                Some(c) => {
                    if c.len() + s.len() > self.memory_limit {
                        return Err(WriteFailure::Memory);
                    }
                    c.push_str(s);
                }
                None => {
                    self.out.push_str(s);
                    if self.out.len() > FLUSH_AT {
                        self.flush_user_output()?;
                    }
                }
            },
            USER_ERROR => {
                // Standard output first, so that the two interleave as written. A
                // failure to write an error message has nowhere to be reported.
                self.flush_user_output()?;
                let _ = std::io::stderr().write_all(s.as_bytes());
                if let Some(st) = self.streams.get_mut(USER_ERROR) {
                    st.position.advance(s);
                }
            }
            _ => {
                let limit = self.memory_limit;
                if let Some(st) = self.streams.get_mut(id) {
                    st.position.advance(s);
                    match &mut st.dir {
                        Dir::Out(Sink::File(f)) => {
                            f.write_all(s.as_bytes())
                                .map_err(|e| WriteFailure::Io(id, e))?;
                        }
                        Dir::Out(Sink::Memory(buf)) => {
                            if buf.len() + s.len() > limit {
                                return Err(WriteFailure::Memory);
                            }
                            buf.push_str(s);
                        }
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }

    /// Writes `ch` `n` times, a chunk at a time, stopping at Ctrl-C, at the time
    /// limit or at a write error.
    pub fn write_repeated(&mut self, id: usize, ch: char, n: u64) -> Result<(), WriteFailure> {
        let mut left = n;
        let mut chunk = String::new();
        while left > 0 {
            let k = left.min(CHUNK as u64) as usize;
            if chunk.len() != k * ch.len_utf8() {
                chunk = std::iter::repeat_n(ch, k).collect();
            }
            self.write(id, &chunk)?;
            left -= k as u64;
            if left > 0 {
                self.check_stop()?;
            }
        }
        Ok(())
    }

    /// Fails with `Interrupted` after Ctrl-C (taking the interrupt), with
    /// `TimeLimit` after the deadline: for long runs of output.
    pub fn check_stop(&self) -> Result<(), WriteFailure> {
        if self.interrupt.swap(false, Ordering::Relaxed) {
            return Err(WriteFailure::Interrupted);
        }
        if self.deadline.is_finite() && now() >= self.deadline {
            return Err(WriteFailure::TimeLimit);
        }
        Ok(())
    }

    /// Writes pending standard output. On a write error the pending text is
    /// dropped (it cannot be written) and the error returned.
    pub fn flush_user_output(&mut self) -> Result<(), WriteFailure> {
        if self.out.is_empty() {
            return Ok(());
        }
        let mut so = std::io::stdout().lock();
        let written = so.write_all(self.out.as_bytes()).and_then(|()| so.flush());
        self.streams.count_flushed_output(self.out);
        *self.flushed_column = match self.out.rfind('\n') {
            Some(i) => self.out[i + 1..].chars().count(),
            None => *self.flushed_column + self.out.chars().count(),
        };
        self.out.clear();
        written.map_err(|e| WriteFailure::Io(USER_OUTPUT, e))
    }
}

impl Machine {
    /// The output side of the machine and, apart from it, the term store.
    pub fn output(&mut self) -> (&Store, Output<'_>) {
        let (store, _, output) = self.output_with_ops();
        (store, output)
    }

    /// The output side of the machine and, apart from it, the term store
    /// and the operator table (to write terms with).
    pub fn output_with_ops(&mut self) -> (&Store, &Ops, Output<'_>) {
        let deadline = self.limits.deadline;
        let memory_limit = self.limits.stack;
        (
            &self.store,
            &self.ops,
            Output {
                out: &mut self.out,
                captures: &mut self.captures,
                streams: &mut self.streams,
                flushed_column: &mut self.flushed_column,
                interrupt: &self.interrupt,
                deadline,
                memory_limit,
            },
        )
    }

    /// Writes `s` to output stream `id`, raising SWI-Prolog's error when it cannot.
    pub fn emit(&mut self, id: usize, s: &str) -> Res<()> {
        let r = self.output().1.write(id, s);
        r.map_err(|f| self.write_error(f))
    }

    /// Writes `s` to the current output.
    pub fn emit_out(&mut self, s: &str) -> Res<()> {
        self.emit(self.streams.cur_out, s)
    }

    /// Writes a message (whole lines) to standard error as SWI-Prolog's
    /// `print_message/2` does: after pending standard output, on lines of
    /// its own (a newline first when standard output is in mid-line). It
    /// never fails: a message that cannot be written has nowhere to go.
    pub fn message_out(&mut self, text: &str) {
        let _ = self.output().1.flush_user_output();
        let mid_line = self.captures.is_empty() && self.flushed_column != 0;
        let text = if mid_line {
            format!("\n{text}")
        } else {
            text.to_string()
        };
        let _ = self.output().1.write(USER_ERROR, &text);
    }

    /// Writes pending standard output, raising SWI-Prolog's error when it cannot.
    pub fn flush_checked(&mut self) -> Res<()> {
        let r = self.output().1.flush_user_output();
        r.map_err(|f| self.write_error(f))
    }

    /// The Prolog error of a failed write: `io_error(write, Stream)` with the
    /// operating system's message in the context of the running builtin (as
    /// SWI: `nl/0: I/O error in write on stream user_output (Broken pipe)`),
    /// the abort of Ctrl-C, `time_limit_exceeded`, or `resource_error(memory)`.
    pub fn write_error(&mut self, f: WriteFailure) -> PlError {
        match f {
            WriteFailure::Io(id, e) => {
                let stream = match id {
                    USER_OUTPUT => Term::atom("user_output"),
                    USER_ERROR => Term::atom("user_error"),
                    _ => Term::compound("<stream>", vec![Term::Int(id as i64)]),
                };
                let ctx = crate::builtins::streams::os_context(
                    self,
                    &crate::builtins::streams::os_message(&e),
                );
                PlError::error(
                    Term::compound("io_error", vec![Term::atom("write"), stream]),
                    Some(ctx),
                )
            }
            WriteFailure::Interrupted => PlError::throw(Term::atom("$aborted")),
            WriteFailure::TimeLimit => {
                self.limits.deadline = f64::INFINITY;
                PlError::throw(Term::atom("time_limit_exceeded"))
            }
            WriteFailure::Memory => resource_error("memory"),
        }
    }
}
