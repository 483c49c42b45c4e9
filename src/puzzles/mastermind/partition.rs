//! Partitions of a candidate set by a guess: the classes of secrets that give
//! the same feedback. `split` is allocation-free (a counting sort into caller
//! buffers) for the recursive searches; `partition` and `profile` are the
//! convenient owned forms.

use super::code::{Code, Fb, Space};

/// One class of a partition: its feedback and its range in the split buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    /// The feedback shared by the class.
    pub fb: Fb,
    /// Start index in the buffer.
    pub start: usize,
    /// End index (exclusive) in the buffer.
    pub end: usize,
}

/// Counts how many candidates give each feedback to `guess`: `counts` gets
/// `space.spec.fb_slots()` entries.
pub fn count_into(space: &Space, guess: Code, cands: &[Code], counts: &mut [u32]) {
    counts.fill(0);
    match space.row(guess) {
        Some(row) => {
            for &s in cands {
                counts[row[s as usize] as usize] += 1;
            }
        }
        None => {
            for &s in cands {
                counts[space.fb(guess, s) as usize] += 1;
            }
        }
    }
}

/// Splits `cands` by `guess` into `buf` (classes contiguous, each in the
/// order of `cands`, classes by ascending feedback) and `parts` (non-empty
/// classes only).
pub fn split(
    space: &Space,
    guess: Code,
    cands: &[Code],
    buf: &mut Vec<Code>,
    parts: &mut Vec<Part>,
) {
    let slots = space.spec.fb_slots();
    let mut counts = [0u32; 128];
    count_into(space, guess, cands, &mut counts[..slots]);
    let mut offsets = [0usize; 128];
    parts.clear();
    let mut at = 0;
    for (f, &c) in counts[..slots].iter().enumerate() {
        offsets[f] = at;
        if c > 0 {
            parts.push(Part {
                fb: f as Fb,
                start: at,
                end: at + c as usize,
            });
        }
        at += c as usize;
    }
    buf.clear();
    buf.resize(cands.len(), 0);
    for &s in cands {
        let f = space.fb(guess, s) as usize;
        buf[offsets[f]] = s;
        offsets[f] += 1;
    }
}

/// The classes of `cands` under `guess`, by ascending feedback.
pub fn partition(space: &Space, guess: Code, cands: &[Code]) -> Vec<(Fb, Vec<Code>)> {
    let mut buf = Vec::new();
    let mut parts = Vec::new();
    split(space, guess, cands, &mut buf, &mut parts);
    parts
        .iter()
        .map(|p| (p.fb, buf[p.start..p.end].to_vec()))
        .collect()
}

/// Class sizes of `cands` under `guess`, largest first, ties in alphabetical
/// order of the seed's notation (`""`, `R`, `RR`, `RW`, `W`, ...): the seed's
/// "W =276, RW=230, ..." listings.
pub fn profile(space: &Space, guess: Code, cands: &[Code]) -> Vec<(Fb, usize)> {
    let mut counts = [0u32; 128];
    let slots = space.spec.fb_slots();
    count_into(space, guess, cands, &mut counts[..slots]);
    let mut out: Vec<(Fb, usize)> = counts[..slots]
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(f, &c)| (f as Fb, c as usize))
        .collect();
    let s = space.spec;
    out.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then_with(|| s.fb_text(a.0).cmp(&s.fb_text(b.0)))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::mastermind::code::Spec;

    fn sizes_text(space: &Space, guess: &str, cands: &[Code]) -> Vec<(String, usize)> {
        let s = space.spec;
        profile(space, s.parse(guess).unwrap(), cands)
            .into_iter()
            .map(|(f, n)| (s.fb_text(f), n))
            .collect()
    }

    fn has(prof: &[(String, usize)], fb: &str, n: usize) -> bool {
        prof.iter().any(|(f, k)| f == fb && *k == n)
    }

    #[test]
    fn seed_first_guess_profiles() {
        let sp = Space::new(Spec::classic());
        let all = sp.all();
        let p = sizes_text(&sp, "1111", &all);
        assert_eq!(
            p,
            [("", 625), ("R", 500), ("RR", 150), ("RRR", 20), ("RRRR", 1)]
                .map(|(f, n)| (f.to_string(), n))
        );
        let p = sizes_text(&sp, "1112", &all);
        assert_eq!(p[0], ("R".to_string(), 317));
        assert_eq!(p[1], ("W".to_string(), 308));
        assert!(has(&p, "", 256) && has(&p, "RW", 156) && has(&p, "RR", 123));
        let p = sizes_text(&sp, "1122", &all);
        assert!(has(&p, "", 256) && has(&p, "R", 256) && has(&p, "W", 256));
        assert!(has(&p, "RW", 208) && has(&p, "RR", 114));
        assert_eq!(p.iter().map(|x| x.1).max(), Some(256));
        let p = sizes_text(&sp, "1123", &all);
        assert_eq!(
            &p[..4],
            &[("W", 276), ("RW", 230), ("WW", 222), ("R", 182)].map(|(f, n)| (f.to_string(), n))
        );
        // The seed lists RWW=84 fifth, leaving out RR=105 (its AC table has |RR 105).
        assert_eq!(p[4], ("RR".to_string(), 105));
        assert!(has(&p, "RWW", 84));
        let p = sizes_text(&sp, "1234", &all);
        assert_eq!(
            &p[..5],
            &[
                ("WW", 312),
                ("RW", 252),
                ("W", 152),
                ("WWW", 136),
                ("RWW", 132)
            ]
            .map(|(f, n)| (f.to_string(), n))
        );
    }

    #[test]
    fn seed_profiles_after_1122_blank() {
        // The seed calls this set 276 codes; it has 4^4 = 256 (its own table sums to 256).
        let sp = Space::new(Spec::classic());
        let s = sp.spec;
        let set = sp.consistent(&[(s.parse("1122").unwrap(), s.fb(0, 0))]);
        assert_eq!(set.len(), 256);
        let top3 = |g: &str| -> Vec<(String, usize)> {
            sizes_text(&sp, g, &set).into_iter().take(3).collect()
        };
        let t = |v: &[(&str, usize)]| -> Vec<(String, usize)> {
            v.iter().map(|(f, n)| (f.to_string(), *n)).collect()
        };
        assert_eq!(sizes_text(&sp, "1111", &set), t(&[("", 256)]));
        assert_eq!(top3("1113"), t(&[("W", 111), ("", 81), ("R", 64)]));
        assert_eq!(top3("1134"), t(&[("W", 76), ("R", 54), ("WW", 52)]));
        assert_eq!(top3("1345"), t(&[("WW", 63), ("RW", 60), ("RR", 27)]));
        assert_eq!(
            sizes_text(&sp, "3333", &set),
            t(&[("R", 108), ("", 81), ("RR", 54), ("RRR", 12), ("RRRR", 1)])
        );
        assert_eq!(top3("3334"), t(&[("R", 51), ("W", 46), ("RW", 42)]));
        assert_eq!(top3("3344"), t(&[("RW", 56), ("RR", 34), ("R", 32)]));
        assert_eq!(top3("3345"), t(&[("RW", 46), ("WW", 42), ("RWW", 40)]));
        assert_eq!(top3("3456"), t(&[("RWW", 60), ("WWW", 48), ("RW", 36)]));
        let p = sizes_text(&sp, "1133", &set);
        assert_eq!(p[0], ("".to_string(), 81));
        let p = sizes_text(&sp, "1333", &set);
        assert!(has(&p, "", 81) && has(&p, "R", 81) && has(&p, "RR", 27));
        let p = sizes_text(&sp, "1334", &set);
        assert_eq!(&p[..2], &t(&[("W", 54), ("RW", 49)])[..]);
    }

    #[test]
    fn split_is_a_partition() {
        let sp = Space::new(Spec::new(3, 4).unwrap());
        let cands: Vec<Code> = (0..sp.len() as Code).filter(|c| c % 3 != 1).collect();
        let mut buf = Vec::new();
        let mut parts = Vec::new();
        split(&sp, 5, &cands, &mut buf, &mut parts);
        assert_eq!(
            parts.iter().map(|p| p.end - p.start).sum::<usize>(),
            cands.len()
        );
        for p in &parts {
            let class = &buf[p.start..p.end];
            assert!(class.windows(2).all(|w| w[0] < w[1]));
            assert!(class.iter().all(|&s| sp.fb(5, s) == p.fb));
        }
        let owned = partition(&sp, 5, &cands);
        assert_eq!(owned.len(), parts.len());
    }
}
