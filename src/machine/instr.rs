//! The instruction set: a WAM-style machine (after Warren, as reconstructed by
//! Aït-Kaci), simplified so that every variable lives on the heap (permanent
//! variables hold references to heap cells), which removes unsafe variables.
//!
//! Registers: `X` registers hold arguments (`A0..An-1`) and temporaries;
//! `Y` registers are slots of the current environment frame.

use crate::term::Cell;

/// An X register number.
pub type X = u32;
/// A Y (environment slot) number.
pub type Y = u32;
/// A code address.
pub type Addr = u32;
/// A predicate id (index into the predicate table).
pub type PredId = u32;

/// The level field of `DetCut` when the cut is a neck cut (level in the barrier register).
pub const NECK_LEVEL: Y = Y::MAX;

/// Where a cut level is kept.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reg {
    /// In an X register.
    X(X),
    /// In an environment slot.
    Y(Y),
}

/// One instruction.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Instr {
    /// Head: first occurrence of a temporary: `X[x] = A[a]`.
    GetVarX(X, X),
    /// Head: first occurrence of a permanent: `Y[y] = A[a]`.
    GetVarY(Y, X),
    /// Two `GetVarY`: `X[a1]` into `Y[y1]`, then `X[a2]` into `Y[y2]`.
    GetVarYY(u16, u16, u16, u16),
    /// Head: later occurrence: unify `X[x]` with `A[a]`.
    GetValX(X, X),
    /// Head: later occurrence: unify `Y[y]` with `A[a]`.
    GetValY(Y, X),
    /// Head: `A[a]` must be this atom or small integer.
    GetConst(Cell, X),
    /// Head: `A[a]` must equal boxed constant number `k`.
    GetBoxed(u32, X),
    /// Head: `A[a]` must be a list cell; enter read or write mode.
    GetList(X),
    /// `GetList(a)` then `UnifyVarX(h)` and `UnifyVarX(t)`: head and tail of the list in register a into h and t.
    GetListVars(X, X, X),
    /// `GetList(a)` then `UnifyValX(h)` and `UnifyVarX(t)`: the head unified with register h, the tail into t.
    GetListValVar(X, X, X),
    /// Head: `A[a]` must be a compound with this functor cell; enter read or write mode.
    GetStruct(Cell, X),
    /// Argument of a structure: first occurrence of a temporary.
    UnifyVarX(X),
    /// Argument of a structure: first occurrence of a permanent.
    UnifyVarY(Y),
    /// Argument of a structure: later occurrence of a temporary.
    UnifyValX(X),
    /// Argument of a structure: later occurrence of a permanent.
    UnifyValY(Y),
    /// Argument of a structure: an atom or small integer.
    UnifyConst(Cell),
    /// Arguments of a structure: `n` anonymous variables.
    UnifyVoid(u32),
    /// Head of a `=>` clause: `X[x] == A[a]` (a repeated head variable; binds nothing).
    MatchValX(X, X),
    /// Head of a `=>` clause: `Y[y] == A[a]`.
    MatchValY(Y, X),
    /// Head of a `=>` clause: `A[a]` is this atom or small integer (a variable does not match).
    MatchConst(Cell, X),
    /// Head of a `=>` clause: `A[a]` is identical to boxed constant `k`.
    MatchBoxed(u32, X),
    /// Head of a `=>` clause: `A[a]` is a list cell; read its arguments.
    MatchList(X),
    /// `MatchList(a)`, then its head into `X[h]` and its tail into `X[t]`.
    MatchListVars(X, X, X),
    /// Head of a `=>` clause: `A[a]` is a compound with this functor; read its arguments.
    MatchStruct(Cell, X),
    /// Argument of a matched structure: identical to `X[x]`.
    MatchUnifyValX(X),
    /// Argument of a matched structure: identical to `Y[y]`.
    MatchUnifyValY(Y),
    /// Argument of a matched structure: this atom or small integer.
    MatchUnifyConst(Cell),
    /// First instruction of a `=>` clause of this predicate, where its head
    /// and guard go when they do not match: the next candidate clause (if the
    /// call has a choicepoint for it), else `existence_error(matching_rule, Goal)`.
    SsuNoMatch(PredId),
    /// Before a guard that calls predicates: a choicepoint that resumes at
    /// `Addr` (the no-match code) with the `n` argument registers restored.
    SsuTry(Addr, u32),
    /// `$/0`: cut to the clause level (in `Y[y]`, or when `y` is
    /// `NECK_LEVEL` only in the barrier register), then require the rest of
    /// the clause of this predicate to succeed deterministically (`bool`: the
    /// clause has a frame).
    DetCut(Y, PredId, bool),
    /// The last call after `$/0` (callee, clause predicate): the callee
    /// inherits the determinism check.
    DetExecute(PredId, PredId),
    /// `$(Goal)` begins: a choicepoint that reports the failure of the goal in `X[x]`.
    DetPush(X),
    /// `$(Goal)` ends: the goal left no choicepoint; drop the one of `DetPush`.
    DetPop,
    /// Continuation of a clause after `$/0`: it left no choicepoint; go on at the saved continuation.
    DetExit,
    /// Body: first occurrence of a temporary: fresh variable into `X[x]` and `A[a]`.
    PutVarX(X, X),
    /// Body: first occurrence of a permanent: fresh variable into `Y[y]` and `A[a]`.
    PutVarY(Y, X),
    /// Body: `A[a] = X[x]`.
    PutValX(X, X),
    /// Body: `A[a] = Y[y]`.
    PutValY(Y, X),
    /// Two `PutValY`: `Y[y1]` into `X[a1]`, then `Y[y2]` into `X[a2]`.
    PutValYY(u16, u16, u16, u16),
    /// Body: `A[a]` = atom or small integer.
    PutConst(Cell, X),
    /// Body: `A[a]` = a fresh copy of boxed constant `k`.
    PutBoxed(u32, X),
    /// Body: `A[a]` = a new list cell; following `Set*` fill head and tail.
    PutList(X),
    /// Body: `A[a]` = a new compound with this functor; following `Set*` fill the arguments.
    PutStruct(Cell, X),
    /// Structure argument being built: fresh variable, also into `X[x]`.
    SetVarX(X),
    /// Structure argument being built: fresh variable, also into `Y[y]`.
    SetVarY(Y),
    /// Structure argument being built: `X[x]`.
    SetValX(X),
    /// Structure argument being built: `Y[y]`.
    SetValY(Y),
    /// Structure argument being built: an atom or small integer.
    SetConst(Cell),
    /// Structure arguments being built: `n` fresh variables.
    SetVoid(u32),
    /// A fresh variable into `X[x]` (before a branch that needs it bound on every path).
    InitX(X),
    /// A fresh variable into `Y[y]`.
    InitY(Y),
    /// Push an environment frame with `n` slots for a clause of this predicate.
    Allocate(u32, PredId),
    /// Pop the environment frame, restoring the continuation.
    Deallocate,
    /// `Deallocate` then `Execute`: the last call of a clause with a frame.
    DeallocateExecute(PredId),
    /// Just before a call of call/N in a clause body: the clause's
    /// predicate, which the errors of the meta-call name in their context
    /// (as SWI-Prolog, whose call/N runs in the caller's frame).
    Caller(u32),
    /// Call a predicate; continue at the next instruction.
    Call(PredId),
    /// Run a deterministic builtin inline; the continuation register is untouched.
    Builtin(PredId),
    /// Run compiled arithmetic goal `k` (`is/2` or a comparison) from the side table.
    Arith(u32),
    /// Tail call: jump to a predicate with the current continuation.
    Execute(PredId),
    /// Return to the continuation.
    Proceed,
    /// Save the cut barrier of this clause in `Y[y]`.
    GetLevel(Y),
    /// Cut to the barrier saved in `Y[y]`.
    CutY(Y),
    /// Cut to the barrier register (valid before the first call).
    NeckCut,
    /// Push a choicepoint whose alternative is `Addr`; store the level below it in the register.
    /// (The alternative reads only permanent variables of what came before: see compile.rs.)
    TryElse(Addr, Option<Reg>),
    /// A compiled arithmetic comparison of a guard: continue at `Addr` when it fails.
    ArithElse(u32, Addr),
    /// A pure test builtin of a guard (arguments in the X registers from
    /// the third field on): continue at `Addr` when it fails.
    TestElse(PredId, Addr, X),
    /// Cut back to the level in the register (if-then-else commit).
    CutTo(Reg),
    /// Soft cut: disable the choicepoint at the level in the register, keep the ones above.
    SoftCut(Reg),
    /// Continue at `Addr`.
    Jump(Addr),
    /// After a unification in a body (`X = Y`): runs the wake-up of the
    /// attributed variables it bound, if any, before going on (as SWI-Prolog
    /// does), unless a call or another instruction that does it comes first.
    WakePoint,
    /// Fail.
    Fail,
    /// Catch/3 exit: drop the catch choicepoint if the goal left nothing above it, then deallocate and proceed.
    CatchExit,
    /// Return from a call made for a redefined inline builtin (see `run.rs`).
    TrampolineExit,
    /// Return from the wake-up of attributed variables: restore the registers
    /// saved in the frame and resume the instruction it interrupted.
    WakeResume,
    /// Stop the run loop: the query succeeded.
    Succeed,
    /// Stop the run loop: backtracked into the query's bottom.
    Exhausted,
}

impl Instr {
    /// Where the instruction may jump to, if it jumps.
    pub fn target(self) -> Option<Addr> {
        match self {
            Instr::TryElse(a, _)
            | Instr::Jump(a)
            | Instr::ArithElse(_, a)
            | Instr::TestElse(_, a, _)
            | Instr::SsuTry(a, _) => Some(a),
            _ => None,
        }
    }

    /// The instruction with its jump target `a`, if it has one, made `f(a)`
    /// (relocation, code moved, a branch patched).
    pub fn retarget(self, f: impl FnOnce(Addr) -> Addr) -> Instr {
        match self {
            Instr::TryElse(a, r) => Instr::TryElse(f(a), r),
            Instr::Jump(a) => Instr::Jump(f(a)),
            Instr::ArithElse(k, a) => Instr::ArithElse(k, f(a)),
            Instr::TestElse(id, a, x) => Instr::TestElse(id, f(a), x),
            Instr::SsuTry(a, n) => Instr::SsuTry(f(a), n),
            other => other,
        }
    }

    /// True for the instructions that only load argument registers or
    /// build the terms they pass, binding no variable.
    pub fn sets_up_arguments(self) -> bool {
        use Instr::*;
        matches!(
            self,
            PutVarX(..)
                | PutVarY(..)
                | PutValX(..)
                | PutValY(..)
                | PutValYY(..)
                | PutConst(..)
                | PutBoxed(..)
                | PutList(..)
                | PutStruct(..)
                | SetVarX(..)
                | SetVarY(..)
                | SetValX(..)
                | SetValY(..)
                | SetConst(..)
                | SetVoid(..)
                | InitX(..)
                | InitY(..)
                | Caller(..)
        )
    }

    /// True for the instructions before which the run loop runs a pending
    /// wake-up: calls, and all those outside its fast path of unification,
    /// argument set-up, frames and jumps.
    pub fn runs_wake_up(self) -> bool {
        use Instr::*;
        match self {
            Call(..) | Execute(..) | DetExecute(..) | DeallocateExecute(..) => true,
            GetVarX(..) | GetVarY(..) | GetVarYY(..) | GetValX(..) | GetValY(..) | GetConst(..)
            | GetBoxed(..) | GetList(..) | GetListVars(..) | GetListValVar(..) | GetStruct(..)
            | GetLevel(..) | UnifyVarX(..) | UnifyVarY(..) | UnifyValX(..) | UnifyValY(..)
            | UnifyConst(..) | UnifyVoid(..) | MatchValX(..) | MatchValY(..) | MatchConst(..)
            | MatchBoxed(..) | MatchList(..) | MatchListVars(..) | MatchStruct(..)
            | MatchUnifyValX(..) | MatchUnifyValY(..) | MatchUnifyConst(..) | Allocate(..)
            | Deallocate | Proceed | Jump(..) => false,
            other => !other.sets_up_arguments(),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn instructions_stay_two_words() {
        assert_eq!(std::mem::size_of::<super::Instr>(), 16);
    }
}
