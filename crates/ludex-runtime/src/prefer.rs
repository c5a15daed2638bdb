//! `prefer most actions then most EXPR` (maximal dice use): of the legal moves at a decision, only
//! those that begin a completion of the turn with the most actions, and among those the highest
//! sum of `EXPR` over the turn's actions from this one on, stay legal. Each move is played on a
//! copy and the rest of the turn searched depth first; positions reached twice (the same dice
//! played in another order) are searched once. The search ends where the turn ends: when its
//! action count is reached, no action is legal, the game ends or a roll is made. One decision
//! searches at most [`MAX_PREFER_POSITIONS`] positions; past them, a move counts as ending the turn
//! (docs/language.md, "Limits").

use std::collections::HashMap;

use ludex_ir::{Expr, Preference};

use super::eval::{Ctx, PieceSlot};
use super::state::State;
use super::{Engine, Move, MoveKind};

/// How good a completion of the turn is: its actions, then the sum of the preference's term.
type Worth = (u32, i64);

/// The most positions one decision's search plays moves into.
pub(crate) const MAX_PREFER_POSITIONS: usize = 1 << 16;

/// The worth of the best completion from each position reached after an action, and how many
/// more positions the search may play into.
struct Seen {
    worths: HashMap<State, Worth>,
    budget: usize,
}

impl Engine {
    /// Keeps, of the legal moves `moves` of the seat to act, those the turn's preference allows.
    pub(crate) fn keep_preferred(&self, state: &State, preference: &Preference, moves: &mut Vec<Move>) {
        if moves.len() < 2 {
            return;
        }
        let mut seen = Seen { worths: HashMap::new(), budget: MAX_PREFER_POSITIONS };
        let worths: Vec<Worth> =
            moves.iter().map(|&mv| self.completion(state, mv, preference, &mut seen)).collect();
        let Some(&best) = worths.iter().max() else { return };
        let mut worth = worths.into_iter();
        moves.retain(|_| worth.next() == Some(best));
    }

    /// The worth of the best completion of the turn that begins with `mv`.
    fn completion(&self, state: &State, mv: Move, preference: &Preference, seen: &mut Seen) -> Worth {
        if !matches!(mv.kind, MoveKind::Action(_)) {
            return (0, 0);
        }
        let term = preference.then_most.as_ref().map_or(0, |term| self.term_of(state, mv, term));
        if seen.budget == 0 {
            return (1, term);
        }
        seen.budget -= 1;
        let mut next = state.clone();
        self.apply_move(&mut next, mv);
        let goes_on = next.result.is_none()
            && next.pending.is_empty()
            && next.phase == state.phase
            && next.turns == state.turns;
        if !goes_on {
            return (1, term);
        }
        let rest = match seen.worths.get(&next) {
            Some(&worth) => worth,
            None => {
                let mut moves = Vec::new();
                self.unpreferred_legal_moves(&next, &mut moves);
                let worth = moves.iter().map(|&m| self.completion(&next, m, preference, seen)).max();
                let worth = worth.unwrap_or((0, 0));
                seen.worths.insert(next, worth);
                worth
            }
        };
        (rest.0.saturating_add(1), rest.1.saturating_add(term))
    }

    /// The preference's term for a move, read on the move as an action's `where` reads it.
    fn term_of(&self, state: &State, mv: Move, term: &Expr) -> i64 {
        self.eval(state, &self.move_context(state, mv), term).as_int().unwrap_or(0)
    }

    /// The context of a move about to be played, as its action's `where` reads it: the mover, the
    /// piece (on its cell, or a new one for a drop), `from`, `to`, `target` and the choice.
    pub(crate) fn move_context(&self, state: &State, mv: Move) -> Ctx<'static> {
        let seat = self.current_seat(state);
        let piece = match (mv.from, mv.piece) {
            (Some(from), _) => PieceSlot::At(from),
            (None, Some(kind)) => PieceSlot::Held(self.fresh_piece(kind, Some(seat))),
            (None, None) => PieceSlot::None,
        };
        Ctx {
            piece,
            from: mv.from,
            to: mv.to,
            target: mv.to.and_then(|to| state.piece(to)),
            choice: Some(mv.choice.into()),
            ..Ctx::new(Some(seat), Some(self.seat_after(state)))
        }
    }
}
