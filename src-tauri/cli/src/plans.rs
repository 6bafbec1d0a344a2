//! `rollbook encounter plan …`, `encounter duplicate` and `encounter new --from PLAN`: fights
//! prepared ahead (issue 27), the same store calls as the window's Save as plan, Start and
//! Duplicate.

use clap::Subcommand;
use rollbook_roster::{Encounter, EncounterPlan, Roster, Store};

use super::store::{self, Open};
use super::text_table::{self, Table};
use super::which::Which;
use super::{output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook encounter plan save --roster Crew Airlock --as \"Airlock ambush\" --notes \"Sniper on the gantry\"
  rollbook encounter plan list --roster Crew
  rollbook encounter new --roster Crew \"Airlock, take two\" --from \"Airlock ambush\"
  rollbook encounter duplicate --roster Crew Airlock
  rollbook encounter plan delete --roster Crew \"Airlock ambush\"";

#[derive(Debug, Subcommand)]
pub enum PlanCommand {
    /// Save an encounter's participants (in order, copies, quick NPCs with their numbers, who
    /// is hidden) as a plan of its roster.
    #[command(after_help = EXAMPLES)]
    Save {
        #[command(flatten)]
        which: Which,
        /// The plan's name (default: the encounter's).
        #[arg(long = "as", value_name = "NAME")]
        name: Option<String>,
        /// The GM's notes on the fight.
        #[arg(long, value_name = "TEXT", default_value = "")]
        notes: String,
    },
    /// List a roster's plans.
    #[command(after_help = EXAMPLES)]
    List {
        #[arg(long, value_name = "NAME")]
        roster: String,
    },
    /// Delete a plan (encounters started from it stay).
    #[command(after_help = EXAMPLES)]
    Delete {
        #[arg(long, value_name = "NAME")]
        roster: String,
        /// The plan (name or id).
        plan: String,
    },
}

pub fn run(command: PlanCommand, global: &Global) -> Result<(), Failure> {
    match command {
        PlanCommand::Save { which, name, notes } => {
            let mut store = store::open(global, Open::Existing)?;
            let e = which.find(&store)?;
            let plan = store.save_plan(e.id, name.as_deref(), &notes)?;
            if global.json {
                return output::json(&plan);
            }
            output::text(&format!(
                "Saved the plan \"{}\": {} participants ({})\n",
                plan.name,
                plan.contents.participants.len(),
                plan.id
            ))
        }
        PlanCommand::List { roster } => {
            let store = store::open(global, Open::Read)?;
            let roster = store::roster(&store, &roster)?;
            // A plan that does not read is told apart, after the others.
            let listed = store.plans_readable(roster.id)?;
            print_plans(global, &roster, &listed.read, listed.damaged.is_empty())?;
            Failure::unless_damaged(listed.damaged)
        }
        PlanCommand::Delete { roster, plan } => {
            let mut store = store::open(global, Open::Existing)?;
            let roster = store::roster(&store, &roster)?;
            let plan = store.find_plan(roster.id, &plan)?;
            store.delete_plan(plan.id)?;
            output::text(&format!("Deleted the plan \"{}\"\n", plan.name))
        }
    }
}

fn print_plans(
    global: &Global,
    roster: &Roster,
    plans: &[EncounterPlan],
    whole: bool,
) -> Result<(), Failure> {
    if global.json {
        return output::json(&plans);
    }
    if plans.is_empty() {
        return match whole {
            true => output::text(&format!("\"{}\" has no plans yet.\n", roster.name)),
            false => Ok(()),
        };
    }
    let mut list = Table::new(["NAME", "PARTICIPANTS", "NOTES", "SAVED", "ID"]);
    for p in plans {
        list.row([
            p.name.clone(),
            p.contents.participants.len().to_string(),
            p.contents.notes.clone(),
            text_table::local_time(p.updated_at),
            p.id.to_string(),
        ]);
    }
    output::text(&list.render())
}

/// `encounter new --from PLAN`: the plan started as a new encounter named `name`.
pub fn start(
    store: &mut Store,
    roster: &Roster,
    plan: &str,
    name: &str,
) -> Result<Encounter, Failure> {
    let plan = store.find_plan(roster.id, plan)?;
    Ok(store.start_plan(plan.id, Some(name))?)
}

/// `encounter duplicate`: the same participants in a new encounter, round 1.
pub fn duplicate(which: &Which, name: Option<&str>, global: &Global) -> Result<(), Failure> {
    let mut store = store::open(global, Open::Existing)?;
    let e = which.find(&store)?;
    let copy = store.duplicate_encounter(e.id, name)?;
    if global.json {
        return output::json(&copy);
    }
    output::text(&format!(
        "Started \"{}\": {} participants ({})\n",
        copy.state.name,
        copy.state.order.len(),
        copy.id
    ))
}
