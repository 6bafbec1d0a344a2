//! `ui/types/bindings.d.ts`: the TypeScript declarations of every type the window's commands
//! (docs/ipc.md) take or answer, generated from the Rust types with ts-rs, so the front end
//! (checked by `npm run typecheck`) cannot drift from them.
//!
//! `UPDATE_BINDINGS=1 cargo test -p rollbook bindings` rewrites the file; otherwise the test
//! fails when the committed file differs from what the Rust types declare.

use std::any::TypeId;
use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use rollbook_roster::backups::{BackupsOverview, RestoreDone, Snapshot};
use rollbook_roster::operations::system_file::SystemFilePreview;
use rollbook_roster::operations::system_upgrade::{UpgradeApplied, UpgradePreview};
use rollbook_roster::players::PlayersView;
use rollbook_roster::table::{SystemMove, SystemTable};
use rollbook_roster::{
    AddedSystem, Character, CharacterKind, CharacterPatch, CharacterSummary, Encounter,
    EncounterPlan, EncounterState, ExportSelection, FileFormat, ImportMode, ImportPlan, LogEntry,
    LogQuery, LuckReport, NewCharacter, NewRoster, NewSavedRoll, Participant, Restored, Roster,
    RosterPatch, SavedRoll, SavedRollHit, SavedRollPatch, SearchHit, Settings, SheetReport,
    SheetRoll, StoredSystem, System, TableAction, TableActionEntry, TableDiceAsked, TablePlay,
};
use rollbook_rules::{Catalog, HandProgress, Odds, PlanAnswer, PlanRequest};
use ts_rs::{Config, TypeVisitor, TS};

use super::commands::{
    AppInfo, CharacterList, DiceCheck, EncounterPreview, LogList, LoggedRoll, PlanList, Progress,
    RosterList, SystemShown,
};
use super::players::ShareStatus;
use crate::ipc_error::IpcError;

const HEADER: &str = "\
// Generated from the Rust types by `UPDATE_BINDINGS=1 cargo test -p rollbook bindings` (ts-rs);
// do not edit. Every type the window's commands (docs/ipc.md) take or answer; ids are UUID
// strings, times RFC 3339 strings, and 64-bit integers plain numbers (seeds stay below 2^53).
";

/// Every declaration reachable from the commands' arguments and answers, by name.
struct Declarations {
    config: Config,
    seen: HashSet<TypeId>,
    by_name: BTreeMap<String, String>,
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        if !self.seen.insert(TypeId::of::<T>()) {
            return;
        }
        // Only types with a declaration of their own; numbers, strings, `Vec<T>`, `Option<T>`
        // are written inline, but their parameters may have declarations.
        if T::output_path().is_some() {
            let mut text = T::docs().unwrap_or_default();
            text.push_str("export ");
            text.push_str(&T::decl(&self.config));
            let name = T::ident(&self.config);
            if let Some(other) = self.by_name.insert(name.clone(), text.clone()) {
                assert_eq!(other, text, "two types are declared as {name}");
            }
        }
        T::visit_dependencies(self);
        T::visit_generics(self);
    }
}

/// The file's text.
fn render() -> String {
    let mut all = Declarations {
        // JSON numbers: i64 / u64 fields (positions, ids of log entries, seeds) are numbers.
        config: Config::new().with_large_int("number"),
        seen: HashSet::new(),
        by_name: BTreeMap::new(),
    };
    // Arguments and answers, in docs/ipc.md's order.
    all.visit::<AppInfo>();
    all.visit::<Settings>();
    all.visit::<BackupsOverview>();
    all.visit::<Snapshot>();
    all.visit::<RestoreDone>();
    all.visit::<StoredSystem>();
    all.visit::<SystemFilePreview>();
    all.visit::<UpgradePreview>();
    all.visit::<UpgradeApplied>();
    all.visit::<rollbook_roster::KeptValue>();
    all.visit::<AddedSystem>();
    all.visit::<SystemShown>();
    all.visit::<Catalog>();
    all.visit::<Odds>();
    all.visit::<PlanRequest>();
    all.visit::<PlanAnswer>();
    all.visit::<LoggedRoll>();
    all.visit::<DiceCheck>();
    all.visit::<HandProgress>();
    all.visit::<RosterList>();
    all.visit::<Roster>();
    all.visit::<NewRoster>();
    all.visit::<RosterPatch>();
    all.visit::<Restored>();
    all.visit::<Character>();
    all.visit::<CharacterList>();
    all.visit::<CharacterSummary>();
    all.visit::<NewCharacter>();
    all.visit::<CharacterPatch>();
    all.visit::<CharacterKind>();
    all.visit::<System>();
    all.visit::<SearchHit>();
    all.visit::<SheetReport>();
    all.visit::<SheetRoll>();
    all.visit::<LogEntry>();
    all.visit::<LogList>();
    all.visit::<PlanList>();
    all.visit::<LogQuery>();
    all.visit::<LuckReport>();
    all.visit::<FileFormat>();
    all.visit::<ImportMode>();
    all.visit::<ImportPlan>();
    all.visit::<Progress>();
    all.visit::<ExportSelection>();
    all.visit::<Encounter>();
    all.visit::<EncounterState>();
    all.visit::<Participant>();
    all.visit::<EncounterPlan>();
    all.visit::<SavedRoll>();
    all.visit::<NewSavedRoll>();
    all.visit::<SavedRollPatch>();
    all.visit::<SavedRollHit>();
    all.visit::<TableAction>();
    all.visit::<TablePlay>();
    all.visit::<TableActionEntry>();
    all.visit::<SystemTable>();
    all.visit::<SystemMove>();
    all.visit::<EncounterPreview>();
    all.visit::<TableDiceAsked>();
    all.visit::<PlayersView>();
    all.visit::<ShareStatus>();
    all.visit::<IpcError>();
    let mut text = String::from(HEADER);
    for declaration in all.by_name.values() {
        text.push('\n');
        text.push_str(declaration);
        text.push('\n');
    }
    text
}

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ui/types/bindings.d.ts")
}

#[test]
fn bindings_match_the_rust_types() {
    let text = render();
    let path = path();
    if std::env::var("UPDATE_BINDINGS").as_deref() == Ok("1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    if committed != text {
        let first = committed
            .lines()
            .zip(text.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| committed.lines().count().min(text.lines().count()));
        panic!(
            "ui/types/bindings.d.ts differs from the Rust types from line {} on \
             (committed: {:?}, generated: {:?}); run `UPDATE_BINDINGS=1 cargo test -p rollbook \
             bindings` and commit the file",
            first + 1,
            committed.lines().nth(first).unwrap_or("<end>"),
            text.lines().nth(first).unwrap_or("<end>"),
        );
    }
}

/// What the catalog serves that the window's unit tests read as Rust's own numbers rather than a
/// copy (`tests/unit/served/NAME`): the sheet limits (every number of every sheet model finds its
/// limit there, and every limit its number) and the text limits. Rewritten with the bindings.
fn check_served(name: &str, served: &impl serde::Serialize, field: &str) {
    let mut text = serde_json::to_string_pretty(served).unwrap();
    text.push('\n');
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/unit/served")
        .join(name);
    if std::env::var("UPDATE_BINDINGS").as_deref() == Ok("1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == text,
        "tests/unit/served/{name} differs from the catalog's {field}; run \
         `UPDATE_BINDINGS=1 cargo test -p rollbook bindings` and commit the file"
    );
}

#[test]
fn bindings_served_limits_match_the_catalog() {
    let catalog = rollbook_rules::catalog();
    check_served("sheet-limits.json", &catalog.sheet_limits, "sheet_limits");
    check_served("text-limits.json", &catalog.text_limits, "text_limits");
    // The shipped systems from files (the GM's own are the database's, not the build's).
    let shipped: Vec<_> = rollbook_rules::system_file::shipped::all()
        .iter()
        .map(|file| file.spec())
        .collect();
    check_served("shipped-files.json", &shipped, "files");
    check_served(
        "house-rule-numbers.json",
        &catalog.house_rule_numbers,
        "house_rule_numbers",
    );
}

#[test]
fn the_shapes_the_front_end_relies_on_are_declared() {
    let text = render();
    for expected in [
        "export type IpcError = { code: string, message: string, problems?: Array<IpcProblem>, };",
        "export type LoggedRoll = { result: RollResult, ",
        "created_at: string,",
        // The five by name, or a system from a file by its id.
        "export type System = \"stunt\" | \"genre\" | \"universe\" | \"marks\" | \"d12\" | (string & {});",
        "export type Sheet = StuntSheet | GenreSheet | UniverseSheet | MarksSheet | D12Sheet | { [part in string]?: unknown };",
        "seed: number,",
    ] {
        assert!(text.contains(expected), "no {expected:?} in:\n{text}");
    }
    assert!(!text.contains("bigint"), "64-bit integers must be numbers");
}
