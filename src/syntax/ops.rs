//! The operator table: SWI-Prolog's defaults, changed at run time by `op/3`.
//!
//! The reader resolves operators against this table clause by clause, and the
//! writer consults it to print operators back in operator form.

use crate::term::Atom;
use std::collections::HashMap;

/// The associativity type of an operator.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpType {
    /// Infix, both arguments of lower priority.
    Xfx,
    /// Infix, right-associative.
    Xfy,
    /// Infix, left-associative.
    Yfx,
    /// Prefix, argument may have the same priority.
    Fy,
    /// Prefix, argument of lower priority.
    Fx,
    /// Postfix, argument of lower priority.
    Xf,
    /// Postfix, argument may have the same priority.
    Yf,
}

impl OpType {
    /// Parses `xfx`, `fy`, ... as written in `op/3`.
    pub fn from_name(s: &str) -> Option<OpType> {
        Some(match s {
            "xfx" => OpType::Xfx,
            "xfy" => OpType::Xfy,
            "yfx" => OpType::Yfx,
            "fy" => OpType::Fy,
            "fx" => OpType::Fx,
            "xf" => OpType::Xf,
            "yf" => OpType::Yf,
            _ => return None,
        })
    }
    /// The name as written in `op/3`.
    pub fn name(self) -> &'static str {
        match self {
            OpType::Xfx => "xfx",
            OpType::Xfy => "xfy",
            OpType::Yfx => "yfx",
            OpType::Fy => "fy",
            OpType::Fx => "fx",
            OpType::Xf => "xf",
            OpType::Yf => "yf",
        }
    }
    /// Which of the three classes (prefix, infix, postfix) this type belongs to.
    pub fn class(self) -> OpClass {
        match self {
            OpType::Xfx | OpType::Xfy | OpType::Yfx => OpClass::Infix,
            OpType::Fy | OpType::Fx => OpClass::Prefix,
            OpType::Xf | OpType::Yf => OpClass::Postfix,
        }
    }
}

/// Prefix, infix or postfix.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum OpClass {
    /// `fx`, `fy`.
    Prefix,
    /// `xfx`, `xfy`, `yfx`.
    Infix,
    /// `xf`, `yf`.
    Postfix,
}

/// One operator definition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OpDef {
    /// Priority, 1..1200.
    pub priority: u16,
    /// Associativity type.
    pub typ: OpType,
}

impl OpDef {
    /// Maximum priority of the left argument (infix and postfix).
    pub fn left_max(self) -> u16 {
        match self.typ {
            OpType::Yfx | OpType::Yf => self.priority,
            _ => self.priority - 1,
        }
    }
    /// Maximum priority of the right argument (infix and prefix).
    pub fn right_max(self) -> u16 {
        match self.typ {
            OpType::Xfy | OpType::Fy => self.priority,
            _ => self.priority - 1,
        }
    }
}

/// The current operator table.
#[derive(Clone, Debug)]
pub struct Ops {
    prefix: HashMap<Atom, OpDef>,
    infix: HashMap<Atom, OpDef>,
    postfix: HashMap<Atom, OpDef>,
}

/// SWI-Prolog 9's default operators.
const SWI_DEFAULTS: &[(u16, &str, &[&str])] = &[
    (1200, "xfx", &[":-", "-->", "=>"]),
    (1200, "fx", &[":-", "?-"]),
    (1105, "xfy", &["|"]),
    (1100, "xfy", &[";"]),
    (
        1150,
        "fx",
        &[
            "dynamic",
            "discontiguous",
            "initialization",
            "meta_predicate",
            "module_transparent",
            "multifile",
            "public",
            "thread_local",
            "thread_initialization",
            "volatile",
            "table",
        ],
    ),
    (1050, "xfy", &["->", "*->"]),
    (1000, "xfy", &[","]),
    (990, "xfx", &[":="]),
    (900, "fy", &["\\+"]),
    (
        700,
        "xfx",
        &[
            "=", "\\=", "==", "\\==", "@<", "@>", "@=<", "@>=", "=..", "is", "=:=", "=\\=", "<",
            ">", "=<", ">=", ">:<", ":<", "as", "=@=", "\\=@=",
        ],
    ),
    (600, "xfy", &[":"]),
    (500, "yfx", &["+", "-", "/\\", "\\/"]),
    (
        400,
        "yfx",
        &[
            "*", "/", "//", "rdiv", "<<", ">>", "mod", "rem", "div", "xor",
        ],
    ),
    (200, "xfx", &["**"]),
    (200, "xfy", &["^"]),
    (200, "fy", &["-", "+", "\\"]),
    (100, "yfx", &["."]),
    (1, "fx", &["$"]),
];

impl Default for Ops {
    fn default() -> Ops {
        Ops::swi_default()
    }
}

impl Ops {
    /// The table SWI-Prolog 9 starts with.
    pub fn swi_default() -> Ops {
        let mut ops = Ops {
            prefix: HashMap::new(),
            infix: HashMap::new(),
            postfix: HashMap::new(),
        };
        for (p, t, names) in SWI_DEFAULTS {
            let typ = OpType::from_name(t).expect("valid default op type");
            for n in *names {
                ops.add(*p, typ, Atom::new(n));
            }
        }
        ops
    }

    fn class_map(&mut self, class: OpClass) -> &mut HashMap<Atom, OpDef> {
        match class {
            OpClass::Prefix => &mut self.prefix,
            OpClass::Infix => &mut self.infix,
            OpClass::Postfix => &mut self.postfix,
        }
    }

    /// Defines (or with priority 0 removes) an operator, as `op/3` does.
    pub fn add(&mut self, priority: u16, typ: OpType, name: Atom) {
        name.pin();
        let map = self.class_map(typ.class());
        if priority == 0 {
            map.remove(&name);
        } else {
            map.insert(name, OpDef { priority, typ });
        }
    }

    /// The prefix definition of `name`, if any.
    pub fn prefix(&self, name: Atom) -> Option<OpDef> {
        self.prefix.get(&name).copied()
    }
    /// The infix definition of `name`, if any.
    pub fn infix(&self, name: Atom) -> Option<OpDef> {
        self.infix.get(&name).copied()
    }
    /// The postfix definition of `name`, if any.
    pub fn postfix(&self, name: Atom) -> Option<OpDef> {
        self.postfix.get(&name).copied()
    }
    /// True when `name` is an operator of any class.
    pub fn is_op(&self, name: Atom) -> bool {
        self.prefix.contains_key(&name)
            || self.infix.contains_key(&name)
            || self.postfix.contains_key(&name)
    }
    /// Every definition, for `current_op/3`.
    pub fn all(&self) -> Vec<(Atom, OpDef)> {
        let mut v: Vec<(Atom, OpDef)> = self
            .prefix
            .iter()
            .chain(self.infix.iter())
            .chain(self.postfix.iter())
            .map(|(a, d)| (*a, *d))
            .collect();
        v.sort_by(|a, b| {
            a.0.name()
                .cmp(b.0.name())
                .then(a.1.priority.cmp(&b.1.priority))
        });
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_swi() {
        let ops = Ops::swi_default();
        assert_eq!(
            ops.infix(Atom::new("xor")),
            Some(OpDef {
                priority: 400,
                typ: OpType::Yfx
            })
        );
        assert_eq!(
            ops.prefix(Atom::new("-")),
            Some(OpDef {
                priority: 200,
                typ: OpType::Fy
            })
        );
        assert_eq!(ops.infix(Atom::new("-")).unwrap().priority, 500);
        assert_eq!(ops.infix(Atom::new("|")).unwrap().priority, 1105);
    }

    #[test]
    fn op_zero_removes() {
        let mut ops = Ops::swi_default();
        ops.add(0, OpType::Xfx, Atom::new("is"));
        assert!(ops.infix(Atom::new("is")).is_none());
        ops.add(700, OpType::Xfx, Atom::new("===>"));
        assert_eq!(ops.infix(Atom::new("===>")).unwrap().right_max(), 699);
    }
}
