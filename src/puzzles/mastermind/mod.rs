//! Mastermind: codes and feedback for any number of pegs and colours,
//! consistent sets, partitions, codebreaker strategies (random consistent,
//! lowest consistent, fixed openings, Knuth's minimax and the other one-step
//! heuristics) and their exact evaluation against every secret, plus the
//! Prolog builtins that `rules/mastermind.pl` wraps.

pub mod advanced;
pub mod builtins;
pub mod code;
pub mod columns;
pub mod evaluate;
pub mod optimal;
pub mod optstrat;
pub mod partition;
pub mod plot;
pub mod simulate;
pub mod strategy;
pub mod symmetry;
pub mod table;
pub mod tree;
pub mod verify;

pub use builtins::MASTERMIND_BUILTINS;
pub use code::{Code, Fb, Rng, Space, Spec};
pub use evaluate::{
    evaluate, evaluate_from, guesses_per_secret, next_guess, play, EvalError, Stats,
};
pub use partition::{partition, profile};
pub use strategy::{Choice, First, Heuristic, Lc, Node, Pool, Rc, Score, Strategy};
pub use table::MMPLAY_BUILTINS;
