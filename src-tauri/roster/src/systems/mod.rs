//! Each rules system's part of the roster crate, one folder per system with the same shape
//! (`sheet.rs`, `rolls.rs`, `derived.rs`, `table.rs`, `view.rs`, `players.rs`, `print.rs`,
//! `system.rs`), listed once in `registry.rs`.

pub mod d12;
pub mod file;
pub mod genre;
pub mod marks;
pub(crate) mod registry;
pub mod stunt;
pub mod universe;
