//! Feeds arbitrary bytes to the importer's parse-and-validate step. It must never panic, and
//! whatever it accepts must export and parse back to the same thing.
//!
//! `cargo +nightly fuzz run import_parse fuzz/corpus/import_parse` (from src-tauri/roster); the
//! valid fixtures make a good seed corpus.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rollbook_roster::Import;

fuzz_target!(|data: &[u8]| {
    let Ok(import) = Import::from_bytes(data) else {
        return;
    };
    // Accepted: it must survive a trip through the store and back unchanged.
    let Ok(mut store) = rollbook_roster::Store::open_in_memory() else {
        return;
    };
    store
        .apply_import(&import, rollbook_roster::ImportMode::Merge, |_, _| {})
        .expect("a validated file failed to import");
    let text = store
        .export(&rollbook_roster::ExportSelection::All)
        .expect("export failed")
        .to_json();
    let again = Import::from_bytes(text.as_bytes()).expect("an export failed to parse");
    assert_eq!(again.rosters.len(), import.rosters.len());
    assert_eq!(again.character_count(), import.character_count());
});
