//! Prolog builtins for looking at strategies: the seed's tables
//! (`mm_table/3`), strategy trees (`mm_tree/2,3`), the best first guess per
//! strategy (`mm_best_first/3`), seeded simulation (`mm_simulate/5`), SVG
//! histograms (`mm_plot/2,3`) and random secrets for interactive play
//! (`mm_secret/3`). Argument conventions as in `builtins.rs`.

use super::builtins::{
    arg, code_term, eval_error, fb_of, int_of, list_of, out, space_of, spec_of, stats_term,
    strategy_of,
};
use super::code::{Code, Fb, Rng, Spec};
use super::evaluate::evaluate;
use super::plot::{default_title, histogram_svg};
use super::simulate::simulate;
use super::tree::{build, select, table, tree_text, Rows};
use crate::machine::error::{domain_error, instantiation_error, permission_error, type_error, Res};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{atoms, Cell, Term};

/// The Prolog builtins of this module.
pub const MMPLAY_BUILTINS: BuiltinTable = &[
    ("mm_table", 3, Builtin::Det(mm_table)),
    ("mm_tree", 2, Builtin::Det(mm_tree2)),
    ("mm_tree", 3, Builtin::Det(mm_tree3)),
    ("mm_best_first", 3, Builtin::Det(mm_best_first)),
    ("mm_simulate", 5, Builtin::Det(mm_simulate)),
    ("mm_plot", 2, Builtin::Det(mm_plot2)),
    ("mm_plot", 3, Builtin::Det(mm_plot3)),
    ("mm_secret", 3, Builtin::Det(mm_secret)),
];

fn nonneg(t: &Term) -> Res<usize> {
    let n = int_of(t)?;
    usize::try_from(n).map_err(|_| domain_error("not_less_than_zero", t.clone()))
}

/// A history of the seed's table: `'|RW|W'` (`''` the root) or a list of feedbacks.
fn path_of(spec: Spec, t: &Term) -> Res<Vec<Fb>> {
    match t {
        Term::Atom(a) if *a != atoms::NIL => {
            let name = a.name();
            if name.is_empty() {
                return Ok(Vec::new());
            }
            let Some(rest) = name.strip_prefix('|') else {
                return Err(domain_error("mastermind_history", t.clone()));
            };
            rest.split('|')
                .map(|f| {
                    spec.parse_fb(f)
                        .ok_or_else(|| domain_error("mastermind_history", t.clone()))
                })
                .collect()
        }
        _ => list_of(t)?.into_iter().map(|f| fb_of(spec, f)).collect(),
    }
}

fn rows_of(spec: Spec, t: &Term) -> Res<Rows> {
    match t {
        Term::Var(_) => Err(instantiation_error()),
        Term::Atom(a) if a.name() == "all" => Ok(Rows::All),
        Term::Compound(f, args) if args.len() == 1 => match f.name() {
            "top" => Ok(Rows::Top(nonneg(&args[0])?)),
            "min_count" => Ok(Rows::MinCount(nonneg(&args[0])?)),
            "depth" => Ok(Rows::Depth(nonneg(&args[0])?)),
            _ => Err(domain_error("mastermind_rows", t.clone())),
        },
        Term::Compound(f, _) | Term::Atom(f) if *f == atoms::DOT || *f == atoms::NIL => {
            Ok(Rows::Paths(
                list_of(t)?
                    .into_iter()
                    .map(|p| path_of(spec, p))
                    .collect::<Res<_>>()?,
            ))
        }
        _ => Err(domain_error("mastermind_rows", t.clone())),
    }
}

/// `mm_table(+Spec, +Strategy, +Rows)`: prints the seed's table of a
/// deterministic strategy. `Rows`: `top(N)` (the N positions with most
/// secrets; the seed's excerpts are `top(24)`), `min_count(N)`, `depth(D)`,
/// `all`, or a list of histories (`'|RW|W'`, `''` for the root, or lists of
/// feedbacks).
fn mm_table(m: &mut Machine, a: &[Cell]) -> Res {
    let sp = space_of(m, a[0])?;
    let strat = strategy_of(sp.spec, &arg(m, a[1]))?;
    let rows = rows_of(sp.spec, &arg(m, a[2]))?;
    let tree = build(&sp, strat.as_ref()).map_err(eval_error)?;
    let idx = select(sp.spec, &tree, &rows);
    let text = table(sp.spec, &tree, &idx);
    m.emit_out(&text)?;
    Ok(true)
}

fn tree(m: &mut Machine, a: &[Cell], depth: Option<usize>) -> Res {
    let sp = space_of(m, a[0])?;
    let strat = strategy_of(sp.spec, &arg(m, a[1]))?;
    let tree = build(&sp, strat.as_ref()).map_err(eval_error)?;
    let text = tree_text(sp.spec, &tree, depth);
    m.emit_out(&text)?;
    Ok(true)
}

/// `mm_tree(+Spec, +Strategy)`: prints the whole strategy tree.
fn mm_tree2(m: &mut Machine, a: &[Cell]) -> Res {
    tree(m, a, None)
}

/// `mm_tree(+Spec, +Strategy, +Depth)`: the tree down to `Depth` guesses.
fn mm_tree3(m: &mut Machine, a: &[Cell]) -> Res {
    let d = nonneg(&arg(m, a[2]))?;
    tree(m, a, Some(d))
}

/// `mm_best_first(+Spec, +Strategy, -Ranking)`: each first guess up to
/// colour and position symmetry (the lowest code of each class: 1111, 1112,
/// 1122, 1123, 1234 for 4x6) followed by `Strategy`, evaluated against every
/// secret; `Ranking` lists `Guess-stats(Total, Max, Histogram)`, best total
/// first (then lower maximum, then lower code).
fn mm_best_first(m: &mut Machine, a: &[Cell]) -> Res {
    let sp = space_of(m, a[0])?;
    let st = arg(m, a[1]);
    let mut ranking = Vec::new();
    for (rep, _) in sp.shape_classes() {
        let opened = Term::compound(
            "first",
            vec![Term::list(vec![code_term(sp.spec, rep)]), st.clone()],
        );
        let strat = strategy_of(sp.spec, &opened)?;
        let s = evaluate(&sp, strat.as_ref()).map_err(eval_error)?;
        ranking.push((s, strat.random(), rep));
    }
    ranking.sort_by(|x, y| {
        (x.0.total, x.0.max, x.2)
            .partial_cmp(&(y.0.total, y.0.max, y.2))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let items = ranking
        .iter()
        .map(|(s, random, g)| {
            Term::compound("-", vec![code_term(sp.spec, *g), stats_term(s, !random)])
        })
        .collect();
    out(m, a[2], &Term::list(items))
}

/// `mm_simulate(+Spec, +Strategy, +Games, +Seed, -Stats)`: `Games` games
/// against random secrets (SplitMix64 from `Seed`; same seed, same
/// `Stats`); `Stats = stats(Total, Max, Histogram)` over the games.
fn mm_simulate(m: &mut Machine, a: &[Cell]) -> Res {
    let sp = space_of(m, a[0])?;
    let strat = strategy_of(sp.spec, &arg(m, a[1]))?;
    let games = nonneg(&arg(m, a[2]))? as u64;
    let seed = int_of(&arg(m, a[3]))? as u64;
    let st = simulate(&sp, strat.as_ref(), games, seed).map_err(eval_error)?;
    out(m, a[4], &stats_term(&st, true))
}

/// Most guesses a plotted histogram may show (one bar each).
const MAX_BARS: usize = 1000;

/// `(guesses, count)` buckets of a `stats(Total, Max, Histogram)` term.
fn buckets_of(t: &Term) -> Res<Vec<(usize, f64)>> {
    let hist = match t {
        Term::Var(_) => return Err(instantiation_error()),
        Term::Compound(f, args) if f.name() == "stats" && args.len() == 3 => &args[2],
        _ => return Err(type_error("mastermind_stats", t.clone())),
    };
    list_of(hist)?
        .into_iter()
        .map(|kv| match kv {
            Term::Compound(f, p) if f.name() == "-" && p.len() == 2 => {
                let k = nonneg(&p[0])?;
                if k > MAX_BARS {
                    return Err(domain_error("mastermind_guesses", p[0].clone()));
                }
                let c = match &p[1] {
                    Term::Float(x) if x.is_finite() && *x >= 0.0 => *x,
                    other => nonneg(other)? as f64,
                };
                Ok((k, c))
            }
            Term::Var(_) => Err(instantiation_error()),
            _ => Err(type_error("pair", kv.clone())),
        })
        .collect()
}

fn text_of(t: &Term) -> Res<String> {
    match t {
        Term::Var(_) => Err(instantiation_error()),
        Term::Atom(a) => Ok(a.name().to_string()),
        Term::Str(s) => Ok(s.to_string()),
        _ => Err(type_error("text", t.clone())),
    }
}

fn plot(m: &mut Machine, a: &[Cell], title: Option<String>) -> Res {
    let buckets = buckets_of(&arg(m, a[0]))?;
    let ft = arg(m, a[1]);
    let file = text_of(&ft)?;
    let title = title.unwrap_or_else(|| default_title(&buckets));
    std::fs::write(&file, histogram_svg(&buckets, &title))
        .map_err(|_| permission_error("open", "source_sink", ft.clone()))?;
    Ok(true)
}

/// `mm_plot(+Stats, +File)`: writes an SVG histogram of guesses per secret.
fn mm_plot2(m: &mut Machine, a: &[Cell]) -> Res {
    plot(m, a, None)
}

/// `mm_plot(+Stats, +File, +Title)`: the same with a title of one's own.
fn mm_plot3(m: &mut Machine, a: &[Cell]) -> Res {
    let title = text_of(&arg(m, a[2]))?;
    plot(m, a, Some(title))
}

/// `mm_secret(+Spec, +Seed, -Code)`: a secret drawn with SplitMix64 from `Seed`.
fn mm_secret(m: &mut Machine, a: &[Cell]) -> Res {
    let spec = spec_of(&arg(m, a[0]))?;
    let seed = int_of(&arg(m, a[1]))? as u64;
    let mut rng = Rng::new(seed);
    let code = rng.below(spec.size()) as Code;
    out(m, a[2], &code_term(spec, code))
}

#[cfg(test)]
mod tests {
    use super::super::builtins::tests::first as run;
    use crate::Machine;

    fn printed(m: &mut Machine, goal: &str) -> String {
        run(m, &format!("with_output_to(string(S__), ({goal}))"), "S__")
    }

    #[test]
    fn table_and_tree_print() {
        let mut m = Machine::new();
        let t = printed(&mut m, "mm_table(mm(4,6), knuth, top(3))");
        assert_eq!(
            t,
            "History Guess Count Total Avg  Max\n        1122  1,296 5,801 4.48 5\n|       3345    256 1,175 4.59 5\n|R      1344    256 1,179 4.61 5\n"
        );
        let t = printed(&mut m, "mm_table(mm(4,6), knuth, ['|RW|W', [], [fb(1,1)]])");
        assert_eq!(
            t,
            "History Guess Count Total Avg  Max\n|RW|W   2352     38   176 4.63 5\n        1122  1,296 5,801 4.48 5\n|RW     1134    208   938 4.51 5\n"
        );
        let t = printed(&mut m, "mm_tree(mm(2,2), lc)");
        assert_eq!(t, "11 (4)\n  -: 22 (1)\n  R: 12 (2)\n    WW: 21 (1)\n");
        let t = printed(&mut m, "mm_tree(mm(4,6), knuth, 1)");
        assert_eq!(t, "1122 (1,296)\n");
    }

    #[test]
    fn ranking_simulation_plot_and_secrets() {
        let mut m = Machine::new();
        assert_eq!(
            run(
                &mut m,
                "mm_best_first(mm(4,6), knuth, R), findall(G-T, member(G-stats(T,_,_), R), L)",
                "L"
            ),
            "[[1,1,2,2]-5801,[1,1,2,3]-5803,[1,2,3,4]-5803,[1,1,1,2]-5905,[1,1,1,1]-6564]"
        );
        let a = run(&mut m, "mm_simulate(mm(4,6), rc, 2000, 5, S)", "S");
        let b = run(&mut m, "mm_simulate(mm(4,6), rc, 2000, 5, S)", "S");
        assert_eq!(a, b);
        assert!(a.starts_with("stats("));
        let file = std::env::temp_dir().join(format!("mm_plot_{}.svg", std::process::id()));
        let goal = format!(
            "mm_evaluate(mm(4,6), knuth, S), mm_plot(S, '{}')",
            file.display()
        );
        assert_eq!(run(&mut m, &goal, "ok"), "ok");
        let svg = std::fs::read_to_string(&file).unwrap();
        assert!(svg.contains(">694</text>") && svg.ends_with("</svg>\n"));
        let _ = std::fs::remove_file(&file);
        assert_eq!(
            run(
                &mut m,
                "mm_secret(mm(4,6), 1, C), mm_secret(mm(4,6), 1, D), X = (C == D)",
                "X"
            ),
            "[1,2,3,4]==[1,2,3,4]"
                .replace("[1,2,3,4]", &run(&mut m, "mm_secret(mm(4,6), 1, C)", "C"))
        );
    }

    #[test]
    fn bad_arguments_raise_errors() {
        let mut m = Machine::new();
        let err =
            |m: &mut Machine, g: &str| run(m, &format!("catch(({g}), error(E, _), true)"), "E");
        assert_eq!(
            err(&mut m, "mm_table(mm(4,6), rc, top(3))"),
            "domain_error(deterministic_strategy,random)"
        );
        assert_eq!(
            err(&mut m, "mm_table(mm(4,6), lc, top(-1))"),
            "domain_error(not_less_than_zero,-1)"
        );
        assert_eq!(
            err(&mut m, "mm_table(mm(4,6), lc, ['RW'])"),
            "domain_error(mastermind_history,RW)"
        );
        assert_eq!(
            err(&mut m, "mm_table(mm(4,6), lc, foo)"),
            "domain_error(mastermind_rows,foo)"
        );
        assert_eq!(
            err(&mut m, "mm_plot(foo, 'x.svg')"),
            "type_error(mastermind_stats,foo)"
        );
        assert_eq!(
            err(
                &mut m,
                "mm_plot(stats(1,1,[1-1]), '/nonexistent/dir/x.svg')"
            ),
            "permission_error(open,source_sink,/nonexistent/dir/x.svg)"
        );
        assert_eq!(
            err(&mut m, "mm_simulate(mm(4,6), rc, G, 1, _)"),
            "instantiation_error"
        );
    }
}
