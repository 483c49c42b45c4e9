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

/// Found by the `hostile` fuzz target (issue 17, four libFuzzer timeouts): copying a cyclic
/// term (an error's culprit, a ball, a findall answer, copy_term/2) unrolled a million levels
/// before it shared the cycle, so each copy took ~1M compounds and printing it 4 MB of text
/// (`X = f(X), throw(X)` printed a million `f(`). A cyclic term is now copied with its cycles,
/// and printed as SWI does.
#[test]
fn cyclic_terms_copy_as_cycles() {
    let mut m = Machine::new();
    let cycles = "X = f(X), L = [a|L], D = [0'1|D], P = [k-1|P]";
    let goals = [
        "catch(tab([]), _, true)",
        "catch(asserta(D), _, true), catch(term_to_atom(f(L), a), _, true)",
        "catch(string_chars(P, P), _, true)",
        "catch(max_member(1, [L]), _, true), catch(string_to_atom([], [L]), _, true)",
    ];
    let started = std::time::Instant::now();
    for g in goals {
        let r: Vec<_> = m.query(&format!("{cycles}, {g}")).unwrap().collect();
        assert!(r.iter().all(|a| a.is_ok()), "{g}: {r:?}");
    }
    let shown = "with_output_to(string(S), (catch(throw(X), B1, true), print(B1), nl, \
                 copy_term(L, C), print(C), nl, findall(P, true, [F]), print(F), \
                 nl, catch(string_to_atom(P, _), error(E, _), true), print(E)))";
    let r = m
        .query(&format!("{cycles}, {shown}"))
        .unwrap()
        .next()
        .expect("an answer")
        .expect("no error");
    assert_eq!(
        r.get("S"),
        Some(&Term::Str(
            "@(S_1,[S_1=f(S_1)])\n@(S_1,[S_1=[a|S_1]])\n@(S_1,[S_1=[k-1|S_1]])\n\
             @(type_error(string,S_1),[S_1=[k-1|S_1]])"
                .into()
        ))
    );
    // Well under a second in a release build; debug builds and busy machines are slower.
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
}
