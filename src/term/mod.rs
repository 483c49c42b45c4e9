//! Terms: interned atoms, tagged cells, the heap they live in, and the owned
//! term type used at the boundaries (reader, errors, embedding API).

pub mod atom;
pub mod cell;
pub mod cyclic;
pub mod gmp;
pub mod limbs;
pub mod order;
pub mod owned;
pub mod store;

pub use atom::{atoms, Atom};
pub use cell::Cell;
pub use owned::Term;
pub use store::{Copied, CopiedList, CopyScratch, Store, View};
