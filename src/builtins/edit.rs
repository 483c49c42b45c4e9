//! `edit/1`: the editor (`$EDITOR`, else `vi`) opened on the file of a
//! predicate, at the line of its first clause for editors known to take
//! `+Line` (vi, vim, nvim, emacs, emacsclient, as SWI-Prolog), then `make/0`.

use crate::machine::error::{instantiation_error, type_error, Res};
use crate::machine::{Builtin, BuiltinTable, Machine};
use crate::term::{Cell, View};

/// Builtins of this family.
pub const EDIT_BUILTINS: BuiltinTable = &[("edit", 1, Builtin::Det(edit))];

/// Editors that open a file at a line given as `+Line`.
const LINE_EDITORS: &[&str] = &["vi", "vim", "nvim", "emacs", "emacsclient"];

/// The file and line of the first clause of the user predicate named by
/// `Name` or `Name/Arity`, if one was loaded from a file.
fn location(
    m: &Machine,
    c: Cell,
) -> Result<Option<(String, usize)>, crate::machine::error::PlError> {
    let c = m.store.deref(c);
    let (name, arity) = match m.store.view(c) {
        View::Atom(a) => (a, None),
        View::Compound(f, 2, first) if f.name() == "/" => {
            let (n, a) = (
                m.store.deref(m.store.heap[first]),
                m.store.deref(m.store.heap[first + 1]),
            );
            match (m.store.view(n), m.store.view(a)) {
                (View::Atom(n), View::Int(a)) if a >= 0 => (n, Some(a as usize)),
                (View::Var(_), _) | (_, View::Var(_)) => return Err(instantiation_error()),
                _ => {
                    return Err(type_error(
                        "predicate_indicator",
                        m.store.to_term(c, &mut Vec::new()),
                    ))
                }
            }
        }
        View::Var(_) => return Err(instantiation_error()),
        _ => return Err(type_error("callable", m.store.to_term(c, &mut Vec::new()))),
    };
    let mut found: Vec<(usize, String, usize)> = m
        .db
        .preds
        .iter()
        .filter(|p| p.name == name && arity.is_none_or(|n| n == p.arity) && !p.system && !p.library)
        .filter_map(|p| Some((p.arity, p.file.as_deref()?.to_string(), p.line)))
        .collect();
    found.sort();
    Ok(found.into_iter().next().map(|(_, file, line)| (file, line)))
}

/// `edit(+What)`: edits the predicate `What` (`Name` or `Name/Arity`).
fn edit(m: &mut Machine, a: &[Cell]) -> Res {
    let Some((file, line)) = location(m, a[0])? else {
        let what = m.format_goal(m.store.deref(a[0]));
        m.message_out(&format!(
            "Warning: Cannot find anything to edit from \"{what}\"\nWarning:     Use edit(file({what})) to create a new file\n"
        ));
        return Ok(true);
    };
    let editor = std::env::var("EDITOR").unwrap_or_else(|_| "vi".to_string());
    let mut words = editor.split_whitespace();
    let Some(program) = words.next() else {
        return Ok(false);
    };
    let mut cmd = std::process::Command::new(program);
    cmd.args(words);
    let base = std::path::Path::new(program)
        .file_name()
        .map(|b| b.to_string_lossy().into_owned())
        .unwrap_or_default();
    if LINE_EDITORS.contains(&base.as_str()) {
        cmd.arg(format!("+{line}"));
    }
    m.flush();
    if cmd.arg(&file).status().is_err() {
        m.message_out(&format!("Warning: Cannot run the editor `{editor}'\n"));
        return Ok(false);
    }
    super::modules::make(m, a)
}
