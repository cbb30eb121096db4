//! Fuzz target `epd`: see `properties::epd` in `tests/support/properties.rs`.
#![no_main]

#[path = "../../tests/support/properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::epd(data));
