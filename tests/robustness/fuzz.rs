//! Inputs that once crashed (or hung) the fuzz targets (fuzz/README.md) stay fixed.

use puzzlog::syntax::ops::Ops;
use puzzlog::syntax::reader::{read_term_from_str, ReadOptions, Reader};
use puzzlog::{Machine, Term};

/// Inputs the `read` fuzz target found (fuzz/README.md): each must read (or fail) without
/// panicking, both clause by clause and as one term.
const READ_CRASHES: &[&str] = &[];

#[test]
fn fuzz_read_regressions() {
    let ops = Ops::default();
    let opts = ReadOptions::default();
    for text in READ_CRASHES {
        let mut r = Reader::new(text);
        let mut n = 0;
        while r.next(&ops, &opts).is_some() {
            n += 1;
            assert!(n <= text.len() + 1, "{text:?}: the reader does not advance");
        }
        let _ = read_term_from_str(text, &ops, &opts);
    }
}

/// Terms the `roundtrip` fuzz target found, given as goals building `T`, with the `writeq`
/// text SWI-Prolog 9 prints for them: the text must match and read back as a variant of `T`.
const ROUNDTRIP_CRASHES: &[(&str, &str)] = &[
    // A combining mark continues an identifier: SWI leaves the atom unquoted.
    ("atom_codes(A, [0'x, 0x301]), T = f(A, 1)", "f(x\u{301},1)"),
    ("atom_codes(A, [0'x, 0x301]), T =.. [A, 1]", "x\u{301}(1)"),
    // The atom '[]' as a functor is quoted; the empty list's functor is not.
    ("T =.. ['[]', a]", "'[]'(a)"),
    ("T =.. [[], a]", "[](a)"),
    // A Latin-1 solo character (the soft hyphen) does not glue to a preceding symbol atom.
    (
        "atom_codes(A, [0xad]), B =.. [A, b], T = a+B",
        "a+\u{ad}(b)",
    ),
    // After an operand, `op(...)` is the infix operator applied to a parenthesised term.
    ("T = (a =.. ((m, 2) *-> x))", "a=..(m,2*->x)"),
    ("T = (a - (b :- (c, d)))", "a-(b:-c,d)"),
    (
        "T = f(a - (b , c), (d :- e) = (f :- g))",
        "f(a-(b,c),(d:-e)=(f:-g))",
    ),
];

#[test]
fn fuzz_roundtrip_regressions() {
    let mut m = Machine::new();
    for (make, text) in ROUNDTRIP_CRASHES {
        let goal = format!(
            "{make}, format(atom(W), '~q', [T]), term_to_atom(R, W), (R =@= T -> Ok = true ; Ok = false)"
        );
        let answers: Vec<_> = m.query(&goal).unwrap().collect();
        let a = answers[0].as_ref().unwrap();
        assert_eq!(a.get("W"), Some(&Term::atom(text)), "{make}");
        assert_eq!(a.get("Ok"), Some(&Term::atom("true")), "{make}");
    }
}

/// Found by the `roundtrip` fuzz target (bug 4 of fuzz/README.md): after an operand, `op(...)`
/// with an infix `op` is the operator applied to a parenthesised term, as in SWI, so
/// `a=..(m,2*->x)` reads as `=..(a, *->(','(m, 2), x))`; the writer writes such text.
#[test]
fn infix_functor_takes_a_parenthesised_term() {
    let mut m = Machine::new();
    let goal = "term_to_atom(T, 'a=..(m,2*->x)'), T == (a =.. ((m, 2) *-> x))";
    assert_eq!(m.query(goal).unwrap().count(), 1);
    let goal = "T = (a =.. ((m, 2) *-> x)), term_to_atom(T, A), term_to_atom(T2, A), T2 == T";
    assert_eq!(m.query(goal).unwrap().count(), 1);
    let goal = "term_to_atom(T, 'f(a -(b :- c, d), e)'), T == f(a - (b :- (c, d)), e)";
    assert_eq!(m.query(goal).unwrap().count(), 1);
}

/// Programs and goals the `machine` fuzz target found: each runs to an answer or an error.
const MACHINE_CRASHES: &[(&str, &str)] = &[];

#[test]
fn fuzz_machine_regressions() {
    for (program, goal) in MACHINE_CRASHES {
        let mut m = Machine::new();
        let _ = m.consult_str(program, "fuzz");
        if let Ok(answers) = m.query(goal) {
            for a in answers.take(5) {
                if a.is_err() {
                    break;
                }
            }
        };
    }
}

/// Found by the `machine` fuzz target (third run, a libFuzzer timeout, bug 7 of fuzz/README.md):
/// `Store::to_term` numbered the variables of a term with a linear search, so copying a term with
/// n distinct variables out of the heap (`assertz/1`, answers) cost O(n^2):
/// `length(L, 200000), assertz(p(L))` took ~8 s in debug, the answer to
/// `?- length(L, 200000), assertz(p(L)), p(M).` 159 s. Fixed on main (an index past 32 variables).
#[test]
fn assert_with_many_variables_is_linear() {
    // 200,000 variables; shared ones stay shared.
    let mut m = Machine::new();
    let goal = "length(L, 200000), L = [X, _, X|_], assertz(p(L)), p(M), M = [A, B, C|_], \
                A == C, A \\== B, term_variables(M, Vs), length(Vs, N)";
    let answer = m
        .query(goal)
        .unwrap()
        .next()
        .expect("an answer")
        .expect("no error");
    assert_eq!(answer.get("N"), Some(&Term::Int(199_999)));
}
