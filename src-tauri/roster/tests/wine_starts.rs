//! The tests' own starter of programs (`common::wine`): what it takes for a start Wine failed
//! (under Wine, where these tests run for the Windows build), and that it starts a program again
//! only then, a few times at most.

use std::cell::Cell;
use std::io;
use std::process::{ExitStatus, Output};

use crate::common::wine;

const DLL_INIT_FAILED: u32 = 0xC000_0142;

/// An exit status with `code` (on Unix only its low byte: an exit code is 0 to 255 there).
fn status(code: u32) -> ExitStatus {
    #[cfg(windows)]
    {
        use std::os::windows::process::ExitStatusExt;
        ExitStatus::from_raw(code)
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        ExitStatus::from_raw(((code & 0xff) as i32) << 8)
    }
}

fn output(code: u32, stdout: &str, stderr: &str) -> Output {
    Output {
        status: status(code),
        stdout: stdout.into(),
        stderr: stderr.into(),
    }
}

/// `wine::until_ran_telling` over `outputs` in turn (the last one again once they run out),
/// how many starts it made, and how many it said it made again.
fn started_until_ran(outputs: &[Output]) -> (Output, usize, usize) {
    let calls = Cell::new(0);
    let mut told = 0;
    let last = wine::until_ran_telling(
        || {
            let at = calls.get().min(outputs.len() - 1);
            calls.set(calls.get() + 1);
            Ok::<_, io::Error>(outputs[at].clone())
        },
        |status| {
            assert_eq!(status, outputs[told.min(outputs.len() - 1)].status);
            told += 1;
        },
    )
    .unwrap();
    (last, calls.get(), told)
}

#[test]
fn only_a_dll_init_failure_that_wrote_nothing_is_a_program_wine_never_ran() {
    let never = output(DLL_INIT_FAILED, "", "");
    assert_eq!(
        wine::never_ran(never.status, &never.stdout, &never.stderr),
        cfg!(windows)
    );
    for (code, stdout, stderr) in [
        (DLL_INIT_FAILED, "imported: 3", ""),
        (DLL_INIT_FAILED, "", "rollbook: the database is busy"),
        (0, "", ""),
        (2, "", ""),
    ] {
        let out = output(code, stdout, stderr);
        assert!(
            !wine::never_ran(out.status, &out.stdout, &out.stderr),
            "{code:#x} {stdout:?} {stderr:?}"
        );
    }
}

#[test]
fn a_program_is_started_again_only_while_wine_never_ran_it() {
    let first = output(DLL_INIT_FAILED, "", "");
    let ran = output(2, "", "rollbook: no such roster");
    let (out, starts, told) = started_until_ran(&[first.clone(), ran.clone()]);
    if cfg!(windows) {
        assert_eq!((out.status, &out.stderr), (ran.status, &ran.stderr));
        assert_eq!((starts, told), (2, 1));
    } else {
        // Elsewhere than under Wine the first ending stands, whatever it is.
        assert_eq!((out.status, starts, told), (first.status, 1, 0));
    }

    let (out, starts, told) = started_until_ran(std::slice::from_ref(&ran));
    assert_eq!((out.status, &out.stderr), (ran.status, &ran.stderr));
    assert_eq!((starts, told), (1, 0));
}

#[cfg(windows)]
#[test]
fn a_program_wine_never_runs_is_started_five_times_then_its_ending_stands() {
    let (out, starts, told) = started_until_ran(&[output(DLL_INIT_FAILED, "", "")]);
    assert_eq!(out.status.code(), Some(DLL_INIT_FAILED as i32));
    assert_eq!((starts, told), (5, 4));
}
