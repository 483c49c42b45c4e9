//! Strategy trees and their independent verifier. A `Tree` is what the exact
//! searches of `optimal.rs` return: a guess per node and one child per
//! non-winning feedback. `verify` re-checks a tree on its own small code
//! path (codes decoded to digits and scored with the reference
//! `feedback_digits`, never the search's tables or partitions): every secret
//! is played down the tree, every guess must be a code, every secret must
//! end with its own guess, consistency with the history is checked where
//! required, and the totals are summed here, not taken from the search.

use super::code::{feedback_digits, Code, Fb, Space};

/// One node of a strategy tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The guess played at this node.
    pub guess: Code,
    /// The next node for each non-winning feedback (packed as in `Spec::fb`).
    pub children: Vec<(Fb, u32)>,
}

/// A strategy tree; `nodes[0]` is the root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    /// The nodes, root first.
    pub nodes: Vec<TreeNode>,
}

impl Tree {
    /// The child of `node` for feedback `fb`, if any.
    pub fn child(&self, node: usize, fb: Fb) -> Option<usize> {
        self.nodes
            .get(node)?
            .children
            .iter()
            .find(|c| c.0 == fb)
            .map(|c| c.1 as usize)
    }
}

/// What the verifier found wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// The tree has no nodes.
    Empty,
    /// A guess is not a code of the space.
    NotACode(Code),
    /// A child index points outside the tree.
    BadChild(usize),
    /// A secret reached a node with no branch for its feedback.
    MissingBranch {
        /// The secret.
        secret: Code,
        /// The node it got stuck at.
        node: usize,
    },
    /// A guess is inconsistent with the feedback received before it.
    Inconsistent {
        /// The secret whose game showed it.
        secret: Code,
        /// The inconsistent guess.
        guess: Code,
    },
    /// A secret needed more guesses than allowed.
    TooLong {
        /// The secret.
        secret: Code,
        /// Guesses it needed (so far).
        guesses: usize,
    },
    /// The totals differ from what the search claimed.
    Claim {
        /// Total the search claimed.
        claimed: u64,
        /// Total found by replaying.
        found: u64,
    },
}

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{self:?}")
    }
}

/// The replayed figures of a tree: total guesses over the secrets and the most
/// any secret needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// Sum over secrets of guesses needed.
    pub total: u64,
    /// Most guesses any secret needs.
    pub max: usize,
}

/// Replays `tree` on every secret of `secrets` (ascending: the codes
/// consistent with the history the tree starts from). With `consistent`
/// every guess must be one of `secrets` agreeing with the feedback received
/// so far in the tree; with `limit` no secret may need more guesses.
pub fn verify(
    space: &Space,
    tree: &Tree,
    secrets: &[Code],
    consistent: bool,
    limit: Option<usize>,
) -> Result<Replayed, VerifyError> {
    let spec = space.spec;
    if tree.nodes.is_empty() {
        return Err(VerifyError::Empty);
    }
    for n in &tree.nodes {
        if n.guess as usize >= spec.size() {
            return Err(VerifyError::NotACode(n.guess));
        }
        if let Some(&(_, c)) = n.children.iter().find(|c| c.1 as usize >= tree.nodes.len()) {
            return Err(VerifyError::BadChild(c as usize));
        }
    }
    let pegs = spec.pegs;
    let bound = limit.unwrap_or(usize::MAX).min(tree.nodes.len() + 1);
    let mut out = Replayed { total: 0, max: 0 };
    let mut path: Vec<(Vec<u32>, (u32, u32))> = Vec::new();
    for &secret in secrets {
        let sd = spec.decode(secret);
        path.clear();
        let mut node = 0usize;
        loop {
            let guess = tree.nodes[node].guess;
            let gd = spec.decode(guess);
            if path.len() + 1 > bound {
                return Err(VerifyError::TooLong {
                    secret,
                    guesses: path.len() + 1,
                });
            }
            if consistent
                && (secrets.binary_search(&guess).is_err()
                    || path.iter().any(|(pd, fb)| feedback_digits(pd, &gd) != *fb))
            {
                return Err(VerifyError::Inconsistent { secret, guess });
            }
            let fb = feedback_digits(&gd, &sd);
            path.push((gd, fb));
            if fb == (pegs, 0) {
                break;
            }
            match tree.child(node, spec.fb(fb.0, fb.1)) {
                Some(c) => node = c,
                None => return Err(VerifyError::MissingBranch { secret, node }),
            }
        }
        out.total += path.len() as u64;
        out.max = out.max.max(path.len());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::mastermind::code::Spec;

    /// A tree for mm(2,2) (codes 11 12 21 22): guess 12 first.
    fn small() -> (Space, Tree) {
        let sp = Space::new(Spec::new(2, 2).unwrap());
        let s = sp.spec;
        let c = |t: &str| s.parse(t).unwrap();
        // 12 vs 11: R; vs 21: WW; vs 22: R. 11 and 22 both give R.
        let tree = Tree {
            nodes: vec![
                TreeNode {
                    guess: c("12"),
                    children: vec![(s.fb(1, 0), 1), (s.fb(0, 2), 2)],
                },
                TreeNode {
                    guess: c("11"),
                    children: vec![(s.fb(0, 0), 3)],
                },
                TreeNode {
                    guess: c("21"),
                    children: vec![],
                },
                TreeNode {
                    guess: c("22"),
                    children: vec![],
                },
            ],
        };
        (sp, tree)
    }

    #[test]
    fn a_correct_tree_is_replayed() {
        let (sp, tree) = small();
        let all = sp.all();
        // 12: 1, 21: 2, 11: 2, 22: 3.
        let r = verify(&sp, &tree, &all, true, None).unwrap();
        assert_eq!(r, Replayed { total: 8, max: 3 });
        assert_eq!(
            verify(&sp, &tree, &all, false, Some(2)),
            Err(VerifyError::TooLong {
                secret: sp.spec.parse("22").unwrap(),
                guesses: 3
            })
        );
    }

    #[test]
    fn corrupted_trees_are_rejected() {
        let (sp, tree) = small();
        let all = sp.all();
        let mut t = tree.clone();
        t.nodes[3].guess = sp.spec.parse("21").unwrap();
        assert!(matches!(
            verify(&sp, &t, &all, false, None),
            Err(VerifyError::MissingBranch { .. })
        ));
        let mut t = tree.clone();
        t.nodes[0].children.pop();
        assert!(matches!(
            verify(&sp, &t, &all, false, None),
            Err(VerifyError::MissingBranch { .. })
        ));
        let mut t = tree.clone();
        t.nodes[2].guess = 99;
        assert_eq!(
            verify(&sp, &t, &all, false, None),
            Err(VerifyError::NotACode(99))
        );
        let mut t = tree.clone();
        t.nodes[1].children[0].1 = 9;
        assert_eq!(
            verify(&sp, &t, &all, false, None),
            Err(VerifyError::BadChild(9))
        );
        // Guessing 21 after 12 gave R is inconsistent (21 would have given WW).
        let mut t = tree.clone();
        t.nodes[1].guess = sp.spec.parse("21").unwrap();
        t.nodes[1].children = vec![(sp.spec.fb(1, 0), 4)];
        t.nodes.push(TreeNode {
            guess: sp.spec.parse("11").unwrap(),
            children: vec![(sp.spec.fb(0, 0), 3)],
        });
        assert!(verify(&sp, &t, &all, false, None).is_ok());
        assert!(matches!(
            verify(&sp, &t, &all, true, None),
            Err(VerifyError::Inconsistent { .. })
        ));
        // A loop is caught by the length bound.
        let mut t = tree;
        t.nodes[1].children[0].1 = 1;
        assert!(matches!(
            verify(&sp, &t, &all, false, None),
            Err(VerifyError::TooLong { .. })
        ));
    }
}
