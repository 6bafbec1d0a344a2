//! Gives every command of the window (src/desktop/commands/list.rs, the one list) its
//! allow-/deny- permission and writes the window's capability: exactly those commands and the
//! native open/save dialogs, nothing else.

use std::path::Path;

include!("src/desktop/commands/list.rs");

const COMMANDS: &[&str] = window_commands!(command_names);

/// What the window may call besides its own commands.
const PLUGIN_GRANTS: &[&str] = &["dialog:allow-open", "dialog:allow-save"];

fn main() {
    println!("cargo:rerun-if-changed=src/desktop/commands/list.rs");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let capabilities = Path::new(&out_dir).join("capabilities");
    std::fs::create_dir_all(&capabilities).expect("the capability folder can be made");
    std::fs::write(capabilities.join("default.json"), capability())
        .expect("the capability can be written");
    std::fs::write(capabilities.join("players.json"), players_capability())
        .expect("the players' capability can be written");
    // tauri-build wants the pattern for the life of the build.
    let pattern: &'static str =
        Box::leak(format!("{}/*.json", capabilities.display()).into_boxed_str());
    let attributes = tauri_build::Attributes::new()
        .capabilities_path_pattern(pattern)
        .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS));
    tauri_build::try_build(attributes).expect("tauri build step failed");
}

/// What the players' window may do: read the view and hear that it changed. Nothing else: it
/// shows what the GM shares, on a screen the players can touch.
const PLAYERS_GRANTS: &[&str] = &[
    "allow-players-view",
    "core:event:allow-listen",
    "core:event:allow-unlisten",
];

/// The players' window's capability (issue 14).
fn players_capability() -> String {
    let permissions = PLAYERS_GRANTS
        .iter()
        .map(|permission| format!("    \"{permission}\""))
        .collect::<Vec<_>>()
        .join(",\n");
    format!(
        r#"{{
  "identifier": "players",
  "description": "The players' window may read the players' view and listen for its changes; nothing else.",
  "windows": ["players"],
  "permissions": [
{permissions}
  ]
}}
"#
    )
}

/// The main window's capability (the preview window gets none, so it can call nothing).
fn capability() -> String {
    let permissions = COMMANDS
        .iter()
        .map(|command| format!("allow-{}", command.replace('_', "-")))
        .chain(PLUGIN_GRANTS.iter().map(|grant| grant.to_string()))
        .map(|permission| format!("    \"{permission}\""))
        .collect::<Vec<_>>()
        .join(",\n");
    format!(
        r#"{{
  "identifier": "default",
  "description": "The main window may call Rollbook's own commands (docs/ipc.md) and open the native open/save file dialogs; nothing else.",
  "windows": ["main"],
  "permissions": [
{permissions}
  ]
}}
"#
    )
}
