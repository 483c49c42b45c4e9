//! Compiled arithmetic: `X is Expr` and the comparisons `< > =< >= =:= =\=`
//! with expressions known at compile time run as postfix code over registers.
//! Nothing is built on the heap (a small-integer result goes straight into the
//! destination register), so counting loops run in constant space and fast.
//! Anything unusual (a variable bound to an expression, a float, a big
//! integer) goes through the general evaluator in `builtins::arith`.

use super::error::{instantiation_error, message_context, ErrorTerm, PlError, Res};
use super::instr::Reg;
use super::Machine;
use crate::builtins::arith::{cyclic_expression, eval_for, num_partial_cmp, number_of, Number};
use crate::builtins::arith_fns;
use crate::term::cell::tag;
use crate::term::limbs;
use crate::term::{Atom, Cell, Term};
use std::cmp::Ordering;

/// One step of postfix arithmetic code.
#[derive(Clone, Debug, PartialEq)]
pub enum AOp {
    /// Push the value of a register (evaluated if it holds an expression).
    Reg(Reg),
    /// Push a small integer.
    Int(i64),
    /// Push a constant number (float, big integer).
    Num(Number),
    /// Pop two, push their sum (fast path for small integers).
    Add,
    /// Pop two, push their difference.
    Sub,
    /// Pop two, push their product.
    Mul,
    /// Apply an evaluable function of this name and arity to the top values.
    Apply(Atom, u8),
}

/// A compiled arithmetic goal, kept in the database's side table.
#[derive(Clone, Debug)]
pub struct ArithGoal {
    /// Is or a comparison.
    pub kind: ArithKind,
    /// Code of the expression (`is`) or of the left side (comparisons).
    pub left: Vec<AOp>,
    /// Code of the right side (comparisons only).
    pub right: Vec<AOp>,
    /// The shapes of `left` and `right`.
    quick: [Quick; 2],
    /// The predicate (`is/2`, `</2`, ...) named in error contexts.
    pub pred: super::instr::PredId,
}

impl ArithGoal {
    /// The goal of `kind` over postfix code `left` and `right`, for `pred`.
    pub fn new(
        kind: ArithKind,
        left: Vec<AOp>,
        right: Vec<AOp>,
        pred: super::instr::PredId,
    ) -> Self {
        let quick = [Quick::of(&left), Quick::of(&right)];
        ArithGoal {
            kind,
            left,
            right,
            quick,
            pred,
        }
    }
}

/// An operand of a `Quick` shape.
#[derive(Copy, Clone, Debug)]
enum Operand {
    Reg(Reg),
    Int(i64),
}

/// The shape of one side of a compiled goal when it is one of the common
/// ones (`N`, `3`, `N - 1`, `X + Y`, `X mod 2`): the machine evaluates those
/// on small integers straight from the registers, without the postfix code.
#[derive(Copy, Clone, Debug)]
enum Quick {
    Leaf(Operand),
    Add(Operand, Operand),
    Sub(Operand, Operand),
    Mul(Operand, Operand),
    /// A binary evaluable function of this name.
    Apply(Atom, Operand, Operand),
    /// Another shape: the postfix code.
    Other,
}

impl Quick {
    /// The shape of postfix `code`.
    fn of(code: &[AOp]) -> Quick {
        let operand = |op: &AOp| match op {
            AOp::Reg(r) => Some(Operand::Reg(*r)),
            AOp::Int(i) => Some(Operand::Int(*i)),
            _ => None,
        };
        match code {
            [a] => operand(a).map_or(Quick::Other, Quick::Leaf),
            // Operands were pushed second first: `a` is the first operand.
            [b, a, op] => match (operand(a), operand(b), op) {
                (Some(x), Some(y), AOp::Add) => Quick::Add(x, y),
                (Some(x), Some(y), AOp::Sub) => Quick::Sub(x, y),
                (Some(x), Some(y), AOp::Mul) => Quick::Mul(x, y),
                (Some(x), Some(y), AOp::Apply(name, 2)) => Quick::Apply(*name, x, y),
                _ => Quick::Other,
            },
            _ => Quick::Other,
        }
    }
}

/// What a compiled arithmetic goal does with its value(s).
#[derive(Copy, Clone, Debug)]
pub enum ArithKind {
    /// `Dst is Expr`; `first` when Dst is a variable's first occurrence.
    Is {
        /// Where the destination variable lives.
        dst: Reg,
        /// True when the result is simply stored (no unification).
        first: bool,
    },
    /// A comparison.
    Cmp(CmpOp),
}

/// The comparison of a compiled arithmetic comparison.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `=<`
    Le,
    /// `>=`
    Ge,
    /// `=:=`
    Eq,
    /// `=\=`
    Ne,
}

impl CmpOp {
    /// The comparison named `name`, if it is one.
    pub fn from_name(name: &str) -> Option<CmpOp> {
        Some(match name {
            "<" => CmpOp::Lt,
            ">" => CmpOp::Gt,
            "=<" => CmpOp::Le,
            ">=" => CmpOp::Ge,
            "=:=" => CmpOp::Eq,
            "=\\=" => CmpOp::Ne,
            _ => return None,
        })
    }

    fn holds(self, o: Option<Ordering>) -> bool {
        match (self, o) {
            (_, None) => false,
            (CmpOp::Lt, Some(o)) => o == Ordering::Less,
            (CmpOp::Gt, Some(o)) => o == Ordering::Greater,
            (CmpOp::Le, Some(o)) => o != Ordering::Greater,
            (CmpOp::Ge, Some(o)) => o != Ordering::Less,
            (CmpOp::Eq, Some(o)) => o == Ordering::Equal,
            (CmpOp::Ne, Some(o)) => o != Ordering::Equal,
        }
    }
}

/// Small-integer binary functions; None sends the case to the general
/// evaluator (unknown function, zero divisor, overflow, out-of-range shift).
#[inline]
fn int_binary(name: Atom, x: i64, y: i64) -> Option<i64> {
    use crate::term::atoms::*;
    if name == MOD {
        let r = x.checked_rem(y)?;
        Some(if r != 0 && ((r < 0) != (y < 0)) {
            r + y
        } else {
            r
        })
    } else if name == DOUBLE_SLASH {
        x.checked_div(y)
    } else if name == REM {
        x.checked_rem(y)
    } else if name == MIN {
        Some(x.min(y))
    } else if name == MAX {
        Some(x.max(y))
    } else if name == SHIFT_RIGHT {
        (0..64).contains(&y).then(|| x >> y)
    } else if name == SHIFT_LEFT {
        if !(0..63).contains(&y) {
            return None;
        }
        let r = x << y;
        (r >> y == x).then_some(r)
    } else if name == BIT_AND {
        Some(x & y)
    } else if name == BIT_OR {
        Some(x | y)
    } else if name == XOR {
        Some(x ^ y)
    } else {
        None
    }
}

/// Small-integer unary functions, as `int_binary`.
#[inline]
fn int_unary(name: Atom, x: i64) -> Option<i64> {
    use crate::term::atoms::*;
    if name == MINUS {
        x.checked_neg()
    } else if name == ABS {
        x.checked_abs()
    } else if name == SIGN {
        Some(x.signum())
    } else if name == PLUS {
        Some(x)
    } else {
        None
    }
}

impl Machine {
    /// The number a register holds, evaluating it when it is an expression.
    fn reg_number(&self, r: Reg) -> Res<Number> {
        let c = self.store.deref(self.get_reg(r));
        match c.tag() {
            tag::INT => Ok(Number::Int(c.get_int())),
            tag::REF => Err(instantiation_error()),
            _ => match number_of(&self.store, c) {
                Some(n) => Ok(n),
                None => eval_for(&self.store, c, "is", 2),
            },
        }
    }

    /// Small-integer evaluation on a fixed stack, without allocating; None
    /// when anything else is met (then the general evaluator runs).
    #[inline]
    fn eval_small(&self, code: &[AOp]) -> Option<i64> {
        let mut stack = [0i64; 16];
        let mut sp = 0usize;
        for op in code {
            match op {
                AOp::Reg(r) => {
                    let c = self.store.deref(self.get_reg(*r));
                    if c.tag() != tag::INT || sp == stack.len() {
                        return None;
                    }
                    stack[sp] = c.get_int();
                    sp += 1;
                }
                AOp::Int(i) => {
                    if sp == stack.len() {
                        return None;
                    }
                    stack[sp] = *i;
                    sp += 1;
                }
                AOp::Add | AOp::Sub | AOp::Mul => {
                    let (x, y) = (stack[sp - 1], stack[sp - 2]);
                    sp -= 1;
                    stack[sp - 1] = match op {
                        AOp::Add => x.checked_add(y)?,
                        AOp::Sub => x.checked_sub(y)?,
                        _ => x.checked_mul(y)?,
                    };
                }
                AOp::Apply(name, 2) => {
                    let (x, y) = (stack[sp - 1], stack[sp - 2]);
                    sp -= 1;
                    stack[sp - 1] = int_binary(*name, x, y)?;
                }
                AOp::Apply(name, 1) => {
                    let x = stack[sp - 1];
                    stack[sp - 1] = int_unary(*name, x)?;
                }
                AOp::Num(_) | AOp::Apply(..) => return None,
            }
        }
        (sp == 1).then_some(stack[0])
    }

    /// The small integer value of an operand, if it has one.
    #[inline(always)]
    fn operand(&self, o: Operand) -> Option<i64> {
        match o {
            Operand::Int(i) => Some(i),
            Operand::Reg(r) => {
                let c = self.store.deref(self.get_reg(r));
                (c.tag() == tag::INT).then(|| c.get_int())
            }
        }
    }

    /// The small integer value of one side of a compiled goal (its shape
    /// and its code), if it has one.
    #[inline(always)]
    fn eval_side(&self, quick: Quick, code: &[AOp]) -> Option<i64> {
        match quick {
            Quick::Mul(a, b) => self.operand(a)?.checked_mul(self.operand(b)?),
            Quick::Apply(name, a, b) => int_binary(name, self.operand(a)?, self.operand(b)?),
            Quick::Other => self.eval_small(code),
            Quick::Leaf(_) | Quick::Add(..) | Quick::Sub(..) => self.quick_side(quick),
        }
    }

    /// Runs postfix arithmetic code and returns its value.
    fn eval_code(&self, code: &[AOp]) -> Res<Number> {
        if let Some(i) = self.eval_small(code) {
            return Ok(Number::Int(i));
        }
        let mut stack: Vec<Number> = Vec::with_capacity(8);
        for op in code {
            match op {
                AOp::Reg(r) => stack.push(self.reg_number(*r)?),
                AOp::Int(i) => stack.push(Number::Int(*i)),
                AOp::Num(n) => stack.push(n.clone()),
                AOp::Add | AOp::Sub | AOp::Mul => {
                    // Operands were pushed second first, so the first is on top.
                    let x = stack.pop().expect("operand");
                    let y = stack.pop().expect("operand");
                    let fast = match (&x, &y, op) {
                        (Number::Int(a), Number::Int(b), AOp::Add) => a.checked_add(*b),
                        (Number::Int(a), Number::Int(b), AOp::Sub) => a.checked_sub(*b),
                        (Number::Int(a), Number::Int(b), AOp::Mul) => a.checked_mul(*b),
                        _ => None,
                    };
                    let v = match fast {
                        Some(v) => Number::Int(v),
                        None => {
                            let name = match op {
                                AOp::Add => crate::term::atoms::PLUS,
                                AOp::Sub => crate::term::atoms::MINUS,
                                _ => crate::term::atoms::STAR,
                            };
                            arith_fns::apply2(name, x, y)?
                        }
                    };
                    stack.push(v);
                }
                AOp::Apply(name, arity) => {
                    let v = arith_fns::apply(*name, *arity as usize, &mut stack)?;
                    stack.push(v);
                }
            }
        }
        Ok(stack.pop().expect("arithmetic result"))
    }

    /// The value of integer code over big integers, computed on limbs
    /// (sums and differences by `term::limbs`, products and divisions by
    /// GMP) without building `Number`s: registers and constants that are
    /// integers, `+ - *`, unary minus, and `// rem div mod` by a non-zero
    /// divisor. None for any other code, which the general evaluator runs
    /// (and which raises the errors).
    fn eval_limbs(&mut self, k: u32) -> Option<Cell> {
        let code = &self.db.arith[k as usize].left;
        let supported = |op: &AOp| match op {
            AOp::Reg(_) | AOp::Int(_) | AOp::Add | AOp::Sub | AOp::Mul => true,
            AOp::Apply(name, 1) => *name == crate::term::atoms::MINUS,
            AOp::Apply(name, 2) => arith_fns::division(*name).is_some(),
            _ => false,
        };
        if !code.iter().all(supported) {
            return None;
        }
        let mut stack: Vec<limbs::Owned> = Vec::with_capacity(4);
        for op in code {
            let v = match op {
                AOp::Reg(_) | AOp::Int(_) => {
                    let c = self.limb_operand(op)?;
                    let mut buf = [0u64; 1];
                    limbs::Owned::of(self.signed(c, &mut buf)?)
                }
                AOp::Add | AOp::Sub | AOp::Mul => {
                    // Operands were pushed second first: the first is on top.
                    let x = stack.pop()?;
                    let y = stack.pop()?;
                    match op {
                        AOp::Mul => x.mul(&y),
                        _ => x.add(&y, matches!(op, AOp::Sub)),
                    }
                }
                AOp::Apply(name, 1) if *name == crate::term::atoms::MINUS => stack.pop()?.negated(),
                AOp::Apply(name, 2) => {
                    let division = arith_fns::division(*name)?;
                    let x = stack.pop()?;
                    let y = stack.pop()?;
                    if y.limbs.is_empty() {
                        return None;
                    }
                    x.divide(&y, division)
                }
                _ => return None,
            };
            stack.push(v);
        }
        let [v] = stack.as_slice() else {
            return None;
        };
        Some(self.store.new_limbs(v.negative, &v.limbs))
    }

    /// An operand of `eval_limbs`: a register's value or a small constant.
    fn limb_operand(&self, a: &AOp) -> Option<Cell> {
        match a {
            AOp::Reg(r) => Some(self.store.deref(self.get_reg(*r))),
            AOp::Int(i) if Cell::fits_small(*i) => Some(Cell::small(*i)),
            _ => None,
        }
    }

    /// The limbs of an integer cell (a small one's go in `buf`); None for
    /// anything else.
    fn signed<'a>(&'a self, c: Cell, buf: &'a mut [u64; 1]) -> Option<limbs::Signed<'a>> {
        match c.tag() {
            tag::INT => Some(limbs::Signed::of_int(c.get_int(), buf)),
            tag::BOX if matches!(self.store.view(c), crate::term::View::BigInt(_)) => {
                Some(self.store.big_limbs(c))
            }
            _ => None,
        }
    }

    /// Compiled arithmetic goal `k` when it is a common one on small
    /// integers (`N1 is N - 1` into a new variable, `X < Y + 1`), straight
    /// from the registers and inline in the run loop: its success, or None
    /// for `arith_goal` to run it (other shapes and values, errors).
    #[inline(always)]
    pub(crate) fn arith_quick(&mut self, k: u32) -> Option<bool> {
        let goal = &self.db.arith[k as usize];
        match goal.kind {
            ArithKind::Is { dst, first: true } => {
                let i = self.quick_side(goal.quick[0])?;
                if !Cell::fits_small(i) {
                    return None;
                }
                self.set_reg(dst, Cell::small(i));
                Some(true)
            }
            ArithKind::Cmp(op) => {
                let (left, right) = (goal.quick[0], goal.quick[1]);
                let (x, y) = (self.quick_side(left)?, self.quick_side(right)?);
                Some(op.holds(Some(x.cmp(&y))))
            }
            ArithKind::Is { .. } => None,
        }
    }

    /// The value of a side of the shapes `arith_quick` takes (a leaf, a sum,
    /// a difference), if it is a small integer.
    #[inline(always)]
    fn quick_side(&self, quick: Quick) -> Option<i64> {
        match quick {
            Quick::Leaf(a) => self.operand(a),
            Quick::Add(a, b) => self.operand(a)?.checked_add(self.operand(b)?),
            Quick::Sub(a, b) => self.operand(a)?.checked_sub(self.operand(b)?),
            _ => None,
        }
    }

    /// Runs compiled arithmetic goal `k`.
    pub(crate) fn arith_goal(&mut self, k: u32) -> Res {
        let goal = &self.db.arith[k as usize];
        self.current_builtin = goal.pred;
        match goal.kind {
            ArithKind::Is { dst, first } => {
                // Small integers stay in registers (no `Number` through memory).
                let c = match self.eval_side(goal.quick[0], &goal.left) {
                    Some(i) if Cell::fits_small(i) => Cell::small(i),
                    _ => match self.eval_limbs(k) {
                        Some(c) => c,
                        None => match self.eval_code(&self.db.arith[k as usize].left) {
                            Ok(Number::Int(i)) if Cell::fits_small(i) => Cell::small(i),
                            Ok(n) => crate::builtins::arith::number_cell(&mut self.store, &n),
                            Err(e) => return Err(self.arith_error(e, k, true)),
                        },
                    },
                };
                if first {
                    self.set_reg(dst, c);
                    Ok(true)
                } else {
                    let v = self.get_reg(dst);
                    Ok(self.unify(v, c))
                }
            }
            ArithKind::Cmp(op) => {
                if let (Some(x), Some(y)) = (
                    self.eval_side(goal.quick[0], &goal.left),
                    self.eval_side(goal.quick[1], &goal.right),
                ) {
                    return Ok(op.holds(Some(x.cmp(&y))));
                }
                // Like SWI, the left side is evaluated first.
                let a = match self.eval_code(&goal.left) {
                    Ok(a) => a,
                    Err(e) => return Err(self.arith_error(e, k, true)),
                };
                let goal = &self.db.arith[k as usize];
                let b = match self.eval_code(&goal.right) {
                    Ok(b) => b,
                    Err(e) => return Err(self.arith_error(e, k, false)),
                };
                let o = match (&a, &b) {
                    (Number::Int(x), Number::Int(y)) => Some(x.cmp(y)),
                    _ => num_partial_cmp(&a, &b),
                };
                Ok(op.holds(o))
            }
        }
    }

    /// Completes an error of compiled arithmetic goal `k` (its left side or
    /// its right): a cyclic value names, as in SWI, the whole side as written
    /// (`S_1+1` for `Y is X+1` with `X = f(X)`), rebuilt from the code.
    fn arith_error(&mut self, e: PlError, k: u32, left: bool) -> PlError {
        let cyclic = matches!(&e, PlError::Error(error) if matches!(&**error,
            ErrorTerm { formal: Term::Compound(f, a), context: Some(ctx) }
            if f.name() == "type_error" && a[0] == Term::atom("expression")
                && *ctx == message_context("cyclic term")));
        if !cyclic {
            return self.finish_error(e);
        }
        let goal = &self.db.arith[k as usize];
        let code = if left { &goal.left } else { &goal.right }.clone();
        let side = self.code_term(&code);
        let e = cyclic_expression(&self.store, side);
        self.finish_error(e)
    }

    /// The term postfix arithmetic code was compiled from, built on the heap.
    fn code_term(&mut self, code: &[AOp]) -> Cell {
        use crate::term::atoms::{MINUS, PLUS, STAR};
        let mut stack: Vec<Cell> = Vec::new();
        for op in code {
            let (name, arity) = match op {
                AOp::Reg(r) => {
                    stack.push(self.get_reg(*r));
                    continue;
                }
                AOp::Int(i) => {
                    stack.push(self.store.new_int(*i));
                    continue;
                }
                AOp::Num(n) => {
                    let c = crate::builtins::arith::number_cell(&mut self.store, n);
                    stack.push(c);
                    continue;
                }
                AOp::Add => (PLUS, 2),
                AOp::Sub => (MINUS, 2),
                AOp::Mul => (STAR, 2),
                AOp::Apply(name, arity) => (*name, *arity as usize),
            };
            // The first operand is on top.
            let args: Vec<Cell> = (0..arity).map(|_| stack.pop().expect("operand")).collect();
            let c = if arity == 0 {
                Cell::atom(name)
            } else {
                self.store.new_compound(name, &args)
            };
            stack.push(c);
        }
        stack.pop().expect("an expression")
    }
}

#[cfg(test)]
mod tests {
    use super::{AOp, Quick, Reg};
    use crate::machine::{first_binding, Machine};
    use crate::term::{atoms, Term};

    #[test]
    fn common_shapes_are_quick_and_others_keep_their_code() {
        let (n, one) = (AOp::Reg(Reg::X(0)), AOp::Int(1));
        // `N - 1` is pushed `1, N, -`.
        assert!(matches!(
            Quick::of(&[one.clone(), n.clone(), AOp::Sub]),
            Quick::Sub(..)
        ));
        assert!(matches!(
            Quick::of(std::slice::from_ref(&n)),
            Quick::Leaf(_)
        ));
        assert!(matches!(
            Quick::of(&[one.clone(), n.clone(), AOp::Apply(atoms::MOD, 2)]),
            Quick::Apply(..)
        ));
        assert!(matches!(
            Quick::of(&[one.clone(), n.clone(), AOp::Add, one, AOp::Add]),
            Quick::Other
        ));
        assert!(matches!(
            Quick::of(&[AOp::Apply(atoms::MOD, 0)]),
            Quick::Other
        ));
    }

    #[test]
    fn quick_shapes_overflow_into_big_integers() {
        let mut m = Machine::new();
        m.consult_str("inc(X, Y) :- Y is X + 1.\nlt(X, Y) :- X - 1 < Y.\n", "t")
            .unwrap();
        let y = first_binding(&mut m, "inc(9223372036854775807, Y)", "Y");
        assert_eq!(y, Term::BigInt(num_bigint::BigInt::from(i64::MAX) + 1));
        let ok = first_binding(
            &mut m,
            "(lt(-9223372036854775808, -9223372036854775809) -> R = yes ; R = no)",
            "R",
        );
        assert_eq!(ok, Term::atom("no"));
    }
}
