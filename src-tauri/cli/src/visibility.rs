//! `rollbook encounter hide|reveal`: what the players see of a participant (issue 14). Each is
//! the table action `set_visibility`, logged and undone like any other; the players' view
//! (`rollbook players`, the window's players' view) follows it.

use clap::{Args, ValueEnum};
use rollbook_roster::{Encounter, HealthShown, TableAction, Visibility};

use super::store::{self, Open};
use super::table_report::report;
use super::which::Which;
use super::{Failure, Global};

#[derive(Debug, Args)]
pub struct HideArgs {
    #[command(flatten)]
    which: Which,
    /// The participant (name or id, as `rollbook encounter show` lists them).
    participant: String,
}

#[derive(Debug, Args)]
pub struct RevealArgs {
    #[command(flatten)]
    which: Which,
    /// The participant (name or id, as `rollbook encounter show` lists them).
    participant: String,
    /// Show them under this name instead of their own ("Masked figure").
    #[arg(long, value_name = "NAME", conflicts_with = "own_name")]
    alias: Option<String>,
    /// Show them under their own name again (drops an alias).
    #[arg(long)]
    own_name: bool,
    /// How the players see their health: as numbers, in words (unhurt, hurt, bloodied, down),
    /// not at all, or the default (PCs numbers, NPCs words).
    #[arg(long, value_enum, value_name = "HOW")]
    health: Option<HealthArg>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum HealthArg {
    Numbers,
    Words,
    Hidden,
    Default,
}

impl HealthArg {
    fn shown(self) -> Option<HealthShown> {
        match self {
            HealthArg::Numbers => Some(HealthShown::Numbers),
            HealthArg::Words => Some(HealthShown::Words),
            HealthArg::Hidden => Some(HealthShown::Hidden),
            HealthArg::Default => None,
        }
    }
}

/// Hides a participant from the players until revealed.
pub fn hide(args: HideArgs, global: &Global) -> Result<(), Failure> {
    set(&args.which, &args.participant, global, |visibility| {
        visibility.hidden = true;
    })
}

/// Shows a participant to the players, under an alias or their own name, with their health
/// as the GM says.
pub fn reveal(args: RevealArgs, global: &Global) -> Result<(), Failure> {
    set(&args.which, &args.participant, global, |visibility| {
        visibility.hidden = false;
        if let Some(alias) = &args.alias {
            visibility.alias = Some(alias.clone());
        }
        if args.own_name {
            visibility.alias = None;
        }
        if let Some(health) = args.health {
            visibility.health = health.shown();
        }
    })
}

fn set(
    which: &Which,
    participant: &str,
    global: &Global,
    change: impl FnOnce(&mut Visibility),
) -> Result<(), Failure> {
    let mut store = store::open(global, Open::Existing)?;
    let e = which.find(&store)?;
    let participant_id = participant_id(&e, participant)?;
    let mut visibility = e.state.visibility_of(participant_id);
    change(&mut visibility);
    let action = TableAction::SetVisibility {
        participant_id,
        visibility,
    };
    let play = store.play(e.id, &action, None)?;
    report(&[play], global)
}

/// A participant by id, or by name (case-insensitive; two of the same name must be named by id).
pub(crate) fn participant_id(e: &Encounter, wanted: &str) -> Result<uuid::Uuid, Failure> {
    let wanted = wanted.trim();
    if let Some(p) = e.state.order.iter().find(|p| p.id.to_string() == wanted) {
        return Ok(p.id);
    }
    let named: Vec<_> = e
        .state
        .order
        .iter()
        .filter(|p| p.name.eq_ignore_ascii_case(wanted))
        .collect();
    match named.as_slice() {
        [one] => Ok(one.id),
        [] => Err(Failure::BadInput(format!(
            "nobody called \"{wanted}\" is in \"{}\"; `rollbook encounter show` lists who is",
            e.state.name
        ))),
        _ => Err(Failure::BadInput(format!(
            "{} participants of \"{}\" are called \"{wanted}\"; name one by its id \
             (`rollbook encounter show` lists them)",
            named.len(),
            e.state.name
        ))),
    }
}
