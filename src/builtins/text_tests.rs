//! Tests of the text builtins: goals are written in a small test-only term
//! syntax, run against the builtin tables, and every solution (or the error's
//! formal term) is compared with what swipl 9.0.4 prints for the same goal.

use super::*;
use crate::builtins::format::format_float;
use std::collections::HashMap;

/// A tiny term parser for test goals: atoms, 'quoted', Vars, integers,
/// floats, "strings", 0'c, [lists|Tail] and compounds.
struct P<'a> {
    s: &'a [u8],
    i: usize,
    vars: HashMap<String, u32>,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i] == b' ' {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> u8 {
        self.ws();
        *self.s.get(self.i).unwrap_or(&0)
    }
    fn term(&mut self) -> Term {
        let c = self.peek();
        let start = self.i;
        if c == b'[' {
            self.i += 1;
            let mut items = Vec::new();
            if self.peek() == b']' {
                self.i += 1;
                return Term::Atom(crate::term::atoms::NIL);
            }
            loop {
                items.push(self.term());
                match self.peek() {
                    b',' => self.i += 1,
                    b'|' => {
                        self.i += 1;
                        let tail = self.term();
                        self.peek();
                        self.i += 1;
                        return Term::list_with_tail(items, tail);
                    }
                    _ => {
                        self.i += 1;
                        return Term::list(items);
                    }
                }
            }
        }
        if c == b'"' || c == b'\'' {
            self.i += 1;
            let from = self.i;
            while self.s[self.i] != c {
                self.i += 1;
            }
            let text = std::str::from_utf8(&self.s[from..self.i])
                .unwrap()
                .replace("\\n", "\n");
            self.i += 1;
            return if c == b'"' {
                Term::Str(text)
            } else {
                self.args(&text)
            };
        }
        if c == b'-' || c.is_ascii_digit() {
            self.i += 1;
            if c == b'0' && self.s.get(self.i) == Some(&b'\'') {
                let ch = std::str::from_utf8(&self.s[self.i + 1..])
                    .unwrap()
                    .chars()
                    .next()
                    .unwrap();
                self.i += 1 + ch.len_utf8();
                return Term::Int(ch as i64);
            }
            while self.i < self.s.len()
                && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'.')
            {
                self.i += 1;
            }
            let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
            return parse_number(text).unwrap_or_else(|| panic!("bad number {text}"));
        }
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_')
        {
            self.i += 1;
        }
        let name = std::str::from_utf8(&self.s[start..self.i])
            .unwrap()
            .to_owned();
        if name.starts_with(|c: char| c.is_ascii_uppercase() || c == '_') {
            let n = self.vars.len() as u32;
            return Term::Var(*self.vars.entry(name).or_insert(n));
        }
        self.args(&name)
    }
    fn args(&mut self, name: &str) -> Term {
        if self.s.get(self.i) != Some(&b'(') {
            return Term::atom(name);
        }
        self.i += 1;
        let mut args = vec![self.term()];
        while self.peek() == b',' {
            self.i += 1;
            args.push(self.term());
        }
        self.peek();
        self.i += 1;
        Term::compound(name, args)
    }
}

/// Prints a term roughly as swipl's print/1 does.
fn show(t: &Term) -> String {
    match t {
        Term::Var(_) => "_".into(),
        Term::Atom(a) => {
            let n = a.name();
            let plain = n != "."
                && (n == "[]"
                    || n.starts_with(|c: char| c.is_lowercase())
                        && n.chars().all(|c| c.is_alphanumeric() || c == '_')
                    || !n.is_empty() && n.chars().all(|c| "#$&*+-./:<=>?@\\^~".contains(c)));
            if plain {
                n.to_owned()
            } else {
                format!("'{}'", n.replace('\n', "\\n").replace('\'', "\\'"))
            }
        }
        Term::Int(i) => i.to_string(),
        Term::BigInt(b) => b.to_string(),
        Term::Float(f) => format_float(*f),
        Term::Str(s) => format!("\"{}\"", s.replace('\n', "\\n")),
        Term::Compound(..) => {
            if let Some(items) = t.as_list() {
                let v: Vec<String> = items.iter().map(|x| show(x)).collect();
                return format!("[{}]", v.join(","));
            }
            let Term::Compound(f, args) = t else {
                unreachable!()
            };
            if f.name() == "[|]" {
                return format!("[{}|{}]", show(&args[0]), show(&args[1]));
            }
            let v: Vec<String> = args.iter().map(show).collect();
            format!("{}({})", show(&Term::Atom(*f)), v.join(","))
        }
    }
}

/// Runs `goal` and returns its solutions, `;`-separated, each printed as the
/// instantiated goal; an error prints as its formal term; no solution as `no`.
fn run(goal: &str) -> String {
    let mut p = P {
        s: goal.as_bytes(),
        i: 0,
        vars: HashMap::new(),
    };
    let t = p.term();
    let Term::Compound(name, args) = &t else {
        panic!()
    };
    let mut m = Machine::new();
    let g = m.store.from_term(&t, &mut HashMap::new());
    let View::Compound(_, n, first) = m.store.view(g) else {
        panic!()
    };
    let cells: Vec<Cell> = (0..n).map(|i| m.store.heap[first + i]).collect();
    let b = TEXT_BUILTINS
        .iter()
        .find(|(nm, ar, _)| *nm == name.name() && *ar == args.len())
        .unwrap_or_else(|| panic!("no builtin {goal}"))
        .2;
    let mut out: Vec<String> = Vec::new();
    let mut redo: Option<Box<dyn Any>> = None;
    loop {
        m.hb = m.store.top();
        let mark = m.trail.len();
        let r = match b {
            Builtin::Det(f) => f(&mut m, &cells),
            Builtin::Nondet(f) => f(&mut m, &cells, &mut redo),
        };
        match r {
            Ok(true) => out.push(show(&m.store.to_term(g, &mut Vec::new()))),
            Ok(false) => {}
            Err(crate::machine::PlError::Error(error)) => out.push(show(&error.formal)),
            Err(e) => panic!("{e:?}"),
        }
        m.undo_to(mark);
        if redo.is_none() || out.len() > 100 {
            break;
        }
    }
    if out.is_empty() {
        "no".into()
    } else {
        out.join(" ; ")
    }
}

fn check(cases: &[(&str, &str)]) {
    let mut bad = Vec::new();
    for (goal, want) in cases {
        let got = run(goal);
        if got != *want {
            bad.push(format!("{goal}\n   want {want}\n   got  {got}"));
        }
    }
    assert!(bad.is_empty(), "\n{}", bad.join("\n"));
}

#[test]
fn lengths_and_conversions() {
    check(&[
        ("atom_length(X, L)", "instantiation_error"),
        ("atom_length(123, L)", "atom_length(123,3)"),
        ("atom_length(f(x), L)", "type_error(text,f(x))"),
        ("atom_length(abc, foo)", "type_error(integer,foo)"),
        ("atom_length(abc, -1)", "no"),
        ("atom_length(\"abc\", L)", "atom_length(\"abc\",3)"),
        ("atom_length([a,b], L)", "atom_length([a,b],2)"),
        ("atom_length(1.0, L)", "atom_length(1.0,3)"),
        ("atom_length(abc, 1.5)", "type_error(integer,1.5)"),
        ("atom_length('', L)", "atom_length('',0)"),
        ("string_length(12, L)", "string_length(12,2)"),
        ("string_length(f(x), L)", "type_error(text,f(x))"),
        ("atom_codes(X, Y)", "instantiation_error"),
        ("atom_codes(X, [0'a|T])", "instantiation_error"),
        ("atom_codes(X, [a,b])", "atom_codes(ab,[a,b])"),
        ("atom_codes(X, \"abc\")", "atom_codes(abc,\"abc\")"),
        ("atom_codes(12, C)", "atom_codes(12,[49,50])"),
        ("atom_codes(X, [foo])", "type_error(character_code,foo)"),
        ("atom_codes(X, [-1])", "type_error(character_code,-1)"),
        ("atom_codes(X, foo)", "type_error(list,foo)"),
        ("atom_codes(X, [a|b])", "type_error(list,[a|b])"),
        ("atom_codes(f(x), L)", "type_error(atom,f(x))"),
        ("atom_codes(abc, f(x))", "type_error(list,f(x))"),
        ("atom_codes(abc, [0'a|T])", "atom_codes(abc,[97,98,99])"),
        ("atom_chars(X, [a|b])", "type_error(list,[a|b])"),
        ("atom_chars(X, [ab])", "type_error(character_code,ab)"),
        ("atom_chars(X, [0'a])", "atom_chars(a,[97])"),
        ("atom_chars(X, [a,Y])", "instantiation_error"),
        ("atom_chars(X, [])", "atom_chars('',[])"),
        ("atom_chars(hello, [h|T])", "atom_chars(hello,[h,e,l,l,o])"),
        ("char_code(X, Y)", "instantiation_error"),
        ("char_code(ab, X)", "type_error(character,ab)"),
        ("char_code(X, -1)", "type_error(character_code,-1)"),
        ("char_code(X, foo)", "type_error(integer,foo)"),
        (
            "char_code(X, 1114112)",
            "type_error(character_code,1114112)",
        ),
        ("char_code(a, foo)", "type_error(integer,foo)"),
        ("char_code(a, 0'b)", "no"),
        ("char_code(X, 0'b)", "char_code(b,98)"),
        ("atom_string(X, \"abc\")", "atom_string(abc,\"abc\")"),
        ("atom_string(42, S)", "atom_string(42,\"42\")"),
        ("atom_string(X, Y)", "instantiation_error"),
        ("atom_string(X, 42)", "atom_string('42',42)"),
        ("atom_string(f(x), S)", "type_error(atom,f(x))"),
        ("atom_string(abc, abc)", "atom_string(abc,abc)"),
        ("atom_string(X, [a,b])", "atom_string(ab,[a,b])"),
        ("atom_string(X, f(x))", "type_error(string,f(x))"),
        ("atom_string(abc, \"abd\")", "no"),
        ("string_chars(S, [a,b])", "string_chars(\"ab\",[a,b])"),
        ("string_chars(abc, L)", "string_chars(abc,[a,b,c])"),
        ("string_chars(X, Y)", "instantiation_error"),
        ("string_chars(X, [a|T])", "instantiation_error"),
        ("string_chars(f(x), L)", "type_error(text,f(x))"),
        ("string_chars(X, foo)", "type_error(list,foo)"),
        ("string_codes(S, \"ab\")", "string_codes(\"ab\",\"ab\")"),
        ("string_codes(X, [foo])", "type_error(character_code,foo)"),
        ("string_codes(S, [])", "string_codes(\"\",[])"),
        ("string_to_atom(S, abc)", "string_to_atom(\"abc\",abc)"),
        ("string_to_atom(\"abc\", A)", "string_to_atom(\"abc\",abc)"),
        ("string_to_atom(X, Y)", "instantiation_error"),
        ("string_to_atom(f(x), A)", "type_error(string,f(x))"),
        ("string_to_atom(S, f(x))", "type_error(atom,f(x))"),
        ("string_to_atom(S, 12)", "string_to_atom(\"12\",12)"),
        ("text_to_string(abc, S)", "text_to_string(abc,\"abc\")"),
        ("text_to_string([a,b], S)", "text_to_string([a,b],\"ab\")"),
        ("text_to_string([0'a], S)", "text_to_string([97],\"a\")"),
        ("text_to_string(12, S)", "type_error(text,12)"),
        ("text_to_string(X, S)", "instantiation_error"),
        ("text_to_string(f(x), S)", "type_error(text,f(x))"),
        ("text_to_string([], S)", "text_to_string([],\"\")"),
        ("text_to_string(abc, abc)", "text_to_string(abc,abc)"),
        ("text_to_string(X, abc)", "instantiation_error"),
        ("string_code(1, \"abc\", C)", "string_code(1,\"abc\",97)"),
        ("string_code(0, \"abc\", C)", "no"),
        ("string_code(4, \"abc\", C)", "no"),
        (
            "string_code(-1, \"abc\", C)",
            "domain_error(not_less_than_zero,-1)",
        ),
        ("string_code(a, \"abc\", C)", "type_error(integer,a)"),
        ("string_code(1, abc, C)", "string_code(1,abc,97)"),
        ("string_code(1, f(x), C)", "type_error(text,f(x))"),
        ("string_code(1, X, C)", "instantiation_error"),
    ]);
}

#[test]
fn case_conversion() {
    check(&[
        ("upcase_atom('abcÄé', X)", "upcase_atom(abcÄé,'ABCÄÉ')"),
        ("upcase_atom(X, Y)", "instantiation_error"),
        ("upcase_atom(123, X)", "upcase_atom(123,'123')"),
        ("upcase_atom(\"str\", X)", "upcase_atom(\"str\",'STR')"),
        ("upcase_atom(f(x), X)", "type_error(atomic,f(x))"),
        ("downcase_atom('ABC', abc)", "downcase_atom('ABC',abc)"),
        ("upcase_atom(a, \"A\")", "upcase_atom(a,\"A\")"),
        ("upcase_atom(a, f(x))", "type_error(atom,f(x))"),
        ("upcase_atom(a, 1)", "no"),
        ("string_lower(\"ABC\", S)", "string_lower(\"ABC\",\"abc\")"),
        ("string_upper(abc, S)", "string_upper(abc,\"ABC\")"),
        ("string_lower(X, S)", "instantiation_error"),
        ("string_lower(f(x), S)", "type_error(atomic,f(x))"),
        ("string_upper(abc, 'ABC')", "string_upper(abc,'ABC')"),
        ("string_upper(abc, f(x))", "type_error(string,f(x))"),
    ]);
}

#[test]
fn concat() {
    check(&[
        ("atom_concat(X, b, Y)", "instantiation_error"),
        ("atom_concat(a, X, ab)", "atom_concat(a,b,ab)"),
        ("atom_concat(X, Y, ab)", "atom_concat('',ab,ab) ; atom_concat(a,b,ab) ; atom_concat(ab,'',ab)"),
        ("atom_concat(X, X, abab)", "atom_concat(ab,ab,abab)"),
        ("atom_concat(1, 2, X)", "atom_concat(1,2,'12')"),
        ("atom_concat(f(x), b, X)", "type_error(atomic,f(x))"),
        ("atom_concat(a, b, f(x))", "type_error(atomic,f(x))"),
        ("atom_concat(\"a\", b, X)", "atom_concat(\"a\",b,ab)"),
        ("atom_concat(X, b, \"ab\")", "atom_concat(a,b,\"ab\")"),
        ("atom_concat(X, c, ab)", "no"),
        ("string_concat(X, Y, \"ab\")", "string_concat(\"\",\"ab\",\"ab\") ; string_concat(\"a\",\"b\",\"ab\") ; string_concat(\"ab\",\"\",\"ab\")"),
        ("string_concat(a, 1, S)", "string_concat(a,1,\"a1\")"),
        ("string_concat(X, b, Y)", "instantiation_error"),
        ("string_concat(X, b, \"ab\")", "string_concat(\"a\",b,\"ab\")"),
        ("text_concat(a, \"b\", X)", "text_concat(a,\"b\",\"ab\")"),
        ("text_concat(a, b, X)", "text_concat(a,b,ab)"),
        ("text_concat(X, b, ab)", "text_concat(a,b,ab)"),
        ("text_concat(X, Y, \"a\")", "text_concat(\"\",\"a\",\"a\") ; text_concat(\"a\",\"\",\"a\")"),
        ("atomic_list_concat([a,b,c], X)", "atomic_list_concat([a,b,c],abc)"),
        ("atomic_list_concat([a,\"b\",1,2.5], X)", "atomic_list_concat([a,\"b\",1,2.5],'ab12.5')"),
        ("atomic_list_concat([a,X], Y)", "instantiation_error"),
        ("atomic_list_concat(foo, X)", "type_error(list,foo)"),
        ("atomic_list_concat([a|X], Y)", "instantiation_error"),
        ("atomic_list_concat([a|b], Y)", "type_error(list,b)"),
        ("atomic_list_concat([f(x)], X)", "type_error(text,f(x))"),
        ("atomic_list_concat(L, abc)", "instantiation_error"),
        ("atomic_list_concat([a,b], \"ab\")", "no"),
        ("atomic_list_concat([a,b], '-', X)", "atomic_list_concat([a,b],-,'a-b')"),
        ("atomic_list_concat(L, '-', 'a-b--c')", "atomic_list_concat([a,b,'',c],-,'a-b--c')"),
        ("atomic_list_concat(L, '', abc)", "domain_error(non_empty_atom,'')"),
        ("atomic_list_concat([a,B], '-', 'a-b')", "atomic_list_concat([a,b],-,'a-b')"),
        ("atomic_list_concat(L, '-', '')", "atomic_list_concat([''],-,'')"),
        ("atomic_list_concat(L, ', ', \"a, b\")", "atomic_list_concat([a,b],', ',\"a, b\")"),
        ("atomic_list_concat(L, X, abc)", "instantiation_error"),
        ("atomic_list_concat(L, '-', X)", "instantiation_error"),
        ("atomic_list_concat([], '-', X)", "atomic_list_concat([],-,'')"),
        ("atomic_list_concat([A,b], '-', X)", "instantiation_error"),
        ("atomic_list_concat(L, f(x), abc)", "type_error(text,f(x))"),
        ("atomic_list_concat(L, '-', f(x))", "type_error(atomic,f(x))"),
        ("atomic_list_concat(L, '-', 12)", "atomic_list_concat(['12'],-,12)"),
        ("split_string(\"a,b,,c\", \",\", \"\", L)", "split_string(\"a,b,,c\",\",\",\"\",[\"a\",\"b\",\"\",\"c\"])"),
        ("split_string(\"  hello  \", \"\", \" \", L)", "split_string(\"  hello  \",\"\",\" \",[\"hello\"])"),
        ("split_string(\"/home//jan///nice/path\", \"/\", \"\", L)", "split_string(\"/home//jan///nice/path\",\"/\",\"\",[\"\",\"home\",\"\",\"jan\",\"\",\"\",\"nice\",\"path\"])"),
        ("split_string(\"SWI-Prolog, 7.0\", \",\", \" \", L)", "split_string(\"SWI-Prolog, 7.0\",\",\",\" \",[\"SWI-Prolog\",\"7.0\"])"),
        ("split_string(\"//a//b//\", \"/\", \"/\", L)", "split_string(\"//a//b//\",\"/\",\"/\",[\"a\",\"b\"])"),
        ("split_string(\"  a  b  \", \" \", \" \", L)", "split_string(\"  a  b  \",\" \",\" \",[\"a\",\"b\"])"),
        ("split_string(\" \", \" \", \" \", L)", "split_string(\" \",\" \",\" \",[\"\"])"),
        ("split_string(\"\", \"\", \"\", L)", "split_string(\"\",\"\",\"\",[\"\"])"),
        ("split_string(X, \"\", \"\", L)", "instantiation_error"),
        ("split_string(f(x), \"\", \"\", L)", "type_error(text,f(x))"),
        ("split_string(\"abc\", \"\", \"\", foo)", "type_error(list,foo)"),
    ]);
}

#[test]
fn sub_atom_modes() {
    check(&[
        ("sub_atom(X, B, L, A, S)", "instantiation_error"),
        ("sub_atom(abc, B, 2, A, S)", "sub_atom(abc,0,2,1,ab) ; sub_atom(abc,1,2,0,bc)"),
        ("sub_atom(ab, B, L, A, S)", "sub_atom(ab,0,0,2,'') ; sub_atom(ab,0,1,1,a) ; sub_atom(ab,0,2,0,ab) ; sub_atom(ab,1,0,1,'') ; sub_atom(ab,1,1,0,b) ; sub_atom(ab,2,0,0,'')"),
        ("sub_atom(abc, foo, L, A, S)", "type_error(integer,foo)"),
        ("sub_atom(abc, -1, L, A, S)", "domain_error(not_less_than_zero,-1)"),
        ("sub_atom(abc, B, -1, A, S)", "domain_error(not_less_than_zero,-1)"),
        ("sub_atom(abc, B, L, foo, S)", "type_error(integer,foo)"),
        ("sub_atom(f(x), B, L, A, S)", "type_error(atom,f(x))"),
        ("sub_atom(abc, B, L, A, f(x))", "type_error(atom,f(x))"),
        ("sub_atom(\"abc\", B, 1, 0, S)", "sub_atom(\"abc\",2,1,0,c)"),
        ("sub_atom(abc, B, L, A, \"bc\")", "sub_atom(abc,1,2,0,\"bc\")"),
        ("sub_atom(123, 0, 1, A, S)", "sub_atom(123,0,1,2,'1')"),
        ("sub_atom(abc, 4, L, A, S)", "no"),
        ("sub_atom(abc, B, 4, A, S)", "no"),
        ("sub_atom(abc, 1, L, 1, S)", "sub_atom(abc,1,1,1,b)"),
        ("sub_atom(abcab, B, L, A, ab)", "sub_atom(abcab,0,2,3,ab) ; sub_atom(abcab,3,2,0,ab)"),
        ("sub_atom(aaa, B, L, A, aa)", "sub_atom(aaa,0,2,1,aa) ; sub_atom(aaa,1,2,0,aa)"),
        ("sub_atom(abcab, B, L, 0, ab)", "sub_atom(abcab,3,2,0,ab)"),
        ("sub_atom(abc, B, L, 1, S)", "sub_atom(abc,0,2,1,ab) ; sub_atom(abc,1,1,1,b) ; sub_atom(abc,2,0,1,'')"),
        ("sub_atom(abc, 1, L, A, S)", "sub_atom(abc,1,0,2,'') ; sub_atom(abc,1,1,1,b) ; sub_atom(abc,1,2,0,bc)"),
        ("sub_atom(abc, B, L, A, 1)", "no"),
        ("sub_string(\"abc\", B, 1, A, S)", "sub_string(\"abc\",0,1,2,\"a\") ; sub_string(\"abc\",1,1,1,\"b\") ; sub_string(\"abc\",2,1,0,\"c\")"),
        ("sub_string(abc, 1, 1, A, S)", "sub_string(abc,1,1,1,\"b\")"),
        ("sub_string(f(x), B, L, A, S)", "type_error(string,f(x))"),
        ("sub_string(abc, B, L, A, f(x))", "type_error(string,f(x))"),
        ("sub_string(\"a1c\", B, L, A, 1)", "sub_string(\"a1c\",1,1,1,1)"),
    ]);
}

#[test]
fn numbers() {
    check(&[
        ("atom_number(X, Y)", "instantiation_error"),
        ("atom_number(X, 12)", "atom_number('12',12)"),
        ("atom_number(' 12', X)", "no"),
        ("atom_number('0x1A', X)", "atom_number('0x1A',26)"),
        ("atom_number('12abc', X)", "no"),
        ("atom_number(foo, X)", "no"),
        ("atom_number(12, X)", "type_error(atom,12)"),
        ("atom_number(\"12\", X)", "atom_number(\"12\",12)"),
        ("atom_number('-12', X)", "atom_number('-12',-12)"),
        ("atom_number('- 12', X)", "no"),
        ("atom_number('+12', X)", "atom_number('+12',12)"),
        ("atom_number('12 ', X)", "no"),
        ("atom_number('1.0Inf', X)", "atom_number('1.0Inf',1.0Inf)"),
        (
            "atom_number('1e10', X)",
            "atom_number('1e10',10000000000.0)",
        ),
        (
            "atom_number('1.0e10', X)",
            "atom_number('1.0e10',10000000000.0)",
        ),
        ("atom_number('1.5NaN', X)", "atom_number('1.5NaN',1.5NaN)"),
        ("atom_number(A, foo)", "type_error(number,foo)"),
        ("atom_number('0b101', X)", "atom_number('0b101',5)"),
        ("atom_number('0o17', X)", "atom_number('0o17',15)"),
        (
            "atom_number('1_000_000', X)",
            "atom_number('1_000_000',1000000)",
        ),
        ("atom_number(inf, X)", "no"),
        ("atom_number('.5', X)", "no"),
        ("atom_number('5.', X)", "no"),
        ("atom_number('0.1e-3', X)", "atom_number('0.1e-3',0.0001)"),
        ("atom_number(f(x), N)", "type_error(atom,f(x))"),
        ("atom_number(A, f(x))", "type_error(number,f(x))"),
        ("atom_number(abc, 3)", "no"),
        ("atom_number(A, \"3\")", "type_error(number,\"3\")"),
        ("number_codes(X, \" 42\")", "number_codes(42,\" 42\")"),
        ("number_codes(X, \"foo\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"42 \")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"0x1A\")", "number_codes(26,\"0x1A\")"),
        ("number_codes(X, \"- 1\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"-1\")", "number_codes(-1,\"-1\")"),
        ("number_codes(X, Y)", "instantiation_error"),
        ("number_codes(X, [0'1|T])", "instantiation_error"),
        ("number_codes(a, X)", "type_error(number,a)"),
        ("number_codes(X, \"1e\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"1.0e\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"12abc\")", "syntax_error(illegal_number)"),
        (
            "number_codes(X, \"99999999999999999999999\")",
            "number_codes(99999999999999999999999,\"99999999999999999999999\")",
        ),
        ("number_codes(X, \"0'a\")", "number_codes(97,\"0'a\")"),
        ("number_codes(X, \"inf\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"1.e5\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"+1\")", "number_codes(1,\"+1\")"),
        ("number_codes(X, \"-0x1A\")", "number_codes(-26,\"-0x1A\")"),
        (
            "number_codes(X, \"1.5E3\")",
            "number_codes(1500.0,\"1.5E3\")",
        ),
        ("number_codes(X, \"1e+3\")", "number_codes(1000.0,\"1e+3\")"),
        ("number_codes(X, \"0'\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"12\\n\")", "syntax_error(illegal_number)"),
        (
            "number_codes(X, \"1.0e+309\")",
            "syntax_error(float_overflow)",
        ),
        ("number_codes(X, \"0x\")", "syntax_error(illegal_number)"),
        (
            "number_codes(X, \"1 000 000\")",
            "number_codes(1000000,\"1 000 000\")",
        ),
        ("number_codes(X, \"0'ab\")", "syntax_error(illegal_number)"),
        (
            "number_codes(X, \"-1.0Inf\")",
            "number_codes(-1.0Inf,\"-1.0Inf\")",
        ),
        ("number_codes(X, \"-\")", "syntax_error(illegal_number)"),
        (
            "number_codes(X, \"0.5e10\")",
            "number_codes(5000000000.0,\"0.5e10\")",
        ),
        (
            "number_codes(X, \"123_456\")",
            "number_codes(123456,\"123_456\")",
        ),
        ("number_codes(X, \"1__2\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"1_\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"0x_1\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"36'ZZ\")", "number_codes(1295,\"36'ZZ\")"),
        ("number_codes(X, \"37'1\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"0.0\")", "number_codes(0.0,\"0.0\")"),
        ("number_codes(f(x), L)", "type_error(number,f(x))"),
        ("number_codes(1, foo)", "type_error(list,foo)"),
        ("number_codes(1, \"01\")", "number_codes(1,\"01\")"),
        (
            "number_codes(N, [0'1, foo])",
            "type_error(character_code,foo)",
        ),
        ("number_codes(N, f(x))", "type_error(list,f(x))"),
        ("number_codes(12, L)", "number_codes(12,[49,50])"),
        ("number_codes(12, [0'1|T])", "number_codes(12,[49,50])"),
        ("number_chars(X, ['1', a])", "syntax_error(illegal_number)"),
        ("number_chars(X, [' ', '1'])", "number_chars(1,[' ','1'])"),
        ("number_chars(X, [a|T])", "instantiation_error"),
        ("number_chars(X, [f(x)])", "type_error(character_code,f(x))"),
        ("number_chars(X, foo)", "type_error(list,foo)"),
        ("number_chars(1.5, L)", "number_chars(1.5,['1','.','5'])"),
        ("number_string(X, \" 42\")", "no"),
        ("number_string(X, \"42 \")", "no"),
        ("number_string(X, foo)", "type_error(list,foo)"),
        ("number_string(X, \"foo\")", "no"),
        ("number_string(42, S)", "number_string(42,\"42\")"),
        ("number_string(N, [0'4])", "number_string(4,[52])"),
        ("number_string(X, Y)", "instantiation_error"),
        ("number_string(N, f(x))", "type_error(list,f(x))"),
        ("number_string(f(x), S)", "type_error(number,f(x))"),
        ("number_string(N, \"0x1A\")", "number_string(26,\"0x1A\")"),
        ("number_string(N, \"1e\")", "no"),
    ]);
}

#[test]
fn parse_number_api() {
    assert_eq!(parse_number("42"), Some(Term::Int(42)));
    assert_eq!(parse_number(" 42"), Some(Term::Int(42)));
    assert_eq!(parse_number("0'a"), Some(Term::Int(97)));
    assert_eq!(parse_number("1.0e10"), Some(Term::Float(1.0e10)));
    assert_eq!(parse_number("12abc"), None);
    assert_eq!(
        parse_number("-9223372036854775808"),
        Some(Term::Int(i64::MIN))
    );
    assert_eq!(
        parse_number("123456789012345678901234567890"),
        Some(Term::integer(
            "123456789012345678901234567890".parse().unwrap()
        ))
    );
    assert_eq!(scan_number("1.0e1000"), Err("float_overflow"));
}

#[test]
fn deep_lists_do_not_overflow() {
    let mut m = Machine::new();
    let items = vec![Cell::small(97); 1_000_000];
    let l = m.store.new_list_from(&items, Cell::atom(atoms::NIL));
    let len = m.store.new_var();
    assert!(atom_length(&mut m, &[l, len]).unwrap());
    assert_eq!(m.store.view(m.deref(len)), View::Int(1_000_000));
}

#[test]
fn more_swi_cases() {
    check(&[
        ("atom_chars(X, [a, \"b\"])", "type_error(character,\"b\")"),
        ("atom_codes(X, [a, 0'b])", "type_error(character,98)"),
        ("string_code(X, \"abc\", 0'b)", "string_code(2,\"abc\",98)"),
        ("string_code(X, \"ab\", C)", "string_code(1,\"ab\",97) ; string_code(2,\"ab\",98)"),
        ("atom_concat(X, Y, '')", "atom_concat('','','')"),
        ("atom_concat(a, [a], X)", "type_error(atomic,[a])"),
        ("sub_atom(abc, B, 0, A, S)", "sub_atom(abc,0,0,3,'') ; sub_atom(abc,1,0,2,'') ; sub_atom(abc,2,0,1,'') ; sub_atom(abc,3,0,0,'')"),
        ("sub_atom('', B, L, A, S)", "sub_atom('',0,0,0,'')"),
        ("sub_atom(abc, B, L, 3, S)", "sub_atom(abc,0,0,3,'')"),
        ("sub_atom(abc, 0, 1, 1, S)", "no"),
        ("sub_atom('héllo', 1, 2, A, S)", "sub_atom(héllo,1,2,2,él)"),
        ("atomic_list_concat([a,b,c], X, 'a-b-c')", "instantiation_error"),
        ("atomic_list_concat([a|T], '-', 'a-b-c')", "atomic_list_concat([a,b,c],-,'a-b-c')"),
        ("atomic_list_concat(L, \"ab\", 'xabyab')", "atomic_list_concat([x,y,''],\"ab\",xabyab)"),
        ("split_string(\"abc\", \"\", \"ac\", L)", "split_string(\"abc\",\"\",\"ac\",[\"b\"])"),
        ("split_string([a,b], \"\", \"\", L)", "split_string([a,b],\"\",\"\",[\"ab\"])"),
        ("upcase_atom('ß', X)", "upcase_atom(ß,ß)"),
        ("downcase_atom('İ', X)", "downcase_atom('İ',i)"),
        ("atom_length(abc, 3.0)", "type_error(integer,3.0)"),
        ("number_codes(X, \"0' \")", "number_codes(32,\"0' \")"),
        ("number_codes(X, \"1.0e-400\")", "number_codes(0.0,\"1.0e-400\")"),
        ("number_codes(X, \"1.0NaN\")", "syntax_error('numeric constant out of range')"),
        ("number_codes(X, \"-0'a\")", "number_codes(-97,\"-0'a\")"),
        ("number_codes(X, \"10'12\")", "number_codes(12,\"10'12\")"),
        ("number_codes(X, \"2'12\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"1_000.5\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"1_ 000\")", "number_codes(1000,\"1_ 000\")"),
        ("number_codes(X, \"1  000\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"1.0e5Inf\")", "syntax_error(illegal_number)"),
        ("number_codes(X, \"--1\")", "syntax_error(illegal_number)"),
        ("atom_number(X, 1.0e10)", "atom_number('10000000000.0',10000000000.0)"),
        ("number_codes(-0.0, L)", "number_codes(-0.0,[45,48,46,48])"),
        ("atom_number('1.0e309', X)", "no"),
        ("string_codes(S, ab)", "type_error(list,ab)"),
        ("string_chars(S, \"ab\")", "string_chars(\"ab\",\"ab\")"),
        ("upcase_atom(abc, abc)", "no"),
        ("upcase_atom([a], X)", "type_error(atomic,[a])"),
        ("char_code(X, 55296)", "type_error(character_code,55296)"),
        ("code_type(-1, X)", "code_type(-1,end_of_file)"),
        ("char_type(1, X)", "char_type(1,ascii) ; char_type(1,cntrl) ; char_type(1,to_lower('\u{1}')) ; char_type(1,to_upper('\u{1}'))"),
        ("char_type(a, to_lower(a))", "char_type(a,to_lower(a))"),
        ("char_type(X, to_lower('A'))", "char_type(a,to_lower('A'))"),
        ("char_type(X, to_upper(a))", "char_type('A',to_upper(a))"),
        ("code_type(X, to_upper(0'a))", "code_type(65,to_upper(97))"),
        ("char_type(X, paren(Y))", "char_type('(',paren(')')) ; char_type('[',paren(']')) ; char_type('{',paren('}'))"),
        ("char_type('€', punct)", "char_type('€',punct)"),
        ("char_type(a, foo)", "type_error(char_type,foo)"),
        ("code_type(f(x), alpha)", "type_error(character,f(x))"),
        ("code_type(0'5, digit)", "code_type(53,digit)"),
        ("char_type('5', decimal(W))", "char_type('5',decimal(5))"),
        ("code_type(11, end_of_line)", "code_type(11,end_of_line)"),
        ("code_type(X, newline)", "code_type(10,newline)"),
    ]);
}
