//! Tracks: where a move along the mover's track by each of its amounts ends (`along`, `enter`),
//! shared by move generation, `attacked` and the reference.

use std::ops::ControlFlow;

use ludex_ir::{CellId, Expr, SeatId, Track};

use super::Engine;
use super::eval::Ctx;
use super::state::State;

/// Where a move along a track ends: on a cell of the track, or past its end (off the board).
pub(crate) type TrackEnd = Option<CellId>;

impl Engine {
    /// Visits, for each distinct positive amount (in the order written), where the seat's piece on
    /// `from` (`None`: a piece entering from the reserve, before the first cell) ends when it moves
    /// that many cells along the seat's version of the track. A piece off the track has no move.
    pub(crate) fn along_ends(
        &self,
        state: &State,
        ctx: &Ctx,
        (track, seat): (&Track, SeatId),
        from: Option<CellId>,
        amounts: &[Expr],
        mut visit: impl FnMut(i64, TrackEnd) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let start = match from {
            None => 0,
            Some(cell) => match track.position(seat, cell) {
                Some(position) => position,
                None => return ControlFlow::Continue(()),
            },
        };
        let amount = |e: &Expr| self.eval(state, ctx, e).as_int().filter(|&n| n > 0);
        for (index, expr) in amounts.iter().enumerate() {
            let Some(n) = amount(expr) else { continue };
            if amounts.iter().take(index).any(|earlier| amount(earlier) == Some(n)) {
                continue;
            }
            let end = usize::try_from(n).ok().and_then(|n| start.checked_add(n)).unwrap_or(usize::MAX);
            let cell = if end <= track.len(seat) { track.cell_at(seat, end) } else { None };
            visit(n, cell)?;
        }
        ControlFlow::Continue(())
    }
}
