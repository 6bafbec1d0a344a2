//! A formula's tree written as steps ([`Code`]), each part in the order the tree's evaluation
//! reads it. A part written more than once (a marks pool's `min(@h_six, @h_keep)`, fourteen
//! times in one let read for each of 40,000 states) is worked out once, kept, and read again
//! wherever its first working out is sure to have run: after it on every way through, never
//! from inside a side that may not be read (an `if`'s branch, the right of `and` and `or`)
//! into what follows that side. The steps so answer what the tree answers, a division by 0
//! included: a part read again was worked out, the same way, just before on that way.

use std::collections::HashMap;

use super::ast::BinOp;
use super::formula_code::{Code, Op};
use super::formula_term::Term;

/// A tree of fewer parts is written as it is: the numbering of its parts costs about what
/// sharing them saves, as most formulas are compiled per request (a genre action's value,
/// 50 parts, read some hundred times, was a tenth slower shared; a marks pool's lets, over
/// 120 parts read for each of up to 40,000 states, a third faster).
pub(super) const SHARED_FROM: usize = 64;

/// The steps of `root`, its parts shared when it has `shared_from` parts or more.
pub(super) fn compile(root: &Term, shared_from: usize) -> Code {
    let mut parts = Parts::default();
    if size(root) >= shared_from {
        parts.number(root);
    }
    let repeated: Vec<bool> = parts.times.iter().map(|&n| n > 1).collect();
    let first = Writer::write(root, &parts.order, repeated.clone());
    // A part written again only in another branch is never read again: written again
    // keeping only the parts that are (the same way through, fewer steps).
    if first.read_again == repeated {
        return first.code;
    }
    Writer::write(root, &parts.order, first.read_again).code
}

/// How many parts `term` has.
fn size(term: &Term) -> usize {
    1 + match term {
        Term::Const(_) | Term::Slot(_) => 0,
        Term::Neg(t) | Term::Not(t) | Term::Abs(t) => size(t),
        Term::Bin(_, l, r) => size(l) + size(r),
        Term::Min(args) | Term::Max(args) => args.iter().map(size).sum(),
        Term::If(c, a, b) => size(c) + size(a) + size(b),
    }
}

/// A part by what it is made of: its own operation and its parts' numbers, so that equal
/// parts get one number without comparing their trees.
#[derive(PartialEq, Eq, Hash)]
enum Shape {
    Const(i64),
    Slot(usize),
    Neg(usize),
    Not(usize),
    Abs(usize),
    Bin(BinOp, usize, usize),
    Min(Vec<usize>),
    Max(Vec<usize>),
    If(usize, usize, usize),
}

/// Every part of a tree numbered, equal parts alike, in the order written (each part before
/// its own parts), with how many parts each spans; and how many times each number is written.
#[derive(Default)]
struct Parts {
    numbers: HashMap<Shape, usize, foldhash::fast::RandomState>,
    /// Each part's number and how many parts it spans (itself and its own), in order.
    order: Vec<(usize, usize)>,
    times: Vec<usize>,
}

impl Parts {
    /// Numbers `term` and its parts; its number.
    fn number(&mut self, term: &Term) -> usize {
        let at = self.order.len();
        self.order.push((0, 0));
        let shape = match term {
            Term::Const(v) => Shape::Const(*v),
            Term::Slot(s) => Shape::Slot(*s),
            Term::Neg(t) => Shape::Neg(self.number(t)),
            Term::Not(t) => Shape::Not(self.number(t)),
            Term::Abs(t) => Shape::Abs(self.number(t)),
            Term::Bin(op, l, r) => Shape::Bin(*op, self.number(l), self.number(r)),
            Term::Min(args) => Shape::Min(args.iter().map(|a| self.number(a)).collect()),
            Term::Max(args) => Shape::Max(args.iter().map(|a| self.number(a)).collect()),
            Term::If(c, a, b) => Shape::If(self.number(c), self.number(a), self.number(b)),
        };
        let fresh = self.numbers.len();
        let number = *self.numbers.entry(shape).or_insert(fresh);
        if number == fresh {
            self.times.push(0);
        }
        // A name or a number is one step as it is: never kept.
        if !matches!(term, Term::Const(_) | Term::Slot(_)) {
            self.times[number] += 1;
        }
        self.order[at] = (number, self.order.len() - at);
        number
    }
}

struct Writer<'p> {
    code: Code,
    /// The values on the stack now.
    now: usize,
    /// Each part's number and span, in the order written ([`Parts::order`]; none when the
    /// tree is written as it is).
    parts: &'p [(usize, usize)],
    /// The place in `parts` of the part written next.
    next: usize,
    /// Whether each part's number is to be kept when worked out (written more than once).
    repeated: Vec<bool>,
    /// Whether each part's number was read again.
    read_again: Vec<bool>,
    /// Each number's place among the kept values, once it has one.
    place: Vec<Option<usize>>,
    /// Whether each number is worked out on every way to the step being written.
    kept: Vec<bool>,
    /// The numbers kept, in the order kept, so a side's own are let go after it.
    made: Vec<usize>,
}

impl<'p> Writer<'p> {
    /// The steps of `root`, numbered in `parts`, keeping the parts `repeated` says.
    fn write(root: &Term, parts: &'p [(usize, usize)], repeated: Vec<bool>) -> Self {
        let numbers = repeated.len();
        let mut writer = Writer {
            code: Code::default(),
            now: 0,
            parts,
            next: 0,
            repeated,
            read_again: vec![false; numbers],
            place: vec![None; numbers],
            kept: vec![false; numbers],
            made: Vec::new(),
        };
        writer.term(root);
        writer
    }

    fn step(&mut self, op: Op, pushed: isize) {
        self.code.ops.push(op);
        self.code.track(&mut self.now, pushed);
    }

    /// Writes `side`, a part that may not be read: what it keeps is let go after it.
    fn side(&mut self, side: &Term) {
        let before = self.made.len();
        self.term(side);
        for number in self.made.drain(before..) {
            self.kept[number] = false;
        }
    }

    fn term(&mut self, term: &Term) {
        let Some(&(number, span)) = self.parts.get(self.next) else {
            return self.whole(term);
        };
        let start = self.next;
        // Past this part and its own, whether they are written or read again.
        self.next = start + span;
        if self.kept[number] {
            self.read_again[number] = true;
            let at = self.place[number].unwrap_or_default();
            return self.step(Op::Kept(at), 1);
        }
        self.next = start + 1;
        self.whole(term);
        self.next = start + span;
        if self.repeated[number] {
            let fresh = self.code.kept;
            let at = *self.place[number].get_or_insert(fresh);
            self.code.kept = self.code.kept.max(at + 1);
            self.step(Op::Keep(at), 0);
            self.kept[number] = true;
            self.made.push(number);
        }
    }

    /// The steps of `term` itself, its parts each written (or read again) by [`Self::term`].
    fn whole(&mut self, term: &Term) {
        match term {
            Term::Const(v) => self.step(Op::Const(*v), 1),
            Term::Slot(at) => self.step(Op::Slot(*at), 1),
            Term::Neg(t) | Term::Not(t) | Term::Abs(t) => {
                self.term(t);
                let op = match term {
                    Term::Neg(_) => Op::Neg,
                    Term::Not(_) => Op::Not,
                    _ => Op::Abs,
                };
                self.step(op, 0);
            }
            Term::Bin(op, left, right) if *op != BinOp::Div => match (&**left, &**right) {
                (Term::Slot(at), Term::Const(v)) => self.step(Op::SlotConst(*op, *at, *v), 1),
                _ if matches!(op, BinOp::And | BinOp::Or) => {
                    self.term(left);
                    let decide = self.code.ops.len();
                    self.step(Op::Jump(0), 0);
                    self.side(right);
                    self.step(Op::Bin(*op), -1);
                    let to = self.code.ops.len();
                    self.code.ops[decide] = Op::Decide {
                        and: *op == BinOp::And,
                        to,
                    };
                }
                _ => {
                    self.term(left);
                    self.term(right);
                    self.step(Op::Bin(*op), -1);
                }
            },
            Term::Bin(op, left, right) => {
                self.term(left);
                self.term(right);
                self.step(Op::Bin(*op), -1);
            }
            Term::Min(args) | Term::Max(args) => {
                for arg in args {
                    self.term(arg);
                }
                let n = args.len();
                let op = match term {
                    Term::Min(_) => Op::Min(n),
                    _ => Op::Max(n),
                };
                self.step(op, 1 - n as isize);
            }
            Term::If(cond, then, other) => {
                self.term(cond);
                let test = self.code.ops.len();
                self.step(Op::JumpIfZero(0), -1);
                let before = self.now;
                self.side(then);
                let jump = self.code.ops.len();
                self.step(Op::Jump(0), 0);
                self.code.ops[test] = Op::JumpIfZero(self.code.ops.len());
                self.now = before;
                self.side(other);
                self.code.ops[jump] = Op::Jump(self.code.ops.len());
            }
        }
    }
}
