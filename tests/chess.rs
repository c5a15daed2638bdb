//! Chess (rules/chess.rules): perft to the depths too slow for a debug build. The scenario of each
//! rule, and perft to depth 3, are in rules/chess.tests (`ludex test rules/chess.rules`). Positions
//! are written in Forsyth-Edwards Notation (FEN) and turned into the position format by
//! [`from_fen`].

mod support;

use ludex::runtime::{Engine, State};
use support::{engine, load, timed_perft};

const RULES: &str = "rules/chess.rules";

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

/// A FEN position in the position format: kings and rooks that may still castle are unmoved
/// (`:0`), the en passant square is `crossed`, the move counters give `turns` and
/// `last_progress`.
fn from_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let [placement, side, castling, en_passant, halfmove, fullmove] = fields[..] else { panic!("{fen}") };
    let unmoved = |letter: char, square: &str| match (letter, square) {
        ('K', "e1") => castling.contains(['K', 'Q']),
        ('k', "e8") => castling.contains(['k', 'q']),
        ('R', "h1") => castling.contains('K'),
        ('R', "a1") => castling.contains('Q'),
        ('r', "h8") => castling.contains('k'),
        ('r', "a8") => castling.contains('q'),
        _ => false,
    };
    let mut board = String::from("board\n");
    for (row, rank) in placement.split('/').zip((1..=8).rev()) {
        let mut file = b'a';
        for c in row.chars() {
            if let Some(gap) = c.to_digit(10) {
                board.push_str(&". ".repeat(gap as usize));
                file += gap as u8;
                continue;
            }
            let seat = if c.is_ascii_uppercase() { 1 } else { 2 };
            board.push_str(&format!("{}{seat}", c.to_ascii_uppercase()));
            if "KkRr".contains(c) {
                let square = format!("{}{rank}", file as char);
                board.push_str(if unmoved(c, &square) { ":0" } else { ":1" });
            }
            board.push(' ');
            file += 1;
        }
        board.push('\n');
    }
    let turns = 2 * (fullmove.parse::<u32>().expect("a move number") - 1) + u32::from(side == "b");
    let progress = turns - halfmove.parse::<u32>().expect("a halfmove clock");
    let crossed = if en_passant == "-" { "none" } else { en_passant };
    let seat = if side == "w" { "white" } else { "black" };
    format!(
        "turn {seat}\nturns {turns}\nvariable crossed = {crossed}\nvariable last_progress = {progress}\n{board}"
    )
}

fn game(fen: &str) -> (Engine, State) {
    let engine = engine(RULES);
    let state = load(&engine, &from_fen(fen));
    (engine, state)
}

// ---- perft ---------------------------------------------------------------------------------------

/// The deeper counts: `cargo test --release --test chess -- --ignored --nocapture`.
#[test]
#[ignore = "slow in debug builds"]
fn perft_deeper() {
    let engine = engine(RULES);
    assert_eq!(timed_perft(&engine, "start", &engine.initial_state(), 4), 197_281);
    let (_, kiwipete) = game(KIWIPETE);
    assert_eq!(timed_perft(&engine, "kiwipete", &kiwipete, 3), 97_862);
    let (_, position_3) = game(POSITION_3);
    assert_eq!(timed_perft(&engine, "position 3", &position_3, 4), 43_238);
}

#[test]
#[ignore = "about a minute in a release build"]
fn perft_from_the_start_at_depth_5() {
    let engine = engine(RULES);
    assert_eq!(timed_perft(&engine, "start", &engine.initial_state(), 5), 4_865_609);
}
