//! The evaluable functions of arithmetic (`+`, `sqrt`, `msb`, `random`, ...)
//! with SWI-Prolog 9's results and errors. `arith` walks the expression and
//! calls `apply` for every function node once its arguments are evaluated.
//!
//! Errors that SWI attributes to the function itself (division by zero, an
//! integer function given a float, a domain error) carry the context
//! `context(Name/Arity, _)`; the others are left for the machine to attribute
//! to the calling predicate, e.g. `context(system:(is)/2, _)`.

use super::arith::{
    check_float, cpu_seconds, float_overflow, num_partial_cmp, promote, random_below, random_float,
    to_f, undefined, Number,
};
use crate::machine::error::{
    domain_error, evaluation_error, resource_error, type_error, PlError, Res,
};
use crate::term::limbs::{Division, Owned};
use crate::term::{atoms, gmp, Atom, Term};
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{FromPrimitive, One, Signed, Zero};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::OnceLock;

use Number::{Big, Float, Int};

/// Integers larger than this many bits are refused with a resource error
/// rather than exhausting memory (`1 << (1 << 40)`, `2 ** 10 ** 12`).
const MAX_RESULT_BITS: u64 = 1 << 28;

/// The evaluable functions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Func {
    Add,
    Sub,
    Mul,
    Div,
    IntDiv,
    Mod,
    Rem,
    FloorDiv,
    Neg,
    Pos,
    Abs,
    Sign,
    Min,
    Max,
    Gcd,
    Lcm,
    Msb,
    Lsb,
    Popcount,
    Getbit,
    Pow,
    Shr,
    Shl,
    And,
    Or,
    Xor,
    Not,
    Sqrt,
    Sin,
    Cos,
    Tan,
    Asin,
    Acos,
    Atan,
    Atan2,
    Exp,
    Log,
    LogBase,
    Log2,
    Log10,
    Sinh,
    Cosh,
    Tanh,
    Asinh,
    Acosh,
    Atanh,
    Cot,
    Acot,
    Erf,
    Erfc,
    Lgamma,
    ToFloat,
    Integer,
    IntPart,
    FracPart,
    Truncate,
    Round,
    Ceiling,
    Floor,
    Copysign,
    Nexttoward,
    Random,
    RandomFloat,
    Pi,
    E,
    Inf,
    Nan,
    Epsilon,
    MaxTagged,
    MinTagged,
    Cputime,
    Realtime,
    Eval,
    Numerator,
    Denominator,
    Powm,
}

/// Name, arity and function of every evaluable.
const TABLE: &[(&str, usize, Func)] = &[
    ("+", 2, Func::Add),
    ("-", 2, Func::Sub),
    ("*", 2, Func::Mul),
    ("/", 2, Func::Div),
    ("//", 2, Func::IntDiv),
    ("mod", 2, Func::Mod),
    ("rem", 2, Func::Rem),
    ("div", 2, Func::FloorDiv),
    ("-", 1, Func::Neg),
    ("+", 1, Func::Pos),
    ("abs", 1, Func::Abs),
    ("sign", 1, Func::Sign),
    ("min", 2, Func::Min),
    ("max", 2, Func::Max),
    ("gcd", 2, Func::Gcd),
    ("lcm", 2, Func::Lcm),
    ("msb", 1, Func::Msb),
    ("lsb", 1, Func::Lsb),
    ("popcount", 1, Func::Popcount),
    ("getbit", 2, Func::Getbit),
    ("**", 2, Func::Pow),
    ("^", 2, Func::Pow),
    (">>", 2, Func::Shr),
    ("<<", 2, Func::Shl),
    ("/\\", 2, Func::And),
    ("\\/", 2, Func::Or),
    ("xor", 2, Func::Xor),
    ("\\", 1, Func::Not),
    ("sqrt", 1, Func::Sqrt),
    ("sin", 1, Func::Sin),
    ("cos", 1, Func::Cos),
    ("tan", 1, Func::Tan),
    ("asin", 1, Func::Asin),
    ("acos", 1, Func::Acos),
    ("atan", 1, Func::Atan),
    ("atan", 2, Func::Atan2),
    ("atan2", 2, Func::Atan2),
    ("exp", 1, Func::Exp),
    ("log", 1, Func::Log),
    ("log", 2, Func::LogBase),
    ("log2", 1, Func::Log2),
    ("log10", 1, Func::Log10),
    ("sinh", 1, Func::Sinh),
    ("cosh", 1, Func::Cosh),
    ("tanh", 1, Func::Tanh),
    ("asinh", 1, Func::Asinh),
    ("acosh", 1, Func::Acosh),
    ("atanh", 1, Func::Atanh),
    ("cot", 1, Func::Cot),
    ("acot", 1, Func::Acot),
    ("erf", 1, Func::Erf),
    ("erfc", 1, Func::Erfc),
    ("lgamma", 1, Func::Lgamma),
    ("float", 1, Func::ToFloat),
    ("integer", 1, Func::Integer),
    ("float_integer_part", 1, Func::IntPart),
    ("float_fractional_part", 1, Func::FracPart),
    ("truncate", 1, Func::Truncate),
    ("round", 1, Func::Round),
    ("ceiling", 1, Func::Ceiling),
    ("ceil", 1, Func::Ceiling),
    ("floor", 1, Func::Floor),
    ("copysign", 2, Func::Copysign),
    ("nexttoward", 2, Func::Nexttoward),
    ("random", 1, Func::Random),
    ("random_float", 0, Func::RandomFloat),
    ("pi", 0, Func::Pi),
    ("e", 0, Func::E),
    ("inf", 0, Func::Inf),
    ("infinite", 0, Func::Inf),
    ("nan", 0, Func::Nan),
    ("epsilon", 0, Func::Epsilon),
    ("max_tagged_integer", 0, Func::MaxTagged),
    ("min_tagged_integer", 0, Func::MinTagged),
    ("cputime", 0, Func::Cputime),
    ("realtime", 0, Func::Realtime),
    ("eval", 1, Func::Eval),
    ("numerator", 1, Func::Numerator),
    ("denominator", 1, Func::Denominator),
    ("powm", 3, Func::Powm),
];

/// The function `name/arity`, if it is evaluable.
fn lookup(name: Atom, arity: usize) -> Option<Func> {
    if arity == 2 {
        if name == atoms::PLUS {
            return Some(Func::Add);
        } else if name == atoms::MINUS {
            return Some(Func::Sub);
        } else if name == atoms::STAR {
            return Some(Func::Mul);
        } else if name == atoms::SLASH {
            return Some(Func::Div);
        } else if name == atoms::DOUBLE_SLASH {
            return Some(Func::IntDiv);
        }
    }
    static MAP: OnceLock<HashMap<(Atom, usize), Func>> = OnceLock::new();
    MAP.get_or_init(|| {
        TABLE
            .iter()
            .map(|&(n, a, f)| ((Atom::new(n), a), f))
            .collect()
    })
    .get(&(name, arity))
    .copied()
}

/// True when `name/arity` is an evaluable function.
pub fn is_evaluable(name: Atom, arity: usize) -> bool {
    lookup(name, arity).is_some()
}

/// Applies `name/arity` to the `arity` values on top of `vals` (first
/// argument topmost), popping them.
pub(crate) fn apply(name: Atom, arity: usize, vals: &mut Vec<Number>) -> Res<Number> {
    let Some(f) = lookup(name, arity) else {
        return Err(type_error(
            "evaluable",
            if arity == 0 && name == atoms::NIL {
                Term::Atom(name)
            } else {
                Term::indicator(name, arity)
            },
        ));
    };
    let mut pop = || vals.pop().expect("evaluated argument");
    match arity {
        0 => nullary(f),
        1 => unary(f, pop()),
        2 => {
            let x = pop();
            let y = pop();
            binary(f, x, y)
        }
        _ => {
            let x = pop();
            let y = pop();
            let z = pop();
            powm(x, y, z)
        }
    }
}

/// Applies the binary function `name/2` to `x` and `y`.
pub(crate) fn apply2(name: Atom, x: Number, y: Number) -> Res<Number> {
    match lookup(name, 2) {
        Some(f) => binary(f, x, y),
        None => Err(type_error("evaluable", Term::indicator(name, 2))),
    }
}

/// `context(Name/Arity, _)`, the context SWI gives function errors.
fn ctx(name: &str, arity: usize) -> Term {
    Term::compound(
        "context",
        vec![Term::indicator(Atom::new(name), arity), Term::Var(0)],
    )
}

/// `evaluation_error(zero_divisor)` raised by `name/2`.
fn zero_div(name: &str) -> PlError {
    evaluation_error("zero_divisor").with_context(ctx(name, 2))
}

/// Checks that `n` is an integer argument of `name/arity`.
fn need_int(n: &Number, name: &str, arity: usize) -> Res<()> {
    match n {
        Float(_) => Err(type_error("integer", n.to_term()).with_context(ctx(name, arity))),
        _ => Ok(()),
    }
}

/// The integer as a big integer (callers have checked it is one).
fn big(n: &Number) -> BigInt {
    n.to_bigint().unwrap_or_default()
}

/// An integer as a big integer, taking a big one's digits without a copy.
fn into_big(n: Number) -> BigInt {
    match n {
        Big(b) => b,
        n => big(&n),
    }
}

/// Number of significant bits of an integer's magnitude.
fn bits(n: &Number) -> u64 {
    match n {
        Int(i) => 64 - i.unsigned_abs().leading_zeros() as u64,
        Big(b) => b.bits(),
        Float(_) => 0,
    }
}

/// The error for an integer result too large to build.
fn too_big() -> PlError {
    resource_error("memory")
}

fn nullary(f: Func) -> Res<Number> {
    Ok(match f {
        Func::Pi => Float(std::f64::consts::PI),
        Func::E => Float(std::f64::consts::E),
        Func::Inf => Float(f64::INFINITY),
        Func::Nan => Float(f64::NAN),
        Func::Epsilon => Float(f64::EPSILON),
        Func::MaxTagged => Int((1 << 60) - 1),
        Func::MinTagged => Int(-(1 << 60)),
        Func::RandomFloat => Float(random_float()),
        Func::Cputime => Float(cpu_seconds()),
        Func::Realtime => Int(std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs() as i64)
            .unwrap_or(0)),
        _ => unreachable!("{f:?} is not nullary"),
    })
}

/// A float function of one argument: promote, compute, check.
fn float_fn(x: &Number, op: fn(f64) -> f64) -> Res<Number> {
    check_float(op(to_f(x)?))
}

/// Applies a rounding function; integers are returned as they are and
/// infinite or NaN floats pass through unchanged (as SWI does).
fn round_with(x: Number, op: fn(f64) -> f64) -> Number {
    match x {
        Float(f) if f.is_finite() => float_to_int(op(f)),
        other => other,
    }
}

/// An integral finite float as an integer.
fn float_to_int(f: f64) -> Number {
    if f.abs() < 9.0e18 {
        Int(f as i64)
    } else {
        Number::from_big(BigInt::from_f64(f).unwrap_or_default())
    }
}

fn unary(f: Func, x: Number) -> Res<Number> {
    match f {
        Func::Neg => Ok(neg(x)),
        Func::Pos | Func::Eval => Ok(x),
        Func::Abs => Ok(match x {
            Int(i) => match i.checked_abs() {
                Some(a) => Int(a),
                None => Number::from_big(BigInt::from(i).abs()),
            },
            Big(b) => Number::from_big(b.abs()),
            Float(f) => Float(f.abs()),
        }),
        Func::Sign => Ok(match x {
            Float(f) if f.is_nan() => Float(f),
            Float(f) => Float(if f > 0.0 {
                1.0
            } else if f < 0.0 {
                -1.0
            } else {
                0.0
            }),
            other => Int(other.signum() as i64),
        }),
        Func::Msb | Func::Lsb => {
            let name = if f == Func::Msb { "msb" } else { "lsb" };
            need_int(&x, name, 1)?;
            if x.signum() <= 0 {
                return Err(
                    domain_error("not_less_than_one", x.to_term()).with_context(ctx(name, 1))
                );
            }
            Ok(Int(if f == Func::Msb {
                bits(&x) as i64 - 1
            } else {
                match &x {
                    Int(i) => i.trailing_zeros() as i64,
                    _ => big(&x).trailing_zeros().unwrap_or(0) as i64,
                }
            }))
        }
        Func::Popcount => {
            need_int(&x, "popcount", 1)?;
            if x.signum() < 0 {
                return Err(domain_error("not_less_than_zero", x.to_term())
                    .with_context(ctx("popcount", 1)));
            }
            Ok(Int(match &x {
                Int(i) => i.count_ones() as i64,
                _ => big(&x).magnitude().count_ones() as i64,
            }))
        }
        Func::Not => {
            need_int(&x, "\\", 1)?;
            Ok(match x {
                Int(i) => Int(!i),
                other => Number::from_big(!big(&other)),
            })
        }
        Func::Sqrt => float_fn(&x, f64::sqrt),
        Func::Sin => float_fn(&x, f64::sin),
        Func::Cos => float_fn(&x, f64::cos),
        Func::Tan => float_fn(&x, f64::tan),
        Func::Asin => float_fn(&x, f64::asin),
        Func::Acos => float_fn(&x, f64::acos),
        Func::Atan => float_fn(&x, f64::atan),
        Func::Exp => float_fn(&x, f64::exp),
        Func::Log => float_fn(&x, f64::ln),
        Func::Log2 => float_fn(&x, f64::log2),
        Func::Log10 => float_fn(&x, f64::log10),
        Func::Sinh => float_fn(&x, f64::sinh),
        Func::Cosh => float_fn(&x, f64::cosh),
        Func::Tanh => float_fn(&x, f64::tanh),
        Func::Asinh => float_fn(&x, f64::asinh),
        Func::Acosh => float_fn(&x, f64::acosh),
        Func::Atanh => float_fn(&x, f64::atanh),
        Func::Cot => float_fn(&x, |v| 1.0 / v.tan()),
        Func::Acot => float_fn(&x, |v| (1.0 / v).atan()),
        Func::Erf => float_fn(&x, libm::erf),
        Func::Erfc => float_fn(&x, libm::erfc),
        Func::Lgamma => float_fn(&x, libm::lgamma),
        Func::ToFloat => Ok(Float(to_f(&x)?)),
        Func::Integer => Ok(round_with(x, f64::round)),
        Func::Truncate => Ok(round_with(x, f64::trunc)),
        Func::Round => Ok(round_with(x, f64::round)),
        Func::Ceiling => Ok(round_with(x, f64::ceil)),
        Func::Floor => Ok(round_with(x, f64::floor)),
        Func::IntPart => match x {
            Float(f) => check_float(f.trunc()),
            other => Ok(other),
        },
        Func::FracPart => match x {
            Float(f) if f.is_nan() => Err(undefined()),
            Float(f) if f.is_infinite() => Ok(Float(0.0f64.copysign(f))),
            Float(f) => Ok(Float((f - f.trunc()).copysign(f))),
            _ => Ok(Int(0)),
        },
        Func::Random => random(x),
        Func::Numerator | Func::Denominator => {
            let name = if f == Func::Numerator {
                "numerator"
            } else {
                "denominator"
            };
            if let Float(_) = x {
                return Err(type_error("rational", x.to_term()).with_context(ctx(name, 1)));
            }
            Ok(if f == Func::Numerator { x } else { Int(1) })
        }
        _ => unreachable!("{f:?} is not unary"),
    }
}

/// `random(N)`: a uniform integer in `[0, N)`.
fn random(x: Number) -> Res<Number> {
    let n = match x {
        Float(f) if f.fract() == 0.0 => float_to_int(f),
        Float(_) => return Err(type_error("integer", x.to_term()).with_context(ctx("random", 1))),
        other => other,
    };
    if n.signum() < 1 {
        return Err(domain_error("not_less_than_one", n.to_term()).with_context(ctx("random", 1)));
    }
    Ok(random_below(&big(&n)))
}

/// `-X`.
fn neg(x: Number) -> Number {
    match x {
        Int(i) => match i.checked_neg() {
            Some(n) => Int(n),
            None => Number::from_big(-BigInt::from(i)),
        },
        Big(b) => Number::from_big(-b),
        Float(f) => Float(-f),
    }
}

/// `X + Y`.
pub(crate) fn add(x: Number, y: Number) -> Res<Number> {
    match (&x, &y) {
        (Int(a), Int(b)) => Ok(match a.checked_add(*b) {
            Some(s) => Int(s),
            None => Number::from_big(BigInt::from(*a) + b),
        }),
        (Float(_), _) | (_, Float(_)) => check_float(promote(&x)? + promote(&y)?),
        _ => Ok(Number::from_big(into_big(x) + into_big(y))),
    }
}

/// `X - Y`.
pub(crate) fn sub(x: Number, y: Number) -> Res<Number> {
    match (&x, &y) {
        (Int(a), Int(b)) => Ok(match a.checked_sub(*b) {
            Some(s) => Int(s),
            None => Number::from_big(BigInt::from(*a) - b),
        }),
        (Float(_), _) | (_, Float(_)) => check_float(promote(&x)? - promote(&y)?),
        _ => Ok(Number::from_big(into_big(x) - into_big(y))),
    }
}

/// `X * Y`.
fn mul(x: Number, y: Number) -> Res<Number> {
    match (&x, &y) {
        (Int(a), Int(b)) => Ok(match a.checked_mul(*b) {
            Some(s) => Int(s),
            None => Number::from_big(BigInt::from(*a) * b),
        }),
        (Float(_), _) | (_, Float(_)) => check_float(promote(&x)? * promote(&y)?),
        _ => Ok(Number::from_big(gmp::mul(&into_big(x), &into_big(y)))),
    }
}

/// `X / Y`: exact integer quotients stay integers, others become floats.
fn divide(x: Number, y: Number) -> Res<Number> {
    if x.is_integer() && y.is_integer() {
        if y.signum() == 0 {
            return Err(zero_div("/"));
        }
        match (&x, &y) {
            (Int(a), Int(b)) => {
                if *b == -1 {
                    return Ok(neg(x));
                }
                if a % b == 0 {
                    return Ok(Int(a / b));
                }
            }
            _ => {
                let (q, r) = gmp::div_rem(&big(&x), &big(&y));
                if r.is_zero() {
                    return Ok(Number::from_big(q));
                }
            }
        }
        return check_float(to_f(&x)? / to_f(&y)?);
    }
    if let (true, Float(d)) = (x.is_integer(), &y) {
        if d.is_infinite() {
            // SWI: an integer divided by an infinity is the integer 0.
            return Ok(Int(0));
        }
    }
    let (a, b) = (promote(&x)?, promote(&y)?);
    if b == 0.0 {
        return Err(if a.is_nan() || a == 0.0 {
            undefined()
        } else if a.is_infinite() {
            float_overflow()
        } else {
            zero_div("/")
        });
    }
    check_float(a / b)
}

/// The integer division family: `//`, `mod`, `rem`, `div`.
fn int_division(f: Func, x: Number, y: Number) -> Res<Number> {
    let name = match f {
        Func::IntDiv => "//",
        Func::Mod => "mod",
        Func::Rem => "rem",
        _ => "div",
    };
    need_int(&x, name, 2)?;
    need_int(&y, name, 2)?;
    if y.signum() == 0 {
        return Err(zero_div(name));
    }
    if let (Int(a), Int(b)) = (&x, &y) {
        let (a, b) = (*a, *b);
        if b == -1 {
            // The only overflowing case is i64::MIN; remainders are 0.
            return Ok(match f {
                Func::IntDiv | Func::FloorDiv => neg(x),
                _ => Int(0),
            });
        }
        return Ok(Int(match f {
            Func::IntDiv => a / b,
            Func::Rem => a % b,
            Func::Mod => a.mod_floor(&b),
            _ => Integer::div_floor(&a, &b),
        }));
    }
    let division = func_division(f).expect("an integer division");
    let q = Owned::of_big(&into_big(x)).divide(&Owned::of_big(&into_big(y)), division);
    Ok(Number::from_big(q.to_big()))
}

/// True for a float that is negative zero.
fn is_neg_zero(n: &Number) -> bool {
    matches!(n, Float(f) if *f == 0.0 && f.is_sign_negative())
}

/// `min/2` and `max/2`: NaN loses to a number, -0.0 is below 0, and an
/// integer equal to a float yields the float.
fn min_max(x: Number, y: Number, want_max: bool) -> Number {
    let xn = matches!(x, Float(f) if f.is_nan());
    let yn = matches!(y, Float(f) if f.is_nan());
    if yn {
        return x;
    }
    if xn {
        return y;
    }
    let mut ord = num_partial_cmp(&x, &y).unwrap_or(Ordering::Equal);
    if ord == Ordering::Equal {
        ord = match (is_neg_zero(&x), is_neg_zero(&y)) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => Ordering::Equal,
        };
    }
    match (ord, want_max) {
        (Ordering::Less, true) | (Ordering::Greater, false) => y,
        (Ordering::Less, false) | (Ordering::Greater, true) => x,
        (Ordering::Equal, _) => {
            if matches!(y, Float(_)) {
                y
            } else {
                x
            }
        }
    }
}

/// The integer division that evaluable `name/2` is, if it is one (for the
/// limb evaluator of `machine::arith`).
pub(crate) fn division(name: Atom) -> Option<Division> {
    func_division(lookup(name, 2)?)
}

/// The integer division that `f` is, if it is one.
fn func_division(f: Func) -> Option<Division> {
    match f {
        Func::IntDiv => Some(Division::Trunc),
        Func::Rem => Some(Division::Rem),
        Func::FloorDiv => Some(Division::Floor),
        Func::Mod => Some(Division::Mod),
        _ => None,
    }
}

/// `gcd/2` of two integers, always non-negative.
fn gcd(x: &Number, y: &Number) -> Number {
    if let (Int(a), Int(b)) = (x, y) {
        let g = a.unsigned_abs().gcd(&b.unsigned_abs());
        return match i64::try_from(g) {
            Ok(g) => Int(g),
            Err(_) => Number::from_big(BigInt::from(g)),
        };
    }
    Number::from_big(gmp::gcd(&big(x), &big(y)))
}

/// `X ** Y` and `X ^ Y` (identical in SWI 9 with `prefer_rationals=false`).
fn power(x: Number, y: Number) -> Res<Number> {
    let y_zero = match &y {
        Float(f) => *f == 0.0,
        other => other.signum() == 0,
    };
    if y_zero || x == Int(1) {
        return Ok(Int(1));
    }
    let y_neg = match &y {
        Float(f) => *f < 0.0,
        other => other.signum() < 0,
    };
    let y_pos = match &y {
        Float(f) => *f > 0.0,
        other => other.signum() > 0,
    };
    if x == Int(0) {
        if y_neg {
            return Err(zero_div("**"));
        }
        if y_pos {
            return Ok(Int(0));
        }
    }
    if x.is_integer() && y.is_integer() {
        if x == Int(-1) {
            let odd = match &y {
                Int(e) => e & 1 == 1,
                other => big(other).is_odd(),
            };
            return Ok(Int(if odd { -1 } else { 1 }));
        }
        if y_pos {
            return int_power(&x, &y);
        }
    } else if matches!(x, Float(f) if f == 0.0) && y_neg {
        return Err(zero_div("**"));
    }
    check_float(to_f(&x)?.powf(to_f(&y)?))
}

/// An integer to a positive integer power (|base| >= 2).
fn int_power(x: &Number, y: &Number) -> Res<Number> {
    let e = match y {
        Int(e) => *e as u64,
        _ => return Err(too_big()),
    };
    if bits(x).saturating_mul(e) > MAX_RESULT_BITS + 64 {
        return Err(too_big());
    }
    let e = e as u32;
    if let Int(b) = x {
        if let Some(r) = b.checked_pow(e) {
            return Ok(Int(r));
        }
    }
    Ok(Number::from_big(gmp::pow(&big(x), e)))
}

/// `X << Y` (`left`) and `X >> Y`; negative shifts go the other way.
fn shift(x: Number, y: Number, left: bool) -> Res<Number> {
    let name = if left { "<<" } else { ">>" };
    need_int(&x, name, 2)?;
    need_int(&y, name, 2)?;
    let (left, n) = match &y {
        Int(s) if *s < 0 => (!left, s.unsigned_abs()),
        Int(s) => (left, *s as u64),
        _ => {
            // A shift by a big integer: SWI yields 0 to the right and runs
            // out of memory to the left.
            let left = left != (y.signum() < 0);
            return if !left || x.signum() == 0 {
                Ok(Int(0))
            } else {
                Err(too_big())
            };
        }
    };
    if left {
        if x.signum() == 0 {
            return Ok(Int(0));
        }
        if bits(&x).saturating_add(n) > MAX_RESULT_BITS {
            return Err(too_big());
        }
        if let Int(a) = x {
            if n < 64 && (a << n) >> n == a {
                return Ok(Int(a << n));
            }
        }
        Ok(Number::from_big(into_big(x) << n))
    } else {
        match x {
            Int(a) => Ok(Int(if n >= 64 { a >> 63 } else { a >> n })),
            other => Ok(Number::from_big(big(&other) >> n)),
        }
    }
}

/// `/\`, `\/` and `xor` on integers.
fn bitwise(f: Func, x: Number, y: Number) -> Res<Number> {
    let name = match f {
        Func::And => "/\\",
        Func::Or => "\\/",
        _ => "xor",
    };
    need_int(&x, name, 2)?;
    need_int(&y, name, 2)?;
    if let (Int(a), Int(b)) = (&x, &y) {
        return Ok(Int(match f {
            Func::And => a & b,
            Func::Or => a | b,
            _ => a ^ b,
        }));
    }
    let (a, b) = (big(&x), big(&y));
    Ok(Number::from_big(match f {
        Func::And => a & b,
        Func::Or => a | b,
        _ => a ^ b,
    }))
}

/// The float after `x` in the direction of `y`.
fn next_toward(x: f64, y: f64) -> f64 {
    if x == y {
        return y;
    }
    if x == 0.0 {
        return f64::from_bits(1).copysign(y);
    }
    let bits = x.to_bits();
    let away = (y > x) == (x > 0.0);
    f64::from_bits(if away { bits + 1 } else { bits - 1 })
}

fn binary(f: Func, x: Number, y: Number) -> Res<Number> {
    match f {
        Func::Add => add(x, y),
        Func::Sub => sub(x, y),
        Func::Mul => mul(x, y),
        Func::Div => divide(x, y),
        Func::IntDiv | Func::Mod | Func::Rem | Func::FloorDiv => int_division(f, x, y),
        Func::Min => Ok(min_max(x, y, false)),
        Func::Max => Ok(min_max(x, y, true)),
        Func::Gcd | Func::Lcm => {
            let name = if f == Func::Gcd { "gcd" } else { "lcm" };
            need_int(&x, name, 2)?;
            need_int(&y, name, 2)?;
            let g = gcd(&x, &y);
            if f == Func::Gcd {
                return Ok(g);
            }
            if g.signum() == 0 {
                return Ok(Int(0));
            }
            Ok(Number::from_big((big(&x) * big(&y)).abs() / big(&g)))
        }
        Func::Getbit => {
            need_int(&x, "bit", 2)?;
            need_int(&y, "bit", 2)?;
            for n in [&x, &y] {
                if n.signum() < 0 {
                    return Err(
                        domain_error("not_less_than_zero", n.to_term()).with_context(ctx("bit", 2))
                    );
                }
            }
            Ok(Int(match &y {
                Int(i) => big(&x).bit(*i as u64) as i64,
                _ => 0,
            }))
        }
        Func::Pow => power(x, y),
        Func::Shl => shift(x, y, true),
        Func::Shr => shift(x, y, false),
        Func::And | Func::Or | Func::Xor => bitwise(f, x, y),
        Func::Atan2 => {
            let (a, b) = (to_f(&x)?, to_f(&y)?);
            check_float(a.atan2(b))
        }
        Func::LogBase => {
            let (b, v) = (to_f(&x)?, to_f(&y)?);
            check_float(v.ln() / b.ln())
        }
        Func::Copysign => Ok(match x {
            Float(a) => Float(a.copysign(promote(&y)?)),
            int => {
                let negative = match &y {
                    Float(b) => b.is_sign_negative(),
                    other => other.signum() < 0,
                };
                if negative == (int.signum() < 0) {
                    int
                } else {
                    neg(int)
                }
            }
        }),
        Func::Nexttoward => {
            let (a, b) = (to_f(&x)?, to_f(&y)?);
            check_float(next_toward(a, b))
        }
        _ => unreachable!("{f:?} is not binary"),
    }
}

/// `powm(Base, Exp, Mod)`: `Base ** Exp mod Mod`.
fn powm(b: Number, e: Number, m: Number) -> Res<Number> {
    for n in [&b, &e, &m] {
        need_int(n, "powm", 3)?;
    }
    for n in [&b, &e] {
        if n.signum() < 0 {
            return Err(
                domain_error("not_less_than_zero", n.to_term()).with_context(ctx("powm", 3))
            );
        }
    }
    if m.signum() < 1 {
        return Err(domain_error("not_less_than_one", m.to_term()).with_context(ctx("powm", 3)));
    }
    let m = big(&m);
    if m.is_one() {
        return Ok(Int(0));
    }
    Ok(Number::from_big(big(&b).modpow(&big(&e), &m)))
}

/// The few C math functions Rust's standard library lacks, from the
/// platform's libm (always linked by std on Unix).
mod libm {
    extern "C" {
        #[link_name = "erf"]
        fn c_erf(x: f64) -> f64;
        #[link_name = "erfc"]
        fn c_erfc(x: f64) -> f64;
        #[link_name = "lgamma_r"]
        fn c_lgamma_r(x: f64, sign: *mut i32) -> f64;
    }

    /// The error function.
    pub fn erf(x: f64) -> f64 {
        // SAFETY: a pure C function of a double.
        unsafe { c_erf(x) }
    }

    /// The complementary error function.
    pub fn erfc(x: f64) -> f64 {
        // SAFETY: a pure C function of a double.
        unsafe { c_erfc(x) }
    }

    /// The log of the absolute value of the gamma function.
    pub fn lgamma(x: f64) -> f64 {
        let mut sign = 0i32;
        // SAFETY: the reentrant variant writes only the sign we pass.
        unsafe { c_lgamma_r(x, &mut sign) }
    }
}
