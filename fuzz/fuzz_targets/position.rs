//! Fuzz target: `ludex::fuzzing::position` on the input bytes (see src/fuzzing.rs).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| ludex::fuzzing::position(data));
