//! What the share serves, as the app hands it over.

/// Where the view comes from: the current projection as JSON text (made in Rust elsewhere).
///
/// Called from the blocking thread pool, so it may wait on a database.
pub trait ViewSource: Send + Sync + 'static {
    /// The view as JSON text, or a sentence saying why there is none (served as a 503).
    fn view_json(&self) -> Result<String, String>;
}
