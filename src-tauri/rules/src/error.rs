//! The one error type of the rules crate: every message names the field at fault.

use crate::app_limits::grouped;

/// Why a roll request (or a house-rules table) was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The text is not JSON, or not a JSON object / array of objects.
    #[error("{message}")]
    Malformed { message: String },
    /// A field is missing its meaning: out of range, of the wrong type, unknown or inconsistent.
    #[error("{field}: {message}")]
    Invalid { field: String, message: String },
    /// A house-rules table (the stunt levels and chart) is not usable.
    #[error("house rules: {field}: {message}")]
    HouseRules { field: String, message: String },
    /// An array of more than [`crate::MAX_REQUESTS`] requests: refused as soon as the count is
    /// passed, before the rest is read.
    #[error("the array holds more than {} requests; one call takes at most {} (split it into several calls)", grouped(*.limit), grouped(*.limit))]
    TooManyRequests { limit: usize },
    /// Dice by hand: the roll reads more dice than were given. `sides` are the dice still
    /// needed as far as the faces given (and 1s after them) take the roll; a die that explodes or
    /// rolls again asks for more once it is typed in.
    #[error("dice: {} more {} needed after the {given} given: {}", .sides.len(), if .sides.len() == 1 { "die is" } else { "dice are" }, dice_list(.sides))]
    DiceMissing { given: usize, sides: Vec<u32> },

    /// Cards from a real deck: the move draws fate cards past the cards typed.
    #[error("cards: {wanted} more {} to type: the fate {} drawn ({given} typed so far)", if *.wanted == 1 { "card" } else { "cards" }, if *.wanted == 1 { "card" } else { "cards" })]
    CardsMissing { given: usize, wanted: usize },

    /// Dice by hand: more faces were given than the roll reads.
    #[error("dice: the roll reads {read} {}; {left_over} left over", if *.read == 1 { "die" } else { "dice" })]
    DiceLeftOver { read: usize, left_over: usize },

    /// Request text longer than [`crate::MAX_REQUEST_BYTES`]: refused before it is parsed.
    #[error("the request text is over the limit of {} MiB ({} bytes); send fewer requests at a time", .limit / (1024 * 1024), grouped(*.limit))]
    RequestTooLarge { limit: usize },

    /// A batch whose odds would take more than [`crate::MAX_BATCH_WORK`] ([`check_work`]):
    /// refused before any is worked out.
    ///
    /// [`check_work`]: crate::check_work
    #[error("these {} requests ask for {} units of work (about a microsecond each); one call does at most {} (the limit batch_work): split them into several calls", grouped(*.requests), grouped(*.work as usize), grouped(*.limit as usize))]
    TooMuchWork {
        requests: usize,
        work: u64,
        limit: u64,
    },
}

/// "a d12, a d12 and a d6": the dice still needed, in the order they are read.
fn dice_list(sides: &[u32]) -> String {
    let names: Vec<String> = sides.iter().map(|s| format!("a d{s}")).collect();
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => String::new(),
    }
}

impl RulesError {
    /// A stable, machine-readable code for the IPC boundary (`{code, message}`).
    pub fn code(&self) -> &'static str {
        match self {
            Self::Malformed { .. } => "malformed_request",
            Self::Invalid { .. } => "invalid_request",
            Self::HouseRules { .. } => "invalid_house_rules",
            Self::TooManyRequests { .. } => "too_many_requests",
            Self::RequestTooLarge { .. } => "request_too_large",
            Self::TooMuchWork { .. } => "too_much_work",
            Self::DiceMissing { .. } => "dice_missing",
            Self::CardsMissing { .. } => "cards_missing",
            Self::DiceLeftOver { .. } => "dice_left_over",
        }
    }

    pub(crate) fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::Invalid {
            field: field.into(),
            message: message.into(),
        }
    }

    pub(crate) fn malformed(message: impl Into<String>) -> Self {
        Self::Malformed {
            message: message.into(),
        }
    }

    /// The request field at fault, for an invalid request (`system`, `[2].roll`).
    pub fn field(&self) -> Option<&str> {
        match self {
            Self::Invalid { field, .. } => Some(field),
            _ => None,
        }
    }

    /// The same error, located inside element `index` of a batch of requests.
    pub fn at_index(self, index: usize) -> Self {
        match self {
            Self::Malformed { message } => Self::Malformed {
                message: format!("[{index}]: {message}"),
            },
            Self::Invalid { field, message } => Self::Invalid {
                field: format!("[{index}].{field}"),
                message,
            },
            other => other,
        }
    }
}

/// Rewrites serde's wording (`expected i64`) into words a game master reads without a manual.
pub(crate) fn plain_serde_message(message: &str) -> String {
    let message = message
        .replace("expected i64", "expected a whole number")
        .replace("expected a boolean", "expected true or false");
    // serde appends " at line L column C" to JSON errors; the field path already locates it.
    let message = match message.find(" at line ") {
        Some(pos) => &message[..pos],
        None => &message,
    };
    // serde quotes an unknown field and a refused string whole.
    crate::text::excerpt_quoted(message)
}
