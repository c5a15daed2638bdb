//! Fuzz target: `ludex::fuzzing::played_rules` on the input bytes (see src/fuzzing.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludex::fuzzing::played_rules(data));
