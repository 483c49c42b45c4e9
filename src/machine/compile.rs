//! The clause compiler: owned clause terms -> instructions.
//!
//! Variables are classified by *chunks* (a chunk ends at each goal that is
//! not an inline deterministic builtin): a variable seen in more than one
//! chunk is permanent (an environment slot), otherwise temporary (an X
//! register above every argument register the clause uses, so argument
//! set-up never clobbers it). Control constructs compile inline:
//! if-then-else and disjunction push a choicepoint (`TryElse`) and commit with
//! `CutTo`, except an if-then-else whose condition is pure tests (arithmetic
//! and term comparisons, type tests), whose tests jump to the else branch
//! when they fail (`ArithElse`, `TestElse`); negation is `(G -> fail ; true)`.
//! The last goal of every path is a tail call (`Deallocate; Execute`), which
//! gives last-call optimisation. A `=>` clause is compiled as
//! `(Guard -> !, Body ; no match)` after a head of matching instructions
//! (see `det.rs` for the run-time side).

use super::arith::{AOp, ArithGoal, ArithKind, CmpOp};
use super::error::{type_error, PlError};
use super::instr::{Addr, Instr, PredId, Reg, NECK_LEVEL, X, Y};
use crate::builtins::arith::Number;
use crate::builtins::arith_fns::is_evaluable;
use crate::term::{atoms, Atom, Cell, Term};
use body::{callable_parts, for_each_var, BodyTree, Commit, Node, NodeId};
use smallvec::{smallvec, SmallVec};
use std::collections::HashMap;

mod body;
mod peephole;

/// What the compiler needs to know about predicates.
pub trait PredTable {
    /// The predicate a body goal `name/arity` calls (created undefined when new).
    fn pred_id(&mut self, name: Atom, arity: usize) -> PredId;
    /// The predicate a clause head `name/arity` defines, in `module` (default:
    /// the module being compiled into).
    fn head_id(&mut self, module: Option<Atom>, name: Atom, arity: usize) -> PredId;
    /// The predicate a body goal `module:name/arity` calls.
    fn qualified_id(&mut self, module: Atom, name: Atom, arity: usize) -> PredId;
    /// True for deterministic builtins, which run inline without ending a chunk.
    fn is_inline(&self, id: PredId) -> bool;
    /// Stores a boxed constant (float, big integer, string) and returns its number.
    fn add_const(&mut self, t: &Term) -> u32;
    /// Name and arity of a predicate.
    fn name_of(&self, id: PredId) -> (Atom, usize);
    /// Stores a compiled arithmetic goal and returns its number.
    fn add_arith(&mut self, goal: ArithGoal) -> u32;
}

/// A compiled clause: code with addresses relative to its start.
pub struct Compiled {
    /// The instructions; jump targets are relative to the first one.
    pub code: Vec<Instr>,
    /// Where calls enter the code: 0, or 1 for a `=>` clause, whose first
    /// instruction is its no-match code (`SsuNoMatch`).
    pub entry: u32,
    /// The highest X register the code uses, plus one.
    pub xregs: usize,
}

/// A clause term taken apart: `Head :- Body`, `Head => Body`,
/// `Head, Guard => Body` or a fact.
pub struct ClauseParts<'t> {
    /// The head (its module qualification, if any, included).
    pub head: &'t Term,
    /// The guard of a `=>` clause.
    pub guard: Option<&'t Term>,
    /// The body (none for a fact).
    pub body: Option<&'t Term>,
    /// A single-sided unification (`=>`) clause.
    pub ssu: bool,
}

impl<'t> ClauseParts<'t> {
    /// Takes a clause term apart.
    pub fn of(clause: &'t Term) -> ClauseParts<'t> {
        match clause {
            Term::Compound(f, a) if a.len() == 2 && *f == atoms::NECK => ClauseParts {
                head: &a[0],
                guard: None,
                body: Some(&a[1]),
                ssu: false,
            },
            Term::Compound(f, a) if a.len() == 2 && *f == atoms::SSU_ARROW => {
                let (head, guard) = match &a[0] {
                    Term::Compound(c, ha) if ha.len() == 2 && *c == atoms::COMMA => {
                        (&ha[0], Some(&ha[1]))
                    }
                    h => (h, None),
                };
                ClauseParts {
                    head,
                    guard,
                    body: Some(&a[1]),
                    ssu: true,
                }
            }
            t => ClauseParts {
                head: t,
                guard: None,
                body: None,
                ssu: false,
            },
        }
    }
}

/// Per-variable facts gathered before code generation.
#[derive(Default, Clone, Copy)]
struct VarInfo {
    count: u32,
    first_chunk: u32,
    last_chunk: u32,
    seen_any: bool,
}

struct Ctx<'p, P: PredTable> {
    preds: &'p mut P,
    /// The predicate of the clause being compiled.
    caller: PredId,
    vars: Vec<VarInfo>,
    totals: Vec<u32>,
    chunk: u32,
    nontail_call: bool,
    clause_level: u32,
    neck_cuts: Vec<bool>,
    // code generation
    code: Vec<Instr>,
    perm: Vec<Option<Y>>,
    temp: Vec<X>,
    seen: Vec<bool>,
    env: bool,
    next_tmp: X,
    tmp_base: X,
    max_x: X,
    cut_index: usize,
    /// Compiling a `=>` clause: its head matches without binding, and
    /// nothing before its commit writes an argument register (the no-match
    /// code reports the call from them).
    ssu: bool,
    /// Compiling the head of a `=>` clause.
    in_ssu_head: bool,
    /// The last goal of the clause after a `$/0` of its top conjunction,
    /// when it is a call: it inherits the determinism check (`DetExecute`).
    det_tail: Option<NodeId>,
    /// Permanent variables that arrive in an argument register and are
    /// still there at the first call, which passes them on as the same
    /// argument (see `keep_in_argument_registers`): that needs no move.
    /// Emptied once the first call is made.
    in_place: Vec<(u32, X)>,
    /// True once a `WakePoint` is emitted (see `drop_covered_wake_points`).
    wake_points: bool,
}

/// The compiler's tables by variable, kept from one clause to the next so
/// that compiling a clause (an assert) allocates little.
#[derive(Default)]
pub struct Buffers {
    vars: Vec<VarInfo>,
    totals: Vec<u32>,
    in_head: Vec<bool>,
    neck_cuts: Vec<bool>,
    perm: Vec<Option<Y>>,
    temp: Vec<X>,
    seen: Vec<bool>,
}

/// `buffer` emptied and filled with `n` copies of `value`, taken out of its place.
fn refill<T: Clone>(buffer: &mut Vec<T>, n: usize, value: T) -> Vec<T> {
    let mut v = std::mem::take(buffer);
    v.clear();
    v.resize(n, value);
    v
}

/// Compiles `clause` (`Head :- Body`, `Head => Body`, `Head, Guard =>
/// Body` or a fact) with the tables of `buffers`. Variables must be
/// numbered `0..nvars`.
pub fn compile_clause<P: PredTable>(
    preds: &mut P,
    clause: &Term,
    nvars: u32,
    buffers: &mut Buffers,
) -> Result<Compiled, PlError> {
    let ClauseParts {
        head,
        guard,
        body,
        ssu,
    } = ClauseParts::of(clause);
    let (head_module, head) = match head {
        Term::Compound(f, a) if *f == atoms::COLON && a.len() == 2 => match &a[0] {
            Term::Atom(m) => (Some(*m), &a[1]),
            _ => return Err(type_error("module", a[0].clone())),
        },
        t => (None, t),
    };
    let (name, head_args) = match head {
        Term::Var(_) => return Err(super::error::instantiation_error()),
        t => callable_parts(t).ok_or_else(|| type_error("callable", head.clone()))?,
    };
    let caller = preds.head_id(head_module, name, head_args.len());
    let mut ctx = Ctx {
        preds,
        caller,
        vars: refill(&mut buffers.vars, nvars as usize + 1, VarInfo::default()),
        totals: std::mem::take(&mut buffers.totals),
        chunk: 0,
        nontail_call: false,
        clause_level: nvars,
        neck_cuts: refill(&mut buffers.neck_cuts, 0, false),
        code: Vec::with_capacity(16),
        perm: std::mem::take(&mut buffers.perm),
        temp: std::mem::take(&mut buffers.temp),
        seen: std::mem::take(&mut buffers.seen),
        env: false,
        next_tmp: 0,
        tmp_base: 0,
        max_x: 0,
        cut_index: 0,
        ssu,
        in_ssu_head: false,
        det_tail: None,
        in_place: Vec::new(),
        wake_points: false,
    };
    let fact_body = Term::Atom(atoms::TRUE);
    let body = body.unwrap_or(&fact_body);
    // A `=>` clause commits (cuts) once its head and guard matched.
    let committed;
    let body = if ssu {
        committed = Term::Compound(atoms::COMMA, vec![Term::Atom(atoms::CUT), body.clone()]);
        &committed
    } else {
        body
    };
    let tree = BodyTree::build(ctx.preds, body, guard, nvars + 1)?;
    ctx.det_tail = det_tail(&tree);
    ctx.vars
        .resize(ctx.vars.len() + tree.levels as usize, VarInfo::default());
    // analysis: total occurrences first, then chunks
    let nvars_all = ctx.vars.len();
    ctx.totals = refill(&mut ctx.totals, nvars_all, 0);
    let mut in_head = refill(&mut buffers.in_head, nvars_all, false);
    for_each_var(head_args, |v| {
        ctx.totals[v as usize] += 1;
        in_head[v as usize] = true;
    });
    for node in &tree.nodes {
        if let Some(args) = node.goal_args() {
            for_each_var(args, |v| ctx.totals[v as usize] += 1);
        }
    }
    let inits = tree.init_sets(&in_head);
    let mut max_arity = head_args.len();
    for a in head_args {
        ctx.note_term(a);
    }
    ctx.analyze(&tree, &inits, &mut max_arity);
    // classification
    let n = ctx.vars.len();
    ctx.perm = refill(&mut ctx.perm, n, None);
    ctx.temp = refill(&mut ctx.temp, n, 0);
    ctx.seen = refill(&mut ctx.seen, n, false);
    let mut ny: Y = 0;
    let mut nx: X = 0;
    for v in 0..n {
        let info = ctx.vars[v];
        if info.count == 0 {
            continue;
        }
        if info.first_chunk != info.last_chunk {
            ctx.perm[v] = Some(ny);
            ny += 1;
        } else {
            ctx.temp[v] = max_arity as X + nx;
            nx += 1;
        }
    }
    ctx.tmp_base = max_arity as X + nx;
    ctx.max_x = ctx.tmp_base;
    // A fact has no goals to allocate registers across.
    if !matches!(tree.nodes[tree.root], Node::True) {
        let goals = top_goals(&tree);
        let setters = ctx.register_setters(head_args, &tree, &goals);
        let placed = ctx.keep_in_argument_registers(head_args, &tree, &goals);
        ctx.target_argument_registers(head_args, &tree, &goals, &setters, placed);
    }
    ctx.env = ny > 0 || ctx.nontail_call;
    let entry = if ssu {
        ctx.code.push(Instr::SsuNoMatch(ctx.caller));
        1
    } else {
        0
    };
    if ctx.env {
        let pred = ctx.caller;
        ctx.code.push(Instr::Allocate(ny, pred));
        if let Some(y) = ctx.perm[ctx.clause_level as usize] {
            ctx.code.push(Instr::GetLevel(y));
            ctx.seen[ctx.clause_level as usize] = true;
        }
    }
    let head_start = ctx.code.len();
    ctx.head(head_args);
    if ssu {
        for ins in &mut ctx.code[head_start..] {
            *ins = matching(*ins);
        }
    }
    ctx.gen(&tree, &inits);
    if ctx.wake_points {
        peephole::drop_covered_wake_points(&mut ctx.code);
    }
    // The pairs it fuses all work on an environment frame.
    if ctx.env {
        peephole::fuse_pairs(&mut ctx.code, entry as usize);
    }
    *buffers = Buffers {
        vars: ctx.vars,
        totals: ctx.totals,
        in_head,
        neck_cuts: ctx.neck_cuts,
        perm: ctx.perm,
        temp: ctx.temp,
        seen: ctx.seen,
    };
    Ok(Compiled {
        code: ctx.code,
        entry,
        xregs: ctx.max_x as usize + 1,
    })
}

/// The instruction of a `=>` clause's head for head instruction `ins`: it
/// matches where `ins` would unify (a variable of the call matches only a
/// variable of the head, repeated head variables compare with `==`).
fn matching(ins: Instr) -> Instr {
    match ins {
        Instr::GetValX(x, a) => Instr::MatchValX(x, a),
        Instr::GetValY(y, a) => Instr::MatchValY(y, a),
        Instr::GetConst(c, a) => Instr::MatchConst(c, a),
        Instr::GetBoxed(k, a) => Instr::MatchBoxed(k, a),
        Instr::GetList(a) => Instr::MatchList(a),
        Instr::GetListVars(a, h, t) => Instr::MatchListVars(a, h, t),
        Instr::GetStruct(f, a) => Instr::MatchStruct(f, a),
        Instr::UnifyValX(x) => Instr::MatchUnifyValX(x),
        Instr::UnifyValY(y) => Instr::MatchUnifyValY(y),
        Instr::UnifyConst(c) => Instr::MatchUnifyConst(c),
        other => other,
    }
}

/// The last goal of the top conjunction when it is a call that a `$/0`
/// before it in that conjunction makes inherit the determinism check.
fn det_tail(tree: &BodyTree) -> Option<NodeId> {
    let Node::Conj(items) = &tree.nodes[tree.root] else {
        return None;
    };
    let (&last, before) = items.split_last()?;
    let guarded = before
        .iter()
        .any(|&i| matches!(tree.nodes[i], Node::DetCut));
    let call = matches!(tree.nodes[last], Node::Goal { inline: false, .. });
    (guarded && call).then_some(last)
}

impl<'p, P: PredTable> Ctx<'p, P> {
    /// Lets a temporary that arrives as head argument `i` stay in argument
    /// register `i` (no move in, and no move out when it is argument `i` of
    /// the call too), where nothing writes that register before its last use:
    /// the body up to its first call is inline goals that set up at most `i`
    /// argument registers or pass it as argument `i` (`=/2` sets up none)
    /// and cuts, and that call either passes it as argument `i` or uses it
    /// only in arguments before `i`. (A temporary of the head lives only up
    /// to the first call: one used after it is permanent.) A permanent
    /// variable that the call passes on as the argument it came in as is
    /// left there for it too (`in_place`), and a variable met inside a head
    /// compound may be put straight into the register of the call argument
    /// it is (see below).
    ///
    /// Compiled arithmetic counts as setting up its arguments here: the
    /// register is better left to the value it computes (`N1 is N - 1,
    /// p(N1)`, see `target_argument_registers`). `goals`: the top
    /// conjunction (`top_goals`). Returns the argument registers so taken
    /// (none when the body up to the first call is not a run of inline
    /// goals and cuts).
    fn keep_in_argument_registers(
        &mut self,
        head_args: &[Term],
        tree: &BodyTree,
        goals: &[NodeId],
    ) -> Vec<bool> {
        // The arguments of the inline goals before the call that set up argument registers.
        let mut inline_args: Vec<&[Term]> = Vec::new();
        let mut call: Option<&[Term]> = None;
        for &g in goals {
            match &tree.nodes[g] {
                Node::True | Node::Cut | Node::DetCut => {}
                Node::Goal {
                    pred,
                    args,
                    inline: true,
                } => {
                    if !self.is_unify(*pred) {
                        inline_args.push(args);
                    }
                }
                Node::Goal {
                    args,
                    inline: false,
                    ..
                } => {
                    call = Some(args);
                    break;
                }
                _ => return Vec::new(),
            }
        }
        let clobbered = |i: usize, v: usize| clobbers(&inline_args, i, v);
        let mut placed = vec![false; head_args.len().max(call.map_or(0, |a| a.len()))];
        for (i, a) in head_args.iter().enumerate() {
            let Term::Var(v) = a else { continue };
            let v = *v as usize;
            if placed[i] || self.totals[v] < 2 || clobbered(i, v) {
                continue;
            }
            // Only the first head argument a variable appears in as itself.
            if head_args[..i].iter().any(|b| is_var(b, v)) {
                continue;
            }
            if self.perm[v].is_some() {
                // A permanent variable the call passes on as the same argument
                // is still in that register then.
                if call.is_some_and(|args| args.get(i).is_some_and(|t| is_var(t, v))) {
                    self.in_place.push((v as u32, i as X));
                    placed[i] = true;
                }
                continue;
            }
            let safe = match call {
                None => true,
                Some(args) => {
                    args.get(i).is_some_and(|t| is_var(t, v))
                        || !args.iter().skip(i).any(|t| occurs(t, v as u32))
                }
            };
            if safe {
                self.temp[v] = i as X;
                placed[i] = true;
            }
        }
        // A variable first met inside a compound of the head (`H` and `T` of
        // `app([H|T], L, R)`, `DU` of `d(U*V, X, DU*V+U*DV)`) and passed as
        // argument j of the call can be put straight into register j, unless
        // register j holds a compound head argument still to be read then.
        // The compounds are read in the order of `get_structs`: the compound
        // arguments in order, then the nested ones breadth first. Not in a
        // `=>` clause, whose argument registers must stay as they came until
        // it commits.
        let Some(args) = call.filter(|_| !self.ssu) else {
            return placed;
        };
        let is_compound = |t: &Term| matches!(t, Term::Compound(..));
        let mut order: Vec<&Term> = head_args.iter().filter(|a| is_compound(a)).collect();
        // When (in that order) the compound argument in register j is read.
        let read_at = |j: usize| {
            head_args
                .get(j)
                .filter(|a| is_compound(a))
                .map(|_| head_args[..j].iter().filter(|a| is_compound(a)).count())
        };
        // Variables met so far; the plain head arguments come first.
        let mut met = vec![false; self.vars.len()];
        for a in head_args {
            if let Term::Var(v) = a {
                met[*v as usize] = true;
            }
        }
        let mut q = 0;
        while q < order.len() {
            let Term::Compound(_, sub) = order[q] else {
                unreachable!("only compounds are queued")
            };
            for s in sub {
                let w = match s {
                    Term::Compound(..) => {
                        order.push(s);
                        continue;
                    }
                    Term::Var(w) => *w as usize,
                    _ => continue,
                };
                if std::mem::replace(&mut met[w], true)
                    || self.perm[w].is_some()
                    || self.totals[w] < 2
                {
                    continue;
                }
                let Some(j) = args.iter().position(|t| is_var(t, w)) else {
                    continue;
                };
                let read_later = read_at(j).is_some_and(|r| r > q);
                if clobbered(j, w) || placed[j] || read_later {
                    continue;
                }
                self.temp[w] = j as X;
                placed[j] = true;
            }
            q += 1;
        }
        placed
    }

    /// For each goal of the top conjunction `goals`, in order: the arguments
    /// it sets up in argument registers, or None for a goal that sets up
    /// none (`=/2`, arithmetic compiled to register code, cuts).
    fn register_setters<'t>(
        &self,
        head_args: &[Term],
        tree: &BodyTree<'t>,
        goals: &[NodeId],
    ) -> Vec<Option<&'t [Term]>> {
        // The variables with a value at the goal at hand: the head's and
        // those of the goals before it.
        let mut known = vec![false; self.vars.len()];
        for_each_var(head_args, |v| known[v as usize] = true);
        let mut setters = Vec::with_capacity(goals.len());
        for &g in goals {
            let node = &tree.nodes[g];
            setters.push(match node {
                Node::Goal { pred, args, .. }
                    if self.is_unify(*pred)
                        || self.compiles_to_arith(*pred, args, &|v| known[v]) =>
                {
                    None
                }
                node => node.goal_args(),
            });
            if let Some(args) = node.goal_args() {
                for_each_var(args, |v| known[v as usize] = true);
            }
        }
        setters
    }

    /// Lets a temporary of the body that a call takes as argument `j` live
    /// in register `j` from its first occurrence on (`N1 is N - 1, p(N1)`:
    /// the value is made where the call wants it, no move), where the goals
    /// of the top conjunction from that occurrence to the call are inline
    /// goals that set up at most `j` argument registers or pass it there as
    /// themselves. `placed`: the registers that the head's variables keep up
    /// to the first call (`keep_in_argument_registers`); `goals`: the top
    /// conjunction (`top_goals`), `setters`: what its goals set up
    /// (`register_setters`). In a `=>` clause, only after the commit: no
    /// argument register is written before it.
    fn target_argument_registers(
        &mut self,
        head_args: &[Term],
        tree: &BodyTree,
        goals: &[NodeId],
        setters: &[Option<&[Term]>],
        mut placed: Vec<bool>,
    ) {
        // The goals of the current chunk (since the last call, or the commit).
        let mut start = 0;
        let mut committed = !self.ssu;
        for (k, &g) in goals.iter().enumerate() {
            let args = match &tree.nodes[g] {
                Node::Cut if !committed => {
                    committed = true;
                    start = k + 1;
                    continue;
                }
                Node::True
                | Node::Cut
                | Node::DetCut
                | Node::DetEnter(_)
                | Node::DetLeave
                | Node::Goal { inline: true, .. } => continue,
                Node::Goal {
                    args,
                    inline: false,
                    ..
                } => args,
                _ => return,
            };
            if committed {
                let chunk = Chunk {
                    goals: &goals[..k],
                    setters: &setters[..k],
                    start,
                };
                self.target_chunk(head_args, tree, chunk, args, &mut placed);
            }
            placed.clear();
            start = k + 1;
        }
    }

    /// `target_argument_registers` for one call, given the goals before it.
    fn target_chunk(
        &mut self,
        head_args: &[Term],
        tree: &BodyTree,
        chunk: Chunk,
        call: &[Term],
        placed: &mut Vec<bool>,
    ) {
        let Chunk {
            goals,
            setters,
            start,
        } = chunk;
        let occurs_in = |g: NodeId, v: usize| {
            tree.nodes[g]
                .goal_args()
                .is_some_and(|args| args.iter().any(|t| occurs(t, v as u32)))
        };
        placed.resize(placed.len().max(call.len()), false);
        for (j, a) in call.iter().enumerate() {
            let Term::Var(v) = a else { continue };
            let v = *v as usize;
            if placed[j] || self.perm[v].is_some() || head_args.iter().any(|t| occurs(t, v as u32))
            {
                continue;
            }
            // Only the first call argument it is.
            if call[..j].iter().any(|t| is_var(t, v)) {
                continue;
            }
            let Some(first) = (start..goals.len()).find(|&i| occurs_in(goals[i], v)) else {
                continue;
            };
            let inline_args: Vec<&[Term]> = setters[first..].iter().flatten().copied().collect();
            if clobbers(&inline_args, j, v) {
                continue;
            }
            self.temp[v] = j as X;
            placed[j] = true;
        }
    }

    fn note(&mut self, v: u32) {
        let chunk = self.chunk;
        let info = &mut self.vars[v as usize];
        if !info.seen_any {
            info.first_chunk = chunk;
            info.seen_any = true;
        }
        info.last_chunk = chunk;
        info.count += 1;
    }

    fn note_term(&mut self, t: &Term) {
        let mut stack: SmallVec<[&Term; 16]> = smallvec![t];
        while let Some(t) = stack.pop() {
            match t {
                Term::Var(v) => self.note(*v),
                Term::Compound(_, args) => stack.extend(args.iter()),
                _ => {}
            }
        }
    }

    /// Assigns the variables of the body to chunks (see the module header),
    /// in source order, with an explicit stack.
    fn analyze(&mut self, tree: &BodyTree, inits: &[Vec<u32>], max_arity: &mut usize) {
        enum Step {
            Node(NodeId, bool),
            /// The condition of an if-then-else is done: its level again.
            Level(u32),
            /// The second branch of a construct, in a new chunk when asked.
            Second(NodeId, bool, bool),
        }
        let mut steps = vec![Step::Node(tree.root, true)];
        while let Some(step) = steps.pop() {
            let (id, tail) = match step {
                Step::Node(id, tail) => (id, tail),
                Step::Level(v) => {
                    self.note(v);
                    continue;
                }
                Step::Second(id, tail, new_chunk) => {
                    if new_chunk {
                        self.chunk += 1;
                    }
                    (id, tail)
                }
            };
            match &tree.nodes[id] {
                Node::Goal { args, inline, .. } => {
                    *max_arity = (*max_arity).max(args.len());
                    for a in args.iter() {
                        self.note_term(a);
                    }
                    if !inline {
                        if !tail {
                            self.nontail_call = true;
                        }
                        self.chunk += 1;
                    }
                }
                Node::DetEnter(goal) => {
                    for a in goal.iter() {
                        self.note_term(a);
                    }
                }
                Node::Cut | Node::DetCut => {
                    let neck = self.chunk == 0;
                    self.neck_cuts.push(neck);
                    if !neck {
                        let c = self.chunk;
                        self.chunk = 0;
                        self.note(self.clause_level);
                        self.chunk = c;
                        self.note(self.clause_level);
                    }
                }
                Node::True | Node::Fail | Node::NoMatch | Node::DetLeave => {}
                Node::Conj(items) => {
                    let n = items.len();
                    for (i, &g) in items.iter().enumerate().rev() {
                        steps.push(Step::Node(g, tail && i + 1 == n));
                    }
                }
                Node::Or(a, b) => {
                    // Variables initialised before the construct occur here, in the current chunk.
                    for &v in &inits[id] {
                        self.note(v);
                    }
                    // The second branch runs after backtracking, when anything (the
                    // rest of the clause, the caller's continuation) may have run and
                    // overwritten registers: it starts a new chunk, so variables it
                    // shares with the code before the construct are permanent.
                    steps.push(Step::Second(*b, tail, true));
                    steps.push(Step::Node(*a, tail));
                }
                Node::Ite {
                    cond,
                    then,
                    els,
                    level,
                    commit,
                } => {
                    for &v in &inits[id] {
                        self.note(v);
                    }
                    // The else branch runs after the condition failed; calls in the
                    // condition may have overwritten registers by then.
                    steps.push(Step::Second(*els, tail, tree.calls[*cond]));
                    steps.push(Step::Node(*then, tail));
                    // The guard of a `=>` clause keeps no level: its then
                    // branch cuts the whole clause.
                    if *commit != Commit::Ssu {
                        self.note(*level);
                        steps.push(Step::Level(*level));
                    }
                    steps.push(Step::Node(*cond, false));
                }
            }
        }
    }

    // ---- code generation ----

    fn emit(&mut self, i: Instr) -> usize {
        self.code.push(i);
        self.code.len() - 1
    }

    fn here(&self) -> Addr {
        self.code.len() as Addr
    }

    fn new_tmp(&mut self) -> X {
        let x = self.next_tmp;
        self.next_tmp += 1;
        self.max_x = self.max_x.max(x);
        x
    }

    fn is_void(&self, v: u32) -> bool {
        self.totals.get(v as usize).copied().unwrap_or(0) == 1 && self.perm[v as usize].is_none()
    }

    fn const_cell(&mut self, t: &Term) -> Option<Result<Cell, u32>> {
        match t {
            Term::Atom(a) => Some(Ok(Cell::atom(*a))),
            Term::Int(i) if Cell::fits_small(*i) => Some(Ok(Cell::small(*i))),
            Term::Int(_) | Term::BigInt(_) | Term::Float(_) | Term::Str(_) => {
                Some(Err(self.preds.add_const(t)))
            }
            _ => None,
        }
    }

    fn head(&mut self, args: &[Term]) {
        self.next_tmp = self.tmp_base;
        self.in_ssu_head = self.ssu;
        let mut pending: Vec<(&Term, X)> = Vec::new();
        for (i, a) in args.iter().enumerate() {
            self.get_arg(a, i as X, &mut pending);
        }
        self.get_structs(pending);
        self.in_ssu_head = false;
    }

    /// `A = B` in a body, compiled as head unification: one side is put into
    /// a temporary register and the other is unified with it by get code,
    /// which reads an existing term or builds a new one.
    fn unify_goal(&mut self, args: &[Term]) {
        self.next_tmp = self.tmp_base;
        // Unify a compound by get code (no copy is built when the other side is bound).
        let (put, get) = match (&args[0], &args[1]) {
            (Term::Compound(..), b) if !matches!(b, Term::Compound(..)) => (&args[1], &args[0]),
            _ => (&args[0], &args[1]),
        };
        let r = self.new_tmp();
        self.put_arg(put, r);
        let mut pending = Vec::new();
        self.get_arg(get, r, &mut pending);
        self.get_structs(pending);
    }

    /// Unifies argument register `ai` with `a`: variables and constants now,
    /// compounds later (pushed on `pending`, see `get_structs`).
    fn get_arg<'t>(&mut self, a: &'t Term, ai: X, pending: &mut Vec<(&'t Term, X)>) {
        match a {
            Term::Var(v) => {
                let v = *v;
                if self.is_void(v) {
                    return;
                }
                let first = !self.seen[v as usize];
                self.seen[v as usize] = true;
                let ins = match (self.perm[v as usize], first) {
                    (Some(y), true) => Instr::GetVarY(y, ai),
                    (Some(y), false) => Instr::GetValY(y, ai),
                    (None, true) if self.temp[v as usize] == ai => return,
                    (None, true) => Instr::GetVarX(self.temp[v as usize], ai),
                    (None, false) => Instr::GetValX(self.temp[v as usize], ai),
                };
                self.emit(ins);
            }
            Term::Compound(..) => pending.push((a, ai)),
            t => {
                let ins = match self.const_cell(t).unwrap() {
                    Ok(c) => Instr::GetConst(c, ai),
                    Err(k) => Instr::GetBoxed(k, ai),
                };
                self.emit(ins);
            }
        }
    }

    /// Unifies each compound of `pending` with its register, breadth first:
    /// nested compounds are unified through temporaries.
    fn get_structs(&mut self, mut pending: Vec<(&Term, X)>) {
        let mut boxed: Vec<(u32, X)> = Vec::new();
        let mut qi = 0;
        while qi < pending.len() {
            let (t, reg) = pending[qi];
            qi += 1;
            let Term::Compound(f, sub) = t else {
                unreachable!()
            };
            if *f == atoms::DOT && sub.len() == 2 {
                self.emit(Instr::GetList(reg));
            } else {
                self.emit(Instr::GetStruct(Cell::functor(*f, sub.len()), reg));
            }
            for s in sub {
                match s {
                    Term::Var(v) => {
                        let v = *v;
                        if self.is_void(v) {
                            self.unify_void();
                            continue;
                        }
                        let first = !self.seen[v as usize];
                        self.seen[v as usize] = true;
                        let ins = match (self.perm[v as usize], first) {
                            (Some(y), true) => Instr::UnifyVarY(y),
                            (Some(y), false) => Instr::UnifyValY(y),
                            (None, true) => Instr::UnifyVarX(self.temp[v as usize]),
                            (None, false) => Instr::UnifyValX(self.temp[v as usize]),
                        };
                        self.emit(ins);
                    }
                    Term::Compound(..) => {
                        let x = self.new_tmp();
                        self.emit(Instr::UnifyVarX(x));
                        pending.push((s, x));
                    }
                    t => match self.const_cell(t).unwrap() {
                        Ok(c) => {
                            self.emit(Instr::UnifyConst(c));
                        }
                        Err(k) => {
                            // A boxed value is a block of cells of its own: unify it after the structure.
                            let x = self.new_tmp();
                            self.emit(Instr::UnifyVarX(x));
                            boxed.push((k, x));
                        }
                    },
                }
            }
            // `[H|T]` with two new variables, the most common list pattern, is one instruction.
            // So is `[H|T]` with H known and T new (building or matching a list cell by cell).
            match self.code[..] {
                [.., Instr::GetList(r), Instr::UnifyVarX(h), Instr::UnifyVarX(t)] => {
                    self.code.truncate(self.code.len() - 3);
                    self.emit(Instr::GetListVars(r, h, t));
                }
                [.., Instr::GetList(r), Instr::UnifyValX(h), Instr::UnifyVarX(t)]
                    if !self.in_ssu_head =>
                {
                    self.code.truncate(self.code.len() - 3);
                    self.emit(Instr::GetListValVar(r, h, t));
                }
                _ => {}
            }
            for (k, x) in boxed.drain(..) {
                self.emit(Instr::GetBoxed(k, x));
            }
        }
    }

    fn unify_void(&mut self) {
        if let Some(Instr::UnifyVoid(n)) = self.code.last_mut() {
            *n += 1;
        } else {
            self.emit(Instr::UnifyVoid(1));
        }
    }

    fn set_void(&mut self) {
        if let Some(Instr::SetVoid(n)) = self.code.last_mut() {
            *n += 1;
        } else {
            self.emit(Instr::SetVoid(1));
        }
    }

    /// Puts `t` into argument register `ai`.
    fn put_arg(&mut self, t: &Term, ai: X) {
        match t {
            Term::Var(v) => {
                let v = *v;
                let first = !self.seen[v as usize];
                self.seen[v as usize] = true;
                let ins = match (self.perm[v as usize], first) {
                    (Some(y), true) => Instr::PutVarY(y, ai),
                    (Some(_), false) if self.in_place.contains(&(v, ai)) => return,
                    (Some(y), false) => Instr::PutValY(y, ai),
                    (None, true) if self.is_void(v) => {
                        let x = self.new_tmp();
                        Instr::PutVarX(x, ai)
                    }
                    (None, true) => Instr::PutVarX(self.temp[v as usize], ai),
                    (None, false) if self.temp[v as usize] == ai => return,
                    (None, false) => Instr::PutValX(self.temp[v as usize], ai),
                };
                self.emit(ins);
            }
            Term::Compound(..) => self.build(t, ai),
            t => {
                let ins = match self.const_cell(t).unwrap() {
                    Ok(c) => Instr::PutConst(c, ai),
                    Err(k) => Instr::PutBoxed(k, ai),
                };
                self.emit(ins);
            }
        }
    }

    /// Builds compound `t` into register `target`, inner structures first.
    fn build(&mut self, t: &Term, target: X) {
        // Post-order list of compound nodes with their registers.
        let mut order: Vec<(&Term, X)> = Vec::new();
        let mut stack: Vec<(&Term, X)> = vec![(t, target)];
        while let Some((n, r)) = stack.pop() {
            order.push((n, r));
            if let Term::Compound(_, sub) = n {
                for s in sub {
                    if matches!(s, Term::Compound(..)) {
                        let x = self.new_tmp();
                        stack.push((s, x));
                    }
                }
            }
        }
        // `order` is a pre-order; emitting it reversed builds children before parents.
        let mut regs: HashMap<*const Term, X> = HashMap::new();
        for &(n, r) in &order {
            regs.insert(n as *const Term, r);
        }
        for &(n, r) in order.iter().rev() {
            let Term::Compound(f, sub) = n else {
                unreachable!()
            };
            // Boxed values are blocks of cells of their own: build them before the structure.
            let mut boxed_regs: Vec<X> = Vec::new();
            for s in sub {
                if let Some(Err(k)) = self.const_cell(s) {
                    let x = self.new_tmp();
                    self.emit(Instr::PutBoxed(k, x));
                    boxed_regs.push(x);
                }
            }
            let mut boxed_regs = boxed_regs.into_iter();
            if *f == atoms::DOT && sub.len() == 2 {
                self.emit(Instr::PutList(r));
            } else {
                self.emit(Instr::PutStruct(Cell::functor(*f, sub.len()), r));
            }
            for s in sub {
                match s {
                    Term::Var(v) => {
                        let v = *v;
                        if self.is_void(v) {
                            self.set_void();
                            continue;
                        }
                        let first = !self.seen[v as usize];
                        self.seen[v as usize] = true;
                        let ins = match (self.perm[v as usize], first) {
                            (Some(y), true) => Instr::SetVarY(y),
                            (Some(y), false) => Instr::SetValY(y),
                            (None, true) => Instr::SetVarX(self.temp[v as usize]),
                            (None, false) => Instr::SetValX(self.temp[v as usize]),
                        };
                        self.emit(ins);
                    }
                    Term::Compound(..) => {
                        let x = regs[&(s as *const Term)];
                        self.emit(Instr::SetValX(x));
                    }
                    t => {
                        let ins = match t {
                            Term::Atom(a) => Instr::SetConst(Cell::atom(*a)),
                            Term::Int(i) if Cell::fits_small(*i) => {
                                Instr::SetConst(Cell::small(*i))
                            }
                            _ => Instr::SetValX(boxed_regs.next().expect("boxed register")),
                        };
                        self.emit(ins);
                    }
                }
            }
        }
    }

    /// Whether inline goal `id(args)` compiles to arithmetic code (`is/2`
    /// with a variable on the left, a comparison), which sets up no
    /// argument register, when its variables `usable` have values then.
    fn compiles_to_arith(&self, id: PredId, args: &[Term], usable: &dyn Fn(usize) -> bool) -> bool {
        let (name, arity) = self.preds.name_of(id);
        if arity != 2 {
            return false;
        }
        let mut scratch = Vec::new();
        match CmpOp::from_name(name.name()) {
            Some(_) => {
                self.arith_code_if(&args[0], &mut scratch, 0, usable)
                    && self.arith_code_if(&args[1], &mut scratch, 0, usable)
            }
            None => {
                name.name() == "is"
                    && matches!(args[0], Term::Var(_))
                    && self.arith_code_if(&args[1], &mut scratch, 0, usable)
            }
        }
    }

    /// Compiles `is/2` or an arithmetic comparison whose expressions are known
    /// now into an `Arith` instruction; false (nothing emitted) otherwise.
    fn arith(&mut self, id: PredId, args: &[Term]) -> bool {
        if !self.compiles_to_arith(id, args, &|v| self.seen[v]) {
            return false;
        }
        let (name, _) = self.preds.name_of(id);
        let cmp = CmpOp::from_name(name.name());
        let mut left = Vec::new();
        let mut right = Vec::new();
        let kind = match cmp {
            Some(op) => {
                self.arith_code(&args[0], &mut left, 0);
                self.arith_code(&args[1], &mut right, 0);
                ArithKind::Cmp(op)
            }
            None => {
                let Term::Var(v) = &args[0] else {
                    unreachable!("checked by compiles_to_arith")
                };
                self.arith_code(&args[1], &mut left, 0);
                let v = *v as usize;
                let first = !self.seen[v];
                self.seen[v] = true;
                let dst = match self.perm[v] {
                    Some(y) => Reg::Y(y),
                    None if self.is_void(v as u32) => Reg::X(self.new_tmp()),
                    None => Reg::X(self.temp[v]),
                };
                ArithKind::Is { dst, first }
            }
        };
        let k = self.preds.add_arith(ArithGoal::new(kind, left, right, id));
        self.emit(Instr::Arith(k));
        true
    }

    /// Postfix code for an arithmetic expression, or false when it must be left
    /// to the general evaluator (unknown functions, unbound or unusual leaves).
    fn arith_code(&self, t: &Term, out: &mut Vec<AOp>, depth: usize) -> bool {
        self.arith_code_if(t, out, depth, &|v| self.seen[v])
    }

    /// `arith_code`, where variable `v` may be used when `usable(v)` (it
    /// has a value by then).
    fn arith_code_if(
        &self,
        t: &Term,
        out: &mut Vec<AOp>,
        depth: usize,
        usable: &dyn Fn(usize) -> bool,
    ) -> bool {
        if depth > 64 {
            return false;
        }
        match t {
            Term::Var(v) => {
                let v = *v as usize;
                if !usable(v) {
                    return false;
                }
                out.push(AOp::Reg(match self.perm[v] {
                    Some(y) => Reg::Y(y),
                    None => Reg::X(self.temp[v]),
                }));
            }
            Term::Int(i) => out.push(AOp::Int(*i)),
            Term::BigInt(b) => out.push(AOp::Num(Number::Big(b.clone()))),
            Term::Float(f) => out.push(AOp::Num(Number::Float(*f))),
            Term::Atom(a) if *a != atoms::NIL && is_evaluable(*a, 0) => out.push(AOp::Apply(*a, 0)),
            Term::Compound(f, args)
                if args.len() <= 2 && *f != atoms::DOT && is_evaluable(*f, args.len()) =>
            {
                // The second operand is pushed first, so the first ends on top.
                for a in args.iter().rev() {
                    if !self.arith_code_if(a, out, depth + 1, usable) {
                        return false;
                    }
                }
                out.push(match (f.name(), args.len()) {
                    ("+", 2) => AOp::Add,
                    ("-", 2) => AOp::Sub,
                    ("*", 2) => AOp::Mul,
                    (_, n) => AOp::Apply(*f, n as u8),
                });
            }
            _ => return false,
        }
        true
    }

    fn leave(&mut self) {
        if self.env {
            self.emit(Instr::Deallocate);
        }
        self.emit(Instr::Proceed);
    }

    fn level_reg(&mut self, v: u32) -> Reg {
        self.seen[v as usize] = true;
        match self.perm[v as usize] {
            Some(y) => Reg::Y(y),
            None => Reg::X(self.temp[v as usize]),
        }
    }

    /// Gives a fresh variable to each of `vars` before a branching construct.
    fn init_vars(&mut self, vars: &[u32]) {
        for &v in vars {
            self.seen[v as usize] = true;
            let ins = match self.perm[v as usize] {
                Some(y) => Instr::InitY(y),
                None => Instr::InitX(self.temp[v as usize]),
            };
            self.emit(ins);
        }
    }

    /// True for `=/2`, which compiles inline (`unify_goal`).
    /// True for call/N (a body goal that is a variable is compiled as call/1).
    fn is_call_n(&self, id: PredId) -> bool {
        let (name, arity) = self.preds.name_of(id);
        arity >= 1 && name == atoms::CALL
    }

    fn is_unify(&self, id: PredId) -> bool {
        let (name, arity) = self.preds.name_of(id);
        arity == 2 && name == atoms::EQUALS
    }

    /// Emits the tests of a guard condition, each failing to an else address
    /// patched in later; their positions go to `tests`. The tests of a `=>`
    /// clause's guard take their arguments in temporaries, not in the
    /// argument registers, which its no-match code reads.
    fn gen_guard(&mut self, tree: &BodyTree, cond: NodeId, tests: &mut Vec<usize>) {
        let mut stack = vec![cond];
        while let Some(id) = stack.pop() {
            match &tree.nodes[id] {
                Node::Goal { pred, args, .. } => {
                    self.next_tmp = self.tmp_base;
                    if self.arith(*pred, args) {
                        let at = self.code.len() - 1;
                        if let Instr::Arith(k) = self.code[at] {
                            self.code[at] = Instr::ArithElse(k, 0);
                            tests.push(at);
                        }
                        continue;
                    }
                    let base = if self.ssu {
                        let base = self.new_tmp();
                        for _ in 1..args.len() {
                            self.new_tmp();
                        }
                        base
                    } else {
                        0
                    };
                    for (i, a) in args.iter().enumerate() {
                        self.put_arg(a, base + i as X);
                    }
                    tests.push(self.emit(Instr::TestElse(*pred, 0, base)));
                }
                Node::Conj(items) => stack.extend(items.iter().rev()),
                _ => {}
            }
        }
    }

    /// Generates the code of the body, in source order, with an explicit stack.
    fn gen(&mut self, tree: &BodyTree, inits: &[Vec<u32>]) {
        enum Step {
            Node(NodeId, bool),
            /// After the first branch of a disjunction whose `TryElse` is at `at`.
            OrElse {
                at: usize,
                second: NodeId,
                tail: bool,
            },
            /// After the condition of an if-then-else (not a guard): commit.
            Commit {
                reg: Reg,
                soft: bool,
            },
            /// After the then part: the else part, where the condition's tests go.
            Else {
                tests: Vec<usize>,
                els: NodeId,
                tail: bool,
            },
            /// The end of a construct: the jump from its first branch lands here.
            Join(Option<usize>),
        }
        let mut steps = vec![Step::Node(tree.root, true)];
        while let Some(step) = steps.pop() {
            let (id, tail) = match step {
                Step::Node(id, tail) => (id, tail),
                Step::OrElse { at, second, tail } => {
                    let jump = self.jump_unless(tail);
                    let else_at = self.here();
                    self.code[at] = Instr::TryElse(else_at, None);
                    steps.push(Step::Join(jump));
                    steps.push(Step::Node(second, tail));
                    continue;
                }
                Step::Commit { reg, soft } => {
                    self.emit(if soft {
                        Instr::SoftCut(reg)
                    } else {
                        Instr::CutTo(reg)
                    });
                    continue;
                }
                Step::Else { tests, els, tail } => {
                    let jump = self.jump_unless(tail);
                    let else_at = self.here();
                    for at in tests {
                        self.code[at] = self.code[at].retarget(|_| else_at);
                    }
                    steps.push(Step::Join(jump));
                    steps.push(Step::Node(els, tail));
                    continue;
                }
                Step::Join(jump) => {
                    if let Some(j) = jump {
                        let end = self.here();
                        self.code[j] = Instr::Jump(end);
                    }
                    continue;
                }
            };
            match &tree.nodes[id] {
                Node::Goal { pred, args, inline } => {
                    let det = self.det_tail == Some(id);
                    self.gen_goal(*pred, args, *inline, tail, det)
                }
                Node::Cut | Node::DetCut => {
                    let neck = self.neck_cuts[self.cut_index];
                    self.cut_index += 1;
                    let level = self.perm[self.clause_level as usize];
                    self.emit(match (&tree.nodes[id], neck) {
                        // Before any call the clause level is also in the slot, if it has one.
                        (Node::DetCut, _) => {
                            Instr::DetCut(level.unwrap_or(NECK_LEVEL), self.caller, self.env)
                        }
                        (_, true) => Instr::NeckCut,
                        (_, false) => Instr::CutY(level.expect("clause level is permanent")),
                    });
                    if tail {
                        self.leave();
                    }
                }
                Node::DetEnter(goal) => {
                    self.next_tmp = self.tmp_base;
                    let x = self.new_tmp();
                    self.put_arg(&goal[0], x);
                    self.emit(Instr::DetPush(x));
                }
                Node::DetLeave => {
                    self.emit(Instr::DetPop);
                    if tail {
                        self.leave();
                    }
                }
                Node::NoMatch => {
                    self.emit(Instr::SsuNoMatch(self.caller));
                }
                Node::True => {
                    if tail {
                        self.leave();
                    }
                }
                Node::Fail => {
                    self.emit(Instr::Fail);
                }
                Node::Conj(items) => {
                    let n = items.len();
                    for (i, &g) in items.iter().enumerate().rev() {
                        steps.push(Step::Node(g, tail && i + 1 == n));
                    }
                }
                Node::Or(a, b) => {
                    self.init_vars(&inits[id]);
                    let at = self.emit(Instr::TryElse(0, None));
                    steps.push(Step::OrElse {
                        at,
                        second: *b,
                        tail,
                    });
                    steps.push(Step::Node(*a, tail));
                }
                Node::Ite {
                    cond,
                    then,
                    els,
                    commit,
                    level,
                } => {
                    self.init_vars(&inits[id]);
                    // A condition of pure tests needs no choicepoint: each test
                    // jumps to the else branch when it fails.
                    let mut tests = Vec::new();
                    let guard = *commit != Commit::Soft && tree.guard[*cond];
                    let reg = match commit {
                        _ if guard => {
                            self.gen_guard(tree, *cond, &mut tests);
                            None
                        }
                        Commit::Ssu => {
                            let arity = self.preds.name_of(self.caller).1 as u32;
                            tests.push(self.emit(Instr::SsuTry(0, arity)));
                            None
                        }
                        _ => {
                            let reg = self.level_reg(*level);
                            tests.push(self.emit(Instr::TryElse(0, Some(reg))));
                            Some(reg)
                        }
                    };
                    steps.push(Step::Else {
                        tests,
                        els: *els,
                        tail,
                    });
                    steps.push(Step::Node(*then, tail));
                    if !guard {
                        if let Some(reg) = reg {
                            let soft = *commit == Commit::Soft;
                            steps.push(Step::Commit { reg, soft });
                        }
                        steps.push(Step::Node(*cond, false));
                    }
                }
            }
        }
    }

    /// A jump to be patched to the end of a construct, unless its branch
    /// ends the clause.
    fn jump_unless(&mut self, tail: bool) -> Option<usize> {
        if tail {
            None
        } else {
            Some(self.emit(Instr::Jump(0)))
        }
    }

    /// A goal: `=/2` and arithmetic inline, other inline builtins, or a call
    /// (`det`: the last call after `$/0`, which inherits its check).
    fn gen_goal(&mut self, pred: PredId, args: &[Term], inline: bool, tail: bool, det: bool) {
        self.next_tmp = self.tmp_base;
        let compiled_inline = inline
            && if self.is_unify(pred) {
                self.unify_goal(args);
                self.emit(Instr::WakePoint);
                self.wake_points = true;
                true
            } else {
                self.arith(pred, args)
            };
        if compiled_inline {
            if tail {
                self.leave();
            }
            return;
        }
        for (i, a) in args.iter().enumerate() {
            self.put_arg(a, i as X);
        }
        if inline {
            self.emit(Instr::Builtin(pred));
            if tail {
                self.leave();
            }
        } else {
            self.in_place.clear();
            if self.is_call_n(pred) {
                self.emit(Instr::Caller(self.caller));
            }
            if !tail {
                self.emit(Instr::Call(pred));
            } else {
                if self.env {
                    self.emit(Instr::Deallocate);
                }
                self.emit(if det {
                    Instr::DetExecute(pred, self.caller)
                } else {
                    Instr::Execute(pred)
                });
            }
        }
    }
}

/// The goals of a chunk of the top conjunction up to a call: the goals
/// before the call, what they set up (`register_setters`), and where the
/// chunk starts among them.
struct Chunk<'a, 't> {
    goals: &'a [NodeId],
    setters: &'a [Option<&'t [Term]>],
    start: usize,
}

/// The goals of the body's top conjunction in order, with the conjunctions
/// in it (`$(Goal)` makes one) opened up.
fn top_goals(tree: &BodyTree) -> Vec<NodeId> {
    let mut goals = Vec::new();
    let mut todo = vec![tree.root];
    while let Some(g) = todo.pop() {
        match &tree.nodes[g] {
            Node::Conj(items) => todo.extend(items.iter().rev()),
            _ => goals.push(g),
        }
    }
    goals
}

/// Whether one of the inline goals with these arguments writes argument
/// register `i` with something else than variable `v`.
fn clobbers(inline_args: &[&[Term]], i: usize, v: usize) -> bool {
    inline_args
        .iter()
        .any(|args| args.get(i).is_some_and(|t| !is_var(t, v)))
}

/// True when `t` is variable `v` itself.
fn is_var(t: &Term, v: usize) -> bool {
    matches!(t, Term::Var(w) if *w as usize == v)
}

/// True when variable `v` occurs in `t`.
fn occurs(t: &Term, v: u32) -> bool {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match t {
            Term::Var(w) if *w == v => return true,
            Term::Compound(_, a) => stack.extend(a.iter()),
            _ => {}
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::Machine;

    /// `p(A, B, R) :- q(A, B, R), q(R, R, R)`: the temporaries that go to
    /// the first call as the arguments they came in as stay in their
    /// registers, though that call is not the last goal; so does the
    /// permanent R (saved in its slot, not moved back for the call).
    #[test]
    fn temporaries_stay_in_place_up_to_the_first_call() {
        let mut m = Machine::new();
        let (a, b, r) = (Term::Var(0), Term::Var(1), Term::Var(2));
        let head = Term::compound("p", vec![a.clone(), b.clone(), r.clone()]);
        let body = Term::compound(
            ",",
            vec![
                Term::compound("q", vec![a, b, r.clone()]),
                Term::compound("q", vec![r.clone(), r.clone(), r]),
            ],
        );
        let clause = Term::compound(":-", vec![head, body]);
        let code = compile_clause(&mut m.db, &clause, 3, &mut Buffers::default())
            .unwrap()
            .code;
        let first_call = code.iter().position(|i| matches!(i, Instr::Call(_)));
        let moves = code[..first_call.expect("a call")]
            .iter()
            .filter(|i| {
                matches!(
                    i,
                    Instr::GetVarX(..)
                        | Instr::PutValX(..)
                        | Instr::PutValY(..)
                        | Instr::PutValYY(..)
                )
            })
            .count();
        assert_eq!(moves, 0, "{code:?}");
    }

    /// A body unification is followed by a wake-up point unless a call or
    /// a builtin comes next with only argument set-up between (those run
    /// the wake-up themselves); the jumps of the branches removing one
    /// crosses still land on their targets.
    #[test]
    fn wake_points_follow_unifications_that_no_call_follows() {
        let mut m = Machine::new();
        let (x, y) = (Term::Var(0), Term::Var(1));
        let eq = |a: &Term, b: Term| Term::compound("=", vec![a.clone(), b]);
        let conj = |a, b| Term::compound(",", vec![a, b]);
        let compile = |m: &mut Machine, body| {
            let head = Term::compound("p", vec![x.clone(), y.clone()]);
            let clause = Term::compound(":-", vec![head, body]);
            compile_clause(&mut m.db, &clause, 2, &mut Buffers::default())
                .unwrap()
                .code
        };
        let wake_points = |code: &[Instr]| {
            code.iter()
                .filter(|i| matches!(i, Instr::WakePoint))
                .count()
        };
        // X = Y, q(X): the call runs the wake-up.
        let call = Term::compound("q", vec![x.clone()]);
        let code = compile(&mut m, conj(eq(&x, y.clone()), call.clone()));
        assert_eq!(wake_points(&code), 0, "{code:?}");
        // X = Y, X = 1: after each (the second ends the clause).
        let code = compile(&mut m, conj(eq(&x, y.clone()), eq(&x, Term::Int(1))));
        assert_eq!(wake_points(&code), 2, "{code:?}");
        // (X = Y ; X = 1), q(X): the branches' wake points go (the first
        // branch's through its jump), and that jump lands on the call's
        // argument set-up.
        let or = Term::compound(";", vec![eq(&x, y.clone()), eq(&x, Term::Int(1))]);
        let code = compile(&mut m, conj(or, call));
        assert_eq!(wake_points(&code), 0, "{code:?}");
        let Some(Instr::Jump(to)) = code.iter().find(|i| matches!(i, Instr::Jump(_))) else {
            panic!("{code:?}")
        };
        assert!(
            matches!(code[*to as usize], Instr::PutValY(..) | Instr::PutValX(..)),
            "{code:?}"
        );
    }

    /// `p(N) :- N1 is N - 1, p(N1)`: the value is computed straight into
    /// the call's argument register.
    #[test]
    fn a_body_temporary_is_made_in_the_argument_register_of_its_call() {
        let mut m = Machine::new();
        let (n, n1) = (Term::Var(0), Term::Var(1));
        let head = Term::compound("p", vec![n.clone()]);
        let body = Term::compound(
            ",",
            vec![
                Term::compound(
                    "is",
                    vec![n1.clone(), Term::compound("-", vec![n, Term::Int(1)])],
                ),
                Term::compound("p", vec![n1]),
            ],
        );
        let clause = Term::compound(":-", vec![head, body]);
        let code = compile_clause(&mut m.db, &clause, 2, &mut Buffers::default())
            .unwrap()
            .code;
        assert!(
            !code.iter().any(|i| matches!(i, Instr::PutValX(..))),
            "{code:?}"
        );
    }

    /// `app([H|T], L, [H|R]) :- app(T, L, R)`: both list cells of the head
    /// compile to one instruction each (new head and tail; known head, new tail).
    #[test]
    fn list_cells_of_a_head_use_the_list_superinstructions() {
        let mut m = Machine::new();
        let (h, t, l, r) = (Term::Var(0), Term::Var(1), Term::Var(2), Term::Var(3));
        let head = Term::compound(
            "app",
            vec![
                Term::list_with_tail(vec![h.clone()], t.clone()),
                l.clone(),
                Term::list_with_tail(vec![h], r.clone()),
            ],
        );
        let clause = Term::compound(":-", vec![head, Term::compound("app", vec![t, l, r])]);
        let code = compile_clause(&mut m.db, &clause, 4, &mut Buffers::default())
            .unwrap()
            .code;
        assert!(
            code.iter()
                .any(|i| matches!(i, Instr::GetListVars(0, _, _))),
            "{code:?}"
        );
        assert!(
            code.iter()
                .any(|i| matches!(i, Instr::GetListValVar(2, _, _))),
            "{code:?}"
        );
        assert!(
            !code.iter().any(|i| matches!(i, Instr::GetList(_))),
            "{code:?}"
        );
        // L stays in argument register 1 from the head to the call, T and R
        // go straight to registers 0 and 2: three instructions in all.
        assert!(
            matches!(
                code[..],
                [
                    Instr::GetListVars(0, _, 0),
                    Instr::GetListValVar(2, _, 2),
                    Instr::Execute(_)
                ]
            ),
            "{code:?}"
        );
    }

    /// Temporaries kept in argument registers survive argument set-up that
    /// moves them around (swaps, rotations, nesting, inline goals).
    #[test]
    fn temporaries_in_argument_registers_keep_their_values() {
        let mut m = Machine::new();
        m.consult_str(
            "swap(X, Y, R) :- q(Y, X, R).\n\
             rot(A, B, C, R) :- r(B, C, A, R).\n\
             nest(A, B, R) :- q(f(B), A, R).\n\
             inl(A, B, R) :- atom(A), B = g(A), q(A, B, R).\n\
             c([_|T], g(X), R) :- q(X, T, R).\n\
             e(f(A), g(B), R) :- q(B, A, R).\n\
             two(A, B, R, S) :- q(B, A, R), q(R, B, S).\n\
             lst([H|T], R, S) :- q(H, T, R), q(T, T, S).\n\
             deep(f(g(A), B), C, R, S) :- q(A, C, R), q(C, B, S).\n\
             perm(A, B, R, S) :- atom_length(abc, _), q(A, B, R), q(A, B, S).\n\
             cnt(N, R) :- N1 is N + 1, q(N1, N, R).\n\
             tk(X, Y, R) :- X1 is X - 1, Y1 is Y - 1, X1 < Y1, q(X1, Y1, R).\n\
             cl(X, R) :- Y is X + 1, atom_length(abc, L), q(Y, L, R).\n\
             late(X, R) :- q(X, X, _), Y is X * 2, functor(F, g, Y), q(Y, F, R).\n\
             ssu(X, R) => Y is X * 2, q(Y, X, R).\n\
             det(N, R) => $true, $, N1 is N - 1, q(N1, N, R).\n\
             q(A, B, q(A, B)).\n\
             r(A, B, C, r(A, B, C)).\n",
            "t",
        )
        .unwrap();
        for (goal, want) in [
            ("swap(1, 2, X), X == q(2, 1)", "swap"),
            ("rot(1, 2, 3, X), X == r(2, 3, 1)", "rot"),
            ("nest(1, 2, X), X == q(f(2), 1)", "nest"),
            ("inl(a, _, X), X == q(a, g(a))", "inl"),
            ("c([a|t], g(x), X), X == q(x, t)", "c"),
            ("c(L, G, X), L = [_|t], G = g(Y), X == q(Y, t)", "c unbound"),
            ("e(f(1), g(2), X), X == q(2, 1)", "e"),
            ("two(1, 2, X, Y), X == q(2, 1), Y == q(q(2, 1), 2)", "two"),
            ("lst([a|t], X, Y), X == q(a, t), Y == q(t, t)", "lst"),
            (
                "deep(f(g(1), 2), 3, X, Y), X == q(1, 3), Y == q(3, 2)",
                "deep",
            ),
            ("perm(1, 2, X, Y), X == q(1, 2), Y == q(1, 2)", "perm"),
            ("cnt(1, R), R == q(2, 1)", "cnt"),
            ("tk(5, 9, R), R == q(4, 8)", "tk"),
            ("cl(1, R), R == q(2, 3)", "cl"),
            ("late(2, R), R = q(4, F), functor(F, g, 4)", "late"),
            ("ssu(3, R), R == q(6, 3)", "ssu"),
            ("det(3, R), R == q(2, 3)", "det"),
        ] {
            let mut answers = m.query(goal).unwrap();
            assert!(matches!(answers.next(), Some(Ok(_))), "{want}");
        }
    }
}
