//! Seeding and saving the random generator behind `random/1` and
//! `random_float` (src/builtins/arith.rs): SWI-Prolog's `set_random/1` and
//! `random_property/1`. library(random) (src/library/random.pl) builds
//! `getrand/1` and `setrand/1` on them.
//!
//! The generator differs from SWI-Prolog's (GMP's Mersenne twister), so a
//! seed gives another sequence than in SWI, but the same one on every run.
//! A state is an integer, as in SWI: `2^256` plus the 256 bits of the
//! xoshiro256** state, so that small integers are rejected as SWI does.

use super::arith::{random_state, set_random_seed, set_random_state};
use super::terms::culprit;
use crate::machine::error::{domain_error, instantiation_error, type_error, PlError, Res};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{Atom, Cell, Term, View};
use num_bigint::{BigInt, Sign};
use num_traits::ToPrimitive;

/// Builtins of this family.
pub const RANDOM_BUILTINS: BuiltinTable = &[
    ("set_random", 1, Builtin::Det(set_random)),
    ("random_property", 1, Builtin::Det(random_property)),
];

/// `context(system:set_random/1, Message)`, the context SWI gives to some
/// errors about a seed.
fn seed_context() -> Term {
    Term::compound(
        "context",
        vec![
            Term::compound(
                ":",
                vec![
                    Term::atom("system"),
                    Term::indicator(Atom::new("set_random"), 1),
                ],
            ),
            Term::atom("integer or 'random'"),
        ],
    )
}

/// `set_random(+Option)`: `seed(Int)` reseeds the generator from an integer
/// of any size, `seed(random)` from the system's entropy, `state(S)` restores
/// a state read with `random_property(state(S))`. Errors as SWI-Prolog's.
fn set_random(m: &mut Machine, a: &[Cell]) -> Res {
    let opt = m.deref(a[0]);
    match m.store.view(opt) {
        View::Var(_) => Err(instantiation_error()),
        View::Compound(name, 1, first) if name == Atom::new("seed") => {
            let arg = m.deref(m.store.heap[first]);
            set_seed(m, arg)?;
            Ok(true)
        }
        View::Compound(name, 1, first) if name == Atom::new("state") => {
            let arg = m.deref(m.store.heap[first]);
            match state_of(m, arg) {
                Some(s) if set_random_state(s) => Ok(true),
                _ if arg.is_ref() => Err(instantiation_error()),
                _ => Err(type_error("state", culprit(m, arg))),
            }
        }
        View::Compound(_, 1, _) => Err(domain_error("random_option", culprit(m, opt))),
        _ => Err(type_error("random_option", culprit(m, opt))),
    }
}

/// Reseeds from the argument of `seed(Seed)`.
fn set_seed(m: &mut Machine, seed: Cell) -> Result<(), PlError> {
    match m.store.view(seed) {
        View::Int(i) => set_random_seed(i as u64),
        View::BigInt(b) => set_random_seed(fold_bigint(&m.store.bigint(b))),
        View::Atom(a) if a == Atom::new("random") => set_random_seed(entropy()),
        View::Var(_) => return Err(instantiation_error().with_context(seed_context())),
        // SWI gives no message with a number that is not an integer.
        View::Float(_) => return Err(type_error("seed", culprit(m, seed))),
        _ => return Err(type_error("seed", culprit(m, seed)).with_context(seed_context())),
    }
    Ok(())
}

/// A 64-bit seed from an integer beyond 64 bits: all its digits and its sign
/// count.
fn fold_bigint(n: &BigInt) -> u64 {
    let (sign, digits) = n.to_u64_digits();
    let mut h: u64 = if sign == Sign::Minus {
        0x5851_F42D_4C95_7F2D
    } else {
        0
    };
    for d in digits {
        h = mix(h ^ d);
    }
    h
}

/// The splitmix64 step: spreads every input bit over the output.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A seed nobody can predict: the standard library's per-process random hash
/// keys (fresh for each `RandomState`), the clock and the process id.
fn entropy() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let keyed = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    mix(keyed ^ mix(nanos ^ (std::process::id() as u64).rotate_left(32)))
}

/// The generator state a state term stands for: an integer `2^256 + S`.
fn state_of(m: &Machine, c: Cell) -> Option<[u64; 4]> {
    let View::BigInt(b) = m.store.view(c) else {
        return None;
    };
    let (sign, digits) = m.store.bigint(b).to_u64_digits();
    if sign != Sign::Plus || digits.len() != 5 || digits[4] != 1 {
        return None;
    }
    Some([digits[0], digits[1], digits[2], digits[3]])
}

/// The state term of the generator now.
fn state_term(s: [u64; 4]) -> BigInt {
    let mut digits = s.to_vec();
    digits.push(1);
    BigInt::from_biguint(
        Sign::Plus,
        num_bigint::BigUint::from_slice(&to_u32s(&digits)),
    )
}

fn to_u32s(words: &[u64]) -> Vec<u32> {
    words
        .iter()
        .flat_map(|w| [*w as u32, (*w >> 32) as u32])
        .collect()
}

/// `random_property(?Property)`: `state(S)`, the generator's state as an
/// integer that `set_random(state(S))` restores. Fails on anything else,
/// an unbound argument included (as SWI-Prolog 9).
fn random_property(m: &mut Machine, a: &[Cell]) -> Res {
    let p = m.deref(a[0]);
    match m.store.view(p) {
        View::Compound(name, 1, first) if name == Atom::new("state") => {
            let arg = m.store.heap[first];
            let n = state_term(random_state());
            let v = match n.to_i64() {
                Some(i) => m.store.new_int(i),
                None => m.store.new_bigint(&n),
            };
            Ok(m.unify(arg, v))
        }
        _ => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use crate::machine::Machine;

    fn once(m: &mut Machine, goal: &str) -> bool {
        match m.query(goal) {
            Ok(mut answers) => matches!(answers.next(), Some(Ok(_))),
            Err(_) => false,
        }
    }

    #[test]
    fn a_seed_gives_the_same_sequence_again() {
        let mut m = Machine::new();
        assert!(once(
            &mut m,
            "set_random(seed(42)), findall(X, (between(1, 20, _), X is random(1000)), L1), \
             set_random(seed(42)), findall(X, (between(1, 20, _), X is random(1000)), L2), \
             L1 == L2, set_random(seed(43)), \
             findall(X, (between(1, 20, _), X is random(1000)), L3), L3 \\== L1"
        ));
        assert!(once(
            &mut m,
            "S = 123456789012345678901234567890, set_random(seed(S)), A is random_float, \
             set_random(seed(S)), B is random_float, A == B, \
             N is -S, set_random(seed(N)), C is random_float, C \\== A"
        ));
        assert!(once(
            &mut m,
            "set_random(seed(random)), set_random(seed(-1))"
        ));
    }

    #[test]
    fn a_saved_state_is_restored() {
        let mut m = Machine::new();
        assert!(once(
            &mut m,
            "random_property(state(S)), X is random(1 << 80), \
             set_random(state(S)), Y is random(1 << 80), X == Y, \\+ random_property(_), \
             \\+ random_property(seed(_))"
        ));
    }

    #[test]
    fn bad_options_raise_swi_errors() {
        let mut m = Machine::new();
        let msg = "'integer or \\'random\\''";
        for (goal, error) in [
            (
                "set_random(_)",
                "error(instantiation_error, context(system:set_random/1, M))".to_string(),
            ),
            (
                "set_random(foo)",
                "error(type_error(random_option, foo), _)".into(),
            ),
            (
                "set_random(seed(1, 2))",
                "error(type_error(random_option, seed(1, 2)), _)".into(),
            ),
            (
                "set_random(bar(1))",
                "error(domain_error(random_option, bar(1)), _)".into(),
            ),
            (
                "set_random(seed(_))",
                format!("error(instantiation_error, context(system:set_random/1, {msg}))"),
            ),
            (
                "set_random(seed(foo))",
                format!("error(type_error(seed, foo), context(_, {msg}))"),
            ),
            (
                "set_random(seed(1.5))",
                "error(type_error(seed, 1.5), context(_, M))".into(),
            ),
            (
                "set_random(state(1))",
                "error(type_error(state, 1), _)".into(),
            ),
            (
                "set_random(state(_))",
                "error(instantiation_error, _)".into(),
            ),
            (
                "set_random(state(a))",
                "error(type_error(state, a), _)".into(),
            ),
            (
                "set_random(state(1267650600228229401496703205376))",
                "error(type_error(state, _), _)".into(),
            ),
        ] {
            let check = format!("catch({goal}, E, true), E = {error}, (var(M) -> true ; true)");
            assert!(once(&mut m, &check), "{check}");
        }
        // M must stay unbound where SWI gives no message.
        assert!(once(
            &mut m,
            "catch(set_random(seed(1.5)), error(_, context(_, M)), true), var(M)"
        ));
    }
}
