//! DICE.md's grammar read by recursive descent, character by character: which words a letter
//! starts depends on where it stands (`df` after a pool deducts failures, `4df` is four Fate
//! dice), so there is no separate tokenizer. Every problem names its column and what was
//! expected there; the common habits of other tools (`4d6k3`, `!`, `ro`) get a suggestion.

use super::ast::{Ast, BinOp, CmpAst, CmpSign, Func, ModAst, ModKind, PoolAst, SidesAst};
use super::problem::Problem;

/// How deep parentheses, signs and `not`s may nest: far past any roll a GM writes, and far short
/// of the stack (a 1,000-character expression is at most 1,000 deep).
pub(crate) const MAX_DEPTH: usize = 64;

/// The largest number the notation takes (and the largest any value may reach): 2^53, where
/// every integer is still exact as a JSON number.
pub(crate) const MAX_INT: i64 = 1 << 53;

/// Parses `text`, the notation as typed, into an expression. Unicode's minus sign (U+2212) is
/// read as `-`.
/// The longest expression taken, in characters (DICE.md, "The request").
pub const MAX_EXPR_CHARS: usize = 1000;

/// [`parse`] of an expression no longer than [`MAX_EXPR_CHARS`]: a longer one is refused
/// unread, at the first column past the limit.
pub(crate) fn parse_bounded(text: &str) -> Result<Ast, Problem> {
    if text.chars().count() > MAX_EXPR_CHARS {
        return Err(Problem::at(
            MAX_EXPR_CHARS + 1,
            format!(
                "an expression is at most {} characters",
                crate::grouped(MAX_EXPR_CHARS)
            ),
        ));
    }
    parse(text)
}

pub(crate) fn parse(text: &str) -> Result<Ast, Problem> {
    let mut parser = Parser::reading(text)?;
    let ast = parser.expr()?;
    parser.skip_spaces();
    if !parser.at_end() {
        return Err(parser.unexpected_after_value());
    }
    Ok(ast)
}

/// Parses a comparison as a modifier writes it after its word (`>=5`, `<=-1`, `=@n`, a bare
/// `6`), alone: what a system file's pool counts its dice by.
pub(crate) fn parse_cmp(text: &str) -> Result<CmpAst, Problem> {
    let mut parser = Parser::reading(text)?;
    let cmp = parser.modifier_cmp(ModKind::CountSuccesses)?;
    parser.skip_spaces();
    match cmp {
        Some(cmp) if parser.at_end() => Ok(cmp),
        Some(_) => Err(parser.unexpected_after_value()),
        None => Err(Problem::at(
            parser.col(),
            "expected a comparison: a sign then a number (>=5, =1, <3), or a bare number (6)",
        )),
    }
}

impl Parser {
    /// A parser at the start of `text`, or the problem of a character no roll may hold.
    fn reading(text: &str) -> Result<Self, Problem> {
        let chars: Vec<char> = text
            .chars()
            .map(|c| if c == '\u{2212}' { '-' } else { c })
            .collect();
        if let Some(place) = chars
            .iter()
            .position(|&c| c.is_control() || crate::text::is_invisible(c))
        {
            let c = chars[place];
            let what = if c.is_control() {
                "a control character"
            } else {
                "an invisible character"
            };
            return Err(Problem::at(
                place + 1,
                format!("{what} (U+{:04X}) cannot be part of a roll", u32::from(c)),
            ));
        }
        let mut parser = Parser {
            chars,
            pos: 0,
            depth: 0,
        };
        parser.skip_spaces();
        if parser.at_end() {
            return Err(Problem::at(1, "write a roll, such as 2d6+3 or 4d6kh3"));
        }
        Ok(parser)
    }
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    depth: usize,
}

type Parsed<T> = Result<T, Problem>;

impl Parser {
    fn col(&self) -> usize {
        self.pos + 1
    }

    fn at_end(&self) -> bool {
        self.pos >= self.chars.len()
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn peek_at(&self, offset: usize) -> Option<char> {
        self.chars.get(self.pos + offset).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    /// Whether `word` (lower case) is written at the current place, in any case.
    fn looks_at(&self, word: &str) -> bool {
        word.chars()
            .enumerate()
            .all(|(i, w)| self.peek_at(i).is_some_and(|c| c.to_ascii_lowercase() == w))
    }

    /// Whether `word` stands here as a whole word (not the start of a longer one).
    fn looks_at_word(&self, word: &str) -> bool {
        self.looks_at(word) && !self.peek_at(word.len()).is_some_and(is_word_char)
    }

    /// Consumes `word` when it stands here as a whole word, after any spaces.
    fn keyword(&mut self, word: &str) -> bool {
        self.skip_spaces();
        if self.looks_at_word(word) {
            self.pos += word.len();
            true
        } else {
            false
        }
    }

    /// Consumes `symbol` when it is written here, after any spaces.
    fn symbol(&mut self, symbol: &str) -> bool {
        self.skip_spaces();
        if self.looks_at(symbol) {
            self.pos += symbol.len();
            true
        } else {
            false
        }
    }

    fn enter(&mut self) -> Parsed<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Problem::at(
                self.col(),
                format!("nested more than {MAX_DEPTH} deep; write it with fewer brackets"),
            ));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn expr(&mut self) -> Parsed<Ast> {
        self.enter()?;
        let ast = self.or();
        self.leave();
        ast
    }

    fn or(&mut self) -> Parsed<Ast> {
        let mut left = self.and()?;
        while self.keyword("or") {
            self.expect_value_after("or")?;
            let right = self.and()?;
            left = binary(BinOp::Or, left, right);
        }
        Ok(left)
    }

    fn and(&mut self) -> Parsed<Ast> {
        let mut left = self.not()?;
        while self.keyword("and") {
            self.expect_value_after("and")?;
            let right = self.not()?;
            left = binary(BinOp::And, left, right);
        }
        Ok(left)
    }

    fn not(&mut self) -> Parsed<Ast> {
        self.skip_spaces();
        let col = self.col();
        if self.keyword("not") {
            self.expect_value_after("not")?;
            self.enter()?;
            let operand = self.not();
            self.leave();
            return Ok(Ast::Not {
                operand: Box::new(operand?),
                col,
            });
        }
        self.cmp()
    }

    fn cmp(&mut self) -> Parsed<Ast> {
        let left = self.sum()?;
        let Some(op) = self.comparison()? else {
            return Ok(left);
        };
        self.expect_value_after(op.symbol())?;
        let right = self.sum()?;
        self.skip_spaces();
        let col = self.col();
        if self.comparison()?.is_some() {
            return Err(Problem::at(
                col,
                "one comparison at a time: a < b < c is not read; write (a < b) and (b < c)",
            ));
        }
        Ok(binary(op, left, right))
    }

    /// A comparison operator of an expression, consumed.
    fn comparison(&mut self) -> Parsed<Option<BinOp>> {
        self.skip_spaces();
        let col = self.col();
        if self.looks_at("==") {
            return Err(Problem::at(col, "did you mean =? Equality is one ="));
        }
        for (text, op) in [
            ("!=", BinOp::Ne),
            ("<=", BinOp::Le),
            (">=", BinOp::Ge),
            ("<", BinOp::Lt),
            (">", BinOp::Gt),
            ("=", BinOp::Eq),
        ] {
            if self.symbol(text) {
                return Ok(Some(op));
            }
        }
        Ok(None)
    }

    fn sum(&mut self) -> Parsed<Ast> {
        let mut left = self.prod()?;
        loop {
            let op = if self.symbol("+") {
                BinOp::Add
            } else if self.symbol("-") {
                BinOp::Sub
            } else {
                return Ok(left);
            };
            self.expect_value_after(op.symbol())?;
            let right = self.prod()?;
            left = binary(op, left, right);
        }
    }

    fn prod(&mut self) -> Parsed<Ast> {
        let mut left = self.unary()?;
        loop {
            let op = if self.symbol("*") {
                BinOp::Mul
            } else if self.symbol("/") {
                BinOp::Div
            } else {
                return Ok(left);
            };
            self.expect_value_after(op.symbol())?;
            let right = self.unary()?;
            left = binary(op, left, right);
        }
    }

    fn unary(&mut self) -> Parsed<Ast> {
        self.skip_spaces();
        let col = self.col();
        if self.symbol("-") {
            self.expect_value_after("-")?;
            self.enter()?;
            let operand = self.unary();
            self.leave();
            return Ok(Ast::Neg {
                operand: Box::new(operand?),
                col,
            });
        }
        self.atom()
    }

    /// Refuses the end of the text, or a character no value starts with, right after `what`.
    fn expect_value_after(&mut self, what: &str) -> Parsed<()> {
        self.skip_spaces();
        match self.peek() {
            Some(c) if starts_value(c) => Ok(()),
            _ => Err(Problem::at(
                self.col(),
                format!("expected a value after {what}: a number, a die such as d6, @name or ("),
            )),
        }
    }

    fn atom(&mut self) -> Parsed<Ast> {
        self.skip_spaces();
        let col = self.col();
        let Some(c) = self.peek() else {
            return Err(Problem::at(
                col,
                "expected a value: a number, a die such as d6, @name or (",
            ));
        };
        if c.is_ascii_digit() {
            let value = self.int()?;
            return self.maybe_pool(Ast::Int { value, col }, col);
        }
        if c == '@' {
            let name = self.name()?;
            return self.maybe_pool(Ast::Name { name, col }, col);
        }
        if c == '(' {
            self.pos += 1;
            let inner = self.expr()?;
            self.close_bracket(col)?;
            return self.maybe_pool(inner, col);
        }
        if self.pool_here() {
            return self.pool(None, col);
        }
        if c.is_ascii_alphabetic() {
            return self.call(col);
        }
        Err(Problem::at(
            col,
            format!(
                "expected a value: a number, a die such as d6, @name or (, not {}",
                shown(c)
            ),
        ))
    }

    fn close_bracket(&mut self, open: usize) -> Parsed<()> {
        if self.symbol(")") {
            return Ok(());
        }
        Err(Problem::at(
            self.col(),
            format!("expected ) to close the ( at column {open}"),
        ))
    }

    /// `min(…)`, `max(…)`, `abs(…)`, `if(…, …, …)`.
    fn call(&mut self, col: usize) -> Parsed<Ast> {
        let start = self.pos;
        while self.peek().is_some_and(is_word_char) {
            self.pos += 1;
        }
        let word: String = self.chars[start..self.pos].iter().collect();
        let func = match word.to_ascii_lowercase().as_str() {
            "min" => Func::Min,
            "max" => Func::Max,
            "abs" => Func::Abs,
            "if" => Func::If,
            "floor" | "ceil" | "round" => {
                return Err(Problem::at(
                    col,
                    format!(
                        "{} is not part of the notation: / already rounds down (7/2 is 3)",
                        crate::text::excerpt(&word)
                    ),
                ))
            }
            _ => {
                return Err(Problem::at(
                    col,
                    format!(
                        "expected a value, not the word \"{}\": the functions are min, max, abs \
                         and if, and a name is written @name",
                        crate::text::excerpt(&word)
                    ),
                ))
            }
        };
        let open = {
            self.skip_spaces();
            self.col()
        };
        if !self.symbol("(") {
            return Err(Problem::at(
                open,
                format!("expected ( after {}", func.name()),
            ));
        }
        let mut args = vec![self.expr()?];
        while self.symbol(",") {
            args.push(self.expr()?);
        }
        self.close_bracket(open)?;
        Ok(Ast::Call { func, args, col })
    }

    /// `COUNT d SIDES`: a count written before a `d` that starts a die makes a pool of it.
    fn maybe_pool(&mut self, count: Ast, col: usize) -> Parsed<Ast> {
        let before = self.pos;
        self.skip_spaces();
        if self.pool_here() {
            return self.pool(Some(count), col);
        }
        self.pos = before;
        Ok(count)
    }

    /// A `d` followed by what a die's sides start with.
    fn pool_here(&self) -> bool {
        self.peek().is_some_and(|c| c.eq_ignore_ascii_case(&'d'))
            && self
                .peek_at(1)
                .is_some_and(|c| c.is_ascii_digit() || matches!(c, '%' | 'f' | 'F' | '{'))
    }

    fn pool(&mut self, count: Option<Ast>, col: usize) -> Parsed<Ast> {
        self.pos += 1; // the d
        let sides_col = self.col();
        let sides = match self.peek() {
            Some('%') => {
                self.pos += 1;
                SidesAst::Percent
            }
            Some('f' | 'F') => {
                self.pos += 1;
                SidesAst::Fate
            }
            Some('{') => {
                self.pos += 1;
                SidesAst::Faces {
                    faces: self.faces()?,
                    col: sides_col,
                }
            }
            _ => SidesAst::Number {
                sides: self.int()?,
                col: sides_col,
            },
        };
        let mods = self.modifiers()?;
        let text: String = self.chars[col - 1..self.pos].iter().collect();
        Ok(Ast::Pool(Box::new(PoolAst {
            count,
            sides,
            mods,
            col,
            text: text.trim().to_string(),
        })))
    }

    /// `{FACE, …}` after its `{`.
    fn faces(&mut self) -> Parsed<Vec<i64>> {
        let mut faces = Vec::new();
        loop {
            self.skip_spaces();
            let negative = self.symbol("-");
            self.skip_spaces();
            if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return Err(Problem::at(
                    self.col(),
                    "expected a face, a whole number such as 2 or -1, in the list of faces",
                ));
            }
            let face = self.int()?;
            faces.push(if negative { -face } else { face });
            if self.symbol("}") {
                return Ok(faces);
            }
            if !self.symbol(",") {
                return Err(Problem::at(
                    self.col(),
                    "expected , or } after a face: faces are listed as d{-1,0,0,1}",
                ));
            }
        }
    }

    fn modifiers(&mut self) -> Parsed<Vec<ModAst>> {
        let mut mods = Vec::new();
        loop {
            let adjacent = self.pos;
            self.skip_spaces();
            let col = self.col();
            if self.looks_at("ro") {
                return Err(Problem::at(
                    col,
                    "did you mean r? Here r rerolls once and rr again and again",
                ));
            }
            let Some(kind) = ModKind::ALL
                .into_iter()
                .find(|kind| self.looks_at(kind.word()))
            else {
                self.suggest_modifier(adjacent == self.pos)?;
                self.pos = adjacent;
                return Ok(mods);
            };
            self.pos += kind.word().len();
            let mut modifier = ModAst {
                kind,
                col,
                count: None,
                cmp: None,
            };
            if kind.takes_count() {
                self.skip_spaces();
                if self.peek().is_some_and(starts_certain) {
                    modifier.count = Some(self.certain()?);
                }
            } else {
                modifier.cmp = self.modifier_cmp(kind)?;
                if kind.needs_comparison() && modifier.cmp.is_none() {
                    return Err(Problem::at(
                        self.col(),
                        format!(
                            "{} needs a comparison: {}>=8 counts the dice showing 8 or more",
                            kind.word(),
                            kind.word()
                        ),
                    ));
                }
            }
            if self.looks_at("..") {
                return Err(Problem::at(
                    self.col(),
                    format!(
                        "a modifier takes one comparison, not a range: {0}>=5 is 5 and up, \
                         {0}<=2 is 2 and down",
                        kind.word()
                    ),
                ));
            }
            mods.push(modifier);
        }
    }

    /// After a pool: the habits of other tools that are not modifiers here.
    fn suggest_modifier(&self, adjacent: bool) -> Parsed<()> {
        let col = self.col();
        let next_is_number = self.peek_at(1).is_some_and(starts_certain);
        let lower = self.peek().map(|c| c.to_ascii_lowercase());
        let suggestion = match lower {
            Some('k') if next_is_number => Some(format!(
                "did you mean kh{0}? kh{0} keeps the highest, kl{0} the lowest",
                number_text(&self.chars[self.pos + 1..])
            )),
            Some('d') if adjacent && next_is_number => Some(format!(
                "did you mean dl{0}? dl{0} drops the lowest, dh{0} the highest",
                number_text(&self.chars[self.pos + 1..])
            )),
            Some('!') if adjacent => {
                Some("did you mean x? Dice explode with x (x, x>=5, xo)".into())
            }
            _ => None,
        };
        match suggestion {
            Some(message) => Err(Problem::at(col, message)),
            None => Ok(()),
        }
    }

    /// A modifier's comparison: a sign then a value (`>=5`, `<=-1`), a bare value (`=`), or
    /// nothing. A minus belongs to the value only right after a sign: `2d6x-1` subtracts 1.
    fn modifier_cmp(&mut self, kind: ModKind) -> Parsed<Option<CmpAst>> {
        let before = self.pos;
        self.skip_spaces();
        let col = self.col();
        if self.looks_at("!=") || self.looks_at("==") {
            return Err(Problem::at(
                col,
                format!(
                    "{} compares with =, <, <=, > or >= (a bare number is =)",
                    kind.word()
                ),
            ));
        }
        let sign = [
            ("<=", CmpSign::Le),
            (">=", CmpSign::Ge),
            ("<", CmpSign::Lt),
            (">", CmpSign::Gt),
            ("=", CmpSign::Eq),
        ]
        .into_iter()
        .find(|(text, _)| self.looks_at(text));
        let Some((text, sign)) = sign else {
            if self.peek().is_some_and(starts_certain) {
                let value = self.certain()?;
                return Ok(Some(CmpAst {
                    sign: CmpSign::Eq,
                    negative: false,
                    value,
                }));
            }
            self.pos = before;
            return Ok(None);
        };
        self.pos += text.len();
        self.skip_spaces();
        let negative = self.symbol("-");
        self.skip_spaces();
        if !self.peek().is_some_and(starts_certain) {
            return Err(Problem::at(
                self.col(),
                format!(
                    "expected a number after {}{}: a whole number, @name or (",
                    kind.word(),
                    text
                ),
            ));
        }
        let value = self.certain()?;
        Ok(Some(CmpAst {
            sign,
            negative,
            value,
        }))
    }

    /// A modifier's number: `INT | @NAME | ( expr )` (checked to hold no dice later).
    fn certain(&mut self) -> Parsed<Ast> {
        let col = self.col();
        match self.peek() {
            Some('@') => Ok(Ast::Name {
                name: self.name()?,
                col,
            }),
            Some('(') => {
                self.pos += 1;
                let inner = self.expr()?;
                self.close_bracket(col)?;
                Ok(inner)
            }
            _ => Ok(Ast::Int {
                value: self.int()?,
                col,
            }),
        }
    }

    fn int(&mut self) -> Parsed<i64> {
        let col = self.col();
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(Problem::at(col, "expected a whole number"));
        }
        let digits: String = self.chars[start..self.pos].iter().collect();
        match digits.parse::<i64>() {
            Ok(value) if value <= MAX_INT => Ok(value),
            _ => Err(Problem::at(
                col,
                format!(
                    "{} is past 2^53 ({MAX_INT}), the largest number the notation takes",
                    crate::text::excerpt(&digits)
                ),
            )),
        }
    }

    fn name(&mut self) -> Parsed<String> {
        self.pos += 1; // the @
        let start = self.pos;
        if self
            .peek()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        {
            while self.peek().is_some_and(is_word_char) {
                self.pos += 1;
            }
        }
        if start == self.pos {
            return Err(Problem::at(
                self.col(),
                "expected a name after @: a letter or _, then letters, digits and _",
            ));
        }
        Ok(self.chars[start..self.pos].iter().collect())
    }

    /// What follows a whole value when no operator does.
    fn unexpected_after_value(&self) -> Problem {
        let col = self.col();
        let c = self.peek().unwrap_or(' ');
        if c == ')' {
            return Problem::at(col, "this ) closes no (");
        }
        if c == ',' {
            return Problem::at(col, "a , separates the values of min, max or if only");
        }
        Problem::at(
            col,
            format!(
                "expected an operator (+ - * / or a comparison) or the end, not {}",
                shown(c)
            ),
        )
    }
}

fn binary(op: BinOp, left: Ast, right: Ast) -> Ast {
    let col = left.col();
    Ast::Binary {
        op,
        left: Box::new(left),
        right: Box::new(right),
        col,
    }
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether a value can start with `c` (a number, a name, a bracket, a sign, a die or a word).
fn starts_value(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '@' | '(' | '-')
}

/// Whether a modifier's number can start with `c`.
fn starts_certain(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '@' | '(')
}

/// The number written at the start of `rest`, for a suggestion (`3` of `k3`).
fn number_text(rest: &[char]) -> String {
    let digits: String = rest.iter().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        "N".into()
    } else {
        crate::text::excerpt(&digits)
    }
}

/// A character as a message shows it: quoted, or its code point when it would not show.
fn shown(c: char) -> String {
    if c.is_ascii_graphic() {
        format!("'{c}'")
    } else {
        format!("U+{:04X}", u32::from(c))
    }
}
