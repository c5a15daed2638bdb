//! Perft: the number of decision (or final) positions a given number of moves ahead, chance
//! outcomes expanded as branches that do not count as moves. Used to test move generation, and to
//! time it: every leaf made, or the last level's moves only counted (bulk counting).

use super::board_index::BoardHash;
use super::eval::Ctx;
use super::state::{HistoryCopy, Positions, State};
use super::trial_writes::TrialWrites;
use super::turns::{Answers, Fast};
use super::{Engine, Move, MoveKind, Status};

/// Counts the positions `depth` moves ahead. Every outcome of a pending roll is a branch of its own
/// that does not use up depth; a game that ends earlier than `depth` counts nothing. The calls nest
/// once a move (`depth` deep at most; front ends bound it with the `perft-depth` limit), never once
/// a roll. A count past `u64::MAX` (millennia of work) stays at `u64::MAX`.
pub fn perft(engine: &Engine, state: &State, depth: u32) -> u64 {
    perft_with(engine, state, depth, Leaves::Made)
}

/// How perft counts the positions of its last level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaves {
    /// Every leaf is made: its move is played (its end rules are not judged, so neither is its
    /// position added to the history nor the board's hash kept, which only they would read).
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
/// and the child state (refilled with `clone_from` once a position and put back from its journal
/// after each move, so that a warm search does not allocate).
#[derive(Default)]
struct Level {
    moves: Vec<Move>,
    child: Option<State>,
}

fn count(engine: &Engine, state: &State, depth: u32, leaves: Leaves, levels: &mut Vec<Level>) -> u64 {
    // A leaf needs no status unless a roll is pending (whose outcomes are the leaves).
    if depth == 0 && !state.awaits_roll() {
        return 1;
    }
    match engine.status(state) {
        Status::Chance { .. } => count_chance(engine, state, depth, leaves, levels),
        Status::Over(_) => 0,
        Status::Decision { .. } => {
            let mut level = levels.pop().unwrap_or_default();
            engine.legal_moves(state, &mut level.moves);
            let total = expand(engine, state, depth, leaves, &mut level, levels);
            levels.push(level);
            total
        }
    }
}

/// Counts below a position a move has reached, its end rules not judged yet: at a decision point
/// its legal moves are listed first, then its end rules judged with `stuck` read from the list
/// (the search for a first legal move that judging alone makes is spared), then it is expanded.
fn count_played(
    engine: &Engine,
    state: &mut State,
    depth: u32,
    leaves: Leaves,
    levels: &mut Vec<Level>,
) -> u64 {
    if state.result.is_some() || !state.pending.is_empty() {
        engine.judge(state);
        return count(engine, state, depth, leaves, levels);
    }
    let mut level = levels.pop().unwrap_or_default();
    engine.legal_moves(state, &mut level.moves);
    let any_action = level.moves.iter().any(|mv| matches!(mv.kind, MoveKind::Action(_)));
    engine.judge_with(state, &Listed { any_action });
    let total = match state.result {
        Some(_) => 0,
        None => expand(engine, state, depth, leaves, &mut level, levels),
    };
    levels.push(level);
    total
}

/// Counts below a decision point whose legal moves are listed in `level`.
fn expand(
    engine: &Engine,
    state: &State,
    depth: u32,
    leaves: Leaves,
    level: &mut Level,
    levels: &mut Vec<Level>,
) -> u64 {
    if depth == 1 && leaves == Leaves::Counted {
        return level.moves.len() as u64;
    }
    let mut total: u64 = 0;
    // Nothing reads a leaf's history or its board's hash: its position is not recorded and its
    // writes leave the hash stale (put back with the child, or made afresh before a roll).
    let bookkeeping = match depth {
        1 => (BoardHash::Stale, Positions::Unread),
        _ => (BoardHash::Kept, Positions::Recorded),
    };
    let child = refill(&mut level.child, state, bookkeeping);
    for (index, &mv) in level.moves.iter().enumerate() {
        if index > 0 {
            // The cells the last move wrote are put back from its journal, the rest of the state
            // copied (after the last move, nothing: the child is refilled at the next position).
            child.restore_from(state, (HistoryCopy::Whole, TrialWrites::Anything));
        }
        engine.play(child, mv);
        let below = match depth {
            // A leaf counts whether or not its game is over: its end rules are not judged.
            1 if !child.awaits_roll() => 1,
            1 => {
                // The roll's outcomes are played on copies of the child, which record their
                // positions.
                child.rehash_board();
                count(engine, child, 0, leaves, levels)
            }
            _ => count_played(engine, child, depth - 1, leaves, levels),
        };
        total = total.saturating_add(below);
    }
    total
}

/// The turn machine's answers at a position whose legal moves are listed: whether the seat to
/// act has a legal action is read from the list, the end rules are the engine's.
#[derive(Debug)]
struct Listed {
    any_action: bool,
}

impl Answers for Listed {
    fn any_legal_action(&self, _: &Engine, _: &State) -> bool {
        self.any_action
    }

    fn first_end_rule(&self, engine: &Engine, state: &State, ctx: &Ctx) -> Option<usize> {
        Fast.first_end_rule(engine, state, ctx)
    }
}

/// A chance node whose outcomes are still to be tried: its state, its die and the next outcome.
struct ChanceFrame {
    state: State,
    sides: u32,
    next: u32,
}

/// Counts below a chance node: every sequence of outcomes of the rolls pending one after the other,
/// walked with a stack of its own rather than a call a roll (a position may hold thousands of
/// pending rolls), and each decision point reached counted by [`count`]. A die of one face is
/// rolled in place.
fn count_chance(engine: &Engine, state: &State, depth: u32, leaves: Leaves, levels: &mut Vec<Level>) -> u64 {
    let Status::Chance { sides } = engine.status(state) else {
        return count(engine, state, depth, leaves, levels);
    };
    let mut total: u64 = 0;
    let mut spare: Vec<State> = Vec::new();
    let mut stack = vec![ChanceFrame { state: state.clone(), sides, next: 1 }];
    while let Some(frame) = stack.last_mut() {
        if frame.next > frame.sides {
            if let Some(done) = stack.pop() {
                spare.push(done.state);
            }
            continue;
        }
        let mut child = match spare.pop() {
            Some(mut buffer) => {
                buffer.clone_from(&frame.state);
                buffer
            }
            None => frame.state.clone(),
        };
        engine.apply_chance(&mut child, frame.next);
        frame.next += 1;
        loop {
            match engine.status(&child) {
                Status::Chance { sides: 1 } => engine.apply_chance(&mut child, 1),
                Status::Chance { sides } => {
                    stack.push(ChanceFrame { state: child, sides, next: 1 });
                    break;
                }
                Status::Decision { .. } | Status::Over(_) => {
                    total = total.saturating_add(count(engine, &child, depth, leaves, levels));
                    spare.push(child);
                    break;
                }
            }
        }
    }
    total
}

/// The buffer holding a copy of `state`, keeping a journal of the cells written from now on, so
/// that it is put back after each move by rewriting those cells, the board's hash kept up to date
/// by its writes and its positions recorded as asked.
fn refill<'c>(
    child: &'c mut Option<State>,
    state: &State,
    (hash, positions): (BoardHash, Positions),
) -> &'c mut State {
    let child = match child {
        Some(child) => {
            child.clone_from(state);
            child
        }
        None => child.insert(state.clone()),
    };
    child.start_journal(hash);
    child.record_positions(positions);
    child
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
