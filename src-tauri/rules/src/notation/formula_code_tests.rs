//! A formula's steps answer what walking its tree answers, division by 0 included, for every
//! value of its names in a small grid: each operator, nested `if`s, `and` and `or` whose right
//! side divides by 0 when it is not read, `min` and `max` of many values, and a formula deeper
//! than the small stack.

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
    ];
    let mut compared = 0;
    for text in texts {
        let formula = Formula::parse(text, slot).unwrap_or_else(|p| panic!("{text}: {p:?}"));
        for a in -3..=3 {
            for b in -3..=3 {
                for c in -3..=3 {
                    let values = [a, b, c];
                    assert_eq!(
                        formula.eval(&values),
                        formula.eval_tree(&values),
                        "{text} with {values:?}"
                    );
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 13 * 343);
}
