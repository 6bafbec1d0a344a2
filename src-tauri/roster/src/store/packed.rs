//! JSON as the table's history keeps it: zlib-compressed (the paths and the ids in a patch, the
//! words of events, repeat). Below the history (`table_history.rs`), the patches that weigh
//! themselves packed (`state_patch.rs`) and the events (`table_events.rs`).

/// `json` as the history stores it: zlib-compressed.
pub(super) fn pack(json: &[u8]) -> Vec<u8> {
    use std::io::Write;
    let mut packed = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    packed.write_all(json).expect("writing to memory");
    packed.finish().expect("writing to memory")
}

/// What [`pack`] stored, or why it cannot be read.
pub(super) fn unpacked(stored: &[u8]) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut json = Vec::new();
    flate2::read::ZlibDecoder::new(stored).read_to_end(&mut json)?;
    Ok(json)
}
