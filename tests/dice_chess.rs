//! Dice Chess (rules/dice-chess.rules, seed 003): one scenario a rule sentence. Each test loads a
//! position and asserts the exact set of legal moves or the exact outcome.
//!
//! Pieces in positions are `D1:F` (a white die showing F) and `D2:F` (a black die).

mod support;

use ludex::runtime::{Status, Value};
use support::{engine, legal, load, play, result, roll, sorted, to_move, token_on, variable};

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

// "Dice may only move forward, back left or right." "Dice showing a value of 2-6 may move 1 square
//  per turn."

#[test]
fn dice_showing_2_to_5_step_one_square_forward_back_left_or_right() {
    let engine = engine(RULES);
    for face in 2..=5 {
        let state = load(
            &engine,
            &white_to_move(&format!(
                ". . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . D1:{face} . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . D2:1"
            )),
        );
        assert_eq!(legal(&engine, &state), sorted(&["d4-c4", "d4-d3", "d4-d5", "d4-e4"]), "face {face}");
    }
}

#[test]
fn black_dice_move_the_same_ways_from_the_other_side() {
    let engine = engine(RULES);
    let state = load(
        &engine,
        "phase play
         turn black
         board
         . . . . . . . D2:3
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         D1:1 . . . . . . .",
    );
    // In the corner only two of the four directions stay on the board.
    assert_eq!(legal(&engine, &state), sorted(&["h8-g8", "h8-h7"]));
}

// "Dice showing a value of 6 may move any direction including diagonals."

#[test]
fn a_six_also_steps_diagonally() {
    let engine = engine(RULES);
    let state = load(
        &engine,
        &white_to_move(
            ". . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . D1:6 . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . D2:1",
        ),
    );
    let expected = ["d4-c3", "d4-c4", "d4-c5", "d4-d3", "d4-d5", "d4-e3", "d4-e4", "d4-e5"];
    assert_eq!(legal(&engine, &state), sorted(&expected));
}

// "Dice showing a value of 1 may move 2 squares." (Interpretation: one or two squares in a straight
//  orthogonal line, never turning, never jumping.)

#[test]
fn a_one_moves_one_or_two_squares_straight_and_never_turns() {
    let engine = engine(RULES);
    let state = load(
        &engine,
        &white_to_move(
            ". . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . D1:1 . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . D2:1",
        ),
    );
    let expected = ["d4-b4", "d4-c4", "d4-d2", "d4-d3", "d4-d5", "d4-d6", "d4-e4", "d4-f4"];
    assert_eq!(legal(&engine, &state), sorted(&expected));
}

#[test]
fn a_one_cannot_jump_over_a_die_but_captures_on_either_square() {
    let engine = engine(RULES);
    let state = load(
        &engine,
        &white_to_move(
            ". . . . . . . .
             . . . . . . . .
             . . . D2:1 . . . .
             . . . D1:2 . . . .
             . D2:1 . D1:1 D2:3 . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .",
        ),
    );
    // The 1 on d4: its own 2 blocks the way north; the black 3 on e4 is too high to take and blocks
    // f4; the black 1 on b4 is taken two squares away; south is open.
    // The 2 on d5: takes the black 1 on d6 (a lower face), steps to c5 or e5, not onto its own die.
    let expected = ["d4-c4", "d4xb4", "d4-d3", "d4-d2", "d5xd6", "d5-c5", "d5-e5"];
    assert_eq!(legal(&engine, &state), sorted(&expected));
}

// "A player may capture an opponent's die by moving onto the opponent's square with a die that shows
//  an equal or higher value."

#[test]
fn a_die_captures_only_dice_showing_an_equal_or_lower_value() {
    let engine = engine(RULES);
    let state = load(
        &engine,
        &white_to_move(
            ". . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . D2:2 . . . .
             . . D2:4 D1:3 D2:3 . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .",
        ),
    );
    assert_eq!(legal(&engine, &state), sorted(&["d4-d3", "d4xd5", "d4xe4"]));
}

#[test]
fn a_die_never_moves_onto_its_own_side() {
    let engine = engine(RULES);
    let state = load(
        &engine,
        &white_to_move(
            ". . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . D1:6 D1:6 . . . .
             . . . D1:1 . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . D2:6",
        ),
    );
    let expected = [
        // The 6 on c5 (not onto d5 or d4).
        "c5-b4", "c5-b5", "c5-b6", "c5-c4", "c5-c6", "c5-d6", //
        // The 6 on d5 (not onto c5 or d4).
        "d5-c4", "d5-c6", "d5-d6", "d5-e4", "d5-e5", "d5-e6", //
        // The 1 on d4 (north is its own 6).
        "d4-b4", "d4-c4", "d4-d2", "d4-d3", "d4-e4", "d4-f4",
    ];
    assert_eq!(legal(&engine, &state), sorted(&expected));
}

// "When a player captures an opponent's die he or she must then reroll the die that made the
//  capture and place it in the square that was just taken."

#[test]
fn a_capture_rerolls_the_capturer_on_the_square_it_took() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &white_to_move(
            ". . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . D2:2 . . . .
             . . . D1:3 . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . D2:6",
        ),
    );
    play(&engine, &mut state, "d4xd5");
    // A chance node: a six-sided die; the capturer already stands on d5, still showing 3 until the
    // outcome is written.
    assert_eq!(engine.status(&state), Status::Chance { sides: 6 });
    assert_eq!(token_on(&engine, &state, "d5"), "D1:3");
    assert_eq!(token_on(&engine, &state, "d4"), ".");
    for outcome in 1..=6 {
        let mut after = state.clone();
        roll(&engine, &mut after, 6, outcome);
        assert_eq!(token_on(&engine, &after, "d5"), format!("D1:{outcome}"));
        assert_eq!(to_move(&engine, &after).as_deref(), Some("black"));
    }
}

#[test]
fn a_move_without_a_capture_rolls_nothing() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &white_to_move(
            ". . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . D1:3 . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . D2:6",
        ),
    );
    play(&engine, &mut state, "d4-d5");
    assert_eq!(to_move(&engine, &state).as_deref(), Some("black"));
    assert_eq!(token_on(&engine, &state, "d5"), "D1:3");
}

// "When a player captures an opponent's die that die is removed from the game and placed near the
//  player who captured it, still showing its value when it was captured."

#[test]
fn the_captured_die_joins_the_capturers_prizes_showing_its_face() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &white_to_move(
            ". . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . D2:2 . . . .
             . . . D1:3 . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . D2:6",
        ),
    );
    play(&engine, &mut state, "d4xd5");
    roll(&engine, &mut state, 6, 6);
    let white = engine.seat_named("white").expect("white");
    let black = engine.seat_named("black").expect("black");
    let prizes = engine.prizes(&state, white);
    assert_eq!(prizes.len(), 1);
    let d5 = engine.cell_named("d5");
    assert_eq!(
        (prizes[0].piece.owner, prizes[0].piece.attributes[0], prizes[0].value, prizes[0].cell),
        (Some(black), 2, 2, d5)
    );
    assert!(engine.prizes(&state, black).is_empty());
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

// "Only one player has dice on the board. They are the winner."

#[test]
fn taking_the_last_enemy_die_wins_once_the_reroll_is_made() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &white_to_move(
            ". . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . D2:2 . . . .
             . . . D1:3 . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . .",
        ),
    );
    play(&engine, &mut state, "d4xd5");
    assert_eq!(result(&engine, &state), None, "the reroll comes first");
    roll(&engine, &mut state, 6, 1);
    assert_eq!(result(&engine, &state).map(|r| r.places), Some(vec![1, 2]));
}

#[test]
fn black_wins_by_taking_whites_last_die() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        "phase play
         turn black
         variable quiet = 3
         board
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . D2:5 . . . .
         . . . D1:5 . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .",
    );
    play(&engine, &mut state, "d5xd4");
    roll(&engine, &mut state, 6, 4);
    assert_eq!(result(&engine, &state).map(|r| r.places), Some(vec![2, 1]));
}

#[test]
fn a_capture_that_leaves_enemy_dice_does_not_end_the_game() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &white_to_move(
            ". . . . . . . .
             . . . . . . . .
             . . . . . . . .
             . . . D2:2 . . . .
             . . . D1:3 . . . .
             . . . . . . . .
             . . . . . . . .
             . . . . . . . D2:6",
        ),
    );
    play(&engine, &mut state, "d4xd5");
    roll(&engine, &mut state, 6, 2);
    assert_eq!(result(&engine, &state), None);
    assert_eq!(to_move(&engine, &state).as_deref(), Some("black"));
}

// "Neither player has made an effective play for more than two turns." (Interpretation: six turns
//  in a row without a capture, once a capture has been made.)

/// White (two 3s, a 2 and a captured 4) against black (a 5, a 3 and a captured 1): far apart, so
/// no capture is possible soon.
const QUIET_GAME: &str = "
    phase play
    turn white
    variable quiet = 0
    prizes white D2:4
    prizes black D1:1
    board
    . . . . . . . D2:5
    . . . . . . . D2:3
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    D1:3 . . . . . . .
    D1:3 D1:2 . . . . . .
";

#[test]
fn six_turns_in_a_row_without_a_capture_end_the_game() {
    let engine = engine(RULES);
    let mut state = load(&engine, QUIET_GAME);
    let turns = ["a2-a3", "h8-g8", "a3-a4", "g8-f8", "a4-a5", "f8-e8"];
    for (index, turn) in turns.iter().enumerate() {
        assert_eq!(result(&engine, &state), None, "after {index} quiet turns");
        play(&engine, &mut state, turn);
        assert_eq!(variable(&engine, &state, "quiet"), Value::Int(index as i64 + 1));
    }
    // Board totals: white 3 + 3 + 2 = 8, black 5 + 3 = 8; captured: white 4, black 1.
    let over = result(&engine, &state).expect("the sixth quiet turn ends the game");
    assert_eq!(over.places, vec![1, 2]);
}

#[test]
fn a_capture_starts_the_quiet_count_again() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &format!(
            "variable quiet = 5\nprizes white D2:4\n{}",
            white_to_move(
                ". . . . . . . D2:5
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 D2:1 . . . . . . .
                 D1:3 . . . . . . .",
            )
        ),
    );
    play(&engine, &mut state, "a1xa2");
    roll(&engine, &mut state, 6, 3);
    assert_eq!(variable(&engine, &state, "quiet"), Value::Int(0));
    assert_eq!(result(&engine, &state), None);
}

#[test]
fn quiet_turns_before_the_first_capture_do_not_end_the_game() {
    let engine = engine(RULES);
    let mut state = load(
        &engine,
        &format!(
            "variable quiet = 5\n{}",
            white_to_move(
                ". . . . . . . D2:5
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 . . . . . . . .
                 D1:3 . . . . . . .",
            )
        ),
    );
    play(&engine, &mut state, "a1-a2");
    assert_eq!(variable(&engine, &state, "quiet"), Value::Int(6));
    assert_eq!(result(&engine, &state), None, "no capture has been made yet");
    play(&engine, &mut state, "h8-h7");
    assert_eq!(result(&engine, &state), None);
}

/// The game after one more quiet turn by white (`a1-a2`), from `quiet = 5` with the given board
/// and prize piles.
fn last_quiet_turn(prizes: &str, board: &str) -> Vec<u32> {
    let engine = engine(RULES);
    let mut state =
        load(&engine, &format!("phase play\nturn white\nvariable quiet = 5\n{prizes}\nboard\n{board}"));
    play(&engine, &mut state, "a1-a2");
    result(&engine, &state).expect("the game is over").places
}

// "In this case, then the player with the highest dice total left on the board wins."

#[test]
fn the_no_capture_end_ranks_by_the_dice_total_on_the_board_first() {
    // Board: white 3 + 4 = 7, black 6; captured: white 1, black 6 (black's would win the tie-break).
    let places = last_quiet_turn(
        "prizes white D2:1\nprizes black D1:6",
        ". . . . . . . D2:6
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         D1:3 D1:4 . . . . . .",
    );
    assert_eq!(places, vec![1, 2]);
    let places = last_quiet_turn(
        "prizes white D2:6\nprizes black D1:1",
        ". . . . . . D2:2 D2:6
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         D1:3 D1:4 . . . . . .",
    );
    assert_eq!(places, vec![2, 1], "black's 8 on the board beats white's 7");
}

// "If the game is still a tie, then the player with the highest total value of captured dice
//  captured is the winner."

#[test]
fn equal_board_totals_rank_by_the_captured_total() {
    // Board: 7 each; captured: white 2 + 2 = 4, black 5.
    let places = last_quiet_turn(
        "prizes white D2:2 D2:2\nprizes black D1:5",
        ". . . . . . D2:1 D2:6
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         D1:3 D1:4 . . . . . .",
    );
    assert_eq!(places, vec![2, 1]);
}

// "If there is still draw, the game is declared a draw."

#[test]
fn equal_board_and_captured_totals_are_a_draw() {
    // Board: 7 each; captured: 5 each (white 2 + 3, black 5).
    let places = last_quiet_turn(
        "prizes white D2:2 D2:3\nprizes black D1:5",
        ". . . . . . D2:1 D2:6
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         . . . . . . . .
         D1:3 D1:4 . . . . . .",
    );
    assert_eq!(places, vec![1, 1]);
}
