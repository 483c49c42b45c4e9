//! Conformance suite: runs every `tests/conformance/NAME.pl` through the `puzzlog` binary as
//! `puzzlog -q -g main -t halt NAME.pl` and compares its standard output with `NAME.expected`,
//! which was recorded from SWI-Prolog 9 (`swipl -q -g main -t halt NAME.pl`).
//!
//! There is one `#[test]` per program (see the `conformance!` list at the bottom), so
//! `cargo test --test conformance control` runs one file; `PUZZLOG_CONFORMANCE=control,arith`
//! restricts a full run to the named files (the others pass trivially). At most two engine
//! processes run at a time, each with a 60 second timeout. Before comparing, variable names
//! such as `_123` and `_G123` are normalised to `_` in both outputs. `all_programs_are_listed`
//! fails when a `.pl` file in the directory has no test (or a listed file is missing).
//! `PUZZLOG_CONFORMANCE_BIN=swipl` runs the suite against another system (a self-check of the
//! recorded expectations). Where a `NAME.stderr` file exists (recorded from SWI-Prolog too),
//! standard error is compared with it as well, after the same normalisation (and with file
//! names relative to this directory).

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Per-file wall-clock limit.
const TIMEOUT: Duration = Duration::from_secs(60);
/// Most engine processes alive at the same time.
const MAX_PARALLEL: usize = 2;
/// Differing lines shown in a failure report.
const DIFF_LINES: usize = 12;

/// Directory holding the conformance programs.
fn conformance_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("conformance")
}

/// A counting semaphore limiting concurrent engine processes.
struct Slots {
    used: Mutex<usize>,
    freed: Condvar,
}

static SLOTS: Slots = Slots {
    used: Mutex::new(0),
    freed: Condvar::new(),
};

/// Holds one slot of `SLOTS` until dropped.
struct SlotGuard;

impl SlotGuard {
    fn acquire() -> SlotGuard {
        let mut used = SLOTS.used.lock().unwrap_or_else(|e| e.into_inner());
        while *used >= MAX_PARALLEL {
            used = SLOTS.freed.wait(used).unwrap_or_else(|e| e.into_inner());
        }
        *used += 1;
        SlotGuard
    }
}

impl Drop for SlotGuard {
    fn drop(&mut self) {
        let mut used = SLOTS.used.lock().unwrap_or_else(|e| e.into_inner());
        *used -= 1;
        SLOTS.freed.notify_one();
    }
}

/// What running the engine on one file produced.
struct RunOutput {
    stdout: String,
    stderr: String,
    status: Option<ExitStatus>,
    timed_out: bool,
    elapsed: Duration,
}

/// Reads a child pipe to the end on a helper thread (so neither pipe can fill up and block).
fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(mut p) = pipe {
            let _ = p.read_to_end(&mut buf);
        }
        buf
    })
}

/// Runs `puzzlog -q -g main -t halt FILE` in the conformance directory with a timeout.
fn run_engine(file: &Path) -> Result<RunOutput, String> {
    let _slot = SlotGuard::acquire();
    let start = Instant::now();
    let bin = std::env::var("PUZZLOG_CONFORMANCE_BIN")
        .unwrap_or_else(|_| env!("CARGO_BIN_EXE_puzzlog").to_string());
    let mut child = Command::new(&bin)
        .args(["-q", "-g", "main", "-t", "halt"])
        .arg(file.file_name().expect("file name"))
        .current_dir(conformance_dir())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {bin}: {e}"))?;
    let out = drain(child.stdout.take());
    let err = drain(child.stderr.take());
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if start.elapsed() >= TIMEOUT => {
                timed_out = true;
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            Ok(None) => thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("waiting for puzzlog failed: {e}")),
        }
    };
    let stdout = String::from_utf8_lossy(&out.join().unwrap_or_default()).into_owned();
    let stderr = String::from_utf8_lossy(&err.join().unwrap_or_default()).into_owned();
    Ok(RunOutput {
        stdout,
        stderr,
        status,
        timed_out,
        elapsed: start.elapsed(),
    })
}

/// Replaces fresh-variable names `_123` and `_G123` (not preceded by an identifier character)
/// with `_`, and drops carriage returns, so that outputs of different systems compare equal.
fn normalise(text: &str) -> String {
    let chars: Vec<char> = text.chars().filter(|&c| c != '\r').collect();
    let mut out = String::with_capacity(chars.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let prev_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if c == '_' && !prev_ident {
            let mut j = i + 1;
            if j < chars.len() && chars[j] == 'G' {
                j += 1;
            }
            let digits_start = j;
            while j < chars.len() && chars[j].is_ascii_digit() {
                j += 1;
            }
            let ends_name = j >= chars.len() || !(chars[j].is_alphanumeric() || chars[j] == '_');
            if j > digits_start && ends_name {
                out.push('_');
                i = j;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

/// A short unified-style report of where `actual` departs from `expected`.
fn diff_report(expected: &str, actual: &str) -> String {
    let exp: Vec<&str> = expected.lines().collect();
    let act: Vec<&str> = actual.lines().collect();
    let first = (0..exp.len().max(act.len()))
        .find(|&i| exp.get(i) != act.get(i))
        .unwrap_or(0);
    let mut report = format!(
        "@@ first difference at line {} (expected {} lines, got {}) @@\n",
        first + 1,
        exp.len(),
        act.len()
    );
    if first > 0 {
        report.push_str(&format!("  {}\n", exp[first - 1]));
    }
    let mut shown = 0;
    let mut i = first;
    while shown < DIFF_LINES && (i < exp.len() || i < act.len()) {
        match (exp.get(i), act.get(i)) {
            (Some(e), Some(a)) if e == a => report.push_str(&format!("  {e}\n")),
            (e, a) => {
                if let Some(e) = e {
                    report.push_str(&format!("- {e}\n"));
                }
                if let Some(a) = a {
                    report.push_str(&format!("+ {a}\n"));
                }
                shown += 1;
            }
        }
        i += 1;
    }
    report
}

/// First `n` lines of `text`, for showing the engine's stderr.
fn head(text: &str, n: usize) -> String {
    let mut lines: Vec<&str> = text.lines().take(n).collect();
    if text.lines().count() > n {
        lines.push("...");
    }
    lines.join("\n")
}

/// True when `PUZZLOG_CONFORMANCE` is unset/empty or names `name` (comma separated, `.pl` optional).
fn selected(name: &str) -> bool {
    match std::env::var("PUZZLOG_CONFORMANCE") {
        Ok(list) if !list.trim().is_empty() => list
            .split(',')
            .map(|s| s.trim().trim_end_matches(".pl"))
            .any(|s| s == name),
        _ => true,
    }
}

/// Runs one conformance program and panics with a readable report when it does not conform.
fn check(name: &str) {
    if !selected(name) {
        eprintln!("conformance {name}: skipped (not in PUZZLOG_CONFORMANCE)");
        return;
    }
    let dir = conformance_dir();
    let file = dir.join(format!("{name}.pl"));
    let expected_path = dir.join(format!("{name}.expected"));
    let expected = std::fs::read_to_string(&expected_path)
        .unwrap_or_else(|e| panic!("{name}: cannot read {}: {e}", expected_path.display()));
    let run = run_engine(&file).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut problems = Vec::new();
    if run.timed_out {
        problems.push(format!("timed out after {}s", TIMEOUT.as_secs()));
    } else if let Some(status) = run.status {
        if !status.success() {
            problems.push(format!("exit status {status}"));
        }
    }
    let (exp, act) = (normalise(&expected), normalise(&run.stdout));
    if exp != act {
        problems.push(diff_report(&exp, &act));
    }
    if let Ok(expected_err) = std::fs::read_to_string(dir.join(format!("{name}.stderr"))) {
        // File names in messages are written relative to this directory.
        let actual_err = run.stderr.replace(&format!("{}/", dir.display()), "");
        let (exp, act) = (normalise(&expected_err), normalise(&actual_err));
        if exp != act {
            problems.push(format!("standard error:\n{}", diff_report(&exp, &act)));
        }
    }
    if !problems.is_empty() {
        let mut msg = format!(
            "conformance {name} FAILED ({:.2}s)\n{}",
            run.elapsed.as_secs_f64(),
            problems.join("\n")
        );
        if !run.stderr.trim().is_empty() {
            msg.push_str(&format!("\n--- stderr ---\n{}", head(&run.stderr, 20)));
        }
        panic!("{msg}");
    }
}

/// Declares one test per conformance program, plus the list used by `all_programs_are_listed`.
macro_rules! conformance {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*
        /// Names of every program with a generated test.
        const LISTED: &[&str] = &[$(stringify!($name)),*];
    };
}

conformance!(
    allsolutions,
    atom_gc,
    gc_dead_roots,
    cond_compile,
    body_call,
    control_defs,
    records,
    user_flags,
    var_names,
    script_libs,
    indexing,
    ssu_det,
    modules,
    modules_imports,
    module_export,
    module_cli_export,
    meta_call,
    coroutining,
    clpfd_basics,
    clpfd_big,
    clpfd_unbounded,
    clpfd_copy,
    clpfd_fdsets,
    clpfd_globals,
    clpr,
    clpb_basics,
    clpb_solve,
    clpb_big,
    iso_flags,
    lib_assoc,
    lib_heaps,
    lib_nb_set,
    lib_ordsets,
    lib_pairs,
    lib_rbtrees,
    lib_aggregate,
    lib_gensym,
    lib_occurs,
    lib_option,
    lib_strings,
    lib_terms,
    lib_ugraphs,
    lib_random,
    lib_dcg_basics,
    lib_dcg_high_order,
    lib_readutil,
    lib_debug,
    lib_statistics,
    lib_backcomp,
    lib_writef,
    hooks,
    lib_error,
    cyclic,
    cyclic_builtins,
    big_arguments,
    choice_registers,
    depth_limit,
    meta_call_context,
    solution_sequences,
    tabling,
    tabling_moded,
    tabling_scc,
    cleanup,
    arith,
    atoms,
    between_aggregate,
    call,
    chartype,
    control,
    database,
    dcg,
    double_quotes_codes,
    encoding,
    exceptions,
    floats,
    format,
    globals,
    lists,
    listing,
    maplist_yall,
    ops,
    order,
    output_misc,
    read_infix_functor,
    read_term,
    streams,
    strings,
    terms,
    types,
    write,
    zero_arity,
    bench_assert_retract,
    bench_atoms_strings,
    bench_fact_table,
    bench_retract,
    bench_crypt,
    bench_deriv,
    bench_exceptions,
    bench_findall_sort,
    bench_miu_bfs,
    bench_nrev,
    bench_primes,
    bench_qsort,
    bench_queens,
    bench_tak,
    bench_zebra,
);

#[test]
fn all_programs_are_listed() {
    let on_disk: BTreeSet<String> = std::fs::read_dir(conformance_dir())
        .expect("tests/conformance exists")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "pl"))
        .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .collect();
    let listed: BTreeSet<String> = LISTED.iter().map(|s| s.to_string()).collect();
    let unlisted: Vec<_> = on_disk.difference(&listed).collect();
    let missing: Vec<_> = listed.difference(&on_disk).collect();
    assert!(
        unlisted.is_empty() && missing.is_empty(),
        "add to the conformance! list: {unlisted:?}; listed but missing on disk: {missing:?}"
    );
    for name in &on_disk {
        let expected = conformance_dir().join(format!("{name}.expected"));
        assert!(expected.exists(), "{name}.pl has no {name}.expected");
    }
}

#[test]
fn normalise_variable_names() {
    assert_eq!(normalise("f(_123,_G45,_)"), "f(_,_,_)");
    assert_eq!(normalise("'12_345' a_1 _X _12ab"), "'12_345' a_1 _X _12ab");
    assert_eq!(normalise("[_1|_2]\r\n"), "[_|_]\n");
}

#[test]
fn diff_report_points_at_first_difference() {
    let r = diff_report("a\nb\nc\n", "a\nx\nc\n");
    assert!(r.contains("first difference at line 2"), "{r}");
    assert!(r.contains("- b\n+ x\n"), "{r}");
    let r = diff_report("a\n", "a\nextra\n");
    assert!(r.contains("+ extra"), "{r}");
}
