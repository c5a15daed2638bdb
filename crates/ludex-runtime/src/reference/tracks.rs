//! Moves along tracks and the turn's `prefer`, plainly. A move along a track: for each piece of
//! the seat's on the board (cell by cell, the top of each stack) or the first of each type in its
//! reserve, for each amount in the order written (each value once, none but positive ones), the
//! cell that many places further along the seat's version of the track, found by its position in
//! the list; past the end, off the board when the action has an `exit`. `prefer`: every move
//! played on a copy and every completion of the turn searched, the best kept.

use std::collections::HashMap;

use ludex_ir::{Action, ActionId, CellId, Expr, Preference, SeatId, Track};

use crate::eval::Ctx;
use crate::prefer::MAX_PREFER_POSITIONS;
use crate::state::{Piece, State};
use crate::{Engine, Move, MoveKind, Part, Path};

/// The completions searched for `prefer`: the best worth from each position reached, and how many
/// more positions the search may play into.
pub(super) struct Searched {
    worths: HashMap<State, (u32, i64)>,
    budget: usize,
}

/// A move along a track being offered: the action, its seat and the piece with where it starts
/// (`None`: from the reserve).
#[derive(Clone, Copy)]
pub(super) struct TrackMove<'a> {
    pub id: ActionId,
    pub action: &'a Action,
    pub seat: SeatId,
    pub track: &'a Track,
    pub amounts: &'a [Expr],
    pub exits: bool,
}

impl Engine {
    /// The moves along the track of one piece (on `from`, or held when entering).
    pub(super) fn reference_along(
        &self,
        state: &State,
        ctx: &Ctx,
        (play, piece, from): (TrackMove, Piece, Option<CellId>),
        filters_hold: impl Fn(&Ctx) -> bool,
        moves: &mut Vec<Move>,
    ) {
        let start = match from {
            None => Some(0),
            Some(cell) => play
                .track
                .cells
                .get(play.seat as usize)
                .and_then(|cells| cells.iter().position(|&c| c == cell).map(|index| index + 1)),
        };
        let Some(start) = start else { return };
        let cells = play.track.cells.get(play.seat as usize).map_or(&[][..], Vec::as_slice);
        let mut amounts: Vec<i64> = Vec::new();
        for expr in play.amounts {
            if let Some(n) = self.eval(state, ctx, expr).as_int().filter(|&n| n > 0 && !amounts.contains(&n))
            {
                amounts.push(n);
            }
        }
        for amount in amounts {
            let end = start as i64 + amount;
            let to = if end as usize <= cells.len() { cells.get(end as usize - 1).copied() } else { None };
            if to.is_none() && (from.is_none() || !play.exits) {
                continue;
            }
            let on_to = to.and_then(|to| state.piece(to));
            let target = match on_to {
                None if to.is_some() && !play.action.destination.allows_empty() => continue,
                None => None,
                Some(other) if self.stacks_onto(piece, &other) => {
                    if !play.action.destination.allows_friend() {
                        continue;
                    }
                    None
                }
                Some(other) => {
                    if !play.action.destination.allows_enemy() || !self.is_enemy(play.seat, &other) {
                        continue;
                    }
                    Some(other)
                }
            };
            let ctx = Ctx { to, target, choice: Some(amount), ..*ctx };
            let capture = self.game.capture.allowed.as_ref().filter(|_| target.is_some());
            if capture.is_some_and(|allowed| !self.holds(state, &ctx, allowed)) || !filters_hold(&ctx) {
                continue;
            }
            let kind = MoveKind::Action(play.id);
            let piece = if from.is_none() { Some(piece.kind) } else { None };
            moves.push(Move {
                kind,
                from,
                to,
                piece,
                choice: amount as i32,
                path: Path::NONE,
                tail: Part::NONE,
            });
        }
    }

    /// The moves, of those given, that begin a best completion of the turn by the preference.
    pub(super) fn reference_preferred(
        &self,
        state: &State,
        preference: &Preference,
        moves: Vec<Move>,
    ) -> Vec<Move> {
        let mut seen = Searched { worths: HashMap::new(), budget: MAX_PREFER_POSITIONS };
        let worths: Vec<(u32, i64)> =
            moves.iter().map(|&mv| self.reference_completion(state, mv, preference, &mut seen)).collect();
        let best = worths.iter().max().copied();
        moves.into_iter().zip(worths).filter(|&(_, worth)| Some(worth) == best).map(|(mv, _)| mv).collect()
    }

    /// The most actions, then the highest sum of the preference's term, of a completion of the
    /// turn that begins with `mv`.
    fn reference_completion(
        &self,
        state: &State,
        mv: Move,
        preference: &Preference,
        seen: &mut Searched,
    ) -> (u32, i64) {
        if !matches!(mv.kind, MoveKind::Action(_)) {
            return (0, 0);
        }
        let ctx = self.move_context(state, mv);
        let term =
            preference.then_most.as_ref().map_or(0, |t| self.eval(state, &ctx, t).as_int().unwrap_or(0));
        // Past the search's limit a move ends the turn, as the engine's search has it.
        if seen.budget == 0 {
            return (1, term);
        }
        seen.budget -= 1;
        let after = self.reference_apply_move(state, mv);
        if after.result.is_some()
            || !after.pending.is_empty()
            || after.turns != state.turns
            || after.phase != state.phase
        {
            return (1, term);
        }
        let rest = match seen.worths.get(&after) {
            Some(&worth) => worth,
            None => {
                let moves = self.reference_unpreferred_moves(&after);
                let worth =
                    moves.iter().map(|&m| self.reference_completion(&after, m, preference, seen)).max();
                let worth = worth.unwrap_or((0, 0));
                seen.worths.insert(after, worth);
                worth
            }
        };
        (rest.0 + 1, rest.1 + term)
    }
}
