//! Ctrl-C (issue 7): a SIGINT sent to the toplevel while a query runs, inside
//! a long builtin (sorting, writing, findall over a huge list) or while a file
//! loads, ends the query with `% Execution Aborted`; what was asserted or
//! loaded before stays, and the next query is answered.
//!
//! The toplevel reads its queries from a pipe. Each long query first prints
//! `started`; the signal is sent once that is read, and the work after it would
//! run for minutes, so an interrupt that is not noticed fails the test by its
//! time-out instead of passing by luck.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// How long the toplevel may take to react before the test gives up.
const PATIENCE: Duration = Duration::from_secs(120);

/// A toplevel on pipes, its output read line by line on a thread.
struct Toplevel {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Toplevel {
    fn start(files: &[&str]) -> Toplevel {
        let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlog"))
            .arg("-q")
            .args(files)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("puzzlog runs");
        let stdin = child.stdin.take().unwrap();
        let stdout: ChildStdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Toplevel {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, query: &str) {
        writeln!(self.stdin, "{query}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Reads lines until one equals `want`; panics with what was read on time-out.
    fn expect(&self, want: &str) {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(PATIENCE) {
                Ok(line) if line.trim_end() == want => return,
                Ok(line) => seen.push(line),
                Err(_) => panic!("no line {want:?} in time; read: {seen:?}"),
            }
        }
    }

    fn interrupt(&self) {
        let pid = libc::pid_t::try_from(self.child.id()).expect("a process id");
        // SAFETY: kill(2) with a live child's pid and SIGINT only sends a signal.
        let r = unsafe { libc::kill(pid, libc::SIGINT) };
        assert_eq!(r, 0, "kill(SIGINT) failed");
    }

    /// Runs `long` (which prints `started` first), interrupts it, and checks
    /// that the session goes on with its database.
    fn interrupt_query(&mut self, long: &str) {
        self.send("assertz(kept(before)).");
        self.expect("true.");
        self.send(long);
        self.expect("started");
        self.interrupt();
        self.expect("% Execution Aborted");
        self.send("findall(X, kept(X), L).");
        self.expect("L = [before].");
    }
}

impl Drop for Toplevel {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let mut rest = String::new();
        if let Some(mut out) = self.child.stdout.take() {
            let _ = out.read_to_string(&mut rest);
        }
        let _ = self.child.wait();
    }
}

#[test]
fn interrupting_a_long_sort() {
    let mut t = Toplevel::start(&[]);
    t.interrupt_query(
        "numlist(1, 1000000, L), reverse(L, R), write(started), nl, flush_output, \
         between(1, 100000, _), msort(R, _), fail.",
    );
}

#[test]
fn interrupting_a_huge_write() {
    let mut t = Toplevel::start(&[]);
    t.interrupt_query(
        "numlist(1, 1000000, L), write(started), nl, flush_output, \
         between(1, 100000, _), with_output_to(string(_), print(L)), fail.",
    );
}

#[test]
fn interrupting_findall_over_a_huge_list() {
    let mut t = Toplevel::start(&[]);
    t.interrupt_query(
        "numlist(1, 1000000, L), write(started), nl, flush_output, \
         between(1, 100000, _), findall(X-Y, (member(X, L), Y is X * X), P), length(P, _), fail.",
    );
}

#[test]
fn interrupting_a_load_keeps_what_was_loaded() {
    // A directive prints `started` while the load goes on: the rest of the
    // file is a loop that only an interrupt ends.
    let big = crate::common::temp_program(
        "interrupt_load",
        "loaded(first).\n:- write(started), nl, flush_output.\n\
         :- repeat, atom_length(abc, _), fail.\nloaded(never).\n",
    );
    let mut t = Toplevel::start(&[]);
    t.interrupt_query(&format!("consult('{}').", big.display()));
    t.send("findall(X, loaded(X), L).");
    t.expect("L = [first].");
}

#[test]
fn interrupting_huge_counts() {
    // tab/2 of 10^12 spaces and format/3 columns of 2^31 stream to /dev/null in
    // chunks, between which the interrupt is noticed.
    let mut t = Toplevel::start(&[]);
    t.interrupt_query(
        "open('/dev/null', write, S), write(started), nl, flush_output, tab(S, 1000000000000).",
    );
    let mut t = Toplevel::start(&[]);
    t.interrupt_query(
        "open('/dev/null', write, S), write(started), nl, flush_output, \
         repeat, format(S, \"~t~2000000000|~n\", []), fail.",
    );
}

#[test]
fn a_catch_all_cannot_swallow_ctrl_c() {
    // Issue 17: every abort is caught by the catch/3 inside the loop; its
    // recovery runs, then the abort goes on (as in SWI-Prolog).
    let mut t = Toplevel::start(&[]);
    t.interrupt_query(
        "write(started), nl, flush_output, \
         repeat, catch((between(1, 1000000, _), fail ; true), _, true), fail.",
    );
}

/// What SWI-Prolog 9 does when a catch/3 catches `'$aborted'` (from abort/0 or Ctrl-C): the
/// recovery runs once, whether it succeeds, fails, throws or leaves choicepoints, and the
/// abort is raised again, up to the query.
#[test]
fn an_abort_goes_on_after_the_recovery() {
    let mut m = puzzlog::Machine::new();
    m.consult_str(
        ":- module(m, []).\n\
         loc(X) :- writeln(loc(X)).\n\
         t(1) :- catch(catch(abort, E, writeln(inner(E))), E2, writeln(outer(E2))), writeln(after).\n\
         t(2) :- catch(catch(throw('$aborted'), E, (loc(E), fail)), E2, loc(outer(E2))).\n\
         t(3) :- catch(catch(abort, _, (writeln(inner), throw(foo))), E2, writeln(outer(E2))).\n\
         t(4) :- catch(catch(abort, _, repeat), E2, writeln(outer(E2))), writeln(after).\n\
         t(5) :- catch(catch(abort, foo, true), E2, writeln(outer(E2))), writeln(after).\n",
        "abort_recovery",
    )
    .unwrap();
    // Recorded from swipl -g 'm:t(N)' (each ends with exit status 1, no `after`).
    let expected = [
        "inner($aborted)\nouter($aborted)\n",
        "loc($aborted)\nloc(outer($aborted))\n",
        "inner\nouter($aborted)\n",
        "outer($aborted)\n",
        "outer($aborted)\n",
    ];
    for (i, want) in expected.iter().enumerate() {
        m.out.clear();
        let r: Vec<_> = m.query(&format!("m:t({})", i + 1)).unwrap().collect();
        let aborted = matches!(r.as_slice(), [Err(e)] if m.is_abort(e));
        assert!(aborted, "t({}): {r:?}", i + 1);
        assert_eq!(m.out, *want, "t({})", i + 1);
    }
}
