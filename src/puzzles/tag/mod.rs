//! Tag systems: simulation with bounded-memory repeat detection, the census of
//! the residue-class maps behind them, the exhaustive search over small
//! systems, SVG plots of runs, and their Prolog builtins.

pub mod builtins;
pub mod census;
pub mod plot;
pub mod run;
pub mod search;
pub mod system;

pub use builtins::TAG_BUILTINS;
