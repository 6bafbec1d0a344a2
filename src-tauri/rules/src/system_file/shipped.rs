//! The systems Rollbook ships as files (`systems/*.toml` at the top of the repository): read
//! once, on first use, and answered like the five (`{"system": "d20-heroes", …}`). A file here
//! that does not read is a bug of this build, caught by the tests, never a GM's problem.

use std::sync::{Arc, LazyLock};

use super::model::SystemFile;

/// Each shipped file's text, in the order the catalog lists them.
const SOURCES: &[(&str, &str)] = &[
    (
        "d20-heroes.toml",
        include_str!("../../../../systems/d20-heroes.toml"),
    ),
    (
        "six-pool.toml",
        include_str!("../../../../systems/six-pool.toml"),
    ),
    (
        "two-dice-moves.toml",
        include_str!("../../../../systems/two-dice-moves.toml"),
    ),
    // The five written as files (ids `file-stunt` …): each answers what its built-in answers.
    ("stunt.toml", include_str!("../../../../systems/stunt.toml")),
    ("genre.toml", include_str!("../../../../systems/genre.toml")),
    (
        "universe.toml",
        include_str!("../../../../systems/universe.toml"),
    ),
    ("marks.toml", include_str!("../../../../systems/marks.toml")),
    ("d12.toml", include_str!("../../../../systems/d12.toml")),
];

static SHIPPED: LazyLock<Vec<Arc<SystemFile>>> = LazyLock::new(|| {
    SOURCES
        .iter()
        .filter_map(|(_, text)| super::read(text).ok().map(Arc::new))
        .collect()
});

/// Every shipped system, read.
pub fn all() -> &'static [Arc<SystemFile>] {
    &SHIPPED
}

/// The text of the shipped system `id`, as its file is written.
pub fn source_of(id: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .map(|(_, text)| *text)
        .find(|text| super::read(text).is_ok_and(|file| file.id == id))
}

/// The shipped system with this id.
pub fn find(id: &str) -> Option<Arc<SystemFile>> {
    all().iter().find(|s| s.id == id).cloned()
}

/// A system's roll kinds, for messages ("check, save").
pub fn rolls_of(system: &SystemFile) -> String {
    system
        .rolls
        .iter()
        .map(|k| k.id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_file_reads_and_its_id_is_its_own() {
        for (name, text) in SOURCES {
            let file =
                super::super::read(text).unwrap_or_else(|problems| panic!("{name}: {problems:?}"));
            // A file is named by its id, the five's files by their built-in's (`file-stunt`
            // in `stunt.toml`).
            let stem = name.trim_end_matches(".toml");
            assert!(
                file.id == stem || file.id == format!("file-{stem}"),
                "{name} declares id {}",
                file.id
            );
        }
        assert_eq!(all().len(), SOURCES.len());
        let mut ids: Vec<&str> = all().iter().map(|s| s.id.as_str()).collect();
        ids.dedup();
        assert_eq!(ids.len(), SOURCES.len(), "ids are unique");
    }

    /// A request is read as a registry system's before the shipped files are looked at
    /// (`request::typed_request`): a file taking a registry id would never be reached.
    #[test]
    fn no_shipped_file_takes_a_registry_systems_id() {
        for file in all() {
            let taken = crate::systems::registry::REGISTRY
                .iter()
                .find(|system| system.id == file.id);
            assert!(taken.is_none(), "{} is a registry system's id", file.id);
        }
    }
}
