//! A dice-free expression read once and evaluated many times: a system file's reading of its
//! rolls (`@nat = 20`, `@total - @dc`) is worked out for every combination of its dice, so it
//! is parsed once, its `@names` resolved to slots once, and each evaluation only walks the
//! tree (no allocation). The arithmetic is the notation's own (`/` floors, a comparison gives 1
//! or 0, `if`, `min`, `max`, `abs`).

use super::ast::{Ast, BinOp, Func};
use super::formula_code::Code;
use super::formula_compile::{compile, SHARED_FROM};
use super::formula_term::Term;
use super::odds::apply;
use super::parsed::parsed;
use super::problem::Problem;

/// An expression with no dice, its names resolved to slots of the values it is evaluated with.
#[derive(Debug, Clone, PartialEq)]
pub struct Formula {
    root: Term,
    /// The tree as steps, what [`Formula::eval`] runs.
    code: Code,
}

/// What a name stands for in a formula: a value known when it is read (worked into the
/// formula then, so each evaluation does less), or a slot of the values it is evaluated with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    Known(i64),
    Slot(usize),
}

/// An evaluation divided by 0 (a divisor read from the values came to 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DivisionByZero;

impl Formula {
    /// Reads `text`, each `@name` what `lookup` says it is (none: the name is a problem
    /// there). Every problem found is listed: a name with no value, dice, a function given the
    /// wrong number of values, a division by a written 0.
    pub fn parse(
        text: &str,
        lookup: impl Fn(&str) -> Option<Lookup>,
    ) -> Result<Formula, Vec<Problem>> {
        let ast = parsed(text).map_err(|p| vec![p])?;
        let mut problems = Vec::new();
        let root = term(&ast, &lookup, &mut problems);
        match root {
            Some(root) if problems.is_empty() => Ok(Formula::of(root)),
            _ => Err(problems),
        }
    }

    fn of(root: Term) -> Self {
        let code = compile(&root, SHARED_FROM);
        Formula { root, code }
    }

    /// The formula with its parts shared however small it is, for the tests of sharing.
    #[cfg(test)]
    pub(super) fn shared_everywhere(mut self) -> Self {
        self.code = compile(&self.root, 0);
        self
    }

    /// How many steps an evaluation runs at most (every branch counted).
    #[cfg(test)]
    pub(super) fn steps(&self) -> usize {
        self.code.ops.len()
    }

    /// Its value with `slots` for its names (`slots[i]` the value of the name at slot `i`).
    pub fn eval(&self, slots: &[i64]) -> Result<i64, DivisionByZero> {
        self.code.run(slots).ok_or(DivisionByZero)
    }

    /// Its value by walking its tree, what its steps must agree with.
    #[cfg(test)]
    pub(super) fn eval_tree(&self, slots: &[i64]) -> Result<i64, DivisionByZero> {
        eval(&self.root, slots)
    }

    /// Whether every name it reads is at `slot` (or it reads none).
    pub fn reads_only(&self, slot: usize) -> bool {
        reads_only(&self.root, slot)
    }

    /// The values of `slot` at which it may change, ascending, when it reads only `slot` and
    /// only against numbers (`@value < 6`): it is the same from each to the next, below the
    /// first and from the last on ([`super::formula_steps`]). `None` otherwise.
    pub fn step_starts(&self, slot: usize) -> Option<Vec<i64>> {
        super::formula_steps::steps(&self.root, slot)
    }

    /// Its value when it reads no name.
    pub fn certain(&self) -> Option<i64> {
        match self.root {
            Term::Const(v) => Some(v),
            _ => None,
        }
    }

    /// The slots it reads, each once, ascending.
    pub fn slots(&self) -> Vec<usize> {
        let mut out = Vec::new();
        slots_of(&self.root, &mut out);
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The formula as a sum of parts, each with its whole-number multiple, split at `+`, `-`,
    /// a negation and a multiplication by a number: `2 * (@a - @b) + 3` is `2·@a`, `-2·@b`
    /// and `1·3`. Each part is no such sum (`@a / 2`, `max(@a, @b)` stay whole). The sum of
    /// the parts is the formula's value wherever no step of either passes `i64` (the caller
    /// checks the sizes): a sum of independent values can then be worked out part by part.
    pub fn summands(&self) -> Vec<(i64, Formula)> {
        // No sum at all (an `if`, a `max`): itself, not compiled again.
        if !matches!(
            self.root,
            Term::Neg(_) | Term::Bin(BinOp::Add | BinOp::Sub | BinOp::Mul, _, _)
        ) {
            return vec![(1, self.clone())];
        }
        let mut out = Vec::new();
        if split(&self.root, 1, &mut out).is_none() {
            return vec![(1, self.clone())];
        }
        out
    }
}

fn slots_of(term: &Term, out: &mut Vec<usize>) {
    match term {
        Term::Const(_) => {}
        Term::Slot(at) => out.push(*at),
        Term::Neg(t) | Term::Not(t) | Term::Abs(t) => slots_of(t, out),
        Term::Bin(_, l, r) => {
            slots_of(l, out);
            slots_of(r, out);
        }
        Term::Min(args) | Term::Max(args) => args.iter().for_each(|a| slots_of(a, out)),
        Term::If(c, a, b) => [c, a, b].iter().for_each(|t| slots_of(t, out)),
    }
}

/// Pushes `term`'s parts, each times `k`; `None` when a multiple passes `i64`.
fn split(term: &Term, k: i64, out: &mut Vec<(i64, Formula)>) -> Option<()> {
    match term {
        Term::Neg(inner) => split(inner, k.checked_neg()?, out),
        Term::Bin(BinOp::Add, l, r) => {
            split(l, k, out)?;
            split(r, k, out)
        }
        Term::Bin(BinOp::Sub, l, r) => {
            split(l, k, out)?;
            split(r, k.checked_neg()?, out)
        }
        Term::Bin(BinOp::Mul, l, r) => match (&**l, &**r) {
            (Term::Const(c), other) | (other, Term::Const(c)) => {
                split(other, k.checked_mul(*c)?, out)
            }
            _ => {
                out.push((k, Formula::of(term.clone())));
                Some(())
            }
        },
        _ => {
            out.push((k, Formula::of(term.clone())));
            Some(())
        }
    }
}

fn eval(term: &Term, slots: &[i64]) -> Result<i64, DivisionByZero> {
    Ok(match term {
        Term::Const(v) => *v,
        Term::Slot(i) => slots[*i],
        Term::Neg(inner) => eval(inner, slots)?.saturating_neg(),
        Term::Not(inner) => i64::from(eval(inner, slots)? == 0),
        Term::Abs(inner) => eval(inner, slots)?.saturating_abs(),
        // The commonest reading, a value against a number (`@value < 6`), in one step.
        Term::Bin(op, left, right) if *op != BinOp::Div => match (&**left, &**right) {
            (Term::Slot(i), Term::Const(b)) => apply(*op, slots[*i], *b),
            _ => binary(*op, left, right, slots)?,
        },
        Term::Bin(op, left, right) => binary(*op, left, right, slots)?,
        Term::Min(args) => fold(args, slots, i64::min)?,
        Term::Max(args) => fold(args, slots, i64::max)?,
        Term::If(cond, then, other) => {
            if eval(cond, slots)? != 0 {
                eval(then, slots)?
            } else {
                eval(other, slots)?
            }
        }
    })
}

/// `left op right`, `and` and `or` reading their right side only when it decides.
fn binary(op: BinOp, left: &Term, right: &Term, slots: &[i64]) -> Result<i64, DivisionByZero> {
    let a = eval(left, slots)?;
    // `and` and `or` read their right side only when it decides (as `if` its branch).
    match op {
        BinOp::And if a == 0 => return Ok(0),
        BinOp::Or if a != 0 => return Ok(1),
        _ => {}
    }
    let b = eval(right, slots)?;
    if op == BinOp::Div && b == 0 {
        return Err(DivisionByZero);
    }
    Ok(apply(op, a, b))
}

fn reads_only(term: &Term, slot: usize) -> bool {
    match term {
        Term::Const(_) => true,
        Term::Slot(at) => *at == slot,
        Term::Neg(t) | Term::Not(t) | Term::Abs(t) => reads_only(t, slot),
        Term::Bin(_, l, r) => reads_only(l, slot) && reads_only(r, slot),
        Term::Min(args) | Term::Max(args) => args.iter().all(|a| reads_only(a, slot)),
        Term::If(c, a, b) => [c, a, b].iter().all(|t| reads_only(t, slot)),
    }
}

fn fold(args: &[Term], slots: &[i64], f: fn(i64, i64) -> i64) -> Result<i64, DivisionByZero> {
    let Some((first, rest)) = args.split_first() else {
        return Ok(0);
    };
    rest.iter()
        .try_fold(eval(first, slots)?, |acc, t| Ok(f(acc, eval(t, slots)?)))
}

/// The term of `ast`, parts that read no name worked out now.
fn term(
    ast: &Ast,
    lookup: &impl Fn(&str) -> Option<Lookup>,
    problems: &mut Vec<Problem>,
) -> Option<Term> {
    let made = match ast {
        Ast::Int { value, .. } => Term::Const(*value),
        Ast::Name { name, col } => match lookup(name) {
            Some(Lookup::Known(value)) => Term::Const(value),
            Some(Lookup::Slot(slot)) => Term::Slot(slot),
            None => {
                problems.push(Problem::at(
                    *col,
                    format!("@{} is not a value here", crate::text::excerpt(name)),
                ));
                return None;
            }
        },
        Ast::Pool(pool) => {
            problems.push(Problem::at(
                pool.col,
                format!(
                    "{} rolls dice, and this expression takes none: roll them in a let and \
                     read it here by its @name",
                    crate::text::excerpt(&pool.text)
                ),
            ));
            return None;
        }
        Ast::Neg { operand, .. } => Term::Neg(Box::new(term(operand, lookup, problems)?)),
        Ast::Not { operand, .. } => Term::Not(Box::new(term(operand, lookup, problems)?)),
        Ast::Binary {
            op, left, right, ..
        } => {
            let l = term(left, lookup, problems);
            let r = term(right, lookup, problems);
            let (l, r) = (l?, r?);
            if *op == BinOp::Div && r == Term::Const(0) {
                problems.push(Problem::at(right.col(), "/ by 0"));
                return None;
            }
            Term::Bin(*op, Box::new(l), Box::new(r))
        }
        Ast::Call { func, args, col } => {
            let arity = match func {
                Func::Abs => Some((1, "abs takes one value")),
                Func::If => Some((3, "if takes three values: if(condition, then, else)")),
                Func::Min | Func::Max => None,
            };
            if let Some((_, how)) = arity.filter(|(n, _)| *n != args.len()) {
                problems.push(Problem::at(*col, how));
                return None;
            }
            let terms: Vec<Option<Term>> = args.iter().map(|a| term(a, lookup, problems)).collect();
            let mut terms = terms.into_iter().collect::<Option<Vec<Term>>>()?;
            match func {
                Func::Min => Term::Min(terms),
                Func::Max => Term::Max(terms),
                Func::Abs => Term::Abs(Box::new(terms.remove(0))),
                Func::If => {
                    let other = terms.pop()?;
                    let then = terms.pop()?;
                    let cond = terms.pop()?;
                    Term::If(Box::new(cond), Box::new(then), Box::new(other))
                }
            }
        }
    };
    Some(folded(made))
}

/// A term that reads no name, replaced by its value.
fn folded(term: Term) -> Term {
    let all_const = match &term {
        Term::Const(_) | Term::Slot(_) => return term,
        Term::Neg(t) | Term::Not(t) | Term::Abs(t) => matches!(**t, Term::Const(_)),
        Term::Bin(_, l, r) => matches!(**l, Term::Const(_)) && matches!(**r, Term::Const(_)),
        Term::Min(args) | Term::Max(args) => args.iter().all(|a| matches!(a, Term::Const(_))),
        Term::If(c, a, b) => [c, a, b].iter().all(|t| matches!(***t, Term::Const(_))),
    };
    if !all_const {
        return term;
    }
    match eval(&term, &[]) {
        Ok(value) => Term::Const(value),
        Err(DivisionByZero) => term,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slots(name: &str) -> Option<Lookup> {
        if name == "ten" {
            return Some(Lookup::Known(10));
        }
        ["a", "b", "c"]
            .iter()
            .position(|n| *n == name)
            .map(Lookup::Slot)
    }

    fn value(text: &str, values: &[i64]) -> i64 {
        Formula::parse(text, slots).unwrap().eval(values).unwrap()
    }

    #[test]
    fn reads_the_notation_arithmetic() {
        assert_eq!(value("-7 / 2", &[]), -4, "/ floors");
        assert_eq!(value("@a / @b", &[7, -2, 0]), -4);
        assert_eq!(value("@a >= 10 and @b = 20", &[12, 20, 0]), 1);
        assert_eq!(value("@a >= 10 and @b = 20", &[9, 20, 0]), 0);
        assert_eq!(value("not @a or @b < 0", &[0, 5, 0]), 1);
        assert_eq!(
            value("if(@c, max(@a, @b), min(@a, @b)) + abs(-3)", &[4, 9, 1]),
            12
        );
        assert_eq!(
            value("if(@c, max(@a, @b), min(@a, @b)) + abs(-3)", &[4, 9, 0]),
            7
        );
        assert_eq!(value("(@a - @b) / 4", &[23, 15, 0]), 2);
    }

    #[test]
    fn works_out_what_reads_no_name_once() {
        let formula = Formula::parse("max(2, 3) * 4 - 1", slots).unwrap();
        assert_eq!(formula.certain(), Some(11));
        assert!(Formula::parse("@b * 2 >= @b + 1", slots)
            .unwrap()
            .reads_only(1));
        assert!(!Formula::parse("@b >= @a", slots).unwrap().reads_only(1));
        let known = Formula::parse("@ten * 2 >= 20", slots).unwrap();
        assert_eq!(known.certain(), Some(1), "a known value is worked in");
        assert_eq!(Formula::parse("@a + 1", slots).unwrap().certain(), None);
    }

    #[test]
    fn splits_a_sum_into_its_parts_with_their_multiples() {
        let formula = Formula::parse("2 * (@a - @b) + 3 - -@c * 4 + max(@a, @b)", slots).unwrap();
        let parts = formula.summands();
        let shown: Vec<(i64, Vec<usize>)> = parts.iter().map(|(k, f)| (*k, f.slots())).collect();
        assert_eq!(
            shown,
            [
                (2, vec![0]),
                (-2, vec![1]),
                (1, vec![]),
                (4, vec![2]),
                (1, vec![0, 1])
            ]
        );
        // The parts add up to the whole for every value.
        for values in [[3, 9, -2], [0, 0, 0], [7, -4, 5]] {
            let sum: i64 = parts
                .iter()
                .map(|(k, f)| k * f.eval(&values).unwrap())
                .sum();
            assert_eq!(sum, formula.eval(&values).unwrap(), "{values:?}");
        }
        let whole = Formula::parse("@a * @b", slots).unwrap();
        assert_eq!(
            whole.summands().len(),
            1,
            "a product of two names is one part"
        );
        assert_eq!(whole.slots(), [0, 1]);
    }

    #[test]
    fn divides_by_a_value_of_zero_only_as_an_error() {
        let formula = Formula::parse("10 / @a", slots).unwrap();
        assert_eq!(formula.eval(&[0, 0, 0]), Err(DivisionByZero));
        // The branch not taken is not evaluated.
        let guarded = Formula::parse("if(@a, 10 / @a, 0)", slots).unwrap();
        assert_eq!(guarded.eval(&[0, 0, 0]), Ok(0));
    }

    #[test]
    fn lists_every_problem_with_its_column() {
        let problems = Formula::parse("@x + 2d6 + 1/0", slots).unwrap_err();
        let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "expr: column 1: @x is not a value here",
                "expr: column 6: 2d6 rolls dice, and this expression takes none: roll them in a \
                 let and read it here by its @name",
                "expr: column 14: / by 0",
            ]
        );
        let arity = Formula::parse("if(@a, 1)", slots).unwrap_err();
        assert_eq!(
            arity[0].message,
            "if takes three values: if(condition, then, else)"
        );
    }
}
