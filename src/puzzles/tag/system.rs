//! The representation of a tag system: a deletion number and one production
//! per symbol, over an alphabet of at most 256 single-character symbols that
//! are coded as bytes (`0..alphabet.len()`) for the simulator.

use std::fmt;

/// Why a tag system or a word could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SystemError {
    /// The deletion number is zero.
    ZeroDeletion,
    /// A rule's left side is not exactly one character (the offending text).
    NotASymbol(String),
    /// Two rules for the same symbol.
    DuplicateRule(char),
    /// More than 256 distinct symbols.
    TooManySymbols,
}

impl fmt::Display for SystemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SystemError::ZeroDeletion => write!(f, "the deletion number must be at least 1"),
            SystemError::NotASymbol(s) => write!(f, "`{s}' is not a single-character symbol"),
            SystemError::DuplicateRule(c) => write!(f, "two rules for symbol `{c}'"),
            SystemError::TooManySymbols => write!(f, "more than 256 distinct symbols"),
        }
    }
}

/// A tag system with deletion number `m`: a string `s` whose first symbol has
/// a production `w` is rewritten to `s[m..] ++ w`; a symbol without a
/// production halts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagSystem {
    /// The deletion number (at least 1).
    pub m: usize,
    /// The symbols, in order of first appearance; a symbol's code is its index.
    pub alphabet: Vec<char>,
    /// `rules[code]`: the production of that symbol, as codes, or `None` (halts).
    pub rules: Vec<Option<Vec<u8>>>,
}

impl TagSystem {
    /// Builds a system from `(symbol, production)` pairs, e.g.
    /// `TagSystem::new(3, &[("0", "00"), ("1", "1101")])`.
    pub fn new(m: usize, rules: &[(&str, &str)]) -> Result<TagSystem, SystemError> {
        if m == 0 {
            return Err(SystemError::ZeroDeletion);
        }
        let mut sys = TagSystem {
            m,
            alphabet: Vec::new(),
            rules: Vec::new(),
        };
        for (lhs, _) in rules {
            let mut cs = lhs.chars();
            let c = match (cs.next(), cs.next()) {
                (Some(c), None) => c,
                _ => return Err(SystemError::NotASymbol(lhs.to_string())),
            };
            let code = sys.code_or_add(c)?;
            if sys.rules[code as usize].is_some() {
                return Err(SystemError::DuplicateRule(c));
            }
            sys.rules[code as usize] = Some(Vec::new());
        }
        for (lhs, rhs) in rules {
            let c = lhs.chars().next().expect("checked above");
            let word = sys.encode_adding(rhs)?;
            let code = sys.code(c).expect("added above");
            sys.rules[code as usize] = Some(word);
        }
        Ok(sys)
    }

    /// The code of symbol `c`, if it is in the alphabet.
    pub fn code(&self, c: char) -> Option<u8> {
        self.alphabet.iter().position(|&a| a == c).map(|i| i as u8)
    }

    fn code_or_add(&mut self, c: char) -> Result<u8, SystemError> {
        if let Some(code) = self.code(c) {
            return Ok(code);
        }
        if self.alphabet.len() == 256 {
            return Err(SystemError::TooManySymbols);
        }
        self.alphabet.push(c);
        self.rules.push(None);
        Ok((self.alphabet.len() - 1) as u8)
    }

    /// Codes a word, adding its unknown symbols to the alphabet (they halt).
    pub fn encode_adding(&mut self, word: &str) -> Result<Vec<u8>, SystemError> {
        word.chars().map(|c| self.code_or_add(c)).collect()
    }

    /// Codes a word; symbols outside the alphabet are added to a copy of the
    /// system, which is returned with the word (such symbols halt).
    pub fn encode(&self, word: &str) -> Result<(TagSystem, Vec<u8>), SystemError> {
        let mut sys = self.clone();
        let w = sys.encode_adding(word)?;
        Ok((sys, w))
    }

    /// Decodes a word of codes back to text.
    pub fn decode(&self, word: &[u8]) -> String {
        word.iter().map(|&b| self.alphabet[b as usize]).collect()
    }

    /// The production of code `b`, if any.
    #[inline]
    pub fn rule(&self, b: u8) -> Option<&[u8]> {
        self.rules.get(b as usize).and_then(|r| r.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_posts_system() {
        let s = TagSystem::new(3, &[("0", "00"), ("1", "1101")]).unwrap();
        assert_eq!(s.m, 3);
        assert_eq!(s.alphabet, vec!['0', '1']);
        assert_eq!(s.rule(0), Some(&[0u8, 0][..]));
        assert_eq!(s.rule(1), Some(&[1u8, 1, 0, 1][..]));
        assert_eq!(s.decode(&[1, 0, 1]), "101");
    }

    #[test]
    fn symbols_only_on_the_right_halt() {
        let s = TagSystem::new(2, &[("0", "0"), ("1", "1212")]).unwrap();
        assert_eq!(s.alphabet, vec!['0', '1', '2']);
        assert_eq!(s.rule(2), None);
        let (s2, w) = s.encode("0x").unwrap();
        assert_eq!(w, vec![0, 3]);
        assert_eq!(s2.rule(3), None);
        assert_eq!(s2.decode(&w), "0x");
    }

    #[test]
    fn rejects_bad_systems() {
        assert_eq!(TagSystem::new(0, &[]), Err(SystemError::ZeroDeletion));
        assert_eq!(
            TagSystem::new(2, &[("ab", "0")]),
            Err(SystemError::NotASymbol("ab".into()))
        );
        assert_eq!(
            TagSystem::new(2, &[("", "0")]),
            Err(SystemError::NotASymbol("".into()))
        );
        assert_eq!(
            TagSystem::new(2, &[("a", "0"), ("a", "1")]),
            Err(SystemError::DuplicateRule('a'))
        );
        let many: String = (0..300u32).filter_map(char::from_u32).collect();
        let s = TagSystem::new(1, &[("a", "b")]).unwrap();
        assert_eq!(s.encode(&many).err(), Some(SystemError::TooManySymbols));
    }

    #[test]
    fn unicode_symbols() {
        let s = TagSystem::new(1, &[("α", "βα"), ("β", "")]).unwrap();
        let (s, w) = s.encode("αβ").unwrap();
        assert_eq!(w, vec![0, 1]);
        assert_eq!(s.decode(&[1, 0]), "βα");
    }
}
