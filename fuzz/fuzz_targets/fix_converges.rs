//! Fuzz target `fix_converges`: see `properties::fix_converges` in `tests/support/properties.rs`.
#![no_main]

#[path = "../../tests/support/properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::fix_converges(data));
