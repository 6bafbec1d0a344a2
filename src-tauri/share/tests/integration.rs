//! Every integration test of this crate, one module per file of `tests/`, built as one test
//! binary: one compile and one link instead of one per file (the Windows build links each
//! binary with MinGW's ld, seven seconds apiece). A test that needs a process of its own
//! (a global allocator of its own, say) stays a `[[test]]` of its own in Cargo.toml.

mod common;

mod bounds;
mod crowding;
mod lifecycle;
mod malformed;
mod paths;
mod qr;
mod serving;
