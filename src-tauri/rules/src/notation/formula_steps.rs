//! Where a formula of one value can change: a reading of `@value` made of comparisons with
//! numbers (`@value < 6`, `@value >= 12 and @value != 20`) is a step function of it, the same
//! from one step to the next. A file kind's outcomes are then read once per step rather than
//! once per value its dice make (2,700 margins of an opposed roll, ten bands).

use super::formula_term::Term;

/// The values of `slot` at which `term` may change, ascending, each a step's first value:
/// `term` is the same for every value from one to the next, below the first and from the
/// last on, and an evaluation that divides by 0 does so over a whole step. `None` when it is
/// no such step function (it reads another slot, or reads `slot` other than against a
/// number: `@value * 2`, `if(@value, …)`, a spelled `{@value}`).
pub(super) fn steps(term: &Term, slot: usize) -> Option<Vec<i64>> {
    let mut out = Vec::new();
    collect(term, slot, &mut out)?;
    out.sort_unstable();
    out.dedup();
    Some(out)
}

fn collect(term: &Term, slot: usize, out: &mut Vec<i64>) -> Option<()> {
    match term {
        Term::Const(_) => Some(()),
        // The value itself changes at every value.
        Term::Slot(_) => None,
        Term::Bin(op, left, right) if op.compares() => match (&**left, &**right) {
            (Term::Slot(at), Term::Const(c)) | (Term::Const(c), Term::Slot(at)) if *at == slot => {
                // Whichever the comparison, its answer is the same below `c`, at `c` and
                // above it.
                out.extend([*c, c.saturating_add(1)]);
                Some(())
            }
            _ => both(left, right, slot, out),
        },
        Term::Neg(t) | Term::Not(t) | Term::Abs(t) => collect(t, slot, out),
        Term::Bin(_, left, right) => both(left, right, slot, out),
        Term::Min(args) | Term::Max(args) => args.iter().try_for_each(|a| collect(a, slot, out)),
        Term::If(c, a, b) => [c, a, b].iter().try_for_each(|t| collect(t, slot, out)),
    }
}

/// Both sides step functions: so is any arithmetic of them, each the same over a step of both.
fn both(left: &Term, right: &Term, slot: usize, out: &mut Vec<i64>) -> Option<()> {
    collect(left, slot, out)?;
    collect(right, slot, out)
}

#[cfg(test)]
mod tests {
    use crate::notation::{Formula, Lookup};

    fn formula(text: &str) -> Formula {
        Formula::parse(text, |name| match name {
            "value" => Some(Lookup::Slot(0)),
            "other" => Some(Lookup::Slot(1)),
            "six" => Some(Lookup::Known(6)),
            _ => None,
        })
        .unwrap()
    }

    /// The formula is the same over each step: every value from -40 to 40 reads as the first
    /// value of its step (or, below the first step, as -41), with the other slot at 0.
    fn holds_over_steps(text: &str) {
        let f = formula(text);
        let steps = f
            .step_starts(0)
            .unwrap_or_else(|| panic!("{text} has steps"));
        for v in -40..=40 {
            let first = steps
                .iter()
                .rev()
                .find(|&&b| b <= v)
                .copied()
                .unwrap_or(-41);
            assert_eq!(
                f.eval(&[v, 0]),
                f.eval(&[first, 0]),
                "{text} at {v} against {first} ({steps:?})"
            );
        }
    }

    #[test]
    fn comparisons_with_numbers_are_steps_at_the_number_and_past_it() {
        assert_eq!(formula("@value < 6").step_starts(0), Some(vec![6, 7]));
        assert_eq!(formula("3 >= @value").step_starts(0), Some(vec![3, 4]));
        assert_eq!(
            formula("@value >= @six and @value != 20 or @value = -3").step_starts(0),
            Some(vec![-3, -2, 6, 7, 20, 21])
        );
        assert_eq!(
            formula("1 + 2").step_starts(0),
            Some(vec![]),
            "no value read"
        );
        for text in [
            "@value < 6",
            "@value <= 6",
            "@value > -6",
            "@value >= 6",
            "@value = 6",
            "@value != 6",
            "6 < @value",
            "not (@value < 3) + (@value > 10) * 7 - max(@value = 0, 2)",
            "if(@value < 0, 10 / (@value > -5), abs(-(@value >= 12)))",
            "min(@value >= 3, @value <= 9) or @value = 30",
        ] {
            holds_over_steps(text);
        }
    }

    #[test]
    fn a_value_read_other_than_against_a_number_has_no_steps() {
        for text in [
            "@value",
            "@value * 2 < 7",
            "@value + 1 >= 3",
            "if(@value, 1, 0)",
            "@value < @other",
            "@other < 3",
            "abs(@value) > 2",
        ] {
            assert_eq!(formula(text).step_starts(0), None, "{text}");
        }
    }

    #[test]
    fn a_division_by_zero_covers_its_whole_step() {
        let f = formula("10 / (@value > 4)");
        assert_eq!(f.step_starts(0), Some(vec![4, 5]));
        assert!((-10..5).all(|v| f.eval(&[v, 0]).is_err()));
        assert!((5..20).all(|v| f.eval(&[v, 0]) == Ok(10)));
    }
}
