//! One function per thing a game master does that the window and the command line both offer:
//! each adapter (`src-tauri/src/desktop/commands/*`, `src-tauri/cli/src/*`) reads its input,
//! calls the operation here and presents the answer, so both refuse, compute and log alike.
//!
//! - [`odds`]: exact odds under a roster's house rules (or RULES.md's), of one request, a field
//!   varied, a plan, or the dice a roll by hand still asks for;
//! - [`print`]: the sheets of a selection of a roster's characters, laid out;
//! - [`preview`]: the roll a table move would make and its odds, before it is played;
//! - [`roll`]: one request rolled at a place and logged;
//! - [`system_file`]: a system file read from disk and checked, and its preview before an add;
//! - [`system_upgrade`]: a roster moved to another version of its file system, previewed first.
//!
//! Exporting needs no operation of its own: both front ends write `Store::export_file_to` /
//! `Store::export_log_to` through `files::write_whole_with`.

pub mod odds;
pub mod preview;
pub mod print;
pub mod roll;
pub mod system_file;
pub mod system_upgrade;
