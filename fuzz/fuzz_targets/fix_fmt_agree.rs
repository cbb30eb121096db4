//! Fuzz target `fix_fmt_agree`: see `properties::fix_fmt_agree` in `tests/support/properties.rs`.
#![no_main]

#[path = "../../tests/support/properties.rs"]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::fix_fmt_agree(data));
