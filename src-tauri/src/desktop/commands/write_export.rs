//! Writing an export to the file the GM chose, shared by the transfer and log commands.

use std::io::Write;
use std::path::PathBuf;

use rollbook_roster::{RosterError, Store};

use crate::desktop::Database;
use crate::ipc_error::IpcError;

/// Writes a file from the store where the GM chose, as the store reads it (an export of any
/// size is never held whole, nor sent to the window), whole or not at all through a temporary
/// file renamed into place and never over the open database (`rollbook_roster::files::
/// write_whole_with`, as the command line's `--out` does), with a refusal that says what to
/// change; answers how much it holds.
pub(super) async fn write_export<F>(
    db: &Database,
    path: PathBuf,
    write: F,
) -> Result<usize, IpcError>
where
    F: FnOnce(&Store, &mut dyn Write) -> Result<usize, RosterError> + Send + 'static,
{
    db.run(move |store| {
        let protected = store.protected_files();
        let store: &Store = store;
        match rollbook_roster::files::write_whole_with(&path, &protected, |out| write(store, out)) {
            Ok(count) => Ok(count),
            Err(RosterError::Io { source, .. }) => Err(IpcError::io(format!(
                "{} could not be written ({source}); nothing was written there. Pick another folder or file name",
                path.display()
            ))),
            Err(refusal) => Err(refusal.into()),
        }
    })
    .await
}
