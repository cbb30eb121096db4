//! Fuzz target `fmt_idempotent`: see `properties::fmt_idempotent` in `tests/support/properties.rs`.
#![no_main]

#[path = "../../tests/support/properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::fmt_idempotent(data));
