//! The files of the page, embedded at build time so that nothing is ever read from disk.

/// One file of the page, served at `/p/TOKEN/NAME` under exactly this name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Asset {
    /// The file name, `[a-z0-9._-]` only (`index.html` is the page itself).
    pub name: &'static str,
    /// The `Content-Type` it is served with.
    pub content_type: &'static str,
    /// The file's bytes.
    pub bytes: &'static [u8],
}

/// The players' page: every file of `ui/players/`, embedded by `build.rs` (empty when the folder
/// was missing at build time).
pub static PLAYERS_PAGE: &[Asset] = include!(concat!(env!("OUT_DIR"), "/players_page.rs"));

/// The asset with exactly this name. A name that could mean anything else to a browser or a file
/// system (empty, hidden, `.`, `..`, a separator, an escape) is never looked up, whatever assets
/// a caller passed in.
pub(crate) fn find(assets: &'static [Asset], name: &str) -> Option<&'static Asset> {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'.' | b'_' | b'-'));
    if !plain {
        return None;
    }
    assets.iter().find(|asset| asset.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    static ASSETS: &[Asset] = &[
        Asset {
            name: "main.js",
            content_type: "text/javascript",
            bytes: b"",
        },
        Asset {
            name: ".env",
            content_type: "text/plain",
            bytes: b"",
        },
        Asset {
            name: "..",
            content_type: "text/plain",
            bytes: b"",
        },
        Asset {
            name: "a/b",
            content_type: "text/plain",
            bytes: b"",
        },
    ];

    #[test]
    fn only_plain_names_are_ever_found() {
        assert!(find(ASSETS, "main.js").is_some());
        for name in [".env", "..", "a/b", "", "MAIN.JS", "main.js/"] {
            assert!(find(ASSETS, name).is_none(), "{name}");
        }
    }

    #[test]
    fn the_embedded_page_has_only_plain_names() {
        // Whatever the page holds today: each of its files is reachable under its own name.
        for asset in PLAYERS_PAGE {
            assert_eq!(find(PLAYERS_PAGE, asset.name), Some(asset));
        }
    }
}
