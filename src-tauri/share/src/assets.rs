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
