//! Resource limits as Prolog errors: the stack limit (flag `stack_limit`,
//! `--stack-limit`), inference limits (`call_with_inference_limit/3`), time
//! limits (`call_with_time_limit/2`), and Ctrl-C.
//!
//! The run loop counts inferences and, when the count reaches `event_at`,
//! looks at all of them at once (`check_events`): the common path costs one
//! comparison per call. `event_at` is at most `PERIOD` inferences ahead, so
//! interrupts, deadlines and memory are looked at every few thousand calls
//! (a few tens of microseconds), and exactly at an inference limit.

use super::error::{PlError, Res};
use super::run::ChoicePoint;
use super::Machine;
use crate::term::{Cell, Term};
use std::sync::atomic::Ordering;
use std::time::{SystemTime, UNIX_EPOCH};

/// Inferences between two looks at interrupts, deadlines and memory.
const PERIOD: u64 = 4096;

/// The default stack limit in bytes (as SWI-Prolog's on 64-bit machines: 1 GB).
pub const DEFAULT_STACK_LIMIT: usize = 1 << 30;

/// Limits in force for the running query.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Inference count past which `'$inference_limit_exceeded'(Limit)` is raised.
    pub inferences: u64,
    /// Wall-clock deadline (seconds since the Unix epoch) after which
    /// `time_limit_exceeded` is raised.
    pub deadline: f64,
    /// Bytes of heap, frames, choicepoints and trail past which
    /// `resource_error(stack)` is raised.
    pub stack: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            inferences: u64::MAX,
            deadline: f64::INFINITY,
            stack: DEFAULT_STACK_LIMIT,
        }
    }
}

/// Seconds since the Unix epoch.
pub fn now() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

impl Machine {
    /// Bytes the running program uses on its stacks (and in the answers that
    /// findall/3 and friends are collecting, with the list they will become:
    /// SWI-Prolog counts its findall bags to its stacks too).
    pub fn stack_usage(&self) -> usize {
        let bags: usize = self
            .bags
            .iter()
            .map(|b| b.cells() + b.restored_cells())
            .sum();
        let cells = self.store.heap.len() + self.alloc_top() + self.argstack.len() + bags;
        cells * 8
            + self.trail.len() * std::mem::size_of::<(usize, Cell)>()
            + self.cps.len() * std::mem::size_of::<ChoicePoint>()
    }

    /// Raises `resource_error(stack)` unless `cells` more heap cells fit under the stack limit
    /// (for builtins that build large terms in one go).
    pub fn ensure_room(&self, cells: usize) -> Result<(), PlError> {
        if cells.saturating_mul(8).saturating_add(self.stack_usage()) > self.limits.stack {
            return Err(stack_overflow());
        }
        Ok(())
    }

    /// Raises the abort ball if Ctrl-C was pressed since the last look (and
    /// takes the interrupt): for the run loop, and for native loops that run
    /// long between two calls (sorting, writing, loading a file).
    pub fn check_interrupt(&self) -> Res<()> {
        if self.interrupt.swap(false, Ordering::Relaxed) {
            return Err(PlError::throw(Term::atom("$aborted")));
        }
        Ok(())
    }

    /// Ends the call of a builtin: a Ctrl-C that came while it ran is raised
    /// now, not a few thousand inferences later (which may never come); an
    /// error it raised is completed (`Machine::finish_error`).
    #[inline(always)]
    pub(crate) fn builtin_done(&mut self, r: Res<bool>) -> Res<bool> {
        if self.interrupt.load(Ordering::Relaxed) {
            self.check_interrupt()?;
        }
        r.map_err(|e| self.finish_error(e))
    }

    /// Sets when the run loop looks at limits and interrupts next.
    pub(crate) fn schedule_events(&mut self) {
        self.event_at = self
            .inferences
            .saturating_add(PERIOD)
            .min(self.limits.inferences);
    }

    /// Looks at interrupts and limits (the inference count reached `event_at`);
    /// argument registers `0..live_args` hold live values.
    pub(crate) fn check_events(&mut self, live_args: usize) -> Res<()> {
        self.schedule_events();
        self.check_interrupt()?;
        self.atom_gc_point();
        if self.inferences >= self.limits.inferences {
            // Lifted so that the handler can run; call_with_inference_limit/3
            // puts the outer limit back.
            let limit = self.limits.inferences;
            self.limits.inferences = u64::MAX;
            self.schedule_events();
            let culprit = Term::Int(i64::try_from(limit).unwrap_or(i64::MAX));
            return Err(PlError::throw(Term::compound(
                "$inference_limit_exceeded",
                vec![culprit],
            )));
        }
        if self.limits.deadline.is_finite() && now() >= self.limits.deadline {
            self.limits.deadline = f64::INFINITY;
            return Err(PlError::throw(Term::atom("time_limit_exceeded")));
        }
        if self.stack_usage() > self.limits.stack {
            // Garbage may be what fills the stacks: collect (in the outermost
            // query, where collections run) before giving up.
            if self.depth == 1 {
                self.collect(live_args);
            }
            // What survives must leave a sixteenth of the limit free: else the
            // next look would collect again, over and over as the stacks fill
            // (quadratic time), for little room each time.
            if self.stack_usage() > self.limits.stack - self.limits.stack / 16 {
                return Err(stack_overflow());
            }
        }
        Ok(())
    }
}

/// The error of exceeding the stack limit (SWI-Prolog's formal term).
pub fn stack_overflow() -> PlError {
    PlError::error(
        Term::compound("resource_error", vec![Term::atom("stack")]),
        Some(Term::compound(
            "stack_overflow",
            vec![Term::atom("stack_limit_exceeded")],
        )),
    )
}
