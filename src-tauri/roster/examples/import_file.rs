//! Imports a roster file into a database, printing progress: the crash-safety test kills this
//! process at random points and then checks the database.
//!
//! `cargo run -p rollbook-roster --example import_file -- DB FILE [merge|replace|copy] [--dry-run]`

use std::process::ExitCode;

use rollbook_roster::{Import, ImportMode, Store};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dry_run = args.iter().any(|a| a == "--dry-run");
    let args: Vec<&String> = args.iter().filter(|a| *a != "--dry-run").collect();
    let (Some(db), Some(file)) = (args.first(), args.get(1)) else {
        eprintln!("usage: import_file DB FILE [merge|replace|copy] [--dry-run]");
        return ExitCode::from(2);
    };
    let mode: ImportMode = match args.get(2).map(|m| m.parse()).transpose() {
        Ok(mode) => mode.unwrap_or_default(),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    match run(db, file, mode, dry_run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{} ({})", e, e.code());
            ExitCode::FAILURE
        }
    }
}

fn run(db: &str, file: &str, mode: ImportMode, dry_run: bool) -> rollbook_roster::Result<()> {
    let mut store = Store::open(db)?;
    let import = Import::from_path(file)?;
    if dry_run {
        println!(
            "would import: {}",
            store.plan_import(&import, mode)?.summary()
        );
        return Ok(());
    }
    let mut last = 0;
    let plan = store.apply_import(&import, mode, |done, total| {
        // The first line says the writes have begun; then one line per 5%.
        if done == 0 || done == total || done * 20 / total.max(1) != last {
            last = done * 20 / total.max(1);
            println!("progress {done}/{total}");
        }
    })?;
    println!("imported: {}", plan.summary());
    Ok(())
}
