//! Fuzz target `parse_lint`: see `properties::parse_lint` in `tests/support/properties.rs`.
#![no_main]

#[path = "../../tests/support/properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::parse_lint(data));
