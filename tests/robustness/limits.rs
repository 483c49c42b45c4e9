//! Limits: no input makes puzzlog panic or overflow the Rust stack, deep recursion and deep
//! terms work, long loops run in bounded memory, and the stack limit is an error.

use crate::common::{self, puzzlog, temp_program};

const DEPTH: usize = 1_000_000;

fn run(tag: &str, program: &str, goal: &str) -> common::Run {
    let path = temp_program(tag, program);
    puzzlog(
        &["-q", "-g", goal, "-t", "halt", path.to_str().unwrap()],
        None,
    )
}

#[test]
fn junk_bytes_and_broken_clauses_give_syntax_errors() {
    let mut junk: Vec<u8> = (0..20_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    junk.extend_from_slice(b"\n");
    let junk = String::from_utf8_lossy(&junk).into_owned();
    let broken = "a('unterminated.\nb :- \"open string.\nc :- [1,2.\nok(yes).\nd(0'";
    for (tag, text) in [("junk", junk.as_str()), ("broken", broken)] {
        let r = run(tag, text, "true");
        assert_eq!(r.status, 0, "{tag}: {}", r.stderr);
        assert!(r.stderr.contains("Syntax error"), "{tag}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{tag}: {}", r.stderr);
    }
    // Clauses after an error still load.
    let r = run("broken2", "a(.\nok(yes).\n", "ok(X), write(X), nl");
    assert_eq!(r.stdout, "yes\n");
}

#[test]
fn deep_terms_read_unify_copy_compare_and_write() {
    let nested = format!("t({}a{}).\n", "f(".repeat(DEPTH), ")".repeat(DEPTH));
    let lists = format!("l({}{}).\n", "[".repeat(DEPTH), "]".repeat(DEPTH));
    let program = format!(
        "{nested}{lists}
         depth(X, N) :- depth(X, 0, N).
         depth(X, N0, N) :- ( X = f(Y) -> N1 is N0 + 1, depth(Y, N1, N) ; X = [Y] -> N1 is N0 + 1, depth(Y, N1, N) ; N = N0 ).
         check :- t(A), t(B), A = B, copy_term(A, C), compare(O, A, C), A == C, depth(C, N),
                  with_output_to(string(S), writeq(A)), string_length(S, L),
                  l(Ls), depth(Ls, M), write(O-N-L-M), nl."
    );
    let r = run("deep", &program, "check");
    assert_eq!(r.status, 0, "{}", r.stderr);
    // writeq of f(f(...(a)...)) is 3 characters per level plus `a`; the innermost list is [].
    assert_eq!(
        r.stdout,
        format!("(=)-{}-{}-{}\n", DEPTH, 3 * DEPTH + 1, DEPTH - 1)
    );
}

#[test]
fn million_deep_non_tail_recursion() {
    let program = "len([], 0).\nlen([_|T], N) :- len(T, N0), N is N0 + 1.\n";
    let r = run(
        "len",
        program,
        "numlist(1, 1000000, L), len(L, N), write(N), nl",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stdout, "1000000\n");
}

#[test]
fn long_deterministic_loops_run_in_bounded_memory() {
    // Each iteration builds a term; garbage collection must keep the heap small.
    let program = "loop(0) :- !.\nloop(N) :- T = f(N, [a, b, c], \"str\"), keep(T), N1 is N - 1, loop(N1).\nkeep(_).\n";
    let goal = "loop(3000000), statistics(globalused, B), statistics(garbage_collection, [G|_]), \
                ( B < 64000000, G > 0 -> write(bounded) ; write(B-G) ), nl";
    let r = run("gcloop", program, goal);
    assert_eq!(r.stdout, "bounded\n", "{}", r.stderr);
}

#[test]
fn non_backtrackable_updates_in_loops_keep_trail_and_heap_small() {
    // nb_setarg/3 (inside aggregate_all/3) protects the heap from backtracking;
    // the bindings it causes to be trailed must still be dropped by the collector.
    let program = "loop(0) :- !.\nloop(N) :- aggregate_all(count, member(_, [a, b]), 2), \
                   S = s(0), nb_setarg(1, S, f(N)), N1 is N - 1, loop(N1).\n";
    let goal = "loop(300000), garbage_collect, true, statistics(trailused, T), \
                statistics(globalused, G), ( T < 1000000, G < 16000000 -> write(bounded) ; write(T-G) ), nl";
    let r = run("nbloop", program, goal);
    assert_eq!(r.stdout, "bounded\n", "{}", r.stderr);
}

#[test]
fn endless_findall_hits_the_stack_limit() {
    // The answers being collected count against the stack limit, as in SWI-Prolog.
    let r = puzzlog(
        &[
            "-q",
            "--stack-limit=8m",
            "-g",
            "catch(findall(X, (repeat, X = f(a, b)), _), error(E, _), (print(E), nl)), write(alive), nl",
            "-t",
            "halt",
        ],
        None,
    );
    assert_eq!(r.stdout, "resource_error(stack)\nalive\n", "{}", r.stderr);
}
