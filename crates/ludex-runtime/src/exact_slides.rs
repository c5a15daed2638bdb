//! Slides of exactly so many cells (`slide DIRS exactly EXPR [over WHAT]`): where the piece lands
//! in each direction, and whether one lands on a cell `attacked` asks about. The distance is
//! evaluated for each direction (the checker lowered it once per direction); the cells passed
//! over must be empty or hold what `over` lets the slide pass, and the landing cell is offered to
//! the destination rule like any piece move's. The reference implementation walks the same lines
//! plainly (`reference::patterns`).

use ludex_ir::{Allegiance, CellId, DirId, Expr, Over, SeatId};

use super::Engine;
use super::eval::Ctx;
use super::state::State;

impl Engine {
    /// The cells a slide of exactly so many cells from `from` lands on, one per direction of the
    /// seat's `lines` whose distance is at least 1 and whose passed cells `over` allows.
    pub(crate) fn exact_slide_ends<'e>(
        &'e self,
        (state, ctx): (&'e State, &'e Ctx<'e>),
        (lines, over): (&'e [(DirId, Expr)], Over),
        from: CellId,
    ) -> impl Iterator<Item = CellId> + 'e {
        let seat = ctx.mover;
        lines.iter().filter_map(move |(direction, distance)| {
            let distance = self.eval(state, ctx, distance).as_int()?;
            let cells = self.game.board.cell_count();
            let steps = usize::try_from(distance).ok().filter(|&n| (1..=cells).contains(&n))?;
            let mut cells = self.ray(from, *direction);
            let passed =
                cells.by_ref().take(steps - 1).all(|cell| self.slide_passes(state, seat, cell, over));
            passed.then(|| cells.next()).flatten()
        })
    }

    /// Whether the attacker's slide of exactly so many cells from `from` lands on `cell`, which
    /// lies `steps` cells away in `direction` past cells the slide may pass (the caller walked
    /// them): its distance that way, evaluated before the move, is exactly `steps`.
    pub(crate) fn exact_slide_lands(
        &self,
        state: &State,
        before: &Ctx,
        distance: &Expr,
        steps: usize,
    ) -> bool {
        let distance = self.eval(state, before, distance).as_int();
        distance.is_some_and(|d| usize::try_from(d).is_ok_and(|d| d == steps))
    }

    /// Whether a slide of the seat may pass over the cell.
    pub(crate) fn slide_passes(&self, state: &State, seat: Option<SeatId>, cell: CellId, over: Over) -> bool {
        let allegiance = state.piece(cell).map(|piece| match seat {
            Some(seat) if self.is_enemy(seat, &piece) => Allegiance::Enemy,
            Some(_) | None => Allegiance::Friend,
        });
        over.lets_slide_pass(allegiance)
    }
}
