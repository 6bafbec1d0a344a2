//! Every system from a file this process knows: the ones Rollbook ships ([`super::shipped`])
//! and the ones the GM added, which the roster's store registers when it opens (each stored
//! version) and when the GM adds one. A request names a file system by its id and is answered
//! by its newest version, or by the version it names (`"system_version"`: a roster's rolls are
//! made with the version the roster uses).
//!
//! Process-wide, as the shipped systems are: the request parser reads requests without a store.
//! Registering the same id and version again replaces it (one store at a time holds one text for
//! an id and version; the store refuses a second text under the same version).

use std::sync::{Arc, RwLock};

use super::model::SystemFile;
use super::shipped;

static ADDED: RwLock<Vec<Arc<SystemFile>>> = RwLock::new(Vec::new());

/// Makes `file` known (replacing the same id and version).
pub fn register(file: Arc<SystemFile>) {
    let mut added = ADDED.write().unwrap_or_else(|e| e.into_inner());
    added.retain(|f| !(f.id == file.id && f.version == file.version));
    added.push(file);
}

/// Forgets every version of the added system `id` (it was removed).
pub fn forget(id: &str) {
    let mut added = ADDED.write().unwrap_or_else(|e| e.into_inner());
    added.retain(|f| f.id != id);
}

/// The system `id` at its newest version: a shipped one, else one the GM added.
pub fn find(id: &str) -> Option<Arc<SystemFile>> {
    shipped::find(id).or_else(|| {
        let added = ADDED.read().unwrap_or_else(|e| e.into_inner());
        added
            .iter()
            .filter(|f| f.id == id)
            .max_by_key(|f| f.version)
            .cloned()
    })
}

/// The system `id` at exactly `version`.
pub fn find_version(id: &str, version: u32) -> Option<Arc<SystemFile>> {
    if let Some(file) = shipped::find(id) {
        return (file.version == version).then_some(file);
    }
    let added = ADDED.read().unwrap_or_else(|e| e.into_inner());
    added
        .iter()
        .find(|f| f.id == id && f.version == version)
        .cloned()
}

/// The versions of `id` known, ascending (for a message naming them).
pub fn versions_of(id: &str) -> Vec<u32> {
    if let Some(file) = shipped::find(id) {
        return vec![file.version];
    }
    let added = ADDED.read().unwrap_or_else(|e| e.into_inner());
    let mut versions: Vec<u32> = added
        .iter()
        .filter(|f| f.id == id)
        .map(|f| f.version)
        .collect();
    versions.sort_unstable();
    versions
}

/// Every known system at its newest version: the shipped ones in their order, then the added
/// ones by id (the catalog's `files`).
pub fn newest() -> Vec<Arc<SystemFile>> {
    let mut list: Vec<Arc<SystemFile>> = shipped::all().to_vec();
    let added = ADDED.read().unwrap_or_else(|e| e.into_inner());
    let mut ids: Vec<&str> = added.iter().map(|f| f.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    for id in ids {
        if let Some(file) = added
            .iter()
            .filter(|f| f.id == id)
            .max_by_key(|f| f.version)
        {
            list.push(file.clone());
        }
    }
    list
}

/// Every added version that is not its system's newest, by id, oldest first (a shipped
/// system has one version).
pub fn older() -> Vec<Arc<SystemFile>> {
    let added = ADDED.read().unwrap_or_else(|e| e.into_inner());
    let mut list: Vec<Arc<SystemFile>> = added
        .iter()
        .filter(|f| added.iter().any(|g| g.id == f.id && g.version > f.version))
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
    fn a_shipped_system_is_found_first() {
        let shipped = &shipped::all()[0];
        assert_eq!(find(&shipped.id).unwrap().version, shipped.version);
        assert!(find_version(&shipped.id, shipped.version + 1).is_none());
    }
}
