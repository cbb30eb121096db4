//! Fuzz target `pgn`: see `properties::pgn` in `tests/support/properties.rs`.
#![no_main]

#[path = "../../tests/support/properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::pgn(data));
