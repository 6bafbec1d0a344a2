//! Restores snapshot ID of a database: the crash-safety test of restores kills this process at
//! random points and then checks that the database is the old one or the snapshot, whole.
//!
//! `cargo run -p rollbook-roster --example backup_restore -- DB ID`

use std::process::ExitCode;

use rollbook_roster::Store;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [db, id] = args.as_slice() else {
        eprintln!("usage: backup_restore DB ID");
        return ExitCode::from(2);
    };
    match Store::open(db).and_then(|mut store| store.restore_backup(id)) {
        Ok(done) => {
            println!("restored {}", done.restored.id);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e} ({})", e.code());
            ExitCode::FAILURE
        }
    }
}
