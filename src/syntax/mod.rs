//! Prolog text: source encodings, lexer, operator table, reader (text -> terms) and writer
//! (terms -> text).

pub mod encoding;
pub mod lexer;
pub mod ops;
pub mod portray;
pub mod reader;
pub mod writer;

#[cfg(test)]
mod test_terms;
