//! Mastermind codes and feedback: a game's dimensions (`Spec`), codes packed
//! into integer indices, the (black, white) score of a guess against a secret,
//! and `Space`, the set of all codes of a spec with precomputed per-code data
//! (and, for small spaces, the whole feedback table) for the hot loops.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Most pegs a code may have.
pub const MAX_PEGS: u32 = 10;
/// Most colours a peg may take.
pub const MAX_COLORS: u32 = 16;
/// Most codes a space may hold (6 pegs x 10 colours is 1,000,000).
pub const MAX_CODES: usize = 1 << 20;
/// Spaces up to this many codes keep the full feedback table (N x N bytes).
pub const TABLE_LIMIT: usize = 4096;

/// A code's index: its digits (colours 0..C-1) read as a base-C number, so
/// numeric order of indices is the seed's numerical order of codes.
pub type Code = u32;

/// A packed feedback: `black * (pegs + 1) + white`.
pub type Fb = u8;

/// The dimensions of a game: pegs per code and colours per peg.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Spec {
    /// Pegs per code.
    pub pegs: u32,
    /// Colours per peg.
    pub colors: u32,
}

/// Why a spec is unusable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// Pegs outside 1..=MAX_PEGS.
    Pegs,
    /// Colours outside 1..=MAX_COLORS.
    Colors,
    /// More than MAX_CODES codes.
    TooLarge,
}

impl Spec {
    /// A checked spec.
    pub fn new(pegs: u32, colors: u32) -> Result<Spec, SpecError> {
        if pegs == 0 || pegs > MAX_PEGS {
            return Err(SpecError::Pegs);
        }
        if colors == 0 || colors > MAX_COLORS {
            return Err(SpecError::Colors);
        }
        match (colors as u64).checked_pow(pegs) {
            Some(n) if n as usize <= MAX_CODES => Ok(Spec { pegs, colors }),
            _ => Err(SpecError::TooLarge),
        }
    }

    /// The classic game: 4 pegs, 6 colours.
    pub fn classic() -> Spec {
        Spec { pegs: 4, colors: 6 }
    }

    /// Number of codes, `colors ^ pegs`.
    pub fn size(&self) -> usize {
        (self.colors as usize).pow(self.pegs)
    }

    /// Packs black and white counts.
    pub fn fb(&self, black: u32, white: u32) -> Fb {
        (black * (self.pegs + 1) + white) as Fb
    }

    /// The black count of a packed feedback.
    pub fn black(&self, fb: Fb) -> u32 {
        fb as u32 / (self.pegs + 1)
    }

    /// The white count of a packed feedback.
    pub fn white(&self, fb: Fb) -> u32 {
        fb as u32 % (self.pegs + 1)
    }

    /// The winning feedback (all pegs black).
    pub fn win(&self) -> Fb {
        self.fb(self.pegs, 0)
    }

    /// Number of packed feedback slots (some unreachable), `(pegs + 1)^2`.
    pub fn fb_slots(&self) -> usize {
        ((self.pegs + 1) * (self.pegs + 1)) as usize
    }

    /// Whether (black, white) can occur at all.
    pub fn valid_fb(&self, black: u32, white: u32) -> bool {
        black + white <= self.pegs && !(black + 1 == self.pegs && white == 1)
    }

    /// The code of 0-based colour digits, or `None` if a digit or the length is wrong.
    pub fn encode(&self, digits: &[u32]) -> Option<Code> {
        if digits.len() != self.pegs as usize {
            return None;
        }
        let mut code: u32 = 0;
        for &d in digits {
            if d >= self.colors {
                return None;
            }
            code = code * self.colors + d;
        }
        Some(code)
    }

    /// The 0-based colour digits of a code, most significant (first peg) first.
    pub fn decode(&self, code: Code) -> Vec<u32> {
        let mut out = vec![0; self.pegs as usize];
        let mut c = code;
        for slot in out.iter_mut().rev() {
            *slot = c % self.colors;
            c /= self.colors;
        }
        out
    }

    /// A code from the seed's notation, e.g. `"1123"` (colours 1..=9).
    pub fn parse(&self, text: &str) -> Option<Code> {
        let digits: Option<Vec<u32>> = text
            .chars()
            .map(|ch| ch.to_digit(10).filter(|&d| d >= 1).map(|d| d - 1))
            .collect();
        self.encode(&digits?)
    }

    /// The seed's notation of a code: colours 1-based, one digit each when
    /// every colour fits in a digit, otherwise separated by spaces.
    pub fn format(&self, code: Code) -> String {
        let digits = self.decode(code);
        let parts: Vec<String> = digits.iter().map(|d| (d + 1).to_string()).collect();
        if self.colors <= 9 {
            parts.concat()
        } else {
            parts.join(" ")
        }
    }

    /// The seed's notation of a feedback: `R` per black, `W` per white (`""` for none).
    pub fn fb_text(&self, fb: Fb) -> String {
        let mut s = "R".repeat(self.black(fb) as usize);
        s.push_str(&"W".repeat(self.white(fb) as usize));
        s
    }

    /// A feedback from the seed's notation (`R`s then `W`s), if valid.
    pub fn parse_fb(&self, text: &str) -> Option<Fb> {
        let black = text.chars().take_while(|&c| c == 'R').count() as u32;
        let rest = &text[black as usize..];
        if !rest.chars().all(|c| c == 'W') {
            return None;
        }
        let white = rest.len() as u32;
        self.valid_fb(black, white).then(|| self.fb(black, white))
    }
}

/// Feedback of two codes given as 0-based digit slices of equal length:
/// `(black, white)`. Symmetric in its arguments. The reference definition.
pub fn feedback_digits(a: &[u32], b: &[u32]) -> (u32, u32) {
    let mut black = 0;
    let mut ca = [0u32; MAX_COLORS as usize];
    let mut cb = [0u32; MAX_COLORS as usize];
    for (&x, &y) in a.iter().zip(b) {
        if x == y {
            black += 1;
        } else {
            ca[x as usize] += 1;
            cb[y as usize] += 1;
        }
    }
    let white = ca.iter().zip(&cb).map(|(x, y)| x.min(y)).sum();
    (black, white)
}

/// All codes of a spec with per-code packed digits and colour counts (4 bits
/// each), and for small spaces the full feedback table.
pub struct Space {
    /// The dimensions.
    pub spec: Spec,
    digits: Vec<u64>,
    counts: Vec<u64>,
    peg_mask: u64,
    table: Option<Vec<Fb>>,
}

impl std::fmt::Debug for Space {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Space({}x{})", self.spec.pegs, self.spec.colors)
    }
}

impl Space {
    /// Builds the space (and its table when it has at most `TABLE_LIMIT` codes).
    pub fn new(spec: Spec) -> Space {
        let n = spec.size();
        let mut digits = Vec::with_capacity(n);
        let mut counts = Vec::with_capacity(n);
        let mut d = vec![0u32; spec.pegs as usize];
        for _ in 0..n {
            let mut packed = 0u64;
            let mut cnt = 0u64;
            for (i, &x) in d.iter().enumerate() {
                packed |= (x as u64) << (4 * i);
                cnt += 1u64 << (4 * x);
            }
            digits.push(packed);
            counts.push(cnt);
            // Odometer: the last peg is the least significant digit.
            for slot in d.iter_mut().rev() {
                *slot += 1;
                if *slot < spec.colors {
                    break;
                }
                *slot = 0;
            }
        }
        let peg_mask = (0..spec.pegs).fold(0u64, |m, i| m | 1u64 << (4 * i));
        let mut space = Space {
            spec,
            digits,
            counts,
            peg_mask,
            table: None,
        };
        if n <= TABLE_LIMIT {
            let mut table = vec![0u8; n * n];
            let threads = worker_count().min(n.max(1));
            let rows_per = n.div_ceil(threads).max(1);
            std::thread::scope(|sc| {
                for (t, chunk) in table.chunks_mut(rows_per * n).enumerate() {
                    let sp = &space;
                    sc.spawn(move || {
                        for (r, row) in chunk.chunks_mut(n).enumerate() {
                            let g = (t * rows_per + r) as Code;
                            for (s, slot) in row.iter_mut().enumerate() {
                                *slot = sp.compute_fb(g, s as Code);
                            }
                        }
                    });
                }
            });
            space.table = Some(table);
        }
        space
    }

    /// The shared, cached space of a spec (built once per process).
    pub fn shared(spec: Spec) -> Arc<Space> {
        static CACHE: OnceLock<Mutex<HashMap<Spec, Arc<Space>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(spec)
            .or_insert_with(|| Arc::new(Space::new(spec)))
            .clone()
    }

    /// Number of codes.
    pub fn len(&self) -> usize {
        self.digits.len()
    }

    /// Whether the space is empty (never: a spec has at least one code).
    pub fn is_empty(&self) -> bool {
        self.digits.is_empty()
    }

    /// Every code, ascending.
    pub fn all(&self) -> Vec<Code> {
        (0..self.len() as Code).collect()
    }

    fn compute_fb(&self, g: Code, s: Code) -> Fb {
        let x = self.digits[g as usize] ^ self.digits[s as usize];
        let mut t = x | (x >> 1);
        t |= t >> 2;
        let black = self.spec.pegs - (t & self.peg_mask).count_ones();
        let (mut a, mut b) = (self.counts[g as usize], self.counts[s as usize]);
        let mut common = 0;
        for _ in 0..self.spec.colors {
            common += ((a & 15) as u32).min((b & 15) as u32);
            a >>= 4;
            b >>= 4;
        }
        self.spec.fb(black, common - black)
    }

    /// The packed feedback of guess `g` against secret `s`.
    #[inline]
    pub fn fb(&self, g: Code, s: Code) -> Fb {
        match &self.table {
            Some(t) => t[g as usize * self.len() + s as usize],
            None => self.compute_fb(g, s),
        }
    }

    /// The table row of guess `g` (feedback against every secret), if tabled.
    #[inline]
    pub fn row(&self, g: Code) -> Option<&[Fb]> {
        let n = self.len();
        self.table
            .as_ref()
            .map(|t| &t[g as usize * n..(g as usize + 1) * n])
    }

    /// Codes consistent with every `(guess, feedback)` of a history, ascending.
    pub fn consistent(&self, history: &[(Code, Fb)]) -> Vec<Code> {
        (0..self.len() as Code)
            .filter(|&s| history.iter().all(|&(g, f)| self.fb(g, s) == f))
            .collect()
    }

    /// The colour multiplicities of a code, sorted descending: codes with the
    /// same shape are equivalent under colour and position permutations.
    pub fn shape(&self, code: Code) -> Vec<u8> {
        let mut c = self.counts[code as usize];
        let mut out: Vec<u8> = (0..self.spec.colors)
            .map(|_| {
                let k = (c & 15) as u8;
                c >>= 4;
                k
            })
            .filter(|&k| k > 0)
            .collect();
        out.sort_unstable_by(|a, b| b.cmp(a));
        out
    }

    /// The first-guess classes: for each shape, its lowest code and how many
    /// codes share it, in ascending order of representative.
    pub fn shape_classes(&self) -> Vec<(Code, usize)> {
        let mut seen: HashMap<Vec<u8>, usize> = HashMap::new();
        let mut out: Vec<(Code, usize)> = Vec::new();
        for c in 0..self.len() as Code {
            let sh = self.shape(c);
            match seen.get(&sh) {
                Some(&i) => out[i].1 += 1,
                None => {
                    seen.insert(sh, out.len());
                    out.push((c, 1));
                }
            }
        }
        out
    }
}

/// Threads to use for long searches (the machine's available parallelism).
pub fn worker_count() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 16)
}

/// A small seeded pseudo-random generator (SplitMix64), for reproducible play.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic() -> Space {
        Space::new(Spec::classic())
    }

    #[test]
    fn specs_are_checked() {
        assert_eq!(Spec::new(0, 6), Err(SpecError::Pegs));
        assert_eq!(Spec::new(4, 0), Err(SpecError::Colors));
        assert_eq!(Spec::new(4, 17), Err(SpecError::Colors));
        assert_eq!(Spec::new(8, 10), Err(SpecError::TooLarge));
        assert_eq!(Spec::new(6, 10).unwrap().size(), 1_000_000);
    }

    #[test]
    fn codes_round_trip_in_numeric_order() {
        let s = Spec::classic();
        assert_eq!(s.parse("1111"), Some(0));
        assert_eq!(s.parse("6666"), Some(1295));
        assert_eq!(s.parse("1123"), Some(8));
        assert_eq!(s.parse("1170"), None);
        assert_eq!(s.parse("123"), None);
        assert_eq!(s.format(s.parse("5512").unwrap()), "5512");
        assert!(s.parse("1123").unwrap() < s.parse("1132").unwrap());
        let big = Spec::new(6, 10).unwrap();
        assert_eq!(
            big.format(big.encode(&[9, 0, 1, 2, 3, 4]).unwrap()),
            "10 1 2 3 4 5"
        );
    }

    #[test]
    fn seed_feedback_examples() {
        let sp = classic();
        let s = sp.spec;
        let fb = |g: &str, x: &str| s.fb_text(sp.fb(s.parse(g).unwrap(), s.parse(x).unwrap()));
        assert_eq!(fb("1123", "2321"), "RWW");
        assert_eq!(fb("2321", "1123"), "RWW");
        // The seed's sample game against 5512.
        assert_eq!(fb("1122", "5512"), "RW");
        assert_eq!(fb("1134", "5512"), "W");
        assert_eq!(fb("2352", "5512"), "RW");
        assert_eq!(fb("6242", "5512"), "R");
        assert_eq!(fb("5512", "5512"), "RRRR");
    }

    #[test]
    fn fourteen_feedbacks_occur() {
        let sp = classic();
        let mut seen = std::collections::BTreeSet::new();
        for s in 0..1296 {
            seen.insert(sp.fb(sp.spec.parse("1123").unwrap(), s));
            seen.insert(sp.fb(sp.spec.parse("1234").unwrap(), s));
            seen.insert(sp.fb(0, s));
        }
        assert_eq!(seen.len(), 14);
        let valid = (0..=4)
            .flat_map(|b| (0..=4).map(move |w| (b, w)))
            .filter(|&(b, w)| sp.spec.valid_fb(b, w))
            .count();
        assert_eq!(valid, 14);
    }

    #[test]
    fn packed_feedback_agrees_with_reference() {
        for (p, c) in [(4, 6), (3, 16), (5, 3), (6, 10)] {
            let spec = Spec::new(p, c).unwrap();
            let sp = Space::new(spec);
            let mut rng = Rng::new(7);
            for _ in 0..2000 {
                let g = rng.below(sp.len()) as Code;
                let s = rng.below(sp.len()) as Code;
                let (b, w) = feedback_digits(&spec.decode(g), &spec.decode(s));
                assert_eq!(sp.fb(g, s), spec.fb(b, w), "{p}x{c}");
                assert_eq!(sp.fb(g, s), sp.fb(s, g));
            }
        }
    }

    #[test]
    fn seed_consistent_set_counts() {
        let sp = classic();
        let s = sp.spec;
        let h = |g: &str, f: &str| (s.parse(g).unwrap(), s.parse_fb(f).unwrap());
        let mut hist = vec![h("1122", "RW")];
        assert_eq!(sp.consistent(&hist).len(), 208);
        hist.push(h("1134", "W"));
        assert_eq!(sp.consistent(&hist).len(), 38);
        hist.push(h("2352", "RW"));
        let seven: Vec<String> = sp.consistent(&hist).iter().map(|&c| s.format(c)).collect();
        assert_eq!(
            seven,
            ["2426", "4242", "4262", "5512", "5612", "6242", "6512"]
        );
        hist.push(h("6242", "R"));
        assert_eq!(sp.consistent(&hist), vec![s.parse("5512").unwrap()]);
    }

    #[test]
    fn feedback_notation() {
        let s = Spec::classic();
        assert_eq!(s.parse_fb(""), Some(s.fb(0, 0)));
        assert_eq!(s.parse_fb("RWW"), Some(s.fb(1, 2)));
        assert_eq!(s.parse_fb("RRRW"), None);
        assert_eq!(s.parse_fb("WR"), None);
        assert_eq!(s.fb_text(s.fb(2, 2)), "RRWW");
        assert_eq!(s.fb_text(s.fb(0, 0)), "");
    }

    #[test]
    fn first_guess_classes() {
        let sp = classic();
        let classes: Vec<(String, usize)> = sp
            .shape_classes()
            .into_iter()
            .map(|(c, n)| (sp.spec.format(c), n))
            .collect();
        let want = [
            ("1111", 6),
            ("1112", 120),
            ("1122", 90),
            ("1123", 720),
            ("1234", 360),
        ];
        assert_eq!(classes.len(), 5);
        for (w, n) in want {
            assert!(classes.contains(&(w.to_string(), n)), "{w}");
        }
    }

    #[test]
    fn rng_is_reproducible_and_bounded() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        for _ in 0..100 {
            let x = a.below(10);
            assert_eq!(x, b.below(10));
            assert!(x < 10);
        }
    }
}
