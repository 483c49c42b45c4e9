//! Generators of hostile programs (issue 17), as Prolog text: clause bodies and goals nested
//! thousands deep, cyclic terms given to every builtin family, and extreme numbers given to
//! every builtin that takes a count, a position or a column.

use crate::program::Program;
use arbitrary::{Result, Unstructured};

/// `Goal` run once for its errors and output only: its bindings are undone
/// and it always succeeds, so that the goals after it run.
fn isolated(goal: &str) -> String {
    format!("\\+ \\+ (catch(({goal}), _, true) ; true)")
}

/// One hostile program, of the three kinds in turn as the first byte says.
pub fn gen_hostile(u: &mut Unstructured) -> Result<Program> {
    match u.int_in_range(0..=2)? {
        0 => deep(u),
        1 => cyclic(u),
        _ => extreme(u),
    }
}

/// The control constructs a deep body is made of, `#` standing for the next level.
const NESTS: &[&str] = &[
    "call((#))",
    "catch((#), _, true)",
    "(fail -> true ; #)",
    "(true -> # ; fail)",
    "(fail ; #)",
    "(# ; fail)",
    "\\+ \\+ #",
    "(true, #)",
    "(#, true)",
    "(fail *-> true ; #)",
    "findall(x, #, [_|_])",
    "forall(true, #)",
    "once(#)",
];

/// A body nested `depth` deep around `leaf`, each level a construct picked by `u`.
fn nest(u: &mut Unstructured, depth: usize, leaf: &str) -> Result<String> {
    let mut prefix = String::new();
    let mut suffix = Vec::new();
    for _ in 0..depth {
        let pattern = *u.choose(NESTS)?;
        let (before, after) = pattern.split_once('#').expect("a hole");
        prefix.push_str(before);
        suffix.push(after);
    }
    let mut text = prefix;
    text.push_str(leaf);
    for after in suffix.iter().rev() {
        text.push_str(after);
    }
    Ok(text)
}

/// Deep bodies in a clause, a DCG rule, an asserted clause and a goal.
fn deep(u: &mut Unstructured) -> Result<Program> {
    let depth = if u.ratio(1, 4)? {
        u.int_in_range(1000..=20_000)?
    } else {
        u.int_in_range(1..=300)?
    };
    let leaf = *u.choose(&["true", "X = 1", "q(X)", "!", "fail", "call(true)"])?;
    let body = nest(u, depth, leaf)?;
    let small = u.int_in_range(1..=depth)?;
    let calls = "call((".repeat(small) + "true" + &"))".repeat(small);
    let catches = "catch((".repeat(small) + "true" + &"), _, true)".repeat(small);
    let alternatives = u.int_in_range(1..=depth.min(5000))?;
    let dcg = "[a];".repeat(alternatives) + "[b]";
    let text = format!(
        "q(1).\np(X) :- {body}.\nr --> {dcg}.\ns :- {calls}, {catches}.\n"
    );
    let goal = match u.int_in_range(0..=4)? {
        0 => "p(X)".to_string(),
        1 => "phrase(r, [b])".to_string(),
        2 => format!("assertz((t(X) :- {body})), t(Y)"),
        3 => format!("G = ({body}), call(G)"),
        _ => "s, p(_), \\+ \\+ phrase(r, [a])".to_string(),
    };
    Ok(Program { text, goal })
}

/// Cyclic terms, bound first in every goal.
const CYCLES: &str = "X = f(X), L = [a|L], C = [0'a|C], D = [0'1|D], P = [k-1|P], \
                      Y = g(Y, L), E = X + 1";

/// Arguments a builtin gets: mostly the cyclic terms, sometimes ordinary ones.
const CYCLIC_ARGS: &[&str] = &[
    "X", "L", "C", "D", "P", "Y", "E", "[L]", "[X, X]", "f(L)", "_", "a", "1", "\"ab\"",
    "[a, b]", "[]",
];

/// Builtins of every family that walks its arguments, with their arity.
const BUILTINS: &[(&str, usize)] = &[
    ("is", 2),
    ("<", 2),
    ("=:=", 2),
    ("succ", 2),
    ("plus", 3),
    ("between", 3),
    ("tab", 1),
    ("atom_length", 2),
    ("string_length", 2),
    ("atom_codes", 2),
    ("atom_chars", 2),
    ("char_code", 2),
    ("atom_number", 2),
    ("number_codes", 2),
    ("number_chars", 2),
    ("number_string", 2),
    ("atom_string", 2),
    ("string_chars", 2),
    ("string_codes", 2),
    ("string_to_atom", 2),
    ("string_code", 3),
    ("sub_atom", 5),
    ("sub_string", 5),
    ("atom_concat", 3),
    ("string_concat", 3),
    ("atomic_list_concat", 2),
    ("atomic_list_concat", 3),
    ("split_string", 4),
    ("upcase_atom", 2),
    ("string_lower", 2),
    ("term_to_atom", 2),
    ("term_string", 2),
    ("atom_to_term", 3),
    ("read_term_from_atom", 3),
    ("text_to_string", 2),
    ("char_type", 2),
    ("format", 1),
    ("format", 2),
    ("format", 3),
    ("=..", 2),
    ("functor", 3),
    ("arg", 3),
    ("copy_term", 2),
    ("term_variables", 2),
    ("setarg", 3),
    ("nb_setarg", 3),
    ("length", 2),
    ("msort", 2),
    ("sort", 2),
    ("sort", 4),
    ("predsort", 3),
    ("keysort", 2),
    ("list_to_set", 2),
    ("is_list", 1),
    ("ground", 1),
    ("numbervars", 3),
    ("==", 2),
    ("compare", 3),
    ("unify_with_occurs_check", 2),
    ("subsumes_term", 2),
    ("term_hash", 2),
    ("cyclic_term", 1),
    ("acyclic_term", 1),
    ("assertz", 1),
    ("asserta", 1),
    ("retract", 1),
    ("write", 1),
    ("print", 1),
    ("writeq", 1),
    ("write_canonical", 1),
    ("write_term", 2),
    ("portray_clause", 1),
    ("print_message", 2),
    ("nb_setval", 2),
    ("b_setval", 2),
    ("findall", 3),
    ("must_be", 2),
    ("sum_list", 2),
    ("max_member", 2),
    ("nth0", 3),
    ("last", 2),
    ("throw", 1),
    ("tab", 2),
];

/// A builtin of any family given cyclic terms.
fn cyclic(u: &mut Unstructured) -> Result<Program> {
    let mut goals = Vec::new();
    for _ in 0..u.int_in_range(1..=4)? {
        let (name, arity) = *u.choose(BUILTINS)?;
        let args: Vec<&str> = (0..arity)
            .map(|_| u.choose(CYCLIC_ARGS).copied())
            .collect::<Result<_>>()?;
        goals.push(isolated(&format!("'{name}'({})", args.join(", "))));
    }
    // Written terms go to a memory stream (the target's output is not read).
    let goal = format!(
        "{CYCLES}, with_output_to(string(_), ({}))",
        goals.join(", ")
    );
    Ok(Program {
        text: String::new(),
        goal,
    })
}

/// Numbers at the edges: C ints, 64-bit integers, big integers, special floats.
const EXTREMES: &[&str] = &[
    "0",
    "-1",
    "1",
    "255",
    "65535",
    "65536",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "9223372036854775808",
    "1000000000000",
    "100000000000000000000000",
    "-100000000000000000000000",
    "1.0e308",
    "-0.0",
    "inf",
    "nan",
    "1.5",
    "10^24",
    "2**64",
    "-(2**63)",
];

/// Goals taking a count, a position or a column, `N` standing for the number.
const COUNTED: &[&str] = &[
    "tab(N)",
    "current_output(S), tab(S, N)",
    "length(_, N)",
    "length([a], N)",
    "functor(_, f, N)",
    "functor(_, N, 0)",
    "arg(N, f(a, b), _)",
    "nth0(N, [a, b], _)",
    "nth1(N, [a, b], _)",
    "numlist(1, N, _)",
    "between(N, inf, _)",
    "between(1, N, _)",
    "atom_length(abc, N)",
    "sub_atom(abc, N, _, _, _)",
    "sub_atom(abc, _, N, _, _)",
    "sub_string(\"abc\", _, _, N, _)",
    "string_code(N, \"abc\", _)",
    "char_code(_, N)",
    "atom_codes(_, [N])",
    "succ(N, _)",
    "succ(_, N)",
    "plus(N, N, _)",
    "setarg(N, f(a), b)",
    "nb_setarg(N, f(a), b)",
    "numbervars(f(_, _), N, _)",
    "sort(N, @<, [f(1), f(2)], _)",
    "random_between(1, N, _)",
    "_ is random(N)",
    "_ is N << 3",
    "_ is 3 << N",
    "_ is N ** 2",
    "_ is 2 ** N",
    "_ is N ^ N",
    "_ is msb(N)",
    "_ is N mod 7",
    "_ is truncate(N)",
    "_ is max_tagged_integer + N",
    "char_type(_, to_lower(N))",
    "format(\"~*c\", [N, 0'x])",
    "format(\"~t~*|\", [N])",
    "format(\"~*d\", [N, 5])",
    "format(\"~e\", [N])",
    "format(\"~d\", [N])",
    "format(\"~a\", [N])",
    "format(\"~c\", [N])",
    "format(\"~*e\", [N, 1.0])",
    "format(\"~*f\", [N, 1.0])",
    "format(\"~*g\", [N, 1.0])",
    "format(\"~*n\", [N])",
    "format(\"~*+~w\", [N, x])",
    "format(\"~`-t~*|\", [N])",
    "format(\"~*r\", [N, 10])",
    "atom_number(A, N), atom_length(A, _)",
    "number_codes(N, Cs), atom_codes(_, Cs)",
    "copy_term(N, _)",
    "format(atom(_), \"~w\", [N])",
];

/// Format directives with a digit argument (the `*` ones are among `COUNTED`).
const DIRECTIVES: &[&str] = &["c", "e", "f", "g", "d", "D", "r", "R", "|", "+", "n", "s", "a"];

/// A builtin given an extreme number, or a format directive an extreme digit argument.
fn extreme(u: &mut Unstructured) -> Result<Program> {
    let mut goals = Vec::new();
    for _ in 0..u.int_in_range(1..=4)? {
        if u.ratio(1, 3)? {
            let digits = u.choose(&[
                "0",
                "1",
                "65535",
                "65536",
                "2147483647",
                "2147483648",
                "4294967295",
                "4294967297",
                "100000000000",
                "99999999999999999999999999",
            ])?;
            let d = u.choose(DIRECTIVES)?;
            let arg = u.choose(&["[1.5]", "[42]", "[0'x]", "[abc]", "[]", "[\"ab\"]"])?;
            goals.push(isolated(&format!("format(\"~t~{digits}{d}x\", {arg})")));
        } else {
            let n = u.choose(EXTREMES)?;
            let g = u.choose(COUNTED)?;
            goals.push(isolated(&format!("N is {n}, {g}")));
        }
    }
    let goal = format!("with_output_to(string(_), ({}))", goals.join(", "));
    Ok(Program {
        text: String::new(),
        goal,
    })
}
