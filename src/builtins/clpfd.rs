//! The bridge between Prolog and the CLP(FD) engine (`src/clpfd/`): the
//! builtins behind `src/library/clpfd.pl`.
//!
//! A constrained Prolog variable is an attributed variable whose attribute
//! `clpfd` is the number of its engine variable; the engine variable keeps
//! (a reference to) the Prolog variable, so that a check in both
//! directions tells a live connection from a stale copy (a copied attribute
//! names an engine variable that belongs to another Prolog variable: the
//! copy starts unconstrained). Every builtin that changes the engine first
//! records the engine's trail mark on the machine's trail
//! (`Machine::fd_checkpoint`), so Prolog backtracking undoes its changes.
//!
//! Posting a constraint decomposes it the way SWI-Prolog does (see
//! `post`): the propagators, their strength and the order in which
//! variables are first constrained match SWI's, so that labeling picks the
//! same variables and the residual goals come out the same.

use crate::builtins::arith::{number_cell, Number};
use crate::builtins::attvar::{attr_of, set_attr};
use crate::builtins::terms::{culprit, list_arg};
use crate::clpfd::arith::{Arith, DivKind, ModKind};
use crate::clpfd::props::{Arg, Rel};
use crate::clpfd::reif::{BoolOp, Reif, Rel2};
use crate::clpfd::{Domain, Prop, Val, VarId, INF, SUP};
use crate::machine::error::{domain_error, instantiation_error, type_error, PlError, Res};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{atoms, Atom, Cell, Term, View};

/// The builtin `f` with its errors' context left unbound.
macro_rules! bare {
    ($f:ident) => {{
        fn wrapped(m: &mut Machine, a: &[Cell]) -> Res {
            $f(m, a).map_err(|e| e.with_context(Term::Var(0)))
        }
        wrapped
    }};
}
pub(crate) use bare;

/// Builtins of this family. Their errors carry no context, as SWI's
/// library(clpfd) raises them (`error(Formal, _)`).
pub const CLPFD_BUILTINS: BuiltinTable = &[
    ("$fd_post", 3, Builtin::Det(bare!(fd_post))),
    ("$fd_in", 2, Builtin::Det(bare!(fd_in))),
    ("$fd_reified", 3, Builtin::Det(bare!(fd_reified))),
    (
        "$fd_all_different",
        1,
        Builtin::Det(bare!(fd_all_different)),
    ),
    ("$fd_all_distinct", 1, Builtin::Det(bare!(fd_all_distinct))),
    ("$fd_element", 3, Builtin::Det(bare!(fd_element))),
    (
        "$fd_scalar_product",
        4,
        Builtin::Det(bare!(fd_scalar_product)),
    ),
    ("$fd_unified", 2, Builtin::Det(bare!(fd_unified))),
    ("$fd_var", 1, Builtin::Det(bare!(fd_var))),
    ("$fd_dom", 2, Builtin::Det(bare!(fd_dom))),
    ("$fd_size", 2, Builtin::Det(bare!(fd_size))),
    ("$fd_inf", 2, Builtin::Det(bare!(fd_inf))),
    ("$fd_sup", 2, Builtin::Det(bare!(fd_sup))),
    ("$fd_degree", 2, Builtin::Det(bare!(fd_degree))),
    ("$fd_goals", 2, Builtin::Det(bare!(fd_goals))),
    ("$fd_select", 4, Builtin::Det(bare!(fd_select))),
    ("$fd_first_value", 3, Builtin::Det(bare!(fd_first_value))),
    ("$fd_remove_value", 2, Builtin::Det(bare!(fd_remove_value))),
    ("$fd_values", 3, Builtin::Det(bare!(fd_values))),
];

fn clpfd_atom() -> Atom {
    Atom::new("clpfd")
}

/// The engine variable of the Prolog variable `v` (dereferenced), if it
/// has a live one.
fn engine_var(m: &Machine, v: Cell) -> Option<VarId> {
    let attr = attr_of(m, v, clpfd_atom())?;
    let View::Int(id) = m.store.view(attr) else {
        return None;
    };
    let id = u32::try_from(id).ok()?;
    ((id as usize) < m.fd.var_count() && m.deref(m.fd.var(id).tag) == v).then_some(id)
}

/// The engine variable of the Prolog variable `v`, made now if it has none.
pub(crate) fn fd_var_of(m: &mut Machine, v: Cell) -> VarId {
    if let Some(id) = engine_var(m, v) {
        return id;
    }
    let id = m.fd.new_var(Domain::full(), v);
    set_attr(m, v, clpfd_atom(), Cell::small(id as i64));
    // The attributed variable may be a new cell: the engine keeps that one.
    let v2 = m.deref(v);
    if v2 != v {
        m.fd.set_tag(id, v2);
    }
    id
}

/// A term that must be an integer or a variable, as an engine argument.
pub(crate) fn int_or_var(m: &mut Machine, c: Cell) -> Result<Arg, PlError> {
    let d = m.deref(c);
    if let Some(i) = int_val(m, d) {
        return Ok(Arg::Int(i));
    }
    match m.store.view(d) {
        View::Var(_) => Ok(Arg::Var(fd_var_of(m, d))),
        _ => Err(type_error("integer", culprit(m, d))),
    }
}

/// A linear sum being collected: the terms in order of first appearance.
#[derive(Default, Debug)]
struct Lin {
    terms: Vec<(Cell, Val)>,
    c: Val,
}

impl Lin {
    /// Adds `k·v`.
    fn add(&mut self, v: Cell, k: Val) {
        match self.terms.iter_mut().find(|t| t.0 == v) {
            Some(t) => t.1 += k,
            None => self.terms.push((v, k)),
        }
    }
}

/// The integer term `c` as an engine value: None for another term.
pub(crate) fn int_val(m: &Machine, c: Cell) -> Option<Val> {
    match m.store.view(m.deref(c)) {
        View::Int(i) => Some(Val::int(i)),
        View::BigInt(b) => Some(Val::from_big(&m.store.bigint(b))),
        _ => None,
    }
}

/// An integer cell for `x` (boxed beyond the small range).
pub(crate) fn val_cell(m: &mut Machine, x: Val) -> Cell {
    match x.to_i64() {
        Some(i) => m.store.new_int(i),
        None => number_cell(&mut m.store, &Number::from_big(x.big())),
    }
}

/// What an expression is at the top: a variable, an integer, or an
/// operation on subterms.
enum Expr {
    Var(Cell),
    Int(Val),
    Op(Atom, Vec<Cell>),
}

fn expr(m: &Machine, c: Cell) -> Result<Expr, PlError> {
    let d = m.deref(c);
    if let Some(i) = int_val(m, d) {
        return Ok(Expr::Int(i));
    }
    match m.store.view(d) {
        View::Var(_) => Ok(Expr::Var(d)),
        View::Compound(f, n, first) => {
            let args: Vec<Cell> = (0..n).map(|i| m.store.heap[first + i]).collect();
            if f.name() == "?" && n == 1 {
                return expr(m, args[0]);
            }
            Ok(Expr::Op(f, args))
        }
        _ => Err(domain_error("clpfd_expression", culprit(m, d))),
    }
}

/// Collects `k * c` into `lin`; false when `c` is not linear.
fn linsum(m: &Machine, c: Cell, k: Val, lin: &mut Lin) -> bool {
    let Ok(e) = expr(m, c) else {
        return false;
    };
    match e {
        Expr::Var(v) => {
            lin.add(v, k);
            true
        }
        Expr::Int(i) => {
            lin.c += k * i;
            true
        }
        Expr::Op(f, a) => match (f.name(), a.len()) {
            ("+", 2) => linsum(m, a[0], k, lin) && linsum(m, a[1], k, lin),
            ("-", 2) => linsum(m, a[0], k, lin) && linsum(m, a[1], -k, lin),
            ("-", 1) => linsum(m, a[0], -k, lin),
            ("*", 2) => match (int_val(m, a[0]), int_val(m, a[1])) {
                (Some(i), _) => linsum(m, a[1], k * i, lin),
                (_, Some(i)) => linsum(m, a[0], k * i, lin),
                _ => false,
            },
            _ => false,
        },
    }
}

/// The constraint being posted: decomposition into propagators.
pub(crate) struct Poster<'m> {
    pub(crate) m: &'m mut Machine,
    /// Posting sum/3 or scalar_product/4: a linear inequality stays one
    /// sum, as SWI's scalar_product_/4 keeps it (`5#=<X+Y`), without the
    /// auxiliary variable of `X+Y #>= 5`.
    sums: bool,
    /// Inside a reified comparison: the definedness (0/1) of each partial
    /// function posted (`X // Y` is defined when `Y #\= 0`), which the
    /// comparison's truth value requires, as SWI reifies them.
    guards: Option<Vec<Arg>>,
}

/// A simple argument of a pattern: a variable or an integer.
fn simple(m: &Machine, c: Cell) -> bool {
    matches!(expr(m, c), Ok(Expr::Var(_) | Expr::Int(_)))
}

/// The operator and arguments of a binary (or unary) expression.
fn op_args(m: &Machine, c: Cell) -> Option<(&'static str, Vec<Cell>)> {
    match expr(m, c) {
        Ok(Expr::Op(f, a)) => {
            let name: &'static str = match (f.name(), a.len()) {
                ("+", 2) => "+",
                ("-", 2) => "-",
                ("-", 1) => "neg",
                ("*", 2) => "*",
                _ => return None,
            };
            Some((name, a))
        }
        _ => None,
    }
}

/// The argument of `abs(E)`.
fn abs_of(m: &Machine, c: Cell) -> Option<Cell> {
    match expr(m, c) {
        Ok(Expr::Op(f, a)) if f.name() == "abs" && a.len() == 1 => Some(a[0]),
        _ => None,
    }
}

/// `A` and `B` of `abs(A - B)` with simple `A` and `B`.
fn abs_diff_of(m: &Machine, c: Cell) -> Option<(Cell, Cell)> {
    match op_args(m, abs_of(m, c)?) {
        Some(("-", a)) if simple(m, a[0]) && simple(m, a[1]) => Some((a[0], a[1])),
        _ => None,
    }
}

/// The integer of an expression that is one.
fn int_of(m: &Machine, c: Cell) -> Option<Val> {
    match expr(m, c) {
        Ok(Expr::Int(i)) => Some(i),
        _ => None,
    }
}

impl Poster<'_> {
    fn arg(&mut self, c: Cell) -> Result<Arg, PlError> {
        match expr(self.m, c)? {
            Expr::Var(v) => Ok(Arg::Var(fd_var_of(self.m, v))),
            Expr::Int(i) => Ok(Arg::Int(i)),
            Expr::Op(..) => self.decompose(c, None),
        }
    }

    /// A fresh auxiliary variable.
    fn aux(&mut self) -> Arg {
        let v = self.m.store.new_var();
        let id = fd_var_of(self.m, v);
        self.m.fd.mark_aux(id);
        Arg::Var(id)
    }

    /// A new auxiliary 0/1 variable.
    fn bool_aux(&mut self) -> Arg {
        let b = self.aux();
        if let Arg::Var(v) = b {
            let _ = self.m.fd.clamp(v, Val::ZERO, Val::ONE);
        }
        b
    }

    pub(crate) fn post(&mut self, p: Prop) {
        let vars = p.vars();
        self.m.fd.post(p, &vars);
    }

    /// `result = value` for an argument: binds or narrows.
    fn equate(&mut self, a: Arg, b: Arg) -> Result<bool, PlError> {
        match (a, b) {
            (Arg::Int(x), Arg::Int(y)) => Ok(x == y),
            (Arg::Var(v), Arg::Int(i)) | (Arg::Int(i), Arg::Var(v)) => {
                Ok(self.m.fd.assign(v, i).is_ok())
            }
            (Arg::Var(x), Arg::Var(y)) => {
                let (cx, cy) = (self.m.fd.var(x).tag, self.m.fd.var(y).tag);
                Ok(self.m.unify(cx, cy))
            }
        }
    }

    /// The result argument of a decomposition: the given term, else a
    /// fresh auxiliary variable (made after the operands, as SWI does).
    fn result(&mut self, result: Option<Cell>) -> Result<Arg, PlError> {
        match result {
            Some(r) => self.arg(r),
            None => Ok(self.aux()),
        }
    }

    /// The value of expression `c` as an argument, with `result` (a
    /// variable or an integer) its result when given (SWI's parse_clpfd/2).
    fn decompose(&mut self, c: Cell, result: Option<Cell>) -> Result<Arg, PlError> {
        let e = expr(self.m, c)?;
        let (f, a) = match e {
            Expr::Var(_) | Expr::Int(_) => {
                let x = self.arg(c)?;
                if let Some(r) = result {
                    let r = self.arg(r)?;
                    if !self.equate(x, r)? {
                        return Err(FAILED.clone());
                    }
                }
                return Ok(x);
            }
            Expr::Op(f, a) => (f, a),
        };
        let bin = |p: &mut Self, make: fn(Arg, Arg, Arg) -> Prop| -> Result<Arg, PlError> {
            let x = p.arg(a[0])?;
            let y = p.arg(a[1])?;
            let r = p.result(result)?;
            p.post(make(x, y, r));
            Ok(r)
        };
        // A division or remainder: under a reified comparison, guarded by
        // its divisor's definedness.
        let partial = |p: &mut Self, make: fn(Arg, Arg, Arg) -> Prop| -> Result<Arg, PlError> {
            let x = p.arg(a[0])?;
            let y = p.arg(a[1])?;
            let r = p.result(result)?;
            let defined = match (p.guards.is_some(), y) {
                (true, Arg::Int(Val::ZERO)) => Arg::Int(Val::ZERO),
                (true, Arg::Var(_)) => {
                    let d = p.bool_aux();
                    p.post(Prop::Reif(Reif::Rel(Rel2::Ne, y, Arg::Int(Val::ZERO), d)));
                    p.post(Prop::Reif(Reif::Guard(d, Box::new(make(x, y, r)))));
                    d
                }
                // Not reified, or a divisor that is never 0.
                _ => {
                    p.post(make(x, y, r));
                    return Ok(r);
                }
            };
            if let Some(g) = p.guards.as_mut() {
                g.push(defined);
            }
            Ok(r)
        };
        match (f.name(), a.len()) {
            ("+", 2) => bin(self, Prop::Plus),
            // X*X is X^2, as SWI reads it.
            ("*", 2) if matches!(expr(self.m, a[0])?, Expr::Var(v) if v == self.m.deref(a[1])) => {
                bin(self, |x, _, r| {
                    Prop::Arith(Arith::Pow(x, Arg::Int(Val::int(2)), r))
                })
            }
            ("*", 2) => bin(self, Prop::Times),
            ("-", 2) => bin(self, |x, y, r| Prop::Plus(r, y, x)),
            ("-", 1) => {
                let x = self.arg(a[0])?;
                let r = self.result(result)?;
                self.post(Prop::Times(Arg::Int(Val::int(-1)), x, r));
                Ok(r)
            }
            ("abs", 1) => {
                let x = self.arg(a[0])?;
                let r = self.result(result)?;
                self.post(Prop::Arith(Arith::Abs(x, r)));
                Ok(r)
            }
            ("max", 2) | ("min", 2) => {
                // SWI states z >= x, z >= y (z =< both for min) besides the result.
                let is_max = f.name() == "max";
                let x = self.arg(a[0])?;
                let y = self.arg(a[1])?;
                let r = self.result(result)?;
                self.post(Prop::Arith(Arith::MinMax(is_max, x, y, r)));
                for w in [x, y] {
                    self.post(if is_max {
                        Prop::Geq(r, w)
                    } else {
                        Prop::Geq(w, r)
                    });
                }
                Ok(r)
            }
            ("//", 2) => partial(self, |x, y, r| {
                Prop::Arith(Arith::Div(DivKind::Trunc, x, y, r))
            }),
            ("div", 2) => partial(self, |x, y, r| {
                Prop::Arith(Arith::Div(DivKind::Floor, x, y, r))
            }),
            ("mod", 2) => partial(self, |x, y, r| {
                Prop::Arith(Arith::Mod(ModKind::Mod, x, y, r))
            }),
            ("rem", 2) => partial(self, |x, y, r| {
                Prop::Arith(Arith::Mod(ModKind::Rem, x, y, r))
            }),
            ("^", 2) => bin(self, |x, y, r| Prop::Arith(Arith::Pow(x, y, r))),
            _ => Err(domain_error("clpfd_expression", culprit(self.m, c))),
        }
    }

    /// The truth value (a 0/1 argument) of the reifiable expression `c`,
    /// with `result` its truth value when given.
    fn reify(&mut self, c: Cell, result: Option<Arg>) -> Result<Arg, PlError> {
        let d = self.m.deref(c);
        let bad = |m: &Machine| domain_error("clpfd_reifiable_expression", culprit(m, d));
        let truth = |p: &mut Self| -> Arg {
            match result {
                Some(r) => r,
                None => p.bool_aux(),
            }
        };
        let (f, a) = match self.m.store.view(d) {
            View::Var(_) | View::Int(_) => {
                let b = self.arg(d)?;
                b.var()
                    .map(|v| self.m.fd.clamp(v, Val::ZERO, Val::ONE))
                    .transpose()
                    .map_err(|_| FAILED.clone())?;
                if let Some(r) = result {
                    // The truth value becomes the program's variable.
                    if let (Arg::Var(rv), Arg::Var(_)) = (r, b) {
                        self.m.fd.unmark_aux(rv);
                    }
                    if !self.equate(b, r)? {
                        return Err(FAILED.clone());
                    }
                }
                return Ok(b);
            }
            View::Compound(f, n, first) => (
                f,
                (0..n)
                    .map(|i| self.m.store.heap[first + i])
                    .collect::<Vec<_>>(),
            ),
            _ => return Err(bad(self.m)),
        };
        let connective = |name: &str| match name {
            "#/\\" => Some(BoolOp::And),
            "#\\/" => Some(BoolOp::Or),
            "#\\" => Some(BoolOp::Xor),
            "#==>" => Some(BoolOp::Impl),
            "#<==>" => Some(BoolOp::Equiv),
            _ => None,
        };
        match (f.name(), a.len()) {
            ("#\\", 1) => {
                let x = self.reify(a[0], None)?;
                let r = truth(self);
                self.post(Prop::Reif(Reif::Bool(BoolOp::Not, x, x, r)));
                Ok(r)
            }
            ("#<==", 2) => {
                let y = self.reify(a[0], None)?;
                let x = self.reify(a[1], None)?;
                let r = truth(self);
                self.post(Prop::Reif(Reif::Bool(BoolOp::Impl, x, y, r)));
                Ok(r)
            }
            (name, 2) if connective(name).is_some() => {
                let x = self.reify(a[0], None)?;
                let y = self.reify(a[1], None)?;
                let r = truth(self);
                self.post(Prop::Reif(Reif::Bool(
                    connective(name).expect("checked"),
                    x,
                    y,
                    r,
                )));
                Ok(r)
            }
            ("in", 2) => {
                let dom = parse_domain(self.m, a[1])?;
                let r = truth(self);
                let x = self.arg(a[0])?;
                self.post(Prop::Reif(Reif::Rel(
                    Rel2::In(dom),
                    x,
                    Arg::Int(Val::ZERO),
                    r,
                )));
                Ok(r)
            }
            (op @ ("#=" | "#\\=" | "#>=" | "#=<" | "#>" | "#<"), 2) => {
                let one = Cell::small(1);
                // x >= y + 1 for #>, y >= x + 1 for #<, the constant folded.
                let succ = |m: &mut Machine, t: Cell| match m.store.view(t) {
                    View::Int(i) => val_cell(m, Val::int(i) + 1),
                    _ => m.store.new_compound(atoms::PLUS, &[t, one]),
                };
                let (rel, l, r) = match op {
                    "#=" => (Rel2::Eq, a[0], a[1]),
                    "#\\=" => (Rel2::Ne, a[0], a[1]),
                    "#>=" => (Rel2::Geq, a[0], a[1]),
                    "#=<" => (Rel2::Geq, a[1], a[0]),
                    "#>" => {
                        let r1 = succ(self.m, a[1]);
                        (Rel2::Geq, a[0], r1)
                    }
                    _ => {
                        let l1 = succ(self.m, a[0]);
                        (Rel2::Geq, a[1], l1)
                    }
                };
                // The truth value first, then the sides (SWI's order).
                let t = truth(self);
                let outer = self.guards.replace(Vec::new());
                let sides = self
                    .decompose(l, None)
                    .and_then(|x| Ok((x, self.decompose(r, None)?)));
                let guards = std::mem::replace(&mut self.guards, outer).unwrap_or_default();
                let (x, y) = sides?;
                if guards.is_empty() {
                    self.post(Prop::Reif(Reif::Rel(rel, x, y, t)));
                    return Ok(t);
                }
                // True when every partial function is defined and the
                // comparison holds.
                let mut acc = self.bool_aux();
                self.post(Prop::Reif(Reif::Rel(rel, x, y, acc)));
                let n = guards.len();
                for (i, g) in guards.into_iter().enumerate() {
                    let out = if i + 1 == n { t } else { self.bool_aux() };
                    self.post(Prop::Reif(Reif::Bool(BoolOp::And, g, acc, out)));
                    acc = out;
                }
                Ok(t)
            }
            _ => Err(bad(self.m)),
        }
    }

    /// `l #= r`.
    fn eq(&mut self, l: Cell, r: Cell) -> Result<(), PlError> {
        let (el, er) = (expr(self.m, l)?, expr(self.m, r)?);
        // Unification of two variables.
        if let (Expr::Var(x), Expr::Var(y)) = (&el, &er) {
            fd_var_of(self.m, *x);
            if !self.m.unify(*x, *y) {
                return Err(FAILED.clone());
            }
            return Ok(());
        }
        if let Some(done) = self.abs_value(l, r)? {
            return Ok(done);
        }
        // var #= ?+?, ?-?, ?*?, -var; and the mirror images.
        for (res, exp) in [(l, r), (r, l)] {
            if !simple(self.m, res) {
                continue;
            }
            if let Some((op, a)) = op_args(self.m, exp) {
                let ok = match op {
                    "neg" => matches!(expr(self.m, a[0])?, Expr::Var(_)),
                    _ => simple(self.m, a[0]) && simple(self.m, a[1]),
                };
                if ok {
                    self.decompose(exp, Some(res))?;
                    return Ok(());
                }
            }
        }
        let mut lin = Lin::default();
        if linsum(self.m, l, Val::ONE, &mut lin) && linsum(self.m, r, Val::MINUS_ONE, &mut lin) {
            lin.terms.retain(|t| t.1 != 0);
            let c = -lin.c;
            return self.linear(lin.terms, Rel::Eq, c);
        }
        if let Expr::Var(_) = el {
            self.decompose(r, Some(l))?;
        } else if let Expr::Var(_) = er {
            self.decompose(l, Some(r))?;
        } else {
            let x = self.decompose(l, None)?;
            let xc = arg_cell(self.m, x);
            self.decompose(r, Some(xc))?;
        }
        Ok(())
    }

    /// `Σ k·v (rel) c` for a linear constraint.
    fn linear(&mut self, mut terms: Vec<(Cell, Val)>, rel: Rel, mut c: Val) -> Result<(), PlError> {
        if rel == Rel::Eq && !terms.is_empty() {
            // Divided by the gcd of the coefficients (which must divide c).
            let g = terms.iter().fold(Val::ZERO, |g, t| g.gcd(t.1));
            if !c.is_multiple_of(g) {
                return Err(FAILED.clone());
            }
            terms.iter_mut().for_each(|t| t.1 = t.1.div_trunc(g));
            c = c.div_trunc(g);
        }
        self.linear_shapes(terms, rel, c)
    }

    /// `Σ k·v (rel) c` as one `Linear` propagator (with SWI's multiples
    /// for a sum equal to 0).
    fn post_linear(&mut self, terms: &[(Cell, Val)], rel: Rel, c: Val) -> Result<(), PlError> {
        let mut ts = Vec::with_capacity(terms.len());
        for &(v, k) in terms {
            ts.push((k, fd_var_of(self.m, v)));
        }
        self.post(Prop::Linear {
            terms: ts.clone(),
            rel,
            c,
        });
        if rel == Rel::Eq && c == 0 {
            self.multiples(&ts);
        }
        Ok(())
    }

    /// `linear` after the gcd: the special shapes SWI posts as their own
    /// propagators, else one `Linear` propagator.
    fn linear_shapes(&mut self, terms: Vec<(Cell, Val)>, rel: Rel, c: Val) -> Result<(), PlError> {
        match (terms.as_slice(), rel) {
            ([], Rel::Eq) if c == 0 => Ok(()),
            ([], Rel::Le) if c >= 0 => Ok(()),
            ([], Rel::Ne) if c != 0 => Ok(()),
            ([], _) => Err(FAILED.clone()),
            ([(v, k)], Rel::Eq) => {
                if !c.is_multiple_of(*k) {
                    return Err(FAILED.clone());
                }
                let x = Arg::Var(fd_var_of(self.m, *v));
                if self.equate(x, Arg::Int(c.div_trunc(*k)))? {
                    Ok(())
                } else {
                    Err(FAILED.clone())
                }
            }
            ([(v, k)], Rel::Ne) if k.abs() == 1 => {
                let x = fd_var_of(self.m, *v);
                self.m.fd.remove(x, c * *k).map_err(|_| FAILED.clone())
            }
            ([(v, k)], Rel::Ne) => {
                // k*v = Aux, Aux =\= c.
                let x = self.arg(*v)?;
                let aux = self.aux();
                self.post(Prop::Times(Arg::Int(*k), x, aux));
                let Arg::Var(a) = aux else {
                    unreachable!("aux is a variable")
                };
                self.m.fd.remove(a, c).map_err(|_| FAILED.clone())
            }
            ([(a, Val::ONE), (b, Val::MINUS_ONE)], Rel::Ne)
            | ([(b, Val::MINUS_ONE), (a, Val::ONE)], Rel::Ne) => {
                // a - b =\= c: a =\= b + c.
                let x = self.arg(*a)?;
                let y = self.arg(*b)?;
                self.post(Prop::NeqPlus(x, y, c));
                Ok(())
            }
            ([(v, Val::ONE)], Rel::Le) => {
                let x = fd_var_of(self.m, *v);
                self.m.fd.clamp(x, INF, c).map_err(|_| FAILED.clone())
            }
            ([(v, Val::MINUS_ONE)], Rel::Le) => {
                let x = fd_var_of(self.m, *v);
                self.m.fd.clamp(x, -c, SUP).map_err(|_| FAILED.clone())
            }
            ([_, _], Rel::Eq) if terms.iter().all(|t| t.1.abs() == 1) => {
                let (a, ka) = terms[0];
                let (b, kb) = terms[1];
                if ka == kb {
                    // a + b = c (or -c): SWI's pplus/3.
                    let c = if ka == 1 { c } else { -c };
                    let x = self.arg(a)?;
                    let y = self.arg(b)?;
                    self.post(Prop::Plus(x, y, Arg::Int(c)));
                    return Ok(());
                }
                // p - n = c: p = c + n.
                let (p, n) = if ka == 1 { (a, b) } else { (b, a) };
                if c == 0 {
                    return self.eq(p, n);
                }
                let y = self.arg(n)?;
                let x = self.arg(p)?;
                self.post(Prop::Plus(Arg::Int(c), y, x));
                Ok(())
            }
            ([(a, Val::ONE), (b, Val::MINUS_ONE)], Rel::Le)
            | ([(b, Val::MINUS_ONE), (a, Val::ONE)], Rel::Le)
                if !self.sums =>
            {
                // a - b =< c: a =< b + c (b >= a when c = 0).
                let x = self.arg(*a)?;
                let y = self.arg(*b)?;
                self.post(if c == 0 {
                    Prop::Geq(y, x)
                } else {
                    Prop::LeqPlus(x, y, c)
                });
                Ok(())
            }
            ([(a, Val::ONE), (b, Val::ONE)], Rel::Le)
            | ([(a, Val::MINUS_ONE), (b, Val::MINUS_ONE)], Rel::Le)
                if !self.sums =>
            {
                // a + b = Aux with Aux =< c (or >= -c); Aux made first.
                let neg = terms[0].1 == -1;
                let s = self.aux();
                let Arg::Var(sv) = s else {
                    unreachable!("aux is a variable")
                };
                let r = if neg {
                    self.m.fd.clamp(sv, -c, SUP)
                } else {
                    self.m.fd.clamp(sv, INF, c)
                };
                r.map_err(|_| FAILED.clone())?;
                let x = self.arg(*a)?;
                let y = self.arg(*b)?;
                self.post(Prop::Plus(x, y, s));
                Ok(())
            }
            _ => self.post_linear(&terms, rel, c),
        }
    }

    /// For `Σ k·v = 0`: a variable whose coefficient shares no factor with
    /// the gcd `g` of the others' is a multiple of `g`; SWI states that as
    /// `g*Aux #= v`.
    fn multiples(&mut self, ts: &[(Val, VarId)]) {
        for (i, &(k, v)) in ts.iter().enumerate() {
            let g = ts
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(Val::ZERO, |g, (_, t)| g.gcd(t.0));
            let step = g.div_trunc(k.gcd(g).max(Val::ONE));
            if step > 1 {
                let aux = self.aux();
                self.post(Prop::Times(Arg::Int(step), aux, Arg::Var(v)));
            }
        }
    }

    /// `l #>= r`.
    fn geq(&mut self, l: Cell, r: Cell) -> Result<(), PlError> {
        let (el, er) = (expr(self.m, l)?, expr(self.m, r)?);
        match (&el, &er) {
            (Expr::Var(_), Expr::Var(_)) => {
                let x = self.arg(l)?;
                let y = self.arg(r)?;
                self.post(Prop::Geq(x, y));
                return Ok(());
            }
            (Expr::Var(v), Expr::Int(i)) => {
                let x = fd_var_of(self.m, *v);
                return self.m.fd.clamp(x, *i, SUP).map_err(|_| FAILED.clone());
            }
            (Expr::Int(i), Expr::Var(v)) => {
                let x = fd_var_of(self.m, *v);
                return self.m.fd.clamp(x, INF, *i).map_err(|_| FAILED.clone());
            }
            _ => {}
        }
        if let Some(done) = self.abs_bound(l, r)? {
            return Ok(done);
        }
        let mut lin = Lin::default();
        if linsum(self.m, r, Val::ONE, &mut lin) && linsum(self.m, l, Val::MINUS_ONE, &mut lin) {
            lin.terms.retain(|t| t.1 != 0);
            let c = -lin.c;
            return self.linear(lin.terms, Rel::Le, c);
        }
        let x = self.decompose(l, None)?;
        let y = self.decompose(r, None)?;
        match (x, y) {
            (Arg::Var(v), Arg::Int(i)) => self.m.fd.clamp(v, i, SUP).map_err(|_| FAILED.clone()),
            (Arg::Int(i), Arg::Var(v)) => self.m.fd.clamp(v, INF, i).map_err(|_| FAILED.clone()),
            _ => {
                self.post(Prop::Geq(x, y));
                Ok(())
            }
        }
    }

    /// `l #>= r` where one side is `abs(E)` and the other an integer, as
    /// SWI posts it: `abs(A-B) #>= C` is absdiff_geq, `abs(X) #>= C` takes
    /// the values nearer to 0 than C from X, `C #>= abs(E)` narrows E to
    /// `-C..C`. None for other constraints.
    fn abs_bound(&mut self, l: Cell, r: Cell) -> Result<Option<()>, PlError> {
        if let (Some(c), Some(e)) = (int_of(self.m, r), abs_of(self.m, l)) {
            if let Some((a, b)) = abs_diff_of(self.m, l) {
                if c > 0 {
                    let (x, y) = (self.arg(a)?, self.arg(b)?);
                    self.post(Prop::AbsDiffGeq(x, y, c));
                }
                return Ok(Some(()));
            }
            if let Expr::Var(v) = expr(self.m, e)? {
                let x = fd_var_of(self.m, v);
                if c > 0 {
                    let gap = Domain::range(-c + 1, c - 1).complement();
                    self.m.fd.restrict(x, &gap).map_err(|_| FAILED.clone())?;
                }
                return Ok(Some(()));
            }
        }
        if let (Some(c), Some(e)) = (int_of(self.m, l), abs_of(self.m, r)) {
            let x = self.decompose(e, None)?;
            let within = Domain::range(-c, c);
            x.restrict(&mut self.m.fd, &within)
                .map_err(|_| FAILED.clone())?;
            return Ok(Some(()));
        }
        Ok(None)
    }

    /// `abs(E) #= C` for an integer C, as SWI posts it: E is narrowed to
    /// `-C \/ C` (`E #= 0` when C is 0). None for other constraints.
    fn abs_value(&mut self, l: Cell, r: Cell) -> Result<Option<()>, PlError> {
        for (p, q) in [(l, r), (r, l)] {
            if let (Some(c), Some(e)) = (int_of(self.m, q), abs_of(self.m, p)) {
                if c < 0 {
                    return Err(FAILED.clone());
                }
                if c == 0 {
                    return self.eq(e, q).map(Some);
                }
                let x = self.decompose(e, None)?;
                let values = Domain::from_values([-c, c]);
                x.restrict(&mut self.m.fd, &values)
                    .map_err(|_| FAILED.clone())?;
                return Ok(Some(()));
            }
        }
        Ok(None)
    }

    /// `l #\= r`.
    fn neq(&mut self, l: Cell, r: Cell) -> Result<(), PlError> {
        let (el, er) = (expr(self.m, l)?, expr(self.m, r)?);
        match (&el, &er) {
            (Expr::Var(_), Expr::Var(_)) => {
                let x = self.arg(l)?;
                let y = self.arg(r)?;
                self.post(Prop::NeqPlus(x, y, Val::ZERO));
                return Ok(());
            }
            (Expr::Var(v), Expr::Int(i)) | (Expr::Int(i), Expr::Var(v)) => {
                let x = fd_var_of(self.m, *v);
                return self.m.fd.remove(x, *i).map_err(|_| FAILED.clone());
            }
            _ => {}
        }
        // abs(A-B) #\= C: SWI's absdiff_neq.
        for (p, e) in [(l, r), (r, l)] {
            if let (Some(c), Some((a, b))) = (int_of(self.m, p), abs_diff_of(self.m, e)) {
                if c >= 0 {
                    let (x, y) = (self.arg(a)?, self.arg(b)?);
                    self.post(Prop::AbsDiffNeq(x, y, c));
                }
                return Ok(());
            }
        }
        // p #\= a+b and p #\= a-b (as p+b #\= a) for simple arguments.
        for (p, e) in [(l, r), (r, l)] {
            if !simple(self.m, p) {
                continue;
            }
            if let Some((op, a)) = op_args(self.m, e) {
                if (op == "+" || op == "-") && simple(self.m, a[0]) && simple(self.m, a[1]) {
                    let (x, y, z) = if op == "+" {
                        (p, a[0], a[1])
                    } else {
                        (a[0], p, a[1])
                    };
                    let (x, y, z) = (self.arg(x)?, self.arg(y)?, self.arg(z)?);
                    self.post(Prop::NeqSum(x, y, z));
                    return Ok(());
                }
            }
        }
        let mut lin = Lin::default();
        if linsum(self.m, l, Val::ONE, &mut lin) && linsum(self.m, r, Val::MINUS_ONE, &mut lin) {
            lin.terms.retain(|t| t.1 != 0);
            let c = -lin.c;
            return self.linear(lin.terms, Rel::Ne, c);
        }
        // Non-linear: p #\= a+b keeps the sum; else both sides decomposed.
        for (p, e) in [(l, r), (r, l)] {
            if let Some(("+", a)) = op_args(self.m, e) {
                let both_simple = simple(self.m, a[0]) && simple(self.m, a[1]);
                if simple(self.m, p) || both_simple {
                    let x = if simple(self.m, p) {
                        self.arg(p)?
                    } else {
                        self.decompose(p, None)?
                    };
                    let y = self.decompose(a[0], None)?;
                    let z = self.decompose(a[1], None)?;
                    self.post(Prop::NeqSum(x, y, z));
                    return Ok(());
                }
            }
        }
        let (x, y) = if simple(self.m, l) {
            let y = self.decompose(r, None)?;
            (self.arg(l)?, y)
        } else {
            let x = self.decompose(l, None)?;
            (x, self.decompose(r, None)?)
        };
        match (x, y) {
            (Arg::Var(v), Arg::Int(i)) | (Arg::Int(i), Arg::Var(v)) => {
                self.m.fd.remove(v, i).map_err(|_| FAILED.clone())
            }
            _ => {
                self.post(Prop::NeqPlus(x, y, Val::ZERO));
                Ok(())
            }
        }
    }
}

/// `'$fd_reified'(Op, L, R)`: a Boolean connective at the top (`L #<==> R`,
/// `L #==> R`, `L #<== R`, `L #\/ R`, `L #/\ R`, `L #\ R`); `'$fd_not'(C)`
/// (unary `#\`) is Op `not`.
fn fd_reified(m: &mut Machine, a: &[Cell]) -> Res {
    let op = match m.store.view(a[0]) {
        View::Atom(op) => op,
        _ => return Err(instantiation_error()),
    };
    let (l, r) = (a[1], a[2]);
    with_engine(m, |p| {
        match op.name() {
            "not" => {
                p.reify(l, Some(Arg::Int(Val::ZERO)))?;
            }
            "#<==>" => {
                let x = p.reify(l, None)?;
                p.reify(r, Some(x))?;
            }
            "#\\/" => {
                if let Some((v, dom)) = var_in_values(p.m, l)
                    .zip(var_in_values(p.m, r))
                    .and_then(|(a, b)| (a.0 == b.0).then(|| (a.0, a.1.union(&b.1))))
                {
                    let x = fd_var_of(p.m, v);
                    return p.m.fd.restrict(x, &dom).map_err(|_| FAILED.clone());
                }
                let x = p.reify(l, None)?;
                let y = p.reify(r, None)?;
                p.post(Prop::Reif(Reif::Bool(BoolOp::Or, x, y, Arg::Int(Val::ONE))));
            }
            "#\\" => {
                // SWI states exclusive or as: at least one, and not both.
                let x = p.reify(l, None)?;
                let y = p.reify(r, None)?;
                p.post(Prop::Reif(Reif::Bool(BoolOp::Or, x, y, Arg::Int(Val::ONE))));
                p.post(Prop::Reif(Reif::Bool(
                    BoolOp::And,
                    x,
                    y,
                    Arg::Int(Val::ZERO),
                )));
            }
            name => {
                let (bop, l, r) = match name {
                    "#==>" => (BoolOp::Impl, l, r),
                    "#<==" => (BoolOp::Impl, r, l),
                    "#/\\" => (BoolOp::And, l, r),
                    _ => return Err(domain_error("clpfd_reifiable_expression", Term::Atom(op))),
                };
                let x = p.reify(l, None)?;
                let y = p.reify(r, None)?;
                p.post(Prop::Reif(Reif::Bool(bop, x, y, Arg::Int(Val::ONE))));
            }
        }
        Ok(())
    })
}

/// `V #= I` (either way round) or a `#\/` of such for one variable V: V
/// and the set of its values (SWI posts that as a domain).
fn var_in_values(m: &Machine, c: Cell) -> Option<(Cell, Domain)> {
    let d = m.deref(c);
    let View::Compound(f, 2, first) = m.store.view(d) else {
        return None;
    };
    let (x, y) = (
        m.deref(m.store.heap[first]),
        m.deref(m.store.heap[first + 1]),
    );
    match f.name() {
        "#=" => match (m.store.view(x), m.store.view(y)) {
            (View::Var(_), View::Int(i)) => Some((x, Domain::singleton(Val::int(i)))),
            (View::Int(i), View::Var(_)) => Some((y, Domain::singleton(Val::int(i)))),
            _ => None,
        },
        "#\\/" => {
            let (v1, d1) = var_in_values(m, x)?;
            let (v2, d2) = var_in_values(m, y)?;
            (v1 == v2).then(|| (v1, d1.union(&d2)))
        }
        _ => None,
    }
}

/// Failure of a constraint while posting (not an error: the builtin fails).
pub(crate) static FAILED: std::sync::LazyLock<PlError> =
    std::sync::LazyLock::new(|| PlError::throw(Term::atom("$fd_failed")));

fn is_failed(e: &PlError) -> bool {
    matches!(e, PlError::Throw(t) if matches!(&**t, Term::Atom(a) if a.name() == "$fd_failed"))
}

/// Runs `f` on the engine: a trail mark first, then propagation to a
/// fixpoint, then the variables left with one value are bound.
pub(crate) fn with_engine(
    m: &mut Machine,
    f: impl FnOnce(&mut Poster) -> Result<(), PlError>,
) -> Res {
    m.fd_checkpoint();
    let r = f(&mut Poster {
        m,
        sums: false,
        guards: None,
    });
    match r {
        Ok(()) => {}
        Err(e) if is_failed(&e) => return Ok(false),
        Err(e) => return Err(e),
    }
    settle(m)
}

/// Propagates and binds the Prolog variables of fixed engine variables.
fn settle(m: &mut Machine) -> Res {
    if m.fd.propagate().is_err() {
        return Ok(false);
    }
    for (a, b) in m.fd.take_unify_requests() {
        let (x, y) = (arg_cell(m, a), arg_cell(m, b));
        if !m.unify(x, y) {
            return Ok(false);
        }
    }
    for v in m.fd.take_fixed() {
        let Some(value) = m.fd.dom(v).value() else {
            continue;
        };
        let c = m.deref(m.fd.var(v).tag);
        let value = val_cell(m, value);
        if c.is_ref() && !m.unify(c, value) {
            return Ok(false);
        }
    }
    Ok(true)
}

fn fd_post(m: &mut Machine, a: &[Cell]) -> Res {
    post_constraint(m, a, false)
}

/// Posts `L Op R` (`a` = [Op, L, R]); `sums` as in `Poster`.
fn post_constraint(m: &mut Machine, a: &[Cell], sums: bool) -> Res {
    let op = match m.store.view(a[0]) {
        View::Atom(op) => op,
        _ => return Err(instantiation_error()),
    };
    let (l, r) = (a[1], a[2]);
    with_engine(m, |p| {
        p.sums = sums;
        p.post_op(op, l, r)
    })
}

impl Poster<'_> {
    /// Posts `l op r` for a comparison operator.
    fn post_op(&mut self, op: Atom, l: Cell, r: Cell) -> Result<(), PlError> {
        let p = self;
        match op.name() {
            "#=" => p.eq(l, r),
            "#\\=" => p.neq(l, r),
            "#>=" => p.geq(l, r),
            "#=<" => p.geq(r, l),
            // Against an integer, the integer moves by one (SWI's X*Y #< 3
            // narrows X*Y to ..2); else the other side gets + 1.
            "#>" | "#<" => {
                let (big, small) = if op.name() == "#>" { (l, r) } else { (r, l) };
                match (int_of(p.m, big), int_of(p.m, small)) {
                    (Some(b), _) if b > INF + 1 => {
                        let b1 = val_cell(p.m, b - 1);
                        p.geq(b1, small)
                    }
                    (_, Some(s)) if s < SUP - 1 => {
                        let s1 = val_cell(p.m, s + 1);
                        p.geq(big, s1)
                    }
                    _ => {
                        let s1 =
                            p.m.store
                                .new_compound(atoms::PLUS, &[small, Cell::small(1)]);
                        p.geq(big, s1)
                    }
                }
            }
            _ => Err(domain_error("clpfd_operator", Term::Atom(op))),
        }
    }
}

/// A domain term (`L..H`, `D \/ D`, an integer) as a domain.
fn parse_domain(m: &Machine, c: Cell) -> Result<Domain, PlError> {
    let whole = c;
    let bad = |m: &Machine| domain_error("clpfd_domain", culprit(m, whole));
    let bound = |m: &Machine, c: Cell| -> Result<Val, PlError> {
        if let Some(i) = int_val(m, c) {
            return Ok(i);
        }
        match m.store.view(c) {
            View::Atom(a) if a.name() == "inf" => Ok(INF),
            View::Atom(a) if a.name() == "sup" => Ok(SUP),
            View::Var(_) => Err(instantiation_error()),
            _ => Err(bad(m)),
        }
    };
    let mut parts = Vec::new();
    let mut stack = vec![c];
    while let Some(c) = stack.pop() {
        match m.store.view(c) {
            View::Int(_) | View::BigInt(_) => {
                let i = bound(m, c)?;
                parts.push((i, i))
            }
            View::Var(_) => return Err(instantiation_error()),
            View::Compound(f, 2, first) if f.name() == ".." => {
                let lo = bound(m, m.store.heap[first])?;
                let hi = bound(m, m.store.heap[first + 1])?;
                if lo == SUP || hi == INF {
                    return Err(bad(m));
                }
                parts.push((lo, hi));
            }
            View::Compound(f, 2, first) if f.name() == "\\/" => {
                stack.push(m.store.heap[first + 1]);
                stack.push(m.store.heap[first]);
            }
            _ => return Err(bad(m)),
        }
    }
    Ok(Domain::from_intervals(parts))
}

/// A domain as the term in/2 takes (SWI's form).
fn domain_term(m: &mut Machine, d: &Domain) -> Cell {
    let bound = |m: &mut Machine, b: Val| match b {
        INF => Cell::atom(Atom::new("inf")),
        SUP => Cell::atom(Atom::new("sup")),
        _ => val_cell(m, b),
    };
    let dots = Atom::new("..");
    let mut out: Option<Cell> = None;
    for &(lo, hi) in d.intervals() {
        // In a union, SWI writes a single value as an integer.
        let part = if lo == hi && d.intervals().len() > 1 {
            bound(m, lo)
        } else {
            let (l, h) = (bound(m, lo), bound(m, hi));
            m.store.new_compound(dots, &[l, h])
        };
        out = Some(match out {
            None => part,
            Some(prev) => m.store.new_compound(atoms::BIT_OR, &[prev, part]),
        });
    }
    out.unwrap_or_else(|| {
        // The empty domain: SWI writes 1..0.
        let one = Cell::small(1);
        let zero = Cell::small(0);
        m.store.new_compound(dots, &[one, zero])
    })
}

fn fd_in(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.deref(a[0]);
    let dom = parse_domain(m, a[1])?;
    match m.store.view(x) {
        View::Int(i) => Ok(dom.contains(Val::int(i))),
        View::Var(_) => with_engine(m, |p| {
            let v = fd_var_of(p.m, x);
            p.m.fd.restrict(v, &dom).map_err(|_| FAILED.clone())
        }),
        _ => Err(type_error("integer", culprit(m, x))),
    }
}

/// A list of integers and variables as engine arguments.
fn int_or_var_list(m: &mut Machine, items: &[Cell]) -> Result<Vec<Arg>, PlError> {
    items.iter().map(|&c| int_or_var(m, c)).collect()
}

/// Posts the propagator `make` builds from the list argument `list`.
fn post_list(m: &mut Machine, list: Cell, make: fn(Vec<Arg>) -> Prop) -> Res {
    let xs = list_arg(m, list)?;
    with_engine(m, |p| {
        let args = int_or_var_list(p.m, &xs)?;
        p.post(make(args));
        Ok(())
    })
}

fn fd_all_different(m: &mut Machine, a: &[Cell]) -> Res {
    post_list(m, a[0], Prop::AllDifferent)
}

fn fd_all_distinct(m: &mut Machine, a: &[Cell]) -> Res {
    post_list(m, a[0], Prop::AllDistinct)
}

fn fd_element(m: &mut Machine, a: &[Cell]) -> Res {
    let xs = list_arg(m, a[1])?;
    with_engine(m, |p| {
        let i = int_or_var(p.m, a[0])?;
        let args = int_or_var_list(p.m, &xs)?;
        let v = int_or_var(p.m, a[2])?;
        p.post(Prop::Element(i, args, v));
        Ok(())
    })
}

/// `scalar_product(Cs, Vs, Op, Value)`: a linear constraint over the lists.
fn fd_scalar_product(m: &mut Machine, a: &[Cell]) -> Res {
    let cs = list_arg(m, a[0])?;
    let vs = list_arg(m, a[1])?;
    if cs.len() != vs.len() {
        return Ok(false);
    }
    let mut ks = Vec::with_capacity(cs.len());
    for &c in &cs {
        match m.store.view(c) {
            View::Int(_) | View::BigInt(_) => ks.push(c),
            View::Var(_) => return Err(instantiation_error()),
            _ => return Err(type_error("integer", culprit(m, c))),
        }
    }
    let op = match m.store.view(a[2]) {
        View::Atom(op) => op,
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(domain_error("scalar_product_relation", culprit(m, a[2]))),
    };
    // Build Σ k*v as a term and post it like any constraint.
    let mut sum: Option<Cell> = None;
    for (&k, v) in ks.iter().zip(&vs) {
        let t = m.store.new_compound(atoms::STAR, &[k, *v]);
        sum = Some(match sum {
            None => t,
            Some(s) => m.store.new_compound(atoms::PLUS, &[s, t]),
        });
    }
    let sum = sum.unwrap_or(Cell::small(0));
    let goal = [Cell::atom(op), sum, a[3]];
    match op.name() {
        "#=" | "#\\=" | "#>=" | "#=<" | "#>" | "#<" => post_constraint(m, &goal, true),
        _ => Err(domain_error("scalar_product_relation", culprit(m, a[2]))),
    }
}

/// `attr_unify_hook/2` of `clpfd`: the variable of engine variable `a[0]`
/// was unified with `a[1]`.
fn fd_unified(m: &mut Machine, a: &[Cell]) -> Res {
    let View::Int(id) = m.store.view(a[0]) else {
        return Ok(true);
    };
    let id = id as VarId;
    let other = m.deref(a[1]);
    // A stale attribute (on a copy of the variable) wakes nothing.
    if id as usize >= m.fd.var_count() || m.deref(m.fd.var(id).tag) != other {
        return Ok(true);
    }
    // An integer (boxed ones too).
    let value = int_val(m, other);
    if let Some(i) = value {
        return with_engine(m, |p| p.m.fd.assign(id, i).map_err(|_| FAILED.clone()));
    }
    match m.store.view(other) {
        View::Var(_) => with_engine(m, |p| {
            match engine_var(p.m, other) {
                Some(o) if o == id => Ok(()),
                Some(o) => {
                    // Two constrained variables unified: their domains stay equal.
                    p.m.fd.set_tag(id, other);
                    p.post(Prop::Same(id, o));
                    p.m.fd.alias(id, o);
                    Ok(())
                }
                None => {
                    set_attr(p.m, other, clpfd_atom(), Cell::small(id as i64));
                    let o = p.m.deref(other);
                    p.m.fd.set_tag(id, o);
                    Ok(())
                }
            }
        }),
        _ => Err(type_error("integer", culprit(m, other))),
    }
}

/// The Prolog variables that share a constraint with the attributed
/// variable `x` (what its `clpfd` attribute reaches, for term_attvars/2),
/// in the order of the constraints and their arguments.
pub fn fd_neighbours(m: &Machine, x: Cell) -> Vec<Cell> {
    let Some(v) = engine_var(m, x) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // The constraints of the variables unified with it count as its own.
    for p in m.fd.class_props_of(v).into_iter().filter(|&p| shows(m, p)) {
        for w in m.fd.prop(p).prop.vars() {
            let c = m.deref(m.fd.var(w).tag);
            if c.is_ref() && c != x && !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

fn fd_var(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.deref(a[0]);
    Ok(x.is_ref() && engine_var(m, x).is_some())
}

/// The domain of `c`: an integer's own, a free variable's `inf..sup`.
fn domain_of(m: &Machine, c: Cell) -> Result<Domain, PlError> {
    let x = m.deref(c);
    if let Some(i) = int_val(m, x) {
        return Ok(Domain::singleton(i));
    }
    match m.store.view(x) {
        View::Var(_) => Ok(engine_var(m, x).map_or_else(Domain::full, |v| m.fd.dom(v).clone())),
        _ => Err(type_error("integer", culprit(m, x))),
    }
}

fn fd_dom(m: &mut Machine, a: &[Cell]) -> Res {
    let d = domain_of(m, a[0])?;
    let t = domain_term(m, &d);
    Ok(m.unify(a[1], t))
}

fn fd_size(m: &mut Machine, a: &[Cell]) -> Res {
    let d = domain_of(m, a[0])?;
    let t = match d.size() {
        Some(n) => val_cell(m, n as Val),
        None => Cell::atom(Atom::new("sup")),
    };
    Ok(m.unify(a[1], t))
}

fn fd_inf(m: &mut Machine, a: &[Cell]) -> Res {
    let d = domain_of(m, a[0])?;
    let t = match d.min() {
        INF => Cell::atom(Atom::new("inf")),
        v => val_cell(m, v),
    };
    Ok(m.unify(a[1], t))
}

fn fd_sup(m: &mut Machine, a: &[Cell]) -> Res {
    let d = domain_of(m, a[0])?;
    let t = match d.max() {
        SUP => Cell::atom(Atom::new("sup")),
        v => val_cell(m, v),
    };
    Ok(m.unify(a[1], t))
}

fn fd_degree(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.deref(a[0]);
    let n = match m.store.view(x) {
        View::Int(_) => 0,
        View::Var(_) => engine_var(m, x).map_or(0, |v| m.fd.degree(v)),
        _ => return Err(type_error("integer", culprit(m, x))),
    };
    Ok(m.unify(a[1], Cell::small(n as i64)))
}

/// The Prolog term for an engine argument.
pub(crate) fn arg_cell(m: &mut Machine, a: Arg) -> Cell {
    match a {
        Arg::Int(i) => val_cell(m, i),
        Arg::Var(v) => m.deref(m.fd.var(v).tag),
    }
}

/// The goal that shows propagator `p`, None when it shows nothing.
fn prop_goal(m: &mut Machine, p: &Prop) -> Option<Cell> {
    let op = |m: &mut Machine, name: &str, l: Cell, r: Cell| {
        m.store.new_compound(Atom::new(name), &[l, r])
    };
    Some(match p {
        Prop::Plus(a, b, c) => {
            let (a, b, c) = (arg_cell(m, *a), arg_cell(m, *b), arg_cell(m, *c));
            let s = op(m, "+", a, b);
            op(m, "#=", s, c)
        }
        Prop::Times(a, b, c) => {
            let (ac, bc, cc) = (arg_cell(m, *a), arg_cell(m, *b), arg_cell(m, *c));
            let t = if a == b {
                op(m, "^", ac, Cell::small(2))
            } else {
                op(m, "*", ac, bc)
            };
            op(m, "#=", t, cc)
        }
        Prop::Geq(a, b) => {
            let (a, b) = (arg_cell(m, *a), arg_cell(m, *b));
            op(m, "#>=", a, b)
        }
        Prop::LeqPlus(a, b, c) => {
            let (a, b) = (arg_cell(m, *a), arg_cell(m, *b));
            let c = val_cell(m, *c);
            let s = op(m, "+", b, c);
            op(m, "#=<", a, s)
        }
        Prop::NeqPlus(a, b, c) => {
            let (a, b) = (arg_cell(m, *a), arg_cell(m, *b));
            let r = if *c == 0 {
                b
            } else {
                let c = val_cell(m, *c);
                op(m, "+", b, c)
            };
            op(m, "#\\=", a, r)
        }
        Prop::AbsDiffNeq(a, b, c) | Prop::AbsDiffGeq(a, b, c) => {
            let (a, b) = (arg_cell(m, *a), arg_cell(m, *b));
            let d = op(m, "-", a, b);
            let t = m.store.new_compound(Atom::new("abs"), &[d]);
            let rel = if matches!(p, Prop::AbsDiffNeq(..)) {
                "#\\="
            } else {
                "#>="
            };
            let c = val_cell(m, *c);
            op(m, rel, t, c)
        }
        Prop::NeqSum(a, b, c) => {
            let (a, b, c) = (arg_cell(m, *a), arg_cell(m, *b), arg_cell(m, *c));
            let s = op(m, "+", b, c);
            op(m, "#\\=", a, s)
        }
        Prop::Element(i, xs, v) => {
            let (ic, vc) = (arg_cell(m, *i), arg_cell(m, *v));
            let items: Vec<Cell> = xs.iter().map(|x| arg_cell(m, *x)).collect();
            let l = m.store.new_list_from(&items, Cell::atom(atoms::NIL));
            m.store.new_compound(Atom::new("element"), &[ic, l, vc])
        }
        Prop::Arith(ar) => arith_goal(m, ar),
        Prop::Reif(r) => reif_goal(m, r),
        Prop::Same(..) => return None,
        Prop::Global(g) => return super::clpfd_globals::global_goal(m, g),
        Prop::AllDifferent(xs) | Prop::AllDistinct(xs) => {
            let name = if matches!(p, Prop::AllDifferent(_)) {
                "all_different"
            } else {
                "all_distinct"
            };
            let items: Vec<Cell> = xs.iter().map(|x| arg_cell(m, *x)).collect();
            let l = m.store.new_list_from(&items, Cell::atom(atoms::NIL));
            m.store.new_compound(Atom::new(name), &[l])
        }
        Prop::Linear { terms, rel, c } => linear_goal(m, terms, *rel, *c),
    })
}

/// A non-linear arithmetic constraint as SWI shows it (`X//3#=Y`, `Z#=max(X, Y)`).
fn arith_goal(m: &mut Machine, a: &Arith) -> Cell {
    let op2 = |m: &mut Machine, name: &str, l: Cell, r: Cell| {
        m.store.new_compound(Atom::new(name), &[l, r])
    };
    match a {
        Arith::Abs(x, z) => {
            let (x, z) = (arg_cell(m, *x), arg_cell(m, *z));
            let t = m.store.new_compound(Atom::new("abs"), &[x]);
            op2(m, "#=", z, t)
        }
        Arith::MinMax(is_max, x, y, z) => {
            let (x, y, z) = (arg_cell(m, *x), arg_cell(m, *y), arg_cell(m, *z));
            let t = op2(m, if *is_max { "max" } else { "min" }, x, y);
            op2(m, "#=", z, t)
        }
        Arith::Div(_, x, y, z) | Arith::Mod(_, x, y, z) | Arith::Pow(x, y, z) => {
            let name = match a {
                Arith::Div(DivKind::Trunc, ..) => "//",
                Arith::Div(DivKind::Floor, ..) => "div",
                Arith::Mod(ModKind::Mod, ..) => "mod",
                Arith::Mod(ModKind::Rem, ..) => "rem",
                _ => "^",
            };
            let (x, y, z) = (arg_cell(m, *x), arg_cell(m, *y), arg_cell(m, *z));
            let t = op2(m, name, x, y);
            op2(m, "#=", t, z)
        }
    }
}

/// A reified constraint as SWI shows it (`X#>=4#<==>B`, `A#\/B#<==>1`).
fn reif_goal(m: &mut Machine, r: &Reif) -> Cell {
    let op2 = |m: &mut Machine, name: &str, l: Cell, r: Cell| {
        m.store.new_compound(Atom::new(name), &[l, r])
    };
    match r {
        Reif::Rel(rel, x, y, b) => {
            let (xc, yc, bc) = (arg_cell(m, *x), arg_cell(m, *y), arg_cell(m, *b));
            let c = match rel {
                Rel2::Geq => op2(m, "#>=", xc, yc),
                Rel2::Eq => op2(m, "#=", xc, yc),
                Rel2::Ne => op2(m, "#\\=", xc, yc),
                Rel2::In(d) => {
                    let dt = domain_term(m, d);
                    op2(m, "in", xc, dt)
                }
            };
            op2(m, "#<==>", c, bc)
        }
        Reif::Bool(op, a, b, res) => {
            let (ac, bc, rc) = (arg_cell(m, *a), arg_cell(m, *b), arg_cell(m, *res));
            if *op == BoolOp::Impl && *res == Arg::Int(Val::ONE) {
                return op2(m, "#==>", ac, bc);
            }
            let l = match op {
                BoolOp::Not => m.store.new_compound(Atom::new("#\\"), &[ac]),
                BoolOp::And => op2(m, "#/\\", ac, bc),
                BoolOp::Or => op2(m, "#\\/", ac, bc),
                BoolOp::Xor => op2(m, "#\\", ac, bc),
                BoolOp::Impl => op2(m, "#==>", ac, bc),
                BoolOp::Equiv => op2(m, "#<==>", ac, bc),
            };
            op2(m, "#<==>", l, rc)
        }
        // SWI's form: `D#=1#==>X//Y#=Z`.
        Reif::Guard(d, p) => {
            let dc = arg_cell(m, *d);
            let one = Cell::small(1);
            let defined = op2(m, "#=", dc, one);
            let goal = prop_goal(m, p).unwrap_or(Cell::atom(atoms::TRUE));
            op2(m, "#==>", defined, goal)
        }
    }
}

/// A linear constraint as SWI shows it: the positive terms on the left, the
/// negative ones on the right, the constant on the side that keeps it
/// positive; fixed variables folded into the constant.
fn linear_goal(m: &mut Machine, terms: &[(Val, VarId)], rel: Rel, c: Val) -> Cell {
    let mut c = c;
    let mut pos: Vec<(Val, Cell)> = Vec::new();
    let mut neg: Vec<(Val, Cell)> = Vec::new();
    for &(k, v) in terms {
        let cell = m.deref(m.fd.var(v).tag);
        match int_val(m, cell) {
            Some(i) => c -= k * i,
            None if k > 0 => pos.push((k, cell)),
            None => neg.push((-k, cell)),
        }
    }
    let term = |m: &mut Machine, k: Val, v: Cell| {
        if k == 1 {
            v
        } else {
            let k = val_cell(m, k);
            m.store.new_compound(atoms::STAR, &[k, v])
        }
    };
    let side = |m: &mut Machine, ts: &[(Val, Cell)], k: Val| -> Cell {
        let mut out: Option<Cell> = None;
        for &(kk, v) in ts {
            let t = term(m, kk, v);
            out = Some(match out {
                None => t,
                Some(s) => m.store.new_compound(atoms::PLUS, &[s, t]),
            });
        }
        if k != 0 {
            let kc = val_cell(m, k);
            out = Some(match out {
                None => kc,
                Some(s) => m.store.new_compound(atoms::PLUS, &[s, kc]),
            });
        }
        out.unwrap_or(Cell::small(0))
    };
    let (l, r) = if pos.is_empty() {
        // -c = negatives.
        (val_cell(m, -c), side(m, &neg, Val::ZERO))
    } else if neg.is_empty() {
        (side(m, &pos, Val::ZERO), val_cell(m, c))
    } else if c < 0 {
        (side(m, &pos, -c), side(m, &neg, Val::ZERO))
    } else {
        (side(m, &pos, Val::ZERO), side(m, &neg, c))
    };
    let name = match rel {
        Rel::Eq => "#=",
        Rel::Le => "#=<",
        Rel::Ne => "#\\=",
    };
    m.store.new_compound(Atom::new(name), &[l, r])
}

/// True when propagator `p` shows in the residual goals: not the ones
/// that keep unified variables alike, nor reified constraints whose truth
/// value (an auxiliary variable) nothing reads any more.
fn shows(m: &Machine, p: crate::clpfd::PropId) -> bool {
    match &*m.fd.prop(p).prop {
        Prop::Same(..) => false,
        Prop::Reif(Reif::Rel(_, _, _, Arg::Var(b))) => {
            let dead =
                m.fd.var(*b).aux && m.fd.dom(*b).value().is_none() && m.fd.props_of(*b).len() <= 1;
            !dead
        }
        _ => true,
    }
}

/// The kind of a propagator, which orders a variable's residual goals as
/// SWI orders them: those that wait for a value (disequalities,
/// all_different/1) first, then those on bounds (linear sums,
/// comparisons), then the others.
fn residual_kind(p: &Prop) -> u8 {
    match p {
        Prop::NeqPlus(..)
        | Prop::NeqSum(..)
        | Prop::AbsDiffNeq(..)
        | Prop::AllDifferent(_)
        | Prop::Linear { rel: Rel::Ne, .. } => 0,
        Prop::Linear { .. } | Prop::Plus(..) | Prop::Geq(..) | Prop::LeqPlus(..) => 1,
        _ => 2,
    }
}

/// `'$fd_goals'(X, Goals)`: the residual goals of X's constraints that
/// have not been shown yet (`clpfd:(X in Dom)`, then its propagators).
fn fd_goals(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.deref(a[0]);
    m.fd_checkpoint();
    let goals = var_goals(m, x);
    let l = m.store.new_list_from(&goals, Cell::atom(atoms::NIL));
    Ok(m.unify(a[1], l))
}

/// The goals (`clpfd:G`) that state the constraints of variable `x` not
/// shown yet, marking their propagators shown (trailed by the engine).
fn var_goals(m: &mut Machine, x: Cell) -> Vec<Cell> {
    let Some(v) = engine_var(m, x) else {
        return Vec::new();
    };
    let mut goals = Vec::new();
    // Unified variables show their constraints together, as one.
    let props: Vec<_> =
        m.fd.class_props_of(v)
            .into_iter()
            .filter(|&p| shows(m, p))
            .collect();
    let dom = m.fd.dom(v).clone();
    let shows_nothing = props.is_empty();
    if dom != Domain::full() || shows_nothing {
        let d = domain_term(m, &dom);
        goals.push(m.store.new_compound(Atom::new("in"), &[x, d]));
    }
    // A variable's constraints show newest first within SWI's three kinds
    // of propagators, in the order of the kinds.
    let mut props: Vec<_> = props.into_iter().rev().collect();
    props.sort_by_key(|&p| residual_kind(&m.fd.prop(p).prop));
    for p in props {
        if m.fd.prop(p).shown {
            continue;
        }
        m.fd.set_shown(p);
        let prop = m.fd.prop(p).prop.clone();
        if let Some(g) = prop_goal(m, &prop) {
            goals.push(g);
        }
    }
    let clpfd = Cell::atom(clpfd_atom());
    goals
        .into_iter()
        .map(|g| m.store.new_compound(atoms::COLON, &[clpfd, g]))
        .collect()
}

/// The goals that give a copy of term `t` the finite-domain constraints of
/// its variables (and of the variables those reach), as a list; None when
/// no variable of `t` is constrained. copy_term/2 and findall/3 copy them
/// with the term and call them on the copy, as SWI copies the attributes.
pub fn fd_snapshot(m: &mut Machine, t: Cell) -> Option<Cell> {
    if m.fd.var_count() == 0 {
        return None;
    }
    let vars: Vec<Cell> = super::terms::vars_of(m, t, true)
        .into_iter()
        .filter(|&v| engine_var(m, v).is_some())
        .collect();
    if vars.is_empty() {
        return None;
    }
    // The shown marks are for this listing only.
    let mark = m.fd.mark();
    let goals: Vec<Cell> = vars.into_iter().flat_map(|v| var_goals(m, v)).collect();
    m.fd.undo_to(mark);
    Some(m.store.new_list_from(&goals, Cell::atom(atoms::NIL)))
}

/// `'$fd_select'(Vars, Strategy, Var, Rest)`: the variable labeling takes
/// next (leftmost, ff, ffc, min, max); Rest is Vars without it. Fails when
/// every element is an integer.
fn fd_select(m: &mut Machine, a: &[Cell]) -> Res {
    let items = list_arg(m, a[0])?;
    let strategy = match m.store.view(a[1]) {
        View::Atom(s) => s,
        _ => return Err(instantiation_error()),
    };
    let mut best: Option<(usize, (Val, Val))> = None;
    for (i, &c) in items.iter().enumerate() {
        let x = m.deref(c);
        if !x.is_ref() {
            continue;
        }
        let d = domain_of(m, x)?;
        let size = d.size().unwrap_or(SUP);
        let key = match strategy.name() {
            "leftmost" => (Val::ZERO, Val::ZERO),
            "ff" => (size, Val::ZERO),
            "ffc" => {
                let degree = engine_var(m, x).map_or(0, |v| m.fd.degree(v));
                (size, -Val::from(degree))
            }
            "min" => (d.min(), Val::ZERO),
            "max" => (-d.max(), Val::ZERO),
            _ => return Err(domain_error("labeling_option", Term::Atom(strategy))),
        };
        if best.is_none_or(|(_, k)| key < k) {
            best = Some((i, key));
        }
        if strategy.name() == "leftmost" {
            break;
        }
    }
    let Some((i, _)) = best else {
        return Ok(false);
    };
    let var = items[i];
    let rest: Vec<Cell> = items
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != i)
        .map(|(_, &c)| c)
        .collect();
    let rest = m.store.new_list_from(&rest, Cell::atom(atoms::NIL));
    Ok(m.unify(a[2], var) && m.unify(a[3], rest))
}

/// `'$fd_first_value'(X, Order, V)`: the least (`up`) or greatest value of X.
fn fd_first_value(m: &mut Machine, a: &[Cell]) -> Res {
    let d = domain_of(m, a[0])?;
    let down = matches!(m.store.view(a[1]), View::Atom(o) if o.name() == "down");
    let v = if down { d.max() } else { d.min() };
    let v = val_cell(m, v);
    Ok(m.unify(a[2], v))
}

/// `'$fd_remove_value'(X, V)`: X is not V (labeling's other branch).
fn fd_remove_value(m: &mut Machine, a: &[Cell]) -> Res {
    let x = m.deref(a[0]);
    let Some(v) = int_val(m, a[1]) else {
        return Err(instantiation_error());
    };
    match int_val(m, x) {
        Some(i) => Ok(i != v),
        None => with_engine(m, |p| {
            let id = fd_var_of(p.m, x);
            p.m.fd.remove(id, v).map_err(|_| FAILED.clone())
        }),
    }
}

/// `'$fd_values'(X, Order, Values)`: the values of X's domain, increasing
/// (`up`) or decreasing.
fn fd_values(m: &mut Machine, a: &[Cell]) -> Res {
    let d = domain_of(m, a[0])?;
    if !d.is_finite() {
        return Err(instantiation_error());
    }
    let down = matches!(m.store.view(a[1]), View::Atom(o) if o.name() == "down");
    let mut vs: Vec<Cell> = d.values().map(|v| val_cell(m, v)).collect();
    if down {
        vs.reverse();
    }
    let l = m.store.new_list_from(&vs, Cell::atom(atoms::NIL));
    Ok(m.unify(a[2], l))
}
