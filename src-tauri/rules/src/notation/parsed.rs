//! Texts read once per thread: a system file's roll kind reads the same expressions for every
//! request (its lets, value, outcomes' conditions), only the values worked into them change,
//! so each text's tree is kept and shared. Reading a text costs more than the odds of a small
//! roll; the trees of the last texts read are kept, a bounded number of them.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::ast::Ast;
use super::parse::parse_bounded;
use super::problem::Problem;

/// The most trees kept per thread (each of at most `MAX_EXPR_CHARS` characters); past it they
/// are all let go and read again as they are asked for.
const MOST_KEPT: usize = 512;

thread_local! {
    static READ: RefCell<HashMap<Box<str>, Rc<Ast>, foldhash::fast::RandomState>> =
        RefCell::new(HashMap::default());
}

/// [`parse_bounded`] of `text`, its tree shared with every earlier reading of the same text on
/// this thread (a text that does not read is read again each time, to say why).
pub(crate) fn parsed(text: &str) -> Result<Rc<Ast>, Problem> {
    if let Some(ast) = READ.with(|read| read.borrow().get(text).cloned()) {
        return Ok(ast);
    }
    let ast = Rc::new(parse_bounded(text)?);
    READ.with(|read| {
        let mut read = read.borrow_mut();
        if read.len() >= MOST_KEPT {
            read.clear();
        }
        read.insert(text.into(), Rc::clone(&ast));
    });
    Ok(ast)
}
