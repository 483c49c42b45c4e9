//! The debugger (`src/library/tracer.pl`): each `tests/trace/NAME.pl` runs as
//! `puzzlog -q -g main -t halt NAME.pl < NAME.in` and its standard error (the
//! port lines) must equal `NAME.expected`, recorded from SWI-Prolog 9 by
//! `tests/trace/record.sh`; variable names `_123` are normalised to `_`. The
//! toplevel tests feed queries on standard input (not a terminal: the port
//! prompt reads a line); `tests/toplevel_tty.rs` steps through a trace in a
//! terminal.

mod common;

use common::puzzlog;
use std::path::Path;

/// Replaces each variable name `_123` or `_G123` by `_`.
fn normalise(text: &str) -> String {
    let mut out = String::new();
    let cs: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < cs.len() {
        let prev_ident = i > 0 && (cs[i - 1].is_alphanumeric() || cs[i - 1] == '_');
        if cs[i] == '_' && !prev_ident {
            let mut j = i + 1;
            if j < cs.len() && cs[j] == 'G' {
                j += 1;
            }
            let digits = cs[j..].iter().take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 {
                out.push('_');
                i = j + digits;
                continue;
            }
        }
        out.push(cs[i]);
        i += 1;
    }
    out
}

/// Runs `tests/trace/NAME.pl` and compares its standard error with SWI's.
fn check(name: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/trace");
    let file = dir.join(format!("{name}.pl"));
    let input = std::fs::read_to_string(dir.join(format!("{name}.in"))).unwrap_or_default();
    let expected = std::fs::read_to_string(dir.join(format!("{name}.expected"))).unwrap();
    let r = puzzlog(
        &["-q", "-g", "main", "-t", "halt", file.to_str().unwrap()],
        Some(&input),
    );
    assert_eq!(normalise(&r.stderr), expected, "{name}");
}

#[test]
fn ports_of_control_constructs_builtins_and_libraries() {
    check("ports");
}

#[test]
fn trace_points_leash_and_commands() {
    check("spy");
}

/// Runs queries at the toplevel (standard input is a pipe) with `file_text`
/// loaded, and checks standard output and (normalised) standard error.
fn toplevel(name: &str, file_text: &str, input: &str, out: &str, err: &str) {
    let file = format!("puzzlog_trace_{}_{name}.pl", std::process::id());
    let path = std::env::temp_dir().join(file);
    std::fs::write(&path, file_text).unwrap();
    let r = puzzlog(&["-q", path.to_str().unwrap()], Some(input));
    let _ = std::fs::remove_file(&path);
    assert_eq!(r.stdout, out, "{name}");
    assert_eq!(normalise(&r.stderr), err, "{name}");
}

const PROGRAM: &str = "app([],L,L).\napp([H|T],L,[H|R]) :- app(T,L,R).\nfoo(X) :- X > 0.\n";

#[test]
fn trace_at_the_toplevel_numbers_depths_as_swi() {
    toplevel(
        "depths",
        PROGRAM,
        "leash(-all).\ntrace.\napp([1],[2],X).\nfoo(1),true.\n", "true.\n\ntrue.\n\nX = [1, 2].\n\ntrue.\n\n\n", "   Call: (10) app([1], [2], _)\n   Call: (11) app([], [2], _)\n   Exit: (11) app([], [2], [2])\n   Exit: (10) app([1], [2], [1, 2])\n   Call: (11) foo(1)\n   Call: (12) 1>0\n   Exit: (12) 1>0\n   Exit: (11) foo(1)\n   Call: (11) true\n   Exit: (11) true\n");
}

#[test]
fn spy_points_show_only_their_ports_in_debug_mode() {
    toplevel(
        "spy",
        PROGRAM,
        "spy(foo/1).\nleash(-all).\napp([1],[],_),foo(1).\nnospy(foo/1).\nfoo(2).\nnodebug.\n",
        "true.\n\ntrue.\n\ntrue.\n\ntrue.\n\ntrue.\n\ntrue.\n\n\n",
        "   Call: (11) foo(1)\n   Exit: (11) foo(1)\n",
    );
}

#[test]
fn commands_at_a_leashed_port() {
    // fail at a Call, retry at the Fail, abort.
    toplevel(
        "commands",
        PROGRAM,
        "trace, app([1],[2],X).\nf\nr\nc\nc\na\n", "% Execution Aborted\n\n", "   Call: (11) app([1], [2], _) ?    Fail: (11) app([1], [2], _) ? retry app/3 at level 11\n   Call: (11) app([1], [2], _) ?    Call: (12) app([], [2], _) ?    Exit: (12) app([], [2], [2]) ? ");
}

#[test]
fn bad_arguments_are_errors() {
    toplevel(
        "errors",
        PROGRAM,
        "catch(spy(1),error(E,_),true).\ncatch(leash(_),error(F,_),true).\n",
        "E = type_error(predicate_indicator, 1).\n\nF = instantiation_error.\n\n\n",
        "",
    );
}

#[test]
fn an_uncaught_exception_is_reported_before_its_exception_ports() {
    // Then trace mode ends: the next query runs untraced, as in SWI.
    let program = "th :- throw(oops).\nca(R) :- catch(th, E, R = E).\n";
    toplevel(
        "uncaught",
        program,
        "leash(-all), trace, th.\nc\nc\nca(R).\n", "R = oops.\n\n\n", "   Call: (11) th\n   Call: (12) throw(oops)\nERROR: Unhandled exception: Unknown message: oops\n   Exception: (12) throw(oops) ?    Exception: (11) th ? ");
}

#[test]
fn goals_lists_the_boxes_and_ignore_exits_without_running() {
    toplevel(
        "goals",
        "len([], 0).\nlen([_|T], N) :- len(T, M), N is M+1.\n",
        "trace, len([a],N).\nc\ng\nc\nc\ni\nc\nc\n",
        "true.\n\n\n",
        "   Call: (11) len([a], _) ?    Call: (12) len([], _) ?      [12] len([], _)\n     [11] len([a], _)\n   Call: (12) len([], _) ?    Exit: (12) len([], 0) ?    Call: (12) _ is 0+1 ?    Exit: (12) _ is 0+1 ?    Exit: (11) len([a], _) ? ",
    );
}

#[test]
fn a_leashed_spy_point_stops_and_creeping_on_traces() {
    // Leap (l) goes on to the next spy point; notrace leaves debug mode on.
    toplevel(
        "leashed_spy",
        PROGRAM,
        "spy(foo/1).\nfoo(1).\nc\nc\nc\nc\nnotrace.\nfoo(2).\nl\nl\n",
        "true.\n\ntrue.\n\ntrue.\n\ntrue.\n\n\n",
        "   Call: (10) foo(1) ?    Call: (11) 1>0 ?    Exit: (11) 1>0 ?    Exit: (10) foo(1) ?    Call: (10) foo(2) ?    Exit: (10) foo(2) ? ",
    );
}

#[test]
fn each_g_goal_is_one_level_deeper_as_in_swi() {
    let dir = std::env::temp_dir().join(format!("puzzlog_trace_{}_g.pl", std::process::id()));
    std::fs::write(&dir, "foo(X) :- X > 0.\n").unwrap();
    let file = dir.to_str().unwrap();
    let r = puzzlog(
        &[
            "-q",
            "-g",
            "leash(-all),trace",
            "-g",
            "foo(1)",
            "-g",
            "foo(1),true",
            "-t",
            "halt",
            file,
        ],
        None,
    );
    let _ = std::fs::remove_file(&dir);
    assert_eq!(
        r.stderr,
        "   Call: (10) foo(1)\n   Call: (11) 1>0\n   Exit: (11) 1>0\n   Exit: (10) foo(1)\n   Call: (12) foo(1)\n   Call: (13) 1>0\n   Exit: (13) 1>0\n   Exit: (12) foo(1)\n   Call: (12) true\n   Exit: (12) true\n"
    );
}

#[test]
fn trace_called_by_a_program_traces_what_follows() {
    toplevel(
        "in_program",
        "p(1). p(2).\nmain2 :- leash(-all), trace, ( p(3) -> true ; true ), p(1), notrace.\n",
        "main2.\n",
        "true.\n\n\n",
        "   Call: (11) p(3)\n   Fail: (11) p(3)\n   Redo: (10) main2\n   Call: (11) true\n   Exit: (11) true\n   Call: (11) p(1)\n   Exit: (11) p(1)\n",
    );
}
