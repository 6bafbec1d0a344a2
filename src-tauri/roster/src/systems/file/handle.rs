//! [`FileSystem`]: a system from a file at one version, as a small copyable value (what
//! [`System::File`](crate::System) holds), so that a roster's system stays `Copy` like the
//! five's. Each distinct declaration is kept once for the life of the process (a GM adds a
//! handful of systems, each a few kilobytes), which is what lets the handle lend `&'static`
//! names and declarations.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};

use rollbook_rules::system_file::{known, SystemFile};

/// A system from a file at one version.
#[derive(Clone, Copy)]
pub struct FileSystem(&'static SystemFile);

static KEPT: Mutex<Vec<&'static SystemFile>> = Mutex::new(Vec::new());

impl FileSystem {
    /// The system `id` the process knows ([`known`]), at `version` or its newest.
    pub fn find(id: &str, version: Option<u32>) -> Option<FileSystem> {
        let file = match version {
            Some(version) => known::find_version(id, version),
            None => known::find(id),
        }?;
        Some(FileSystem::kept(file))
    }

    /// The handle of `file`: the declaration kept once per distinct text.
    pub fn kept(file: Arc<SystemFile>) -> FileSystem {
        let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(same) = kept.iter().find(|k| ***k == *file) {
            return FileSystem(same);
        }
        let leaked: &'static SystemFile = Box::leak(Box::new((*file).clone()));
        kept.push(leaked);
        FileSystem(leaked)
    }

    pub fn file(self) -> &'static SystemFile {
        self.0
    }

    pub fn id(self) -> &'static str {
        &self.0.id
    }

    pub fn version(self) -> u32 {
        self.0.version
    }

    pub fn name(self) -> &'static str {
        &self.0.name
    }
}

/// Two handles are the same system when they name the same id and version (a store holds one
/// text per id and version).
impl PartialEq for FileSystem {
    fn eq(&self, other: &Self) -> bool {
        self.0.id == other.0.id && self.0.version == other.0.version
    }
}

impl Eq for FileSystem {}

impl Hash for FileSystem {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.id.hash(state);
        self.0.version.hash(state);
    }
}

impl std::fmt::Debug for FileSystem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FileSystem({} v{})", self.0.id, self.0.version)
    }
}
