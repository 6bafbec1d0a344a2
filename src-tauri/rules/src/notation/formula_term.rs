//! A formula's tree: an expression with no dice, its names resolved to slots or worked in as
//! numbers ([`super::formula`] builds and evaluates it, [`super::formula_compile`] writes it
//! as steps).

use super::ast::BinOp;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Term {
    Const(i64),
    Slot(usize),
    Neg(Box<Term>),
    Not(Box<Term>),
    Abs(Box<Term>),
    Bin(BinOp, Box<Term>, Box<Term>),
    Min(Vec<Term>),
    Max(Vec<Term>),
    If(Box<Term>, Box<Term>, Box<Term>),
}
