//! The fuzz targets' committed corpus (`fuzz/corpus/TARGET`) and every input that once made one
//! fail (`fuzz/regressions/TARGET`), replayed through the same bodies the fuzzer runs
//! (`ludex::fuzzing`, and the command line's `parse_args`), so that no nightly toolchain is needed
//! to keep them fixed.

use std::path::Path;

#[path = "../src/cli/mod.rs"]
#[allow(dead_code, unused_imports)]
mod cli;

/// Every file of `fuzz/corpus/TARGET` and `fuzz/regressions/TARGET`, in name order.
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let mut inputs = Vec::new();
    for folder in ["corpus", "regressions"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join(folder).join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            if path.is_file() {
                let bytes = std::fs::read(&path).expect("a corpus file");
                inputs.push((path.display().to_string(), bytes));
            }
        }
    }
    inputs.sort();
    inputs
}

/// Runs the target's body on each input; a panic names the input.
fn replay(target: &str, body: impl Fn(&[u8])) {
    let inputs = inputs(target);
    assert!(!inputs.is_empty(), "no corpus for {target}");
    for (name, bytes) in inputs {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| body(&bytes)));
        assert!(outcome.is_ok(), "{target} fails on {name}");
    }
}

#[test]
fn rules_bytes() {
    replay("rules_bytes", ludex::fuzzing::rules_bytes);
}

#[test]
fn mutated_rules() {
    replay("mutated_rules", ludex::fuzzing::mutated_rules);
}

#[test]
fn played_rules() {
    replay("played_rules", ludex::fuzzing::played_rules);
}

#[test]
fn position() {
    replay("position", ludex::fuzzing::position);
}

#[test]
fn record() {
    replay("record", ludex::fuzzing::record);
}

#[test]
fn cli_args() {
    replay("cli_args", |data| {
        let _ = cli::parse_arg_bytes(data);
    });
}
