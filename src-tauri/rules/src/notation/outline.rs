//! What a system file's checker needs to know of an expression before any value is given:
//! where each `@name` stands and where the first die is (a file refuses dice where only
//! arithmetic is allowed), each by its column.

use super::ast::Ast;
use super::problem::Problem;

/// The names an expression reads and its first die, each with its column (1-based, in
/// characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outline {
    /// Every `@name` as written, in order (a name used twice is listed twice).
    pub names: Vec<(String, usize)>,
    /// The column of the first pool, if the expression rolls any dice.
    pub first_die: Option<usize>,
}

/// Reads `text` (as [`super::check`] does, without values): its outline, or the grammar's
/// problem.
pub fn outline(text: &str) -> Result<Outline, Problem> {
    let ast = super::parse::parse_bounded(text)?;
    let mut found = Outline {
        names: Vec::new(),
        first_die: None,
    };
    walk(&ast, &mut found);
    Ok(found)
}

fn walk(ast: &Ast, found: &mut Outline) {
    match ast {
        Ast::Int { .. } => {}
        Ast::Name { name, col } => found.names.push((name.clone(), *col)),
        Ast::Neg { operand, .. } | Ast::Not { operand, .. } => walk(operand, found),
        Ast::Binary { left, right, .. } => {
            walk(left, found);
            walk(right, found);
        }
        Ast::Call { args, .. } => args.iter().for_each(|a| walk(a, found)),
        Ast::Pool(pool) => {
            if found.first_die.is_none_or(|col| pool.col < col) {
                found.first_die = Some(pool.col);
            }
            if let Some(count) = &pool.count {
                walk(count, found);
            }
            for modifier in &pool.mods {
                if let Some(count) = &modifier.count {
                    walk(count, found);
                }
                if let Some(cmp) = &modifier.cmp {
                    walk(&cmp.value, found);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_the_first_die_have_their_columns() {
        let found = outline("@a + (@b)d6 + @a").unwrap();
        assert_eq!(
            found.names,
            vec![("a".into(), 1), ("b".into(), 7), ("a".into(), 15)]
        );
        assert_eq!(found.first_die, Some(6));
        assert_eq!(outline("@a * 2").unwrap().first_die, None);
        assert_eq!(outline("2 +").unwrap_err().column, Some(4));
    }
}
