//! An answer's body that keeps its connection busy (`connections`) until it has been sent whole
//! or the connection is gone: hyper drops the body at either point, and only then may the
//! connection count as idle and give way to a newcomer. A stream is busy for as long as it runs.

use std::pin::Pin;
use std::task::{Context, Poll};

use hyper::body::{Body, Frame, SizeHint};

use crate::connections::Busy;

pub(crate) struct Tracked<B> {
    inner: B,
    _busy: Busy,
}

impl<B> Tracked<B> {
    pub(crate) fn new(inner: B, busy: Busy) -> Tracked<B> {
        Tracked { inner, _busy: busy }
    }
}

impl<B: Body + Unpin> Body for Tracked<B> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.get_mut().inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}
