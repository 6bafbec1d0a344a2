//! `rollbook players`: serves an encounter's players' view to the players' devices without a
//! window (issue 14), the same server and page as the window's "Share with the table". The
//! first line printed is the link with its token; it serves until stopped (Ctrl+C), and
//! follows changes made by other processes on the same database, since the server reads the
//! view again every quarter second. Each read is one short transaction: the database is never
//! held locked.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};

use clap::Args;
use rollbook_roster::Store;
use rollbook_share::{Share, ViewSource};

use super::store::{self, Open};
use super::which::Which;
use super::{output, Failure, Global};

pub const EXAMPLES: &str = "\
Examples:
  rollbook players --roster Heroes \"Dockside Ambush\"
  rollbook players --roster Heroes \"Dockside Ambush\" --listen 0.0.0.0:8080

The first line is the link to open on the players' phones (http://ADDRESS:PORT/p/TOKEN/, a new
token each time); the view is read-only and follows every change to the encounter, also from
another `rollbook encounter …` or the window. Ctrl+C stops serving. Without --listen it serves
on every network of this machine, on a free port.";

#[derive(Debug, Args)]
pub struct PlayersArgs {
    #[command(flatten)]
    which: Which,
    /// Where to listen, ADDRESS:PORT (127.0.0.1:8080 for this machine only). Default: every
    /// network, on a free port.
    #[arg(long, value_name = "ADDRESS:PORT")]
    listen: Option<SocketAddr>,
}

/// The encounter's view, read from the database on each call.
struct StoreSource {
    store: Mutex<Store>,
    encounter: uuid::Uuid,
}

impl ViewSource for StoreSource {
    fn view_json(&self) -> Result<String, String> {
        let store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        store
            .players_view_json(self.encounter)
            .map_err(|error| error.to_string())
    }
}

pub fn run(args: PlayersArgs, global: &Global) -> Result<(), Failure> {
    let store = store::open(global, Open::Read)?;
    let encounter = args.which.find(&store)?;
    // Refused now (an encounter in the trash), not on the players' phones.
    store.players_view(encounter.id)?;
    let listen = args
        .listen
        .unwrap_or(SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), 0));
    let source = Arc::new(StoreSource {
        store: Mutex::new(store),
        encounter: encounter.id,
    });
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| Failure::Failed(format!("could not start serving: {error}")))?;
    runtime.block_on(async {
        let server = Share::start(listen, source, rollbook_share::PLAYERS_PAGE)
            .await
            .map_err(|error| match error.code() {
                "address_in_use" | "invalid_address" => Failure::BadInput(error.to_string()),
                _ => Failure::Failed(error.to_string()),
            })?;
        let host = match listen.ip() {
            ip if ip.is_unspecified() => {
                rollbook_share::lan_address().unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
            }
            ip => ip,
        };
        // Listening for the stop before the link is out: whoever read the link may stop us at once.
        let stop = stop_signal();
        output::text(&format!("{}\n", server.link(host)))?;
        if !global.json {
            eprintln!(
                "Sharing \"{}\" with the table (read-only); Ctrl+C stops.",
                encounter.state.name
            );
        }
        stop.await;
        server.stop().await;
        Ok(())
    })
}

/// Ctrl+C, or (on Unix) a polite `kill` or the terminal closing (SIGHUP): each stops serving,
/// and the pages say the GM stopped. The handlers are in place when this returns (not when first
/// awaited). A failure to listen for a signal stops at once rather than serving unstoppably.
fn stop_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let interrupt = signal(SignalKind::interrupt());
        let terminate = signal(SignalKind::terminate());
        let hangup = signal(SignalKind::hangup());
        async move {
            if let (Ok(mut interrupt), Ok(mut terminate), Ok(mut hangup)) =
                (interrupt, terminate, hangup)
            {
                tokio::select! {
                    _ = interrupt.recv() => {}
                    _ = terminate.recv() => {}
                    _ = hangup.recv() => {}
                }
            }
        }
    }
    #[cfg(not(unix))]
    {
        async {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}
