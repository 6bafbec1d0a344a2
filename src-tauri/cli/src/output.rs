//! Writes answers on stdout: JSON (one object for one request, an array for an array) or text.

use std::io::{ErrorKind, Write};
use std::path::Path;

use rollbook_roster::{RosterError, Store};

use serde::Serialize;

use super::Failure;

pub fn print<T: Serialize>(answers: Vec<T>, is_array: bool) -> Result<(), Failure> {
    if is_array {
        json(&answers)
    } else {
        json(&answers[0])
    }
}

/// [`print`] of answers written one by one as they come, never held together: the same text
/// (an array's elements with the same separators), and the first error ends it. A reader that
/// closes stdout early stops the answers, which is not an error.
pub fn print_each<T: Serialize>(
    mut answers: impl Iterator<Item = Result<T, Failure>>,
    is_array: bool,
) -> Result<(), Failure> {
    if !is_array {
        return match answers.next() {
            Some(answer) => json(&answer?),
            None => Ok(()),
        };
    }
    use serde::ser::{SerializeSeq, Serializer};
    let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
    let written = (|| {
        let mut serializer = serde_json::Serializer::pretty(&mut stdout);
        let mut seq = serializer.serialize_seq(None).map_err(Failure::from_json)?;
        for answer in answers {
            seq.serialize_element(&answer?)
                .map_err(Failure::from_json)?;
        }
        seq.end().map_err(Failure::from_json)?;
        stdout.write_all(b"\n").map_err(Failure::Output)?;
        stdout.flush().map_err(Failure::Output)
    })();
    match written {
        Err(Failure::Output(error)) if error.kind() == ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Pretty JSON and a newline.
pub fn json<T: Serialize + ?Sized>(value: &T) -> Result<(), Failure> {
    let json =
        serde_json::to_string_pretty(value).map_err(|error| Failure::Output(error.into()))?;
    bytes(format!("{json}\n").as_bytes())
}

/// Text as it is (callers end their lines).
pub fn text(text: &str) -> Result<(), Failure> {
    bytes(text.as_bytes())
}

pub fn bytes(data: &[u8]) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(data).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        // `rollbook odds ... | head` closing the pipe early is not an error.
        Err(error) if error.kind() == ErrorKind::BrokenPipe => Ok(()),
        Err(error) => Err(Failure::Output(error)),
    }
}

/// Where `--out` sends a file: `-` is stdout; any other path is written whole or not at all, and
/// never over the open database, its companions or what is not a regular file
/// ([`rollbook_roster::files::write_whole`]). Answers whether the output went to stdout.
pub fn file(out: &Path, data: &[u8], store: &Store) -> Result<Destination, Failure> {
    if out.as_os_str() == "-" {
        bytes(data)?;
        return Ok(Destination::Stdout);
    }
    if out.file_name().is_none() {
        return Err(Failure::BadInput(format!(
            "--out {}: not a file name; give a file, or - for standard output",
            out.display()
        )));
    }
    match rollbook_roster::files::write_whole(out, data, &store.protected_files()) {
        Ok(()) => Ok(Destination::File),
        Err(RosterError::Io { source, .. }) => Err(Failure::Failed(format!(
            "cannot write {}: {source}; nothing was written there",
            out.display()
        ))),
        Err(refusal) => Err(refusal.into()),
    }
}

/// [`file`] of what `write` writes, as it writes it (an export of any size is never held
/// whole): to stdout for `-`, else through [`rollbook_roster::files::write_whole_with`]. Answers
/// where it went and what `write` answered (its default when the reader of stdout closed it
/// early, which is not an error, as for [`bytes`]).
pub fn file_with<T: Default>(
    out: &Path,
    store: &Store,
    write: impl FnOnce(&mut dyn Write) -> Result<T, RosterError>,
) -> Result<(Destination, T), Failure> {
    if out.as_os_str() == "-" {
        let mut stdout = Piped {
            inner: std::io::BufWriter::new(std::io::stdout().lock()),
            closed: false,
        };
        let written = write(&mut stdout).and_then(|value| {
            stdout
                .flush()
                .map_err(|e| RosterError::Export(e.to_string()))?;
            Ok(value)
        });
        return match written {
            Ok(value) => Ok((Destination::Stdout, value)),
            Err(_) if stdout.closed => Ok((Destination::Stdout, T::default())),
            Err(error) => Err(error.into()),
        };
    }
    if out.file_name().is_none() {
        return Err(Failure::BadInput(format!(
            "--out {}: not a file name; give a file, or - for standard output",
            out.display()
        )));
    }
    match rollbook_roster::files::write_whole_with(out, &store.protected_files(), write) {
        Ok(value) => Ok((Destination::File, value)),
        Err(RosterError::Io { source, .. }) => Err(Failure::Failed(format!(
            "cannot write {}: {source}; nothing was written there",
            out.display()
        ))),
        Err(refusal) => Err(refusal.into()),
    }
}

/// Stdout, noting whether its reader closed it.
struct Piped<W> {
    inner: W,
    closed: bool,
}

impl<W: Write> Write for Piped<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.inner.write(bytes).inspect_err(|e| {
            self.closed |= e.kind() == ErrorKind::BrokenPipe;
        })
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush().inspect_err(|e| {
            self.closed |= e.kind() == ErrorKind::BrokenPipe;
        })
    }
}

/// Where [`file`] wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Destination {
    Stdout,
    File,
}
