//! Clause bodies as the compiler sees them: a tree of goals and control
//! constructs kept in an arena, built from the body term and annotated with
//! explicit stacks, in time linear in the size of the body. A body nested
//! 100,000 deep (`p :- (a -> b ; (c -> d ; ...))`, `\+ \+ ... \+ g`) must
//! neither overflow the Rust stack nor take quadratic time.
//!
//! Besides the tree, this module works out the facts the code generator asks
//! about each node (does it call a predicate, is it a condition of pure tests)
//! and which variables each branching construct must initialise before its
//! first branch (see [`BodyTree::init_sets`]).

use super::PredTable;
use crate::machine::error::{type_error, PlError};
use crate::machine::instr::PredId;
use crate::term::{atoms, Atom, Term};
use smallvec::SmallVec;
use std::collections::HashSet;

/// The index of a node in [`BodyTree::nodes`].
pub(super) type NodeId = usize;

/// A goal position in a clause body.
pub(super) enum Node<'t> {
    /// A call of a predicate with these arguments; `inline` for deterministic
    /// builtins that run without ending a chunk.
    Goal {
        pred: PredId,
        args: &'t [Term],
        inline: bool,
    },
    Cut,
    /// `$/0` in the clause's top conjunction (elsewhere it is a plain cut).
    DetCut,
    /// `$(Goal)` begins: the goal term, kept for the determinism errors.
    DetEnter(&'t [Term]),
    /// `$(Goal)` ends.
    DetLeave,
    /// The head or guard of a `=>` clause did not match.
    NoMatch,
    True,
    Fail,
    Conj(Vec<NodeId>),
    Or(NodeId, NodeId),
    /// If-then-else (or the guard of a `=>` clause, see [`Commit`]); `level`
    /// is the clause variable that keeps the choicepoint level to cut back to
    /// after the condition.
    Ite {
        cond: NodeId,
        then: NodeId,
        els: NodeId,
        commit: Commit,
        level: u32,
    },
}

impl<'t> Node<'t> {
    /// The terms of a goal node whose variables it uses: a call's
    /// arguments, the goal of `$(Goal)`.
    pub(super) fn goal_args(&self) -> Option<&'t [Term]> {
        match self {
            Node::Goal { args, .. } | Node::DetEnter(args) => Some(args),
            _ => None,
        }
    }
}

/// How an if-then-else node commits to its then branch.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Commit {
    /// `->`: cut the condition's choicepoints.
    Hard,
    /// `*->`: keep them.
    Soft,
    /// The guard of a `=>` clause (`Head, Guard => Body`): the then branch
    /// begins with the clause's commit (a cut) and the else branch is
    /// [`Node::NoMatch`]; no level is kept.
    Ssu,
}

/// A clause body as a tree, with facts about each node.
pub(super) struct BodyTree<'t> {
    /// The nodes; children come before their parents.
    pub nodes: Vec<Node<'t>>,
    /// The whole body.
    pub root: NodeId,
    /// Per node: running it may call a predicate (which overwrites registers).
    pub calls: Vec<bool>,
    /// Per node: a conjunction of pure tests of inline builtins (arithmetic
    /// and term comparisons, type tests), which needs no choicepoint as a condition.
    pub guard: Vec<bool>,
    /// The number of `level` variables the if-then-else nodes took.
    pub levels: u32,
}

/// A step of building the tree from a body term.
enum Build<'t> {
    /// A conjunction (or a single goal) in body position.
    Body(&'t Term),
    /// A goal of a conjunction.
    Goal(&'t Term),
    /// A condition: its cuts are local, so one containing a cut is called
    /// opaquely (`call/1`).
    Cond(&'t Term),
    /// Pops `n` built conjuncts and makes a conjunction of them.
    Conj(usize),
    /// The beginning of `$(Goal)`.
    DetEnter(&'t [Term]),
    /// The end of `$(Goal)`.
    DetLeave,
    /// Pops two bodies and makes a disjunction.
    Or,
    /// Pops condition, then and else parts (three; two for `->` without else,
    /// one for `\+`) and makes an if-then-else.
    Ite { kind: IteKind, commit: Commit },
}

/// The source form of an if-then-else node.
#[derive(Clone, Copy, PartialEq, Eq)]
enum IteKind {
    /// `(C -> T ; E)`.
    Full,
    /// `(C -> T)`: the else branch fails.
    NoElse,
    /// `\+ G`: `(G -> fail ; true)`.
    Not,
    /// `Head, Guard => Body`: `(Guard -> Body ; no match)`.
    Guard,
}

/// The `name/arity` and arguments of a callable term.
pub(super) fn callable_parts(t: &Term) -> Option<(Atom, &[Term])> {
    match t {
        Term::Atom(a) => Some((*a, &[])),
        Term::Compound(f, args) => Some((*f, args.as_slice())),
        _ => None,
    }
}

impl<'t> BodyTree<'t> {
    /// Builds the tree of body `body`, or of `(Guard -> body ; no match)`
    /// for the guard of a `=>` clause; if-then-else nodes take the level
    /// variables `first_level`, `first_level + 1`, ... (see `levels`).
    pub fn build<P: PredTable>(
        preds: &mut P,
        body: &'t Term,
        guard: Option<&'t Term>,
        first_level: u32,
    ) -> Result<BodyTree<'t>, PlError> {
        let mut tree = BodyTree {
            nodes: Vec::new(),
            root: 0,
            calls: Vec::new(),
            guard: Vec::new(),
            levels: 0,
        };
        let with_cut = controls_with_cut(body);
        // Built nodes waiting for their parent, in source order.
        let mut done: SmallVec<[NodeId; 8]> = SmallVec::new();
        let mut jobs = match guard {
            Some(g) => vec![
                Build::Ite {
                    kind: IteKind::Guard,
                    commit: Commit::Ssu,
                },
                Build::Body(body),
                Build::Body(g),
            ],
            None => vec![Build::Body(body)],
        };
        while let Some(job) = jobs.pop() {
            match job {
                Build::Body(t) => {
                    // Conjunctions are flattened along their right spine.
                    let mut items: SmallVec<[&Term; 8]> = SmallVec::new();
                    let mut t = t;
                    while let Term::Compound(f, a) = t {
                        if *f != atoms::COMMA || a.len() != 2 {
                            break;
                        }
                        items.push(&a[0]);
                        t = &a[1];
                    }
                    if items.is_empty() {
                        // A single goal (a fact's `true`): nothing to flatten.
                        jobs.push(Build::Goal(t));
                        continue;
                    }
                    items.push(t);
                    jobs.push(Build::Conj(items.len()));
                    jobs.extend(items.into_iter().rev().map(Build::Goal));
                }
                Build::Goal(t) => {
                    if let Some(node) = tree.leaf(preds, t, &mut jobs)? {
                        done.push(tree.add(preds, node));
                    }
                }
                Build::Cond(t) => {
                    let cut = is_cut(t) || with_cut.contains(&(t as *const Term));
                    if cut {
                        let node = opaque_call(preds, t);
                        done.push(tree.add(preds, node));
                    } else {
                        jobs.push(Build::Body(t));
                    }
                }
                Build::DetEnter(goal) => done.push(tree.add(preds, Node::DetEnter(goal))),
                Build::DetLeave => done.push(tree.add(preds, Node::DetLeave)),
                Build::Conj(n) => {
                    let items: Vec<NodeId> = done.drain(done.len() - n..).collect();
                    done.push(tree.add(preds, Node::Conj(items)));
                }
                Build::Or => {
                    let b = done.pop().expect("second branch");
                    let a = done.pop().expect("first branch");
                    done.push(tree.add(preds, Node::Or(a, b)));
                }
                Build::Ite { kind, commit } => {
                    let (then, els) = match kind {
                        IteKind::Full => {
                            let els = done.pop().expect("else branch");
                            (done.pop().expect("then branch"), els)
                        }
                        IteKind::NoElse => {
                            let then = done.pop().expect("then branch");
                            (then, tree.add(preds, Node::Fail))
                        }
                        IteKind::Not => {
                            let then = tree.add(preds, Node::Fail);
                            (then, tree.add(preds, Node::True))
                        }
                        IteKind::Guard => {
                            let then = done.pop().expect("body");
                            (then, tree.add(preds, Node::NoMatch))
                        }
                    };
                    let cond = done.pop().expect("condition");
                    let level = first_level + tree.levels;
                    tree.levels += 1;
                    let node = Node::Ite {
                        cond,
                        then,
                        els,
                        commit,
                        level,
                    };
                    done.push(tree.add(preds, node));
                }
            }
        }
        tree.root = done.pop().expect("a body");
        tree.local_det_cuts();
        Ok(tree)
    }

    /// Makes `$/0` a plain cut where it is not a goal of the clause's top
    /// conjunction: the determinism check covers the rest of the clause only
    /// from there (inside a control construct SWI's `$` also cuts the clause).
    fn local_det_cuts(&mut self) {
        if !self.nodes.iter().any(|n| matches!(n, Node::DetCut)) {
            return;
        }
        let top: Vec<NodeId> = match &self.nodes[self.root] {
            Node::Conj(items) => items.clone(),
            _ => vec![self.root],
        };
        for id in 0..self.nodes.len() {
            if matches!(self.nodes[id], Node::DetCut) && !top.contains(&id) {
                self.nodes[id] = Node::Cut;
            }
        }
    }

    /// The node of goal `t`, or `None` when `t` is a control construct whose
    /// parts were pushed on `jobs` (its node is made once they are built).
    fn leaf<P: PredTable>(
        &mut self,
        preds: &mut P,
        t: &'t Term,
        jobs: &mut Vec<Build<'t>>,
    ) -> Result<Option<Node<'t>>, PlError> {
        let (name, args) = match t {
            Term::Var(_) => return Ok(Some(opaque_call(preds, t))),
            t => callable_parts(t).ok_or_else(|| type_error("callable", t.clone()))?,
        };
        let ite = |jobs: &mut Vec<Build<'t>>, kind, soft: bool, parts: &[&'t Term]| {
            let commit = if soft { Commit::Soft } else { Commit::Hard };
            jobs.push(Build::Ite { kind, commit });
            for &p in parts[1..].iter().rev() {
                jobs.push(Build::Body(p));
            }
            jobs.push(Build::Cond(parts[0]));
        };
        Ok(Some(match (name, args.len()) {
            (n, 2) if n == atoms::COMMA => {
                jobs.push(Build::Body(t));
                return Ok(None);
            }
            (n, 0) if n == atoms::CUT => Node::Cut,
            (n, 0) if n == atoms::DOLLAR => Node::DetCut,
            (n, 1) if n == atoms::DOLLAR => {
                // `$(G)`: [DetEnter, G (opaque to cut, as a call), DetLeave].
                jobs.push(Build::Conj(3));
                jobs.push(Build::DetLeave);
                jobs.push(Build::Cond(&args[0]));
                jobs.push(Build::DetEnter(&args[..1]));
                return Ok(None);
            }
            (n, 0) if n == atoms::TRUE => Node::True,
            (n, 0) if n == atoms::FAIL || n == atoms::FALSE => Node::Fail,
            (n, 2) if n == atoms::SEMICOLON => {
                match &args[0] {
                    Term::Compound(f, c)
                        if (*f == atoms::ARROW || *f == atoms::SOFT_ARROW) && c.len() == 2 =>
                    {
                        let soft = *f == atoms::SOFT_ARROW;
                        ite(jobs, IteKind::Full, soft, &[&c[0], &c[1], &args[1]]);
                    }
                    _ => {
                        jobs.push(Build::Or);
                        jobs.push(Build::Body(&args[1]));
                        jobs.push(Build::Body(&args[0]));
                    }
                }
                return Ok(None);
            }
            (n, 2) if n == atoms::ARROW || n == atoms::SOFT_ARROW => {
                let soft = n == atoms::SOFT_ARROW;
                ite(jobs, IteKind::NoElse, soft, &[&args[0], &args[1]]);
                return Ok(None);
            }
            (n, 1) if n == atoms::NOT_PROVABLE => {
                ite(jobs, IteKind::Not, false, &[&args[0]]);
                return Ok(None);
            }
            (n, 2) if n == atoms::COLON => {
                // Module:Goal: resolved in Module when both are known now,
                // else a meta-call (`call/1`) of the whole term.
                match (&args[0], &args[1]) {
                    (Term::Atom(m), g @ (Term::Atom(_) | Term::Compound(..))) => {
                        let (name, gargs) = callable_parts(g).expect("callable");
                        let control = matches!(
                            (name.name(), gargs.len()),
                            (",", 2)
                                | (";", 2)
                                | ("->", 2)
                                | ("*->", 2)
                                | ("|", 2)
                                | ("\\+", 1)
                                | ("!", 0)
                        );
                        if control {
                            opaque_call(preds, t)
                        } else {
                            let pred = preds.qualified_id(*m, name, gargs.len());
                            Node::Goal {
                                pred,
                                args: gargs,
                                inline: preds.is_inline(pred),
                            }
                        }
                    }
                    _ => opaque_call(preds, t),
                }
            }
            _ => {
                let pred = preds.pred_id(name, args.len());
                Node::Goal {
                    pred,
                    args,
                    inline: preds.is_inline(pred),
                }
            }
        }))
    }

    /// Adds a node whose children are built, with its facts.
    fn add<P: PredTable>(&mut self, preds: &P, node: Node<'t>) -> NodeId {
        let (calls, guard) = match &node {
            Node::Goal { pred, inline, .. } => {
                let (name, arity) = preds.name_of(*pred);
                (
                    !preds.is_inline(*pred),
                    *inline && is_pure_test(name.name(), arity),
                )
            }
            Node::Cut | Node::DetCut | Node::Fail | Node::NoMatch => (false, false),
            Node::DetEnter(_) | Node::DetLeave => (false, false),
            Node::True => (false, true),
            Node::Conj(items) => (
                items.iter().any(|&i| self.calls[i]),
                items.iter().all(|&i| self.guard[i]),
            ),
            Node::Or(a, b) => (self.calls[*a] || self.calls[*b], false),
            Node::Ite {
                cond, then, els, ..
            } => (
                self.calls[*cond] || self.calls[*then] || self.calls[*els],
                false,
            ),
        };
        self.nodes.push(node);
        self.calls.push(calls);
        self.guard.push(guard);
        self.nodes.len() - 1
    }

    /// Calls `f` on each node in source order (pre-order), with `Leave`
    /// events after a node's children and `Branch` events between the
    /// paths of a branching construct.
    pub fn walk(&self, mut f: impl FnMut(Visit)) {
        enum Step {
            Enter(NodeId),
            Branch(NodeId),
            Leave(NodeId),
        }
        let mut steps = vec![Step::Enter(self.root)];
        while let Some(step) = steps.pop() {
            match step {
                Step::Enter(id) => {
                    f(Visit::Enter(id));
                    steps.push(Step::Leave(id));
                    match &self.nodes[id] {
                        Node::Conj(items) => {
                            steps.extend(items.iter().rev().map(|&i| Step::Enter(i)))
                        }
                        Node::Or(a, b) => {
                            steps.push(Step::Enter(*b));
                            steps.push(Step::Branch(id));
                            steps.push(Step::Enter(*a));
                        }
                        Node::Ite {
                            cond, then, els, ..
                        } => {
                            steps.push(Step::Enter(*els));
                            steps.push(Step::Branch(id));
                            steps.push(Step::Enter(*then));
                            steps.push(Step::Enter(*cond));
                        }
                        _ => {}
                    }
                }
                Step::Branch(id) => f(Visit::Branch(id)),
                Step::Leave(id) => f(Visit::Leave(id)),
            }
        }
    }

    /// The variables each branching construct (`;`, `->`) must give a fresh
    /// variable before its first branch, by node: those first met inside it
    /// (not in the head, not in an earlier goal) that occur on more than one
    /// of its paths or also after it. Each list is sorted.
    ///
    /// A variable is initialised by the outermost construct that needs it
    /// (inner ones then find it seen). With goals numbered in source order,
    /// a variable first met in path P of construct C is needed there exactly
    /// when its last goal lies at or after the end of P; going inward the path
    /// ends only shrink, so the outermost such construct is found by a binary
    /// search over the constructs open at the variable's first goal.
    pub fn init_sets(&self, in_head: &[bool]) -> Vec<Vec<u32>> {
        let nvars = in_head.len();
        if !self
            .nodes
            .iter()
            .any(|n| matches!(n, Node::Or(..) | Node::Ite { .. }))
        {
            // No control construct: nothing to initialise (facts, plain conjunctions).
            return vec![Vec::new(); self.nodes.len()];
        }
        // Pass 1: number the goals; first and last goal of each variable; path ends.
        let mut first_goal = vec![usize::MAX; nvars];
        let mut last_goal = vec![0usize; nvars];
        let mut end = vec![0usize; self.nodes.len()];
        let mut goals = 0usize;
        self.walk(|v| match v {
            Visit::Enter(id) => {
                if let Some(args) = self.nodes[id].goal_args() {
                    for_each_var(args, |var| {
                        let var = var as usize;
                        if first_goal[var] == usize::MAX {
                            first_goal[var] = goals;
                        }
                        last_goal[var] = goals;
                    });
                    goals += 1;
                }
            }
            Visit::Leave(id) => end[id] = goals,
            Visit::Branch(_) => {}
        });
        // Pass 2: the open constructs with the end of their current path.
        let mut sets: Vec<Vec<u32>> = vec![Vec::new(); self.nodes.len()];
        let mut open: Vec<(NodeId, usize)> = Vec::new();
        let mut goal = 0usize;
        let mut placed = vec![false; nvars];
        self.walk(|v| match v {
            Visit::Enter(id) => match &self.nodes[id] {
                Node::Goal { args, .. } | Node::DetEnter(args) => {
                    for_each_var(args, |var| {
                        let var = var as usize;
                        if first_goal[var] != goal || in_head[var] || placed[var] {
                            return;
                        }
                        placed[var] = true;
                        let last = last_goal[var];
                        let i = open.partition_point(|&(_, path_end)| path_end > last);
                        if let Some(&(construct, _)) = open.get(i) {
                            sets[construct].push(var as u32);
                        }
                    });
                    goal += 1;
                }
                Node::Or(a, _) => open.push((id, end[*a])),
                Node::Ite { then, .. } => open.push((id, end[*then])),
                _ => {}
            },
            Visit::Branch(id) => open.last_mut().expect("open construct").1 = end[id],
            Visit::Leave(id) => {
                if matches!(self.nodes[id], Node::Or(..) | Node::Ite { .. }) {
                    open.pop();
                }
            }
        });
        for s in &mut sets {
            s.sort_unstable();
        }
        sets
    }
}

/// An event of [`BodyTree::walk`].
#[derive(Clone, Copy)]
pub(super) enum Visit {
    /// Before the node's children.
    Enter(NodeId),
    /// Between the first and the second path of a branching construct
    /// (for an if-then-else: after the condition and the then part).
    Branch(NodeId),
    /// After the node's children.
    Leave(NodeId),
}

/// `!` or `$` (which cuts as `!` does).
fn is_cut(t: &Term) -> bool {
    matches!(t, Term::Atom(a) if *a == atoms::CUT || *a == atoms::DOLLAR)
}

/// `call(T)`: a goal run by the meta-call machinery.
fn opaque_call<'t, P: PredTable>(preds: &mut P, t: &'t Term) -> Node<'t> {
    Node::Goal {
        pred: preds.pred_id(atoms::CALL, 1),
        args: std::slice::from_ref(t),
        inline: false,
    }
}

/// The control terms of `body` (`,`, `;`, `->`, `*->` compounds) that
/// contain a cut at goal level, by address: a condition that contains one is
/// called opaquely. Looking inside `\+` (whose cuts are its own) only for the
/// conditions there. One pass, so nested conditions cost linear time.
fn controls_with_cut(body: &Term) -> HashSet<*const Term> {
    let mut with_cut = HashSet::new();
    if !matches!(body, Term::Compound(..)) {
        // An atom or a variable: no control construct.
        return with_cut;
    }
    let mut stack = vec![(body, false)];
    while let Some((t, children_done)) = stack.pop() {
        let Term::Compound(f, args) = t else {
            continue;
        };
        let transparent = args.len() == 2
            && (*f == atoms::COMMA
                || *f == atoms::SEMICOLON
                || *f == atoms::ARROW
                || *f == atoms::SOFT_ARROW);
        let negation = args.len() == 1 && *f == atoms::NOT_PROVABLE;
        if !transparent && !negation {
            continue;
        }
        if !children_done {
            stack.push((t, true));
            stack.extend(args.iter().map(|a| (a, false)));
        } else if transparent
            && args
                .iter()
                .any(|a| is_cut(a) || with_cut.contains(&(a as *const Term)))
        {
            with_cut.insert(t as *const Term);
        }
    }
    with_cut
}

/// Calls `f` on every variable occurrence in `terms`.
pub(super) fn for_each_var(terms: &[Term], mut f: impl FnMut(u32)) {
    let mut stack: SmallVec<[&Term; 16]> = terms.iter().collect();
    while let Some(t) = stack.pop() {
        match t {
            Term::Var(v) => f(*v),
            Term::Compound(_, a) => stack.extend(a.iter()),
            _ => {}
        }
    }
}

/// Deterministic builtins that only test their arguments: they neither bind
/// variables nor leave choicepoints, so a condition made of them needs no
/// choicepoint.
fn is_pure_test(name: &str, arity: usize) -> bool {
    match arity {
        1 => matches!(
            name,
            "var"
                | "nonvar"
                | "atom"
                | "number"
                | "integer"
                | "float"
                | "atomic"
                | "compound"
                | "callable"
                | "is_list"
                | "string"
                | "ground"
        ),
        2 => {
            matches!(name, "==" | "\\==" | "@<" | "@>" | "@=<" | "@>=")
                || crate::machine::arith::CmpOp::from_name(name).is_some()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::Machine;
    use crate::syntax::ops::Ops;
    use crate::syntax::reader::{read_term_from_str, ReadOptions};

    fn body_term(text: &str) -> Term {
        read_term_from_str(text, &Ops::default(), &ReadOptions::default())
            .expect("reads")
            .expect("a term")
            .term
    }

    /// A variable goes to the outermost construct that needs it fresh: Y (in both branches of
    /// the if-then-else and after it) to the if-then-else, W (in both branches of the inner
    /// `;`, nowhere else) to that disjunction, Z (in one branch of the last `;` and after it)
    /// to that one, V (in one goal only) and X (in the head) to none.
    #[test]
    fn variables_are_initialised_by_the_outermost_construct_that_needs_them() {
        let mut m = Machine::new();
        // Numbered by first occurrence: X = 0, Y = 1, W = 2, Z = 3, V = 4.
        let t =
            body_term("(a(X) -> Y = 1 ; Y = 2, (b(W) ; c(W))), q(Y), (b ; c(Z), d(V, V)), r(Z).");
        let tree = BodyTree::build(&mut m.db, &t, None, 5).unwrap();
        let sets = tree.init_sets(&[true, false, false, false, false, false]);
        let named: Vec<(&str, &Vec<u32>)> = sets
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.is_empty())
            .map(|(id, s)| match tree.nodes[id] {
                Node::Ite { .. } => ("ite", s),
                Node::Or(..) => ("or", s),
                _ => ("other", s),
            })
            .collect();
        assert_eq!(
            named,
            vec![("or", &vec![2]), ("ite", &vec![1]), ("or", &vec![3])]
        );
        assert_eq!(tree.levels, 1);
    }

    /// Bodies nested 200,000 deep build and walk without recursion.
    #[test]
    fn deep_bodies_build_iteratively() {
        let depth = 200_000;
        let text = format!(
            "{}true{}.",
            "(fail -> true ; ".repeat(depth),
            ")".repeat(depth)
        );
        let t = body_term(&text);
        let mut m = Machine::new();
        let tree = BodyTree::build(&mut m.db, &t, None, 1).unwrap();
        assert_eq!(tree.levels as usize, depth);
        let mut entered = 0;
        tree.walk(|v| {
            if let Visit::Enter(_) = v {
                entered += 1;
            }
        });
        assert_eq!(entered, tree.nodes.len());
    }
}
