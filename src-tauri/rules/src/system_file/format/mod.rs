//! The system file's TOML read into a [`SystemFile`](super::SystemFile) and checked.
