//! An outcome's name spelled from the roll (`name = "spend_{4 * @short}"`): its braces read,
//! each expression checked as a condition is (known names, no dice, its work at the ends of
//! the names' ranges), every problem placed inside the name.

use super::access::Text;
use super::expr::{self, Scope};
use super::problem::Problems;
use crate::system_file::spelled::{self, Piece};

/// Checks the name `name` (spelled: it holds braces) against the roll's `scope`.
pub(crate) fn check(name: &Text, place: &str, scope: &Scope, problems: &mut Problems) {
    let source = problems.locator.text();
    let pieces = match spelled::pieces(&name.text) {
        Ok(pieces) => pieces,
        Err(bad) => {
            let at = expr::offset_of(source, name, bad.column);
            problems.at_offset(at, format!("{place}: {}", bad.message));
            return;
        }
    };
    for piece in pieces {
        let Piece::Expr { text, column } = piece else {
            continue;
        };
        // The expression spanned with its braces, which stand for quotes: its problems point
        // inside it. A name written with escapes points at the name.
        let start = expr::offset_of(source, name, column);
        let braced = start > 0 && source.get(start - 1..start) == Some("{");
        let span = if braced {
            start - 1..start + text.len() + 1
        } else {
            name.span.clone()
        };
        let inner = Text {
            text: text.into(),
            span,
        };
        let at = format!("{place}, `{{{text}}}`");
        if let Some(names) = expr::read(
            problems,
            &inner,
            scope,
            &at,
            Some("a name is spelled from what was rolled; roll dice in a `let` and read it here by name"),
        ) {
            expr::check_bounds(problems, &inner, &names, scope, &at);
        }
    }
}
