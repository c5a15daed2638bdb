//! Running tests against a small game written here: what each kind of finding says and writes.

use crate::report::{Bless, FillValue, FindingKind, TestReport};
use crate::{Runner, parse};

/// Three pawns a side on a 3x4 board, stepping forward; taking the far row wins.
const RULES: &str = "game \"steps\"
seat white
seat black turned 180
board square 3 by 4
piece pawn {
  letter P
}
zone goal of each seat = row 4
setup {
  place pawn for each seat on row 1
}
action advance for pawn {
  step forward
  to empty
}
phase play {
  turn {
    play advance
  }
}
end {
  when count(pieces(mover), it.cell in goal(mover)) > 0: win mover
}
";

fn run(tests: &str) -> Vec<TestReport> {
    let parsed = parse(tests);
    assert!(parsed.diagnostics.is_empty(), "{:#?}", parsed.diagnostics);
    let mut runner = Runner::new(RULES, tests);
    parsed.suite.tests.iter().map(|test| runner.run(&parsed.suite, test)).collect()
}

fn kinds(report: &TestReport) -> Vec<FindingKind> {
    report.findings.iter().map(|f| f.kind).collect()
}

#[test]
fn expectations_that_hold_find_nothing() {
    let reports = run("test \"t\" {\n  setup\n  expect moves: a1-a2, b1-b2, c1-c2\n  play b1-b2\n  \
                       expect turn: black\n  expect piece at b2: P1\n  expect empty b1\n  expect perft 1: 3\n}\n");
    assert_eq!(reports[0].findings, []);
    assert!(reports[0].passed(Bless::Off));
}

#[test]
fn a_placeholder_is_unfilled_and_carries_the_value_found() {
    let reports = run("test \"t\" {\n  setup\n  expect moves from b1: ?\n}\n");
    let finding = &reports[0].findings[0];
    assert_eq!(finding.kind, FindingKind::Unfilled);
    assert_eq!(finding.fill.as_ref().map(|f| &f.value), Some(&FillValue::List(vec!["b1-b2".into()])));
    assert!(!reports[0].passed(Bless::Off));
    assert!(reports[0].passed(Bless::Placeholders));
}

#[test]
fn a_failed_expectation_is_rewritten_only_by_bless_all() {
    let reports = run("test \"t\" {\n  setup\n  expect perft 2: 1\n  expect empty a1\n}\n");
    assert_eq!(kinds(&reports[0]), [FindingKind::Failed, FindingKind::Failed]);
    assert_eq!(reports[0].findings[0].fill.as_ref().map(|f| &f.value), Some(&FillValue::Text("9".into())));
    assert_eq!(reports[0].findings[1].fill, None, "`expect empty` states no value");
    assert_eq!(reports[0].fills(Bless::Placeholders).count(), 0);
    assert_eq!(reports[0].fills(Bless::All).count(), 1);
    assert!(!reports[0].passed(Bless::All));
}

#[test]
fn a_step_that_cannot_be_played_ends_the_test() {
    let reports = run("test \"t\" {\n  setup\n  play a1-a3\n  expect perft 1: 1\n}\n");
    assert_eq!(kinds(&reports[0]), [FindingKind::Failed]);
    assert_eq!(reports[0].findings[0].diagnostic.message, "`a1-a3` is not a legal move here");
}

#[test]
fn names_the_game_does_not_have_are_malformed() {
    let reports = run("test \"t\" {\n  setup\n  expect piece at z9: P1\n  expect turn: red\n  \
                       expect nothing == 1\n}\n\ntest \"u\" {\n  option x = 1\n  setup\n}\n");
    assert_eq!(kinds(&reports[0]), [FindingKind::Malformed; 3]);
    assert_eq!(kinds(&reports[1]), [FindingKind::Malformed]);
    assert!(!reports[1].passed(Bless::All));
}

#[test]
fn the_end_of_the_game_is_read_from_the_result() {
    let reports = run("test \"t\" {\n  position {\n    pieces P1@a3 P2@c3\n  }\n  play a3-a4\n  \
                       expect result: white wins\n  expect reason: \"end rule 1: white wins\"\n  \
                       expect moves: none\n  expect turn: ?\n}\n");
    // The seat to move cannot be filled in: the game is over.
    assert_eq!(kinds(&reports[0]), [FindingKind::Failed]);
    assert_eq!(reports[0].findings[0].fill, None);
}

#[test]
fn a_rules_fault_met_while_playing_fails_the_test() {
    // Every move asks whether the opponent keeps a move, so the look-ahead that answers it would
    // need a look-ahead of its own: the engine records the fault, and the test fails with it.
    let rules = RULES.replace("    play advance\n", "    play advance\n    legal if not stuck\n");
    let tests = "test \"t\" {\n  setup\n  play b1-b2\n}\n";
    let parsed = parse(tests);
    let mut runner = Runner::new(&rules, tests);
    let report = runner.run(&parsed.suite, &parsed.suite.tests[0]);
    assert_eq!(kinds(&report), [FindingKind::Failed]);
    let diagnostic = &report.findings[0].diagnostic;
    assert_eq!(diagnostic.message, "the rules cannot be played faithfully");
    assert!(
        diagnostic.help.as_deref().is_some_and(|help| help.contains("inside the look-ahead")),
        "{diagnostic:?}"
    );
}
