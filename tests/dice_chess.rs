//! Dice Chess (rules/dice-chess.rules, seed 003): what the engine counts around the rules — the
//! setup's 32 rolls and the moves are not plies, and each die lands with its rolled face. The
//! scenario of each rule sentence is in rules/dice-chess.tests (`ludex test rules/dice-chess.rules`).
//!
//! Pieces in positions are `D1:F` (a white die showing F) and `D2:F` (a black die).

mod support;

use support::{engine, legal, load, play, roll, sorted, to_move, token_on};

const RULES: &str = "rules/dice-chess.rules";

/// A position with white to move and the given board (ranks 8 to 1, files a to h).
fn white_to_move(board: &str) -> String {
    format!("phase play\nturn white\nboard\n{board}")
}

// "Each player rolls all of their dice. Once rolled, place them on the board as if they were chess
//  pieces, filling up the back two rows of the chess board on opposing sides from each other."

#[test]
fn setup_rolls_32_dice_then_white_moves_with_16_dice_a_side_on_the_back_two_rows() {
    let engine = engine(RULES);
    let mut state = engine.initial_state();
    // White's dice are rolled first (all 1 to 3 here), then black's (all 4 to 6).
    for index in 0..32u32 {
        let outcome = if index < 16 { 1 + index % 3 } else { 4 + index % 3 };
        roll(&engine, &mut state, 6, outcome);
    }
    assert_eq!(to_move(&engine, &state).as_deref(), Some("white"));
    assert_eq!(engine.ply(&state), 0, "rolls are not plies");
    let mut white_faces = Vec::new();
    let mut black_faces = Vec::new();
    for rank in 1..=8 {
        for file in 'a'..='h' {
            let token = token_on(&engine, &state, &format!("{file}{rank}"));
            match rank {
                1 | 2 => white_faces.push(token),
                7 | 8 => black_faces.push(token),
                _ => assert_eq!(token, ".", "{file}{rank}"),
            }
        }
    }
    let mut expected_white: Vec<String> = (0..16).map(|i| format!("D1:{}", 1 + i % 3)).collect();
    let mut expected_black: Vec<String> = (16..32).map(|i| format!("D2:{}", 4 + i % 3)).collect();
    for faces in [&mut white_faces, &mut black_faces, &mut expected_white, &mut expected_black] {
        faces.sort();
    }
    assert_eq!(white_faces, expected_white);
    assert_eq!(black_faces, expected_black);
}

// "Players take turns moving dice. They may move 1 die per turn."

#[test]
fn players_alternate_moving_one_die_a_turn() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &white_to_move(
            "D2:2 . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             D1:2 D1:2 . . . . . .",
        ),
    );
    play(&engine, &mut state, "a1-a2");
    assert_eq!(to_move(&engine, &state).as_deref(), Some("black"));
    assert_eq!(legal(&engine, &state), sorted(&["a8-a7", "a8-b8"]));
    play(&engine, &mut state, "a8-a7");
    assert_eq!(to_move(&engine, &state).as_deref(), Some("white"));
    assert_eq!(engine.ply(&state), 2);
}
