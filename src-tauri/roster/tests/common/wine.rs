//! Programs the tests start, started again when Wine (where the Windows build's tests run) failed
//! to start them. On a busy machine Wine now and then fails a start before any of the program's
//! code runs, in one of two ways:
//! - the start itself fails: "Internal error", os error 1359;
//! - the program is made but its DLLs fail to initialise: it ends with STATUS_DLL_INIT_FAILED
//!   (0xC0000142) having written nothing (CI met it while the end-to-end tests loaded the machine).
//!
//! Nothing of a test has happened then, so such a start is tried again, a few times; after that,
//! what Wine said stands and fails the test. Any other outcome, and every platform but Windows,
//! is the test's to judge, at once.
//!
//! One file for the roster's and the command line's tests (the latter include it by path).

use std::io;
use std::process::{Child, Command, ExitStatus, Output, Stdio};

/// Starts tried in all, for each of the two ways above.
const TRIES: usize = 5;
const WINE_INTERNAL_ERROR: i32 = 1359;
const STATUS_DLL_INIT_FAILED: u32 = 0xC000_0142;

/// `command` started; a start Wine itself failed is tried again.
pub fn spawn(command: &mut Command) -> io::Result<Child> {
    let mut tries = 1;
    loop {
        match command.spawn() {
            Err(e) if start_failed(&e) && tries < TRIES => {
                started_again(&program(command), &e.to_string());
                tries += 1;
            }
            started => return started,
        }
    }
}

/// What `run` (which starts `program` and waits for it) gave, run again while Wine never ran
/// the program, each time said ([`started_again`]).
pub fn until_ran(program: &str, run: impl FnMut() -> io::Result<Output>) -> io::Result<Output> {
    until_ran_telling(run, |status| started_again(program, &status.to_string()))
}

/// [`until_ran`], telling `again` each ending it starts the program again after.
pub fn until_ran_telling(
    mut run: impl FnMut() -> io::Result<Output>,
    mut again: impl FnMut(ExitStatus),
) -> io::Result<Output> {
    for _ in 1..TRIES {
        let output = run()?;
        if !never_ran(output.status, &output.stdout, &output.stderr) {
            return Ok(output);
        }
        again(output.status);
    }
    run()
}

/// `command`'s output, as `Command::output` gives it (no input, what it writes captured), started
/// again while Wine failed to start it.
pub fn output(command: &mut Command) -> io::Result<Output> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    until_ran(&program(command), || spawn(command)?.wait_with_output())
}

/// Whether a start failed in Wine, before the program existed.
pub fn start_failed(error: &io::Error) -> bool {
    cfg!(windows) && error.raw_os_error() == Some(WINE_INTERNAL_ERROR)
}

/// Whether a program that ended so never ran: its DLLs failed to initialise under Wine and it
/// wrote nothing (none of the programs tested writes nothing and ends with that status).
pub fn never_ran(status: ExitStatus, stdout: &[u8], stderr: &[u8]) -> bool {
    cfg!(windows)
        && status.code().map(|code| code as u32) == Some(STATUS_DLL_INIT_FAILED)
        && stdout.is_empty()
        && stderr.is_empty()
}

/// The file name of the program `command` starts, for [`started_again`].
pub fn program(command: &Command) -> String {
    let path = std::path::Path::new(command.get_program());
    path.file_name()
        .unwrap_or(path.as_os_str())
        .to_string_lossy()
        .into_owned()
}

/// Says, past the test harness's capture, that a start of `program` Wine failed (`why`) is made
/// again: a line `windows: …` that `scripts/test.sh` shows from the Windows log even when every
/// test passes, so how often Wine fails a start stays seen.
pub fn started_again(program: &str, why: &str) {
    use std::io::Write;
    let _ = writeln!(
        io::stderr(),
        "windows: Wine failed to start {program} ({why}); started again"
    );
}
