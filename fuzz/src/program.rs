//! Generates small Prolog programs and goals as text, over a fixed vocabulary of user
//! predicates (`p/0 p/1 q/1 q/2 r/2`, dynamic `s/1`), builtins and control constructs.

use arbitrary::{Result, Unstructured};

/// A program (clauses and directives) and a goal, both as Prolog text.
#[derive(Debug)]
pub struct Program {
    /// The text to consult.
    pub text: String,
    /// The goal to run, without the final `.`.
    pub goal: String,
}

const VARS: &[&str] = &["X", "Y", "Z", "W", "_", "L"];
const ATOMS: &[&str] = &[
    "a", "b", "[]", "'A b'", "''", "f", "p", "s", "'\\n'", "é", "(-)", "[a]",
];
const INTS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "-1",
    "100",
    "9999999999999999999999",
    "0'a",
    "0x7fffffffffffffff",
    "-9223372036854775808",
];

/// Generates a program of up to 6 clauses or directives and a goal.
pub fn gen_program(u: &mut Unstructured) -> Result<Program> {
    let mut text = String::from(":- dynamic(s/1).\n");
    let n = u.int_in_range(0..=6)?;
    for _ in 0..n {
        if u.ratio(1, 8)? {
            text.push_str(":- ");
            text.push_str(&goal(u, 2)?);
        } else {
            let (name, arity) = *u.choose(&[("p", 0), ("p", 1), ("q", 1), ("q", 2), ("r", 2)])?;
            text.push_str(name);
            args(u, arity, &mut text)?;
            if u.ratio(2, 3)? {
                text.push_str(" :- ");
                text.push_str(&body(u, 3)?);
            }
        }
        text.push_str(".\n");
    }
    let goal = body(u, 3)?;
    Ok(Program { text, goal })
}

fn args(u: &mut Unstructured, arity: usize, out: &mut String) -> Result<()> {
    if arity > 0 {
        out.push('(');
        for i in 0..arity {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&term(u, 2)?);
        }
        out.push(')');
    }
    Ok(())
}

/// A data term.
fn term(u: &mut Unstructured, depth: usize) -> Result<String> {
    let k = if depth == 0 {
        u.int_in_range(0..=3)?
    } else {
        u.int_in_range(0..=9)?
    };
    Ok(match k {
        0 | 1 => u.choose(VARS)?.to_string(),
        2 => u.choose(ATOMS)?.to_string(),
        3 => u.choose(INTS)?.to_string(),
        4 => u
            .choose(&["1.5", "-0.0", "1.0e10", "\"ab\"", "\"\"", "`xy`"])?
            .to_string(),
        5 => format!("f({})", term(u, depth - 1)?),
        6 => format!("g({}, {})", term(u, depth - 1)?, term(u, depth - 1)?),
        7 => format!("[{}|{}]", term(u, depth - 1)?, term(u, depth - 1)?),
        8 => format!("[{}, {}]", term(u, depth - 1)?, term(u, depth - 1)?),
        _ => format!("({} :- {})", term(u, depth - 1)?, goal(u, depth - 1)?),
    })
}

/// An arithmetic expression.
fn expr(u: &mut Unstructured, depth: usize) -> Result<String> {
    if depth == 0 || u.ratio(1, 3)? {
        return Ok(if u.ratio(1, 2)? {
            u.choose(INTS)?.to_string()
        } else {
            u.choose(&[
                "X",
                "Y",
                "1.5",
                "pi",
                "e",
                "inf",
                "nan",
                "a",
                "\"a\"",
                "[1]",
                "max_tagged_integer",
            ])?
            .to_string()
        });
    }
    let ops = [
        "+", "-", "*", "/", "//", "mod", "rem", "min", "max", ">>", "<<", "/\\", "\\/", "xor",
        "**", "^", "div", "gcd", "atan2", "copysign",
    ];
    let op = u.choose(&ops)?;
    if u.ratio(1, 4)? {
        let f = u.choose(&[
            "-",
            "abs",
            "sign",
            "sqrt",
            "log",
            "exp",
            "float",
            "integer",
            "truncate",
            "msb",
            "\\",
            "random",
            "cot",
            "float_integer_part",
            "succ_or_zero",
        ])?;
        return Ok(format!("{f}({})", expr(u, depth - 1)?));
    }
    let (l, r) = (expr(u, depth - 1)?, expr(u, depth - 1)?);
    Ok(
        if op.chars().all(char::is_alphanumeric) && !matches!(*op, "mod" | "rem" | "xor" | "div") {
            format!("{op}({l}, {r})")
        } else {
            format!("({l} {op} {r})")
        },
    )
}

/// A conjunction of up to four goals.
fn body(u: &mut Unstructured, depth: usize) -> Result<String> {
    let n = u.int_in_range(1..=4)?;
    let mut goals = Vec::new();
    for _ in 0..n {
        goals.push(goal(u, depth)?);
    }
    Ok(goals.join(", "))
}

/// One goal.
fn goal(u: &mut Unstructured, depth: usize) -> Result<String> {
    let d = depth.saturating_sub(1);
    let t = |u: &mut Unstructured| term(u, 2);
    let k = if depth == 0 {
        u.int_in_range(0..=29)?
    } else {
        u.int_in_range(0..=49)?
    };
    Ok(match k {
        0 => u
            .choose(&["true", "fail", "!", "p", "halt", "nl", "garbage_collect"])?
            .to_string(),
        1 => format!("p({})", t(u)?),
        2 => format!("q({})", t(u)?),
        3 => format!("q({}, {})", t(u)?, t(u)?),
        4 => format!("r({}, {})", t(u)?, t(u)?),
        5 => format!("s({})", t(u)?),
        6 => format!("{} = {}", t(u)?, t(u)?),
        7 => {
            let op = u.choose(&[
                "\\=",
                "==",
                "\\==",
                "@<",
                "@>=",
                "=@=",
                "?=",
                "unify_with_occurs_check",
            ])?;
            if op.len() > 3 {
                format!("{op}({}, {})", t(u)?, t(u)?)
            } else {
                format!("{} {op} {}", t(u)?, t(u)?)
            }
        }
        8 => format!("{} is {}", t(u)?, expr(u, 3)?),
        9 => {
            let op = u.choose(&["<", "=:=", "=\\=", ">=", ">", "=<"])?;
            format!("{} {op} {}", expr(u, 2)?, expr(u, 2)?)
        }
        10 => {
            let p = u.choose(&[
                "atom",
                "var",
                "nonvar",
                "integer",
                "float",
                "number",
                "atomic",
                "compound",
                "callable",
                "is_list",
                "string",
                "ground",
                "cyclic_term",
                "acyclic_term",
            ])?;
            format!("{p}({})", t(u)?)
        }
        11..=13 => {
            let p = u.choose(&[
                "atom_length",
                "atom_codes",
                "atom_chars",
                "char_code",
                "number_codes",
                "atom_number",
                "atom_string",
                "string_chars",
                "string_codes",
                "string_to_atom",
                "term_to_atom",
                "length",
                "msort",
                "sort",
                "predsort",
                "keysort",
                "copy_term",
                "term_variables",
                "succ",
                "last",
                "sum_list",
                "max_list",
                "reverse",
                "list_to_set",
                "number_vars",
                "string_length",
                "upcase_atom",
                "nb_getval",
                "b_getval",
                "nb_setval",
                "b_setval",
                "tab",
                "atom_to_term",
                "read_term_from_atom",
                "sumlist",
                "exclude",
                "maplist",
                "flatten",
                "msort",
                "setof",
                "compare",
                "format",
                "with_output_to",
            ])?;
            format!("{p}({}, {})", t(u)?, t(u)?)
        }
        14 | 15 => {
            let p = u.choose(&[
                "functor",
                "arg",
                "atom_concat",
                "between",
                "plus",
                "append",
                "nth0",
                "nth1",
                "select",
                "sub_atom_icasechk",
                "string_concat",
                "split_string",
                "numbervars",
                "setarg",
                "nb_setarg",
                "findall",
                "bagof",
                "setof",
                "aggregate_all",
                "foldl",
                "maplist",
                "sort",
                "format",
                "read_term",
                "succ_or_fail",
                "subsumes_term",
                "last",
                "forall",
                "catch",
                "call",
                "assertz",
                "clause",
                "retract",
                "sub_string",
                "tab",
            ])?;
            format!("{p}({}, {}, {})", t(u)?, t(u)?, t(u)?)
        }
        16 => format!("{} =.. {}", t(u)?, t(u)?),
        17 => format!(
            "sub_atom({}, {}, {}, {}, {})",
            t(u)?,
            t(u)?,
            t(u)?,
            t(u)?,
            t(u)?
        ),
        18 => format!(
            "sort({}, {}, {}, {})",
            t(u)?,
            u.choose(&["@<", "@>=", "@=<", "@>", "<"])?,
            t(u)?,
            t(u)?
        ),
        19 => format!(
            "{}({})",
            u.choose(&[
                "write",
                "writeq",
                "print",
                "write_canonical",
                "write_term",
                "assertz",
                "asserta",
                "retract",
                "retractall",
                "abolish",
                "throw",
                "call",
                "once",
                "ignore",
                "\\+",
                "ground",
                "tab",
                "atom_to_term",
                "halt"
            ])?,
            t(u)?
        ),
        20 => format!("write_term({}, [quoted(true), max_depth(3)])", t(u)?),
        21 => format!("assertz(s({}))", t(u)?),
        22 => format!("retract(s({}))", t(u)?),
        23 => format!(
            "asserta(({} :- {}))",
            u.choose(&["p", "p(X)", "s(X)", "q(a)", "s(_)"])?,
            goal(u, d)?
        ),
        24 => format!(
            "call({}, {})",
            u.choose(&["p", "q", "r", "s", "=", "X", "format", "foo", "succ"])?,
            t(u)?
        ),
        25 => format!("X = {}, call(X)", t(u)?),
        26 => format!(
            "length({}, {})",
            t(u)?,
            u.choose(&["N", "2", "-1", "X", "a", "100000"])?
        ),
        27 => format!(
            "format({}, {})",
            u.choose(&[
                "\"~w ~a~n\"",
                "\"~q\"",
                "\"~d\"",
                "\"~e ~4f\"",
                "\"~*c\"",
                "\"~p~t~20|~w\"",
                "\"~s\"",
                "\"~i~w\"",
                "\"~r\"",
                "\"~8|\"",
                "atom",
                "\"~\""
            ])?,
            t(u)?
        ),
        28 => format!(
            "between({}, {}, {})",
            u.choose(&["1", "0", "-1", "X"])?,
            u.choose(&["3", "inf", "infinite", "X", "a", "0"])?,
            t(u)?
        ),
        29 => format!(
            "numlist({}, {}, {})",
            u.choose(&["1", "5", "X"])?,
            u.choose(&["3", "a", "X", "10"])?,
            t(u)?
        ),
        30..=32 => format!("({} ; {})", body(u, d)?, body(u, d)?),
        33 | 34 => format!("({} -> {} ; {})", body(u, d)?, body(u, d)?, body(u, d)?),
        35 => format!("({} *-> {} ; {})", body(u, d)?, body(u, d)?, body(u, d)?),
        36 => format!("({} -> {})", body(u, d)?, body(u, d)?),
        37 => format!("\\+ ({})", body(u, d)?),
        38 | 39 => format!("catch(({}), {}, ({}))", body(u, d)?, t(u)?, body(u, d)?),
        40 => format!("findall({}, ({}), {})", t(u)?, body(u, d)?, t(u)?),
        41 => format!(
            "{}({}, {}^({}), {})",
            u.choose(&["bagof", "setof", "aggregate_all(count)"])?,
            t(u)?,
            u.choose(VARS)?,
            body(u, d)?,
            t(u)?
        ),
        42 => format!("forall(({}), ({}))", body(u, d)?, body(u, d)?),
        43 => format!("once(({}))", body(u, d)?),
        44 => format!("call(({}))", body(u, d)?),
        45 => format!(
            "assertz(({} :- {}))",
            u.choose(&["p", "p(X)", "q(X)", "r(X, Y)", "s(X)"])?,
            body(u, d)?
        ),
        46 => format!("findall(X, ({}), L), length(L, N)", body(u, d)?),
        47 => format!("with_output_to(string({}), ({}))", t(u)?, body(u, d)?),
        48 => format!("forall(between(1, 3, _), ({}))", body(u, d)?),
        _ => format!(
            "maplist({}, {})",
            u.choose(&["p", "q", "r", "s", "succ", "atom", "=(a)", "[X]>>true"])?,
            t(u)?
        ),
    })
}
