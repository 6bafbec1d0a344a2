//! Exports every roster of a database to a roster file (`.json`) or characters to CSV (`.csv`).
//!
//! `cargo run -p rollbook-roster --example export_file -- DB OUT.json|OUT.csv`

use std::fs::File;
use std::io::BufWriter;
use std::process::ExitCode;

use rollbook_roster::{ExportSelection, RosterError, Store};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [db, out] = args.as_slice() else {
        eprintln!("usage: export_file DB OUT.json|OUT.csv");
        return ExitCode::from(2);
    };
    let result = (|| {
        let store = Store::open(db)?;
        let file = File::create(out).map_err(|e| RosterError::Export(e.to_string()))?;
        if out.ends_with(".csv") {
            store.export_characters_csv(&ExportSelection::All, BufWriter::new(file))?;
        } else {
            store.export_json(&ExportSelection::All, BufWriter::new(file))?;
        }
        Ok::<(), RosterError>(())
    })();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e} ({})", e.code());
            ExitCode::FAILURE
        }
    }
}
