//! Linear algebra over GF(2) for bit-flipping puzzles (Fractal MAGIC,
//! Merlin's square, Lights Out, any mask set): bit-packed elimination with a
//! null-space basis, the minimum-weight solution, Lights Out by light
//! chasing, the fast Sierpinski transform, and their Prolog builtins.

pub mod builtins;
pub mod chase;
pub mod matrix;
pub mod minimum;
pub mod transform;

pub use builtins::GF2_BUILTINS;
