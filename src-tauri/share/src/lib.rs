//! "Share with the table": a small read-only HTTP server that serves the players' view of an
//! encounter (`docs/players-view.md`) to phones on the local network.
//!
//! It serves exactly three things under a secret path, `/p/TOKEN/`: the page (the embedded files
//! of `ui/players/`), the view as JSON (`state`) and the view as server-sent events (`events`).
//! The view is a projection made elsewhere that holds only what the GM made public; this crate
//! adds nothing to it and reads nothing else.
//!
//! Why each rule:
//!
//! - **The token.** Anyone on the network (a café's, a convention's) can reach the port; only
//!   the people the GM showed the link or QR code know the token. It is 128 bits from the OS's
//!   random source, new at each start (stopping revokes every old link), and compared in
//!   constant time so response timing cannot reveal it piece by piece.
//! - **One spelling, one 404.** The path is matched as it came on the wire, never decoded or
//!   normalised: no `%` escape, `..`, `.`, `//`, backslash, query or fragment can reach anything
//!   another way. Everything not served, whatever the reason (wrong token, no token, unknown name), gets
//!   the same 404 with the same body, so a probe learns nothing, not even that the token was
//!   right.
//! - **GET and HEAD only, no bodies.** The share is read-only; under a valid path any other
//!   method is a 405 that says so (`Allow`), body or not, and a GET's or HEAD's body is refused
//!   (413); a body is never read.
//! - **Security headers on every answer**, hyper's own 400 and 431 included
//!   (`refusal_headers`). The page runs only its own scripts, loads only its
//!   own files and talks only to this server (CSP), cannot be framed, sniffed into another type,
//!   embedded by another site or cached, and sends no referrer carrying the token elsewhere.
//! - **Bounds.** One device must not starve the table or the GM's machine: at most 64 open
//!   connections, 16 per address, 8 of them idle; past a bound the longest-idle connection gives
//!   way to the new one (connections that never send a request cannot lock the phones out),
//!   ~20 requests a second per address (a burst of 40, then 429), a header read timeout against
//!   clients that trickle or idle (slowloris), small request heads. See [`Limits`].
//! - **One poller.** However many phones watch, the source (which may read SQLite) is read by
//!   one task, four times a second or at once after [`Share::changed`], through the blocking
//!   pool; streams are sent an event only when the view's text changed.
//! - **Bound only while running.** [`Share::stop`] (or dropping the [`Share`]) closes the port:
//!   open streams get `event: stopped` and end, and nothing listens any more.

mod answer_body;
mod assets;
mod connections;
mod error;
mod events;
mod lan;
mod limits;
mod qr;
mod refusal_headers;
mod routes;
mod security_headers;
mod server;
mod stopped;
mod token;
mod view_source;
mod wire;

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use assets::{Asset, PLAYERS_PAGE};
pub use error::ShareError;
pub use lan::lan_address;
pub use limits::Limits;
pub use qr::qr_svg;
pub use view_source::ViewSource;

use events::Views;
use limits::RateLimiter;
use routes::App;
use server::ListenerSlot;
use token::Token;

/// A running share. Stop it with [`Share::stop`]; dropping it stops it too.
pub struct Share {
    addr: SocketAddr,
    token: Token,
    views: Arc<Views>,
    stop: watch::Sender<bool>,
    listener: ListenerSlot,
    tasks: Vec<JoinHandle<()>>,
}

impl Share {
    /// Starts serving `assets` (the page, [`PLAYERS_PAGE`] in the app) and `source`'s view on
    /// `listen` with the default [`Limits`]. Port 0 picks a free port; see
    /// [`local_addr`](Share::local_addr). Must be called within a Tokio runtime.
    pub async fn start(
        listen: SocketAddr,
        source: Arc<dyn ViewSource>,
        assets: &'static [Asset],
    ) -> Result<Share, ShareError> {
        Share::start_with(listen, source, assets, Limits::default()).await
    }

    /// [`start`](Share::start) with other bounds.
    pub async fn start_with(
        listen: SocketAddr,
        source: Arc<dyn ViewSource>,
        assets: &'static [Asset],
        limits: Limits,
    ) -> Result<Share, ShareError> {
        let token = Token::new().map_err(|e| ShareError::Random(e.to_string()))?;
        let listener = TcpListener::bind(listen)
            .await
            .map_err(|e| ShareError::binding(listen, e))?;
        let addr = listener
            .local_addr()
            .map_err(|e| ShareError::binding(listen, e))?;
        let (stop, stopped) = watch::channel(false);
        let views = Views::new();
        let app = Arc::new(App {
            token: token.clone(),
            source: Arc::clone(&source),
            assets,
            views: Arc::clone(&views),
            stopped: stopped.clone(),
            rate: RateLimiter::new(&limits),
        });
        let listener: ListenerSlot = Arc::new(Mutex::new(Some(listener)));
        let tasks = vec![
            tokio::spawn(events::poll(source, Arc::clone(&views), stopped.clone())),
            tokio::spawn(server::run(
                Arc::clone(&listener),
                routes::router(app),
                limits,
                stopped,
            )),
        ];
        Ok(Share {
            addr,
            token,
            views,
            stop,
            listener,
            tasks,
        })
    }

    /// The address it listens on (with the port chosen when asked for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The secret part of the link: 32 lower-case hex digits, new at each start.
    pub fn token(&self) -> &str {
        self.token.as_str()
    }

    /// The link players open: `http://HOST:PORT/p/TOKEN/` (an IPv6 host in brackets). `host` is
    /// the address phones reach this machine at, e.g. [`lan_address`] when listening on
    /// `0.0.0.0`.
    pub fn link(&self, host: IpAddr) -> String {
        let addr = SocketAddr::new(host, self.addr.port());
        format!("http://{addr}/p/{}/", self.token.as_str())
    }

    /// The view may have changed: read it now rather than at the next poll, and send it to the
    /// streams if it did.
    pub fn changed(&self) {
        self.views.nudge();
    }

    /// Stops serving: open streams get `event: stopped` and end, open connections get a moment
    /// to finish, and when this returns the port is free.
    pub async fn stop(mut self) {
        self.signal_stop();
        for task in self.tasks.drain(..) {
            let _ = task.await;
        }
    }

    fn signal_stop(&self) {
        self.stop.send_replace(true);
        server::close(&self.listener);
    }
}

impl Drop for Share {
    /// Closes the port at once; open streams still get `stopped` and connections end in the
    /// background, as the runtime gets to them.
    fn drop(&mut self) {
        self.signal_stop();
    }
}
