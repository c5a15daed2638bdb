//! Helpers the scenario tests share: compile a shipped rules file, load a position, list the legal
//! moves in notation, play moves and roll outcomes, and read pieces and variables back.

// Each test crate that includes this module uses only part of it.
#![allow(dead_code)]

use std::collections::BTreeMap;

use ludex::runtime::{Engine, GameResult, Piece, State, Status, Value};

/// The engine of a rules file, compiled with the default options.
pub fn engine(path: &str) -> Engine {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let compiled = ludex::compile(&text, &BTreeMap::new());
    let game = compiled.game.unwrap_or_else(|| panic!("{path}: {:?}", compiled.diagnostics));
    Engine::new(game)
}

/// A state read from the position format.
pub fn load(engine: &Engine, position: &str) -> State {
    engine.load_position(position).unwrap_or_else(|e| panic!("{e}\n{position}"))
}

/// The legal moves in notation, sorted.
pub fn legal(engine: &Engine, state: &State) -> Vec<String> {
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    let mut names: Vec<String> = moves.iter().map(|&mv| engine.move_notation(state, mv)).collect();
    names.sort();
    names
}

/// Move texts, sorted, to compare with [`legal`].
pub fn sorted(names: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    names.sort();
    names
}

/// Plays a move that must be legal.
pub fn play(engine: &Engine, state: &mut State, text: &str) {
    let mut moves = Vec::new();
    engine.legal_moves(state, &mut moves);
    let mv = engine.parse_move(state, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert!(moves.contains(&mv), "`{text}` is not legal: {:?}", legal(engine, state));
    engine.apply_move(state, mv);
}

/// Resolves the pending roll, which must have `sides` faces, with `outcome`.
pub fn roll(engine: &Engine, state: &mut State, sides: u32, outcome: u32) {
    assert_eq!(engine.status(state), Status::Chance { sides });
    engine.apply_chance(state, outcome);
}

/// The seat to decide, by name; `None` at a chance node or once the game is over.
pub fn to_move(engine: &Engine, state: &State) -> Option<String> {
    match engine.status(state) {
        Status::Decision { seat } => Some(engine.game.seats[seat as usize].name.clone()),
        _ => None,
    }
}

/// The result, once the game is over.
pub fn result(engine: &Engine, state: &State) -> Option<GameResult> {
    match engine.status(state) {
        Status::Over(result) => Some(result),
        _ => None,
    }
}

/// The piece on a cell, by name.
pub fn piece_on(engine: &Engine, state: &State, cell: &str) -> Option<Piece> {
    let cell = engine.cell_named(cell).unwrap_or_else(|| panic!("no cell {cell}"));
    engine.piece_at(state, cell)
}

/// The piece on a cell in the position format (`D1:6`), `.` for an empty cell.
pub fn token_on(engine: &Engine, state: &State, cell: &str) -> String {
    let Some(piece) = piece_on(engine, state, cell) else { return ".".to_string() };
    let kind = &engine.game.pieces[piece.kind as usize];
    let mut token = kind.letter.to_string();
    if let Some(owner) = piece.owner {
        token.push_str(&(owner + 1).to_string());
    }
    for &attribute in &kind.attributes {
        token.push_str(&format!(":{}", piece.attributes[attribute as usize]));
    }
    token
}

/// A global variable's value.
pub fn variable(engine: &Engine, state: &State, name: &str) -> Value {
    engine.variable(state, name, None).unwrap_or_else(|| panic!("no variable {name}"))
}

/// The seat's index by name.
pub fn seat(engine: &Engine, name: &str) -> u8 {
    engine.seat_named(name).unwrap_or_else(|| panic!("no seat {name}"))
}

/// Perft to a depth, printing the speed (`name` says from where).
pub fn timed_perft(engine: &Engine, name: &str, state: &State, depth: u32) -> u64 {
    let start = std::time::Instant::now();
    let nodes = ludex::runtime::perft(engine, state, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!("{name} depth {depth}: {nodes} nodes in {seconds:.2} s, {:.0} nodes/s", nodes as f64 / seconds);
    nodes
}
