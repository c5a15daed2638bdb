//! Perft: the number of decision (or final) positions a given number of moves ahead, chance
//! outcomes expanded as branches that do not count as moves. Used to test move generation.

use super::state::State;
use super::{Engine, Status};

/// Counts the positions `depth` moves ahead. Every outcome of a pending roll is a branch of its own
/// that does not use up depth; a game that ends earlier than `depth` counts nothing.
pub fn perft(engine: &Engine, state: &State, depth: u32) -> u64 {
    let mut moves = Vec::new();
    match engine.status(state) {
        Status::Chance { sides } => {
            each_outcome(engine, state, sides).map(|child| perft(engine, &child, depth)).sum()
        }
        _ if depth == 0 => 1,
        Status::Over(_) => 0,
        Status::Decision { .. } => {
            engine.legal_moves(state, &mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = state.clone();
                    engine.apply_move(&mut child, mv);
                    perft(engine, &child, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft split by the first branch: each legal move (in notation) or roll outcome (`roll N`) with
/// its count.
pub fn perft_divide(engine: &Engine, state: &State, depth: u32) -> Vec<(String, u64)> {
    match engine.status(state) {
        Status::Chance { sides } => (1..=sides)
            .zip(each_outcome(engine, state, sides))
            .map(|(outcome, child)| (format!("roll {outcome}"), perft(engine, &child, depth)))
            .collect(),
        Status::Decision { .. } if depth > 0 => {
            let mut moves = Vec::new();
            engine.legal_moves(state, &mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = state.clone();
                    engine.apply_move(&mut child, mv);
                    (engine.move_notation(state, mv), perft(engine, &child, depth - 1))
                })
                .collect()
        }
        _ => Vec::new(),
    }
}

fn each_outcome<'a>(engine: &'a Engine, state: &'a State, sides: u32) -> impl Iterator<Item = State> + 'a {
    (1..=sides).map(move |outcome| {
        let mut child = state.clone();
        engine.apply_chance(&mut child, outcome);
        child
    })
}
