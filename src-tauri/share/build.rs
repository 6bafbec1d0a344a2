//! Embeds the players' page (`ui/players/`, beside the window's own `ui/`) as `PLAYERS_PAGE`.
//!
//! Every regular file directly in the folder becomes one `Asset`, served under its file name and
//! nothing else, so the server never touches the disk. A name outside `[a-z0-9._-]` or an
//! extension without a known content type stops the build: better a build error than a page
//! served with a name a route cannot reach or a type a browser guesses at. Hidden files (an
//! editor's swap file) are not part of the page and are left out. A missing folder embeds
//! nothing, so the crate builds on its own.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../ui/players");
    // Watching the folder reruns the script when a file is added, removed or changed in it, and
    // when the folder itself appears.
    println!("cargo:rerun-if-changed={}", dir.display());

    let mut files = page_files(&dir);
    files.sort();
    let mut code = String::from("&[\n");
    for (name, path) in &files {
        let content_type = content_type(name).unwrap_or_else(|| {
            panic!(
                "ui/players/{name}: no content type for this extension \
                 (known: html, js, css, svg, png, json)"
            )
        });
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            code,
            "    Asset {{ name: {name:?}, content_type: {content_type:?}, bytes: include_bytes!({:?}) }},",
            path.display().to_string()
        )
        .expect("writing to a String");
    }
    code.push(']');
    let out =
        PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("players_page.rs");
    fs::write(&out, code).expect("writing players_page.rs into OUT_DIR");
}

/// The regular files directly in `dir` (name, absolute path); none when it does not exist.
fn page_files(dir: &Path) -> Vec<(String, PathBuf)> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Vec::new(),
        Err(e) => panic!("reading {}: {e}", dir.display()),
    };
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()));
        let file_type = entry.file_type().expect("a directory entry's type");
        if !file_type.is_file() {
            continue;
        }
        let name = entry.file_name().into_string().unwrap_or_else(|name| {
            panic!(
                "ui/players/{}: file names must be ASCII [a-z0-9._-]",
                name.to_string_lossy()
            )
        });
        if name.starts_with('.') {
            continue;
        }
        if !name
            .bytes()
            .all(|b| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'.' | b'_' | b'-'))
        {
            panic!("ui/players/{name}: file names must be [a-z0-9._-] (lower case, no spaces)");
        }
        let path = fs::canonicalize(entry.path()).expect("an absolute path to the file");
        files.push((name, path));
    }
    files
}

fn content_type(name: &str) -> Option<&'static str> {
    let (_, ext) = name.rsplit_once('.')?;
    Some(match ext {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "json" => "application/json",
        _ => return None,
    })
}
