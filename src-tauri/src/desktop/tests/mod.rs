//! The IPC commands through Tauri's mock runtime: the real configuration, capability, plugins
//! and a real database file in a temp folder, no display. The shapes and the path from the
//! window to the store are checked here; the numbers themselves are the crates' own tests.

mod damaged;
mod encounters;
mod flows;
mod players;
mod refused;
mod rules;
mod surface;
mod systems;

use std::path::Path;

use serde_json::Value;
use tauri::ipc::{CallbackFn, InvokeBody};
use tauri::test::{get_ipc_response, mock_builder, MockRuntime, INVOKE_KEY};
use tauri::webview::InvokeRequest;
use tauri::{Manager, WebviewWindow, WebviewWindowBuilder};

use super::Database;

/// The app as the window runs it, on its own database.
pub(super) struct Window {
    // Kept alive for the webview; dropped with the window.
    _app: tauri::App<MockRuntime>,
    webview: WebviewWindow<MockRuntime>,
    _dir: Option<tempfile::TempDir>,
}

impl Window {
    /// A window on a new database in a temp folder.
    pub fn new() -> Window {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = dir.path().join("rollbook.sqlite3");
        let mut window = Window::on(&db);
        window._dir = Some(dir);
        window
    }

    /// A window on the database at `db` (created when missing, refused when not Rollbook's).
    pub fn on(db: &Path) -> Window {
        let app = super::build_app(mock_builder(), Database::open(db))
            .expect("app builds on the mock runtime");
        let webview = match app.get_webview_window("main") {
            Some(window) => window,
            None => WebviewWindowBuilder::new(&app, "main", Default::default())
                .build()
                .expect("main window"),
        };
        Window {
            _app: app,
            webview,
            _dir: None,
        }
    }

    /// The app behind the window (its state, its other windows).
    pub fn app(&self) -> &tauri::AppHandle<MockRuntime> {
        self.webview.app_handle()
    }

    pub fn invoke(&self, command: &str, args: Value) -> Result<Value, Value> {
        invoke_on(&self.webview, command, args)
    }

    /// `invoke` from another window of the app (`players`, …), opened when it is not yet: what
    /// that window's own capability lets it call.
    pub fn invoke_from(&self, label: &str, command: &str, args: Value) -> Result<Value, Value> {
        let app = self.app();
        let webview = match app.get_webview_window(label) {
            Some(window) => window,
            None => WebviewWindowBuilder::new(app, label, Default::default())
                .build()
                .expect("a second window"),
        };
        invoke_on(&webview, command, args)
    }

    /// The answer of a command that must succeed.
    pub fn ok(&self, command: &str, args: Value) -> Value {
        self.invoke(command, args)
            .unwrap_or_else(|error| panic!("{command} failed: {error}"))
    }

    /// The rosters `rosters` lists, where none is damaged.
    pub fn rosters(&self) -> Value {
        let mut listed = self.ok("rosters", serde_json::json!({}));
        assert_eq!(listed["damaged"], serde_json::json!([]), "{listed}");
        listed["rosters"].take()
    }

    /// The error of a command that must fail.
    pub fn err(&self, command: &str, args: Value) -> Value {
        match self.invoke(command, args) {
            Ok(answer) => panic!("{command} answered {answer} instead of failing"),
            Err(error) => error,
        }
    }
}

/// One IPC call from `webview`, as its page would make it.
fn invoke_on(
    webview: &WebviewWindow<MockRuntime>,
    command: &str,
    args: Value,
) -> Result<Value, Value> {
    get_ipc_response(
        webview,
        InvokeRequest {
            cmd: command.into(),
            callback: CallbackFn(0),
            error: CallbackFn(1),
            url: "tauri://localhost".parse().unwrap(),
            body: InvokeBody::Json(args),
            headers: Default::default(),
            invoke_key: INVOKE_KEY.to_string(),
        },
    )
    .map(|body| body.deserialize::<Value>().expect("JSON answer"))
}
