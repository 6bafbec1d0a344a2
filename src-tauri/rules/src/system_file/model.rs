//! What a system file declares, once read and checked (`format`): the shape the odds
//! (`odds`), the roster's sheets and the table read. Every expression here is text in the dice
//! notation (`../shared/DICE.md`), already checked to read and to use only names that exist
//! where it stands; `@name` reads a roll field, a sheet value, a derived value, a house-rule
//! number or a `let` of the roll (the names are one namespace per roll kind: a clash is a
//! problem of the file).

/// A checked system file.
#[derive(Debug, Clone, PartialEq)]
pub struct SystemFile {
    /// The file format's own version (`format = 1`).
    pub format: u32,
    /// `[a-z][a-z0-9-]*`, at most 40 characters: how rosters and requests name it
    /// (`"system": "file-genre"`).
    pub id: String,
    /// The system's own version: a changed file is a new version (rosters keep theirs).
    pub version: u32,
    pub name: String,
    pub summary: String,
    /// The sheet, in the order written.
    pub sheet: Vec<SheetField>,
    /// Values computed from the sheet (no dice), in an order where each reads only earlier ones.
    pub derived: Vec<DerivedValue>,
    /// Numbers a roster may house-rule, each readable as `@name` in every roll.
    pub house_numbers: Vec<HouseNumber>,
    /// Rulings shown where the five show theirs.
    pub rulings: Vec<String>,
    pub rolls: Vec<RollKind>,
    /// The table: what a participant tracks and how turn order is found.
    pub table: TableDecl,
    /// The file's text as read: what a roster file carries so that the roster opens anywhere
    /// (FORMAT.md, "Systems from files").
    pub source: String,
    /// A blank sheet's values, worked out once (every Quick roll of the file reads them).
    pub(crate) blank: super::kept::BlankSheet,
    /// Where each roll kind's values sit, worked out once per kind.
    pub(crate) layouts: super::kept::KindLayouts,
}

/// One part of the sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetField {
    /// `[a-z_][a-z0-9_]*`: the `@name` rolls and derived values read.
    pub name: String,
    pub label: String,
    pub help: String,
    pub kind: SheetFieldKind,
    /// Shown on the players' view.
    pub public: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SheetFieldKind {
    Number {
        min: i64,
        max: i64,
        default: i64,
    },
    /// A list of named ratings (skills): each within `min..=max`; their sum at most `budget`;
    /// at least `min_count` of them. `@name` of the list is not a value; a roll field filled
    /// from it takes one rating's value.
    Ratings {
        min: i64,
        max: i64,
        default: i64,
        budget: Option<i64>,
        min_count: u32,
        max_count: u32,
        suggested: Vec<String>,
    },
    /// A tracker (hp, stress, ammo): `0..=max`, `max` an expression over the sheet (no dice).
    Tracker {
        max: String,
        default: TrackerStart,
    },
    Check {
        default: bool,
    },
    Choice {
        choices: Vec<String>,
        default: String,
    },
    Text {
        max_chars: u32,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum TrackerStart {
    /// Starts full (at its maximum).
    Full,
    Empty,
}

/// `name = "expression"`: a value computed from the sheet (no dice).
#[derive(Debug, Clone, PartialEq)]
pub struct DerivedValue {
    pub name: String,
    pub label: String,
    pub expr: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct HouseNumber {
    pub name: String,
    pub label: String,
    pub min: i64,
    pub max: i64,
    pub default: i64,
}

/// A roll kind: the fields a request gives, the dice it rolls and how they read.
#[derive(Debug, Clone, PartialEq)]
pub struct RollKind {
    /// `[a-z_][a-z0-9_]*`, unique in the file (the request's `"roll"`).
    pub id: String,
    pub name: String,
    pub summary: String,
    pub rulings: Vec<String>,
    pub fields: Vec<RollField>,
    /// The random values, each independent of the others, in the order written. Their odds
    /// are worked out once each and read together.
    pub lets: Vec<Let>,
    pub reading: Reading,
    /// Events that happen alongside the outcome (`Odds::events`), each a condition.
    pub events: Vec<Condition>,
    /// Requests the kind refuses, each a condition over what is known before the roll (its
    /// fields, the sheet, derived and house values), checked in order.
    pub refusals: Vec<Refusal>,
}

/// `{ when = "@grunt > 0 and @bust_a_nut", field = "grunt", message = "…" }`: a request for
/// which `when` holds (is not 0) is refused at `field` with `message`.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub when: String,
    /// A field of the kind: where the refusal is told.
    pub field: String,
    pub message: String,
}

/// A field of a request (RULES.md, "Roll requests"): a number, yes/no, or a choice.
#[derive(Debug, Clone, PartialEq)]
pub struct RollField {
    pub name: String,
    pub label: String,
    pub help: String,
    pub kind: RollFieldKind,
    /// When rolled from a sheet: the sheet value or the rating list that fills it
    /// (`"skills"`: the GM picks one rating; `"might"`: that number).
    pub from_sheet: Option<String>,
    /// When rolled at the table against another participant: the sheet value or rating list of
    /// the other participant's sheet that fills it (a kind with one is an opposed kind).
    pub from_opponent: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum RollFieldKind {
    Int {
        min: i64,
        max: i64,
        default: i64,
    },
    /// Read as 1 or 0 in expressions.
    Bool {
        default: bool,
    },
    /// Read in expressions as the chosen option's `value`.
    Choice {
        options: Vec<ChoiceOption>,
        default: String,
    },
    /// A list of whole numbers, each within `min..=max`, at most `max_items` of them (a
    /// group's levels). `@name` reads how many it holds; a let's `each` reads its items.
    List {
        min: i64,
        max: i64,
        max_items: u32,
        default: Vec<i64>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceOption {
    pub name: String,
    pub value: i64,
}

/// A random value of a roll kind: `@name` in its reading.
#[derive(Debug, Clone, PartialEq)]
pub struct Let {
    pub name: String,
    pub what: LetKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum LetKind {
    /// A dice expression (any of DICE.md): one integer.
    Roll { expr: String },
    /// One pool read several ways at once (the same dice): `count` dice of `die` (a pool
    /// without a count and without modifiers: `d6`, `d10`, `dF`, `d{0,1,1,2}`), and each stat
    /// a name of its own in the reading (`hits` = how many show 5+, `ones`, `top`).
    Pool {
        count: String,
        die: String,
        stats: Vec<PoolStat>,
    },
    /// `count` rolled once per item of the list field `list` (`@item` reads the item), in
    /// the list's order: how many of the rolls came to other than 0 (held, for a condition).
    Each { list: String, count: String },
}

#[derive(Debug, Clone, PartialEq)]
pub struct PoolStat {
    pub name: String,
    pub what: PoolStatKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PoolStatKind {
    Sum,
    /// The highest face (a pool of 0 dice: 0).
    Highest,
    /// The lowest face (a pool of 0 dice: 0).
    Lowest,
    /// How many dice meet the comparison, DICE.md's CMP (`>=5`, `=1`, `6`).
    Count {
        cmp: String,
    },
}

/// How a roll reads: a number against a target, or named outcomes.
#[derive(Debug, Clone, PartialEq)]
pub enum Reading {
    /// The outcome is `value` (no dice beyond the lets'; dice allowed when the kind has no
    /// lets); success when it reaches `target`. Odds keyed by the integer values, with
    /// `target` and `mean`.
    Number { value: String, target: String },
    /// The outcomes in order: the first whose condition holds is the outcome (the last may
    /// have none: otherwise). `value`, if given, is readable as `@value` in the conditions
    /// (and may hold dice when the kind has no lets). Odds keyed by outcome name, with
    /// `succeeding`.
    Named {
        value: Option<String>,
        outcomes: Vec<NamedOutcome>,
        /// The outcomes from worst to best (their places in `outcomes`), when the file ranks
        /// them (`ranked`): the odds list them so, and a roll's luck is read so. `None`: the
        /// failing ones below the succeeding ones, each as written.
        ranked: Option<Vec<usize>>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct NamedOutcome {
    /// The name, or how it is spelled from the roll: text with expressions in braces
    /// (`"spend_{4 * @short}"`, [`super::spelled`]); the odds add up outcomes by the name
    /// they spell.
    pub name: String,
    /// A condition (an expression: true when not 0); `None`: otherwise (only the last).
    pub when: Option<String>,
    pub success: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    pub name: String,
    pub when: String,
}

/// What the table keeps of a participant of this system.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TableDecl {
    /// The roll kind rolled for turn order (its value, highest first); `None`: typed by the GM.
    pub initiative: Option<String>,
    /// The sheet trackers the table changes in place (their names).
    pub trackers: Vec<String>,
}
