/// Every command of the window (docs/ipc.md), the same names as `desktop::commands::register`.
/// tauri-build generates an allow-/deny- permission for each, so the window's capability
/// (capabilities/default.json) can grant exactly these and nothing else.
const COMMANDS: &[&str] = &[
    "app_info",
    "settings",
    "settings_save",
    "catalog",
    "odds",
    "roll",
    "rosters",
    "roster_create",
    "roster_update",
    "roster_delete",
    "rosters_reorder",
    "undo_delete",
    "characters",
    "character",
    "character_create",
    "character_update",
    "character_duplicate",
    "characters_delete",
    "characters_move",
    "characters_tag",
    "characters_reorder",
    "search",
    "sheet_check",
    "sheet_rolls",
    "encounters",
    "encounter",
    "encounter_create",
    "encounter_play",
    "encounter_preview",
    "encounter_undo",
    "encounter_log",
    "encounter_delete",
    "encounter_restore",
    "encounter_save_to_sheets",
    "roll_log",
    "roll_log_clear",
    "roll_log_export",
    "import_preview",
    "import_apply",
    "export_file",
    "print_preview",
    "print_preview_print",
    "print_preview_close",
];

fn main() {
    let attributes = tauri_build::Attributes::new()
        .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS));
    tauri_build::try_build(attributes).expect("tauri build step failed");
}
