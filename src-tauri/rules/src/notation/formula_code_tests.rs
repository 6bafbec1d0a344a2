//! A formula's steps answer what walking its tree answers, division by 0 included, for every
//! value of its names in a small grid: each operator, nested `if`s, `and` and `or` whose right
//! side divides by 0 when it is not read, `min` and `max` of many values, a formula deeper
//! than the small stack, formulas of one step, and parts written more than once (worked out
//! once and read again), in sides that may not be read as well as before and after them.

use super::formula::{Formula, Lookup};

fn slot(name: &str) -> Option<Lookup> {
    ["a", "b", "c"]
        .iter()
        .position(|n| *n == name)
        .map(Lookup::Slot)
}

#[test]
fn the_steps_answer_what_the_tree_answers() {
    // Each part waits on the stack for the one inside it: 40 deep.
    let deep = (0..40).fold("@a".to_string(), |e, i| format!("{i} - @b * ({e})"));
    let wide = (0..30)
        .map(|i| format!("@b - {i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let texts = [
        // One step each: read without a stack.
        "@a",
        "7",
        "@b >= 2",
        "@c * -3",
        "@a + @b * @c - 7",
        "-@a / 2 + abs(@b - @c)",
        "@a / @b",
        "@b = 0 or @a / @b > 1",
        "@b != 0 and @a / @b > 1",
        "not @a and @b or @c",
        "if(@a > @b, if(@c, @a / @c, -1), max(@a, @b, @c) - min(@a, @b))",
        "if(@b, 10 / @b, 0) + if(@c = 0, 1, 100 / @c)",
        "@a < 2 and (@b >= 1 or 5 / @c = 1)",
        "min(@a, @b) <= max(@b, @c) and @a != @c",
        &deep,
        &format!("max({wide}) + min({wide}, @a)"),
        "if(@a, @b, @c) * if(not @a, 2, 3) >= @a + @b + @c",
        // Parts written again: in both branches, in a branch and after it, in a side of
        // `and`/`or` that divides by 0 when read, and a marks pool's Marks (as long as its
        // file's, over three values).
        "if(@b, 10 / @b + min(@a, @c) * 2, 0) + if(@b, 10 / @b, min(@a, @c) * 2) + 10 / @b",
        "@b != 0 and @a / @b > 1 or @a / @b < -1 or min(@a, @c) * 2 = min(@a, @c) * 2 + @b",
        "(@a / @b) + if(@c, @a / @b, 0) - max(@a - @c, @b) * max(@a - @c, @b) + max(@a - @c, @b)",
        "if(min(@a, @b) * 3 > @c, min(@a, @b) * 3 - @c, abs(min(@a, @b) * 3 - @c)) + abs(min(@a, @b) * 3 - @c)",
        MARKS,
        &format!("if(@a > 0, {MARKS}, 0) * 2 - {MARKS}"),
    ];
    let mut compared = 0;
    for text in texts {
        let formula = Formula::parse(text, slot).unwrap_or_else(|p| panic!("{text}: {p:?}"));
        // As compiled, and with every part written twice shared however small the formula.
        let shared = formula.clone().shared_everywhere();
        for a in -3..=3 {
            for b in -3..=3 {
                for c in -3..=3 {
                    let values = [a, b, c];
                    let tree = formula.eval_tree(&values);
                    assert_eq!(formula.eval(&values), tree, "{text} with {values:?}");
                    assert_eq!(shared.eval(&values), tree, "{text} shared, {values:?}");
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 23 * 343);
}

/// A marks pool's Marks after kept 1s (`systems/marks.toml`'s `h_marks`, its names read from
/// three values: sixes @a, fives @b, kept @c, ones @b too).
const MARKS: &str = "min(@a, @c) - min((@c - min(@a, @c) - min(@b, @c - min(@a, @c)) - \
    min(8 - @a - @b - @b, @c - min(@a, @c) - min(@b, @c - min(@a, @c)))) - min((@c - min(@a, \
    @c) - min(@b, @c - min(@a, @c)) - min(8 - @a - @b - @b, @c - min(@a, @c) - min(@b, @c - \
    min(@a, @c)))), min(@b, @c - min(@a, @c))), min(@a, @c)) + min(@b, @c - min(@a, @c)) - \
    min((@c - min(@a, @c) - min(@b, @c - min(@a, @c)) - min(8 - @a - @b - @b, @c - min(@a, @c) \
    - min(@b, @c - min(@a, @c)))), min(@b, @c - min(@a, @c)))";

#[test]
fn a_part_written_again_is_worked_out_once() {
    let steps = |text| {
        Formula::parse(text, slot)
            .unwrap()
            .shared_everywhere()
            .steps()
    };
    let four = "min(@a, @c) * 2 + min(@a, @c) * 2 + min(@a, @c) * 2 + min(@a, @c) * 2";
    // Written out, 4 × 5 steps and 3 additions; shared, the first `min(@a, @c) * 2` (5 steps,
    // and kept: its `min`, never read again on its own, is not), then each other one read
    // again and added.
    assert_eq!(steps(four), 6 + 3 * 2);
    // Written again only in the other branch: never read again, so never kept (a genre
    // action's value read no faster for keeping them).
    let apart = "if(@a > 0, min(@a, @c) * 2 + @b, min(@a, @c) * 2 - @b) + 1";
    let plain = "if(@a > 0, min(@a, @c) * 2 + @b, min(@b, @c) * 2 - @b) + 1";
    assert_eq!(steps(apart), steps(plain));
    // A small formula is written as it is (numbering its parts would cost what it saves).
    assert_eq!(Formula::parse(four, slot).unwrap().steps(), 4 * 5 + 3);
    let marks = Formula::parse(MARKS, slot).unwrap();
    // 123 parts as written; each different part once (and a step for each kept), far fewer.
    assert!(marks.steps() < 60, "{} steps", marks.steps());
}
