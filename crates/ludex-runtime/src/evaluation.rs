//! Generic measures of a position for agents that look ahead: each seat's material (the `value`s
//! of its pieces on the board) and the keys the game ranks seats by (its first `rank by` end rule,
//! else its `score`), evaluated now.

use ludex_ir::{Number, Outcome, SeatId};

use super::Engine;
use super::eval::Ctx;
use super::state::State;

impl Engine {
    /// The sum of the `value`s of the seat's pieces on the board (a value that is not an integer
    /// counts 0).
    pub fn material(&self, state: &State, seat: SeatId) -> i64 {
        let ctx = Ctx::new(state.last_mover, Some(self.current_seat(state)));
        state
            .board
            .iter()
            .flatten()
            .filter(|piece| piece.owner == Some(seat))
            .map(|&piece| self.piece_value(state, &ctx, piece).unwrap_or(0))
            .fold(0, i64::saturating_add)
    }

    /// The keys the game ranks seats by, evaluated for the seat in this state as if the game ended
    /// now: those of the first `rank by` end rule, else the `score` (a key that is not an integer
    /// reads `i64::MIN`); `None` when the game neither ranks nor scores.
    pub fn rank_keys(&self, state: &State, seat: SeatId) -> Option<Vec<Number>> {
        let rank = self.game.end.iter().find_map(|rule| match &rule.outcome {
            Outcome::Rank(keys) => Some(keys.as_slice()),
            Outcome::Win(_) | Outcome::Loss(_) | Outcome::Draw => None,
        });
        let keys = rank.or(self.game.score.as_ref().map(std::slice::from_ref))?;
        let ctx = Ctx::new(state.last_mover, Some(self.current_seat(state))).for_seat(Some(seat));
        Some(
            keys.iter()
                .map(|key| self.eval(state, &ctx, key).as_number().unwrap_or(Number::Int(i64::MIN)))
                .collect(),
        )
    }
}
