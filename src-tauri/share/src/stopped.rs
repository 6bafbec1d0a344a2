//! The share's stop signal, awaited by the accept loop, each connection and each stream.

use tokio::sync::watch;

/// Resolves once sharing stops (or the share is gone). The guard `wait_for` returns is dropped
/// here, so callers can hold this across an `await` in a task that must be `Send`.
pub(crate) async fn until_stopped(stopped: &mut watch::Receiver<bool>) {
    let _ = stopped.wait_for(|stopped| *stopped).await;
}
