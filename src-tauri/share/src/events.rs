//! The view, kept fresh for every open stream by one poller, and the streams themselves.
//!
//! One poller for all streams: the source may read SQLite, and a table of phones must not
//! multiply those reads. It reads every [`POLL_EVERY`] (or at once when nudged by
//! [`Share::changed`](crate::Share::changed)), only while someone is listening, and publishes the
//! text only when it differs, so a stream sends an event only when the view changed.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream};
use tokio::sync::{watch, Notify};
use tokio::time::{interval, MissedTickBehavior};

use crate::view_source::ViewSource;

/// How often the poller reads the source while streams are open.
pub(crate) const POLL_EVERY: Duration = Duration::from_millis(250);

/// A comment this often keeps idle streams open through phones' and routers' timeouts.
const KEEP_ALIVE_EVERY: Duration = Duration::from_secs(15);

/// The latest view read and who is waiting for the next one.
pub(crate) struct Views {
    latest: watch::Sender<Option<Arc<str>>>,
    nudge: Notify,
}

impl Views {
    pub(crate) fn new() -> Arc<Views> {
        Arc::new(Views {
            latest: watch::Sender::new(None),
            nudge: Notify::new(),
        })
    }

    /// Read the source now rather than at the next tick. A nudge while a read is under way is
    /// kept (`notify_one` stores it), so a change made during a read is not missed.
    pub(crate) fn nudge(&self) {
        self.nudge.notify_one();
    }
}

/// Reads the source through the blocking pool (it may wait on SQLite); a panic in it is an error
/// like any other, not a dead server.
pub(crate) async fn read(source: &Arc<dyn ViewSource>) -> Result<String, String> {
    let source = Arc::clone(source);
    tokio::task::spawn_blocking(move || source.view_json())
        .await
        .unwrap_or_else(|_| Err(String::from("the players' view could not be read")))
}

/// The poller: runs until `stopped` turns true.
pub(crate) async fn poll(
    source: Arc<dyn ViewSource>,
    views: Arc<Views>,
    mut stopped: watch::Receiver<bool>,
) {
    let mut tick = interval(POLL_EVERY);
    tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = crate::stopped::until_stopped(&mut stopped) => return,
            _ = tick.tick() => {}
            _ = views.nudge.notified() => {}
        }
        if views.latest.receiver_count() == 0 {
            continue;
        }
        // A failed read keeps the last view: the streams have nothing better to show.
        if let Ok(json) = read(&source).await {
            views.latest.send_if_modified(|latest| {
                if latest.as_deref() == Some(json.as_str()) {
                    false
                } else {
                    *latest = Some(json.into());
                    true
                }
            });
        }
    }
}

/// What a stream still has to do.
struct Feed {
    first: Option<String>,
    views: watch::Receiver<Option<Arc<str>>>,
    stopped: watch::Receiver<bool>,
    sent: Option<Arc<str>>,
    done: bool,
}

/// `GET /p/TOKEN/events`: `event: view` with the JSON at once and whenever it changes,
/// `event: stopped` when sharing stops, and keep-alive comments between.
pub(crate) async fn stream(
    source: &Arc<dyn ViewSource>,
    views: &Views,
    stopped: watch::Receiver<bool>,
) -> Response {
    // Subscribe before reading, so a change published during the read is not missed; the first
    // event comes from a read of our own, as the poller may hold an old view (it only reads while
    // someone listens).
    let mut receiver = views.latest.subscribe();
    receiver.mark_unchanged();
    views.nudge();
    let first = read(source).await.ok();
    let state = Feed {
        first,
        views: receiver,
        stopped,
        sent: None,
        done: false,
    };
    Sse::new(events(state))
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE_EVERY))
        .into_response()
}

fn events(state: Feed) -> impl Stream<Item = Result<Event, Infallible>> {
    stream::unfold(state, |mut state| async move {
        if state.done {
            return None;
        }
        if let Some(first) = state.first.take() {
            let first: Arc<str> = first.into();
            state.sent = Some(Arc::clone(&first));
            return Some((Ok(view_event(&first)), state));
        }
        loop {
            tokio::select! {
                biased;
                _ = crate::stopped::until_stopped(&mut state.stopped) => break,
                changed = state.views.changed() => {
                    if changed.is_err() {
                        break;
                    }
                    let latest = state.views.borrow_and_update().clone();
                    if let Some(view) = latest {
                        if state.sent.as_deref() != Some(&*view) {
                            state.sent = Some(Arc::clone(&view));
                            return Some((Ok(view_event(&view)), state));
                        }
                    }
                }
            }
        }
        state.done = true;
        // An event with no data is never dispatched by a browser, so `stopped` carries a word.
        Some((Ok(Event::default().event("stopped").data("stopped")), state))
    })
}

fn view_event(json: &str) -> Event {
    Event::default().event("view").data(json)
}
