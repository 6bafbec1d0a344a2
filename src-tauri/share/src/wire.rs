//! Each request's target exactly as it came on the wire. hyper hands routes an `http::Uri`, which
//! drops a `#fragment` without a trace (`/p/TOKEN/state#x` arrives as `/p/TOKEN/state`): a path
//! "matched as it came" has to be read before that parse, so the connection's bytes are watched
//! on their way into hyper and every request line's target is kept, in order, for its request.
//!
//! The watcher finds request lines by the heads' blank lines, so it must never be shown a body:
//! the server closes every connection whose request has one (`server::serve`), and whatever
//! follows the body is never parsed by hyper nor asked for here.

use std::collections::VecDeque;
use std::io;
use std::pin::Pin;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// The targets read and not yet taken, shared by the connection's bytes and its requests.
#[derive(Clone)]
pub(crate) struct Targets(Arc<Mutex<Scanner>>);

impl Targets {
    /// `longest`: a target past this many bytes is kept as `None` (hyper refuses its head anyway).
    pub(crate) fn new(longest: usize) -> Targets {
        Targets(Arc::new(Mutex::new(Scanner::new(longest))))
    }

    /// The next request's target as sent, `None` when it could not be kept. hyper parses a whole
    /// head before it asks for an answer, so that head's target has been seen by then.
    pub(crate) fn next(&self) -> Option<String> {
        let mut scanner = self.lock();
        if scanner.flooded {
            return None;
        }
        scanner.found.pop_front().flatten()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Scanner> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Where in a request head the bytes read so far have reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    /// Before a request line; empty lines there are skipped (as hyper skips them).
    Start,
    Method,
    Target,
    /// The rest of the head; `blank` while the line under way has had nothing but `\r`.
    Head {
        blank: bool,
    },
}

/// Request lines read ahead of their answers, at most: no browser pipelines at all, and one
/// read of tiny heads could otherwise queue tens of thousands.
const MOST_WAITING: usize = 32;

struct Scanner {
    at: At,
    target: Vec<u8>,
    longest: usize,
    /// One entry per request line, oldest first.
    found: VecDeque<Option<String>>,
    /// More than [`MOST_WAITING`] were waiting: nothing more is kept, and every request left on
    /// the connection is answered as not found.
    flooded: bool,
}

impl Scanner {
    fn new(longest: usize) -> Scanner {
        Scanner {
            at: At::Start,
            target: Vec::new(),
            longest,
            found: VecDeque::new(),
            flooded: false,
        }
    }

    fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.at = match (self.at, byte) {
                (At::Start, b'\r' | b'\n') => At::Start,
                (At::Start, _) => At::Method,
                (At::Method, b' ') => At::Target,
                (At::Method, b'\n') => At::Start,
                (At::Method, _) => At::Method,
                (At::Target, b' ' | b'\r' | b'\n') => {
                    self.finish_target();
                    match byte {
                        b'\n' => At::Head { blank: true },
                        _ => At::Head { blank: false },
                    }
                }
                (At::Target, _) => {
                    if self.target.len() <= self.longest {
                        self.target.push(byte);
                    }
                    At::Target
                }
                (At::Head { blank: true }, b'\n') => At::Start,
                (At::Head { .. }, b'\n') => At::Head { blank: true },
                (At::Head { blank }, b'\r') => At::Head { blank },
                (At::Head { .. }, _) => At::Head { blank: false },
            };
        }
    }

    fn finish_target(&mut self) {
        let target = std::mem::take(&mut self.target);
        if self.flooded || self.found.len() >= MOST_WAITING {
            self.flooded = true;
            self.found.clear();
            return;
        }
        let kept = (target.len() <= self.longest)
            .then(|| String::from_utf8(target).ok())
            .flatten();
        self.found.push_back(kept);
    }
}

/// A connection whose incoming bytes are shown to a [`Targets`] as hyper reads them.
pub(crate) struct Watched<S> {
    inner: S,
    targets: Targets,
}

impl<S> Watched<S> {
    pub(crate) fn new(inner: S, targets: Targets) -> Watched<S> {
        Watched { inner, targets }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Watched<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let read = Pin::new(&mut this.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = read {
            this.targets.lock().feed(&buf.filled()[before..]);
        }
        read
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Watched<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bytes: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write(cx, bytes)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets_of(chunks: &[&[u8]], longest: usize) -> Vec<Option<String>> {
        let targets = Targets::new(longest);
        for chunk in chunks {
            targets.lock().feed(chunk);
        }
        std::iter::from_fn(|| {
            let found = targets.lock().found.pop_front();
            found
        })
        .collect()
    }

    #[test]
    fn a_fragment_is_kept_as_sent() {
        assert_eq!(
            targets_of(&[b"GET /p/t/state#x HTTP/1.1\r\nHost: a\r\n\r\n"], 100),
            [Some("/p/t/state#x".to_owned())]
        );
    }

    #[test]
    fn pipelined_heads_split_anywhere_are_found_in_order() {
        let wire: &[u8] = b"\r\nGET /a HTTP/1.1\r\nHost: a\r\nX: #y\r\n\r\n\
            HEAD /b?c HTTP/1.1\nHost: a\n\nGET /c HTTP/1.0\r\n\r\n";
        let expected = ["/a", "/b?c", "/c"].map(|t| Some(t.to_owned()));
        for cut in 0..wire.len() {
            let (first, second) = wire.split_at(cut);
            assert_eq!(targets_of(&[first, second], 100), expected, "cut at {cut}");
        }
        let bytes: Vec<&[u8]> = wire.chunks(1).collect();
        assert_eq!(targets_of(&bytes, 100), expected);
    }

    #[test]
    fn a_header_value_is_never_taken_for_a_target() {
        assert_eq!(
            targets_of(&[b"GET /a HTTP/1.1\r\nX: GET /b HTTP/1.1\r\n\r\n"], 100),
            [Some("/a".to_owned())]
        );
    }

    #[test]
    fn a_target_too_long_or_not_text_is_none() {
        assert_eq!(
            targets_of(
                &[b"GET /abcdef HTTP/1.1\r\n\r\nGET /abc HTTP/1.1\r\n\r\n"],
                4
            ),
            [None, Some("/abc".to_owned())]
        );
        assert_eq!(targets_of(&[b"GET /\xff HTTP/1.1\r\n\r\n"], 100), [None]);
    }

    #[test]
    fn a_flood_of_pipelined_heads_keeps_nothing() {
        let targets = Targets::new(100);
        let head: &[u8] = b"GET /a HTTP/1.1\r\n\r\n";
        targets.lock().feed(&head.repeat(MOST_WAITING));
        assert_eq!(targets.next().as_deref(), Some("/a"));
        targets.lock().feed(&head.repeat(2));
        assert!(targets.lock().flooded);
        assert!(targets.lock().found.is_empty());
        targets.lock().feed(head);
        assert_eq!(targets.next(), None);
    }
}
