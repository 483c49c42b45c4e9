//! CLP(FD): a finite-domain constraint engine with SWI-Prolog's
//! `library(clpfd)` on top (`src/library/clpfd.pl`, bridge in
//! `src/builtins/clpfd.rs`).
//!
//! The engine is usable from Rust alone: [`FdStore`] holds variables (each a
//! [`Domain`]), propagators watching them, a queue, and a trail so that
//! every change can be undone back to a mark. A propagator narrows the
//! domains of its variables; the store reruns the propagators of every
//! variable whose domain changed until nothing changes (a fixpoint) or a
//! domain runs empty (failure). Propagators that can no longer prune are
//! killed (entailment), so they stop costing.
//!
//! The Prolog side connects each constrained Prolog variable to an engine
//! variable through an attribute; the machine's trail records the engine's
//! trail marks, so Prolog backtracking undoes engine changes too.

pub mod arith;
pub mod domain;
pub mod globals;
pub mod matching;
pub mod props;
pub mod reif;
pub mod scheduling;
pub mod val;

pub use domain::Domain;
pub use props::Prop;
pub use val::{Val, INF, SUP};

use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

/// An engine variable.
pub type VarId = u32;
/// A propagator.
pub type PropId = u32;

/// A domain ran empty: the constraints cannot all hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fail;

/// What a propagator run leaves behind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// It may prune again later.
    Alive,
    /// It can no longer prune: remove it.
    Entailed,
}

/// The outcome of a propagator run.
pub type PropResult = Result<Status, Fail>;

/// An engine variable's data.
#[derive(Clone, Debug)]
pub struct VarData<C> {
    /// The values it may still take.
    pub dom: Domain,
    /// The propagators to run when the domain changes (living ones and dead).
    pub watchers: Vec<PropId>,
    /// What the user of the store attaches (the Prolog variable).
    pub tag: C,
    /// True for an auxiliary variable of a decomposition (see `mark_aux`).
    pub aux: bool,
    /// The variable it was unified with (itself if none): see `alias`.
    alias: VarId,
}

/// A posted propagator.
#[derive(Clone, Debug)]
pub struct PropData {
    /// What it enforces (shared: a run works on its own handle).
    pub prop: Rc<Prop>,
    /// False once entailed or failed.
    pub alive: bool,
    /// True while it waits in the queue.
    pub queued: bool,
    /// True while its fast pass waits in the cheap queue (see
    /// `Prop::excludes_fixed`).
    pub queued_fast: bool,
    /// Its queue: 0 for cheap propagators, 1 for expensive ones.
    pub priority: u8,
    /// True when only changes of its variables' bounds wake it (SWI
    /// registers such propagators apart: a new hole does not run them).
    pub bounds_only: bool,
    /// Set by the residual goal printer (trailed) so that each shows once.
    pub shown: bool,
}

/// One undoable change.
#[derive(Clone, Debug)]
enum Undo<C> {
    Dom(VarId, Domain),
    NewVar,
    NewProp,
    Watch(VarId),
    Kill(PropId),
    Shown(PropId),
    Tag(VarId, C),
    PropState(PropId, Rc<Prop>),
    Alias(VarId),
}

/// The constraint store (see the module documentation). `C` is what each
/// variable carries for its user (a heap cell for the Prolog bridge).
#[derive(Debug)]
pub struct FdStore<C: Clone> {
    vars: Vec<VarData<C>>,
    props: Vec<PropData>,
    trail: Vec<Undo<C>>,
    queues: [VecDeque<PropId>; 2],
    /// Variables that became fixed since `take_fixed`.
    fixed: Vec<VarId>,
    /// The propagator running now: its own changes requeue it only after
    /// it returns (`rerun`), so that it is not run inside itself.
    current: Option<PropId>,
    /// Set when the running propagator changed one of its own variables.
    rerun: bool,
    /// Unifications that propagators ask of the variables' users (an
    /// `element/3` whose index is fixed unifies the element and the value).
    unify_requests: Vec<(props::Arg, props::Arg)>,
    /// Changes of unbounded domains since the last fixpoint, per variable
    /// (see `UNBOUNDED_WAKES`), and the variables counted.
    unbounded_changes: HashMap<VarId, u8>,
    /// Propagator runs so far (statistics).
    pub runs: u64,
}

/// How many times one variable whose domain stays unbounded wakes its
/// propagators on the way to one fixpoint. Bounds reasoning over unbounded
/// domains need not end (`X #> Y, Y #> X` would step for ever); SWI stops
/// such cycles after a few steps too, and an answer keeps the constraints.
const UNBOUNDED_WAKES: u8 = 1;

impl<C: Clone> Default for FdStore<C> {
    fn default() -> Self {
        FdStore {
            vars: Vec::new(),
            props: Vec::new(),
            trail: Vec::new(),
            queues: [VecDeque::new(), VecDeque::new()],
            fixed: Vec::new(),
            current: None,
            rerun: false,
            unify_requests: Vec::new(),
            unbounded_changes: HashMap::new(),
            runs: 0,
        }
    }
}

impl<C: Clone> FdStore<C> {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of trailed changes: a mark to undo back to.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every change made since `mark`.
    pub fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop().expect("longer than mark") {
                Undo::Dom(v, d) => self.vars[v as usize].dom = d,
                Undo::NewVar => {
                    self.vars.pop();
                }
                Undo::NewProp => {
                    self.props.pop();
                }
                Undo::Watch(v) => {
                    self.vars[v as usize].watchers.pop();
                }
                Undo::Kill(p) => self.props[p as usize].alive = true,
                Undo::Shown(p) => self.props[p as usize].shown = false,
                Undo::Tag(v, t) => self.vars[v as usize].tag = t,
                Undo::PropState(p, s) => {
                    self.props[p as usize].bounds_only = s.bounds_only();
                    self.props[p as usize].prop = s;
                }
                Undo::Alias(v) => self.vars[v as usize].alias = v,
            }
        }
        // A failed propagation may have left work queued.
        self.clear_queue();
        self.fixed.clear();
        self.unify_requests.clear();
    }

    fn clear_queue(&mut self) {
        for q in self.queues.iter_mut() {
            for p in q.drain(..) {
                if let Some(pd) = self.props.get_mut(p as usize) {
                    pd.queued = false;
                    pd.queued_fast = false;
                }
            }
        }
    }

    /// A new variable with domain `dom`.
    pub fn new_var(&mut self, dom: Domain, tag: C) -> VarId {
        self.vars.push(VarData {
            dom,
            watchers: Vec::new(),
            tag,
            aux: false,
            alias: self.vars.len() as VarId,
        });
        self.trail.push(Undo::NewVar);
        (self.vars.len() - 1) as VarId
    }

    /// The number of variables.
    pub fn var_count(&self) -> usize {
        self.vars.len()
    }

    /// A variable's data.
    pub fn var(&self, v: VarId) -> &VarData<C> {
        &self.vars[v as usize]
    }

    /// The tags of all variables, and those the trail keeps to restore.
    pub fn tags(&self) -> Vec<C> {
        let mut out: Vec<C> = self.vars.iter().map(|v| v.tag.clone()).collect();
        out.extend(self.trail.iter().filter_map(|u| match u {
            Undo::Tag(_, t) => Some(t.clone()),
            _ => None,
        }));
        out
    }

    /// The tags of all variables, mutably (the garbage collector moves cells).
    pub fn tags_mut(&mut self) -> impl Iterator<Item = &mut C> {
        self.vars
            .iter_mut()
            .map(|v| &mut v.tag)
            .chain(self.trail.iter_mut().filter_map(|u| match u {
                Undo::Tag(_, t) => Some(t),
                _ => None,
            }))
    }

    /// Replaces a variable's tag (trailed).
    pub fn set_tag(&mut self, v: VarId, tag: C) {
        let old = std::mem::replace(&mut self.vars[v as usize].tag, tag);
        self.trail.push(Undo::Tag(v, old));
    }

    /// A variable's domain.
    #[inline]
    pub fn dom(&self, v: VarId) -> &Domain {
        &self.vars[v as usize].dom
    }

    /// A propagator's data.
    pub fn prop(&self, p: PropId) -> &PropData {
        &self.props[p as usize]
    }

    /// The living propagators watching `v`, each once, oldest first.
    pub fn props_of(&self, v: VarId) -> Vec<PropId> {
        let mut out: Vec<PropId> = Vec::new();
        for &p in &self.vars[v as usize].watchers {
            if self.props[p as usize].alive && !out.contains(&p) {
                out.push(p);
            }
        }
        out
    }

    /// The living propagators of `v` and of the variables unified with it
    /// (linked by `Same` propagators), each once, oldest first.
    pub fn class_props_of(&self, v: VarId) -> Vec<PropId> {
        let mut class = vec![v];
        let mut i = 0;
        while i < class.len() {
            for p in self.props_of(class[i]) {
                if let Prop::Same(a, b) = &*self.props[p as usize].prop {
                    for w in [*a, *b] {
                        if !class.contains(&w) {
                            class.push(w);
                        }
                    }
                }
            }
            i += 1;
        }
        let mut out: Vec<PropId> = class.iter().flat_map(|&w| self.props_of(w)).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The number of propagators ever posted on `v` in this branch of the
    /// search, dead ones included (SWI's `fd_degree/2`, which `ffc`
    /// labeling uses, counts them so). Variables unified with `v` add
    /// theirs, a propagator on both counting twice (SWI appends the two
    /// lists); `element/3` counts for its index and list, not its value.
    pub fn degree(&self, v: VarId) -> usize {
        let mut class = vec![v];
        let mut n = 0;
        let mut i = 0;
        while i < class.len() {
            let x = class[i];
            i += 1;
            let mut seen: Vec<PropId> = Vec::new();
            for &p in &self.vars[x as usize].watchers {
                if seen.contains(&p) {
                    continue;
                }
                seen.push(p);
                n += match &*self.props[p as usize].prop {
                    Prop::Same(a, b) => {
                        for y in [*a, *b] {
                            if !class.contains(&y) {
                                class.push(y);
                            }
                        }
                        0
                    }
                    // SWI posts all_distinct/1 as two propagators.
                    Prop::AllDistinct(_) => 2,
                    Prop::Element(i, xs, _)
                        if *i != props::Arg::Var(x) && !xs.contains(&props::Arg::Var(x)) =>
                    {
                        0
                    }
                    _ => 1,
                };
            }
        }
        n
    }

    /// Tells the store that the running propagator is at its own fixpoint:
    /// the changes it made do not run it again (SWI's tuples_in/2 narrows
    /// its variables with the queue held, so it does not see them).
    pub fn settled(&mut self) {
        self.rerun = false;
    }

    /// Marks `v` as an auxiliary variable: nobody but the propagators it
    /// takes part in can see it.
    pub fn mark_aux(&mut self, v: VarId) {
        self.vars[v as usize].aux = true;
    }

    /// Makes auxiliary variable `v` visible: it is being unified with a
    /// variable of the program (the truth value of `C #<==> B`).
    pub fn unmark_aux(&mut self, v: VarId) {
        self.vars[v as usize].aux = false;
    }

    /// Marks a propagator as shown in the residual goals (trailed).
    pub fn set_shown(&mut self, p: PropId) {
        if !self.props[p as usize].shown {
            self.props[p as usize].shown = true;
            self.trail.push(Undo::Shown(p));
        }
    }

    /// Narrows `v` to `dom`. Err when it becomes empty; the watchers of `v`
    /// are queued when it changed.
    pub fn set_dom(&mut self, v: VarId, dom: Domain) -> Result<(), Fail> {
        if dom.is_empty() {
            return Err(Fail);
        }
        if dom.min() == SUP || dom.max() == INF {
            // Only an infinity is left: no integer.
            return Err(Fail);
        }
        let cur = &self.vars[v as usize].dom;
        if *cur == dom {
            return Ok(());
        }
        let fixed = dom.value().is_some();
        let bounds = cur.min() != dom.min() || cur.max() != dom.max();
        let old = std::mem::replace(&mut self.vars[v as usize].dom, dom);
        self.trail.push(Undo::Dom(v, old));
        if fixed {
            self.fixed.push(v);
        }
        let d = &self.vars[v as usize].dom;
        if d.min() == INF || d.max() == SUP {
            let n = self.unbounded_changes.entry(v).or_insert(0);
            *n = n.saturating_add(1);
            if *n > UNBOUNDED_WAKES {
                return Ok(());
            }
        }
        self.wake(v, bounds, fixed);
        Ok(())
    }

    /// Narrows `v` to the elements also in `dom`.
    pub fn restrict(&mut self, v: VarId, dom: &Domain) -> Result<(), Fail> {
        let d = self.dom(v).intersect(dom);
        self.set_dom(v, d)
    }

    /// Narrows `v` to `lo..hi`.
    pub fn clamp(&mut self, v: VarId, lo: Val, hi: Val) -> Result<(), Fail> {
        let cur = self.dom(v);
        if cur.min() >= lo && cur.max() <= hi {
            return Ok(());
        }
        let d = cur.clamp(lo, hi);
        self.set_dom(v, d)
    }

    /// Removes `value` from `v`.
    pub fn remove(&mut self, v: VarId, value: Val) -> Result<(), Fail> {
        if !self.dom(v).contains(value) {
            return Ok(());
        }
        let d = self.dom(v).remove(value);
        self.set_dom(v, d)
    }

    /// Fixes `v` to `value`.
    pub fn assign(&mut self, v: VarId, value: Val) -> Result<(), Fail> {
        if !self.dom(v).contains(value) {
            return Err(Fail);
        }
        self.set_dom(v, Domain::singleton(value))
    }

    /// The variable that stands for `v` and those unified with it.
    pub fn find(&self, mut v: VarId) -> VarId {
        while self.vars[v as usize].alias != v {
            v = self.vars[v as usize].alias;
        }
        v
    }

    /// Records that `a` and `b` were unified (their domains are kept equal
    /// by a `Same` propagator) and queues the propagators of both, so that
    /// those that now see one variable twice (`X #\= Y, X = Y`) decide.
    pub fn alias(&mut self, a: VarId, b: VarId) {
        let (ra, rb) = (self.find(a), self.find(b));
        if ra != rb {
            self.vars[ra as usize].alias = rb;
            self.trail.push(Undo::Alias(ra));
        }
        self.wake(a, true, false);
        self.wake(b, true, false);
    }

    /// Queues the living watchers of `v` (but the propagator running now);
    /// `bounds` tells whether its bounds moved (else only a hole appeared),
    /// `fixed` whether it has one value left: then the fast pass of an
    /// expensive propagator that has one goes to the cheap queue too.
    fn wake(&mut self, v: VarId, bounds: bool, fixed: bool) {
        let n = self.vars[v as usize].watchers.len();
        for i in 0..n {
            let p = self.vars[v as usize].watchers[i];
            if fixed && Some(p) != self.current {
                let pd = &mut self.props[p as usize];
                if pd.alive && !pd.queued_fast && pd.priority > 0 && pd.prop.excludes_fixed() {
                    pd.queued_fast = true;
                    self.queues[0].push_back(p);
                }
            }
            if !bounds && self.props[p as usize].bounds_only {
                continue;
            }
            if Some(p) == self.current {
                // Its own change: run it again unless it reached its fixpoint.
                self.rerun = true;
                continue;
            }
            let pd = &mut self.props[p as usize];
            if pd.alive && !pd.queued {
                pd.queued = true;
                self.queues[pd.priority as usize].push_back(p);
            }
        }
    }

    /// Posts a propagator watching `vars` and queues it.
    pub fn post(&mut self, prop: Prop, vars: &[VarId]) -> PropId {
        let priority = prop.priority();
        let id = self.props.len() as PropId;
        self.props.push(PropData {
            bounds_only: prop.bounds_only(),
            prop: Rc::new(prop),
            alive: true,
            queued: true,
            queued_fast: false,
            priority,
            shown: false,
        });
        self.trail.push(Undo::NewProp);
        for &v in vars {
            if !self.vars[v as usize].watchers.contains(&id) {
                self.vars[v as usize].watchers.push(id);
                self.trail.push(Undo::Watch(v));
            }
        }
        self.queues[priority as usize].push_back(id);
        id
    }

    /// Makes `p` watch `v` too (for propagators whose variables change).
    pub fn watch(&mut self, p: PropId, v: VarId) {
        if !self.vars[v as usize].watchers.contains(&p) {
            self.vars[v as usize].watchers.push(p);
            self.trail.push(Undo::Watch(v));
        }
    }

    /// Kills a propagator (trailed).
    pub fn kill(&mut self, p: PropId) {
        if self.props[p as usize].alive {
            self.props[p as usize].alive = false;
            self.trail.push(Undo::Kill(p));
        }
    }

    /// Replaces the state of propagator `p` (trailed): propagators that
    /// simplify themselves as their variables get fixed or unified.
    pub fn update_prop(&mut self, p: PropId, prop: Prop) {
        let bounds_only = prop.bounds_only();
        let old = std::mem::replace(&mut self.props[p as usize].prop, Rc::new(prop));
        self.props[p as usize].bounds_only = bounds_only;
        self.trail.push(Undo::PropState(p, old));
    }

    /// Runs queued propagators to a fixpoint. Err on failure (the caller
    /// undoes to its mark).
    pub fn propagate(&mut self) -> Result<(), Fail> {
        let r = self.run_queue();
        // Clearing costs the map's capacity: skip it when nothing was counted.
        if !self.unbounded_changes.is_empty() {
            self.unbounded_changes.clear();
        }
        r
    }

    fn run_queue(&mut self) -> Result<(), Fail> {
        loop {
            let (p, from_cheap) = match self.queues[0].pop_front() {
                Some(p) => (p, true),
                None => match self.queues[1].pop_front() {
                    Some(p) => (p, false),
                    None => return Ok(()),
                },
            };
            let fast = from_cheap && self.props[p as usize].priority > 0;
            if fast {
                self.props[p as usize].queued_fast = false;
            } else {
                self.props[p as usize].queued = false;
            }
            if !self.props[p as usize].alive {
                continue;
            }
            if fast {
                // The fast pass; the full run waits in its own queue.
                let prop = self.props[p as usize].prop.clone();
                if prop.exclude_fixed(self).is_err() {
                    self.clear_queue();
                    return Err(Fail);
                }
                continue;
            }
            self.runs += 1;
            self.current = Some(p);
            self.rerun = false;
            let prop = self.props[p as usize].prop.clone();
            let r = prop.propagate(p, self);
            self.current = None;
            match r {
                Ok(Status::Alive) if self.rerun && !self.props[p as usize].queued => {
                    let pd = &mut self.props[p as usize];
                    pd.queued = true;
                    self.queues[pd.priority as usize].push_back(p);
                }
                Ok(Status::Alive) => {}
                Ok(Status::Entailed) => self.kill(p),
                Err(Fail) => {
                    self.clear_queue();
                    return Err(Fail);
                }
            }
        }
    }

    /// Asks the user of the store to unify two arguments (after propagation).
    pub fn request_unify(&mut self, a: props::Arg, b: props::Arg) {
        self.unify_requests.push((a, b));
    }

    /// The unifications asked for since the last call.
    pub fn take_unify_requests(&mut self) -> Vec<(props::Arg, props::Arg)> {
        std::mem::take(&mut self.unify_requests)
    }

    /// The variables fixed since the last call, each once, in order.
    pub fn take_fixed(&mut self) -> Vec<VarId> {
        let mut out = std::mem::take(&mut self.fixed);
        let mut seen = std::collections::HashSet::new();
        out.retain(|v| seen.insert(*v));
        out
    }
}
