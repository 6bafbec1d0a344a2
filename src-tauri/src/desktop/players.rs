//! What the players see (issue 14): which encounter the players' window shows, and the server
//! of "Share with the table" while it runs. Both receive only the projection the roster crate
//! makes (`rollbook_roster::players`), never the table itself.
//!
//! The players' window follows pushes: every command that changes a table calls
//! [`Screens::changed`], which sends it the new view (event `players-view`, to that window
//! only) and nudges the share server; the server also re-reads the view on its own every
//! quarter second, so the players' phones follow whatever changed.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

use rollbook_roster::Store;
use rollbook_share::{Share, ShareError, ViewSource};
use serde::Serialize;
use tauri::{Emitter, EventTarget, Manager, Runtime};
use uuid::Uuid;

use crate::ipc_error::IpcError;

/// The players' window's label.
pub const PLAYERS_LABEL: &str = "players";
/// The event that carries a new view to the players' window.
pub const VIEW_EVENT: &str = "players-view";
/// Where sharing listens: `$ROLLBOOK_SHARE_LISTEN` (`ADDRESS:PORT`, the tests keep it on
/// loopback), else every network of the machine on a free port.
pub const LISTEN_VARIABLE: &str = "ROLLBOOK_SHARE_LISTEN";

/// The encounter each screen shows, and the running share server.
#[derive(Default)]
pub struct Screens {
    /// The encounter the players' window shows (set when the GM opens it).
    window: Mutex<Option<Uuid>>,
    sharing: Mutex<Option<Sharing>>,
}

struct Sharing {
    server: Share,
    /// Read by the server's source: what it serves follows the GM's choice without a restart.
    encounter: Arc<Mutex<Uuid>>,
    link: String,
}

/// What "Share with the table" shows the GM: the link and its QR code.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ShareStatus {
    pub encounter_id: Uuid,
    /// `http://ADDRESS:PORT/p/TOKEN/`: a new token every time sharing starts.
    pub link: String,
    /// The link as a QR code (SVG), for the players' phones.
    pub qr_svg: String,
}

/// The share server's view: the shared encounter's projection, read from the window's store.
struct StoreSource {
    store: Arc<Mutex<Store>>,
    encounter: Arc<Mutex<Uuid>>,
}

impl ViewSource for StoreSource {
    fn view_json(&self) -> Result<String, String> {
        let id = *self
            .encounter
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        store
            .players_view_json(id)
            .map_err(|error| error.to_string())
    }
}

impl Screens {
    /// Whether any screen follows a table: the players' window or a share server.
    pub fn watching(&self) -> bool {
        self.window_encounter().is_some()
            || self
                .sharing
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .is_some()
    }

    /// The encounter the players' window shows, if any.
    pub fn window_encounter(&self) -> Option<Uuid> {
        *self.window.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn show_in_window(&self, encounter_id: Uuid) {
        *self.window.lock().unwrap_or_else(PoisonError::into_inner) = Some(encounter_id);
    }

    /// Starts sharing `encounter_id` (or, while sharing, switches what is shared to it and keeps
    /// the link).
    pub async fn share(
        &self,
        store: Arc<Mutex<Store>>,
        encounter_id: Uuid,
    ) -> Result<ShareStatus, IpcError> {
        if let Some(status) = self.switch_shared(encounter_id) {
            return Ok(status);
        }
        let listen = listen_address()?;
        let encounter = Arc::new(Mutex::new(encounter_id));
        let source = Arc::new(StoreSource {
            store,
            encounter: encounter.clone(),
        });
        let server = Share::start(listen, source, rollbook_share::PLAYERS_PAGE)
            .await
            .map_err(share_error)?;
        let host = match listen.ip() {
            ip if ip.is_unspecified() => rollbook_share::lan_address().unwrap_or(ip_loopback()),
            ip => ip,
        };
        let link = server.link(host);
        let status = ShareStatus {
            encounter_id,
            qr_svg: rollbook_share::qr_svg(&link),
            link: link.clone(),
        };
        // Two starts raced: keep the first server, stop this one.
        let kept = {
            let mut sharing = self.sharing.lock().unwrap_or_else(PoisonError::into_inner);
            match sharing.as_ref() {
                Some(running) => Some(running.status()),
                None => {
                    *sharing = Some(Sharing {
                        server,
                        encounter,
                        link,
                    });
                    return Ok(status);
                }
            }
        };
        server.stop().await;
        Ok(kept.unwrap_or(status))
    }

    fn switch_shared(&self, encounter_id: Uuid) -> Option<ShareStatus> {
        let sharing = self.sharing.lock().unwrap_or_else(PoisonError::into_inner);
        let running = sharing.as_ref()?;
        *running
            .encounter
            .lock()
            .unwrap_or_else(PoisonError::into_inner) = encounter_id;
        running.server.changed();
        Some(running.status())
    }

    /// What is shared, while sharing is on.
    pub fn share_status(&self) -> Option<ShareStatus> {
        let sharing = self.sharing.lock().unwrap_or_else(PoisonError::into_inner);
        sharing.as_ref().map(Sharing::status)
    }

    /// Stops sharing: the players' pages say so and the port is closed. Nothing happens when
    /// sharing is off.
    pub async fn stop_sharing(&self) {
        let running = self
            .sharing
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(running) = running {
            running.server.stop().await;
        }
    }

    /// A table may have changed: the players' window gets the new view of the encounter it
    /// shows, and the share server looks again at once.
    pub fn changed<R: Runtime>(&self, app: &tauri::AppHandle<R>, store: &Store) {
        if let Some(id) = self.window_encounter() {
            if let Ok(view) = store.players_view(id) {
                // The taskbar and the window switcher say which encounter the TV shows.
                if let Some(window) = app.get_webview_window(PLAYERS_LABEL) {
                    let _ = window.set_title(&window_title(Some(&view.encounter)));
                }
                // The window may be closed: nobody listens, nothing to do.
                let _ = app.emit_to(EventTarget::webview_window(PLAYERS_LABEL), VIEW_EVENT, view);
            }
        }
        if let Some(running) = self
            .sharing
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
        {
            running.server.changed();
        }
    }
}

impl Sharing {
    fn status(&self) -> ShareStatus {
        ShareStatus {
            encounter_id: *self
                .encounter
                .lock()
                .unwrap_or_else(PoisonError::into_inner),
            qr_svg: rollbook_share::qr_svg(&self.link),
            link: self.link.clone(),
        }
    }
}

/// The players' window's title: "Salvage Rights — Players' view — Rollbook".
pub fn window_title(encounter: Option<&str>) -> String {
    match encounter {
        Some(name) => format!("{name} — Players' view — Rollbook"),
        None => "Players' view — Rollbook".to_string(),
    }
}

fn ip_loopback() -> IpAddr {
    IpAddr::V4(Ipv4Addr::LOCALHOST)
}

/// `$ROLLBOOK_SHARE_LISTEN`, else every network on a free port.
fn listen_address() -> Result<SocketAddr, IpcError> {
    match std::env::var(LISTEN_VARIABLE) {
        Ok(text) if !text.trim().is_empty() => text.trim().parse().map_err(|_| {
            IpcError::new(
                "invalid_address",
                format!(
                    "{LISTEN_VARIABLE} is {text:?}; give an address and port such as \
                     127.0.0.1:8080, or leave it empty to share on every network"
                ),
            )
        }),
        _ => Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), 0)),
    }
}

fn share_error(error: ShareError) -> IpcError {
    IpcError::new(error.code(), error.to_string())
}
