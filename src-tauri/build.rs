fn main() {
    // Generating allow-/deny- permissions for exactly our commands means the window's
    // capability can grant these three and nothing else (see capabilities/default.json).
    let attributes = tauri_build::Attributes::new()
        .app_manifest(tauri_build::AppManifest::new().commands(&["catalog", "odds", "roll"]));
    tauri_build::try_build(attributes).expect("tauri build step failed");
}
