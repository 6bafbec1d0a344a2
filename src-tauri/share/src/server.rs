//! The accept loop and each connection: our own instead of `axum::serve`, which has no place for
//! per-connection bounds or a listener that can be closed from `Drop`.

use std::convert::Infallible;
use std::future::poll_fn;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::task::Poll;
use std::time::Duration;

use axum::http::header::{self, HeaderValue};
use axum::Router;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;
use tower::ServiceExt;

use crate::answer_body::Tracked;
use crate::connections::{Admitted, Connections};
use crate::limits::Limits;
use crate::refusal_headers::Secured;
use crate::routes::{has_body, ClientIp, RawTarget};
use crate::wire::{Targets, Watched};

/// How long open connections get to finish (a stream its `stopped` event) once sharing stops.
const GRACE: Duration = Duration::from_secs(2);

/// A pause after a failed accept (out of file descriptors, say), so the loop does not spin.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// The listening socket, held where `Share`'s `Drop` can close it at once: the port must be free
/// when the share is gone, not whenever the runtime next gets to the accept loop.
pub(crate) type ListenerSlot = Arc<Mutex<Option<TcpListener>>>;

/// Takes the listener out of its slot and closes it.
pub(crate) fn close(listener: &ListenerSlot) {
    drop(
        listener
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take(),
    );
}

/// Accepts connections until `stopped`, then waits up to [`GRACE`] for the open ones to finish.
pub(crate) async fn run(
    listener: ListenerSlot,
    router: Router,
    limits: Limits,
    mut stopped: watch::Receiver<bool>,
) {
    let connections = Connections::new(&limits);
    let mut open = JoinSet::new();
    loop {
        let accepted = tokio::select! {
            _ = crate::stopped::until_stopped(&mut stopped) => break,
            accepted = accept(&listener) => accepted,
        };
        while open.try_join_next().is_some() {}
        let (stream, peer) = match accepted {
            None => break,
            Some(Ok(accepted)) => accepted,
            Some(Err(_)) => {
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        // Over a bound with every place busy, the connection is closed unanswered: answering
        // would cost what the bound is there to save.
        let Some(admitted) = connections.admit(peer.ip()) else {
            continue;
        };
        open.spawn(serve(
            stream,
            peer,
            admitted,
            router.clone(),
            limits.clone(),
            stopped.clone(),
        ));
    }
    close(&listener);
    let finished = tokio::time::timeout(GRACE, async { while open.join_next().await.is_some() {} });
    if finished.await.is_err() {
        open.shutdown().await;
    }
}

/// The next connection, or `None` once the listener has been closed.
async fn accept(listener: &ListenerSlot) -> Option<std::io::Result<(TcpStream, SocketAddr)>> {
    poll_fn(|cx| {
        let slot = listener.lock().unwrap_or_else(PoisonError::into_inner);
        match slot.as_ref() {
            Some(listener) => listener.poll_accept(cx).map(Some),
            None => Poll::Ready(None),
        }
    })
    .await
}

async fn serve(
    stream: TcpStream,
    peer: SocketAddr,
    admitted: Admitted,
    router: Router,
    limits: Limits,
    mut stopped: watch::Receiver<bool>,
) {
    // Events are small and should reach the phones at once.
    let _ = stream.set_nodelay(true);
    let client = ClientIp(peer.ip());
    let targets = Targets::new(limits.max_header_bytes);
    let place = admitted.handle();
    let service = {
        let targets = targets.clone();
        hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            let busy = place.busy();
            let body = has_body(&request);
            request.extensions_mut().insert(client);
            request.extensions_mut().insert(RawTarget(targets.next()));
            let answer = router.clone().oneshot(request.map(axum::body::Body::new));
            async move {
                let Ok(mut response) = answer.await;
                // Never read, the body's bytes would be taken for the next request's head
                // (`wire`): the connection ends with this answer, whatever it is.
                if body {
                    response
                        .headers_mut()
                        .insert(header::CONNECTION, HeaderValue::from_static("close"));
                }
                Ok::<_, Infallible>(response.map(|body| Tracked::new(body, busy)))
            }
        })
    };
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .max_header_size(limits.max_header_bytes)
        .max_headers(limits.max_headers);
    let io = TokioIo::new(Secured::new(Watched::new(stream, targets)));
    let connection = builder.serve_connection(io, service);
    tokio::pin!(connection);
    tokio::select! {
        // Eviction first: once told, the connection answers nothing more, even a request that
        // came in meanwhile.
        biased;
        () = admitted.evicted() => {}
        _ = connection.as_mut() => {}
        () = crate::stopped::until_stopped(&mut stopped) => {
            // Lets the answer under way finish (a stream ends itself with `stopped`), then closes.
            connection.as_mut().graceful_shutdown();
            let _ = tokio::time::timeout(GRACE, connection).await;
        }
    }
    drop(admitted);
}
