//! Fuzz target: `ludex::fuzzing::rules_bytes` on the input bytes (see src/fuzzing.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludex::fuzzing::rules_bytes(data));
