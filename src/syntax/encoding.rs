//! The encodings of Prolog source text: decoding a file's bytes, and
//! switching to another encoding where a `:- encoding(Enc)` directive ends,
//! as SWI-Prolog does (the directive sets the encoding of the stream being
//! loaded, from the character after its `.` on).
//!
//! Bytes that do not decode become U+FFFD (a UTF-8 sequence, a UTF-16 unit
//! or a UCS-4 character cut off by the end of the file), and a non-ASCII
//! byte in `ascii` text stays its Latin-1 character; each such place is kept
//! for the loader, which warns about it with the clause it is in.

/// A source encoding.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// `utf8` (also `text`: the locale's encoding, taken as UTF-8).
    Utf8,
    /// `iso_latin_1` and `octet`: one character per byte.
    Latin1,
    /// `ascii`: one character per byte; a byte above 127 is warned about.
    Ascii,
    /// `utf16be` (also `unicode_be`).
    Utf16Be,
    /// `utf16le` (also `unicode_le`).
    Utf16Le,
    /// `wchar_t`: UCS-4, little-endian as on the machines SWI runs on here.
    WcharT,
}

/// What was wrong at a place where the source did not decode cleanly; its
/// `message` is SWI-Prolog's warning.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A UTF-8 lead byte without its continuation bytes.
    Utf8Continuation,
    /// A byte that cannot start a UTF-8 character.
    Utf8Start,
    /// A byte above 127 in `ascii` text.
    NonAscii,
    /// A UTF-16 unit cut off by the end of the file, or an unpaired surrogate.
    Unicode,
    /// A UCS-4 character cut off by the end of the file, or past U+10FFFF.
    Ucs,
}

impl Problem {
    /// SWI-Prolog's words for the problem.
    pub fn message(self) -> &'static str {
        match self {
            Problem::Utf8Continuation => "Illegal UTF-8 continuation",
            Problem::Utf8Start => "Illegal UTF-8 start",
            Problem::NonAscii => "non-ASCII character",
            Problem::Unicode => "EOF in unicode character",
            Problem::Ucs => "EOF in UCS character",
        }
    }
}

/// A place where the source did not decode cleanly.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BadBytes {
    /// Where its character is in the decoded text.
    pub offset: usize,
    /// What was wrong.
    pub problem: Problem,
}

/// One decoded character: how many bytes it came from, and what was wrong.
struct Unit {
    ch: char,
    len: usize,
    problem: Option<Problem>,
}

impl Unit {
    fn ok(ch: char, len: usize) -> Unit {
        Unit {
            ch,
            len,
            problem: None,
        }
    }
    fn bad(len: usize, problem: Problem) -> Unit {
        Unit {
            ch: char::REPLACEMENT_CHARACTER,
            len,
            problem: Some(problem),
        }
    }
}

impl Encoding {
    /// The encoding SWI-Prolog 9 accepts under `name` (its own names and
    /// the MIME names it knows); None for any other atom.
    pub fn from_name(name: &str) -> Option<Encoding> {
        Some(match name {
            "utf8" | "text" | "UTF-8" => Encoding::Utf8,
            "iso_latin_1" | "octet" | "ISO-8859-1" => Encoding::Latin1,
            "ascii" => Encoding::Ascii,
            "utf16be" | "unicode_be" | "UTF-16BE" => Encoding::Utf16Be,
            "utf16le" | "unicode_le" | "UTF-16LE" => Encoding::Utf16Le,
            "wchar_t" => Encoding::WcharT,
            _ => return None,
        })
    }

    /// The characters of `bytes`, in order.
    fn units(self, bytes: &[u8]) -> Box<dyn Iterator<Item = Unit> + '_> {
        match self {
            Encoding::Utf8 => Box::new(bytes.utf8_chunks().flat_map(|chunk| {
                let valid = chunk.valid().chars().map(|ch| Unit::ok(ch, ch.len_utf8()));
                let invalid = chunk.invalid().first().map(|&b| {
                    let problem = if (0xC2..=0xF4).contains(&b) {
                        Problem::Utf8Continuation
                    } else {
                        Problem::Utf8Start
                    };
                    Unit::bad(chunk.invalid().len(), problem)
                });
                valid.chain(invalid)
            })),
            Encoding::Latin1 => Box::new(bytes.iter().map(|&b| Unit::ok(b as char, 1))),
            Encoding::Ascii => Box::new(bytes.iter().map(|&b| Unit {
                ch: b as char,
                len: 1,
                problem: (b > 127).then_some(Problem::NonAscii),
            })),
            Encoding::Utf16Be | Encoding::Utf16Le => {
                let big = self == Encoding::Utf16Be;
                let pairs = bytes.chunks_exact(2);
                let odd = pairs.remainder().len();
                let words = pairs.map(move |p| {
                    let p = [p[0], p[1]];
                    if big {
                        u16::from_be_bytes(p)
                    } else {
                        u16::from_le_bytes(p)
                    }
                });
                let chars = char::decode_utf16(words).map(|r| match r {
                    Ok(ch) => Unit::ok(ch, 2 * ch.len_utf16()),
                    Err(_) => Unit::bad(2, Problem::Unicode),
                });
                Box::new(chars.chain((odd > 0).then(|| Unit::bad(odd, Problem::Unicode))))
            }
            Encoding::WcharT => {
                let quads = bytes.chunks_exact(4);
                let rest = quads.remainder().len();
                let chars = quads.map(|q| {
                    match char::from_u32(u32::from_le_bytes([q[0], q[1], q[2], q[3]])) {
                        Some(ch) => Unit::ok(ch, 4),
                        None => Unit::bad(4, Problem::Ucs),
                    }
                });
                Box::new(chars.chain((rest > 0).then(|| Unit::bad(rest, Problem::Ucs))))
            }
        }
    }

    /// Decodes `bytes`: the text and the places that did not decode cleanly.
    pub fn decode(self, bytes: &[u8]) -> (String, Vec<BadBytes>) {
        // The common case, a valid UTF-8 file, at the speed of a copy.
        if let (Encoding::Utf8, Ok(text)) = (self, std::str::from_utf8(bytes)) {
            return (text.to_owned(), Vec::new());
        }
        let mut text = String::with_capacity(bytes.len());
        let mut bad = Vec::new();
        for u in self.units(bytes) {
            if let Some(problem) = u.problem {
                bad.push(BadBytes {
                    offset: text.len(),
                    problem,
                });
            }
            text.push(u.ch);
        }
        (text, bad)
    }

    /// How many bytes of `bytes` the first `len` bytes of their decoded
    /// text came from (`len` is at a character boundary of that text).
    fn bytes_for(self, bytes: &[u8], len: usize) -> usize {
        let (mut text, mut consumed) = (0, 0);
        for u in self.units(bytes) {
            if text >= len {
                break;
            }
            text += u.ch.len_utf8();
            consumed += u.len;
        }
        consumed
    }
}

/// The text of a source file as it is loaded: decoded from its bytes in
/// UTF-8, then, from where each `:- encoding(Enc)` directive ends, in the
/// encoding that it names.
pub struct SourceText<'b> {
    bytes: &'b [u8],
    /// The decoded text.
    pub text: String,
    /// The places that did not decode cleanly, in order.
    pub bad: Vec<BadBytes>,
    /// The encoding of the text from `text_start` on, which was decoded
    /// from the bytes from `byte_start` on.
    encoding: Encoding,
    text_start: usize,
    byte_start: usize,
}

impl<'b> SourceText<'b> {
    /// The source `bytes` decoded as UTF-8 (a UTF-8 byte-order mark at the
    /// start is skipped, as SWI-Prolog does).
    pub fn new(bytes: &'b [u8]) -> SourceText<'b> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let (text, bad) = Encoding::Utf8.decode(bytes);
        SourceText {
            bytes,
            text,
            bad,
            encoding: Encoding::Utf8,
            text_start: 0,
            byte_start: 0,
        }
    }

    /// Decodes the text from offset `at` on (a character boundary: the end
    /// of the `:- encoding(Enc)` directive) again, from the bytes it came
    /// from, in `encoding`.
    pub fn switch(&mut self, at: usize, encoding: Encoding) {
        let rest = &self.bytes[self.byte_start..];
        let byte_at = self.byte_start + self.encoding.bytes_for(rest, at - self.text_start);
        let (text, bad) = encoding.decode(&self.bytes[byte_at..]);
        self.text.truncate(at);
        self.text.push_str(&text);
        self.bad.retain(|b| b.offset < at);
        self.bad.extend(bad.into_iter().map(|b| BadBytes {
            offset: b.offset + at,
            ..b
        }));
        (self.encoding, self.text_start, self.byte_start) = (encoding, at, byte_at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn switched(bytes: &[u8], at: usize, encoding: Encoding) -> SourceText<'_> {
        let mut s = SourceText::new(bytes);
        s.switch(at, encoding);
        s
    }

    #[test]
    fn utf8_marks_bad_sequences() {
        let (text, bad) = Encoding::Utf8.decode(b"a\xC3b\xFFc");
        assert_eq!(text, "a\u{FFFD}b\u{FFFD}c");
        assert_eq!(
            bad,
            [
                BadBytes {
                    offset: 1,
                    problem: Problem::Utf8Continuation
                },
                BadBytes {
                    offset: 5,
                    problem: Problem::Utf8Start
                }
            ]
        );
    }

    #[test]
    fn names_are_swi_names() {
        assert_eq!(Encoding::from_name("octet"), Some(Encoding::Latin1));
        assert_eq!(Encoding::from_name("unicode_le"), Some(Encoding::Utf16Le));
        assert_eq!(Encoding::from_name("UTF-8"), Some(Encoding::Utf8));
        assert_eq!(Encoding::from_name("utf-8"), None);
        assert_eq!(Encoding::from_name("latin1"), None);
    }

    #[test]
    fn switching_decodes_the_rest_from_its_bytes() {
        // é in UTF-8 before the switch, then the same bytes as Latin-1.
        let s = switched(b"x(\xC3\xA9). y(\xC3\xA9).", 7, Encoding::Latin1);
        assert_eq!(s.text, "x(é). y(Ã©).");
        // A bad UTF-8 sequence before the switch is one U+FFFD for one byte.
        let s = switched(b"a\xFF. b\xE9.", 5, Encoding::Latin1);
        assert_eq!(s.text, "a\u{FFFD}. bé.");
        assert_eq!(s.bad.len(), 1);
        let s = switched(b"a. b\xE9c.", 2, Encoding::Ascii);
        assert_eq!(s.text, "a. béc.");
        assert_eq!(
            s.bad,
            [BadBytes {
                offset: 4,
                problem: Problem::NonAscii
            }]
        );
    }

    #[test]
    fn switching_twice_and_to_utf16() {
        let mut bytes = b"a.".to_vec();
        bytes.extend("\n€😀.".encode_utf16().flat_map(u16::to_le_bytes));
        bytes.push(b'x');
        let mut s = switched(&bytes, 2, Encoding::Utf16Le);
        assert_eq!(s.text, "a.\n€😀.\u{FFFD}");
        assert_eq!(s.bad[0].problem, Problem::Unicode);
        let at = s.text.len() - '\u{FFFD}'.len_utf8();
        s.switch(at, Encoding::Latin1);
        assert_eq!(s.text, "a.\n€😀.x");
        assert!(s.bad.is_empty());
    }

    #[test]
    fn wchar_t_is_ucs4_little_endian() {
        let bytes: Vec<u8> = "é€"
            .chars()
            .flat_map(|c| (c as u32).to_le_bytes())
            .collect();
        let (text, bad) = Encoding::WcharT.decode(&bytes);
        assert_eq!(text, "é€");
        assert!(bad.is_empty());
    }
}
