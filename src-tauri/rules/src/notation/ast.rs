//! An expression as written (DICE.md's grammar), before names are given values and ranges are
//! checked. Every node keeps the column it starts at, so a later problem can point there.

/// A binary operator, from the loosest (`or`) to the tightest (`*`, `/`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Mul,
    Div,
}

impl BinOp {
    /// Whether it compares its sides (giving 1 or 0).
    pub fn compares(self) -> bool {
        matches!(
            self,
            Self::Eq | Self::Ne | Self::Lt | Self::Le | Self::Gt | Self::Ge
        )
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Self::Or => "or",
            Self::And => "and",
            Self::Eq => "=",
            Self::Ne => "!=",
            Self::Lt => "<",
            Self::Le => "<=",
            Self::Gt => ">",
            Self::Ge => ">=",
            Self::Add => "+",
            Self::Sub => "-",
            Self::Mul => "*",
            Self::Div => "/",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Func {
    Min,
    Max,
    Abs,
    If,
}

impl Func {
    pub fn name(self) -> &'static str {
        match self {
            Self::Min => "min",
            Self::Max => "max",
            Self::Abs => "abs",
            Self::If => "if",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Ast {
    Int {
        value: i64,
        col: usize,
    },
    Name {
        name: String,
        col: usize,
    },
    Pool(Box<PoolAst>),
    Neg {
        operand: Box<Ast>,
        col: usize,
    },
    Not {
        operand: Box<Ast>,
        col: usize,
    },
    Binary {
        op: BinOp,
        left: Box<Ast>,
        right: Box<Ast>,
        col: usize,
    },
    Call {
        func: Func,
        args: Vec<Ast>,
        col: usize,
    },
}

impl Ast {
    /// The column the node starts at (1-based, in characters).
    pub fn col(&self) -> usize {
        match self {
            Self::Int { col, .. }
            | Self::Name { col, .. }
            | Self::Neg { col, .. }
            | Self::Not { col, .. }
            | Self::Call { col, .. } => *col,
            Self::Binary { left, .. } => left.col(),
            Self::Pool(pool) => pool.col,
        }
    }
}

/// `[COUNT] d SIDES {modifier}` as written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PoolAst {
    pub count: Option<Ast>,
    pub sides: SidesAst,
    pub mods: Vec<ModAst>,
    /// Where the pool starts (its count, or its `d`).
    pub col: usize,
    /// The pool as typed, spaces trimmed: what a die by hand and the roll's detail call it.
    pub text: String,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum SidesAst {
    Number { sides: i64, col: usize },
    Percent,
    Fate,
    Faces { faces: Vec<i64>, col: usize },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ModKind {
    KeepHighest,
    KeepLowest,
    DropHighest,
    DropLowest,
    Reroll,
    RerollAgain,
    Explode,
    ExplodeOnce,
    CountSuccesses,
    DeductFailures,
}

impl ModKind {
    pub fn word(self) -> &'static str {
        match self {
            Self::KeepHighest => "kh",
            Self::KeepLowest => "kl",
            Self::DropHighest => "dh",
            Self::DropLowest => "dl",
            Self::Reroll => "r",
            Self::RerollAgain => "rr",
            Self::Explode => "x",
            Self::ExplodeOnce => "xo",
            Self::CountSuccesses => "cs",
            Self::DeductFailures => "df",
        }
    }

    /// Every modifier word, longest first where one begins another (`rr` before `r`).
    pub const ALL: [ModKind; 10] = [
        Self::KeepHighest,
        Self::KeepLowest,
        Self::DropHighest,
        Self::DropLowest,
        Self::RerollAgain,
        Self::Reroll,
        Self::ExplodeOnce,
        Self::Explode,
        Self::CountSuccesses,
        Self::DeductFailures,
    ];

    pub fn takes_count(self) -> bool {
        matches!(
            self,
            Self::KeepHighest | Self::KeepLowest | Self::DropHighest | Self::DropLowest
        )
    }

    pub fn needs_comparison(self) -> bool {
        matches!(self, Self::CountSuccesses | Self::DeductFailures)
    }
}

/// A comparison sign of a modifier (`x>=5`); a bare value is `=`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CmpSign {
    Eq,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpSign {
    pub fn symbol(self) -> &'static str {
        match self {
            Self::Eq => "=",
            Self::Lt => "<",
            Self::Le => "<=",
            Self::Gt => ">",
            Self::Ge => ">=",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CmpAst {
    pub sign: CmpSign,
    /// A minus written right after the sign (`cs<=-1`).
    pub negative: bool,
    pub value: Ast,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ModAst {
    pub kind: ModKind,
    pub col: usize,
    /// `khN`'s N, when written.
    pub count: Option<Ast>,
    /// `x>=5`'s comparison, when written.
    pub cmp: Option<CmpAst>,
}

impl Ast {
    /// Every `@name` the expression uses, each once, in the order first written: what the
    /// window offers a value field for.
    pub fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        self.collect_names(&mut names);
        names
    }

    fn collect_names(&self, names: &mut Vec<String>) {
        match self {
            Self::Int { .. } => {}
            Self::Name { name, .. } => {
                if !names.contains(name) {
                    names.push(name.clone());
                }
            }
            Self::Neg { operand, .. } | Self::Not { operand, .. } => operand.collect_names(names),
            Self::Binary { left, right, .. } => {
                left.collect_names(names);
                right.collect_names(names);
            }
            Self::Call { args, .. } => args.iter().for_each(|a| a.collect_names(names)),
            Self::Pool(pool) => {
                if let Some(count) = &pool.count {
                    count.collect_names(names);
                }
                for modifier in &pool.mods {
                    if let Some(count) = &modifier.count {
                        count.collect_names(names);
                    }
                    if let Some(cmp) = &modifier.cmp {
                        cmp.value.collect_names(names);
                    }
                }
            }
        }
    }
}
