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
fn bindings_of_variables_older_than_a_frozen_heap_do_not_pile_up() {
    // aggregate_all/3 freezes the heap, so binding the list's variables made
    // before it is trailed; once the list is garbage, so are those entries.
    let program =
        "loop(0) :- !.\nloop(N) :- length(L, 3), aggregate_all(count, member(_, [a, b]), C), \
                   L = [C, f(N), \"s\"], N1 is N - 1, loop(N1).\n";
    let goal = "loop(300000), garbage_collect, true, statistics(trailused, T), \
                statistics(globalused, G), ( T < 100000, G < 1000000 -> write(bounded) ; write(T-G) ), nl";
    let r = run("frozenloop", program, goal);
    assert_eq!(r.stdout, "bounded\n", "{}", r.stderr);
}

/// Runs `goal` under a 32 MB stack limit, with the process's data segment capped at
/// 128 MB (RLIMIT_DATA): memory the stack limit does not account for makes an allocation
/// fail, which aborts the process, and the test with it.
fn run_capped(tag: &str, program: &str, goal: &str) -> common::Run {
    use std::os::unix::process::CommandExt;
    let path = temp_program(tag, program);
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlog"));
    cmd.args(["-q", "--stack-limit=32m", "-g", goal, "-t", "halt"])
        .arg(&path);
    // SAFETY: setrlimit(2) only, between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let cap = libc::rlimit {
                rlim_cur: 128 << 20,
                rlim_max: 128 << 20,
            };
            if libc::setrlimit(libc::RLIMIT_DATA, &cap) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = cmd.output().expect("puzzlog runs");
    common::Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code().unwrap_or(-1),
    }
}

/// Memory beyond the limit (issue 17): findall/3's answers count with the list they will
/// become, atomic_list_concat/2 builds its text in what the stack limit leaves, and a
/// recovery that calls itself (`r :- catch(throw(x), _, r)`) fills the frames to the limit
/// in linear time. Each ends in SWI's resource_error(stack) in bounded memory.
#[test]
fn memory_beyond_the_limit_is_a_stack_error() {
    let program = "r :- catch(throw(x), _, r).\n\
                   show(G) :- catch(G, error(E, _), (print(E), nl)).\n";
    let goal = "show(findall(X, between(1, 100000000, X), _)), \
                show((length(Cs, 1000), maplist(=(0'a), Cs), atom_codes(A, Cs), \
                      length(L, 100000), maplist(=(A), L), atomic_list_concat(L, _))), \
                show(r), write(alive), nl";
    let started = std::time::Instant::now();
    let r = run_capped("beyond", program, goal);
    assert_eq!(
        r.stdout, "resource_error(stack)\nresource_error(stack)\nresource_error(stack)\nalive\n",
        "{}",
        r.stderr
    );
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
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
