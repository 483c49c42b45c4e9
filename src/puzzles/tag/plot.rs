//! SVG pictures of tag-system runs: the string length against the step, as a
//! polyline with axes, ticks, labels and a title naming the system, the input
//! and the outcome (found first with [`run`]; a run that repeats is drawn up
//! to its first repeated string, since the rest is the cycle again).
//!
//! Long runs are downsampled while they run: the steps are grouped into at
//! most `2 * PLOT_W` columns of equal width (the width doubles, merging
//! neighbours, whenever the run outgrows them), and each column keeps the
//! least and greatest length seen. Every column is drawn as two points, so
//! the file holds at most `4 * PLOT_W` points whatever the number of steps
//! (under 50 KB), and memory stays at the simulation's string plus the
//! columns.

use super::run::{run, Outcome, Runner};
use super::system::TagSystem;
use std::fmt::Write;

/// Width of the whole picture (pixels).
pub const WIDTH: f64 = 800.0;
/// Height of the whole picture (pixels).
pub const HEIGHT: f64 = 500.0;
const LEFT: f64 = 70.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 50.0;
/// Width of the plotting area (pixels).
pub const PLOT_W: f64 = WIDTH - LEFT - RIGHT;
const PLOT_H: f64 = HEIGHT - TOP - BOTTOM;

/// One column of a downsampled run: steps `first..first + width`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    /// The first step of the column.
    pub first: u64,
    /// The least string length in the column.
    pub min: usize,
    /// The greatest string length in the column.
    pub max: usize,
}

/// The lengths of a run, downsampled to at most `2 * cap` columns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lengths {
    /// Steps per column (a power of two).
    pub width: u64,
    /// The columns, in step order.
    pub columns: Vec<Column>,
    /// The last step recorded.
    pub last: u64,
    /// The greatest length recorded.
    pub longest: usize,
    /// The outcome if the run ended before the step bound (underflow or halt).
    pub ended: Option<Outcome>,
}

impl Lengths {
    fn new() -> Lengths {
        Lengths {
            width: 1,
            columns: Vec::new(),
            last: 0,
            longest: 0,
            ended: None,
        }
    }

    /// Records the length of step `step` (steps arrive in order from 1).
    fn record(&mut self, step: u64, len: usize, cap: usize) {
        let mut col = (step - 1) / self.width;
        while col as usize >= 2 * cap {
            self.halve();
            col = (step - 1) / self.width;
        }
        if col as usize == self.columns.len() {
            self.columns.push(Column {
                first: col * self.width + 1,
                min: len,
                max: len,
            });
        } else if let Some(c) = self.columns.last_mut() {
            c.min = c.min.min(len);
            c.max = c.max.max(len);
        }
        self.last = step;
        self.longest = self.longest.max(len);
    }

    /// Merges neighbouring columns, doubling the width.
    fn halve(&mut self) {
        self.columns = self
            .columns
            .chunks(2)
            .map(|p| Column {
                first: p[0].first,
                min: p.iter().map(|c| c.min).min().unwrap_or(0),
                max: p.iter().map(|c| c.max).max().unwrap_or(0),
            })
            .collect();
        self.width *= 2;
    }
}

/// Runs `sys` on `word` for at most `max` steps (at least step 1 is
/// recorded), keeping at most `2 * cap` columns of lengths.
pub fn lengths(sys: &TagSystem, word: &[u8], max: u64, cap: usize) -> Lengths {
    let cap = cap.max(1);
    let mut out = Lengths::new();
    let mut r = Runner::new(sys, word);
    loop {
        out.record(r.step(), r.len(), cap);
        if let Some(t) = r.terminal() {
            out.ended = Some(t);
            return out;
        }
        if r.step() >= max {
            return out;
        }
        r.advance();
    }
}

/// A "nice" distance between ticks (1, 2 or 5 times a power of ten) giving
/// about `n` ticks over `span`.
pub fn tick_step(span: u64, n: u64) -> u64 {
    let raw = span.max(1).div_ceil(n.max(1));
    let mut unit = 1u64;
    loop {
        if let Some(s) = [1, 2, 5].iter().map(|f| f * unit).find(|&s| s >= raw) {
            return s;
        }
        match unit.checked_mul(10) {
            Some(u) if u <= u64::MAX / 5 => unit = u,
            _ => return raw,
        }
    }
}

/// The multiples of [`tick_step`] in `lo..=hi`.
pub fn ticks(lo: u64, hi: u64, n: u64) -> Vec<u64> {
    let step = tick_step(hi.saturating_sub(lo), n);
    let mut out = Vec::new();
    let mut t = lo.div_ceil(step).saturating_mul(step);
    while t <= hi {
        out.push(t);
        match t.checked_add(step) {
            Some(x) => t = x,
            None => break,
        }
    }
    out
}

/// A tick label: `20k`, `3M`, `2G` for round thousands (from 10,000),
/// millions and billions.
pub fn tick_label(t: u64) -> String {
    match t {
        t if t >= 1_000_000_000 && t % 1_000_000_000 == 0 => format!("{}G", t / 1_000_000_000),
        t if t >= 1_000_000 && t % 1_000_000 == 0 => format!("{}M", t / 1_000_000),
        t if t >= 10_000 && t % 1_000 == 0 => format!("{}k", t / 1_000),
        t => t.to_string(),
    }
}

/// Escapes text for SVG content and attributes.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A word for a title: shortened to 40 symbols with its length when longer.
fn short(text: &str) -> String {
    let n = text.chars().count();
    if n <= 40 {
        text.to_string()
    } else {
        let head: String = text.chars().take(37).collect();
        format!("{head}... ({n} symbols)")
    }
}

/// The outcome in words, for the title.
pub fn describe(o: &Outcome) -> String {
    match o {
        Outcome::Underflow { step } => format!("underflow at step {step}"),
        Outcome::Halt { step, word } => format!("halt at step {step} (length {})", word.len()),
        Outcome::Repeat { step, earlier } => format!("step {step} repeats step {earlier}"),
        Outcome::Running { step, length } => format!("running at step {step} (length {length})"),
    }
}

/// The SVG picture of `sys` run on `word` for at most `max` steps; a run
/// that repeats is drawn up to its first repeated string.
pub fn plot(sys: &TagSystem, word: &[u8], max: u64) -> String {
    let outcome = run(sys, word, max.max(1));
    let until = match outcome {
        Outcome::Repeat { step, .. } => step,
        _ => max,
    };
    let ls = lengths(sys, word, until, PLOT_W as usize);
    let rules: Vec<String> = sys
        .rules
        .iter()
        .enumerate()
        .filter_map(|(a, r)| {
            r.as_ref()
                .map(|w| format!("{}->{}", sys.alphabet[a], short(&sys.decode(w))))
        })
        .collect();
    let title = format!(
        "{}-tag {{{}}} on {}: {}",
        sys.m,
        rules.join(", "),
        short(&sys.decode(word)),
        describe(&outcome)
    );
    render(&ls, &title)
}

/// Draws downsampled lengths with a title.
pub fn render(ls: &Lengths, title: &str) -> String {
    let last = ls.last.max(1);
    let longest = ls.longest.max(1) as u64;
    let ystep = tick_step(longest, 6);
    let ymax = longest.div_ceil(ystep).saturating_mul(ystep) as f64;
    let x_of = |step: u64| {
        if last <= 1 {
            LEFT
        } else {
            LEFT + (step - 1) as f64 / (last - 1) as f64 * PLOT_W
        }
    };
    let y_of = |len: u64| TOP + PLOT_H - len as f64 / ymax * PLOT_H;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, "<title>{}</title>", escape(title));
    let _ = writeln!(
        s,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text x="{}" y="25" text-anchor="middle" font-size="14">{}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );
    // axes
    let (x0, y0, x1, y1) = (LEFT, TOP + PLOT_H, LEFT + PLOT_W, TOP);
    let _ = writeln!(
        s,
        r#"<path d="M{x0},{y1} V{y0} H{x1}" fill="none" stroke="black"/>"#
    );
    let _ = writeln!(s, r#"<g class="xticks" text-anchor="middle">"#);
    for t in ticks(1, last, 8).into_iter().filter(|&t| t >= 1) {
        let x = x_of(t);
        let _ = writeln!(
            s,
            r#"<line x1="{x:.1}" y1="{y0}" x2="{x:.1}" y2="{}" stroke="black"/><text x="{x:.1}" y="{}">{}</text>"#,
            y0 + 5.0,
            y0 + 18.0,
            tick_label(t)
        );
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(s, r#"<g class="yticks" text-anchor="end">"#);
    for t in ticks(0, ymax as u64, 6) {
        let y = y_of(t);
        let _ = writeln!(
            s,
            r#"<line x1="{}" y1="{y:.1}" x2="{x0}" y2="{y:.1}" stroke="black"/><text x="{}" y="{:.1}">{}</text>"#,
            x0 - 5.0,
            x0 - 8.0,
            y + 4.0,
            tick_label(t)
        );
    }
    let _ = writeln!(s, "</g>");
    let _ = writeln!(
        s,
        r#"<text x="{}" y="{}" text-anchor="middle">step</text>"#,
        LEFT + PLOT_W / 2.0,
        HEIGHT - 12.0
    );
    let _ = writeln!(
        s,
        r#"<text x="18" y="{}" text-anchor="middle" transform="rotate(-90 18 {})">string length</text>"#,
        TOP + PLOT_H / 2.0,
        TOP + PLOT_H / 2.0
    );
    // the run: each column as its two extremes, nearest to the previous point first
    let _ = write!(
        s,
        r#"<polyline fill="none" stroke="steelblue" stroke-width="1" points=""#
    );
    let mut prev: Option<usize> = None;
    for c in &ls.columns {
        let mid = (c.first + (ls.width - 1) / 2).min(last);
        let x = x_of(mid);
        let pair = match prev {
            Some(p) if p.abs_diff(c.max) < p.abs_diff(c.min) => [c.max, c.min],
            _ => [c.min, c.max],
        };
        for (i, v) in pair.iter().enumerate() {
            if i == 1 && c.min == c.max {
                break;
            }
            let _ = write!(s, "{x:.1},{:.1} ", y_of(*v as u64));
        }
        prev = Some(pair[1]);
    }
    let _ = writeln!(s, r#""/>"#);
    let _ = writeln!(s, "</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sys(m: usize, rules: &[(&str, &str)]) -> TagSystem {
        TagSystem::new(m, rules).unwrap()
    }

    /// Checks that every tag is closed in order (a small XML well-formedness
    /// check: tags, attributes quoted, no stray `<` or `&`).
    fn well_formed(svg: &str) {
        let mut stack: Vec<String> = Vec::new();
        let mut rest = svg;
        while let Some(i) = rest.find('<') {
            let text = &rest[..i];
            assert!(!text.contains('>'), "stray > in {text:?}");
            for (j, _) in text.match_indices('&') {
                let ent = &text[j..];
                assert!(
                    ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                        .iter()
                        .any(|e| ent.starts_with(e)),
                    "bad entity in {text:?}"
                );
            }
            let end = rest[i..].find('>').expect("unclosed tag") + i;
            let tag = &rest[i + 1..end];
            assert_eq!(tag.matches('"').count() % 2, 0, "{tag}");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(stack.pop().as_deref(), Some(name));
            } else if !tag.ends_with('/') {
                stack.push(tag.split_whitespace().next().unwrap().to_string());
            }
            rest = &rest[end + 1..];
        }
        assert!(stack.is_empty(), "unclosed {stack:?}");
        assert!(rest.trim().is_empty());
    }

    #[test]
    fn nice_ticks() {
        assert_eq!(ticks(0, 55, 6), vec![0, 10, 20, 30, 40, 50]);
        assert_eq!(ticks(1, 411, 8), vec![100, 200, 300, 400]);
        assert_eq!(ticks(0, 4, 6), vec![0, 1, 2, 3, 4]);
        assert_eq!(ticks(1, 1, 8), vec![1]);
        assert!(ticks(0, u64::MAX, 6).len() <= 7);
        let labels: Vec<String> = [0, 500, 5000, 20_000, 25_500, 3_000_000, 2_000_000_000]
            .into_iter()
            .map(tick_label)
            .collect();
        assert_eq!(labels, ["0", "500", "5000", "20k", "25500", "3M", "2G"]);
    }

    #[test]
    fn posts_14_ones_plot() {
        let post = sys(3, &[("0", "00"), ("1", "1101")]);
        let (post, w) = post.encode(&"1".repeat(14)).unwrap();
        let ls = lengths(&post, &w, 10_000, PLOT_W as usize);
        assert_eq!(ls.last, 411);
        assert_eq!(ls.width, 1);
        assert_eq!(ls.columns.len(), 411);
        assert_eq!(ls.columns[0].min, 14);
        assert_eq!(ls.columns[410].max, 2);
        assert_eq!(ls.ended, Some(Outcome::Underflow { step: 411 }));
        let svg = plot(&post, &w, 10_000);
        well_formed(&svg);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(
            svg.contains("3-tag {0-&gt;00, 1-&gt;1101} on 11111111111111: underflow at step 411")
        );
        assert!(svg.contains(">400</text>"));
        // lengths go up to 56: the y axis ends at the tick 60
        assert!(svg.contains(">60</text>"));
        assert!(svg.contains(">step</text>"));
        assert!(svg.contains(">string length</text>"));
        let points = svg.split("points=\"").nth(1).unwrap();
        let points = &points[..points.find('"').unwrap()];
        assert_eq!(points.split_whitespace().count(), 411);
        assert!(points.starts_with(&format!("{LEFT:.1},")));
    }

    #[test]
    fn long_runs_stay_small() {
        // 0x -> 1, 1x -> 011 grows without bound: a million steps.
        let g = sys(1, &[("0", "1"), ("1", "011")]);
        let (g, w) = g.encode("0").unwrap();
        let ls = lengths(&g, &w, 1_000_000, PLOT_W as usize);
        assert_eq!(ls.last, 1_000_000);
        assert!(ls.columns.len() <= 2 * PLOT_W as usize);
        assert!(ls.columns.len() > PLOT_W as usize / 2);
        // columns cover the steps in order, without gaps
        for (i, c) in ls.columns.iter().enumerate() {
            assert_eq!(c.first, i as u64 * ls.width + 1);
            assert!(c.min <= c.max);
        }
        assert_eq!(ls.columns.iter().map(|c| c.max).max(), Some(ls.longest));
        let svg = plot(&g, &w, 1_000_000);
        well_formed(&svg);
        assert!(svg.len() < 200_000, "{} bytes", svg.len());
        assert!(svg.contains("running at step 1000000"));
        assert!(svg.contains(">1M</text>"));
    }

    #[test]
    fn downsampling_keeps_the_extremes() {
        // rotation of 10 symbols (length 10 always), then compare with a
        // direct per-step record
        let fav = sys(3, &[("0", "0"), ("1", "11001")]);
        let (fav, w) = fav.encode("111").unwrap();
        let ls = lengths(&fav, &w, 100_000, 50);
        assert_eq!(ls.ended, Some(Outcome::Underflow { step: 588 }));
        assert!(ls.columns.len() <= 100);
        let mut r = Runner::new(&fav, &w);
        let mut all = vec![r.len()];
        while r.terminal().is_none() {
            r.advance();
            all.push(r.len());
        }
        for c in &ls.columns {
            let lo = (c.first - 1) as usize;
            let hi = (lo + ls.width as usize).min(all.len());
            assert_eq!(c.min, *all[lo..hi].iter().min().unwrap());
            assert_eq!(c.max, *all[lo..hi].iter().max().unwrap());
        }
    }

    #[test]
    fn odd_inputs() {
        // halting symbol, markup characters, long words, zero steps, repeats
        let s = sys(2, &[("<", "&\"'"), ("&", "<<")]);
        let (s2, w) = s.encode("<&<&").unwrap();
        let svg = plot(&s2, &w, 100);
        well_formed(&svg);
        assert!(svg.contains("&lt;-&gt;&amp;&quot;&apos;"));
        let post = sys(3, &[("0", "00"), ("1", "1101")]);
        let (post, w) = post.encode("111").unwrap();
        let svg = plot(&post, &w, 0);
        well_formed(&svg);
        assert!(svg.contains("running at step 1 (length 3)") || svg.contains("repeat"));
        let svg = plot(&post, &w, 100);
        assert!(svg.contains("step 7 repeats step 5"));
        // a repeating run is drawn up to its repeat, whatever the bound
        let (post20, w20) = post.encode(&"1".repeat(20)).unwrap();
        let svg = plot(&post20, &w20, 10_000_000);
        well_formed(&svg);
        assert!(svg.contains("step 2158 repeats step 2130"));
        assert!(svg.contains(">2000</text>"));
        assert!(!svg.contains(">3000</text>"));
        let long = "1".repeat(1000);
        let (post, w) = post.encode(&long).unwrap();
        let svg = plot(&post, &w, 10);
        well_formed(&svg);
        assert!(svg.contains("... (1000 symbols)"));
        let empty = sys(1, &[("a", "")]);
        let svg = plot(&empty, &[], 10);
        well_formed(&svg);
        assert!(svg.contains("underflow at step 1"));
    }
}
