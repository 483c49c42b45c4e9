//! Deep clause bodies (issue 17): control constructs nested far deeper than any program
//! writes by hand compile and run without overflowing the Rust stack, whether they come
//! from a file, from `assertz/1`, from a DCG rule or from a meta-call. SWI-Prolog compiles
//! a 30,000-branch disjunction; these go to 100,000 (the compiler is linear: a quadratic
//! one takes minutes here).

use crate::common::{puzzlog, temp_program};

const DEPTH: usize = 100_000;

/// Loads `program` and runs `goal`; the output must be `want`.
fn check(tag: &str, program: &str, goal: &str, want: &str) {
    let path = temp_program(tag, program);
    let r = puzzlog(
        &["-q", "-g", goal, "-t", "halt", path.to_str().unwrap()],
        None,
    );
    assert_eq!(r.stdout, want, "{tag}: {}", r.stderr);
    assert_eq!(r.status, 0, "{tag}: {}", r.stderr);
}

#[test]
fn nested_if_then_else_in_a_file() {
    let body = format!(
        "{}true{}",
        "(fail -> true ; ".repeat(DEPTH),
        ")".repeat(DEPTH)
    );
    // A variable shared by every branch: each construct must see it initialised once.
    let shared: String = (0..DEPTH)
        .map(|i| format!("(X =:= {i} -> Y = {i} ; "))
        .collect::<String>()
        + "Y = none"
        + &")".repeat(DEPTH);
    let program = format!("p :- {body}.\nq(X, Y) :- {shared}.\n");
    check(
        "deep_ite",
        &program,
        "p, q(7, A), q(-1, B), write(A-B), nl",
        "7-none\n",
    );
}

#[test]
fn long_disjunctions_and_negations_in_a_file() {
    let program = format!(
        "p :- {}true.\nq :- {}fail.\nr :- {}fail{}.\n",
        "fail;".repeat(DEPTH),
        "\\+ ".repeat(DEPTH),
        "\\+(".repeat(DEPTH - 1),
        ")".repeat(DEPTH - 1)
    );
    // An even number of negations of fail fails; an odd one succeeds.
    check("deep_or", &program, "p, \\+ q, r, write(ok), nl", "ok\n");
}

#[test]
fn nested_findall_in_a_file() {
    let program = format!(
        "q(L) :- {}true{}.\n",
        "findall(x, (".repeat(DEPTH),
        "), _)".repeat(DEPTH - 1) + "), L)"
    );
    check("deep_findall", &program, "q(L), write(L), nl", "[x]\n");
}

#[test]
fn built_bodies_asserted_and_meta_called() {
    let program = "ors(0, true) :- !.\n\
                   ors(N, (fail;B)) :- N1 is N-1, ors(N1, B).\n\
                   ites(0, true) :- !.\n\
                   ites(N, (fail->true;B)) :- N1 is N-1, ites(N1, B).\n\
                   nots(0, G, G) :- !.\n\
                   nots(N, G0, G) :- N1 is N-1, nots(N1, \\+ G0, G).\n\
                   go(N) :- ors(N, O), assertz((p :- O)), p, call(O),\n\
                            ites(N, I), assertz((q :- I)), q, call(I),\n\
                            nots(N, true, G), assertz((r :- G)), r, call(G),\n\
                            write(ok), nl.\n";
    check("deep_assert", program, &format!("go({DEPTH})"), "ok\n");
}

#[test]
fn deep_dcg_bodies() {
    let program = format!(
        "p --> {}[b].\nq --> {}[b]{}.\n",
        "[a];".repeat(10_000),
        "([a];".repeat(10_000),
        ")".repeat(10_000)
    );
    check(
        "deep_dcg",
        &program,
        "phrase(p, [b]), phrase(q, [a]), write(ok), nl",
        "ok\n",
    );
}

#[test]
fn nested_call_and_catch() {
    // call/1 and catch/3 inside each other are unwrapped in a loop of the run loop, not by
    // recursion in Rust (issue 17: 20,000 nested call((...)) overflowed the stack).
    let calls = format!("{}true{}", "call((".repeat(DEPTH), "))".repeat(DEPTH));
    let catches = format!(
        "{}X = 1{}",
        "catch((".repeat(DEPTH),
        "), _, true)".repeat(DEPTH)
    );
    let throws = format!(
        "{}throw(x){}",
        "catch((".repeat(DEPTH),
        "), y, true)".repeat(DEPTH)
    );
    let program = format!(
        "p :- {calls}.\nq(X) :- {catches}.\nr :- G = ({throws}), catch(G, E, (write(E), nl)).\n"
    );
    check(
        "deep_call_catch",
        &program,
        "p, q(X), write(X), nl, r",
        "1\nx\n",
    );
}

#[test]
fn a_cyclic_body_is_a_representation_error() {
    // As SWI: call/1 of cyclic control constructs does not run (it looped, deaf to Ctrl-C).
    check(
        "cyclic_body",
        "",
        "X = (true, X), catch(call(X), error(E, _), (write(E), nl))",
        "representation_error(cyclic_term)\n",
    );
}
