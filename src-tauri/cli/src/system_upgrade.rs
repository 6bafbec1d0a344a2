//! `rollbook system upgrade --roster R [--to N] [--yes]`: a roster moved to another held
//! version of its file system (the newest by default). Without `--yes` it prints what would
//! change for each character and changes nothing; with it the roster crate takes a snapshot and
//! makes the change (`operations::system_upgrade`, the window's Upgrade makes the same call).
//! A value the new version refuses or no longer declares is kept on the sheet, marked.

use clap::Args;
use rollbook_roster::operations::system_upgrade::{self, UpgradePreview};
use rollbook_roster::{ChangeKind, SheetChange};
use rollbook_rules::text::safe_line;

use super::store::{self, Open};
use super::{output, Failure, Global};

#[derive(Debug, Args)]
pub struct UpgradeArgs {
    /// The roster (name or id).
    #[arg(long, value_name = "NAME")]
    roster: String,
    /// The version to move to (the newest held by default; an older one goes back).
    #[arg(long, value_name = "N")]
    to: Option<u32>,
    /// Yes, upgrade: without it the changes are printed and nothing is changed.
    #[arg(long)]
    yes: bool,
}

pub fn run(args: UpgradeArgs, global: &Global) -> Result<(), Failure> {
    if !args.yes {
        let store = store::open(global, Open::Read)?;
        let roster = store::roster(&store, &args.roster)?;
        let preview = system_upgrade::preview(&store, roster.id, args.to)?;
        if global.json {
            return output::json(&preview);
        }
        return output::text(&format!(
            "{}Nothing was changed: add --yes to upgrade (a snapshot is taken first).\n",
            told(&preview)
        ));
    }
    let mut store = store::open(global, Open::Existing)?;
    let roster = store::roster(&store, &args.roster)?;
    let done = system_upgrade::apply(&mut store, roster.id, args.to)?;
    if global.json {
        return output::json(&done);
    }
    let kept = done
        .upgrade
        .characters
        .iter()
        .flat_map(|c| &c.changes)
        .any(|c| matches!(c.kind, ChangeKind::Removed | ChangeKind::Refused));
    let note = if kept {
        " Values kept aside are on each sheet under \"kept-by-upgrade\" until you remove them."
    } else {
        ""
    };
    output::text(&format!(
        "{}Upgraded (a snapshot was taken first).{note}\n",
        told(&done.upgrade)
    ))
}

/// The upgrade in lines: the roster and versions, the declarations' changes, each character's.
fn told(preview: &UpgradePreview) -> String {
    let mut out = format!(
        "{}: {} version {} → {} ({})\n",
        safe_line(&preview.roster),
        safe_line(&preview.system),
        preview.from,
        preview.to,
        safe_line(&preview.name)
    );
    if !preview.declared.is_empty() {
        out.push_str("Sheet parts:\n");
        push_changes(&mut out, &preview.declared);
    }
    for character in &preview.characters {
        let trash = if character.in_trash {
            " (in the trash)"
        } else {
            ""
        };
        out.push_str(&format!("{}{trash}:\n", safe_line(&character.name)));
        if character.changes.is_empty() && character.problems.is_empty() {
            out.push_str("  unchanged\n");
        }
        push_changes(&mut out, &character.changes);
        for problem in &character.problems {
            out.push_str(&format!("  refused  {}\n", safe_line(&problem.to_string())));
        }
    }
    if preview.characters.is_empty() {
        out.push_str("No characters.\n");
    }
    if !preview.encounters.is_empty() {
        let names: Vec<String> = preview.encounters.iter().map(|n| safe_line(n)).collect();
        out.push_str(&format!(
            "Encounters, each moved to version {} at its next action (trackers kept within the \
             new maxima): {}\n",
            preview.to,
            names.join(", ")
        ));
    }
    out
}

fn push_changes(out: &mut String, changes: &[SheetChange]) {
    for change in changes {
        let kind = match change.kind {
            ChangeKind::Added => "added",
            ChangeKind::Removed => "removed",
            ChangeKind::Refused => "refused",
            ChangeKind::Changed => "changed",
        };
        out.push_str(&format!("  {kind:<8} {}\n", safe_line(&change.text)));
    }
}
