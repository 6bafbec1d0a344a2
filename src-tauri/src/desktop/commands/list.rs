// The window's commands, declared once: `module::command`, in the order of docs/ipc.md.
//
// build.rs includes this file: each command gets its permission (allow-/deny-COMMAND) and the
// window's capability grants exactly these. `register` (mod.rs) hands the same list to
// `tauri::generate_handler!`, and the tests check that ui/js/api.js has one wrapper and
// docs/ipc.md one row for each, and nothing more. A new command is a line here, a wrapper in
// api.js and a row in docs/ipc.md. (No inner `//!` docs: build.rs includes this mid-file.)

/// Calls `$then!` with every command as `module::command`, comma-separated.
macro_rules! window_commands {
    ($then:ident) => {
        $then! {
            app::app_info,
            app::settings,
            app::settings_save,
            backups::backups,
            backups::backup_now,
            backups::backup_policy_save,
            backups::backup_restore,
            systems::systems,
            systems::system_preview,
            systems::system_add,
            systems::system_show,
            systems::system_remove,
            systems::system_upgrade_preview,
            systems::system_upgrade,
            rules::catalog,
            rules::odds,
            rules::odds_compare,
            rules::odds_plan,
            rules::dice_check,
            rules::roll,
            rules::roll_dice_asked,
            saved_rolls::saved_rolls,
            saved_rolls::saved_rolls_search,
            saved_rolls::saved_roll_create,
            saved_rolls::saved_roll_update,
            saved_rolls::saved_roll_move,
            saved_rolls::saved_roll_delete,
            saved_rolls::saved_roll_roll,
            rosters::rosters,
            rosters::roster_create,
            rosters::roster_update,
            rosters::roster_delete,
            rosters::rosters_reorder,
            rosters::undo_delete,
            characters::character_summaries,
            characters::character,
            characters::character_create,
            characters::character_update,
            characters::character_duplicate,
            characters::characters_delete,
            characters::characters_move,
            characters::characters_tag,
            characters::search,
            sheets::sheet_check,
            sheets::sheet_blank,
            sheets::sheet_rolls,
            encounters::encounters,
            encounters::encounter,
            encounters::encounter_create,
            encounters::encounter_play,
            encounters::encounter_preview,
            encounters::encounter_dice_asked,
            encounters::encounter_undo,
            encounters::encounter_log,
            encounters::encounter_delete,
            encounters::encounter_restore,
            encounters::encounter_save_to_sheets,
            encounters::encounter_keep_as_character,
            plans::plans,
            plans::plan_save,
            plans::plan_start,
            plans::plan_delete,
            plans::plan_restore,
            plans::encounter_duplicate,
            players::players_view,
            players::players_window_open,
            players::share_start,
            players::share_status,
            players::share_stop,
            log::roll_log,
            log::roll_log_luck,
            log::roll_log_clear,
            log::roll_log_export,
            transfer::import_preview,
            transfer::import_apply,
            transfer::export_file,
            print::print_preview,
            print::print_preview_print,
            print::print_preview_close,
        }
    };
}

/// The names of the commands `window_commands!` lists: `window_commands!(command_names)`.
#[allow(unused_macros)] // build.rs and the tests use it; the app itself needs only the handler.
macro_rules! command_names {
    ($($module:ident::$command:ident),* $(,)?) => {
        &[$(stringify!($command)),*]
    };
}
