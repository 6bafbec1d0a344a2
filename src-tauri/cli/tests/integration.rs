//! Every integration test of this crate, one module per file of `tests/`, built as one test
//! binary: one compile and one link instead of one per file (the Windows build links each
//! binary with MinGW's ld, seven seconds apiece). A test that needs a process of its own
//! (a global allocator of its own, say) stays a `[[test]]` of its own in Cargo.toml.

mod common;

mod cli_backup;
mod cli_basics;
mod cli_compare;
mod cli_damaged_entries;
mod cli_damaged_records;
mod cli_db_safety;
mod cli_dice_by_hand;
mod cli_dice_notation;
mod cli_encounter;
mod cli_file_system_table;
mod cli_full_disk;
mod cli_house_rules;
mod cli_import_export;
mod cli_luck;
mod cli_output_files;
mod cli_plans;
mod cli_players;
mod cli_read_only;
mod cli_roll_log;
mod cli_roll_rating;
mod cli_roster;
mod cli_saved_rolls;
mod cli_sheet;
mod cli_system_file;
mod cli_system_upgrade;
mod cli_window;
