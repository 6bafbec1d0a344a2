//! The command surface is declared once (commands/list.rs); everything else that names the
//! commands must agree with it: the functions marked `#[tauri::command]`, the one handler,
//! the wrappers of ui/js/api.js and the rows of docs/ipc.md.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::super::commands::DECLARED;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every file under `dir` whose name ends with `ending`.
fn files(dir: &Path, ending: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files(&path, ending));
        } else if path.to_string_lossy().ends_with(ending) {
            found.push(path);
        }
    }
    found.sort();
    found
}

/// How often each name occurs.
fn counted<'a>(names: impl IntoIterator<Item = &'a str>) -> BTreeMap<&'a str, usize> {
    let mut counts = BTreeMap::new();
    for name in names {
        *counts.entry(name).or_default() += 1;
    }
    counts
}

/// `names` must be the declared commands, each once: says what is missing, extra or repeated.
fn check_against_declared(names: &BTreeMap<&str, usize>, what: &str) -> Result<(), String> {
    let missing: Vec<&str> = DECLARED
        .iter()
        .copied()
        .filter(|c| !names.contains_key(c))
        .collect();
    let extra: Vec<&str> = names
        .keys()
        .copied()
        .filter(|n| !DECLARED.contains(n))
        .collect();
    let repeated: Vec<&str> = names
        .iter()
        .filter(|(_, &n)| n > 1)
        .map(|(name, _)| *name)
        .collect();
    if missing.is_empty() && extra.is_empty() && repeated.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{what} disagrees with src/desktop/commands/list.rs: missing {missing:?}, not declared \
         {extra:?}, more than once {repeated:?}"
    ))
}

/// The commands `call('name'…)` in api.js.
fn api_wrappers(api: &str) -> BTreeMap<&str, usize> {
    counted(api.split("call('").skip(1).filter_map(|rest| {
        let name = &rest[..rest.find('\'')?];
        Some(name)
    }))
}

/// The first cell of each table row of ipc.md that names a command: "| `name` | …".
fn documented(ipc: &str) -> BTreeMap<&str, usize> {
    counted(ipc.lines().filter_map(|line| {
        let cell = line.strip_prefix("| `")?;
        Some(&cell[..cell.find('`')?])
    }))
}

/// The functions marked `#[tauri::command…]` in `source`.
fn command_functions(source: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut marked = false;
    for line in source.lines().map(str::trim) {
        if line.starts_with("#[tauri::command") {
            marked = true;
        } else if marked {
            if let Some((_, rest)) = line.split_once("fn ") {
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                found.push(&rest[..end]);
                marked = false;
            }
        }
    }
    found
}

#[test]
fn every_command_is_declared_once() {
    let declared = counted(DECLARED.iter().copied());
    check_against_declared(&declared, "the list itself").unwrap();
}

#[test]
fn api_js_has_one_wrapper_for_each_declared_command_and_nothing_else_calls_rust() {
    let ui = repo().join("ui/js");
    let api = read(&ui.join("api.js"));
    check_against_declared(&api_wrappers(&api), "ui/js/api.js").unwrap();
    for file in files(&ui, ".js") {
        if file.ends_with("api.js") {
            continue;
        }
        let text = read(&file);
        assert!(
            !text.contains("__TAURI__"),
            "{} talks to Tauri itself; go through ui/js/api.js",
            file.display()
        );
    }
}

#[test]
fn docs_ipc_md_documents_each_declared_command_once() {
    let ipc = read(&repo().join("docs/ipc.md"));
    check_against_declared(&documented(&ipc), "docs/ipc.md").unwrap();
}

#[test]
fn no_command_is_written_or_registered_without_being_declared() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut functions = Vec::new();
    let mut handlers = Vec::new();
    for file in files(&src, ".rs") {
        if file.ends_with("desktop/tests/surface.rs") {
            continue; // this file names them in its checks
        }
        let text = read(&file);
        functions.extend(command_functions(&text).into_iter().map(String::from));
        for line in text.lines().map(str::trim) {
            let code = !line.starts_with("//");
            if code && (line.contains("generate_handler!") || line.contains("invoke_handler(")) {
                handlers.push(line.to_string());
            }
        }
    }
    let functions = counted(functions.iter().map(String::as_str));
    check_against_declared(&functions, "the #[tauri::command] functions under src/").unwrap();
    // The one handler is made from list.rs's list; any other would register commands of its own.
    assert_eq!(
        handlers,
        [
            "tauri::generate_handler![$($module::$command),*]",
            ".invoke_handler(window_commands!(handler))",
        ],
        "register commands only through list.rs (commands/mod.rs `register`)"
    );
}

#[test]
fn the_readers_find_what_they_look_for() {
    let api = "export const a = () => call('one');\nconst b = (x) => call('two', { x });";
    assert_eq!(api_wrappers(api), counted(["one", "two"]));
    let ipc = "| command | arguments |\n|---|---|\n| `one` | — |\n| `two` | `x` |\n`three`";
    assert_eq!(documented(ipc), counted(["one", "two"]));
    let source = "#[tauri::command(rename_all = \"snake_case\")]\npub async fn one<R: Runtime>(\n\
                  ) {}\nfn helper() {}\n#[tauri::command]\npub fn two() {}";
    assert_eq!(command_functions(source), ["one", "two"]);
    let error = check_against_declared(&counted(["app_info", "app_info", "nope"]), "x");
    let message = error.unwrap_err();
    assert!(message.contains("not declared [\"nope\"]"), "{message}");
    assert!(
        message.contains("more than once [\"app_info\"]"),
        "{message}"
    );
    assert!(message.contains("missing [\"settings\""), "{message}");
}
