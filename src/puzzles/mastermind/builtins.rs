//! Prolog builtins of the Mastermind engine. Codes are lists of integers
//! `1..C`, `Spec = mm(Pegs, Colors)`, feedback `fb(Black, White)` (also read
//! in the seed's notation, e.g. `'RW'` or `''`), histories lists of
//! `Guess-Feedback`, strategies the terms `rc`, `lc`, `knuth`,
//! `consistent_knuth`, `irving`, `entropy`, `most_parts`, `advanced`,
//! `first(Guesses, Strategy)` and the exact `optimal`, `optimal_consistent`,
//! `optimal(MaxGuesses)`, `optimal_consistent(MaxGuesses)` (optstrat.rs).
//! Bad input raises ISO errors, never panics.

use super::code::{Code, Fb, Rng, Space, Spec, SpecError};
use super::evaluate::{self, EvalError, Stats};
use super::partition::profile;
use super::strategy::{First, Heuristic, Lc, Rc, Strategy};
use crate::machine::error::{
    domain_error, instantiation_error, representation_error, resource_error, type_error, Res,
};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{atoms, Cell, Term};
use std::collections::HashMap;
use std::sync::Arc;

/// The Prolog builtins of this engine.
pub const MASTERMIND_BUILTINS: BuiltinTable = &[
    ("mm_feedback", 4, Builtin::Det(mm_feedback)),
    ("mm_consistent", 3, Builtin::Det(mm_consistent)),
    ("mm_evaluate", 3, Builtin::Det(mm_evaluate)),
    ("mm_expected", 3, Builtin::Det(mm_expected)),
    ("mm_next_guess", 4, Builtin::Det(mm_next_guess)),
    ("mm_play", 4, Builtin::Det(mm_play)),
    ("mm_profile", 4, Builtin::Det(mm_profile)),
    ("mm_subtree", 4, Builtin::Det(mm_subtree)),
];

pub(super) fn arg(m: &Machine, c: Cell) -> Term {
    m.store.to_term(c, &mut Vec::new())
}

pub(super) fn out(m: &mut Machine, a: Cell, t: &Term) -> Res {
    let c = m.store.from_term(t, &mut HashMap::new());
    Ok(m.unify(a, c))
}

pub(super) fn int_of(t: &Term) -> Res<i64> {
    match t {
        Term::Int(i) => Ok(*i),
        Term::Var(_) => Err(instantiation_error()),
        Term::BigInt(_) => Err(representation_error("max_integer")),
        _ => Err(type_error("integer", t.clone())),
    }
}

pub(super) fn list_of(t: &Term) -> Res<Vec<&Term>> {
    let mut items = Vec::new();
    let mut cur = t;
    loop {
        match cur {
            Term::Atom(a) if *a == atoms::NIL => return Ok(items),
            Term::Compound(f, args) if *f == atoms::DOT && args.len() == 2 => {
                items.push(&args[0]);
                cur = &args[1];
            }
            Term::Var(_) => return Err(instantiation_error()),
            _ => return Err(type_error("list", t.clone())),
        }
    }
}

pub(super) fn spec_of(t: &Term) -> Res<Spec> {
    match t {
        Term::Var(_) => Err(instantiation_error()),
        Term::Compound(f, args) if f.name() == "mm" && args.len() == 2 => {
            let p = int_of(&args[0])?;
            let c = int_of(&args[1])?;
            let bad = |what: &str| Err(domain_error(what, t.clone()));
            if !(1..=64).contains(&p) || !(1..=64).contains(&c) {
                return bad("mastermind_spec");
            }
            match Spec::new(p as u32, c as u32) {
                Ok(s) => Ok(s),
                Err(SpecError::TooLarge) => Err(resource_error("mastermind_codes")),
                Err(_) => bad("mastermind_spec"),
            }
        }
        _ => Err(type_error("mastermind_spec", t.clone())),
    }
}

pub(super) fn code_of(spec: Spec, t: &Term) -> Res<Code> {
    let items = list_of(t)?;
    let mut digits = Vec::with_capacity(items.len());
    for x in &items {
        let d = int_of(x)?;
        if d < 1 || d > spec.colors as i64 {
            return Err(domain_error("mastermind_code", t.clone()));
        }
        digits.push(d as u32 - 1);
    }
    spec.encode(&digits)
        .ok_or_else(|| domain_error("mastermind_code", t.clone()))
}

pub(super) fn code_term(spec: Spec, c: Code) -> Term {
    Term::list(
        spec.decode(c)
            .into_iter()
            .map(|d| Term::Int(d as i64 + 1))
            .collect(),
    )
}

pub(super) fn fb_of(spec: Spec, t: &Term) -> Res<Fb> {
    match t {
        Term::Var(_) => Err(instantiation_error()),
        Term::Atom(a) => spec
            .parse_fb(a.name())
            .ok_or_else(|| domain_error("mastermind_feedback", t.clone())),
        Term::Compound(f, args) if f.name() == "fb" && args.len() == 2 => {
            let (b, w) = (int_of(&args[0])?, int_of(&args[1])?);
            if b < 0 || w < 0 || !spec.valid_fb(b.min(99) as u32, w.min(99) as u32) {
                return Err(domain_error("mastermind_feedback", t.clone()));
            }
            Ok(spec.fb(b as u32, w as u32))
        }
        _ => Err(type_error("mastermind_feedback", t.clone())),
    }
}

pub(super) fn fb_term(spec: Spec, f: Fb) -> Term {
    Term::compound(
        "fb",
        vec![
            Term::Int(spec.black(f) as i64),
            Term::Int(spec.white(f) as i64),
        ],
    )
}

fn history_of(spec: Spec, t: &Term) -> Res<Vec<(Code, Fb)>> {
    list_of(t)?
        .into_iter()
        .map(|x| match x {
            Term::Var(_) => Err(instantiation_error()),
            Term::Compound(f, args) if f.name() == "-" && args.len() == 2 => {
                Ok((code_of(spec, &args[0])?, fb_of(spec, &args[1])?))
            }
            _ => Err(type_error("pair", x.clone())),
        })
        .collect()
}

fn game_term(spec: Spec, game: &[(Code, Fb)]) -> Term {
    Term::list(
        game.iter()
            .map(|&(g, f)| Term::compound("-", vec![code_term(spec, g), fb_term(spec, f)]))
            .collect(),
    )
}

/// A strategy term as a strategy (explicit stack: openings may nest).
pub(super) fn strategy_of(spec: Spec, t: &Term) -> Res<Box<dyn Strategy>> {
    let mut openings: Vec<Vec<Code>> = Vec::new();
    let mut cur = t;
    let base: Box<dyn Strategy> = loop {
        if let Some(s) = super::optstrat::strategy_term(spec, cur, openings.is_empty())? {
            break s;
        }
        match cur {
            Term::Var(_) => return Err(instantiation_error()),
            Term::Atom(a) => {
                break match a.name() {
                    "rc" => Box::new(Rc),
                    "lc" => Box::new(Lc),
                    "knuth" => Box::new(Heuristic::KNUTH),
                    "consistent_knuth" => Box::new(Heuristic::CONSISTENT_KNUTH),
                    "irving" => Box::new(Heuristic::IRVING),
                    "entropy" => Box::new(Heuristic::ENTROPY),
                    "most_parts" => Box::new(Heuristic::MOST_PARTS),
                    "advanced" => Box::new(super::advanced::Advanced::with_openings(
                        openings.drain(..).flatten().collect(),
                    )),
                    _ => return Err(domain_error("mastermind_strategy", cur.clone())),
                }
            }
            Term::Compound(f, args) if f.name() == "first" && args.len() == 2 => {
                let gs = list_of(&args[0])?
                    .into_iter()
                    .map(|g| code_of(spec, g))
                    .collect::<Res<Vec<Code>>>()?;
                openings.push(gs);
                cur = &args[1];
            }
            _ => return Err(domain_error("mastermind_strategy", cur.clone())),
        }
    };
    Ok(openings.into_iter().rev().fold(base, |s, gs| {
        Box::new(First::new(gs, s)) as Box<dyn Strategy>
    }))
}

pub(super) fn eval_error(e: EvalError) -> crate::machine::error::PlError {
    match e {
        EvalError::TooManyGuesses => resource_error("mastermind_guesses"),
        EvalError::NoCandidates => domain_error("mastermind_history", Term::atom("inconsistent")),
        EvalError::Random => domain_error("deterministic_strategy", Term::atom("random")),
    }
}

fn number(x: f64, exact: bool) -> Term {
    if exact {
        Term::Int(x.round() as i64)
    } else {
        Term::Float(x)
    }
}

pub(super) fn stats_term(st: &Stats, exact: bool) -> Term {
    let hist = st
        .buckets()
        .into_iter()
        .map(|(k, c)| Term::compound("-", vec![Term::Int(k as i64), number(c, exact)]))
        .collect();
    Term::compound(
        "stats",
        vec![
            number(st.total, exact),
            Term::Int(st.max as i64),
            Term::list(hist),
        ],
    )
}

/// Reproducible pseudo-random source for a history (random strategies).
fn rng_for(history: &[(Code, Fb)]) -> Rng {
    let seed = history.iter().fold(0x5EED_u64, |h, &(g, f)| {
        (h ^ ((g as u64) << 8 | f as u64)).wrapping_mul(0x100_0000_01B3)
    });
    Rng::new(seed)
}

pub(super) fn space_of(m: &Machine, c: Cell) -> Res<Arc<Space>> {
    Ok(Space::shared(spec_of(&arg(m, c))?))
}

/// `mm_feedback(+Guess, +Secret, -Black, -White)`: codes are equal-length lists of integers.
fn mm_feedback(m: &mut Machine, a: &[Cell]) -> Res {
    let (gt, st) = (arg(m, a[0]), arg(m, a[1]));
    let g = list_of(&gt)?
        .into_iter()
        .map(int_of)
        .collect::<Res<Vec<i64>>>()?;
    let s = list_of(&st)?
        .into_iter()
        .map(int_of)
        .collect::<Res<Vec<i64>>>()?;
    if g.len() != s.len() {
        return Err(domain_error("mastermind_code", st.clone()));
    }
    let black = g.iter().zip(&s).filter(|(x, y)| x == y).count();
    let (mut gs, mut ss) = (g.clone(), s.clone());
    gs.sort_unstable();
    ss.sort_unstable();
    let (mut i, mut j, mut common) = (0, 0, 0);
    while i < gs.len() && j < ss.len() {
        match gs[i].cmp(&ss[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                common += 1;
                i += 1;
                j += 1;
            }
        }
    }
    let b = Cell::small(black as i64);
    let w = Cell::small((common - black) as i64);
    Ok(m.unify(a[2], b) && m.unify(a[3], w))
}

/// `mm_consistent(+Spec, +History, -Codes)`.
fn mm_consistent(m: &mut Machine, a: &[Cell]) -> Res {
    let sp = space_of(m, a[0])?;
    let h = history_of(sp.spec, &arg(m, a[1]))?;
    let codes = Term::list(
        sp.consistent(&h)
            .into_iter()
            .map(|c| code_term(sp.spec, c))
            .collect(),
    );
    out(m, a[2], &codes)
}

/// `mm_evaluate(+Spec, +Strategy, -stats(Total, Max, Histogram))`.
fn mm_evaluate(m: &mut Machine, a: &[Cell]) -> Res {
    let sp = space_of(m, a[0])?;
    let strat = strategy_of(sp.spec, &arg(m, a[1]))?;
    let st = evaluate::evaluate(&sp, strat.as_ref()).map_err(eval_error)?;
    out(m, a[2], &stats_term(&st, !strat.random()))
}

/// `mm_expected(+Spec, +Strategy, -Average)`: exact average guesses per secret.
fn mm_expected(m: &mut Machine, a: &[Cell]) -> Res {
    let sp = space_of(m, a[0])?;
    let strat = strategy_of(sp.spec, &arg(m, a[1]))?;
    let st = evaluate::evaluate(&sp, strat.as_ref()).map_err(eval_error)?;
    out(m, a[2], &Term::Float(st.average()))
}

/// `mm_subtree(+Spec, +Strategy, +History, -stats(...))`: the strategy played
/// from a history against the secrets consistent with it (guesses counted
/// from the start): the Count/Total/Max columns of the seed's tables.
fn mm_subtree(m: &mut Machine, a: &[Cell]) -> Res {
    let sp = space_of(m, a[0])?;
    let strat = strategy_of(sp.spec, &arg(m, a[1]))?;
    let h = history_of(sp.spec, &arg(m, a[2]))?;
    let st = evaluate::evaluate_from(&sp, strat.as_ref(), &h).map_err(eval_error)?;
    out(m, a[3], &stats_term(&st, !strat.random()))
}

/// `mm_next_guess(+Spec, +Strategy, +History, -Guess)`; fails when no code
/// is consistent with the history. Random choices are reproducible.
fn mm_next_guess(m: &mut Machine, a: &[Cell]) -> Res {
    let sp = space_of(m, a[0])?;
    let strat = strategy_of(sp.spec, &arg(m, a[1]))?;
    let h = history_of(sp.spec, &arg(m, a[2]))?;
    match evaluate::next_guess(&sp, strat.as_ref(), &h, &mut rng_for(&h)) {
        Some(g) => out(m, a[3], &code_term(sp.spec, g)),
        None => Ok(false),
    }
}

/// `mm_play(+Spec, +Strategy, +Secret, -Game)`: `Game` a list of `Guess-fb(B, W)`.
fn mm_play(m: &mut Machine, a: &[Cell]) -> Res {
    let sp = space_of(m, a[0])?;
    let strat = strategy_of(sp.spec, &arg(m, a[1]))?;
    let secret = code_of(sp.spec, &arg(m, a[2]))?;
    let game = evaluate::play(
        &sp,
        strat.as_ref(),
        secret,
        &mut Rng::new(0x5EED ^ secret as u64),
    )
    .map_err(eval_error)?;
    out(m, a[3], &game_term(sp.spec, &game))
}

/// `mm_profile(+Spec, +History, +Guess, -Profile)`: how the codes consistent
/// with `History` split under `Guess`, as `fb(B, W)-Count`, largest first.
fn mm_profile(m: &mut Machine, a: &[Cell]) -> Res {
    let sp = space_of(m, a[0])?;
    let h = history_of(sp.spec, &arg(m, a[1]))?;
    let g = code_of(sp.spec, &arg(m, a[2]))?;
    let cands = sp.consistent(&h);
    let p = profile(&sp, g, &cands)
        .into_iter()
        .map(|(f, n)| Term::compound("-", vec![fb_term(sp.spec, f), Term::Int(n as i64)]))
        .collect();
    out(m, a[3], &Term::list(p))
}

#[cfg(test)]
pub(super) mod tests {
    use crate::Machine;

    use crate::term::Term;

    /// The first answer's binding of `var`, written with `~w`.
    pub(in crate::puzzles::mastermind) fn first(m: &mut Machine, goal: &str, var: &str) -> String {
        let q = format!("{goal}, format(atom(Out__), '~w', [{var}])");
        let mut answers = m.query(&q).expect("query parses");
        match answers.next() {
            Some(Ok(ans)) => match ans.get("Out__") {
                Some(Term::Atom(a)) => a.name().to_string(),
                other => panic!("unexpected {other:?}"),
            },
            Some(Err(e)) => format!("error: {e:?}"),
            None => "false".to_string(),
        }
    }

    #[test]
    fn builtins_reproduce_seed_figures() {
        let mut m = Machine::new();
        assert_eq!(
            first(&mut m, "mm_feedback([1,1,2,3],[2,3,2,1],B,W), X = B-W", "X"),
            "1-2"
        );
        assert_eq!(
            first(
                &mut m,
                "mm_consistent(mm(4,6), [[1,1,2,2]-'RW'], Cs), length(Cs, N)",
                "N"
            ),
            "208"
        );
        assert_eq!(
            first(&mut m, "mm_evaluate(mm(4,6), lc, S)", "S"),
            "stats(7471,9,[1-1,2-4,3-25,4-108,5-305,6-602,7-196,8-49,9-6])"
        );
        assert_eq!(
            first(
                &mut m,
                "mm_evaluate(mm(4,6), knuth, stats(T,M,H)), member(5-N, H), X = T/M/N",
                "X"
            ),
            "5801/5/694"
        );
        assert_eq!(
            first(
                &mut m,
                "mm_next_guess(mm(4,6), knuth, [[1,1,2,2]-fb(1,1)], G)",
                "G"
            ),
            "[1,1,3,4]"
        );
        assert_eq!(
            first(&mut m, "mm_play(mm(4,6), knuth, [5,5,1,2], G)", "G"),
            "[[1,1,2,2]-fb(1,1),[1,1,3,4]-fb(0,1),[2,3,5,2]-fb(1,1),[6,2,4,2]-fb(1,0),[5,5,1,2]-fb(4,0)]"
        );
    }

    #[test]
    fn bad_input_raises_errors() {
        let mut m = Machine::new();
        let err =
            |m: &mut Machine, g: &str| first(m, &format!("catch(({g}), error(E, _), true)"), "E");
        assert_eq!(err(&mut m, "mm_evaluate(_, lc, _)"), "instantiation_error");
        assert_eq!(
            err(&mut m, "mm_evaluate(mm(4,0), lc, _)"),
            "domain_error(mastermind_spec,mm(4,0))"
        );
        assert_eq!(
            err(&mut m, "mm_evaluate(mm(9,9), lc, _)"),
            "resource_error(mastermind_codes)"
        );
        assert_eq!(
            err(&mut m, "mm_evaluate(mm(4,6), fast, _)"),
            "domain_error(mastermind_strategy,fast)"
        );
        assert_eq!(
            err(&mut m, "mm_next_guess(mm(4,6), lc, [[1,2,3]-fb(0,0)], _)"),
            "domain_error(mastermind_code,[1,2,3])"
        );
        assert_eq!(
            err(&mut m, "mm_next_guess(mm(4,6), lc, [[1,2,3,7]-fb(0,0)], _)"),
            "domain_error(mastermind_code,[1,2,3,7])"
        );
        assert_eq!(
            err(&mut m, "mm_next_guess(mm(4,6), lc, [[1,2,3,4]-fb(3,1)], _)"),
            "domain_error(mastermind_feedback,fb(3,1))"
        );
        assert_eq!(
            err(&mut m, "mm_next_guess(mm(4,6), lc, [[1,2,a,4]-fb(0,0)], _)"),
            "type_error(integer,a)"
        );
        assert_eq!(
            err(&mut m, "mm_play(mm(4,6), lc, foo, _)"),
            "type_error(list,foo)"
        );
        assert_eq!(
            err(&mut m, "mm_feedback([1,2],[1,2,3],_,_)"),
            "domain_error(mastermind_code,[1,2,3])"
        );
        assert_eq!(first(&mut m, "(mm_next_guess(mm(4,6), lc, [[1,1,1,1]-fb(4,0),[1,1,1,1]-fb(0,0)], _) -> X = yes ; X = no)", "X"), "no");
    }
}
