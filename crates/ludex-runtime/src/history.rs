//! The positions a game has been in, for `repetitions` and `since_first_seen`: at every decision
//! point the runtime appends a hash of the position to the state's history (only when the rules ask
//! about repeated positions). A position is everything in the state that the game's future depends
//! on except the counters that never repeat: the board, reserves, prize piles, variables (but those
//! declared `untracked`), rotated maps, the phase, the seat to act and its actions and captures
//! this turn, the retired seats; not the plies, the turns, the passes, the last mover or the
//! history itself.

use std::hash::{Hash, Hasher};

use super::hashing::WordHasher;

use ludex_ir::{ContextWord, Expr, Game, Outcome};

use super::Engine;
use super::state::State;

/// Whether the end rules read a context word (`repetitions`, `since_first_seen` and `stuck`, whose
/// costs the runtime pays only for rules that read them).
pub(super) fn end_rules_read(game: &Game, word: ContextWord) -> bool {
    game.end.iter().any(|rule| {
        let keys = match &rule.outcome {
            Outcome::Rank(keys) => keys.as_slice(),
            Outcome::Win(_) | Outcome::Loss(_) | Outcome::Draw => &[],
        };
        mentions(&rule.condition, word) || keys.iter().any(|k| mentions(k, word))
    })
}

/// Whether an expression reads a context word.
pub(super) fn mentions(expr: &Expr, word: ContextWord) -> bool {
    expr.any(&mut |e| *e == Expr::Context(word))
}

impl Engine {
    /// The hash of the position (see the module doc).
    pub(crate) fn position_hash(&self, state: &State) -> u64 {
        let mut hasher = WordHasher::seeded(state.index.hash());
        state.below.hash(&mut hasher);
        state.reserve.hash(&mut hasher);
        state.prizes.hash(&mut hasher);
        match &self.tables.layout.tracked_slots {
            None => state.variables.hash(&mut hasher),
            Some(tracked) => {
                let slots = state.variables.iter().zip(tracked).filter(|&(_, &tracked)| tracked);
                slots.for_each(|(value, _)| value.hash(&mut hasher));
            }
        }
        state.maps.hash(&mut hasher);
        (state.phase, state.order_index, state.actions, state.captures, state.retired).hash(&mut hasher);
        hasher.finish()
    }

    /// Appends the position to the history, if the rules ask about repeated positions.
    pub(crate) fn record_position(&self, state: &mut State) {
        if self.tables.end_reads.history {
            let hash = self.position_hash(state);
            state.history.push(hash);
        }
    }

    /// How many times the current position has occurred, this time included. At a decision point
    /// the current position is the last of the history.
    pub(crate) fn repetitions(&self, state: &State) -> i64 {
        let hash = self.current_hash(state);
        (state.history.iter().filter(|&&h| h == hash).count() as i64).max(1)
    }

    /// How many moves have been played since the current position first occurred: the decision
    /// points recorded after its first one (0 when it is new).
    pub(crate) fn since_first_seen(&self, state: &State) -> i64 {
        let hash = self.current_hash(state);
        let first = state.history.iter().position(|&h| h == hash);
        let current = match state.history.last() {
            Some(&last) if last == hash => state.history.len().saturating_sub(1),
            _ => state.history.len(),
        };
        first.map_or(0, |first| current.saturating_sub(first) as i64)
    }

    /// The hash of the current position: at a decision point, the last of the history.
    fn current_hash(&self, state: &State) -> u64 {
        match state.history.last() {
            Some(&last) if state.pending.is_empty() => last,
            _ => self.position_hash(state),
        }
    }
}
