//! hyper answers a request it cannot parse (400) or whose head is too big (431) itself, before
//! any route runs, so the router's `secure` layer never sees those answers. They are found on
//! their way out instead and given the same security headers as every other answer.
//!
//! A response head is always the start of one of hyper's writes, and nothing Rollbook serves has
//! a body starting `HTTP/1.1 4`; the router answers neither 400 nor 431, so a write starting with
//! those status lines can only be hyper's own refusal.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use crate::security_headers::SECURITY_HEADERS;

/// The status lines of hyper's own refusals.
const REFUSALS: [&[u8]; 2] = [b"HTTP/1.1 400 ", b"HTTP/1.1 431 "];

/// A connection whose outgoing hyper refusals carry [`SECURITY_HEADERS`].
pub(crate) struct Secured<S> {
    inner: S,
    /// A rewritten refusal not yet all written, and how many of hyper's bytes it stands for.
    owed: Vec<u8>,
    stands_for: usize,
}

impl<S> Secured<S> {
    pub(crate) fn new(inner: S) -> Secured<S> {
        Secured {
            inner,
            owed: Vec::new(),
            stands_for: 0,
        }
    }
}

/// `head` with the security headers after its status line, or `None` when it is not one of
/// hyper's refusals.
fn with_security_headers(head: &[u8]) -> Option<Vec<u8>> {
    if !REFUSALS.iter().any(|status| head.starts_with(status)) {
        return None;
    }
    let line_end = head.windows(2).position(|w| w == b"\r\n")? + 2;
    let mut out = Vec::with_capacity(head.len() + 512);
    out.extend_from_slice(&head[..line_end]);
    for (name, value) in SECURITY_HEADERS {
        out.extend_from_slice(format!("{name}: {value}\r\n").as_bytes());
    }
    out.extend_from_slice(&head[line_end..]);
    Some(out)
}

impl<S: AsyncWrite + Unpin> Secured<S> {
    /// Writes what is owed; ready with the count of hyper's bytes it stands for once all of it
    /// is out. hyper, told `Pending`, offers the same bytes again, which stay accounted for.
    fn pay(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<usize>> {
        while !self.owed.is_empty() {
            match Pin::new(&mut self.inner).poll_write(cx, &self.owed) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => {
                    self.owed.drain(..n);
                }
                other => return other,
            }
        }
        Poll::Ready(Ok(std::mem::take(&mut self.stands_for)))
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Secured<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bytes: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.owed.is_empty() {
            match with_security_headers(bytes) {
                Some(rewritten) => (this.owed, this.stands_for) = (rewritten, bytes.len()),
                None => return Pin::new(&mut this.inner).poll_write(cx, bytes),
            }
        }
        this.pay(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.owed.is_empty() {
            let first = bufs.iter().find(|b| !b.is_empty());
            let refusal = first.is_some_and(|b| REFUSALS.iter().any(|s| b.starts_with(s)));
            if !refusal {
                return Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
            }
            let whole: Vec<u8> = bufs.iter().flat_map(|b| b.iter().copied()).collect();
            this.stands_for = whole.len();
            this.owed = with_security_headers(&whole).unwrap_or(whole);
        }
        this.pay(cx)
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

impl<S: AsyncRead + Unpin> AsyncRead for Secured<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hypers_refusals_get_the_headers_after_their_status_line() {
        let head = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n\r\n";
        let out = String::from_utf8(with_security_headers(head).unwrap()).unwrap();
        assert!(out.starts_with(
            "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-security-policy: "
        ));
        assert!(out.ends_with("x-frame-options: DENY\r\ncross-origin-resource-policy: same-origin\r\ncontent-length: 0\r\n\r\n"), "{out}");
        for other in [
            &b"HTTP/1.1 404 Not Found\r\n\r\n"[..],
            b"data: HTTP/1.1 400 \r\n",
            b"HTTP/1.1 4",
        ] {
            assert_eq!(with_security_headers(other), None);
        }
    }
}
