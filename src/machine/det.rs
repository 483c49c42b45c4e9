//! Single sided unification (`Head => Body`) and determinism checks (`$/0`,
//! `$/1`) at run time, as SWI-Prolog 9 has them.
//!
//! A `=>` clause's head matches without binding the call (`Match*`
//! instructions); when its head or guard does not match, it goes to its
//! first instruction, `SsuNoMatch`, which tries the next candidate clause
//! (the call's clause choicepoint) or raises `existence_error(matching_rule,
//! Goal)` from the argument registers, which nothing writes before a `=>`
//! clause commits.
//!
//! A determinism check is a choicepoint ([`DetCheck`]): backtracking into it
//! means the checked code failed, which raises `determinism_error(.., fail,
//! ..)`; finding anything above it when the code exits means it left a
//! choicepoint (`.., nondet, ..`). `$(Goal)` pushes one around the goal.
//! `$/0` cuts, pushes one and sets the clause's continuation to `DET_EXIT`
//! (`Instr::DetExit`), whose check goes on to the continuation the choicepoint
//! saved. The last call after `$/0` inherits the check (`DetExecute`): it
//! keeps last-call optimisation, and a `$/0` in the callee reuses the check it
//! inherited, so deterministic recursion through `$` runs in constant space.

use super::error::{existence_error, PlError};
use super::instr::{Addr, Instr, PredId, NECK_LEVEL, Y};
use super::run::{CpKind, FRAME};
use super::Machine;
use crate::term::{atoms, Cell, Term};

/// Continuation of a clause after `$/0` (`Instr::DetExit`).
pub const DET_EXIT: Addr = 7;

/// What a determinism check covers, which its errors name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum DetKind {
    /// `$(Goal)`: `determinism_error(Goal, det, _, goal)`.
    Goal,
    /// The rest of a clause of `pred` after `$/0`: `.., guard)`.
    Guard,
    /// The last call (to `pred`) after `$/0`: `.., guard_in_caller)`.
    GuardInCaller,
}

/// The determinism check a choicepoint stands for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DetCheck {
    pub(crate) kind: DetKind,
    /// The predicate blamed (`Guard`, `GuardInCaller`).
    pub(crate) pred: PredId,
    /// The goal of `$(Goal)` (else `[]`): a garbage-collection root.
    pub(crate) goal: Cell,
    /// Where `DetExit` goes on (`Guard`, `GuardInCaller`).
    pub(crate) cont: Addr,
}

impl Machine {
    /// A `Match*` instruction before `p` failed: the address of its clause's
    /// no-match code, the clause's first instruction (only head
    /// instructions, `Allocate` and `GetLevel` come between).
    #[cold]
    pub(crate) fn no_match_at(&self, mut p: Addr) -> Addr {
        while !matches!(self.db.code[p as usize], Instr::SsuNoMatch(_)) {
            p -= 1;
        }
        p
    }

    /// `==` of two cells, for the head of a `=>` clause.
    #[inline(always)]
    pub(crate) fn same(&self, a: Cell, b: Cell) -> bool {
        let (a, b) = (self.store.deref(a), self.store.deref(b));
        a == b || crate::term::order::identical(&self.store, a, b)
    }

    /// `SsuNoMatch`: a clause of `pid` did not match. Ok(false) backtracks
    /// into the call's clause choicepoint when there is one (the next
    /// candidate); otherwise no clause matched.
    #[cold]
    pub(crate) fn ssu_no_match(&mut self, pid: PredId) -> Result<bool, PlError> {
        if self.cps.len() > self.b0 {
            return Ok(false);
        }
        let p = &self.db.preds[pid as usize];
        let (name, arity, module) = (p.name, p.arity, p.module);
        let goal = if arity == 0 {
            Cell::atom(name)
        } else {
            let args = self.x[..arity].to_vec();
            self.store.new_compound(name, &args)
        };
        let mut vars = Vec::new();
        let goal = qualified(module, self.store.to_term(goal, &mut vars));
        let context = self.context_after(pid, vars.len());
        Err(existence_error("matching_rule", goal).with_context(context))
    }

    /// A call of SSU predicate `pid` that no clause's index key admits: its
    /// first clause's no-match code raises the error (false for other predicates).
    #[cold]
    pub(crate) fn no_candidate(&mut self, pid: PredId) -> bool {
        let pred = &self.db.preds[pid as usize];
        if !pred.ssu {
            return false;
        }
        let Some(first) = pred.clauses.first() else {
            return false;
        };
        self.b0 = self.cps.len();
        self.p = first.code - 1;
        true
    }

    /// `DetCut(y, pred, env)`: `$/0` in a clause of `pred`.
    #[inline(always)]
    pub(crate) fn det_cut(&mut self, y: Y, pred: PredId, env: bool) -> Result<bool, PlError> {
        let level = if y == NECK_LEVEL {
            self.b0
        } else {
            self.stack[self.e + FRAME + y as usize].get_int() as usize
        };
        self.cut_to(level);
        if self.cleanup_error.is_some() {
            return Err(self.cleanup_error.take().expect("a cleanup error"));
        }
        let cont = if env {
            self.stack[self.e + 1].0 as Addr
        } else {
            self.cp
        };
        // Called as the last goal after a `$`: that check covers this clause too.
        if cont == DET_EXIT {
            if let Some(d) = self.top_guard() {
                d.kind = DetKind::Guard;
                d.pred = pred;
                return Ok(true);
            }
        }
        self.push_guard(y, pred, env, cont);
        Ok(true)
    }

    /// `$/0` not called under another `$`: a new determinism check.
    #[cold]
    fn push_guard(&mut self, y: Y, pred: PredId, env: bool, cont: Addr) {
        let check = DetCheck {
            kind: DetKind::Guard,
            pred,
            goal: Cell::atom(atoms::NIL),
            cont,
        };
        self.push_cp(CpKind::Det(check), 0);
        if env {
            self.stack[self.e + 1] = Cell(DET_EXIT as u64);
        } else {
            self.cp = DET_EXIT;
        }
        // Later cuts of the clause keep the check.
        let level = self.cps.len();
        self.b0 = level;
        if y != NECK_LEVEL {
            self.stack[self.e + FRAME + y as usize] = Cell::small(level as i64);
        }
    }

    /// Removes the determinism check on top of the choicepoints.
    #[inline(always)]
    fn pop_check(&mut self) {
        if let Some(c) = self.cps.pop() {
            self.argstack.truncate(c.args_at);
            self.hb = self.heap_floor(self.cps.last().map_or(0, |c| c.h));
        }
    }

    /// The determinism check of `$/0` on top of the choicepoints, if it is there.
    fn top_guard(&mut self) -> Option<&mut DetCheck> {
        match self.cps.last_mut().map(|c| &mut c.kind) {
            Some(CpKind::Det(d)) if d.kind != DetKind::Goal => Some(d),
            _ => None,
        }
    }

    /// `DetExecute(pid, caller)`: the last call after `$/0` in a clause of
    /// `caller` inherits its check, unless the clause already left a choicepoint.
    pub(crate) fn det_last_call(&mut self, pid: PredId, caller: PredId) -> Result<bool, PlError> {
        match self.top_guard() {
            Some(d) => {
                d.kind = DetKind::GuardInCaller;
                d.pred = pid;
                Ok(true)
            }
            None => Err(self.guard_error(caller, DetKind::Guard, "nondet")),
        }
    }

    /// `DetExit`: the code after `$/0` exited; it must have left no choicepoint.
    pub(crate) fn det_exit(&mut self) -> Result<bool, PlError> {
        if let Some(cont) = self.top_guard().map(|d| d.cont) {
            self.p = cont;
            self.pop_check();
            return Ok(true);
        }
        let d = self.newest_check(|k| k != DetKind::Goal);
        Err(self.guard_error(d.pred, d.kind, "nondet"))
    }

    /// `DetPush(x)`: `$(Goal)` with the goal in `X[x]` begins.
    pub(crate) fn det_push(&mut self, goal: Cell) {
        let check = DetCheck {
            kind: DetKind::Goal,
            pred: 0,
            goal,
            cont: 0,
        };
        self.push_cp(CpKind::Det(check), 0);
    }

    /// `DetPop`: the goal of `$(Goal)` succeeded; it must have left no choicepoint.
    pub(crate) fn det_pop(&mut self) -> Result<bool, PlError> {
        if let Some(CpKind::Det(d)) = self.cps.last().map(|c| &c.kind) {
            if d.kind == DetKind::Goal {
                self.pop_check();
                return Ok(true);
            }
        }
        let d = self.newest_check(|k| k == DetKind::Goal);
        Err(self.goal_error(d.goal, "nondet"))
    }

    /// Backtracking reached determinism check `d`: the code it covers failed.
    pub(crate) fn det_failed(&mut self, d: DetCheck) -> PlError {
        match d.kind {
            DetKind::Goal => self.goal_error(d.goal, "fail"),
            kind => self.guard_error(d.pred, kind, "fail"),
        }
    }

    /// The newest determinism check of a kind that `want` admits.
    fn newest_check(&self, want: impl Fn(DetKind) -> bool) -> DetCheck {
        self.cps
            .iter()
            .rev()
            .find_map(|c| match c.kind {
                CpKind::Det(d) if want(d.kind) => Some(d),
                _ => None,
            })
            .expect("a determinism check below the code it checks")
    }

    /// `determinism_error(Goal, det, Outcome, goal)` in the context of the
    /// clause running `$(Goal)` (`'<meta-call>'/1` for a meta-called `$/1`,
    /// as SWI).
    fn goal_error(&mut self, goal: Cell, outcome: &str) -> PlError {
        let mut vars = Vec::new();
        let goal = self.store.to_term(goal, &mut vars);
        let mut pred = self.frame_pred();
        let p = &self.db.preds[pred as usize];
        if p.name == atoms::DOLLAR && p.arity == 1 && p.system {
            pred = self.meta_leaf_pred;
        }
        let context = self.context_after(pred, vars.len());
        determinism_error(goal, outcome, "goal").with_context(context)
    }

    /// `context(PI, _)` of predicate `pid` for an error whose culprit has
    /// `nvars` variables (numbered from 0): its variable comes after them.
    fn context_after(&self, pid: PredId, nvars: usize) -> Term {
        let mut context = self.context_term(pid);
        if let Term::Compound(_, args) = &mut context {
            args[1] = Term::Var(nvars as u32);
        }
        context
    }

    /// `determinism_error(PI, det, Outcome, guard | guard_in_caller)`.
    fn guard_error(&self, pred: PredId, kind: DetKind, outcome: &str) -> PlError {
        let p = &self.db.preds[pred as usize];
        let pi = qualified(p.module, Term::indicator(p.name, p.arity));
        let kind = if kind == DetKind::Guard {
            "guard"
        } else {
            "guard_in_caller"
        };
        determinism_error(pi, outcome, kind).with_context(self.context_term(pred))
    }
}

/// `M:T`, except for module `user`.
fn qualified(module: crate::term::Atom, t: Term) -> Term {
    if module == atoms::USER {
        t
    } else {
        super::modules::qualify(module, t)
    }
}

/// `determinism_error(Culprit, det, Outcome, Kind)`.
fn determinism_error(culprit: Term, outcome: &str, kind: &str) -> PlError {
    PlError::error(
        Term::compound(
            "determinism_error",
            vec![
                culprit,
                Term::atom("det"),
                Term::atom(outcome),
                Term::atom(kind),
            ],
        ),
        None,
    )
}

#[cfg(test)]
mod tests {
    use crate::machine::Machine;
    use crate::term::Term;

    /// The binding of `X` in the first answer of `goal`.
    fn answer(m: &mut Machine, goal: &str) -> Term {
        crate::machine::first_binding(m, goal, "X")
    }

    /// Recursion through `$/0` and a last call keeps one determinism check:
    /// the choicepoint stack at the bottom of 100,000 levels is as deep as at
    /// the top.
    #[test]
    fn deterministic_recursion_under_dollar_runs_in_constant_space() {
        let mut m = Machine::new();
        m.consult_str(
            "down(0) => prolog_current_choice(C), nb_setval(bottom, C).\n\
             down(N) => $q, $, N1 is N - 1, down(N1).\n\
             q.\n",
            "t",
        )
        .unwrap();
        let x = answer(
            &mut m,
            "prolog_current_choice(C0), down(100000), nb_getval(bottom, C1), X is C1 - C0",
        );
        let Term::Int(d) = x else { panic!("{x:?}") };
        assert!(d <= 3, "{d} choicepoints deeper");
    }

    /// A `=>` clause's head binds nothing in the call and a clause that
    /// does not match passes the call on, with its arguments, to the next.
    #[test]
    fn ssu_heads_match_without_binding() {
        let mut m = Machine::new();
        m.consult_str(
            "k(f(A, A), R) => R = same(A).\n\
             k([H|_], R) => R = head(H).\n\
             k(V, R) => R = any(V).\n",
            "t",
        )
        .unwrap();
        for goal in [
            "k(f(1, 1), R), R == same(1)",
            "k(f(A, B), R), R = any(_), A \\== B",
            "k([a|b], R), R == head(a)",
            "k(L, R), var(L), R = any(_)",
        ] {
            let x = answer(&mut m, &format!("{goal}, X = ok"));
            assert_eq!(x, Term::atom("ok"), "{goal}");
        }
    }
}
