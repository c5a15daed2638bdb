//! Move notation, reading it back, ties between actions, and the board drawn as text.

use super::*;

/// Steps and single-square diagonal moves sharing the orthogonal targets, a drop and a choice.
fn mixed() -> Game {
    let mut g = game(3, 3);
    g.actions.push(action("step", step(&g, &ORTHOGONAL)));
    g.actions.push(action("reach", step(&g, &["n", "ne"])));
    let everywhere = CellSet::from_cells((0..9).collect(), 9);
    g.actions.push(action(
        "enter",
        ActionKind::Drop { cells: vec![everywhere.clone(), everywhere], with: vec![] },
    ));
    g.actions.push(action("orient", ActionKind::Choose { from: int(0), to: int(1) }));
    g.phases[0].turn.choices[0].actions = vec![0, 1, 2, 3];
    g.phases[0].turn.count = ActionCount::UpTo(int(1));
    g
}

const POSITION: &str = "reserve white M:2\nboard\n. M2:1 .\n. . .\nM1:3 . .";

#[test]
fn notation_round_trips_for_every_legal_move() {
    let (engine, state) = load(mixed(), POSITION);
    let mut moves = Vec::new();
    engine.legal_moves(&state, &mut moves);
    assert!(moves.len() > 10);
    for &mv in &moves {
        let text = engine.move_notation(&state, mv);
        assert_eq!(engine.parse_move(&state, &text), Ok(mv), "{text}");
        assert_eq!(engine.parse_move(&state, &text.to_uppercase()), Ok(mv), "{text}");
    }
}

#[test]
fn tied_moves_get_the_action_name() {
    let (engine, state) = load(mixed(), POSITION);
    let names = legal(&engine, &state);
    for expected in ["a1-a2:step", "a1-a2:reach", "a1-b2", "a1-b1", "M@b2", "orient 1", "end"] {
        assert!(names.contains(&expected.to_string()), "{expected} in {names:?}");
    }
    let error = engine.parse_move(&state, "a1-a2").unwrap_err();
    assert!(error.contains("ambiguous"), "{error}");
}

#[test]
fn reading_accepts_other_separators_and_rejects_illegal_moves() {
    let (engine, state) = load(mixed(), POSITION);
    let b2 = engine.cell_named("b2");
    for text in ["a1b2", "A1-B2", " a1xb2 ", "a1-b2:reach"] {
        assert_eq!(engine.parse_move(&state, text).map(|m| m.to), Ok(b2), "{text}");
    }
    for text in ["", "a1-c3", "z9-a1", "a1-b2:step", "pass", "orient 7", "@@", ":"] {
        assert!(engine.parse_move(&state, text).is_err(), "{text}");
    }
}

#[test]
fn captures_are_written_with_x() {
    let mut g = game(3, 3);
    g.actions.push(action("step", step(&g, &ORTHOGONAL)));
    let (engine, state) = load(g, "board\n. . .\nM1:1 M2:1 .\n. . .");
    assert!(legal(&engine, &state).contains(&"a2xb2".to_string()));
    assert_eq!(engine.parse_move(&state, "a2-b2"), engine.parse_move(&state, "a2xb2"));
}

#[test]
fn describe_draws_the_board_and_the_turn() {
    let (engine, state) = load(mixed(), POSITION);
    let text = engine.describe(&state);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["a", "b", "c"]);
    // Pieces as the position format writes them, without the attribute values of a fresh piece.
    assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), ["3", ".", "M2", ".", "3"]);
    assert_eq!(lines[3].split_whitespace().collect::<Vec<_>>(), ["1", "M1:3", ".", ".", "1"]);
    assert!(text.contains("white to move"), "{text}");
    assert!(text.contains("reserve white: M:2"), "{text}");
}
