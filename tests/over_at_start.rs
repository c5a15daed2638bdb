//! A game over before its first move is refused at check time, the engine itself judging the start
//! (`ludex::compile`); an end rule whose `win` or `loss` names no seat fails the run that meets it.

use std::process::Command;

use ludex::diagnostics::{Code, Diagnostic, Severity};
use ludex::{Compiled, OptionValues, compile};

/// A two-seat game of pawns on row 1 with the given `end` block and extra items.
fn pawns(extra: &str, end: &str) -> String {
    format!(
        "game \"T\"\nseat white\nseat black turned 180\nboard square 4 by 4\npiece pawn {{ letter P }}\n\
         setup {{ place pawn for each seat on row 1 }}\naction advance for pawn {{ step forward }}\n{extra}\n\
         end {{\n{end}\n}}\n"
    )
}

const PLAIN_TURN: &str = "phase play { turn { play advance } }";

/// A first turn that rolls `dice` six-sided dice before the first decision, the first into `steps`.
fn rolling_turn(dice: usize) -> String {
    let variables: String = (1..dice).map(|die| format!("variable die{die} = 0\n")).collect();
    let rolls: String = (1..dice).map(|die| format!("set die{die} = roll d6 ")).collect();
    format!(
        "variable steps = 0\n{variables}phase play {{ turn {{ start {{ set steps = roll d6 {rolls}}} play advance }} }}"
    )
}

/// The start's diagnostics: code, severity and the primary label's text.
fn at_start(compiled: &Compiled) -> Vec<(Code, Severity, &str)> {
    compiled
        .diagnostics
        .iter()
        .filter(|d| d.code == Code::EndsAtStart)
        .map(|d| (d.code, d.severity, d.primary.message.as_str()))
        .collect()
}

fn labels(diagnostic: &Diagnostic) -> Vec<&str> {
    diagnostic.secondary.iter().map(|label| label.message.as_str()).collect()
}

const UNITED: &str = "define united(s) = count(group(first(pieces(s)).cell, all)) == count(pieces(s))";

#[test]
fn an_unguarded_united_mover_is_an_error_naming_the_missing_seat() {
    let text = pawns(&format!("{PLAIN_TURN}\n{UNITED}"), "when united(mover): win mover");
    let compiled = compile(&text, &OptionValues::default());
    assert!(compiled.game.is_none());
    assert_eq!(at_start(&compiled), [(Code::EndsAtStart, Severity::Error, "holds before the first move")]);
    let error = &compiled.diagnostics[0];
    assert_eq!(error.message, "the game is over before the first move");
    assert_eq!(&text[error.primary.span.start..error.primary.span.end], "united(mover)");
    assert_eq!(labels(error), ["no seat: nobody has moved yet"]);
    assert_eq!(&text[error.secondary[0].span.start..error.secondary[0].span.end], "mover");
}

#[test]
fn guarded_with_mover_the_game_begins() {
    let text = pawns(&format!("{PLAIN_TURN}\n{UNITED}"), "when mover != none and united(mover): win mover");
    let compiled = compile(&text, &OptionValues::default());
    assert!(compiled.game.is_some(), "{:?}", compiled.diagnostics);
    assert_eq!(compiled.diagnostics, []);
}

#[test]
fn the_engine_error_replaces_the_checkers_warning_on_the_same_rule() {
    let text = pawns(PLAIN_TURN, "when count(pieces(mover)) == 0: win next\nwhen turns == 0: draw");
    let compiled = compile(&text, &OptionValues::default());
    let found = at_start(&compiled);
    assert_eq!(found.len(), 2, "{:?}", compiled.diagnostics);
    assert_eq!(found[0], (Code::EndsAtStart, Severity::Error, "holds before the first move"));
    // The second rule also holds at the start, which the checker's warning still says.
    assert_eq!(found[1], (Code::EndsAtStart, Severity::Warning, "holds before the first move"));
    // Without the engine, the checker alone only warns about the first.
    let checked = ludex::check::compile(&text, &OptionValues::default());
    assert!(checked.game.is_some() && checked.diagnostics.iter().all(|d| !d.is_error()));
}

#[test]
fn a_rolled_start_is_reported_only_when_every_roll_ends_it() {
    let every = pawns(&rolling_turn(1), "when steps <= 3 and turns == 0: draw\nwhen steps >= 4: win next");
    let compiled = compile(&every, &OptionValues::default());
    assert_eq!(
        at_start(&compiled),
        [(Code::EndsAtStart, Severity::Error, "holds before the first move, whatever the roll")]
    );
    assert_eq!(labels(&compiled.diagnostics[0]), ["or this one, after other rolls"]);
    // A six lets white move: the game can begin.
    let some = pawns(&rolling_turn(1), "when steps <= 5: win next");
    let compiled = compile(&some, &OptionValues::default());
    assert!(compiled.game.is_some() && compiled.diagnostics.is_empty(), "{:?}", compiled.diagnostics);
}

#[test]
fn a_start_with_too_many_rolls_to_follow_keeps_the_checkers_warning() {
    // Five dice: 9,331 states from the first roll to the decision, more than the engine follows
    // (4,096).
    let text = pawns(&rolling_turn(5), "when turns == 0: draw");
    let compiled = compile(&text, &OptionValues::default());
    assert!(compiled.game.is_some());
    assert_eq!(at_start(&compiled), [(Code::EndsAtStart, Severity::Warning, "holds before the first move")]);
    // Four dice are followed, every outcome (1,555 states): the error.
    let compiled = compile(&pawns(&rolling_turn(4), "when turns == 0: draw"), &OptionValues::default());
    assert_eq!(
        at_start(&compiled),
        [(Code::EndsAtStart, Severity::Error, "holds before the first move, whatever the roll")]
    );
}

#[test]
fn options_are_judged_as_chosen_the_defaults_unless_given() {
    let text = pawns(&format!("option goal = 0 from 0 to 5\n{PLAIN_TURN}"), "when turns >= goal: draw");
    let defaults = compile(&text, &OptionValues::default());
    assert_eq!(at_start(&defaults), [(Code::EndsAtStart, Severity::Error, "holds before the first move")]);
    let chosen: OptionValues = [("goal".to_string(), ludex::ir::Number::Int(2))].into_iter().collect();
    let compiled = compile(&text, &chosen);
    assert!(compiled.game.is_some() && compiled.diagnostics.is_empty(), "{:?}", compiled.diagnostics);
}

#[test]
fn every_shipped_rules_file_begins() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["rules", "docs/examples"] {
        for entry in std::fs::read_dir(root.join(dir)).expect("the directory is readable") {
            let path = entry.expect("an entry").path();
            if path.extension().is_none_or(|e| e != "rules") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("readable");
            let compiled = compile(&text, &OptionValues::default());
            assert!(compiled.game.is_some(), "{}: {:?}", path.display(), compiled.diagnostics);
            assert_eq!(at_start(&compiled), [], "{}", path.display());
        }
    }
}

#[test]
fn a_run_that_meets_an_outcome_without_a_seat_fails() {
    let dir = std::env::temp_dir().join(format!("ludex-over-at-start-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join("nobody.rules");
    std::fs::write(&path, pawns(PLAIN_TURN, "when turns >= 1: win piece_at(c3).owner")).expect("written");
    let output = Command::new(env!("CARGO_BIN_EXE_ludex"))
        .args(["run", path.to_str().expect("a UTF-8 path"), "--games", "2"])
        .output()
        .expect("the binary runs");
    std::fs::remove_dir_all(&dir).expect("removed");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "the games above cannot be trusted: end rule 1 held, but the seat its `win` or `loss` names is none"
        ),
        "{stderr}"
    );
}
