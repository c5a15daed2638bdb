//! `ludex bench` end to end: a row per rules file, as a table and as JSON (lazy and full playouts,
//! perft with every leaf made and with bulk counting), and its usage errors.

#[path = "support/binary.rs"]
mod binary;

use std::collections::BTreeMap;

use binary::{assert_exit, ludex, stdout};
use ludex::runtime::{Engine, perft};

use serde_json::Value;

/// Every rules file shipped in `rules/`, as the command names them by default.
fn shipped_rules() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("rules/")
        .filter_map(|entry| entry.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".rules"))
        .map(|name| format!("rules/{name}"))
        .collect();
    files.sort();
    files
}

#[test]
fn the_table_has_a_row_per_rules_file() {
    let output = ludex(&["bench", "--seconds", "0.2"]);
    assert_exit(&output, 0);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    let files = shipped_rules();
    assert_eq!(lines.len(), files.len() + 1, "{text}");
    for column in ["lazy plies/s", "full plies/s", "perft nodes/s", "bulk nodes/s"] {
        assert!(lines[0].starts_with("file") && lines[0].contains(column), "{column}: {text}");
    }
    for (line, file) in lines[1..].iter().zip(&files) {
        let columns: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(columns.len(), 8, "{line}");
        assert_eq!(columns[0], file);
        for column in &columns[1..4] {
            let rate: f64 = column.parse().expect("a rate");
            assert!(rate > 0.0, "{line}");
        }
        // Bulk counting only where no move rolls.
        let rolls = ["den-den", "dice-chess", "backgammon"].iter().any(|game| file.contains(game));
        assert_eq!(columns[6] == "n/a", rolls, "{line}");
    }
}

#[test]
fn json_gives_the_same_rows_with_consistent_figures() {
    let output =
        ludex(&["bench", "rules/mana.rules", "rules/dice-chess.rules", "--seconds", "0.2", "--json"]);
    assert_exit(&output, 0);
    let rows: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let rows = rows.as_array().expect("an array");
    let files: Vec<&str> = rows.iter().map(|row| row["file"].as_str().expect("file")).collect();
    assert_eq!(files, ["rules/mana.rules", "rules/dice-chess.rules"]);
    for row in rows {
        for draw in ["lazy", "full"] {
            let playouts = &row[draw];
            let number =
                |key: &str| playouts[key].as_f64().unwrap_or_else(|| panic!("{draw}.{key} in {row}"));
            assert!(number("playouts") >= 1.0, "{row}");
            assert!(number("wall_seconds") >= 0.2 && number("seconds") > 0.0, "{row}");
            let mean = number("plies") / number("playouts");
            assert!((number("mean_length") - mean).abs() < 1e-9, "{row}");
            let rate = number("plies") / number("seconds");
            assert!((number("plies_per_second") - rate).abs() <= 1e-6 * rate, "{row}");
            assert_eq!(number("unfinished"), 0.0, "{row}");
        }
        let perft = &row["perft"];
        assert!(perft["depth"].as_u64().expect("a perft depth") >= 1, "{row}");
        assert!(perft["nodes"].as_u64().expect("perft nodes") >= 1, "{row}");
    }
    // The command's perft is the library's, from Mana's first decision (it has no setup roll).
    let mana_perft = &rows[0]["perft"];
    let depth = mana_perft["depth"].as_u64().expect("a depth") as u32;
    let text = std::fs::read_to_string("rules/mana.rules").expect("rules/mana.rules");
    let engine = Engine::new(ludex::compile(&text, &BTreeMap::new()).game.expect("Mana compiles"));
    assert_eq!(mana_perft["nodes"].as_u64(), Some(perft(&engine, &engine.initial_state(), depth)));
    // Bulk counting counts the same leaves at the same depth; Dice Chess, whose captures roll, has none.
    let bulk = &rows[0]["bulk_perft"];
    assert_eq!(
        (bulk["depth"].as_u64(), bulk["nodes"].as_u64()),
        (Some(depth.into()), mana_perft["nodes"].as_u64())
    );
    assert!(bulk["runs"].as_u64().expect("runs") >= 1, "{bulk}");
    assert!(rows[1]["bulk_perft"].is_null(), "{}", rows[1]);
}

#[test]
fn bad_durations_and_missing_files_are_usage_errors() {
    for seconds in ["0", "-1", "NaN", "1e9"] {
        let output = ludex(&["bench", "rules/mana.rules", &format!("--seconds={seconds}")]);
        assert_exit(&output, 2);
        assert!(String::from_utf8_lossy(&output.stderr).contains("--seconds"), "{seconds}");
    }
    let output = ludex(&["bench", "no/such.rules", "--seconds", "0.1"]);
    assert_exit(&output, 2);
}
