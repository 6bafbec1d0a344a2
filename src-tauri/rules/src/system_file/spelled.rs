//! An outcome's name spelled from the roll (`"spend_{4 * @short}"`): text, with expressions
//! in braces worked out from what was rolled, so one outcome may stand for many names
//! (`spend_4`, `spend_8`, …). The reader checks the expressions, the odds add outcomes up by
//! the name they spell, and a roll reads the same name.

/// A piece of a name: text as written, or an expression in braces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    /// The expression between the braces, and the column (1-based, in characters) where it
    /// starts in the name.
    Expr {
        text: &'a str,
        column: usize,
    },
}

/// A name that does not read: the column (1-based, in characters) at fault, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misspelled {
    pub column: usize,
    pub message: String,
}

/// Whether `name` is spelled from the roll (holds an expression in braces).
pub fn is_spelled(name: &str) -> bool {
    name.contains('{') || name.contains('}')
}

/// The pieces of `name`: a brace opens an expression, the next closes it; an unclosed `{`,
/// a `}` with none open, or braces holding nothing is refused.
pub fn pieces(name: &str) -> Result<Vec<Piece<'_>>, Misspelled> {
    let mut out = Vec::new();
    let mut rest = name;
    // Characters before `rest`, for columns.
    let mut column = 1;
    while !rest.is_empty() {
        let open = rest.find('{');
        let close = rest.find('}');
        match (open, close) {
            (_, Some(c)) if open.is_none_or(|o| c < o) => {
                return Err(Misspelled {
                    column: column + rest[..c].chars().count(),
                    message: "`}` closes no `{`".into(),
                })
            }
            (None, None) => {
                out.push(Piece::Text(rest));
                break;
            }
            (Some(o), close) => {
                if o > 0 {
                    out.push(Piece::Text(&rest[..o]));
                }
                let start = column + rest[..o].chars().count();
                let Some(c) = close else {
                    return Err(Misspelled {
                        column: start,
                        message: "`{` is not closed: write the expression as {EXPR}".into(),
                    });
                };
                let text = &rest[o + 1..c];
                if let Some(inner) = text.find('{') {
                    return Err(Misspelled {
                        column: start + 1 + text[..inner].chars().count(),
                        message: "braces do not nest in a name".into(),
                    });
                }
                if text.trim().is_empty() {
                    return Err(Misspelled {
                        column: start,
                        message: "`{}` holds no expression".into(),
                    });
                }
                out.push(Piece::Expr {
                    text,
                    column: start + 1,
                });
                column = start + text.chars().count() + 2;
                rest = &rest[c + 1..];
            }
            (None, Some(_)) => unreachable!("a close with no open is told above"),
        }
    }
    Ok(out)
}

/// The expressions in `name`'s braces, in order (none for a name as written, or one that
/// does not read).
pub fn expressions(name: &str) -> Vec<&str> {
    pieces(name)
        .map(|pieces| {
            pieces
                .into_iter()
                .filter_map(|p| match p {
                    Piece::Expr { text, .. } => Some(text),
                    Piece::Text(_) => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The name `pieces` spell with `numbers`, one per expression in order.
pub fn spell(pieces: &[Piece], numbers: &[i64]) -> String {
    let mut numbers = numbers.iter();
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(text) => (*text).to_string(),
            Piece::Expr { .. } => numbers.next().map_or_else(String::new, i64::to_string),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_expressions_alternate() {
        let got = pieces("spend_{4 * @short} of {@pool}").unwrap();
        assert_eq!(
            got,
            vec![
                Piece::Text("spend_"),
                Piece::Expr {
                    text: "4 * @short",
                    column: 8
                },
                Piece::Text(" of "),
                Piece::Expr {
                    text: "@pool",
                    column: 24
                },
            ]
        );
        assert_eq!(spell(&got, &[8, 12]), "spend_8 of 12");
        assert_eq!(spell(&got, &[-4, 0]), "spend_-4 of 0");
        assert_eq!(
            expressions("spend_{4 * @short} of {@pool}"),
            ["4 * @short", "@pool"]
        );
        assert!(expressions("plain").is_empty() && expressions("bad{").is_empty());
        assert_eq!(pieces("plain").unwrap(), vec![Piece::Text("plain")]);
        assert!(!is_spelled("plain") && is_spelled("a{@b}"));
    }

    #[test]
    fn bad_braces_are_placed() {
        let at = |name: &str| pieces(name).unwrap_err().column;
        assert_eq!(at("spend_{4"), 7);
        assert_eq!(at("a}b"), 2);
        assert_eq!(at("x{}"), 2);
        assert_eq!(at("é{{@a}}"), 3);
        assert_eq!(at("{@a} and }"), 10);
    }
}
