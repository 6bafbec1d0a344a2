//! The bytes of a roster file, read as often as an import needs them (to check it, to preview
//! it, to write it) and never held whole: a file Rollbook exported may be far larger than memory
//! should hold (issue 28). The reader serves the JSON parser one chunk at a time, checks on the
//! way what the parser cannot say well (UTF-16, a byte that is not UTF-8, with its place), stops
//! a record that runs past its byte budget, and fingerprints what it read, so that a file changed
//! between two readings is caught.

use std::cell::Cell;
use std::hash::Hasher;
use std::io::{self, Read};
use std::path::PathBuf;
use std::rc::Rc;

use crate::error::{Result, RosterError};

/// Where the file's bytes are: on disk (read again for each pass) or handed over whole.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Source {
    File(PathBuf),
    Bytes(Vec<u8>),
}

impl Source {
    /// A new reading from the first byte.
    pub fn open(&self) -> Result<Reader> {
        let inner: Box<dyn Read> = match self {
            Source::File(path) => Box::new(crate::files::open_regular_file(path)?),
            Source::Bytes(bytes) => Box::new(io::Cursor::new(bytes.clone())),
        };
        Ok(Reader::new(inner))
    }

    /// The file's length and modification time (none for bytes handed over, which cannot
    /// change, or a file that cannot be looked at).
    pub fn stamp(&self) -> Option<Stamp> {
        match self {
            Source::File(path) => std::fs::metadata(path)
                .ok()
                .map(|m| Stamp(m.len(), m.modified().ok())),
            Source::Bytes(_) => None,
        }
    }

    /// The path for an error about reading it.
    pub fn io_error(&self, error: io::Error) -> RosterError {
        match self {
            Source::File(path) => RosterError::io(path, error),
            Source::Bytes(_) => RosterError::io("(the bytes handed over)", error),
        }
    }
}

/// A file's length and modification time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Stamp(u64, Option<std::time::SystemTime>);

/// Why the reader stopped serving bytes (besides the end of the file).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Halt {
    /// The file starts with a UTF-16 byte order mark.
    Utf16,
    /// Byte `at` (from 0, after any UTF-8 byte order mark) is not UTF-8; it is `byte`, on `line`.
    NotUtf8 { at: u64, byte: u8, line: u64 },
    /// The record being read ran past the position set with [`Budget::set`].
    OverBudget,
    /// The file could not be read.
    Io,
}

/// What the reader and the walk over its JSON share: where the reading is and how far the
/// record being read may go.
#[derive(Debug, Default)]
pub(super) struct Budget {
    /// Bytes served to the parser so far.
    served: Cell<u64>,
    /// Serving stops at this position (`None`: no record is being budgeted).
    until: Cell<Option<u64>>,
    halt: Cell<Option<Halt>>,
    /// Whether anything but white space was served (an empty file is told as such).
    text_seen: Cell<bool>,
}

impl Budget {
    /// From here on at most `bytes` more bytes are served (`None`: no limit).
    pub fn set(&self, bytes: Option<u64>) {
        self.until
            .set(bytes.map(|b| self.served.get().saturating_add(b)));
    }

    pub fn served(&self) -> u64 {
        self.served.get()
    }

    pub fn halt(&self) -> Option<Halt> {
        self.halt.get()
    }

    pub fn text_seen(&self) -> bool {
        self.text_seen.get()
    }
}

const CHUNK: usize = 64 * 1024;

/// The bytes of one reading, UTF-8 checked, budgeted and fingerprinted as they are served.
pub(super) struct Reader {
    inner: Box<dyn Read>,
    /// Checked bytes not yet served: `buf[start..end]`; after `end`, up to 3 bytes of a UTF-8
    /// sequence cut by the chunk's end, checked with the next chunk.
    buf: Vec<u8>,
    start: usize,
    end: usize,
    /// Where `buf[0]` sits in the file (after a UTF-8 byte order mark).
    buf_at: u64,
    lines: u64,
    first: bool,
    eof: bool,
    /// A bad byte found at `buf[end]`: served up to it, then the halt.
    bad: Option<Halt>,
    hasher: std::collections::hash_map::DefaultHasher,
    budget: Rc<Budget>,
}

impl Reader {
    fn new(inner: Box<dyn Read>) -> Self {
        Reader {
            inner,
            buf: Vec::with_capacity(CHUNK + 4),
            start: 0,
            end: 0,
            buf_at: 0,
            lines: 0,
            first: true,
            eof: false,
            bad: None,
            hasher: Default::default(),
            budget: Rc::new(Budget::default()),
        }
    }

    pub fn budget(&self) -> Rc<Budget> {
        self.budget.clone()
    }

    /// The fingerprint of every byte read so far (the whole file once it has been read through).
    pub fn fingerprint(&self) -> u64 {
        self.hasher.finish()
    }

    /// Reads the rest of the file (after the JSON, only white space may follow; the parser
    /// checked that), so that the fingerprint covers all of it.
    pub fn finish(&mut self) -> io::Result<()> {
        let mut sink = [0u8; 4096];
        self.budget.set(None);
        while self.read(&mut sink)? > 0 {}
        Ok(())
    }

    fn halt(&self, halt: Halt) -> io::Error {
        self.budget.halt.set(Some(halt));
        io::Error::other(format!("{halt:?}"))
    }

    /// Refills `buf` with the next checked chunk. Answers false at the end of the file.
    fn refill(&mut self) -> io::Result<bool> {
        if let Some(bad) = self.bad {
            return Err(self.halt(bad));
        }
        // Keep the cut sequence's bytes, drop what was served.
        self.buf_at += self.end as u64;
        self.buf.drain(..self.end);
        self.start = 0;
        self.end = 0;
        if self.eof {
            if self.buf.is_empty() {
                return Ok(false);
            }
            let (at, byte) = (self.buf_at, self.buf[0]);
            return Err(self.halt(Halt::NotUtf8 {
                at,
                byte,
                line: self.lines + 1,
            }));
        }
        let kept = self.buf.len();
        self.buf.resize(kept + CHUNK, 0);
        let read = loop {
            match self.inner.read(&mut self.buf[kept..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.budget.halt.set(Some(Halt::Io));
                    return Err(e);
                }
            }
        };
        self.buf.truncate(kept + read);
        self.hasher.write(&self.buf[kept..]);
        if read == 0 {
            self.eof = true;
        }
        if self.first && self.buf.len() >= 3 || self.eof {
            if std::mem::take(&mut self.first) {
                if self.buf.starts_with(&[0xFF, 0xFE]) || self.buf.starts_with(&[0xFE, 0xFF]) {
                    return Err(self.halt(Halt::Utf16));
                }
                // Editors on Windows often start UTF-8 files with a byte order mark; it carries
                // no meaning.
                if self.buf.starts_with(b"\xEF\xBB\xBF") {
                    self.buf.drain(..3);
                }
            }
        } else if self.first {
            // Too few bytes yet to tell a byte order mark: read on.
            return self.refill();
        }
        match std::str::from_utf8(&self.buf) {
            Ok(_) => self.end = self.buf.len(),
            Err(e) => {
                self.end = e.valid_up_to();
                if let Some(_bad_len) = e.error_len() {
                    self.bad = Some(Halt::NotUtf8 {
                        at: self.buf_at + self.end as u64,
                        byte: self.buf[self.end],
                        line: self.lines
                            + self.buf[..self.end].iter().filter(|&&b| b == b'\n').count() as u64
                            + 1,
                    });
                }
                // Otherwise a sequence cut by the chunk's end: the next chunk completes it.
            }
        }
        self.lines += self.buf[..self.end].iter().filter(|&&b| b == b'\n').count() as u64;
        if self.end == 0 {
            return self.refill();
        }
        Ok(true)
    }
}

impl Read for Reader {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        if self.start == self.end && !self.refill()? {
            return Ok(0);
        }
        let mut n = (self.end - self.start).min(out.len());
        let served = self.budget.served.get();
        if let Some(until) = self.budget.until.get() {
            if served >= until {
                return Err(self.halt(Halt::OverBudget));
            }
            n = n.min((until - served) as usize);
        }
        let bytes = &self.buf[self.start..self.start + n];
        if !self.budget.text_seen.get() && !bytes.iter().all(u8::is_ascii_whitespace) {
            self.budget.text_seen.set(true);
        }
        out[..n].copy_from_slice(bytes);
        self.start += n;
        self.budget.served.set(served + n as u64);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(bytes: &[u8]) -> (Vec<u8>, Option<Halt>) {
        let mut reader = Source::Bytes(bytes.to_vec()).open().unwrap();
        let budget = reader.budget();
        let mut out = Vec::new();
        let mut one = [0u8; 1];
        loop {
            match reader.read(&mut one) {
                Ok(0) => return (out, None),
                Ok(_) => out.push(one[0]),
                Err(_) => return (out, budget.halt()),
            }
        }
    }

    #[test]
    fn utf8_is_served_whole_and_a_bad_byte_is_placed() {
        let text = "{\"name\": \"Zoë 🐉\"}\n".repeat(10_000);
        assert_eq!(read_all(text.as_bytes()), (text.clone().into_bytes(), None));
        let with_bom = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
        assert_eq!(read_all(&with_bom).0, text.as_bytes());
        // A bad byte far past the first chunk: everything before it is served, then the halt.
        let mut bad = text.clone().into_bytes();
        let at = 100_000;
        bad[at] = 0xFF;
        let line = bad[..at].iter().filter(|&&b| b == b'\n').count() as u64 + 1;
        let (served, halt) = read_all(&bad);
        assert_eq!(served, &bad[..at]);
        assert_eq!(
            halt,
            Some(Halt::NotUtf8 {
                at: at as u64,
                byte: 0xFF,
                line
            })
        );
        // A sequence cut by the end of the file.
        let cut = &"ab🐉".as_bytes()[..4];
        assert_eq!(
            read_all(cut).1,
            Some(Halt::NotUtf8 {
                at: 2,
                byte: 0xF0,
                line: 1
            })
        );
        assert_eq!(read_all(b"\xFF\xFE{\x00").1, Some(Halt::Utf16));
    }

    #[test]
    fn a_budget_stops_the_reading_where_it_runs_out() {
        let mut reader = Source::Bytes(vec![b'x'; 1000]).open().unwrap();
        let budget = reader.budget();
        let mut out = [0u8; 300];
        assert_eq!(reader.read(&mut out).unwrap(), 300);
        budget.set(Some(500));
        assert_eq!(reader.read(&mut out).unwrap(), 300);
        assert_eq!(reader.read(&mut out).unwrap(), 200);
        assert!(reader.read(&mut out).is_err());
        assert_eq!(budget.halt(), Some(Halt::OverBudget));
        assert_eq!(budget.served(), 800);
        budget.set(None);
        assert_eq!(reader.read(&mut out).unwrap(), 200);
        let whole = Source::Bytes(vec![b'x'; 1000]).open().unwrap();
        let mut again = Source::Bytes(vec![b'x'; 1000]).open().unwrap();
        again.finish().unwrap();
        reader.finish().unwrap();
        assert_eq!(reader.fingerprint(), again.fingerprint());
        drop(whole);
    }
}
