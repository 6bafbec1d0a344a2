//! Every integration test of this crate, one module per file of `tests/`, built as one test
//! binary: one compile and one link instead of one per file (the Windows build links each
//! binary with MinGW's ld, seven seconds apiece). A test that needs a process of its own
//! (a global allocator of its own, say) stays a `[[test]]` of its own in Cargo.toml.

mod common;
mod print_support;

mod backup_rotation;
mod backups;
mod bidi_names;
mod character_summaries;
mod concurrent_open;
mod crash;
mod damaged_entries;
mod damaged_records;
mod encounter_sheets;
mod encounters;
mod file_system_rosters;
mod file_system_table;
mod fixture_db;
mod fuzz_stable;
mod house_rule_numbers;
mod import_bounds;
mod largest_roster;
mod luck;
mod malformed;
mod npc_numbers;
mod open_safety;
mod output_files;
mod plans;
mod players_view;
mod print_direct_pdf;
mod print_pdf;
mod print_render;
mod print_webkit;
mod read_only;
mod roll_log_pages;
mod roll_origin;
mod roundtrip;
mod saved_rolls;
mod saved_rolls_file;
mod sheet_limits;
mod sheet_rolls;
mod store_ops;
mod system_files;
mod system_upgrade;
mod table_adjust;
mod table_by_hand;
mod table_d12;
mod table_genre;
mod table_history;
mod table_marks;
mod table_ranges;
mod table_stunt;
mod table_universe;
mod view_order;
mod windows_paths;
mod wine_starts;
