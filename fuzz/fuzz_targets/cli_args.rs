//! Fuzz target: the command line's argument parsing, limits included, on arguments cut from the
//! input at NUL bytes (`parse_arg_bytes` in src/cli/mod.rs).
#![no_main]

#[path = "../../src/cli/mod.rs"]
#[allow(dead_code, unused_imports)]
mod cli;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = cli::parse_arg_bytes(data);
});
