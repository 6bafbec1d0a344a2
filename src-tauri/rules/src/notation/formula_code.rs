//! A [`Formula`](super::formula::Formula) as a flat list of steps over a small stack, run for
//! every combination of a file roll kind's dice: walking its tree took most of a large genre
//! action's odds (a call, a match and a `Result` for every node, 130,321 combinations of one
//! formula). The steps do what the tree's evaluation does, in the same order: `and`, `or` and
//! `if` read only the side that decides, so a division by 0 in a side not read is no error.

use super::ast::BinOp;
use super::odds::apply;

/// One step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Op {
    Const(i64),
    Slot(usize),
    /// `slots[slot] op value`, the commonest reading (`@value < 6`), in one step (never `/`).
    SlotConst(BinOp, usize, i64),
    Neg,
    Not,
    Abs,
    /// The two values on top, the right one last; `/` refuses a 0 on the right.
    Bin(BinOp),
    /// After an `and`'s left side (`and: true`) or an `or`'s: when it decides, the result
    /// (0 or 1) in its place and on from `to`, the right side not read.
    Decide {
        and: bool,
        to: usize,
    },
    /// Takes the condition of an `if`: on from `to` (its else) when it is 0.
    JumpIfZero(usize),
    Jump(usize),
    /// The least or the most of the `n` values on top (0 of none).
    Min(usize),
    Max(usize),
    /// The value on top kept at a place of its own, and left on top: a part written again.
    Keep(usize),
    /// The value kept at a place, put on top.
    Kept(usize),
}

/// A formula's steps, the most values its stack holds at once, and how many places the
/// values of parts read again take.
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct Code {
    pub ops: Vec<Op>,
    pub depth: usize,
    pub kept: usize,
}

/// The most values (the stack's and the kept ones) an array on the thread's stack holds for
/// a small formula, and for a large one; a larger formula takes a vector.
const SMALL: usize = 24;
const LARGE: usize = 64;

impl Code {
    /// The formula's value with `slots`; `None` on a division by 0.
    pub fn run(&self, slots: &[i64]) -> Option<i64> {
        // The commonest formula is one step (an outcome's `@value < 6`, read for each of a
        // d12 opposed roll's thousand margins up to ten times): no stack made for it.
        match self.ops[..] {
            [Op::SlotConst(op, at, v)] => return Some(apply(op, slots[at], v)),
            [Op::Slot(at)] => return Some(slots[at]),
            [Op::Const(v)] => return Some(v),
            _ => {}
        }
        let size = self.depth + self.kept;
        if size <= SMALL {
            self.run_in(slots, &mut [0i64; SMALL])
        } else if size <= LARGE {
            self.run_in(slots, &mut [0i64; LARGE])
        } else {
            self.run_in(slots, &mut vec![0; size])
        }
    }

    fn run_in(&self, slots: &[i64], room: &mut [i64]) -> Option<i64> {
        let (stack, kept) = room.split_at_mut(self.depth);
        run(&self.ops, slots, stack, kept)
    }

    /// Notes `pushed` values put on (negative: taken off) after the step just added.
    pub fn track(&mut self, now: &mut usize, pushed: isize) {
        *now = now.saturating_add_signed(pushed);
        self.depth = self.depth.max(*now);
    }
}

fn run(ops: &[Op], slots: &[i64], stack: &mut [i64], kept: &mut [i64]) -> Option<i64> {
    let mut sp = 0usize;
    let mut pc = 0usize;
    while let Some(op) = ops.get(pc) {
        pc += 1;
        match *op {
            Op::Const(v) => {
                stack[sp] = v;
                sp += 1;
            }
            Op::Slot(at) => {
                stack[sp] = slots[at];
                sp += 1;
            }
            Op::SlotConst(op, at, v) => {
                stack[sp] = apply(op, slots[at], v);
                sp += 1;
            }
            Op::Neg => stack[sp - 1] = stack[sp - 1].saturating_neg(),
            Op::Not => stack[sp - 1] = i64::from(stack[sp - 1] == 0),
            Op::Abs => stack[sp - 1] = stack[sp - 1].saturating_abs(),
            Op::Bin(op) => {
                sp -= 1;
                let b = stack[sp];
                if op == BinOp::Div && b == 0 {
                    return None;
                }
                stack[sp - 1] = apply(op, stack[sp - 1], b);
            }
            Op::Decide { and, to } => {
                let a = stack[sp - 1];
                if and && a == 0 {
                    stack[sp - 1] = 0;
                    pc = to;
                } else if !and && a != 0 {
                    stack[sp - 1] = 1;
                    pc = to;
                }
            }
            Op::JumpIfZero(to) => {
                sp -= 1;
                if stack[sp] == 0 {
                    pc = to;
                }
            }
            Op::Jump(to) => pc = to,
            Op::Min(n) | Op::Max(n) => {
                let start = sp - n;
                let values = stack[start..sp].iter().copied();
                let value = match op {
                    Op::Min(_) => values.min(),
                    _ => values.max(),
                };
                stack[start] = value.unwrap_or(0);
                sp = start + 1;
            }
            Op::Keep(at) => kept[at] = stack[sp - 1],
            Op::Kept(at) => {
                stack[sp] = kept[at];
                sp += 1;
            }
        }
    }
    Some(stack[0])
}
