//! The players' view (issue 14): the players' window and "Share with the table". The GM's
//! window opens them and says which encounter they show; the players' window may call only
//! `players_view` (its own capability, build.rs). What either shows is the projection of
//! `rollbook_roster::players`, made in Rust: nothing the GM keeps back reaches them.

use rollbook_roster::players::PlayersView;
use tauri::{AppHandle, Manager, Runtime, State, WebviewUrl, WebviewWindow, WebviewWindowBuilder};
use uuid::Uuid;

use crate::desktop::players::{window_title, Screens, ShareStatus, PLAYERS_LABEL};
use crate::desktop::Database;
use crate::ipc_error::IpcError;

/// The view of the encounter the players' window shows (`null` before the GM picks one).
#[tauri::command(rename_all = "snake_case")]
pub async fn players_view(
    db: State<'_, Database>,
    screens: State<'_, Screens>,
) -> Result<Option<PlayersView>, IpcError> {
    let shown = screens.window_encounter();
    db.run(move |store| match shown {
        Some(id) => Ok(Some(store.players_view(id)?)),
        None => Ok(None),
    })
    .await
}

/// Opens the players' window on `encounter_id` (or brings it to the front showing it). The
/// encounter must be live: one in the trash is refused.
#[tauri::command(rename_all = "snake_case")]
pub async fn players_window_open<R: Runtime>(
    app: AppHandle<R>,
    db: State<'_, Database>,
    screens: State<'_, Screens>,
    encounter_id: Uuid,
) -> Result<(), IpcError> {
    // Refused here, before a window opens on something it cannot show.
    let view = db
        .run(move |store| Ok(store.players_view(encounter_id)?))
        .await?;
    let title = window_title(Some(&view.encounter));
    screens.show_in_window(encounter_id);
    match app.get_webview_window(PLAYERS_LABEL) {
        Some(window) => {
            let handle = app.clone();
            db.run(move |store| {
                handle.state::<Screens>().changed(&handle, store);
                Ok(())
            })
            .await?;
            load_again_if_lost(&app, &window)?;
            window.show().map_err(window_error)?;
            window.set_focus().map_err(window_error)
        }
        None => WebviewWindowBuilder::new(
            &app,
            PLAYERS_LABEL,
            WebviewUrl::App("players/index.html".into()),
        )
        .title(title)
        .inner_size(1280.0, 720.0)
        .min_inner_size(480.0, 360.0)
        .build()
        .map(drop)
        .map_err(window_error),
    }
}

/// Starts sharing `encounter_id` with the players' devices (or switches what is shared to it):
/// the link with its unguessable token and its QR code.
#[tauri::command(rename_all = "snake_case")]
pub async fn share_start(
    db: State<'_, Database>,
    screens: State<'_, Screens>,
    encounter_id: Uuid,
) -> Result<ShareStatus, IpcError> {
    db.run(move |store| Ok(store.players_view(encounter_id).map(drop)?))
        .await?;
    screens.share(db.shared_store()?, encounter_id).await
}

/// What is shared while sharing is on, else `null`.
#[tauri::command(rename_all = "snake_case")]
pub async fn share_status(
    db: State<'_, Database>,
    screens: State<'_, Screens>,
) -> Result<Option<ShareStatus>, IpcError> {
    db.compute(|| Ok(())).await?;
    Ok(screens.share_status())
}

/// Stops sharing: the players' pages say the GM stopped, and the port is closed.
#[tauri::command(rename_all = "snake_case")]
pub async fn share_stop(
    db: State<'_, Database>,
    screens: State<'_, Screens>,
) -> Result<(), IpcError> {
    db.compute(|| Ok(())).await?;
    screens.stop_sharing().await;
    Ok(())
}

/// The players' page, where the window opens it.
const PLAYERS_PAGE: &str = "/players/index.html";

/// A players' window that lost its page (sent elsewhere, or left blank when its page went away)
/// would be brought to the front blank: it loads the players' page again, at the app's own
/// origin (the GM's window's), and the page asks for the view as it does when it opens.
fn load_again_if_lost<R: Runtime>(
    app: &AppHandle<R>,
    window: &WebviewWindow<R>,
) -> Result<(), IpcError> {
    if window.url().map_err(window_error)?.path() == PLAYERS_PAGE {
        return Ok(());
    }
    let gm = app.get_webview_window("main").ok_or_else(|| {
        IpcError::new(
            "window_failed",
            "The players' window could not be loaded again (the GM's window is gone); restart Rollbook",
        )
    })?;
    let page = gm
        .url()
        .map_err(window_error)?
        .join(PLAYERS_PAGE)
        .map_err(|error| {
            IpcError::new(
                "window_failed",
                format!(
                    "The players' window could not be loaded again ({error}); close it and press P"
                ),
            )
        })?;
    window.navigate(page).map_err(window_error)
}

fn window_error(error: tauri::Error) -> IpcError {
    IpcError::new(
        "window_failed",
        format!("The players' window could not be shown ({error}); try again"),
    )
}

/// After a command that may have changed a table (a move, an undo, a roll, a deletion): the
/// players' window gets the new view and the share server looks again. Costs nothing while
/// neither is open. A failure here never fails the GM's command: the players' screens catch up
/// with the next change.
pub(super) async fn push<R: Runtime>(app: &AppHandle<R>, db: &Database) {
    if !app.state::<Screens>().watching() {
        return;
    }
    let handle = app.clone();
    let _ = db
        .run(move |store| {
            handle.state::<Screens>().changed(&handle, store);
            Ok(())
        })
        .await;
}
