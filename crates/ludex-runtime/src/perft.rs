//! Perft: the number of decision (or final) positions a given number of moves ahead, chance
//! outcomes expanded as branches that do not count as moves. Used to test move generation, and to
//! time it: every leaf made, or the last level's moves only counted (bulk counting).

use super::state::State;
use super::{Engine, Move, Status};

/// Counts the positions `depth` moves ahead. Every outcome of a pending roll is a branch of its own
/// that does not use up depth; a game that ends earlier than `depth` counts nothing.
pub fn perft(engine: &Engine, state: &State, depth: u32) -> u64 {
    perft_with(engine, state, depth, Leaves::Made)
}

/// How perft counts the positions of its last level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaves {
    /// Every leaf is made: its move is played (its end rules are not judged).
    Made,
    /// Bulk counting: each legal move of the last level counts one leaf without being played. The
    /// count is [`Leaves::Made`]'s unless a move of the last level leads to a roll, whose outcomes
    /// are leaves of their own: use it only on games that roll in no move.
    Counted,
}

/// [`perft`], with the last level's leaves made or only counted.
pub fn perft_with(engine: &Engine, state: &State, depth: u32, leaves: Leaves) -> u64 {
    count(engine, state, depth, leaves, &mut Vec::new())
}

/// The buffers of one level of the search, reused from one position to the next: the legal moves
/// and the child state (refilled with `clone_from`, so that a warm search does not allocate).
#[derive(Default)]
struct Level {
    moves: Vec<Move>,
    child: Option<State>,
}

fn count(engine: &Engine, state: &State, depth: u32, leaves: Leaves, levels: &mut Vec<Level>) -> u64 {
    let status = engine.status(state);
    if depth == 0 && !matches!(status, Status::Chance { .. }) {
        return 1;
    }
    let mut level = levels.pop().unwrap_or_default();
    let total = match status {
        Status::Chance { sides } => (1..=sides)
            .map(|outcome| {
                let child = refill(&mut level.child, state);
                engine.apply_chance(child, outcome);
                count(engine, child, depth, leaves, levels)
            })
            .sum(),
        Status::Over(_) => 0,
        Status::Decision { .. } if depth == 1 && leaves == Leaves::Counted => {
            engine.legal_moves(state, &mut level.moves);
            level.moves.len() as u64
        }
        Status::Decision { .. } => {
            engine.legal_moves(state, &mut level.moves);
            let mut total = 0;
            for &mv in &level.moves {
                let child = refill(&mut level.child, state);
                if depth == 1 {
                    // A leaf counts whether or not its game is over: its end rules are not judged.
                    engine.play(child, mv);
                } else {
                    engine.apply_move(child, mv);
                }
                total += count(engine, child, depth - 1, leaves, levels);
            }
            total
        }
    };
    levels.push(level);
    total
}

/// The buffer holding a copy of `state`.
fn refill<'c>(child: &'c mut Option<State>, state: &State) -> &'c mut State {
    match child {
        Some(child) => {
            child.clone_from(state);
            child
        }
        None => child.insert(state.clone()),
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
