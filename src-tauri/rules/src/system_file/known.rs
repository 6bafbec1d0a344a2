//! Every system from a file this process knows: the ones Rollbook ships ([`super::shipped`])
//! and the ones the GM added, which the roster's store registers when it opens (each stored
//! version's text, read when first asked for) and when the GM adds one. A request names a file system by its id and is answered
//! by its newest version, or by the version it names (`"system_version"`: a roster's rolls are
//! made with the version the roster uses).
//!
//! Process-wide, as the shipped systems are: the request parser reads requests without a store.
//! Registering the same id and version again replaces it (one store at a time holds one text for
//! an id and version; the store refuses a second text under the same version).

use std::sync::{Arc, OnceLock, RwLock};

use super::model::SystemFile;
use super::shipped;

/// A version the GM added, by id and version; its text read the first time something asks
/// for it (a store holding a large file opens without reading it: most commands never do).
struct Added {
    id: String,
    version: u32,
    source: Option<String>,
    /// What the text reads as; `None` when it no longer reads (a later build reads the
    /// format more strictly): such a version is left unknown.
    read: OnceLock<Option<Arc<SystemFile>>>,
}

impl Added {
    fn file(&self) -> Option<Arc<SystemFile>> {
        self.read
            .get_or_init(|| {
                let source = self.source.as_deref()?;
                super::read(source).ok().map(Arc::new)
            })
            .clone()
    }
}

static ADDED: RwLock<Vec<Arc<Added>>> = RwLock::new(Vec::new());

fn keep(added: Added) {
    let mut list = ADDED.write().unwrap_or_else(|e| e.into_inner());
    list.retain(|f| !(f.id == added.id && f.version == added.version));
    list.push(Arc::new(added));
}

/// Makes `file` known (replacing the same id and version).
pub fn register(file: Arc<SystemFile>) {
    keep(Added {
        id: file.id.clone(),
        version: file.version,
        source: None,
        read: OnceLock::from(Some(file)),
    });
}

/// Makes the stored text of `id` at `version` known, to be read when first asked for (the
/// store registers each stored version so when it opens).
pub fn register_source(id: &str, version: u32, source: String) {
    keep(Added {
        id: id.to_string(),
        version,
        source: Some(source),
        read: OnceLock::new(),
    });
}

/// Forgets every version of the added system `id` (it was removed).
pub fn forget(id: &str) {
    let mut added = ADDED.write().unwrap_or_else(|e| e.into_inner());
    added.retain(|f| f.id != id);
}

/// Every known version for which `wanted(id, version)` holds: the shipped ones in their order,
/// then the added ones that read (a shipped id's other versions among them: the text of a
/// version a roster was made with is stored, so a later build shipping another version still
/// reads it). A stored copy of the very version shipped is the same text: the shipped one
/// stands for it. Only the added versions wanted are read.
fn versions_where(wanted: impl Fn(&str, u32) -> bool) -> Vec<Arc<SystemFile>> {
    let mut list: Vec<Arc<SystemFile>> = shipped::all()
        .iter()
        .filter(|f| wanted(&f.id, f.version))
        .cloned()
        .collect();
    // Read outside the lock: reading a large text takes a while.
    let added: Vec<Arc<Added>> = ADDED
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .filter(|f| wanted(&f.id, f.version))
        .cloned()
        .collect();
    for entry in added {
        let shipped_too = list
            .iter()
            .any(|f| f.id == entry.id && f.version == entry.version);
        if shipped_too {
            continue;
        }
        if let Some(file) = entry.file() {
            list.push(file);
        }
    }
    list
}

/// Every known version.
fn every_version() -> Vec<Arc<SystemFile>> {
    versions_where(|_, _| true)
}

/// The newest of one id's `versions` (`versions_where` lists each version once).
fn newest_of<'a>(versions: impl Iterator<Item = &'a Arc<SystemFile>>) -> Option<Arc<SystemFile>> {
    versions.max_by_key(|f| f.version).cloned()
}

/// The system `id` at its newest version, shipped or added.
pub fn find(id: &str) -> Option<Arc<SystemFile>> {
    newest_of(versions_where(|i, _| i == id).iter())
}

/// The system `id` at exactly `version`.
pub fn find_version(id: &str, version: u32) -> Option<Arc<SystemFile>> {
    versions_where(|i, v| i == id && v == version).pop()
}

/// The id of every system from a file known here, the shipped ones first, then those added,
/// each once: no file is read for it (a message naming them).
pub fn ids() -> Vec<String> {
    let mut ids: Vec<String> = shipped::all().iter().map(|f| f.id.clone()).collect();
    let added = ADDED.read().unwrap_or_else(|e| e.into_inner());
    let mut more: Vec<String> = added
        .iter()
        .filter(|f| !ids.contains(&f.id))
        .map(|f| f.id.clone())
        .collect();
    more.sort_unstable();
    more.dedup();
    ids.extend(more);
    ids
}

/// Why `id` names no system: the ids it could have meant, the nearest first when one is near
/// (`expected one of stunt, …, d12`, then the systems from files). `builtin` are the ids of
/// the systems a request (or a roster) may name besides the files.
pub fn unknown_system(id: &str, builtin: &[&str]) -> String {
    let files = ids();
    let mut all: Vec<&str> = builtin.to_vec();
    all.extend(files.iter().map(String::as_str));
    // A word of three letters is near too many ids to suggest one ("dnd" is not "d12").
    let near = (id.chars().count() >= 4)
        .then(|| super::format::nearest_name(id, &all))
        .flatten()
        .map_or(String::new(), |n| format!("did you mean \"{n}\"? "));
    format!(
        "\"{}\" is not a system Rollbook knows; {near}expected one of {}{}",
        crate::text::excerpt(id),
        builtin.join(", "),
        if files.is_empty() {
            String::new()
        } else {
            format!(", or a system from a file: {}", files.join(", "))
        }
    )
}

/// The versions of `id` known, ascending (for a message naming them).
pub fn versions_of(id: &str) -> Vec<u32> {
    let mut versions: Vec<u32> = versions_where(|i, _| i == id)
        .iter()
        .map(|f| f.version)
        .collect();
    versions.sort_unstable();
    versions
}

/// Every known system at its newest version: the shipped ones in their order, then the added
/// ones by id (the catalog's `files`).
pub fn newest() -> Vec<Arc<SystemFile>> {
    let all = every_version();
    let mut ids: Vec<&str> = Vec::new();
    for file in &all {
        if !ids.contains(&file.id.as_str()) {
            ids.push(&file.id);
        }
    }
    let added_from = shipped::all().len().min(ids.len());
    ids[added_from..].sort_unstable();
    ids.iter()
        .filter_map(|id| newest_of(all.iter().filter(|f| f.id == *id)))
        .collect()
}

/// Every known version that is not its system's newest, by id, oldest first (the catalog's
/// `file_versions`: rosters may keep them).
pub fn older() -> Vec<Arc<SystemFile>> {
    let all = every_version();
    let mut list: Vec<Arc<SystemFile>> = all
        .iter()
        .filter(|f| all.iter().any(|g| g.id == f.id && g.version > f.version))
        .cloned()
        .collect();
    list.sort_by(|a, b| (&a.id, a.version).cmp(&(&b.id, b.version)));
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(id: &str, version: u32) -> Arc<SystemFile> {
        let text = format!(
            "format = 1\nid = \"{id}\"\nversion = {version}\nname = \"T\"\n\n[rolls.go]\nname = \"Go\"\nvalue = \"d6\"\ntarget = \"4\"\n"
        );
        Arc::new(super::super::read(&text).unwrap_or_else(|p| panic!("{p:?}")))
    }

    #[test]
    fn the_newest_version_answers_unless_one_is_named_and_forget_forgets_every_version() {
        let id = "known-test-versions";
        assert!(find(id).is_none());
        register(file(id, 2));
        register(file(id, 1));
        assert_eq!(find(id).unwrap().version, 2);
        assert_eq!(find_version(id, 1).unwrap().version, 1);
        assert!(find_version(id, 3).is_none());
        assert_eq!(versions_of(id), vec![1, 2]);
        assert!(newest().iter().any(|f| f.id == id && f.version == 2));
        let older: Vec<u32> = older()
            .iter()
            .filter(|f| f.id == id)
            .map(|f| f.version)
            .collect();
        assert_eq!(older, [1]);
        forget(id);
        assert!(find(id).is_none());
        assert!(versions_of(id).is_empty());
    }

    #[test]
    fn a_stored_text_is_read_when_asked_for_and_one_that_no_longer_reads_is_unknown() {
        let id = "known-test-sources";
        let text = |version: u32| {
            format!(
                "format = 1\nid = \"{id}\"\nversion = {version}\nname = \"T\"\n\n[rolls.go]\nname = \"Go\"\nvalue = \"d6\"\ntarget = \"4\"\n"
            )
        };
        register_source(id, 1, text(1));
        register_source(id, 2, "format = 1\nthis is not a system file".into());
        assert_eq!(find(id).unwrap().version, 1, "version 2 does not read");
        assert!(find_version(id, 2).is_none());
        assert_eq!(versions_of(id), [1]);
        register_source(id, 3, text(3));
        assert_eq!(find(id).unwrap().version, 3);
        assert_eq!(find_version(id, 1).unwrap().version, 1);
        forget(id);
        assert!(find(id).is_none());
    }

    #[test]
    fn a_shipped_system_is_found_first() {
        let shipped = &shipped::all()[0];
        assert_eq!(find(&shipped.id).unwrap().version, shipped.version);
        assert!(find_version(&shipped.id, shipped.version + 1).is_none());
    }

    /// A shipped id's text as stored by a roster made with it, at `version`.
    fn shipped_at(index: usize, version: u32) -> Arc<SystemFile> {
        let id = &shipped::all()[index].id;
        let text = shipped::source_of(id).unwrap().replacen(
            &format!("version = {}", shipped::all()[index].version),
            &format!("version = {version}"),
            1,
        );
        Arc::new(super::super::read(&text).unwrap_or_else(|p| panic!("{p:?}")))
    }

    #[test]
    fn a_shipped_ids_stored_versions_are_read_and_listed_once() {
        // The last shipped system, which no other test registers versions of.
        let index = shipped::all().len() - 1;
        let shipped = shipped::all()[index].clone();
        let id = shipped.id.clone();
        // The very version shipped, stored when a roster was made with it: listed once.
        register(shipped_at(index, shipped.version));
        assert_eq!(newest().iter().filter(|f| f.id == id).count(), 1);
        assert_eq!(versions_of(&id), [shipped.version]);
        assert!(older().iter().all(|f| f.id != id));
        // Another version of the shipped id, stored by a roster made with another build:
        // readable by its number; being newer, it answers the id, and the shipped one is older.
        let kept = shipped.version + 7;
        register(shipped_at(index, kept));
        assert_eq!(find_version(&id, kept).unwrap().version, kept);
        assert_eq!(
            find(&id).unwrap().version,
            kept,
            "a newer stored text is the newest"
        );
        assert_eq!(versions_of(&id), [shipped.version, kept]);
        let older_listed: Vec<u32> = older()
            .iter()
            .filter(|f| f.id == id)
            .map(|f| f.version)
            .collect();
        assert_eq!(older_listed, [shipped.version]);
        forget(&id);
        assert_eq!(
            find(&id).unwrap().version,
            shipped.version,
            "forget leaves the shipped one"
        );
        assert_eq!(versions_of(&id), [shipped.version]);
    }
}
