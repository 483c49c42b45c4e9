//! Matchings for `all_distinct/1`: the values that some assignment of
//! pairwise different values to all the variables uses (Régin's filtering).

use super::{Domain, Val};

/// For variables with the finite domains `doms` over the sorted distinct
/// `values` they contain, the domains without the values that no
/// assignment of pairwise different values to all variables uses. None when
/// there is no such assignment.
pub fn distinct_prune(doms: &[Domain], values: &[Val]) -> Option<Vec<Domain>> {
    let n = doms.len();
    let m = values.len();
    // Each domain's values in increasing order: their indexes in `values`,
    // found from the last one (most domains run through consecutive ones).
    let adj: Vec<Vec<usize>> = doms
        .iter()
        .map(|d| {
            let mut k = 0;
            d.values()
                .map(|v| {
                    if values[k] != v {
                        k += values[k..].partition_point(|&x| x < v);
                    }
                    debug_assert_eq!(values[k], v, "value listed");
                    k += 1;
                    k - 1
                })
                .collect()
        })
        .collect();
    // Maximum matching by augmenting paths (iterative DFS).
    let mut var_of: Vec<usize> = vec![usize::MAX; m];
    let mut val_of: Vec<usize> = vec![usize::MAX; n];
    for x in 0..n {
        if !augment(x, &adj, &mut var_of, &mut val_of) {
            return None;
        }
    }
    // The directed graph: variable x -> its matched value, value v -> every
    // variable that has v but is not matched to it. Nodes: 0..n variables,
    // n..n+m values.
    let nodes = n + m;
    let mut out: Vec<Vec<usize>> = vec![Vec::new(); nodes];
    for x in 0..n {
        out[x].push(n + val_of[x]);
        for &v in &adj[x] {
            if val_of[x] != v {
                out[n + v].push(x);
            }
        }
    }
    // Nodes reachable from free values: edges on even alternating paths.
    let mut reach = vec![false; nodes];
    let mut stack: Vec<usize> = (0..m)
        .filter(|&v| var_of[v] == usize::MAX)
        .map(|v| n + v)
        .collect();
    for &u in &stack {
        reach[u] = true;
    }
    while let Some(u) = stack.pop() {
        for &w in &out[u] {
            if !reach[w] {
                reach[w] = true;
                stack.push(w);
            }
        }
    }
    let comp = scc(&out);
    let mut pruned = Vec::with_capacity(n);
    for x in 0..n {
        let keep: Vec<Val> = adj[x]
            .iter()
            .filter(|&&v| val_of[x] == v || comp[x] == comp[n + v] || reach[n + v])
            .map(|&v| values[v])
            .collect();
        pruned.push(if keep.len() == adj[x].len() {
            doms[x].clone()
        } else {
            Domain::from_values(keep)
        });
    }
    Some(pruned)
}

/// Finds an augmenting path from variable `root`; true when the matching grew.
fn augment(root: usize, adj: &[Vec<usize>], var_of: &mut [usize], val_of: &mut [usize]) -> bool {
    let mut seen = vec![false; var_of.len()];
    // Stack of (variable, next edge index); the path's values in `via`.
    let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
    let mut via: Vec<usize> = Vec::new();
    while let Some(&mut (x, ref mut i)) = stack.last_mut() {
        if *i == adj[x].len() {
            stack.pop();
            via.pop();
            continue;
        }
        let v = adj[x][*i];
        *i += 1;
        if seen[v] {
            continue;
        }
        seen[v] = true;
        via.push(v);
        if var_of[v] == usize::MAX {
            // Flip the path.
            for (k, &(x, _)) in stack.iter().enumerate() {
                let v = via[k];
                var_of[v] = x;
                val_of[x] = v;
            }
            return true;
        }
        stack.push((var_of[v], 0));
    }
    false
}

/// Strongly connected components (Tarjan, iterative): the component of each node.
pub(crate) fn scc(out: &[Vec<usize>]) -> Vec<usize> {
    let n = out.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut comp = vec![usize::MAX; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut next = 0;
    let mut ncomp = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (u, ref mut i)) = work.last_mut() {
            if *i < out[u].len() {
                let w = out[u][*i];
                *i += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[u] = low[u].min(index[w]);
                }
            } else {
                work.pop();
                if let Some(&(p, _)) = work.last() {
                    low[p] = low[p].min(low[u]);
                }
                if low[u] == index[u] {
                    loop {
                        let w = stack.pop().expect("on stack");
                        on_stack[w] = false;
                        comp[w] = ncomp;
                        if w == u {
                            break;
                        }
                    }
                    ncomp += 1;
                }
            }
        }
    }
    comp
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prune(doms: &[&[i64]]) -> Option<Vec<Vec<i64>>> {
        let ds: Vec<Domain> = doms
            .iter()
            .map(|d| Domain::from_values(d.iter().map(|&v| Val::int(v))))
            .collect();
        let mut values: Vec<Val> = ds.iter().flat_map(|d| d.values()).collect();
        values.sort_unstable();
        values.dedup();
        distinct_prune(&ds, &values).map(|p| {
            p.iter()
                .map(|d| d.values().filter_map(Val::to_i64).collect())
                .collect()
        })
    }

    /// Brute force: the values each variable takes in some all-different assignment.
    fn brute(doms: &[&[i64]]) -> Option<Vec<Vec<i64>>> {
        let n = doms.len();
        let mut used: Vec<Vec<i64>> = vec![Vec::new(); n];
        let mut found = false;
        let mut pick = vec![0usize; n];
        loop {
            let vals: Vec<i64> = (0..n).map(|i| doms[i][pick[i]]).collect();
            let mut s = vals.clone();
            s.sort_unstable();
            s.dedup();
            if s.len() == n {
                found = true;
                for i in 0..n {
                    if !used[i].contains(&vals[i]) {
                        used[i].push(vals[i]);
                    }
                }
            }
            let mut k = 0;
            loop {
                if k == n {
                    return found.then(|| {
                        used.iter_mut().for_each(|u| u.sort_unstable());
                        used
                    });
                }
                pick[k] += 1;
                if pick[k] < doms[k].len() {
                    break;
                }
                pick[k] = 0;
                k += 1;
            }
        }
    }

    #[test]
    fn pruning_matches_brute_force() {
        let cases: Vec<Vec<&[i64]>> = vec![
            vec![&[1, 2], &[1, 2], &[1, 2, 3, 4]],
            vec![&[1, 2], &[1, 2], &[1, 2]],
            vec![&[1, 2, 3], &[2, 3], &[2, 3], &[1, 4, 5]],
            vec![&[1], &[1, 2], &[2, 3, 4], &[3, 4]],
            vec![&[5, 6, 7], &[5, 6], &[7, 8], &[8]],
            vec![&[1, 2, 3, 4], &[1, 2, 3, 4], &[1, 2, 3, 4], &[1, 2, 3, 4]],
        ];
        for c in &cases {
            assert_eq!(prune(c), brute(c), "{c:?}");
        }
        // Pseudo-random small cases.
        let mut seed = 7u64;
        let mut rnd = |k: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % k
        };
        for _ in 0..300 {
            let n = 1 + rnd(5) as usize;
            let doms: Vec<Vec<i64>> = (0..n)
                .map(|_| {
                    let mut d: Vec<i64> = (0..6).filter(|_| rnd(2) == 0).collect();
                    if d.is_empty() {
                        d.push(rnd(6) as i64);
                    }
                    d
                })
                .collect();
            let refs: Vec<&[i64]> = doms.iter().map(|d| d.as_slice()).collect();
            assert_eq!(prune(&refs), brute(&refs), "{refs:?}");
        }
    }
}
