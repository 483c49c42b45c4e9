//! File-system builtins as in SWI-Prolog: `exists_file/1`, `exists_directory/1`,
//! `delete_file/1`, `absolute_file_name/2,3`, `read_file_to_string/3`,
//! `tmp_file/2` and `tmp_file_stream/3`.

use super::streams::{file_arg, open_error, os_context, os_message, stream_term};
use super::terms::culprit;
use crate::machine::error::{existence_error, permission_error, Res};
use crate::machine::streams::{absolute_path, open_file, Mode};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{Cell, Term, View};
use std::sync::atomic::{AtomicUsize, Ordering};

/// Builtins of this family.
pub const FILE_BUILTINS: BuiltinTable = &[
    ("exists_file", 1, Builtin::Det(exists_file)),
    ("exists_directory", 1, Builtin::Det(exists_directory)),
    ("delete_file", 1, Builtin::Det(delete_file)),
    ("absolute_file_name", 2, Builtin::Det(absolute_file_name)),
    ("absolute_file_name", 3, Builtin::Det(absolute_file_name)),
    ("read_file_to_string", 3, Builtin::Det(read_file_to_string)),
    ("tmp_file", 2, Builtin::Det(tmp_file)),
    ("tmp_file_stream", 3, Builtin::Det(tmp_file_stream)),
];

fn exists_file(m: &mut Machine, a: &[Cell]) -> Res {
    let p = file_arg(m, a[0])?;
    Ok(std::path::Path::new(&p).is_file())
}

fn exists_directory(m: &mut Machine, a: &[Cell]) -> Res {
    let p = file_arg(m, a[0])?;
    Ok(std::path::Path::new(&p).is_dir())
}

fn delete_file(m: &mut Machine, a: &[Cell]) -> Res {
    let p = file_arg(m, a[0])?;
    match std::fs::remove_file(&p) {
        Ok(()) => Ok(true),
        Err(e) => {
            let file = culprit(m, a[0]);
            let err = match e.kind() {
                std::io::ErrorKind::NotFound => existence_error("file", file),
                _ => permission_error("delete", "file", file),
            };
            Err(err.with_context(os_context(m, &os_message(&e))))
        }
    }
}

/// `absolute_file_name(+Spec, -Abs)` and `/3` (options ignored): the path made
/// absolute against the working directory, `.` and `..` resolved.
fn absolute_file_name(m: &mut Machine, a: &[Cell]) -> Res {
    let p = file_arg(m, a[0])?;
    let abs = m.atom_cell(&absolute_path(&p));
    Ok(m.unify(a[1], abs))
}

/// `read_file_to_string(+File, -String, +Options)`.
fn read_file_to_string(m: &mut Machine, a: &[Cell]) -> Res {
    let p = file_arg(m, a[0])?;
    let bytes = match std::fs::read(&p) {
        Ok(b) => b,
        Err(e) => return Err(open_error(m, &e, "source_sink", culprit(m, a[0]))),
    };
    // A byte-order mark is skipped, as SWI-Prolog's open/4 does.
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let s = m.store.new_string(&String::from_utf8_lossy(text));
    Ok(m.unify(a[1], s))
}

/// Counts temporary file names handed out by this process.
static TMP_COUNT: AtomicUsize = AtomicUsize::new(0);

/// A fresh temporary file name, `<tmp>/puzzlog_<base>_<pid>_<n>` as SWI's `swipl_...`.
fn tmp_name(base: &str) -> String {
    let n = TMP_COUNT.fetch_add(1, Ordering::Relaxed) + 1;
    let dir = std::env::temp_dir();
    let dir = dir.to_string_lossy();
    let dir = dir.trim_end_matches('/');
    let pid = std::process::id();
    if base.is_empty() {
        format!("{dir}/puzzlog_{pid}_{n}")
    } else {
        format!("{dir}/puzzlog_{base}_{pid}_{n}")
    }
}

fn tmp_file(m: &mut Machine, a: &[Cell]) -> Res {
    let base = file_arg(m, a[0])?;
    let name = m.atom_cell(&tmp_name(&base));
    Ok(m.unify(a[1], name))
}

/// `tmp_file_stream(+Encoding, -File, -Stream)`: a new temporary file open for writing.
fn tmp_file_stream(m: &mut Machine, a: &[Cell]) -> Res {
    let binary =
        matches!(m.store.view(a[0]), View::Atom(e) if e.name() == "binary" || e.name() == "octet");
    let path = tmp_name("");
    let mut s = match open_file(&path, Mode::Write, binary) {
        Ok(s) => s,
        Err(e) => {
            let t = Term::atom(&path);
            return Err(open_error(m, &e, "source_sink", t));
        }
    };
    s.file_name = Some(path.clone());
    let id = m.streams.add(s);
    let name = m.atom_cell(&path);
    let h = stream_term(m, id);
    Ok(m.unify(a[1], name) && m.unify(a[2], h))
}

#[cfg(test)]
mod tests {
    use crate::Machine;

    fn once(m: &mut Machine, goal: &str) -> bool {
        match m.query(goal) {
            Ok(mut answers) => matches!(answers.next(), Some(Ok(_))),
            Err(_) => false,
        }
    }

    #[test]
    fn files_are_written_read_and_deleted() {
        let mut m = Machine::new();
        assert!(once(
            &mut m,
            "tmp_file(t, F), open(F, write, S), format(S, \"a.~nb(X, X).~n\", []), close(S), \
             exists_file(F), \\+ exists_directory(F), read_file_to_string(F, Str, []), \
             Str == \"a.\\nb(X, X).\\n\", read_file_to_terms(F, [a, b(Y, Z)], []), Y == Z, \
             delete_file(F), \\+ exists_file(F)"
        ));
        assert!(once(
            &mut m,
            "catch(delete_file('/nonexistent/x'), error(existence_error(file, _), _), true)"
        ));
        assert!(once(
            &mut m,
            "catch(read_file_to_string('/nonexistent/x', _, []), \
             error(existence_error(source_sink, '/nonexistent/x'), _), true)"
        ));
        assert!(once(&mut m, "absolute_file_name('/a/./b/../c', '/a/c')"));
        assert!(once(
            &mut m,
            "tmp_file_stream(text, F, S), write(S, hi), close(S), \
             read_file_to_string(F, \"hi\", []), delete_file(F)"
        ));
    }
}
