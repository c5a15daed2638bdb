//! Glinski's hexagonal chess (rules/glinski.rules): perft from the start and a scenario for each
//! rule. The expected counts and move lists were cross-checked with an independent move generator.
//!
//! Positions give each file's cells from the bottom up, files a to l without j:
//!
//! ```text
//! a1..a6  b1..b7  c1..c8  d1..d9  e1..e10  f1..f11  g1..g10  h1..h9  i1..i8  k1..k7  l1..l6
//! ```

mod support;

use ludex::runtime::{Engine, State, perft};
use support::{engine, legal, load, play, result, sorted, token_on};

const RULES: &str = "rules/glinski.rules";

/// A position with `seat` to move and the pieces given as (cell, token), such as `("f6", "N1")`.
fn position(seat: &str, pieces: &[(&str, &str)]) -> String {
    let files = [('a', 6), ('b', 7), ('c', 8), ('d', 9), ('e', 10), ('f', 11), ('g', 10), ('h', 9)];
    let files = files.into_iter().chain([('i', 8), ('k', 7), ('l', 6)]);
    let mut text = format!("turn {seat}\nboard\n");
    for (file, length) in files {
        text.push(file);
        for rank in 1..=length {
            let cell = format!("{file}{rank}");
            let token = pieces.iter().find(|(c, _)| *c == cell).map_or(".", |(_, t)| t);
            text.push(' ');
            text.push_str(token);
        }
        text.push('\n');
    }
    text
}

fn game(seat: &str, pieces: &[(&str, &str)]) -> (Engine, State) {
    let engine = engine(RULES);
    let state = load(&engine, &position(seat, pieces));
    (engine, state)
}

fn moves_from(engine: &Engine, state: &State, from: &str) -> Vec<String> {
    legal(engine, state).into_iter().filter(|m| m.starts_with(from)).collect()
}

fn places(engine: &Engine, state: &State) -> Option<Vec<u32>> {
    result(engine, state).map(|r| r.places)
}

const KINGS: [(&str, &str); 2] = [("g1", "K1"), ("g10", "K2")];

/// The kings on their starting cells and the pieces given.
fn with_kings<'a>(pieces: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    KINGS.iter().chain(pieces).copied().collect()
}

// ---- perft -------------------------------------------------------------------------------------------

#[test]
fn perft_from_the_start() {
    let engine = engine(RULES);
    let start = engine.initial_state();
    assert_eq!([1, 2].map(|depth| perft(&engine, &start, depth)), [51, 2_586]);
}

/// `cargo test --release --test glinski -- --ignored`
#[test]
#[ignore = "slow in debug builds"]
fn perft_from_the_start_at_depth_3() {
    let engine = engine(RULES);
    assert_eq!(perft(&engine, &engine.initial_state(), 3), 137_858);
}

// ---- the pieces ----------------------------------------------------------------------------------

#[test]
fn the_setup_mirrors_white_for_black() {
    let engine = engine(RULES);
    let start = engine.initial_state();
    let tokens =
        |cells: &[&str]| -> Vec<String> { cells.iter().map(|c| token_on(&engine, &start, c)).collect() };
    assert_eq!(
        tokens(&["g1", "e1", "c1", "d1", "f1", "f2", "f3", "b1", "f5"]),
        ["K1", "Q1", "R1", "N1", "B1", "B1", "B1", "P1", "P1"]
    );
    assert_eq!(
        tokens(&["g10", "e10", "c8", "d9", "f11", "f10", "f9", "b7", "f7"]),
        ["K2", "Q2", "R2", "N2", "B2", "B2", "B2", "P2", "P2"]
    );
}

// "the knight moves to the closest cells the queen can't go to"

#[test]
fn the_knight_leaps_to_twelve_cells() {
    let (engine, state) = game("white", &with_kings(&[("f6", "N1")]));
    let knight = [
        "f6-c4", "f6-c5", "f6-d3", "f6-d7", "f6-e3", "f6-e8", "f6-g3", "f6-g8", "f6-h3", "f6-h7", "f6-i4",
        "f6-i5",
    ];
    assert_eq!(moves_from(&engine, &state, "f6"), sorted(&knight));
}

// "The bishops move along the diagonals" and "Rooks move along the ranks and files".

#[test]
fn bishops_slide_through_corners_and_rooks_through_sides() {
    let (engine, bishop) = game("white", &with_kings(&[("f6", "B1")]));
    let diagonals = [
        "f6-b4", "f6-d2", "f6-d5", "f6-d8", "f6-e4", "f6-e7", "f6-g4", "f6-g7", "f6-h2", "f6-h5", "f6-h8",
        "f6-k4",
    ];
    assert_eq!(moves_from(&engine, &bishop, "f6"), sorted(&diagonals));
    let (_, rook) = game("white", &with_kings(&[("f6", "R1")]));
    assert_eq!(moves_from(&engine, &rook, "f6").len(), 30);
}

// "The king moves like the queen only one cell at a time"

#[test]
fn the_king_steps_to_twelve_cells() {
    // The rook only keeps the position from being a dead draw (kings alone cannot mate).
    let (engine, state) = game("white", &[("f6", "K1"), ("g10", "K2"), ("a1", "R1")]);
    let king = [
        "f6-d5", "f6-e4", "f6-e5", "f6-e6", "f6-e7", "f6-f5", "f6-f7", "f6-g4", "f6-g5", "f6-g6", "f6-g7",
        "f6-h5",
    ];
    assert_eq!(moves_from(&engine, &state, "f6"), sorted(&king));
}

// ---- pawns -------------------------------------------------------------------------------------------

// "Pawns move forwards like rooks on files ... they capture like rooks on ranks" and "They can move
//  two cells on the first move forward".

#[test]
fn pawns_advance_one_or_two_and_capture_obliquely() {
    let (engine, state) = game("white", &with_kings(&[("e4", "P1"), ("f5", "N2"), ("d5", "N2")]));
    assert_eq!(moves_from(&engine, &state, "e4"), sorted(&["e4-e5", "e4-e6", "e4xf5"]));
}

// "if their first move is an inward capture that leaves them on the starting cell for another same
//  coloured pawn then they retain the right to move two cells"

#[test]
fn a_pawn_that_captures_onto_a_starting_cell_may_still_advance_two() {
    let (engine, mut state) = game("white", &with_kings(&[("e4", "P1"), ("f5", "N2"), ("d5", "N2")]));
    play(&engine, &mut state, "e4xf5");
    play(&engine, &mut state, "g10-g9");
    assert_eq!(moves_from(&engine, &state, "f5"), sorted(&["f5-f6", "f5-f7"]));
}

// "If a pawn moves two cells forward skipping over a cell where it could have been taken by an enemy
//  pawn then the enemy pawn may on the next move only capture it"

#[test]
fn en_passant_takes_a_pawn_that_skipped_an_attacked_cell() {
    let (engine, mut state) = game("black", &with_kings(&[("d6", "P1"), ("c7", "P2")]));
    play(&engine, &mut state, "c7-c5");
    assert_eq!(moves_from(&engine, &state, "d6"), sorted(&["d6-c6", "d6-d7"]));
    let mut taken = state.clone();
    play(&engine, &mut taken, "d6-c6");
    assert_eq!([token_on(&engine, &taken, "c6"), token_on(&engine, &taken, "c5")], ["P1", "."]);
    play(&engine, &mut state, "g1-h1");
    play(&engine, &mut state, "g10-h9");
    assert_eq!(moves_from(&engine, &state, "d6"), ["d6-d7"]);
}

// "when a pawn reaches the furthermost cell on a file then it promotes to a piece"

#[test]
fn a_pawn_promotes_on_the_far_cell_of_its_file() {
    let (engine, state) = game("white", &[("g1", "K1"), ("l1", "K2"), ("f10", "P1"), ("e10", "R2")]);
    let pawn = [
        "f10-f11=B",
        "f10-f11=N",
        "f10-f11=Q",
        "f10-f11=R",
        "f10xe10=B",
        "f10xe10=N",
        "f10xe10=Q",
        "f10xe10=R",
    ];
    assert_eq!(moves_from(&engine, &state, "f10"), sorted(&pawn));
}

// ---- the end -------------------------------------------------------------------------------------------

#[test]
fn checkmate_wins() {
    let (engine, mut state) = game("white", &[("a1", "K1"), ("f1", "Q1"), ("f11", "K2")]);
    play(&engine, &mut state, "f1-f9");
    assert_eq!(places(&engine, &state), Some(vec![1, 2]));
}

// "Gliński's original version counted stalemate as not a draw, but a half-win (3/4 points)"

#[test]
fn stalemate_is_won_by_the_player_who_stalemates() {
    let (engine, mut state) = game("white", &[("c8", "K1"), ("h1", "Q1"), ("f11", "K2")]);
    play(&engine, &mut state, "h1-h8");
    let result = result(&engine, &state).expect("over");
    assert_eq!(result.places, [1, 2]);
    assert!(result.reason.starts_with("end rule 2"), "{}", result.reason);
}

#[test]
fn bare_kings_draw_but_a_lone_bishop_plays_on() {
    let (engine, mut bare) = game("white", &[("g1", "K1"), ("g2", "R2"), ("g10", "K2")]);
    play(&engine, &mut bare, "g1xg2");
    assert_eq!(places(&engine, &bare), Some(vec![1, 1]));
    let (_, mut bishop) = game("white", &[("g1", "K1"), ("f6", "B1"), ("h5", "R2"), ("g10", "K2")]);
    play(&engine, &mut bishop, "f6xh5");
    assert_eq!(places(&engine, &bishop), None);
}
