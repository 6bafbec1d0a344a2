//! Printing sheets from the window. `print_preview` lays the sheets out (`rollbook_roster::print`)
//! and shows them in a second window, page by page at the paper's size; `print_preview_print`
//! opens the system print dialog on that window (set up with the sheets' paper and margins,
//! `print_dialog.rs`; "Save as PDF" is there too) and answers whether it printed;
//! `print_preview_close` closes it.
//!
//! The preview window is as closed as a window can be: it loads the document from the
//! `rollbook-print:` scheme, which answers that one window only, with a Content-Security-Policy
//! that allows no script and nothing from anywhere (`default-src 'none'`, the sheet's inline
//! stylesheet only), and no capability names it, so it can call no command.

use std::sync::{Mutex, PoisonError};

use rollbook_roster::operations::print::{print_html, PrintRefused};
use rollbook_roster::print::{Paper, SheetPages};
use serde::Serialize;
use serde_json::Value;
use tauri::http::{header, Response, StatusCode};
use tauri::{
    AppHandle, Manager, Runtime, State, UriSchemeContext, WebviewUrl, WebviewWindowBuilder,
};
use uuid::Uuid;

use super::argument::argument;
use crate::desktop::{print_dialog, Database};
use crate::ipc_error::IpcError;

/// The preview window's label.
pub const PREVIEW_LABEL: &str = "print-preview";
/// The scheme the preview window loads the sheets from.
pub const SCHEME: &str = "rollbook-print";

/// The sheets the preview window shows, and how many times they were laid out (each layout gets
/// its own URL, so the webview never shows a cached one).
#[derive(Debug, Default)]
pub struct PrintPreview {
    document: Mutex<(Option<(String, Paper)>, u64)>,
}

/// What `print_preview` laid out.
#[derive(Debug, Clone, Serialize)]
pub struct Printed {
    pub roster: String,
    pub paper: Paper,
    /// Pages in all (a character whose lists outgrow a page takes more than one).
    pub pages: usize,
    /// Each character printed, in order, with its pages.
    pub sheets: Vec<SheetPages>,
}

/// Lays out the sheets of `character_ids` of the roster `roster_id` (every character of it, in
/// roster order, when the list is empty) on `paper` ("a4" or "letter"), dated today, and shows
/// them in the preview window (opened, or brought to the front with the new sheets).
#[tauri::command(rename_all = "snake_case")]
pub async fn print_preview<R: Runtime>(
    app: AppHandle<R>,
    db: State<'_, Database>,
    preview: State<'_, PrintPreview>,
    roster_id: Uuid,
    character_ids: Vec<Uuid>,
    paper: Value,
) -> Result<Printed, IpcError> {
    let paper: Paper = argument("paper", paper)?;
    let (roster, printout) = db
        .run(move |store| {
            let roster = store.roster(roster_id)?;
            let wanted: Vec<String> = character_ids.iter().map(Uuid::to_string).collect();
            let today = jiff::Zoned::now().date();
            let printout = print_html(store, &roster, &wanted, paper, today).map_err(refusal)?;
            Ok((roster.name, printout))
        })
        .await?;
    let title = match printout.sheets.as_slice() {
        [one] => format!("Print preview — {}", one.name),
        _ => format!("Print preview — {roster}"),
    };
    let version = preview.show(printout.html, paper);
    open_window(&app, &title, version)?;
    Ok(Printed {
        roster,
        paper,
        pages: printout.pages,
        sheets: printout.sheets,
    })
}

/// Opens the system print dialog on the preview window, with the sheets' paper and margins;
/// answers `true` once the sheets went to the printer (or a PDF), `false` when it was cancelled.
#[tauri::command(rename_all = "snake_case")]
pub async fn print_preview_print<R: Runtime>(
    app: AppHandle<R>,
    db: State<'_, Database>,
    preview: State<'_, PrintPreview>,
) -> Result<bool, IpcError> {
    refused(&db)?;
    let no_preview = || {
        IpcError::invalid_argument(
            "There is no print preview open; choose Print again to lay the sheets out",
        )
    };
    let window = app
        .get_webview_window(PREVIEW_LABEL)
        .ok_or_else(no_preview)?;
    let paper = preview.paper().ok_or_else(no_preview)?;
    let answer = print_dialog::open(&window, paper).map_err(window_error)?;
    // The dialog is modal on the window's own thread; wait for its answer off the runtime.
    tauri::async_runtime::spawn_blocking(move || answer.recv())
        .await
        .ok()
        .and_then(Result::ok)
        .ok_or_else(|| {
            IpcError::new(
                "window_failed",
                "The print dialog could not be opened on the preview window; try again",
            )
        })
}

/// Closes the preview window (nothing happens when none is open).
#[tauri::command(rename_all = "snake_case")]
pub async fn print_preview_close<R: Runtime>(
    app: AppHandle<R>,
    db: State<'_, Database>,
    preview: State<'_, PrintPreview>,
) -> Result<(), IpcError> {
    refused(&db)?;
    preview.clear();
    match app.get_webview_window(PREVIEW_LABEL) {
        Some(window) => window.close().map_err(window_error),
        None => Ok(()),
    }
}

impl PrintPreview {
    /// Keeps `html`, laid out for `paper`, for the preview window; answers its version.
    fn show(&self, html: String, paper: Paper) -> u64 {
        let mut document = self.document.lock().unwrap_or_else(PoisonError::into_inner);
        document.0 = Some((html, paper));
        document.1 += 1;
        document.1
    }

    fn clear(&self) {
        self.document
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .0 = None;
    }

    fn html(&self) -> Option<String> {
        let document = self.document.lock().unwrap_or_else(PoisonError::into_inner);
        document.0.as_ref().map(|(html, _)| html.clone())
    }

    fn paper(&self) -> Option<Paper> {
        let document = self.document.lock().unwrap_or_else(PoisonError::into_inner);
        document.0.as_ref().map(|(_, paper)| *paper)
    }
}

/// The address of the sheets' document, as each platform spells a custom scheme.
fn document_url(version: u64) -> tauri::Url {
    let base = if cfg!(any(windows, target_os = "android")) {
        format!("http://{SCHEME}.localhost")
    } else {
        format!("{SCHEME}://localhost")
    };
    tauri::Url::parse(&format!("{base}/sheets.html?v={version}")).expect("a valid URL")
}

fn open_window<R: Runtime>(app: &AppHandle<R>, title: &str, version: u64) -> Result<(), IpcError> {
    let url = document_url(version);
    if let Some(window) = app.get_webview_window(PREVIEW_LABEL) {
        window.navigate(url).map_err(window_error)?;
        window.set_title(title).map_err(window_error)?;
        window.show().map_err(window_error)?;
        return window.set_focus().map_err(window_error);
    }
    WebviewWindowBuilder::new(app, PREVIEW_LABEL, WebviewUrl::CustomProtocol(url))
        .title(title)
        // A little wider than a Letter page at 96 dpi, with room for the page's shadow.
        .inner_size(900.0, 1000.0)
        .min_inner_size(480.0, 400.0)
        .build()
        .map(drop)
        .map_err(window_error)
}

/// The `rollbook-print:` scheme: the preview window, and only it, gets the sheets.
pub fn protocol<R: Runtime>(
    ctx: UriSchemeContext<'_, R>,
    request: tauri::http::Request<Vec<u8>>,
) -> Response<Vec<u8>> {
    if ctx.webview_label() != PREVIEW_LABEL {
        return answer(StatusCode::FORBIDDEN, "text/plain", Vec::new());
    }
    let html = ctx.app_handle().state::<PrintPreview>().html();
    respond(html, request.uri().path())
}

/// The answer to a request for `path` while `html` is being previewed.
fn respond(html: Option<String>, path: &str) -> Response<Vec<u8>> {
    match (path, html) {
        ("/sheets.html", Some(html)) => answer(
            StatusCode::OK,
            "text/html; charset=utf-8",
            html.into_bytes(),
        ),
        _ => answer(StatusCode::NOT_FOUND, "text/plain", Vec::new()),
    }
}

/// The sheet's own stylesheet and its fonts (data: URLs inside it), and nothing else: no script,
/// no request anywhere.
pub const PREVIEW_CSP: &str =
    "default-src 'none'; style-src 'unsafe-inline'; font-src data:; base-uri 'none'; form-action 'none'";

fn answer(status: StatusCode, content_type: &str, body: Vec<u8>) -> Response<Vec<u8>> {
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, content_type)
        .header(header::CONTENT_SECURITY_POLICY, PREVIEW_CSP)
        .header(header::CACHE_CONTROL, "no-store")
        .body(body)
        .expect("a valid response")
}

/// Every command answers a refused database (no preview can be open then anyway).
fn refused(db: &Database) -> Result<(), IpcError> {
    match db.refusal() {
        Some(refusal) => Err(refusal.clone()),
        None => Ok(()),
    }
}

/// The print operation's refusal, under its own code (a store refusal keeps its problems).
fn refusal(refused: PrintRefused) -> IpcError {
    match refused {
        PrintRefused::Store(error) => error.into(),
        other => IpcError::new(other.code(), other.to_string()),
    }
}

fn window_error(error: tauri::Error) -> IpcError {
    IpcError::new(
        "window_failed",
        format!("The print preview window could not be shown ({error}); try again"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rollbook_roster::{ImportMode, Store};
    use serde_json::json;

    use crate::desktop::tests::Window;

    /// The window over a database holding every fixture roster, and the ids of the d12 roster
    /// and its characters.
    fn app() -> (tempfile::TempDir, Window, Uuid, Vec<Uuid>) {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("rollbook.sqlite3");
        let mut store = Store::open(&db).unwrap();
        let fixture = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/roster/tests/fixtures/all-systems.json"
        );
        store
            .import_file(fixture, ImportMode::Merge, |_, _| {})
            .unwrap();
        let roster = store.find_roster("Friday Night Heroes").unwrap();
        let ids = store
            .characters(roster.id)
            .unwrap()
            .iter()
            .map(|c| c.id)
            .collect();
        drop(store);
        let window = Window::on(&db);
        (dir, window, roster.id, ids)
    }

    #[test]
    fn printing_shows_the_sheets_in_the_preview_window() {
        let (_dir, window, roster, ids) = app();
        let whole = window
            .invoke(
                "print_preview",
                json!({"roster_id": roster, "character_ids": [], "paper": "a4"}),
            )
            .unwrap();
        assert_eq!(whole["roster"], "Friday Night Heroes");
        assert_eq!(
            (whole["pages"].as_u64(), whole["paper"].as_str()),
            (Some(4), Some("a4"))
        );
        assert!(window.app().get_webview_window(PREVIEW_LABEL).is_some());
        let html = window.app().state::<PrintPreview>().html().unwrap();
        assert!(html.contains("<h1>Vex</h1>") && html.contains("size: A4;"));

        // The selection, in the order given, on Letter: the same window shows the new sheets.
        let two = window
            .invoke(
                "print_preview",
                json!({"roster_id": roster, "character_ids": [ids[1], ids[0]], "paper": "letter"}),
            )
            .unwrap();
        let names: Vec<&str> = two["sheets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["Juno Park", "Vex"]);
        let html = window.app().state::<PrintPreview>().html().unwrap();
        assert!(html.contains("size: letter;") && !html.contains("<h1>Brick</h1>"));

        window.invoke("print_preview_close", json!({})).unwrap();
        assert_eq!(window.app().state::<PrintPreview>().html(), None);
    }

    #[test]
    fn a_bad_paper_or_a_character_of_another_roster_is_refused() {
        let (_dir, window, roster, _) = app();
        let error = window
            .invoke(
                "print_preview",
                json!({"roster_id": roster, "character_ids": [], "paper": "b5"}),
            )
            .unwrap_err();
        assert_eq!(error["code"], "invalid_argument");
        assert!(error["message"]
            .as_str()
            .unwrap()
            .starts_with("paper: unknown variant `b5`"));
        let rosters = window.invoke("rosters", json!({})).unwrap();
        let other = rosters["rosters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == "Pixel Vanguard")
            .unwrap()["id"]
            .clone();
        let glitch = window
            .invoke("character_summaries", json!({"roster_id": other}))
            .unwrap()["characters"][1]["id"]
            .clone();
        let error = window
            .invoke(
                "print_preview",
                json!({"roster_id": roster, "character_ids": [glitch], "paper": "a4"}),
            )
            .unwrap_err();
        assert_eq!(error["code"], "invalid_argument");
        assert_eq!(
            error["message"],
            "Glitch is not in the roster Friday Night Heroes; print each roster's characters with their own roster"
        );
    }

    #[test]
    fn the_scheme_serves_the_sheets_with_a_csp_that_allows_no_script() {
        let ok = respond(Some("<!DOCTYPE html><p>Vex</p>".into()), "/sheets.html");
        assert_eq!(ok.status(), StatusCode::OK);
        assert_eq!(ok.body(), b"<!DOCTYPE html><p>Vex</p>");
        let csp = ok.headers()[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap();
        assert!(csp.starts_with("default-src 'none';") && !csp.contains("script"));
        assert_eq!(ok.headers()[header::CACHE_CONTROL], "no-store");
        assert_eq!(
            respond(None, "/sheets.html").status(),
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            respond(Some("x".into()), "/other.html").status(),
            StatusCode::NOT_FOUND
        );
    }

    #[test]
    fn each_layout_gets_its_own_url() {
        let preview = PrintPreview::default();
        let first = preview.show("a".into(), Paper::A4);
        let second = preview.show("b".into(), Paper::Letter);
        assert_ne!(document_url(first), document_url(second));
        assert_eq!(preview.html().as_deref(), Some("b"));
        assert_eq!(preview.paper(), Some(Paper::Letter));
        preview.clear();
        assert_eq!((preview.html(), preview.paper()), (None, None));
        assert!(document_url(1).as_str().contains("rollbook-print"));
    }
}
