//! Fuzz target `writer_roundtrip`: see `properties::writer_roundtrip` in `tests/support/properties.rs`.
#![no_main]

#[path = "../../tests/support/properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::writer_roundtrip(data));
