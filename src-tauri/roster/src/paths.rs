//! Where the database lives by default: the per-user data directory, in the folder named after
//! the app's identifier. `dirs::data_dir()/app.rollbook.desktop` is exactly what Tauri's
//! `app_data_dir()` answers for the identifier `app.rollbook.desktop` (Linux `~/.local/share`,
//! macOS `~/Library/Application Support`, Windows `%APPDATA%`), so the window and the command line
//! open the same file.

use std::path::PathBuf;

use crate::error::{Result, RosterError};

/// The app identifier of `tauri.conf.json`.
pub const APP_IDENTIFIER: &str = "app.rollbook.desktop";
/// The database's file name inside the app data directory.
pub const DB_FILE_NAME: &str = "rollbook.sqlite3";

/// `<data dir>/app.rollbook.desktop/rollbook.sqlite3`.
pub fn default_db_path() -> Result<PathBuf> {
    let dir = dirs::data_dir().ok_or(RosterError::NoDataDir)?;
    Ok(dir.join(APP_IDENTIFIER).join(DB_FILE_NAME))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_path_is_in_the_app_data_dir() {
        if let Ok(path) = default_db_path() {
            assert!(path.ends_with("app.rollbook.desktop/rollbook.sqlite3"));
            assert_eq!(path.parent().unwrap().parent(), dirs::data_dir().as_deref());
        }
    }
}
