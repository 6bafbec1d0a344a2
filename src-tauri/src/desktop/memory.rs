//! What the window keeps in memory that is ours to decide. WebKitGTK's default cache model is a
//! web browser's: it keeps decoded pages, images and resources of sites visited, for going back
//! and forth. Rollbook loads one page from its own assets and never navigates, so the
//! document-viewer model (no page cache, a minimal memory cache) holds nothing it needs.
//! Measured by scripts/bench/window_memory.py (README, Performance).

use tauri::{Manager, Runtime};

/// Sets the cache model of every webview the app has (one, the main window).
pub fn keep_caches_small<R: Runtime>(app: &tauri::App<R>) {
    for window in app.webview_windows().values() {
        let _ = window.with_webview(|webview| {
            #[cfg(target_os = "linux")]
            {
                use webkit2gtk::{CacheModel, WebContextExt, WebViewExt};
                if let Some(context) = webview.inner().context() {
                    context.set_cache_model(CacheModel::DocumentViewer);
                }
            }
            #[cfg(not(target_os = "linux"))]
            let _ = webview;
        });
    }
}
