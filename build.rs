//! Writes the fuzz targets' table of rules files (`fuzzing::RULES`) from `fuzz/rules.list`, so that
//! the list of games is data, kept in one place, and each file is compiled into the harness.

use std::fmt::Write as _;
use std::path::Path;

/// The table's doc comment.
const DOC: &str = "\
/// The rules files mutated and played, as `(path, text)`: every shipped game (`rules/`) and every
/// example of the documentation (`docs/examples/`), in the order of `fuzz/rules.list`; a test fails
/// when one is missing. New files go at the end of the list, so that the stored corpus inputs keep
/// picking the files they picked.
";

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let list = Path::new(&root).join("fuzz/rules.list");
    println!("cargo:rerun-if-changed={}", list.display());
    let text = std::fs::read_to_string(&list).expect("fuzz/rules.list reads");
    let paths: Vec<&str> =
        text.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#')).collect();
    let mut table = String::from(DOC);
    table += &format!("pub const RULES: [(&str, &str); {}] = [\n", paths.len());
    for path in paths {
        let full = Path::new(&root).join(path);
        writeln!(table, "    ({path:?}, include_str!({:?})),", full.display().to_string())
            .expect("a String takes writes");
    }
    table.push_str("];\n");
    let out = Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("fuzz_rules.rs");
    std::fs::write(out, table).expect("the table writes");
}
