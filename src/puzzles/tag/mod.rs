//! Tag systems: simulation with bounded-memory repeat detection, the census of
//! the residue-class maps behind them, and their Prolog builtins.

pub mod builtins;
pub mod census;
pub mod run;
pub mod system;

pub use builtins::TAG_BUILTINS;
