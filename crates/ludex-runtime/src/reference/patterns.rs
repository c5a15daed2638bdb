//! Where a piece can go by each pattern, plainly: the ends of its steps, slides, leaps and walks
//! from its cell, each with the piece standing there (which the move would capture) and, for a
//! walk that keeps it, the path. Shared by the reference's moves and attacks.

use ludex_ir::{Action, ActionKind, CellId, Expr, Over, SeatId, TrackSource};

use crate::eval::Ctx;
use crate::state::State;
use crate::walk::{RuleForms, WalkEnd, WalkShape};
use crate::{Engine, Path};

impl Engine {
    /// The ends of the action's pattern for the seat's piece on `from` (`ctx` binds the mover, the
    /// piece and `from`), in the pattern's order, an end reached twice listed twice; none for an
    /// action that moves no piece. The destination rule is not applied.
    pub(super) fn reference_ends(
        &self,
        state: &State,
        ctx: &Ctx,
        (action, seat): (&Action, SeatId),
        from: CellId,
    ) -> Vec<WalkEnd> {
        let board = &self.game.board;
        let end = |to: CellId| WalkEnd { to: Some(to), target: state.piece(to), path: Path::NONE };
        match &action.kind {
            ActionKind::Step { directions } => {
                of_seat(directions, seat).iter().filter_map(|&d| board.neighbour(from, d)).map(end).collect()
            }
            ActionKind::Slide { directions, max } => {
                // Up to `max` steps (the whole board without one) through empty cells; the first
                // occupied cell is the last.
                let limit =
                    max.as_ref().map_or(board.cell_count(), |max| self.reference_count(state, ctx, max));
                let mut ends = Vec::new();
                for &direction in of_seat(directions, seat) {
                    let mut cell = from;
                    for _ in 0..limit {
                        let Some(next) = board.neighbour(cell, direction) else { break };
                        ends.push(end(next));
                        if state.piece(next).is_some() {
                            break;
                        }
                        cell = next;
                    }
                }
                ends
            }
            ActionKind::Leap { paths } => {
                // The last cell of the path, every cell on the way on the board; never the start.
                let last = |path: &Vec<_>| path.iter().try_fold(from, |cell, &d| board.neighbour(cell, d));
                of_seat(paths, seat).iter().filter_map(last).filter(|&to| to != from).map(end).collect()
            }
            ActionKind::Walk { directions, length, exact, rules } => {
                let length = self.reference_count(state, ctx, length);
                let shape = WalkShape::of(of_seat(directions, seat), length, *exact, rules);
                self.with_walk_ends(state, ctx, from, (shape, rules, RuleForms::Written), <[WalkEnd]>::to_vec)
            }
            ActionKind::SlideExactly { lines, over } => {
                // In each direction, the cell exactly that far; every cell before it empty or one
                // `over` lets the slide pass; a distance that is no number, below 1 or longer than
                // any line is no move.
                let mut ends = Vec::new();
                for (direction, distance) in of_seat(lines, seat) {
                    let Some(distance) = self.eval(state, ctx, distance).as_int() else { continue };
                    let Ok(steps) = usize::try_from(distance) else { continue };
                    if steps == 0 || steps > board.cell_count() {
                        continue;
                    }
                    let mut cell = Some(from);
                    for passed in 1..=steps {
                        cell = cell.and_then(|c| board.neighbour(c, *direction));
                        if passed < steps
                            && cell.is_some_and(|c| !self.reference_may_pass(state, seat, c, *over))
                        {
                            cell = None;
                        }
                    }
                    ends.extend(cell.map(end));
                }
                ends
            }
            // Every cell of the board in the seat's region, but the start.
            ActionKind::Anywhere { cells } => (0..board.cell_count())
                .filter_map(|cell| CellId::try_from(cell).ok())
                .filter(|&to| to != from && cells.get(seat as usize).is_some_and(|cells| cells.contains(to)))
                .map(end)
                .collect(),
            // Hops end where their chains do (`reference::hops`).
            ActionKind::Hop { .. }
            | ActionKind::Drop { .. }
            | ActionKind::Choose { .. }
            | ActionKind::Declare
            | ActionKind::Place { .. }
            | ActionKind::Remove { .. }
            | ActionKind::Sow { .. }
            | ActionKind::Along { source: TrackSource::Reserve, .. } => Vec::new(),
            // The cells that many places further along the seat's version of the track.
            ActionKind::Along { track, amounts, source: TrackSource::Board, .. } => {
                let cells = self.game.tracks.get(*track as usize).and_then(|t| t.cells.get(seat as usize));
                let cells = cells.map_or(&[][..], Vec::as_slice);
                let Some(start) = cells.iter().position(|&c| c == from) else { return Vec::new() };
                let amounts = amounts.iter().filter_map(|e| self.eval(state, ctx, e).as_int());
                let ends = amounts.filter(|&n| n > 0).filter_map(|n| cells.get(start + n as usize).copied());
                ends.map(end).collect()
            }
        }
    }

    /// Whether a slide of the seat may pass over the cell: empty, or holding a piece `over` names
    /// (an enemy's is one the seat may capture; any other is a friend's).
    fn reference_may_pass(&self, state: &State, seat: SeatId, cell: CellId, over: Over) -> bool {
        let Some(piece) = state.piece(cell) else { return true };
        let enemy = self.is_enemy(seat, &piece);
        match over {
            Over::Empty => false,
            Over::Enemy => enemy,
            Over::Friend => !enemy,
            Over::Occupied | Over::Any => true,
        }
    }

    /// A walk's length or a slide's most steps: anything but a number is 0, and no count is more
    /// than the board's cells.
    fn reference_count(&self, state: &State, ctx: &Ctx, count: &Expr) -> usize {
        let count = self.eval(state, ctx, count).as_int().unwrap_or(0);
        count.clamp(0, self.game.board.cell_count() as i64) as usize
    }
}

/// A seat's entry of a per-seat list (none for a seat the list does not have).
fn of_seat<T>(lists: &[Vec<T>], seat: SeatId) -> &[T] {
    lists.get(seat as usize).map_or(&[], Vec::as_slice)
}
