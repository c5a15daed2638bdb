//! The positions a game has been in, for `repetitions`: at every decision point the runtime
//! appends a hash of the position to the state's history (only when the rules ask how often a
//! position occurred). A position is everything in the state that the game's future depends on
//! except the counters that never repeat: the board, reserves, prize piles, variables, rotated
//! maps, the phase, the seat to act and its actions and captures this turn, the retired seats; not
//! the plies, the turns, the passes, the last mover or the history itself.

use std::hash::{Hash, Hasher};

use crate::ir::{ContextWord, Expr, Game, Outcome};

use super::Engine;
use super::state::State;

/// A small, fast, deterministic hasher (the same hash on every run and machine).
struct PositionHasher(u64);

impl Hasher for PositionHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u8(&mut self, byte: u8) {
        self.write_u64(byte.into());
    }

    fn write_u16(&mut self, word: u16) {
        self.write_u64(word.into());
    }

    fn write_u32(&mut self, word: u32) {
        self.write_u64(word.into());
    }

    fn write_i32(&mut self, word: i32) {
        self.write_u64(word as u32 as u64);
    }

    fn write_i64(&mut self, word: i64) {
        self.write_u64(word as u64);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }
}

/// Whether the end rules read a context word (`repetitions` and `stuck` are only read there).
pub(super) fn end_rules_read(game: &Game, word: ContextWord) -> bool {
    game.end.iter().any(|rule| {
        let keys = match &rule.outcome {
            Outcome::Rank(keys) => keys.as_slice(),
            _ => &[],
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
        let mut hasher = PositionHasher(state.index.hash());
        state.reserve.hash(&mut hasher);
        state.prizes.hash(&mut hasher);
        state.variables.hash(&mut hasher);
        state.maps.hash(&mut hasher);
        (state.phase, state.order_index, state.actions, state.captures, state.retired).hash(&mut hasher);
        hasher.finish()
    }

    /// Appends the position to the history, if the rules ask for repetitions.
    pub(crate) fn record_position(&self, state: &mut State) {
        if self.tables.keeps_history {
            let hash = self.position_hash(state);
            state.history.push(hash);
        }
    }

    /// How many times the current position has occurred, this time included. At a decision point
    /// the current position is the last of the history.
    pub(crate) fn repetitions(&self, state: &State) -> i64 {
        let hash = match state.history.last() {
            Some(&last) if state.pending.is_empty() => last,
            _ => self.position_hash(state),
        };
        (state.history.iter().filter(|&&h| h == hash).count() as i64).max(1)
    }
}
