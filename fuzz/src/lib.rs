//! Shared pieces of the puzzlog fuzz targets: generators of owned terms and of small
//! Prolog programs from fuzzer bytes (`arbitrary::Unstructured`), the writeq round trip
//! check, and the watchdog that interrupts a machine run after a time budget.

use arbitrary::{Result, Unstructured};
use puzzlog::syntax::ops::Ops;
use puzzlog::syntax::reader::{read_term_from_str, ReadOptions};
use puzzlog::syntax::writer::{write_term, WriteOptions};
use puzzlog::term::store::Store;
use puzzlog::term::{atoms, Atom, Term};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Atoms that exercise quoting and operator handling in the writer and reader.
pub const ATOMS: &[&str] = &[
    "a",
    "b",
    "foo",
    "[]",
    "{}",
    "|",
    ",",
    ";",
    "!",
    "a b",
    "",
    "A",
    "_x",
    "_",
    "-",
    "+",
    "*",
    "-1",
    "1",
    "\\+",
    ":-",
    "?-",
    "-->",
    "->",
    "*->",
    "=",
    "is",
    "mod",
    "rem",
    "xor",
    "dynamic",
    "discontiguous",
    "table",
    "$",
    "@",
    ".",
    "..",
    "[|]",
    "\n",
    "'",
    "\"",
    "`",
    "\\",
    "é",
    "ĉu",
    "αβ",
    "Ω",
    "a\u{0}b",
    "\t",
    "/*",
    "%",
    "e",
    "0'",
    "1e10",
    "0x1",
    "[",
    "]",
    "(",
    ")",
    "{",
    "}",
    "^",
    "~",
    "#",
    "&",
    "?",
    "- 1",
    "=..",
    "\\=",
    "//",
    "**",
    "-(",
    "a.b",
    "end_of_file",
    "+1",
    "\u{7f}",
    "\u{a0}",
    "x\u{301}",
    "ℕ",
    "∀",
    "日本",
    "🙂",
    "a'b",
    "\\\\",
    ":",
    "::",
    "/",
    "<",
    ">",
];

/// Characters from which random atom and string names are drawn.
const CHARS: &[char] = &[
    'a', 'Z', '_', '0', '9', ' ', '\'', '"', '`', '\\', '\n', '\t', '\u{0}', '\u{7}', '.', ',',
    '|', '(', ')', '[', ']', '{', '}', '%', '/', '*', '+', '-', '#', '$', '&', '=', '<', '>', '?',
    '@', '^', '~', ':', ';', '!', 'é', 'Σ', 'ß', '🙂', '\u{ad}', '\u{200b}', '\u{7f}',
];

fn pick<'a, T>(u: &mut Unstructured, items: &'a [T]) -> Result<&'a T> {
    u.choose(items)
}

/// A name: from [`ATOMS`] or a short random string. Never `$VAR` (writeq prints
/// `'$VAR'(N)` as a variable name, so it does not round-trip by design).
pub fn gen_name(u: &mut Unstructured) -> Result<String> {
    let s = if u.ratio(3, 4)? {
        pick(u, ATOMS)?.to_string()
    } else {
        let n = u.int_in_range(0..=5)?;
        let mut s = String::new();
        for _ in 0..n {
            s.push(*pick(u, CHARS)?);
        }
        s
    };
    Ok(if s == "$VAR" { "$VaR".into() } else { s })
}

fn gen_int(u: &mut Unstructured) -> Result<Term> {
    Ok(match u.int_in_range(0..=4)? {
        0 => Term::Int(*pick(u, &[0, 1, -1, 2, -2, i64::MIN, i64::MAX, 10, -10])?),
        1 => Term::Int(u.arbitrary()?),
        2 => Term::integer(u.arbitrary::<i128>()?.into()),
        _ => Term::Int(u.int_in_range(-100..=100)?),
    })
}

fn gen_float(u: &mut Unstructured) -> Result<f64> {
    let f = match u.int_in_range(0..=2)? {
        0 => *pick(
            u,
            &[
                0.0,
                -0.0,
                1.0,
                -1.0,
                0.1,
                1.0e15,
                1.0e16,
                -1.5e-7,
                1.0e300,
                5.0e-324,
                f64::MAX,
                f64::MIN_POSITIVE,
                123456789.0,
            ],
        )?,
        1 => u.int_in_range(-1000..=1000)? as f64 / 8.0,
        _ => f64::from_bits(u.arbitrary()?),
    };
    // inf and nan have no standard written form that reads back as a float.
    Ok(if f.is_finite() { f } else { 1.5 })
}

/// The atom `name`; `[]` is either the empty list or the plain atom `'[]'` (SWI-7 keeps them apart).
fn atom(u: &mut Unstructured, name: &str) -> Result<Atom> {
    Ok(if name == "[]" && u.ratio(1, 2)? {
        atoms::NIL
    } else {
        Atom::new(name)
    })
}

/// An owned term of bounded size: at most `budget` nodes, nested at most `depth` deep.
pub fn gen_term(u: &mut Unstructured, budget: &mut usize, depth: usize) -> Result<Term> {
    if *budget == 0 || depth == 0 || u.is_empty() {
        return Ok(Term::atom(pick(u, &["a", "[]", "-", "{}"])?));
    }
    *budget -= 1;
    Ok(match u.int_in_range(0..=11)? {
        0 => Term::Var(u.int_in_range(0..=3)?),
        1 | 2 => {
            let name = gen_name(u)?;
            Term::Atom(atom(u, &name)?)
        }
        3 => gen_int(u)?,
        4 => Term::Float(gen_float(u)?),
        5 => Term::Str(gen_name(u)?),
        6 | 7 => {
            let mut name = gen_name(u)?;
            if name == "." {
                // '.'/N is SWI-7's dict functional notation: not a plain term there.
                name = "dot".into();
            }
            let name = atom(u, &name)?;
            let n = u.int_in_range(1..=3)?;
            let mut args = Vec::new();
            for _ in 0..n {
                args.push(gen_term(u, budget, depth - 1)?);
            }
            Term::Compound(name, args)
        }
        8 => {
            let n = u.int_in_range(0..=3)?;
            let mut items = Vec::new();
            for _ in 0..n {
                items.push(gen_term(u, budget, depth - 1)?);
            }
            let tail = if u.ratio(1, 3)? {
                gen_term(u, budget, depth - 1)?
            } else {
                Term::Atom(atoms::NIL)
            };
            Term::list_with_tail(items, tail)
        }
        9 => Term::compound("{}", vec![gen_term(u, budget, depth - 1)?]),
        _ => {
            // An operator term: prefix, infix or postfix-free default operators.
            let ops = [
                "-", "+", "\\+", ":-", "?-", "dynamic", "\\", "?", "$", "@", "*", "-", ",", ";",
                "|", "->", "*->", "=", "is", "mod", "xor", "**", "^", ":", "-->", "=..", "table",
            ];
            let name = *pick(u, &ops)?;
            if u.ratio(1, 3)? {
                Term::compound(name, vec![gen_term(u, budget, depth - 1)?])
            } else {
                let l = gen_term(u, budget, depth - 1)?;
                let r = gen_term(u, budget, depth - 1)?;
                Term::compound(name, vec![l, r])
            }
        }
    })
}

/// `t` with its variables renumbered 0, 1, ... in order of first occurrence (as the reader numbers them).
pub fn renumber(t: &Term, map: &mut Vec<u32>) -> Term {
    match t {
        Term::Var(v) => {
            let i = match map.iter().position(|x| x == v) {
                Some(i) => i,
                None => {
                    map.push(*v);
                    map.len() - 1
                }
            };
            Term::Var(i as u32)
        }
        Term::Compound(f, args) => {
            Term::Compound(*f, args.iter().map(|a| renumber(a, map)).collect())
        }
        other => other.clone(),
    }
}

/// `writeq` text of `t` with the default operator table.
pub fn writeq(t: &Term) -> String {
    let mut store = Store::new();
    let mut vars = Default::default();
    let c = store.from_term(t, &mut vars);
    let mut out = String::new();
    write_term(
        &mut out,
        &store,
        &Ops::default(),
        c,
        &WriteOptions::writeq(),
    );
    out
}

/// The round-trip property: `read(writeq(t))` is a variant of `t`. Err describes a failure.
pub fn roundtrip(t: &Term) -> std::result::Result<(), String> {
    let text = writeq(t);
    let expected = renumber(t, &mut Vec::new());
    match read_term_from_str(&text, &Ops::default(), &ReadOptions::default()) {
        Ok(Some(rt)) if same(&rt.term, &expected) => Ok(()),
        Ok(Some(rt)) => Err(format!(
            "{text:?} read back as {:?}, expected {expected:?}",
            rt.term
        )),
        Ok(None) => Err(format!("{text:?} read as nothing")),
        Err(e) => Err(format!("{text:?}: {e}")),
    }
}

/// Structural equality with floats compared by bits (so -0.0 differs from 0.0).
fn same(a: &Term, b: &Term) -> bool {
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        match (a, b) {
            (Term::Float(x), Term::Float(y)) => {
                if x.to_bits() != y.to_bits() {
                    return false;
                }
            }
            (Term::Compound(f, xs), Term::Compound(g, ys)) => {
                if f != g || xs.len() != ys.len() {
                    return false;
                }
                stack.extend(xs.iter().zip(ys));
            }
            (Term::Compound(..), _) | (_, Term::Compound(..)) => return false,
            _ => {
                if a != b {
                    return false;
                }
            }
        }
    }
    true
}

pub mod hostile;
pub mod program;

/// Consults `p` into a fresh machine and runs its goal for at most 5 answers, under a
/// watchdog that interrupts the run after `budget`; `stack` is the machine's stack limit in
/// bytes (None: the default). Errors are fine; a panic or a hang is what the fuzzer finds.
/// With `PUZZLOG_FUZZ_SHOW` set, the program is printed first (to replay an input).
pub fn run_program(p: &program::Program, budget: Duration, stack: Option<usize>) {
    if std::env::var_os("PUZZLOG_FUZZ_SHOW").is_some() {
        eprintln!("{}?- {}.", p.text, p.goal);
    }
    let mut m = puzzlog::Machine::new();
    if let Some(stack) = stack {
        m.limits.stack = stack;
    }
    watch(m.interrupt.clone(), budget);
    let _ = m.consult_str(&p.text, "fuzz");
    m.out.clear();
    if let Ok(answers) = m.query(&p.goal) {
        for a in answers.take(5) {
            if a.is_err() {
                break;
            }
        }
    }
    m.out.clear();
    unwatch();
}

/// The running machine's interrupt flag and its deadline, watched by one thread.
static WATCHED: Mutex<Option<(Instant, Arc<AtomicBool>)>> = Mutex::new(None);

/// Starts watching `flag`: it is set once `budget` has passed, until [`unwatch`].
pub fn watch(flag: Arc<AtomicBool>, budget: Duration) {
    static THREAD: OnceLock<()> = OnceLock::new();
    THREAD.get_or_init(|| {
        std::thread::spawn(|| loop {
            std::thread::sleep(Duration::from_millis(2));
            let guard = WATCHED.lock().unwrap();
            if let Some((deadline, flag)) = guard.as_ref() {
                if Instant::now() >= *deadline {
                    flag.store(true, Ordering::Relaxed);
                }
            }
        });
    });
    *WATCHED.lock().unwrap() = Some((Instant::now() + budget, flag));
}

/// Stops watching.
pub fn unwatch() {
    *WATCHED.lock().unwrap() = None;
}
