//! The designers' scenario tests (`.tests` files, crates/ludex-scenario): every shipped rules file
//! carries tests that parse cleanly and pass; breaking a rule in a copy of a rules file makes the
//! tests of that rule fail; and what the runner says about malformed and failing tests, and what
//! `--bless` writes, are snapshotted from the fixtures in `tests/scenarios/`.

use std::path::{Path, PathBuf};

use ludex::diagnostics::{self, Diagnostic};
use ludex::scenario::{self, Bless, Parsed, Runner, TestReport};

/// The rules files whose tests must pass: the shipped games and the documentation's examples.
fn shipped_rules() -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for dir in ["rules", "docs/examples"] {
        for entry in std::fs::read_dir(dir).expect("a directory") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|e| e == "rules") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every test of the file run against the rules' text.
fn run_all(rules: &str, tests: &str) -> (Parsed, Vec<TestReport>) {
    let parsed = scenario::parse(tests);
    let mut runner = Runner::new(rules, tests);
    let reports = parsed.suite.tests.iter().map(|test| runner.run(&parsed.suite, test)).collect();
    (parsed, reports)
}

/// The file's diagnostics and every finding of its tests, rendered as `ludex test` renders them.
fn rendered(name: &str, tests: &str, parsed: &Parsed, reports: &[TestReport], bless: Bless) -> String {
    let mut out = diagnostics::render(&parsed.diagnostics, name, tests, diagnostics::Colors::Plain);
    for report in reports {
        let failures: Vec<Diagnostic> = report.failures(bless).map(|f| f.diagnostic.clone()).collect();
        if !failures.is_empty() {
            out.push_str(&format!("\n---- {} ----\n", report.name));
            out.push_str(&diagnostics::render(&failures, name, tests, diagnostics::Colors::Plain));
        }
    }
    out
}

#[test]
fn every_shipped_rules_file_has_tests_and_they_pass() {
    let mut total = 0;
    for rules_path in shipped_rules() {
        let tests_path = rules_path.with_extension("tests");
        assert!(tests_path.exists(), "{} has no {}", rules_path.display(), tests_path.display());
        let (rules, tests) = (read(&rules_path), read(&tests_path));
        let (parsed, reports) = run_all(&rules, &tests);
        let name = tests_path.display().to_string();
        let failures = rendered(&name, &tests, &parsed, &reports, Bless::Off);
        assert!(reports.iter().all(|r| r.passed(Bless::Off)) && parsed.diagnostics.is_empty(), "{failures}");
        assert!(reports.len() >= 4, "{name}: only {} tests", reports.len());
        total += reports.len();
    }
    assert!(total >= 300, "{total} tests");
}

/// The names of the tests of `rules` that fail once `from` is replaced by `to` in its text.
fn failing_after(rules: &str, from: &str, to: &str) -> Vec<String> {
    let text = read(Path::new(rules));
    assert_eq!(text.matches(from).count(), 1, "`{from}` is not once in {rules}");
    let broken = text.replacen(from, to, 1);
    let (_, reports) = run_all(&broken, &read(&Path::new(rules).with_extension("tests")));
    reports.iter().filter(|r| !r.passed(Bless::Off)).map(|r| r.name.clone()).collect()
}

#[test]
fn breaking_chess_castling_through_check_fails_its_test() {
    // The king may cross an attacked square on the king's side.
    let failing = failing_after("rules/chess.rules", "\n    and not attacked(shift(from, right), mover)", "");
    // Perft from Kiwipete, where white may castle, counts the new moves too.
    assert_eq!(failing, ["perft of Kiwipete", "no castling through or into an attacked square"]);
}

#[test]
fn breaking_manas_levels_fails_the_tests_of_moving() {
    // A piece moves up to the value of its square, not exactly that many squares.
    let failing = failing_after(
        "rules/mana.rules",
        "walk orthogonal exactly level(from)",
        "walk orthogonal at most level(from)",
    );
    insta::assert_debug_snapshot!(failing);
}

#[test]
fn breaking_duwens_push_fails_the_tests_of_pushing() {
    // A pusher must be stronger than the line, not as strong.
    let failing = failing_after(
        "rules/duwen.rules",
        "when piece.strength >= sum(line, it.strength)",
        "when piece.strength > sum(line, it.strength)",
    );
    insta::assert_debug_snapshot!(failing);
}

/// A fixture of `tests/scenarios/` run against pawns.rules, as `ludex test` reports it.
fn fixture_report(name: &str) -> String {
    let path = format!("tests/scenarios/{name}");
    let tests = read(Path::new(&path));
    let (parsed, reports) = run_all(&read(Path::new("docs/examples/pawns.rules")), &tests);
    let malformed: Vec<&str> = parsed.malformed.iter().map(|m| m.value.as_str()).collect();
    let results: Vec<String> = reports
        .iter()
        .map(|r| format!("{}: {}", r.name, if r.passed(Bless::Off) { "ok" } else { "FAILED" }))
        .collect();
    format!(
        "malformed: {malformed:?}\n{}\n\n{}",
        results.join("\n"),
        rendered(name, &tests, &parsed, &reports, Bless::Off)
    )
}

#[test]
fn syntax_mistakes_are_diagnostics_pointing_into_the_tests() {
    insta::assert_snapshot!(fixture_report("syntax.tests"));
}

#[test]
fn tests_that_do_not_fit_the_game_are_malformed() {
    insta::assert_snapshot!(fixture_report("malformed.tests"));
}

#[test]
fn failures_say_what_differs() {
    insta::assert_snapshot!(fixture_report("failures.tests"));
}

/// The fixture after `--bless` in the given mode, and whether its tests then pass.
fn blessed(bless: Bless) -> (String, Vec<bool>) {
    let tests = read(Path::new("tests/scenarios/bless.tests"));
    let rules = read(Path::new("docs/examples/pawns.rules"));
    let (_, reports) = run_all(&rules, &tests);
    let fills: Vec<&scenario::Fill> = reports.iter().flat_map(|r| r.fills(bless)).collect();
    let written = scenario::bless(&tests, &fills);
    let (_, again) = run_all(&rules, &written);
    (written, again.iter().map(|r| r.passed(Bless::Off)).collect())
}

#[test]
fn bless_fills_the_placeholders_and_leaves_failing_expectations_alone() {
    let (written, passed) = blessed(Bless::Placeholders);
    assert_eq!(passed, [true, false], "the placeholders are filled; the failures stay");
    insta::assert_snapshot!(written);
}

#[test]
fn bless_all_also_rewrites_the_failing_expectations_that_state_a_value() {
    let (written, passed) = blessed(Bless::All);
    // `expect empty a5` states no value: it is left as it is, and still fails.
    assert_eq!(passed, [true, false]);
    let original = read(Path::new("tests/scenarios/bless.tests"));
    let (placeholders_only, _) = blessed(Bless::Placeholders);
    assert_ne!(written, placeholders_only);
    assert!(
        written.contains("expect result: white wins") && written.contains("expect breakthrough == white")
    );
    assert!(written.contains("expect empty a5") && original.contains("expect empty a5"));
    assert!(written.contains("expect moves: a4-a5, a4-b5"), "{written}");
}
