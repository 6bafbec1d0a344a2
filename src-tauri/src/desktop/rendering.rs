//! How WebKitGTK draws the window on Linux.
//!
//! Rollbook's pages are forms, lists and tables: nothing that needs the GPU. With accelerated
//! compositing WebKit keeps GL layers for them (under Mesa's software renderer when there is no
//! GPU) that cost the web process some 80 MiB of an idle window's 320; drawn without it the
//! whole window takes about 240 MiB (README, Performance: Memory). So the window starts without
//! compositing unless whoever started it chose otherwise: `WEBKIT_DISABLE_COMPOSITING_MODE=0`
//! turns it back on (WebKit reads that variable itself; any value but `0` turns it off).
//!
//! WebKit reads the variable as it makes its first web view and web process, and Tauri's window
//! builder has no setting for it before then, so it is set in the environment: before `main`
//! starts any thread, which is when changing the environment is sound.

/// The variable WebKitGTK reads to draw without accelerated compositing.
const DISABLE_COMPOSITING: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";

/// Turns WebKit's accelerated compositing off unless the environment already says either way.
/// Call it first thing in `main`, while the process has one thread.
pub fn choose_rendering() {
    if cfg!(target_os = "linux") && std::env::var_os(DISABLE_COMPOSITING).is_none() {
        std::env::set_var(DISABLE_COMPOSITING, "1");
    }
}
