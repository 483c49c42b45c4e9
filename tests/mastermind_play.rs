//! Interactive Mastermind at the toplevel with typed input: `mm_break/2`
//! and `mm_make/2` read standard input with read/1, so they are driven here
//! by piping answers into the binary (a query script has no input to read).

mod common;
use common::puzzlog;

fn run(goal: &str, input: &str) -> String {
    let g = format!("consult('rules/mastermind.pl'), {goal}");
    let r = puzzlog(&["-q", "-g", &g, "-t", "halt"], Some(input));
    assert_eq!(r.status, 0, "{}", r.stderr);
    r.stdout
}

#[test]
fn engine_breaks_a_typed_code() {
    let out = run(
        "mm_break(mm(4,6), knuth)",
        "'RW'.\nw.\nfb(1,1).\nbogus.\nr.\n'RRRR'.\n",
    );
    assert_eq!(
        out,
        "Guess 1: 1122\nFeedback? Guess 2: 1134\nFeedback? Guess 3: 2352\nFeedback? \
         Guess 4: 6242\nFeedback? Please type feedback such as 'RW', rw, fb(1,1) or none.\n\
         Feedback? Guess 5: 5512\nFeedback? Solved in 5 guesses.\n"
    );
}

#[test]
fn inconsistent_feedback_is_reported_not_looped_on() {
    let out = run("mm_break(mm(4,6), knuth)", "'RW'.\n'WWWW'.\n");
    assert!(out.ends_with("No code fits that feedback: one of the answers must be wrong.\n"));
    let out = run("mm_break(mm(4,6), lc)", "none.\n");
    assert!(out.ends_with("Feedback? \nStopped.\n"), "{out}");
}

#[test]
fn user_breaks_the_engines_code() {
    // Seed 3 draws 1514.
    let out = run("mm_make(mm(4,6), 3)", "1122.\n[1,5,1,4].\n");
    assert_eq!(
        out,
        "I have chosen a secret of 4 pegs in colours 1..6.\nGuess 1? RW\nGuess 2? RRRR\nSolved in 2 guesses.\n"
    );
    let out = run("mm_make(mm(4,6), 3)", "12.\nquit.\n");
    assert!(out.ends_with(
        "Please type a code such as [1,1,2,2] or 1122.\nGuess 1? The secret was 1514.\n"
    ));
}
