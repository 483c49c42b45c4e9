//! Answer tables of tabled predicates (`:- table Name/Arity`): one table per
//! call variant (found by hashing the variant), holding each answer once
//! (hashed by variant) in the order found, and the stack of tables being
//! evaluated. The evaluation itself (library tabling.pl) is linear tabling:
//! a call whose table is complete reads its answers; a new call runs the
//! predicate's clauses in rounds until a round adds no answer anywhere,
//! reading the answers found so far (and those added while it reads) of any
//! call of its own that is still being evaluated (a loop). The first call
//! of a set of mutually dependent calls (the leader, an SCC) completes them
//! all; the others stay incomplete until then. A call of an incomplete
//! table reads its answers and then, once per round of the evaluation on
//! top of the stack, runs its clauses, returning each new answer to the
//! caller at once (it is not evaluated afresh: answers flow through a
//! mutual recursion in one round instead of one step per round). Correct
//! for programs without negation through tabled calls (no well-founded
//! semantics).

use super::keyhash::BuildKeyHasher;
use crate::term::order::{compare, identical};
use crate::term::{Cell, Copied, Store, View};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

type KeyMap<V> = HashMap<Vec<u64>, V, BuildKeyHasher>;
type KeySet = HashSet<Vec<u64>, BuildKeyHasher>;

/// How an argument of a moded table (answer subsumption) aggregates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// An index argument: answers are kept one per value of these.
    Index,
    /// The first value found.
    First,
    /// The last value found.
    Last,
    /// The least value in the standard order of terms.
    Min,
    /// The greatest value in the standard order of terms.
    Max,
    /// Aggregated by Prolog code (`sum`, `lattice(PI)`, `po(PI)`).
    Other,
}

/// The result of `Tables::moded_update`.
pub enum ModedUpdate {
    /// The answer kept now (new, or aggregated by the built-in modes).
    Kept(Cell),
    /// Nothing changed.
    Same,
    /// The old answer and its slot: Prolog code aggregates the new one in.
    Old(Cell, usize),
}

/// How far a table's evaluation is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Never evaluated, or its evaluation was abandoned by an exception.
    Fresh,
    /// Being evaluated (on the stack).
    Active,
    /// Evaluated, but it depends on a call still being evaluated.
    Incomplete,
    /// All its answers are known.
    Complete,
}

/// One call variant's table.
struct Table {
    status: Status,
    /// While active: its depth (1-based) on the evaluation stack. While
    /// incomplete: the table (an active or incomplete one) whose
    /// evaluation completes it.
    link: usize,
    /// The round (`Frame::round`) in which its clauses last ran while it
    /// was incomplete.
    ran: u64,
    answers: Vec<Copied>,
    seen: KeySet,
    /// With answer subsumption: the answer slot of each value of the index
    /// arguments (by variant key).
    moded: KeyMap<usize>,
}

/// A table on the evaluation stack.
struct Frame {
    table: usize,
    /// The shallowest stack depth (1-based) of a table being evaluated
    /// whose answers this evaluation read (`usize::MAX`: none).
    min: usize,
    /// Incomplete tables evaluated under this one that depend on it or on a
    /// shallower one: completed with the leader.
    members: Vec<usize>,
    /// A number for its current round, unique among all rounds.
    round: u64,
}

/// All tables, and the evaluation stack.
#[derive(Default)]
pub struct Tables {
    index: KeyMap<usize>,
    tables: Vec<Table>,
    stack: Vec<Frame>,
    /// Answers added to any table so far (a fixpoint shows as no change).
    added: u64,
    /// Rounds started so far.
    rounds: u64,
}

impl Tables {
    /// The table of `goal`'s variant (created fresh if new) and its status.
    pub fn table_of(&mut self, store: &Store, goal: Cell) -> (usize, Status) {
        let key = variant_key(store, goal);
        if let Some(&id) = self.index.get(&key) {
            return (id, self.tables[id].status);
        }
        let id = self.tables.len();
        self.tables.push(Table {
            status: Status::Fresh,
            link: 0,
            ran: 0,
            answers: Vec::new(),
            seen: KeySet::default(),
            moded: KeyMap::default(),
        });
        self.index.insert(key, id);
        (id, Status::Fresh)
    }

    /// Adds `answer` to table `id` unless a variant of it is there; true
    /// when added.
    pub fn add(&mut self, store: &Store, id: usize, answer: Cell) -> bool {
        let key = variant_key(store, answer);
        let t = &mut self.tables[id];
        if t.seen.insert(key) {
            t.answers.push(Copied::new(store, answer));
            self.added += 1;
            true
        } else {
            false
        }
    }

    /// With answer subsumption: aggregates `answer` (a compound, or an atom
    /// when there are no arguments) into table `id`, its arguments moded by
    /// `modes`. The answer is kept one per variant of its index arguments.
    pub fn moded_update(
        &mut self,
        store: &mut Store,
        id: usize,
        answer: Cell,
        modes: &[Mode],
    ) -> ModedUpdate {
        let args: Vec<Cell> = match store.view(answer) {
            View::Compound(_, n, first) => (0..n).map(|i| store.heap[first + i]).collect(),
            _ => Vec::new(),
        };
        let index: Vec<Cell> = args
            .iter()
            .zip(modes)
            .filter(|(_, &m)| m == Mode::Index)
            .map(|(&a, _)| a)
            .collect();
        let key = variant_key_of(store, &index);
        let t = &mut self.tables[id];
        let Some(&slot) = t.moded.get(&key) else {
            t.moded.insert(key, t.answers.len());
            t.answers.push(Copied::new(store, answer));
            self.added += 1;
            return ModedUpdate::Kept(answer);
        };
        let old = t.answers[slot].restore(store);
        if modes.contains(&Mode::Other) {
            return ModedUpdate::Old(old, slot);
        }
        let View::Compound(f, n, first) = store.view(old) else {
            return ModedUpdate::Same;
        };
        let mut kept = Vec::with_capacity(n);
        let mut changed = false;
        for (i, (&new, &mode)) in args.iter().zip(modes).enumerate() {
            let old = store.heap[first + i];
            let take_new = match mode {
                Mode::Index | Mode::First | Mode::Other => false,
                Mode::Last => true,
                Mode::Min => compare(store, new, old) == Ordering::Less,
                Mode::Max => compare(store, new, old) == Ordering::Greater,
            };
            if take_new && !identical(store, new, old) {
                changed = true;
                kept.push(new);
            } else {
                kept.push(old);
            }
        }
        if !changed {
            return ModedUpdate::Same;
        }
        let kept = store.new_compound(f, &kept);
        self.moded_set(store, id, slot, kept);
        ModedUpdate::Kept(kept)
    }

    /// With answer subsumption: `answer` becomes the one in `slot` of table
    /// `id` (a change, which another round of the evaluation must see).
    pub fn moded_set(&mut self, store: &Store, id: usize, slot: usize, answer: Cell) {
        let t = &mut self.tables[id];
        if let Some(a) = t.answers.get_mut(slot) {
            *a = Copied::new(store, answer);
            self.added += 1;
        }
    }

    /// Answer `i` of table `id`, if it has that many.
    pub fn answer(&self, id: usize, i: usize) -> Option<&Copied> {
        self.tables[id].answers.get(i)
    }

    /// The number of tables (ids are `0..len`).
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// True when there is no table.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The status of table `id`.
    pub fn status(&self, id: usize) -> Status {
        self.tables[id].status
    }

    /// Starts evaluating table `id`; returns its stack depth.
    pub fn push(&mut self, id: usize) -> usize {
        self.stack.push(Frame {
            table: id,
            min: usize::MAX,
            members: Vec::new(),
            round: 0,
        });
        let t = &mut self.tables[id];
        t.status = Status::Active;
        t.link = self.stack.len();
        self.stack.len()
    }

    /// Starts a round of the evaluation on top of the stack; returns the
    /// answers added to any table so far.
    pub fn round(&mut self) -> u64 {
        self.rounds += 1;
        if let Some(top) = self.stack.last_mut() {
            top.round = self.rounds;
        }
        self.added
    }

    /// Whether the clauses of incomplete table `id` are to run now: the
    /// first time it is called in the current round of the evaluation on
    /// top of the stack.
    pub fn rerun(&mut self, id: usize) -> bool {
        let round = self.stack.last().map_or(0, |f| f.round);
        let t = &mut self.tables[id];
        if t.status != Status::Incomplete || t.ran == round {
            return false;
        }
        t.ran = round;
        true
    }

    /// The evaluation on top of the stack read the answers of table `id`:
    /// if that is being evaluated (active, or incomplete under an active
    /// one), the top depends on the evaluation that completes it.
    pub fn depends_on(&mut self, id: usize) {
        let mut id = id;
        let depth = loop {
            let t = &self.tables[id];
            match t.status {
                Status::Active => break t.link,
                Status::Incomplete => id = t.link,
                Status::Fresh | Status::Complete => return,
            }
        };
        if let Some(top) = self.stack.last_mut() {
            top.min = top.min.min(depth);
        }
    }

    /// Whether the evaluation at `depth` (the top) is to run another round:
    /// when it read answers of its own table or of a table completed with it,
    /// and of none shallower. One that depends on a shallower one stops after
    /// a round: its leader's rounds run its clauses again (`rerun`), so
    /// rounds of its own would only repeat work (cubic on a long cycle).
    pub fn looping(&self, depth: usize) -> bool {
        self.stack.last().is_some_and(|f| f.min == depth)
    }

    /// Ends the evaluation on top of the stack: a leader completes itself
    /// and its members (true); otherwise it is incomplete and it, its
    /// members and its dependency pass to the evaluation below (false).
    pub fn pop(&mut self) -> bool {
        let depth = self.stack.len();
        let Some(f) = self.stack.pop() else {
            return true;
        };
        if !self.stack.is_empty() && f.min < depth {
            let t = &mut self.tables[f.table];
            t.status = Status::Incomplete;
            // The frame at depth `f.min` stays until this table completes.
            t.link = self.stack[f.min - 1].table;
            let below = self.stack.last_mut().expect("a frame below");
            below.min = below.min.min(f.min);
            below.members.push(f.table);
            below.members.extend(f.members);
            false
        } else {
            for t in f.members.into_iter().chain([f.table]) {
                self.tables[t].status = Status::Complete;
            }
            true
        }
    }

    /// After an exception: every evaluation is abandoned (its answers stay,
    /// they are sound; the tables are evaluated afresh when called).
    pub fn abandon(&mut self) {
        self.stack.clear();
        for t in &mut self.tables {
            if t.status != Status::Complete {
                t.status = Status::Fresh;
            }
        }
    }

    /// Removes every table (`abolish_all_tables/0`); refused (false) while
    /// a table is being evaluated.
    pub fn clear(&mut self) -> bool {
        if !self.stack.is_empty() {
            return false;
        }
        *self = Tables::default();
        true
    }
}

/// A key equal for two terms exactly when they are variants: the term's
/// cells in depth-first order, variables numbered by first occurrence. The
/// term must be acyclic.
pub fn variant_key(store: &Store, c: Cell) -> Vec<u64> {
    variant_key_of(store, &[c])
}

/// `variant_key` of a sequence of terms (sharing variables).
pub fn variant_key_of(store: &Store, terms: &[Cell]) -> Vec<u64> {
    let mut key = Vec::with_capacity(16);
    let mut vars: HashMap<usize, u64> = HashMap::new();
    let mut stack: Vec<Cell> = terms.iter().rev().copied().collect();
    while let Some(c) = stack.pop() {
        let c = store.deref(c);
        match store.view(c) {
            View::Var(a) => {
                let n = vars.len() as u64;
                key.push(1);
                key.push(*vars.entry(a).or_insert(n));
            }
            View::Compound(f, n, first) => {
                // Keys outlive the cells: their atoms stay.
                f.pin();
                key.push(2);
                key.push(Cell::functor(f, n).0);
                stack.extend((0..n).rev().map(|i| store.heap[first + i]));
            }
            View::BigInt(_) => {
                key.push(3);
                let digits = store.bigint(c).to_signed_bytes_le();
                key.push(digits.len() as u64);
                key.extend(digits.iter().map(|&b| b as u64));
            }
            View::Float(f) => {
                key.push(4);
                key.push(f.to_bits());
            }
            View::Str(s) => {
                key.push(5);
                key.push(s.len() as u64);
                key.extend(s.bytes().map(|b| b as u64));
            }
            View::Atom(a) => {
                a.pin();
                key.push(0);
                key.push(c.0);
            }
            View::Int(_) => {
                key.push(0);
                key.push(c.0);
            }
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::term::Term;

    fn cell(store: &mut Store, t: &Term) -> Cell {
        store.from_term(t, &mut Default::default())
    }

    #[test]
    fn variant_keys_equal_exactly_for_variants() {
        let mut s = Store::default();
        let f = |args: Vec<Term>| Term::compound("f", args);
        let (x, y) = (Term::Var(0), Term::Var(1));
        let a = cell(&mut s, &f(vec![x.clone(), y.clone(), x.clone()]));
        let b = cell(&mut s, &f(vec![y.clone(), x.clone(), y.clone()]));
        let c = cell(&mut s, &f(vec![x.clone(), x.clone(), y.clone()]));
        let d = cell(
            &mut s,
            &f(vec![Term::Int(1), Term::Float(1.0), Term::atom("1")]),
        );
        let e = cell(
            &mut s,
            &f(vec![Term::Int(1), Term::Float(1.0), Term::Str("1".into())]),
        );
        assert_eq!(variant_key(&s, a), variant_key(&s, b));
        assert_ne!(variant_key(&s, a), variant_key(&s, c));
        assert_ne!(variant_key(&s, d), variant_key(&s, e));
    }

    #[test]
    fn a_leader_completes_the_tables_that_depend_on_it() {
        let mut s = Store::default();
        let mut t = Tables::default();
        let goals: Vec<Cell> = (0..3).map(|i| cell(&mut s, &Term::Int(i))).collect();
        let ids: Vec<usize> = goals.iter().map(|&g| t.table_of(&s, g).0).collect();
        assert_eq!(t.push(ids[0]), 1);
        assert_eq!(t.push(ids[1]), 2);
        t.depends_on(ids[0]);
        assert!(!t.looping(2));
        assert!(!t.pop());
        assert_eq!(t.table_of(&s, goals[1]).1, Status::Incomplete);
        assert_eq!(t.push(ids[2]), 2);
        assert!(t.pop());
        assert_eq!(t.table_of(&s, goals[2]).1, Status::Complete);
        assert!(t.looping(1));
        assert!(t.pop());
        assert_eq!(t.table_of(&s, goals[0]).1, Status::Complete);
        assert_eq!(t.table_of(&s, goals[1]).1, Status::Complete);
    }
}
