//! An encounter named on the command line (by name within --roster, or by id), shared by the
//! encounter, plan, visibility and players subcommands.

use clap::Args;
use rollbook_roster::{Encounter, Store};

use super::store;
use super::Failure;

/// An encounter by name within --roster, or by id.
#[derive(Debug, Args)]
pub struct Which {
    /// The roster (name or id); needed when the encounter is given by name.
    #[arg(long, value_name = "NAME")]
    roster: Option<String>,
    /// The encounter (name or id).
    encounter: String,
}

impl Which {
    pub(crate) fn find(&self, store: &Store) -> Result<Encounter, Failure> {
        let roster = self
            .roster
            .as_deref()
            .map(|r| store::roster(store, r))
            .transpose()?;
        Ok(store.find_encounter(roster.map(|r| r.id), &self.encounter)?)
    }
}
