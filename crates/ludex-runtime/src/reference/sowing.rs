//! Sowings written plainly: every cell of the region holding a piece, its pieces counted and
//! dealt one by one round the seat's cells of the track that take one, from the cell after the
//! one sown from.

use ludex_ir::{ActionId, CellId, CellSet, Expr, SeatId, Track};

use crate::eval::{Ctx, PieceSlot};
use crate::state::State;
use crate::value::Value;
use crate::{Engine, Move, MoveKind};

/// A sowing action for a seat: its region (the seat's), track and `skipping`.
#[derive(Clone, Copy)]
pub(super) struct Sowing<'a> {
    pub id: ActionId,
    pub seat: SeatId,
    pub region: Option<&'a CellSet>,
    pub track: Option<&'a Track>,
    pub skipping: Option<&'a Expr>,
}

impl Engine {
    /// The sowings of the action, where the action's `when` holds before the move and the filters
    /// on the finished move.
    pub(super) fn reference_sowings(
        &self,
        state: &State,
        (base, sowing): (&Ctx, Sowing),
        (when_holds, filters_hold): (impl Fn(&Ctx) -> bool, impl Fn(&Ctx) -> bool),
        moves: &mut Vec<Move>,
    ) {
        let (Some(region), Some(track)) = (sowing.region, sowing.track) else { return };
        let Some(cells) = track.cells.get(sowing.seat as usize) else { return };
        for from in (0..self.game.board.cell_count() as CellId).filter(|&c| region.contains(c)) {
            let ctx = Ctx { piece: PieceSlot::At(from), from: Some(from), ..*base };
            if state.piece(from).is_none() || !when_holds(&ctx) {
                continue;
            }
            let Some(start) = cells.iter().position(|&c| c == from) else { continue };
            let skipped = |cell: CellId| {
                sowing.skipping.is_some_and(|s| self.holds(state, &ctx.with_it(Value::Cell(cell)), s))
            };
            // One lap of the cells that take a piece, in sowing order: every lap is the same.
            let takers: Vec<CellId> = (1..=cells.len())
                .filter_map(|k| cells.get((start + k) % cells.len()).copied())
                .filter(|&c| !skipped(c))
                .collect();
            let count = state.stack(from).count();
            let last = count.checked_sub(1).and_then(|n| takers.get(n % takers.len().max(1)));
            let Some(&to) = last else { continue };
            if filters_hold(&Ctx { to: Some(to), piece: PieceSlot::At(to), ..ctx }) {
                moves.push(Move {
                    from: Some(from),
                    to: Some(to),
                    ..Move::bare(MoveKind::Action(sowing.id))
                });
            }
        }
    }
}
