//! The Prolog programs printed in the seed documents, extracted from
//! `../shared/seeds/` at test time (the project carries no copy), loaded
//! unchanged and checked against SWI-Prolog 9's answers.

mod common;
use common::{prolog_blocks, puzzlog, seed, temp_program};

const HYPERJUMP: &str = "001_7a1424741dd4e196.txt";
const MIU: &str = "000_c1388083bad068f3.txt";

/// Hyperjump version 1 (`version == 1`) or 2: the article's program blocks, queries left out.
fn hyperjump_program(version: u32) -> Option<String> {
    let text = seed(HYPERJUMP)?;
    let cut = text
        .find("# The missing rule")
        .expect("seed has the combo section");
    let blocks = prolog_blocks(&text);
    let program: Vec<String> = blocks
        .iter()
        .filter(|(_, b)| !b.trim_start().starts_with("?-"))
        .filter(|(at, b)| match version {
            1 => *at < cut,
            _ => *at > cut || !b.trim_start().starts_with("hyperjump("),
        })
        .map(|(_, b)| b.clone())
        .collect();
    Some(program.join("\n"))
}

/// The MIU theorem checker: from its first comment line to the end of its examples comment.
fn miu_program() -> Option<String> {
    let text = seed(MIU)?;
    let start = text.find("% count number of occurrences of an element in a list\ncount(_")?;
    let end = start + text[start..].find("*/")? + 2;
    Some(format!("{}\n", &text[start..end]))
}

fn run_goal(program: &str, tag: &str, goal: &str) -> String {
    let path = temp_program(tag, program);
    let r = puzzlog(
        &["-q", "-g", goal, "-t", "halt", path.to_str().unwrap()],
        None,
    );
    assert_eq!(r.status, 0, "goal {goal} failed: {}", r.stderr);
    r.stdout
}

fn transcript(program: &str, tag: &str, queries: &str) -> String {
    let path = temp_program(tag, &format!("{program}\n{queries}"));
    let r = puzzlog(&["-q", "--transcript", path.to_str().unwrap()], None);
    assert_eq!(r.status, 0, "transcript failed: {}", r.stderr);
    r.stdout.replace(&program.to_string(), "")
}

#[test]
fn hyperjump_v2_finds_the_articles_18_sequences() {
    let Some(p) = hyperjump_program(2) else {
        return;
    };
    let out = run_goal(
        &p,
        "hj2",
        "solutions([1,8,1,8,7,4,3,7], 8, S), length(S, N), print(N), nl, forall(member(X, S), (print(X), nl))",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "18");
    assert_eq!(lines[1], "[1,7,7,4,3,8,1,8,9]");
    insta::assert_snapshot!("hyperjump_v2_solutions", out);
}

#[test]
fn hyperjump_v2_toplevel_answer_matches_swi() {
    let Some(p) = hyperjump_program(2) else {
        return;
    };
    let out = transcript(&p, "hj2t", "?- solutions([1,8,1,8,7,4,3,7], 8, S).\n");
    insta::assert_snapshot!("hyperjump_v2_toplevel", out);
}

#[test]
fn hyperjump_v1_misses_the_combo_sequences() {
    let Some(p) = hyperjump_program(1) else {
        return;
    };
    let out = transcript(
        &p,
        "hj1",
        "?- solutions([4,4,7,3,1,1,8,5], 6, S).\n?- solutions([1,8,1,8,7,4,3,7], 8, S), length(S, N).\n",
    );
    insta::assert_snapshot!("hyperjump_v1_toplevel", out);
}

#[test]
fn miu_theorem_checker_answers_as_swi() {
    let Some(p) = miu_program() else { return };
    let goal = "forall(member(T, [[m,u,i,i,u], [m,i,i,i,i,i,i,i,i,i], [m,i], [m,u], [m,i,i,i,i,u], [m,i,i,i,i,i,i], [i,m], [m,i,t]]), \
                (( theorem(T) -> print(T-true) ; print(T-false) ), nl)), count(i, [m,i,u,i], C), print(count(C)), nl";
    let out = run_goal(&p, "miu", goal);
    insta::assert_snapshot!("miu_theorems", out);
}
