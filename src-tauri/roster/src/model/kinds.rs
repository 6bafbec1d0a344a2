//! The small enums rosters, characters and sheets share: the rules system and PC or NPC.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::systems::file::FileSystem;
use crate::systems::registry::with_systems;

macro_rules! system_enum {
    (() $($name:ident $module:ident,)*) => {
        /// A roster's rules system, and its characters' sheets': one of the five of RULES.md,
        /// or a system from a file the GM added (`docs/system-files.md`), at the version the
        /// roster uses. Named in every serialized form by its id (`"d12"`, `"my-game"`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[cfg_attr(
            feature = "ts",
            derive(ts_rs::TS),
            ts(type = "\"stunt\" | \"genre\" | \"universe\" | \"marks\" | \"d12\" | (string & {})")
        )]
        pub enum System {
            $($name,)*
            /// A system from a file, at one version.
            File(FileSystem),
        }

        impl System {
            /// The five rules systems, in the registry's order (menus, `rollbook kinds`).
            pub const ALL: [System; [$(stringify!($name)),*].len()] = [$(System::$name),*];

            /// The id used in files, the database and roll requests (`stunt`, …, `d12`, or a
            /// system file's `id`).
            pub fn as_str(self) -> &'static str {
                match self {
                    $(System::$name => stringify!($module),)*
                    System::File(file) => file.id(),
                }
            }
        }
    };
}
with_systems!([system_enum]());

impl System {
    /// The system file's version, for a system from a file.
    pub fn file_version(self) -> Option<u32> {
        match self {
            System::File(file) => Some(file.version()),
            _ => None,
        }
    }

    /// The system named `id` at `version` (`None`: one of the five, or a file system's newest).
    pub fn of(id: &str, version: Option<u32>) -> Result<System, String> {
        match version {
            None => id.parse(),
            Some(version) => FileSystem::find(id, Some(version))
                .map(System::File)
                .ok_or_else(|| {
                    format!("\"{id}\" version {version} is not a system Rollbook holds")
                }),
        }
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for System {
    type Err = String;

    /// One of the five, or an added system file at its newest version.
    fn from_str(s: &str) -> Result<Self, String> {
        System::ALL
            .into_iter()
            .find(|sys| sys.as_str() == s)
            .or_else(|| FileSystem::find(s, None).map(System::File))
            .ok_or_else(|| {
                let five = System::ALL.map(System::as_str);
                rollbook_rules::system_file::known::unknown_system(s, &five)
            })
    }
}

impl Serialize for System {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// The five's ids, for serde's own refusal of an unknown one.
static BUILT_IN_IDS: std::sync::LazyLock<[&'static str; System::ALL.len()]> =
    std::sync::LazyLock::new(|| System::ALL.map(System::as_str));

impl<'de> Deserialize<'de> for System {
    /// One of the five or an added system's id; anything else is refused as serde refuses an
    /// unknown variant of the five (what the window's arguments said before file systems).
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = String::deserialize(deserializer)?;
        id.parse()
            .map_err(|_| serde::de::Error::unknown_variant(&id, &*BUILT_IN_IDS))
    }
}

/// Player character or non-player character.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CharacterKind {
    #[default]
    Pc,
    Npc,
}

impl CharacterKind {
    pub fn as_str(self) -> &'static str {
        match self {
            CharacterKind::Pc => "pc",
            CharacterKind::Npc => "npc",
        }
    }
}

impl FromStr for CharacterKind {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "pc" => Ok(CharacterKind::Pc),
            "npc" => Ok(CharacterKind::Npc),
            _ => Err(format!("\"{s}\" is not a kind; expected pc or npc")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn systems_parse_and_print_their_ids() {
        for sys in System::ALL {
            assert_eq!(sys.as_str().parse::<System>(), Ok(sys));
            assert_eq!(serde_json::to_string(&sys).unwrap(), format!("\"{sys}\""));
        }
        // Then the systems other tests of this process added, if any.
        let refused = "dnd".parse::<System>().unwrap_err();
        assert!(
            refused.starts_with("\"dnd\" is not a system Rollbook knows; expected one of stunt, genre, universe, marks, d12, or a system from a file: d20-heroes, six-pool, two-dice-moves, file-stunt, file-genre, file-universe, file-marks, file-d12"),
            "{refused}"
        );
    }
}
