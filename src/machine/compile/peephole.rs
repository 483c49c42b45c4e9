//! Rewrites of a clause's finished code: wake-up points that something
//! after them makes needless go, and frequent pairs of instructions become
//! one (a superinstruction: one dispatch of the run loop instead of two).
//! Jumps are moved with the instructions they land on.

use crate::machine::instr::Instr;

/// Removes each `WakePoint` that an instruction running the wake-up itself
/// follows, with only argument set-up, `Deallocate` and jumps between
/// (`X = f(Y), p(X)`).
pub(super) fn drop_covered_wake_points(code: &mut Vec<Instr>) {
    let covered = |i: usize| {
        let mut at = i + 1;
        // Jumps go forward: at most one step per instruction.
        for _ in 0..code.len() {
            match code.get(at) {
                Some(Instr::Jump(to)) => at = *to as usize,
                Some(Instr::Deallocate) => at += 1,
                Some(ins) if ins.sets_up_arguments() => at += 1,
                Some(ins) => return ins.runs_wake_up(),
                None => return false,
            }
        }
        false
    };
    let dropped: Vec<bool> = (0..code.len())
        .map(|i| matches!(code[i], Instr::WakePoint) && covered(i))
        .collect();
    remove(code, &dropped);
}

/// Replaces pairs of instructions by their superinstruction:
/// `Deallocate, Execute` by `DeallocateExecute`, two `PutValY` by a
/// `PutValYY`, two `GetVarY` by a `GetVarYY` (when their numbers fit), from
/// left to right. A pair whose second instruction is a jump target, or
/// `entry` (where calls enter the code), is left alone.
pub(super) fn fuse_pairs(code: &mut Vec<Instr>, entry: usize) {
    if !code.windows(2).any(|w| fused(w[0], w[1]).is_some()) {
        return;
    }
    let mut target = vec![false; code.len() + 1];
    target[entry] = true;
    for ins in code.iter() {
        if let Some(a) = ins.target() {
            target[a as usize] = true;
        }
    }
    let mut dropped = vec![false; code.len()];
    let mut i = 0;
    while i + 1 < code.len() {
        match fused(code[i], code[i + 1]) {
            Some(both) if !target[i + 1] => {
                code[i] = both;
                dropped[i + 1] = true;
                i += 2;
            }
            _ => i += 1,
        }
    }
    remove(code, &dropped);
}

/// The superinstruction doing `a` then `b`, if there is one.
fn fused(a: Instr, b: Instr) -> Option<Instr> {
    let small = |ns: [u32; 4]| -> Option<[u16; 4]> {
        let mut out = [0u16; 4];
        for (o, n) in out.iter_mut().zip(ns) {
            *o = u16::try_from(n).ok()?;
        }
        Some(out)
    };
    match (a, b) {
        (Instr::Deallocate, Instr::Execute(pid)) => Some(Instr::DeallocateExecute(pid)),
        (Instr::PutValY(y1, a1), Instr::PutValY(y2, a2)) => {
            small([y1, a1, y2, a2]).map(|[y1, a1, y2, a2]| Instr::PutValYY(y1, a1, y2, a2))
        }
        (Instr::GetVarY(y1, a1), Instr::GetVarY(y2, a2)) => {
            small([y1, a1, y2, a2]).map(|[y1, a1, y2, a2]| Instr::GetVarYY(y1, a1, y2, a2))
        }
        _ => None,
    }
}

/// Removes the instructions marked in `dropped`, moving every jump to
/// where its target now is (for a dropped target: what followed it).
fn remove(code: &mut Vec<Instr>, dropped: &[bool]) {
    if !dropped.contains(&true) {
        return;
    }
    let mut moved = Vec::with_capacity(code.len() + 1);
    let mut kept = 0;
    for &d in dropped {
        moved.push(kept);
        kept += !d as u32;
    }
    moved.push(kept);
    let mut i = 0;
    code.retain(|_| {
        i += 1;
        !dropped[i - 1]
    });
    for ins in code.iter_mut() {
        *ins = ins.retarget(|a| moved[a as usize]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_fuse_and_jumps_move_with_their_targets() {
        // 0: TryElse(4)  1-2: PutValY PutValY  3: Jump(6)
        // 4-5: GetVarY GetVarY  6: Deallocate  7: Execute
        let mut code = vec![
            Instr::TryElse(4, None),
            Instr::PutValY(0, 0),
            Instr::PutValY(1, 1),
            Instr::Jump(6),
            Instr::GetVarY(0, 0),
            Instr::GetVarY(1, 1),
            Instr::Deallocate,
            Instr::Execute(7),
        ];
        fuse_pairs(&mut code, 0);
        assert_eq!(
            code,
            vec![
                Instr::TryElse(3, None),
                Instr::PutValYY(0, 0, 1, 1),
                Instr::Jump(4),
                Instr::GetVarYY(0, 0, 1, 1),
                Instr::DeallocateExecute(7),
            ]
        );
    }

    #[test]
    fn a_pair_whose_second_half_is_a_jump_target_stays_apart() {
        let mut code = vec![
            Instr::TryElse(2, None),
            Instr::Deallocate,
            Instr::Execute(7),
        ];
        let before = code.clone();
        fuse_pairs(&mut code, 0);
        assert_eq!(code, before);
        // Nor is the entry of a `=>` clause the second half of a pair.
        let mut code = vec![Instr::PutValY(0, 0), Instr::PutValY(1, 1)];
        fuse_pairs(&mut code, 1);
        assert_eq!(code.len(), 2);
        // Numbers too large for the fused form stay in two instructions.
        let mut code = vec![Instr::PutValY(70_000, 0), Instr::PutValY(1, 1)];
        fuse_pairs(&mut code, 0);
        assert_eq!(code.len(), 2);
    }
}
