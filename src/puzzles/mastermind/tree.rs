//! The game tree of a deterministic strategy and its two printed forms: the
//! seed's table (History, Guess, Count, Total, Avg, Max; one row per
//! position of the game, largest first) and an indented tree of guesses and
//! feedback branches.

use super::code::{Code, Fb, Space, Spec};
use super::evaluate::{EvalError, MAX_GUESSES};
use super::partition::partition;
use super::strategy::{Choice, Node, Strategy};

/// One position of a strategy's game tree.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeNode {
    /// The feedback received so far (one per guess made).
    pub path: Vec<Fb>,
    /// The strategy's guess here.
    pub guess: Code,
    /// Secrets consistent with the path.
    pub count: usize,
    /// Guesses needed over those secrets, counted from the start of the game.
    pub total: u64,
    /// Most guesses any of those secrets needs.
    pub max: usize,
    /// Positions after each non-winning feedback, in `fb_order`.
    pub children: Vec<usize>,
}

/// The order of feedback in trees and among equal table rows: by pegs
/// scored, then blacks first (blank, R, W, RR, RW, WW, ...), which puts the
/// seed's rows of equal count `|`, `|R`, `|W` in its order.
pub fn fb_order(spec: Spec, f: Fb) -> (u32, std::cmp::Reverse<u32>) {
    let (b, w) = (spec.black(f), spec.white(f));
    (b + w, std::cmp::Reverse(b))
}

/// `total / count` to two decimals, halves rounded up as in the seed
/// (189 / 40 = 4.725 prints as 4.73).
pub fn average_text(total: u64, count: u64) -> String {
    let hundredths = (total * 200 + count) / (2 * count.max(1));
    format!("{}.{:02}", hundredths / 100, hundredths % 100)
}

/// Builds the whole tree of a deterministic strategy (node 0 is the root;
/// every child comes after its parent).
pub fn build(space: &Space, strat: &dyn Strategy) -> Result<Vec<TreeNode>, EvalError> {
    let spec = space.spec;
    let mut nodes: Vec<TreeNode> = Vec::new();
    // (parent, path, candidates)
    let mut stack: Vec<(Option<usize>, Vec<Fb>, Vec<Code>)> = vec![(None, Vec::new(), space.all())];
    while let Some((parent, path, cands)) = stack.pop() {
        if path.len() >= MAX_GUESSES {
            return Err(EvalError::TooManyGuesses);
        }
        let node = Node {
            step: path.len(),
            candidates: &cands,
        };
        let guess = match strat.choose(space, &node) {
            Choice::Guess(g) => g,
            Choice::UniformCandidate => return Err(EvalError::Random),
        };
        let me = nodes.len();
        if let Some(p) = parent {
            nodes[p].children.push(me);
        }
        let mut parts = partition(space, guess, &cands);
        parts.sort_by_key(|(f, _)| std::cmp::Reverse(fb_order(spec, *f)));
        for (f, part) in parts {
            if f != spec.win() {
                let mut p = path.clone();
                p.push(f);
                stack.push((Some(me), p, part));
            }
        }
        nodes.push(TreeNode {
            path,
            guess,
            count: cands.len(),
            total: 0,
            max: 0,
            children: Vec::new(),
        });
    }
    // Children come after their parents: sum bottom-up.
    for i in (0..nodes.len()).rev() {
        let n = &nodes[i];
        let depth = n.path.len() + 1;
        let below: usize = n.children.iter().map(|&c| nodes[c].count).sum();
        let (mut total, mut max) = (0u64, 0usize);
        if below < n.count {
            total += depth as u64;
            max = depth;
        }
        for &c in &n.children {
            total += nodes[c].total;
            max = max.max(nodes[c].max);
        }
        nodes[i].total = total;
        nodes[i].max = max;
    }
    Ok(nodes)
}

/// Which rows of the table to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rows {
    /// The `n` positions with most secrets (the seed's excerpts).
    Top(usize),
    /// Every position with at least `n` secrets (`MinCount(3)`: the table
    /// the seed says must be memorised).
    MinCount(usize),
    /// Every position reached after at most `d` guesses.
    Depth(usize),
    /// Every position.
    All,
    /// The positions after these feedback sequences, in this order.
    Paths(Vec<Vec<Fb>>),
}

/// Indices of the selected rows: most secrets first, then fewer guesses
/// made, then feedback in the seed's order (the seed's own order of equal
/// counts is not reproducible); `Paths` keeps its order and skips paths the
/// strategy never reaches.
pub fn select(spec: Spec, tree: &[TreeNode], rows: &Rows) -> Vec<usize> {
    if let Rows::Paths(paths) = rows {
        return paths
            .iter()
            .filter_map(|p| tree.iter().position(|n| &n.path == p))
            .collect();
    }
    let mut idx: Vec<usize> = (0..tree.len())
        .filter(|&i| match rows {
            Rows::MinCount(n) => tree[i].count >= *n,
            Rows::Depth(d) => tree[i].path.len() <= *d,
            _ => true,
        })
        .collect();
    idx.sort_by_key(|&i| {
        let n = &tree[i];
        let path: Vec<_> = n.path.iter().map(|&f| fb_order(spec, f)).collect();
        (std::cmp::Reverse(n.count), n.path.len(), path)
    });
    if let Rows::Top(n) = rows {
        idx.truncate(*n);
    }
    idx
}

/// A count with thousands separators, as in the seed (`1,296`).
pub fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The seed's History column: `|` then the feedback, per guess (`|RW|W`).
pub fn history_text(spec: Spec, path: &[Fb]) -> String {
    path.iter()
        .map(|&f| format!("|{}", spec.fb_text(f)))
        .collect()
}

/// The seed's table for the selected rows.
pub fn table(spec: Spec, tree: &[TreeNode], rows: &[usize]) -> String {
    let hist: Vec<String> = rows
        .iter()
        .map(|&i| history_text(spec, &tree[i].path))
        .collect();
    let guesses: Vec<String> = rows.iter().map(|&i| spec.format(tree[i].guess)).collect();
    let counts: Vec<String> = rows
        .iter()
        .map(|&i| grouped(tree[i].count as u64))
        .collect();
    let totals: Vec<String> = rows.iter().map(|&i| grouped(tree[i].total)).collect();
    let width = |col: &[String], head: &str| col.iter().map(|s| s.len()).chain([head.len()]).max();
    let hw = width(&hist, "History").unwrap_or(7);
    let gw = width(&guesses, "Guess").unwrap_or(5);
    let cw = width(&counts, "Count").unwrap_or(5);
    let tw = width(&totals, "Total").unwrap_or(5);
    let mut out = format!(
        "{:<hw$} {:<gw$} {:>cw$} {:>tw$} {:<4} Max\n",
        "History", "Guess", "Count", "Total", "Avg"
    );
    for (k, &i) in rows.iter().enumerate() {
        let n = &tree[i];
        let avg = average_text(n.total, n.count as u64);
        out.push_str(&format!(
            "{:<hw$} {:<gw$} {:>cw$} {:>tw$} {:<4} {}\n",
            hist[k], guesses[k], counts[k], totals[k], avg, n.max
        ));
    }
    out
}

/// The tree as indented text, down to `depth` guesses (`None`: all): the
/// root's guess, then per feedback branch `fb: guess (secrets)`, two spaces
/// deeper per guess; a branch with one secret ends in that secret.
pub fn tree_text(spec: Spec, tree: &[TreeNode], depth: Option<usize>) -> String {
    let mut out = String::new();
    let mut stack = vec![0usize];
    while let Some(i) = stack.pop() {
        let n = &tree[i];
        let d = n.path.len();
        if depth.is_some_and(|lim| d >= lim) {
            continue;
        }
        let label = match n.path.last() {
            None => String::new(),
            Some(&f) if f == spec.fb(0, 0) => "-: ".to_string(),
            Some(&f) => format!("{}: ", spec.fb_text(f)),
        };
        out.push_str(&format!(
            "{}{}{} ({})\n",
            "  ".repeat(d),
            label,
            spec.format(n.guess),
            grouped(n.count as u64)
        ));
        stack.extend(n.children.iter().rev());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::mastermind::strategy::{Heuristic, Lc, Rc};

    fn classic() -> std::sync::Arc<Space> {
        Space::shared(Spec::classic())
    }

    #[test]
    fn knuth_table_reproduces_the_seeds_rows() {
        let sp = classic();
        let s = sp.spec;
        let tree = build(&sp, &Heuristic::KNUTH).unwrap();
        assert_eq!((tree[0].count, tree[0].total, tree[0].max), (1296, 5801, 5));
        let rows = select(s, &tree, &Rows::Top(24));
        let text = table(s, &tree, &rows);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "History Guess Count Total Avg  Max");
        assert_eq!(lines[1], "        1122  1,296 5,801 4.48 5");
        assert_eq!(lines[2], "|       3345    256 1,175 4.59 5");
        assert!(lines.contains(&"|RW|RWW 1315     34   160 4.71 5"));
        assert!(lines.contains(&"|RRW    1223     32   124 3.88 4"));
        assert_eq!(lines[24], "||RR    3636     29   135 4.66 5");
        // The seed: 269 positions with three or more secrets to memorise.
        assert_eq!(select(s, &tree, &Rows::MinCount(3)).len(), 269);
        let ck = build(&sp, &Heuristic::CONSISTENT_KNUTH).unwrap();
        assert_eq!(select(s, &ck, &Rows::MinCount(3)).len(), 286);
        let rows = select(s, &ck, &Rows::Top(24));
        let text = table(s, &ck, &rows);
        assert!(text.contains("\n|R      1344    256 1,178 4.60 6\n|W      2344"));
        // 189 / 40 = 4.725: the seed rounds half up.
        assert!(text.contains("||RWW   3454     40   189 4.73 6\n"));
        assert!(text.ends_with("|RR|RW  1352     28   128 4.57 5\n"));
    }

    #[test]
    fn paths_depth_and_tree_text() {
        let sp = classic();
        let s = sp.spec;
        let tree = build(&sp, &Heuristic::KNUTH).unwrap();
        let rw = s.parse_fb("RW").unwrap();
        let w = s.parse_fb("W").unwrap();
        let rows = select(
            s,
            &tree,
            &Rows::Paths(vec![vec![rw, w], vec![], vec![w, w, w, w]]),
        );
        assert_eq!(rows.len(), 2);
        assert_eq!(s.format(tree[rows[0]].guess), "2352");
        assert_eq!(select(s, &tree, &Rows::Depth(0)), [0]);
        let text = tree_text(s, &tree, Some(2));
        assert!(text.starts_with("1122 (1,296)\n  -: 3345 (256)\n  R: 1344 (256)\n"));
        // 1122 never scores RWWW: twelve branches.
        assert_eq!(text.lines().count(), 1 + 12);
        assert_eq!(build(&sp, &Rc), Err(EvalError::Random));
        let lc = build(&sp, &Lc).unwrap();
        assert_eq!((lc[0].total, lc[0].max), (7471, 9));
        assert_eq!(grouped(1234567), "1,234,567");
        assert_eq!(grouped(12), "12");
    }
}
