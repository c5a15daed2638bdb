//! Fuzz target: `ludex::fuzzing::mutated_rules` on the input bytes (see src/fuzzing.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludex::fuzzing::mutated_rules(data));
