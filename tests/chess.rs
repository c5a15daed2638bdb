//! Chess (rules/chess.rules): perft from the start and from known positions, and a scenario for
//! each rule.

use std::collections::BTreeMap;

use ludex::runtime::{Engine, State, perft};

fn engine() -> Engine {
    let text = std::fs::read_to_string("rules/chess.rules").expect("rules/chess.rules");
    let compiled = ludex::compile(&text, &BTreeMap::new());
    let game = compiled.game.unwrap_or_else(|| panic!("{:?}", compiled.diagnostics));
    Engine::new(game)
}

/// A position in Forsyth-Edwards Notation written in the position format: kings and rooks that
/// may still castle are unmoved, the en passant square is `crossed`, the clocks give `turns` and
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
            let square = format!("{}{rank}", file as char);
            board.push_str(&format!("{}{seat}", c.to_ascii_uppercase()));
            if "KkRr".contains(c) {
                board.push_str(if unmoved(c, &square) { ":0" } else { ":1" });
            }
            board.push(' ');
            file += 1;
        }
        board.push('\n');
    }
    let turns = 2 * (fullmove.parse::<u32>().unwrap() - 1) + u32::from(side == "b");
    let progress = turns - halfmove.parse::<u32>().unwrap();
    let crossed = if en_passant == "-" { "none" } else { en_passant };
    let seat = if side == "w" { "white" } else { "black" };
    format!(
        "turn {seat}\nturns {turns}\nvariable crossed = {crossed}\nvariable last_progress = {progress}\n{board}"
    )
}

fn load(engine: &Engine, fen: &str) -> State {
    engine.load_position(&from_fen(fen)).unwrap_or_else(|e| panic!("{e}\n{}", from_fen(fen)))
}

fn perft_counts(engine: &Engine, state: &State, depth: u32) -> Vec<u64> {
    (1..=depth).map(|d| perft(engine, state, d)).collect()
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const POSITION_3: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

#[test]
fn perft_from_the_start() {
    let engine = engine();
    assert_eq!(perft_counts(&engine, &engine.initial_state(), 3), [20, 400, 8_902]);
}

#[test]
fn perft_of_kiwipete() {
    let engine = engine();
    assert_eq!(perft_counts(&engine, &load(&engine, KIWIPETE), 2), [48, 2_039]);
}

#[test]
fn perft_of_position_3() {
    let engine = engine();
    assert_eq!(perft_counts(&engine, &load(&engine, POSITION_3), 3), [14, 191, 2_812]);
}

/// The deeper counts: `cargo test --release --test chess -- --ignored`.
#[test]
#[ignore = "slow in debug builds"]
fn perft_deep() {
    let engine = engine();
    let timed = |name: &str, state: &State, depth: u32, expected: u64| {
        let start = std::time::Instant::now();
        let nodes = perft(&engine, state, depth);
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "{name} depth {depth}: {nodes} nodes in {seconds:.2} s, {:.0} nodes/s",
            nodes as f64 / seconds
        );
        assert_eq!(nodes, expected, "{name} depth {depth}");
    };
    timed("start", &engine.initial_state(), 4, 197_281);
    timed("kiwipete", &load(&engine, KIWIPETE), 3, 97_862);
    timed("position 3", &load(&engine, POSITION_3), 4, 43_238);
    timed("start", &engine.initial_state(), 5, 4_865_609);
}
